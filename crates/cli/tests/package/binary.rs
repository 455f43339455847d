//! The real `gridnote` binary: arguments, standard input, output streams, exit status.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn gridnote(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gridnote"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

#[test]
fn the_readme_example() {
    let out = gridnote(&["convert", "--from", "t3en", "--to", "tsn", "2_o/_x_/3_ x"], b"");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout), "3 4 3/1a1/2d a 3 2\n");
    assert_eq!(
        text(&out.stderr),
        "note: argument 1: derived defenders 4 (the least positive multiple of 4 at least max(defenders, half the attackers rounded up))\n\
         note: argument 1: derived ply 3 (pieces on the board + 1)\n\
         note: argument 1: derived since-capture 2 (pieces on the board: tic-tac-toe has no captures)\n"
    );
}

#[test]
fn a_batch_with_bad_lines_converts_the_good_ones_and_exits_1() {
    // The blank line 2 is skipped; line numbers stay the real ones.
    let input = b"2_o/_x_/3_ x\n\n3_/4_/3_ x\r\n120120000\r\n(x ____ ____ ____)";
    let out = gridnote(&["convert", "--quiet", "--to", "digits"], input);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "002010000\n120120000\n");
    assert_eq!(
        text(&out.stderr),
        "error: line 3: row 2 has 4 cells, expected 3: the grid has 3 rows and must be square\n  | 3_/4_/3_ x\n  |    ^^\n  = read as t3en (detected; give --from to choose)\n\
         error: line 5: cannot write digits: a 3x4 board cannot be a digit string, which holds a 3x3 board\n  | (x ____ ____ ____)\n  | ^^^^^^^^^^^^^^^^^^\n"
    );
}

#[test]
fn json_output_has_one_object_per_input_in_order() {
    let out = gridnote(&["convert", "--json", "--to", "digits"], b"3_/3_/3_ o\nzz\n120000000\n");
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<&str> = std::str::from_utf8(&out.stdout).unwrap().lines().collect();
    // Detection's message lists every registered format with what it looks for, in
    // detection order (the converter's tests pin the order).
    let undetected = gridnote_convert::detect("zz").unwrap_err().to_string();
    assert!(undetected.starts_with("cannot tell the format (give one with --from): tried "));
    for tried in [
        "tuple (starts with `(`), otn (starts with `/` or `dim:`), ten (7 fields starting with a digit), tsn (6 fields), t3en (2 fields), ",
        "digits (9 characters 0/1/2), ",
        "bits (a decimal, 0b or 0x number)",
    ] {
        assert!(undetected.contains(tried), "{undetected}");
    }
    assert_eq!(
        lines,
        [
            r#"{"input":"3_/3_/3_ o","line":1,"output":"000000000","notes":[{"kind":"dropped","field":"side-to-move","value":"o","reason":"digits carries no side to move; the counts give x"}]}"#.to_owned(),
            format!(r#"{{"input":"zz","line":2,"error":{{"message":"{undetected}","span":[0,2]}}}}"#),
            r#"{"input":"120000000","line":3,"output":"120000000","notes":[]}"#.to_owned(),
        ]
    );
}

#[test]
fn lossless_fails_on_a_drop() {
    let out =
        gridnote(&["convert", "--lossless", "--to", "digits", "3_/3_/3_ o", "3_/3_/3_ x"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "000000000\n");
    assert_eq!(
        text(&out.stderr),
        "error: argument 1: lossless conversion to digits would drop: side-to-move o\n  | 3_/3_/3_ o\n  | ^^^^^^^^^^\n"
    );
}

#[test]
fn arguments_are_taken_exactly_as_given() {
    // An empty argument is an input, and fails; `--` lets an input start with `-`.
    let out = gridnote(&["convert", "--to", "t3en", "--", "", "-1", "(x _)"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "_ x\n");
    let err = text(&out.stderr);
    assert!(err.starts_with("error: argument 1: empty input"), "{err}");
    assert!(err.contains("error: argument 2: cannot tell the format"), "{err}");
    // Spaces around an argument are part of it.
    let out = gridnote(&["convert", "--to", "digits", " 120120000"], b"");
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn usage_errors_exit_2() {
    for args in [&["convert", "x"][..], &["convert", "--to", "fen", "x"], &["frobnicate"], &[]] {
        let out = gridnote(args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty());
    }
    let help = gridnote(&["--help"], b"");
    assert_eq!(help.status.code(), Some(0));
    assert!(text(&help.stdout).contains("convert"));
}

#[test]
fn options_reach_the_converter() {
    let out = gridnote(
        &[
            "convert",
            "--quiet",
            "--to",
            "ten",
            "--defenders",
            "8",
            "--ply",
            "9",
            "--since-capture",
            "2",
        ],
        b"x_o/_x_/o_x o\n",
    );
    assert_eq!(text(&out.stdout), "3 8 d1a/1a1/a1d d 9 2 -\n");
    let out = gridnote(
        &["convert", "--to", "bits", "--code", "dense", "--radix", "bin", "120000000"],
        b"",
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout).len(), "0b".len() + 13 + 1);
    let strict = gridnote(&["convert", "--strict", "--to", "t3en", "1_1_o/_x_/3_ x"], b"");
    assert_eq!(strict.status.code(), Some(1));
    // `ranked` is the default code; `seed`, its former name, is still read.
    for code in ["ranked", "seed"] {
        let out = gridnote(&["convert", "--to", "bits", "--code", code, "x_o/__o/_x_ o"], b"");
        assert_eq!((out.status.code(), text(&out.stdout)), (Some(0), "523\n".to_owned()), "{code}");
    }
}

#[test]
fn check_reports_legality_outcome_and_the_regex_verdict() {
    let out = gridnote(&["check", "111000222", "(o xxx_ oo__ ____)"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        "argument 1: 111000222\n  format: digits, rules: tic-tac-toe\n  illegal:\n    - both players hold a line\n  outcome: contested: both players hold a line\n  counts within one (#1 = #2 ± 1 or 0): holds\n  regex: Player Two wins; direct: both players hold a line; disagree: both players hold a line, and the regex names only the one it finds first (the lowest row, else the rightmost column)\n\
         argument 2: (o xxx_ oo__ ____)\n  format: tuple, rules: tomorrows\n  legal\n  outcome: won by Player One\n"
    );
    let misere = gridnote(&["check", "--misere", "--json", "(o xxx_ oo__ ____)"], b"");
    assert_eq!(misere.status.code(), Some(0));
    assert_eq!(
        text(&misere.stdout),
        "{\"input\":\"(o xxx_ oo__ ____)\",\"format\":\"tuple\",\"rules\":\"tomorrows+misere\",\"legal\":true,\"problems\":[],\"outcome\":\"won by Player Two\",\"legality\":[]}\n"
    );
    let tafl = gridnote(&["check", "3 4 aaa/aaa/aaa a 1 0"], b"");
    assert_eq!(tafl.status.code(), Some(1));
    assert!(text(&tafl.stdout).contains("no king on the board"));
}

#[test]
fn show_draws_the_board() {
    let out = gridnote(&["show", "2_o/_x_/3_ x"], b"");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stdout),
        "2_o/_x_/3_ x (t3en, 3x3)\n3 _ _ o\n2 _ x _\n1 _ _ _\n  a b c\nx to move\n\n"
    );
}

#[test]
fn formats_lists_every_format_with_an_example_that_converts() {
    let out = gridnote(&["formats"], b"");
    let listing = text(&out.stdout);
    let examples: Vec<&str> =
        listing.lines().filter_map(|l| l.trim_start().strip_prefix("example: ")).collect();
    assert_eq!(examples.len(), gridnote_convert::Format::ALL.len());
    for example in examples {
        let check = gridnote(&["show", example], b"");
        assert_eq!(check.status.code(), Some(0), "{example}");
    }
}
