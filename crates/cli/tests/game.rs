//! `gridnote game`: replaying and checking OpenTafl game records.

fn run(args: &[&str], stdin: &[u8]) -> (u8, String, String) {
    let mut out = Vec::new();
    let mut err = Vec::new();
    let argv = std::iter::once("gridnote").chain(args.iter().copied()).map(Into::into);
    let status = gridnote_cli::run(argv, &mut &stdin[..], &mut out, &mut err);
    (status, String::from_utf8(out).unwrap(), String::from_utf8(err).unwrap())
}

/// A 3x3 game: the king in the middle, one attacker in a corner, one defender.
const GAME: &str =
    "[rules:dim:3 name:Tiny start:/t2/1K1/2T/]\n\n1. a1-a2 c3-b3\n2. a2-a1\n1a.1.1a. a1-b1 b2-c2\n";

#[test]
fn every_ply_of_the_main_line() {
    let (status, out, err) = run(&["game", "-"], GAME.as_bytes());
    assert_eq!((status, err.as_str()), (0, ""));
    // Rank 1 first: a1-a2 takes the attacker up beside the king, c3-b3 the defender left,
    // a2-a1 the attacker back.
    assert_eq!(out, "/3/tK1/2T/\n/3/tK1/1T1/\n/t2/1K1/1T1/\n");
}

#[test]
fn the_final_position_in_another_format() {
    let (status, out, err) = run(&["game", "--final", "--to", "TSN", "-"], GAME.as_bytes());
    assert_eq!((status, err.as_str()), (0, ""));
    // Rank 1 first in OTN, bottom row first in TSN too: the attacker back on a1.
    assert_eq!(out, "3 4 a2/1k1/1d1 a 1 0\n");
}

#[test]
fn a_variation_by_its_address() {
    let (status, out, _) = run(&["game", "--line", "1a.1", "-"], GAME.as_bytes());
    assert_eq!(status, 0);
    assert_eq!(out, "/1t1/1K1/2T/\n/1t1/2K/2T/\n");
    // With the trailing dot the files use, too.
    assert_eq!(run(&["game", "--line", "1a.1.", "-"], GAME.as_bytes()).1, out);
}

#[test]
fn check_replays_every_line() {
    let (status, out, err) = run(&["game", "--check", "-"], GAME.as_bytes());
    assert_eq!((status, err.as_str()), (0, ""));
    assert_eq!(out, "-: ok (2 line(s), 5 plies)\n");
}

#[test]
fn a_bad_move_names_turn_line_column_and_nothing_is_printed() {
    let text = "[rules:dim:3 start:/t2/1K1/3/]\n\n1. a1-a2 c1-c2\n2. b1-b3\n";
    let (status, out, err) = run(&["game", "-"], text.as_bytes());
    assert_eq!(status, 1);
    assert_eq!(out, "");
    assert_eq!(
        err,
        "-:3:10: error: turn 1. (line 3, column 10) `c1-c2`: the start square c1 is empty\n  | 1. a1-a2 c1-c2\n  |          ^^^^^\n"
    );
    let (status, out, err) = run(&["game", "--check", "-"], text.as_bytes());
    assert_eq!((status, out.as_str()), (1, ""));
    assert!(err.starts_with("-:3:10: error: line main: turn 1."), "{err}");
    assert!(err.ends_with("-: 1 of 1 line(s) cannot be replayed\n"), "{err}");
}

#[test]
fn a_syntax_error_is_spanned() {
    let (status, out, err) =
        run(&["game", "-"], b"[rules:dim:3 start:/3/3/3/]\n\n1. a1-a2 b2-b3 c1-c2\n");
    assert_eq!((status, out.as_str()), (1, ""));
    assert_eq!(
        err,
        "-:3:16: error: turn 1.: a turn holds at most two moves\n  | 1. a1-a2 b2-b3 c1-c2\n  |                ^^^^^\n"
    );
}

#[test]
fn usage_errors_come_before_reading() {
    let (status, _, err) = run(&["game", "--line", "x", "-"], b"");
    assert_eq!(status, 2);
    assert!(err.starts_with("error: --line \"x\":"), "{err}");
    let (status, _, err) = run(&["game", "no-such-file.otg"], b"");
    assert_eq!(status, 2);
    assert!(err.starts_with("error: cannot open game file `no-such-file.otg`"), "{err}");
    let (status, _, err) = run(&["game", "--line", "9a.1", "-"], GAME.as_bytes());
    assert_eq!(status, 1);
    assert_eq!(err, "error: -: the game has no line 9a.1; its lines are main, 1a.1\n");
}

#[test]
fn a_position_that_cannot_be_converted_fails_whole() {
    // T3EN has no king.
    let (status, out, err) = run(&["game", "--to", "t3en", "-"], GAME.as_bytes());
    assert_eq!((status, out.as_str()), (1, ""));
    assert!(err.starts_with("error: -: turn 1. `a1-a2`: the position /3/tK1/2T/ as t3en: cannot write t3en: the king at b2"), "{err}");
}

#[test]
fn the_fixture_games_replay() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/otn/valid");
    let mut games = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "otg") {
            let (status, out, err) = run(&["game", "--check", path.to_str().unwrap()], b"");
            assert_eq!(status, 0, "{}: {err}", path.display());
            assert!(out.contains(": ok ("), "{out}");
            games += 1;
        }
    }
    assert!(games >= 5, "{games}");
}
