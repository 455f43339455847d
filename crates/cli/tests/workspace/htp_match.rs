//! `gridnote match --protocol htp` through the binary: gridnote's HTP engine against
//! itself, a whole Copenhagen game, and the options HTP does not take.

use std::process::Command;

use crate::support;

#[test]
fn gridnote_htp_plays_itself_to_the_end_of_a_recorded_game() {
    let gridnote = env!("CARGO_BIN_EXE_gridnote");
    let engine = format!("{gridnote} htp --table-mib 4 --move-time 20");
    let dir = support::scratch_dir("htp-match");
    let out = Command::new(gridnote)
        .args(["match", &engine, &engine, "--protocol", "htp", "--games", "1"])
        .args(["--tc", "st=2", "--json", "--records"])
        .arg(&dir)
        .output()
        .expect("runs");
    let (summary, stdout) = support::match_summary(out);
    assert_eq!(summary["games"], 1);
    assert_eq!(summary["forfeits"].as_array().map(Vec::len), Some(0), "{stdout}");
    let record = std::fs::read_to_string(dir.join("game-0001.otg")).expect("a record");
    assert!(record.contains("[rules:dim:11 name:Copenhagen "), "{record}");
    assert!(record.contains("[time-control:st=2]\n"), "{record}");
    // The record ends where the game ended: by the rules, or drawn at 142 plies.
    let plies: usize = record
        .lines()
        .skip_while(|l| !l.is_empty())
        .skip(1)
        .map(|l| l.split_whitespace().count() - 1)
        .sum();
    assert!((1..=142).contains(&plies), "{record}");
    assert!(
        record.contains("win: ") || record.contains("[termination:drawn after 142 plies]"),
        "{record}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn options_htp_does_not_take_are_usage_errors() {
    let cases: [(&[&str], &str); 4] = [
        (
            &["--rules", "brandubh"],
            "error: --rules brandubh: HTP engines play Copenhagen hnefatafl on 11x11",
        ),
        (
            &["--openings", "x.txt"],
            "error: --openings x.txt: HTP sets a game up only by plays from the start",
        ),
        (
            &["--protocol-a", "st3p"],
            "error: --protocol-a and --protocol-b are for m,n,k games (st3p, gomocup); HTP engines play tafl with --protocol htp",
        ),
        (&["--tc", "10+0.1"], "error: HTP's clock is whole minutes and whole seconds a move"),
    ];
    for (args, expected) in cases {
        let out = Command::new(env!("CARGO_BIN_EXE_gridnote"))
            .args(["match", "a", "b", "--protocol", "htp"])
            .args(args)
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).expect("UTF-8");
        assert!(err.starts_with(expected), "{args:?}: {err}");
    }
}
