//! `gridnote game` on a hnefatafl.org-style server's game records (fixtures/game-json/,
//! written by the server itself): replayed and checked as `.otg`s, converted to `.otg`
//! and back with notes.

use crate::support::run;

fn fixture(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/game-json")
        .join(name);
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn every_server_record_checks_clean() {
    for (name, plies) in [
        ("7x7-start.json", 0),
        ("7x7-timed.json", 2),
        ("copenhagen-11-start.json", 0),
        ("copenhagen-11-timed.json", 4),
        ("copenhagen-13-untimed.json", 3),
    ] {
        let (status, out, err) = run(&["game", "--check", "-"], fixture(name).as_bytes());
        assert_eq!((status, err.as_str()), (0, ""), "{name}");
        assert_eq!(
            out,
            format!(
                "- (as .otg): ok (1 line(s), {plies} plies; the main line ends: the game goes on)\n"
            ),
            "{name}"
        );
    }
}

#[test]
fn a_server_record_replays_ply_by_ply() {
    let (status, out, err) =
        run(&["game", "--to", "tsn", "-"], fixture("7x7-timed.json").as_bytes());
    assert_eq!((status, err.as_str()), (0, ""));
    // The defenders first on 7x7: d3-b3, then the attackers' a4-a2.
    // TSN's rows bottom first: the defender to b3, then the attacker from a4 to a2.
    assert_eq!(
        out,
        "7 4 3a3/3a3/1d5/aadkdaa/3d3/3a3/3a3 a 2 1\n7 4 3a3/a2a3/1d5/1adkdaa/3d3/3a3/3a3 d 3 2\n"
    );
}

#[test]
fn to_otg_and_back_with_the_chat_noted() {
    let json = fixture("copenhagen-11-timed.json");
    let (status, otg, err) = run(&["game", "--to", "otg", "-"], json.as_bytes());
    assert_eq!(status, 0);
    assert_eq!(err, "note: -: dropped messages: 2 chat messages (a .otg has no chat)\n");
    assert_eq!(
        otg,
        "[attackers:player-1]\n[defenders:player-2]\n[game-id:0]\n[rated:yes]\n\
         [time-control:900+10]\n[time-remaining:918798 918193 2026-11-29T03:56:56.552Z]\n\
         [rules:dim:11 name:Copenhagen atkf:y tfr:w sw:s efe:y \
         start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/]\n\
         \n1. d1-d3 e5-e2\n\n2. d3-d2xe2 f8-c8\n"
    );
    let (status, back, err) = run(&["game", "--to", "game-json", "-"], otg.as_bytes());
    assert_eq!((status, err.as_str()), (0, ""));
    let without_chat =
        json.split(",\"messages\":").next().unwrap().to_owned() + ",\"messages\":[]}\n";
    assert_eq!(back, without_chat);
    // A server record written as one is written as it was read.
    let (status, same, err) = run(&["game", "--to", "game-json", "-"], json.as_bytes());
    assert_eq!((status, same, err.as_str()), (0, json.clone(), ""));
    let (status, _, err) = run(&["game", "--to", "otg", "--quiet", "-"], json.as_bytes());
    assert_eq!((status, err.as_str()), (0, ""));
}

#[test]
fn an_otg_as_a_server_record_notes_what_it_drops() {
    let otg = "[event:Club night]\n[rules:dim:11 name:Copenhagen atkf:y tfr:w sw:s efe:y \
               start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/]\n\
               \n1. d1-d3 e5-e2\n[a comment]\n1a.1.1a. d1-d2\n";
    let (status, out, err) = run(&["game", "--to", "game-json", "-"], otg.as_bytes());
    assert_eq!(status, 0);
    assert_eq!(
        out,
        "{\"id\":0,\"attackers\":\"\",\"defenders\":\"\",\"dim\":11,\"start\":\"/3AAAAA3/5A5/11/A4D4A/A3DDD3A/AA1DDKDD1AA/A3DDD3A/A4D4A/11/5A5/3AAAAA3/\",\"time_control\":null,\"time_remaining_ms\":null,\"moves\":\"d1-d3 e5-e2\",\"rated\":true,\"messages\":[]}\n"
    );
    assert_eq!(
        err,
        "note: -: dropped variations: 1 variation(s)\n\
         note: -: dropped comments: 1 turn's commentary\n\
         note: -: dropped tag: [event:Club night]\n\
         note: -: derived attackers: no name (no attackers tag)\n\
         note: -: derived defenders: no name (no defenders tag)\n\
         note: -: derived id: 0 (no game-id tag)\n\
         note: -: derived rated: true (no rated tag)\n"
    );
}

#[test]
fn bad_records_and_options_are_refused() {
    let json = fixture("copenhagen-11-timed.json").replace("f8-c8", "f8-c8x");
    let (status, out, err) = run(&["game", "--check", "-"], json.as_bytes());
    assert_eq!((status, out.as_str()), (1, ""));
    let column = json.find("c8x").unwrap() + 4;
    assert!(
        err.starts_with(&format!("-:1:{column}: error: `moves` (move 4): expected a square on the board (a file letter and a rank, such as d1), found `\"`\n")),
        "{err}"
    );
    // An illegal move: the error points into the .otg the record converts to.
    let json = fixture("copenhagen-11-timed.json").replace("f8-c8", "f8-f11");
    let (status, _, err) = run(&["game", "--check", "-"], json.as_bytes());
    assert_eq!(status, 1);
    assert!(err.starts_with("- (as .otg):11:13: error: line main: turn 2. `f8-f11`: "), "{err}");
    let (status, _, err) =
        run(&["game", "--to", "otg", "--final", "-"], fixture("7x7-timed.json").as_bytes());
    assert_eq!(
        (status, err.as_str()),
        (
            2,
            "error: --to otg and --to game-json write the whole record: --final and --line are for positions\n"
        )
    );
    let (status, _, err) = run(&["game", "--to", "otg", "-"], b"h8i9j10");
    assert_eq!(
        (status, err.as_str()),
        (2, "error: --to otg and --to game-json are for tafl records\n")
    );
}
