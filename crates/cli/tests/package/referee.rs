//! `gridnote match` through the binary: gridnote's own ST3P engine against itself, and
//! against a scripted engine that crashes, with records and the JSON summary.

use std::process::Command;

fn gridnote() -> &'static str {
    env!("CARGO_BIN_EXE_gridnote")
}

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(gridnote()).args(args).output().expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).expect("UTF-8"),
        String::from_utf8(out.stderr).expect("UTF-8"),
    )
}

#[test]
fn perfect_engines_draw_every_game_of_tic_tac_toe_and_every_record_is_kept() {
    let engine = format!("{} st3p", gridnote());
    let dir = std::env::temp_dir().join(format!("gridnote-match-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let (status, out, err) = run(&[
        "match",
        &engine,
        &engine,
        "--games",
        "4",
        "--tc",
        "st=0.2",
        "--jobs",
        "2",
        "--records",
        dir.to_str().expect("UTF-8 path"),
    ]);
    assert_eq!(status, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4 + 4, "{out}");
    // Games are listed as they end; with two at once the order may vary.
    let mut table = lines[..4].to_vec();
    table.sort_unstable();
    for (i, line) in table.iter().enumerate() {
        let first = if i % 2 == 0 { 'a' } else { 'b' };
        assert_eq!(
            *line,
            format!("game    {}  first {first}  a-b 1/2-1/2    9 plies  the board is full", i + 1)
        );
    }
    assert_eq!(
        lines[4..],
        [
            "Score of a vs b: 0 - 0 - 4  [0.500] 4",
            "95% interval of the score: [0.500, 0.500]",
            "Elo difference: +0.0 +/- 0.0",
            "Forfeits: 0",
        ]
    );
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .expect("records written")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    assert_eq!(files, ["game-0001.txt", "game-0002.txt", "game-0003.txt", "game-0004.txt"]);
    let record = std::fs::read_to_string(dir.join("game-0003.txt")).expect("readable");
    assert!(record.starts_with("[Event \"gridnote match\"]\n[Game \"3\"]\n"), "{record}");
    assert!(record.ends_with("\n1/2-1/2\n"), "{record}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_crashing_engine_forfeits_in_the_json_summary() {
    let engine = format!("{} st3p", gridnote());
    let crasher = "sh -c \"read v; echo 'st3p version 1 ok'; read m; exit 7\"";
    let (status, out, err) =
        run(&["match", &engine, crasher, "--games", "2", "--tc", "st=0.2", "--json"]);
    assert_eq!(status, 0, "{err}");
    let summary: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON object");
    assert_eq!(summary["games"], 2);
    assert_eq!(summary["a_wins"], 2);
    assert_eq!(summary["draws"], 0);
    assert_eq!(summary["b_wins"], 0);
    assert_eq!(summary["score"], 1.0);
    assert_eq!(summary["elo"], serde_json::Value::Null);
    let forfeits = summary["forfeits"].as_array().expect("a list");
    assert_eq!(forfeits.len(), 2);
    assert_eq!(forfeits[0]["game"], 1);
    assert_eq!(forfeits[0]["engine"], "b");
    assert_eq!(forfeits[0]["reason"], "crashed: the engine exited with status 7");
}

#[test]
fn a_bad_board_is_a_usage_error() {
    let (status, _, err) = run(&["match", "a", "b", "--board", "3x3k4"]);
    assert_eq!(status, 2);
    assert!(err.contains("`3x3k4` is not a board: expected MxNkK"), "{err}");
}
