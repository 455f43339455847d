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

#[test]
fn numeric_options_are_bounded_with_a_usage_error_naming_the_range() {
    for (flag, value, range) in [
        ("--games", "4294967296", "1..=1000000"),
        ("--games", "0", "1..=1000000"),
        ("--jobs", "0", "1..=256"),
        ("--jobs", "100000", "1..=256"),
        ("--margin-ms", "99999999", "0..=60000"),
        ("--random-plies", "18446744073709551616", "0..=1000"),
    ] {
        let (status, out, err) = run(&["match", "a", "b", flag, value]);
        assert_eq!((status, out.as_str()), (2, ""), "{flag} {value}: {err}");
        assert!(err.contains(range) || err.contains("invalid"), "{flag} {value}: {err}");
        assert!(err.contains(flag), "{flag} {value}: {err}");
    }
    for (command, flag, value) in [
        ("otep", "--table-mib", "100000"),
        ("otep", "--move-time", "0"),
        ("st3p", "--table-mib", "0"),
    ] {
        let (status, _, err) = run(&[command, flag, value]);
        assert_eq!(status, 2, "{command} {flag} {value}: {err}");
        assert!(err.contains(flag), "{err}");
    }
}

/// A scratch folder of its own for one test.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("gridnote-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn a_records_folder_that_holds_files_is_refused_unless_forced() {
    let engine = format!("{} st3p", gridnote());
    let dir = scratch("records-refused");
    std::fs::create_dir_all(&dir).expect("made");
    std::fs::write(dir.join("game-0007.txt"), "an earlier run").expect("written");
    let records = dir.to_str().expect("UTF-8 path");
    let (status, out, err) = run(&["match", &engine, &engine, "--records", records]);
    assert_eq!((status, out.as_str()), (2, ""), "{err}");
    assert_eq!(
        err,
        format!(
            "error: --records {records} already holds 1 file(s) (game-0007.txt): give a new or empty folder, or --force to write into it\n"
        )
    );
    let (status, _, err) =
        run(&["match", &engine, &engine, "--tc", "st=0.2", "--records", records, "--force"]);
    assert_eq!(status, 0, "{err}");
    assert_eq!(err, format!("records: 2 written in {records} (game-0001.txt to game-0002.txt)\n"));
    assert!(dir.join("game-0002.txt").is_file());
    // A file is not a folder.
    let file = dir.join("game-0001.txt");
    let (status, _, err) = run(&["match", &engine, &engine, "--records", file.to_str().unwrap()]);
    assert_eq!(status, 2);
    assert_eq!(
        err,
        format!(
            "error: --records {} is a file: give a folder (it is made when missing)\n",
            file.display()
        )
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_engine_that_cannot_start_ends_the_match_with_status_1() {
    let engine = format!("{} st3p", gridnote());
    let (status, out, err) =
        run(&["match", &engine, "gridnote-no-such-engine", "--games", "1000", "--json"]);
    assert_eq!(status, 1, "{err}");
    let summary: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON object");
    // The first game tells: no other game is started.
    assert_eq!(summary["games"], 1);
    assert!(
        err.starts_with("error: engine b (`gridnote-no-such-engine`) could not be started: the engine exited with status 127"),
        "{err}"
    );
}

#[test]
fn openings_lists_skip_a_bom_and_refuse_a_finished_game() {
    let engine = format!("{} st3p", gridnote());
    let dir = scratch("openings");
    std::fs::create_dir_all(&dir).expect("made");
    let list = dir.join("openings.txt");
    std::fs::write(&list, "\u{feff}3_/_x_/3_ o\n").expect("written");
    let list_arg = list.to_str().expect("UTF-8 path");
    let (status, out, err) =
        run(&["match", &engine, &engine, "--tc", "st=0.2", "--openings", list_arg]);
    assert_eq!(status, 0, "{err}");
    assert!(out.starts_with("game    1  first a  a-b 1/2-1/2    8 plies"), "{out}");
    std::fs::write(&list, "3_/_x_/3_ o\nxxx/oo_/3_ o\n").expect("written");
    let (status, _, err) = run(&["match", &engine, &engine, "--openings", list_arg]);
    assert_eq!(status, 2);
    assert_eq!(err, "error: openings line 2: the game is over in this position\n");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn each_game_is_printed_as_it_ends_and_an_interrupt_keeps_what_was_finished() {
    use std::io::{BufRead, BufReader};
    let engine = format!("{} st3p", gridnote());
    let dir = scratch("interrupted");
    let mut child = Command::new(gridnote())
        .args(["match", &engine, &engine, "--games", "1000", "--tc", "st=0.2", "--records"])
        .arg(&dir)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("runs");
    // Standard output is a pipe: the first game's line comes as the game ends, long
    // before the match does.
    let mut lines = BufReader::new(child.stdout.take().expect("piped"));
    let mut first = String::new();
    lines.read_line(&mut first).expect("a line");
    assert!(first.starts_with("game    1  first a  a-b 1/2-1/2    9 plies"), "{first}");
    let interrupted = Command::new("kill").arg("-INT").arg(child.id().to_string()).status();
    assert!(interrupted.expect("kill runs").success());
    let status = child.wait().expect("ends");
    assert!(!status.success());
    // Every game printed has its record.
    let mut printed = vec![first];
    printed.extend(lines.lines().map_while(Result::ok));
    assert!(printed.len() < 1000, "{} games", printed.len());
    for line in &printed {
        let number: usize = line[5..9].trim().parse().expect("a game number");
        assert!(dir.join(format!("game-{number:04}.txt")).is_file(), "{line}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
