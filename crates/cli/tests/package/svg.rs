//! `gridnote show --svg` (issue 17): pictures on standard output or one file per input in
//! `--out-dir`, and clear errors for bad picture flags.

use std::path::PathBuf;

use crate::support::run;

/// A fresh empty directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gridnote-svg-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

const TAFL: &str =
    "11 12 3aaaaa3/5a5/B/a4d4a/a3ddd3a/aa1ddkdd1aa/a3ddd3a/a4d4a/B/5a5/3aaaaa3 a 1 0";

#[test]
fn one_picture_on_standard_output() {
    let (status, out, err) = run(&["show", "--svg", "--size", "400", "x2o/_x_/2_x o"], b"");
    assert_eq!((status, err.as_str()), (0, ""));
    assert!(out.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""), "{out}");
    assert!(out.contains(" width=\"400\" height=\"400\" viewBox=\"0 0 160 160\">"), "{out}");
    assert!(out.contains("<title>x2o/_x_/2_x o</title>\n<desc>Player Two to move</desc>"));
    assert!(out.ends_with("</svg>\n"));
    assert_eq!(out.matches("<svg").count(), 1);
    // The same input gives the same bytes.
    assert_eq!(run(&["show", "--svg", "--size", "400", "x2o/_x_/2_x o"], b"").1, out);
}

#[test]
fn plain_show_stays_text() {
    let (status, out, _) = run(&["show", "x2o/_x_/2_x o"], b"");
    assert_eq!(status, 0);
    assert!(out.contains("3 x o o\n2 _ x _\n1 _ _ x\n  a b c\n"), "{out}");
}

#[test]
fn the_picture_flags() {
    let (status, out, err) = run(
        &[
            "show",
            "--svg",
            "--no-coordinates",
            "--flip",
            "--theme",
            "high-contrast",
            "--highlight",
            "a2,b1",
            "--highlight",
            "c2",
            "--arrow",
            "a1-c3",
            "--arrow",
            "b2-b2",
            "--last-move",
            "c1",
            "--rules",
            "tic-tac-toe",
            "x2o/_x_/2_x o",
        ],
        b"",
    );
    assert_eq!((status, err.as_str()), (0, ""));
    assert!(!out.contains("<text"), "{out}");
    assert!(out.contains("stroke=\"#0000c8\""), "{out}");
    assert_eq!(out.matches("<rect class=\"fill\"").count(), 3);
    assert_eq!(out.matches("class=\"arrow\"").count(), 2);
    assert!(out.contains("<path class=\"last-move\" d=\"M4 4h40v40h-40z\""), "{out}");
    assert!(out.contains("tic-tac-toe: won by Player One, line a3 b2 c1</desc>"), "{out}");
    assert!(out.contains("<path class=\"win\""), "{out}");
}

#[test]
fn tafl_positions_get_stones_and_squares() {
    let (status, out, err) = run(&["show", "--svg", "--size", "400", TAFL], b"");
    assert_eq!((status, err.as_str()), (0, ""));
    assert!(out.contains(" width=\"400\" height=\"400\" viewBox=\"0 0 480 480\""), "{out}");
    assert!(out.contains("<circle id=\"dark\""));
    assert!(out.contains("<g id=\"king-light\""));
    assert!(out.contains("<path class=\"special\""));
    assert_eq!(out.matches("<use ").count(), 37);
}

#[test]
fn cells_off_the_board_fail_that_input() {
    let (status, out, err) = run(&["show", "--svg", "--highlight", "d4", "x2o/_x_/2_x o"], b"");
    assert_eq!((status, out.as_str()), (1, ""));
    assert!(
        err.starts_with("error: argument 1: --highlight: cell d4 is off the 3x3 board\n"),
        "{err}"
    );
    let (status, out, err) = run(&["show", "--svg", "--arrow", "a1-z9", "3_/3_/3_ x"], b"");
    assert_eq!((status, out.as_str()), (1, ""));
    assert!(err.starts_with("error: argument 1: --arrow: cell z9 is off the 3x3 board\n"), "{err}");
    let (status, _, err) = run(&["show", "--svg", "--rules", "tomorrows", TAFL], b"");
    assert_eq!(status, 1);
    assert!(err.contains("--rules: m,n,k rules do not apply to a tafl position (tsn)"), "{err}");
}

#[test]
fn bad_flags_are_usage_errors() {
    let cases: [(&[&str], &str); 7] = [
        (&["--highlight", "a0"], "`a0` is not a cell name"),
        (&["--arrow", "a1c3"], "`a1c3` is not a move: expected FROM-TO, like a1-c3"),
        (&["--size", "0"], "--size <PX>"),
        (&["--theme", "neon"], "unknown theme `neon`: expected default or high-contrast"),
        (&["--rules", "chess"], "unknown rules `chess`"),
        (&["--last-move", "b2-"], "`` is not a cell name"),
        (&["--flip", "3_/3_/3_ x", "x2o/_x_/2_x o"], "give --out-dir DIR"),
    ];
    for (flags, message) in cases {
        let mut args = vec!["show", "--svg"];
        args.extend_from_slice(flags);
        if !flags.iter().any(|f| f.contains('/')) {
            args.push("3_/3_/3_ x");
        }
        let (status, out, err) = run(&args, b"");
        assert_eq!((status, out.as_str()), (2, ""), "{args:?}");
        assert!(err.contains(message), "{args:?}: {err}");
    }
    // Picture flags need --svg.
    let (status, _, err) = run(&["show", "--size", "400", "3_/3_/3_ x"], b"");
    assert_eq!(status, 2);
    assert!(err.contains("--svg"), "{err}");
}

#[test]
fn out_dir_writes_one_file_per_input_and_none_for_a_failure() {
    let dir = scratch("out-dir");
    let dir_text = dir.to_str().unwrap();
    let (status, out, err) =
        run(&["show", "--svg", "--out-dir", dir_text, "x2o/_x_/2_x o", "3_/4_/3_ x", TAFL], b"");
    assert_eq!(status, 1);
    let first = dir.join("0001.svg");
    let third = dir.join("0003.svg");
    assert_eq!(out, format!("{}\n{}\n", first.display(), third.display()));
    assert!(err.starts_with("error: argument 2: "), "{err}");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, ["0001.svg", "0003.svg"]);
    let svg = std::fs::read_to_string(&first).unwrap();
    assert!(svg.starts_with("<svg ") && svg.ends_with("</svg>\n"));
    assert!(std::fs::read_to_string(&third).unwrap().contains("<title>11 12 3aaaaa3/"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn standard_input_gives_one_picture_without_out_dir() {
    let (status, out, err) = run(&["show", "--svg"], b"3_/3_/3_ x\n120120000\n");
    assert_eq!(status, 1);
    assert_eq!(out.matches("<svg").count(), 1);
    assert!(out.contains("<title>3_/3_/3_ x</title>"));
    assert_eq!(
        err,
        "error: line 2: only one picture goes to standard output: give --out-dir DIR for several\n"
    );
    // With --out-dir, every line gets its file.
    let dir = scratch("stdin");
    let (status, out, _) =
        run(&["show", "--svg", "--out-dir", dir.to_str().unwrap()], b"3_/3_/3_ x\n120120000\n");
    assert_eq!(status, 0);
    assert_eq!(out.lines().count(), 2);
    assert!(dir.join("0002.svg").is_file());
    std::fs::remove_dir_all(&dir).unwrap();
}
