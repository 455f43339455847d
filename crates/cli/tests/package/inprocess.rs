//! `gridnote_cli::run` in-process: the input edge cases.

use crate::support::run;

#[test]
fn invalid_utf8_fails_that_input_only() {
    let (status, out, err) = run(&["convert", "--to", "t3en"], b"12\xff120000\n120000000\n");
    assert_eq!(status, 1);
    assert_eq!(out, "xo_/3_/3_ x\n");
    assert!(
        err.starts_with("error: line 1: input is not valid UTF-8\n  | 12\u{fffd}120000\n  |   ^\n"),
        "{err}"
    );
}

#[test]
fn an_over_long_line_fails_and_reading_goes_on() {
    let mut input = vec![b'1'; 2 << 20];
    input.extend_from_slice(b"\n000000000\n");
    let (status, out, err) = run(&["convert", "--quiet", "--to", "t3en"], &input);
    assert_eq!(status, 1);
    assert_eq!(out, "3_/3_/3_ x\n");
    assert!(err.starts_with("error: line 1: input line is longer than 1048576 bytes"), "{err}");
}

#[test]
fn only_the_line_terminator_is_removed() {
    // A trailing space or a lone \r is part of the input; \r\n is a terminator.
    let (status, out, err) =
        run(&["convert", "--quiet", "--to", "digits"], b"3_/3_/3_ x \n3_/3_/3_ x\r\n3_/3_/3_ x\r");
    assert_eq!(status, 1);
    assert_eq!(out, "000000000\n");
    assert_eq!(err.matches("error: line").count(), 2, "{err}");
    assert!(err.contains("error: line 1:") && err.contains("error: line 3:"), "{err}");
}

#[test]
fn no_input_lines_is_success_with_no_output() {
    assert_eq!(run(&["convert", "--to", "tsn"], b""), (0, String::new(), String::new()));
}
