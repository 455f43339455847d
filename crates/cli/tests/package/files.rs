//! The CLI with real files and bulk work (issue 18): `--input`, BOM, blank and comment
//! lines, JSON line numbers, notes summarised and buffered, flushing on terminals, the
//! stdin hint, flag validation, windows of huge inputs, the detected-format hint, rules
//! names and format names in any case, `--jobs`.

use std::io::{self, Write};
use std::path::PathBuf;

use gridnote_cli::{Terminals, run_with};

/// Records what reached a stream: the bytes, the write calls and the flushes.
#[derive(Default)]
struct Recorder {
    bytes: Vec<u8>,
    writes: usize,
    flushes: usize,
    /// The number of bytes written when each flush happened.
    flushed_at: Vec<usize>,
}

impl Write for Recorder {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.writes += 1;
        self.bytes.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.flushes += 1;
        self.flushed_at.push(self.bytes.len());
        Ok(())
    }
}

fn run_t(args: &[&str], stdin: &[u8], terminals: Terminals) -> (u8, Recorder, Recorder) {
    let (mut out, mut err) = (Recorder::default(), Recorder::default());
    let argv = std::iter::once("gridnote").chain(args.iter().copied()).map(Into::into);
    let status = run_with(argv, &mut &stdin[..], &mut out, &mut err, terminals);
    (status, out, err)
}

fn run(args: &[&str], stdin: &[u8]) -> (u8, String, String) {
    let (status, out, err) = run_t(args, stdin, Terminals::default());
    (status, String::from_utf8(out.bytes).unwrap(), String::from_utf8(err.bytes).unwrap())
}

/// A file of `text` in a fresh directory under the target directory.
fn file(name: &str, text: &[u8]) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("files-{name}"));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

const DERIVED: &str = "derived defenders 4 (the least positive multiple of 4 at least max(defenders, half the attackers rounded up))";

// 1. Notes: summarised for many inputs, all with --notes all, buffered.

#[test]
fn repeated_notes_are_listed_for_three_inputs_then_counted() {
    let input = "3_/3_/3_ x\n".repeat(10);
    let (status, out, err) = run(&["convert", "--to", "tsn"], input.as_bytes());
    assert_eq!(status, 0);
    assert_eq!(out, "3 4 3/3/3 a 1 0\n".repeat(10));
    let mut expected = String::new();
    for line in 1..=3 {
        expected += &format!("note: line {line}: {DERIVED}\n");
        expected += &format!("note: line {line}: derived ply 1 (pieces on the board + 1)\n");
        expected += &format!(
            "note: line {line}: derived since-capture 0 (pieces on the board: tic-tac-toe has no captures)\n"
        );
    }
    expected += "note: derived defenders (the least positive multiple of 4 at least max(defenders, half the attackers rounded up)) for 10 inputs (the first 3 listed above; --notes all lists every one)\n\
                 note: derived ply (pieces on the board + 1) for 10 inputs (the first 3 listed above; --notes all lists every one)\n\
                 note: derived since-capture (pieces on the board: tic-tac-toe has no captures) for 10 inputs (the first 3 listed above; --notes all lists every one)\n";
    assert_eq!(err, expected);
    let (_, _, all) = run(&["convert", "--to", "tsn", "--notes", "all"], input.as_bytes());
    assert_eq!(all.lines().count(), 30);
    assert_eq!(
        all.lines().last().unwrap(),
        "note: line 10: derived since-capture 0 (pieces on the board: tic-tac-toe has no captures)"
    );
}

#[test]
fn notes_whose_reasons_differ_are_counted_without_a_reason() {
    // Dropped ply: the reason names the value converting back would give.
    let input = "3 4 3/3/3 a 5 0\n3 4 3/3/a2 d 7 0\n3 4 3/3/aa1 a 9 0\n3 4 3/3/3 a 6 0\n";
    let (_, _, err) = run(&["convert", "--to", "t3en"], input.as_bytes());
    assert!(
        err.ends_with("note: dropped ply for 4 inputs (the first 3 listed above; --notes all lists every one)\n"),
        "{err}"
    );
}

#[test]
fn standard_error_is_buffered_unless_it_is_a_terminal() {
    let input = "3_/3_/3_ x\n".repeat(1000);
    let (_, _, err) = run_t(
        &["convert", "--to", "tsn", "--notes", "all"],
        input.as_bytes(),
        Terminals::default(),
    );
    assert_eq!(String::from_utf8(err.bytes).unwrap().lines().count(), 3000);
    // 3000 notes of ~100 bytes in 16 KiB writes, not ~12 writes each.
    assert!(err.writes < 40, "{} writes", err.writes);
    let terminal = Terminals::new(false, false, true);
    let (_, _, err) =
        run_t(&["convert", "--to", "tsn", "--notes", "all"], input.as_bytes(), terminal);
    assert!(err.flushes >= 1000, "{} flushes", err.flushes);
}

// 2. Output flushed per input on a terminal, buffered otherwise.

#[test]
fn standard_output_is_flushed_after_every_input_only_on_a_terminal() {
    let input = b"3_/3_/3_ x\n120000000\nzz\n";
    let (_, out, _) = run_t(&["convert", "--to", "digits"], input, Terminals::default());
    assert_eq!(out.flushed_at, [20]);
    let (_, out, _) =
        run_t(&["convert", "--to", "digits"], input, Terminals::new(false, true, false));
    // After each of the three inputs (the failed one adds nothing), then at the end.
    assert_eq!(out.flushed_at, [10, 20, 20, 20]);
    let (_, out, _) = run_t(&["check", "--json"], input, Terminals::new(false, true, false));
    assert!(out.flushes >= 3);
}

// 3. A hint when standard input is a terminal.

#[test]
fn a_hint_when_positions_are_read_from_a_terminal() {
    let tty = Terminals::new(true, false, false);
    let hint = "reading positions from standard input, one per line; Ctrl-D to end\n";
    for args in [&["convert", "--to", "digits"][..], &["check"]] {
        let (_, _, err) = run_t(args, b"", tty);
        assert_eq!(String::from_utf8(err.bytes).unwrap(), hint, "{args:?}");
    }
    // Not with inputs, not with --quiet, not when standard input is not a terminal.
    for (args, t) in [
        (&["convert", "--to", "digits", "3_/3_/3_ x"][..], tty),
        (&["convert", "--to", "digits", "--quiet"], tty),
        (&["convert", "--to", "digits"], Terminals::default()),
    ] {
        let (_, _, err) = run_t(args, b"", t);
        assert!(!String::from_utf8(err.bytes).unwrap().contains("Ctrl-D"), "{args:?}");
    }
}

// 4. --input FILE / -i FILE.

#[test]
fn input_files_are_read_in_order_and_stdin_is_dash() {
    let a = file("a.txt", b"3_/3_/3_ x\nzz\n");
    let b = file("b.txt", b"120000000\n");
    let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
    let (status, out, err) = run(
        &["convert", "--quiet", "--to", "digits", "-i", a, "--input", "-", "-i", b],
        b"(x ___ ___ ___)\n",
    );
    assert_eq!(status, 1);
    assert_eq!(out, "000000000\n000000000\n120000000\n");
    assert!(err.starts_with(&format!("error: line 2 of {a}: cannot tell the format")), "{err}");
    // Arguments come first, then the files; standard input is not read.
    let (_, out, _) = run(&["convert", "--to", "digits", "-i", b, "111222000"], b"000000001\n");
    assert_eq!(out, "111222000\n120000000\n");
}

#[test]
fn a_missing_input_file_is_a_usage_error_naming_it() {
    for command in [&["convert", "--to", "tsn"][..], &["check"]] {
        let mut args = command.to_vec();
        args.extend(["-i", "/no/such/positions.txt"]);
        let (status, out, err) = run(&args, b"3_/3_/3_ x\n");
        assert_eq!(status, 2);
        assert_eq!(out, "");
        assert_eq!(
            err,
            "error: cannot open input file `/no/such/positions.txt`: No such file or directory (os error 2)\n"
        );
    }
}

// 5, 6. Byte-order marks, blank and comment lines; JSON line numbers.

#[test]
fn a_bom_blank_lines_and_comments_are_skipped_and_lines_keep_their_numbers() {
    let text = b"\xEF\xBB\xBF# positions\n\n3_/3_/3_ x\n   \n  # more\nzz\r\n\t\n120000000\n";
    let path = file("bom.txt", text);
    let (status, out, err) = run(&["convert", "--json", "--quiet", "--to", "digits"], text);
    assert_eq!(status, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3);
    assert!(lines[0].starts_with(r#"{"input":"3_/3_/3_ x","line":3,"output":"000000000""#));
    assert!(lines[1].starts_with(r#"{"input":"zz","line":6,"error""#));
    assert!(lines[2].starts_with(r#"{"input":"120000000","line":8,"output""#));
    assert_eq!(err, "");
    let name = path.to_str().unwrap();
    let (_, out, _) = run(&["check", "--json", "-i", name], b"");
    assert!(
        out.starts_with(&format!(
            r#"{{"input":"3_/3_/3_ x","line":3,"file":"{name}","format":"t3en""#
        )),
        "{out}"
    );
    // An empty argument is still an error.
    let (status, _, err) = run(&["convert", "--to", "digits", ""], b"");
    assert_eq!(status, 1);
    assert!(err.starts_with("error: argument 1: empty input"));
}

// 7. check takes the same input flags.

#[test]
fn check_accepts_quiet_and_the_input_flags() {
    let (status, out, err) =
        run(&["check", "--quiet", "--json", "--from", "DIGITS"], b"zz\n120120000\n");
    assert_eq!(status, 1);
    assert_eq!(err, "");
    assert!(out.starts_with(r#"{"input":"zz","line":1,"error":"#), "{out}");
}

// 8. Rules names as printed read back; format names in any case.

#[test]
fn rules_names_that_check_prints_are_accepted_by_rules() {
    for rules in ["tic-tac-toe+k=4", "tomorrows+misere", "tic-tac-toe+misere+k=2", "tomorrows"] {
        let (_, out, _) = run(&["check", "--rules", rules, "3_/_x_/3_ o"], b"");
        assert!(out.contains(&format!("rules: {rules}\n")), "{rules}: {out}");
    }
    let (status, _, err) = run(&["check", "--rules", "chess", "3_/_x_/3_ o"], b"");
    assert_eq!(status, 2);
    assert!(err.contains("unknown rules `chess`"), "{err}");
    let (status, out, _) = run(&["convert", "--to", "T3EN", "--from", "Digits", "120120000"], b"");
    assert_eq!((status, out.as_str()), (0, "xo_/xo_/3_ x\n"));
}

#[test]
fn unknown_names_list_every_accepted_name() {
    // The formats are the registry's, in its order.
    let formats = format!(
        "error: invalid value 'fen' for '--to <FMT>': unknown format `fen`: expected one of {}\n",
        gridnote_convert::Format::NAMES.join(", ")
    );
    for (args, message) in [
        (&["convert", "--to", "fen"][..], formats.as_str()),
        (
            &["convert", "--to", "tsn", "--code", "thirteen"],
            "error: invalid value 'thirteen' for '--code <CODE>': unknown code `thirteen`: expected one of ranked, naive, dense, symmetric\n",
        ),
        (
            &["convert", "--to", "tsn", "--radix", "hex"],
            "error: invalid value 'hex' for '--radix <RADIX>': unknown radix `hex`: expected dec or bin\n",
        ),
        (
            &["check", "--rules", "chess"],
            "error: invalid value 'chess' for '--rules <RULES>': unknown rules `chess`: expected tic-tac-toe, tomorrows, gomoku, renju or caro (m,n,k), a tafl preset (copenhagen, copenhagen-relaxed, fetlar, computer-fetlar, berserk, brandubh, magpie, tablut, foteviken-tablut, sea-battle, sea-battle-13, tawlbwrdd, tablut-15, alea-evangelii), or an OpenTafl rules record (dim:… start:/…/)\n",
        ),
        (
            &["check", "--rules", "tomorrows+misere+wrap"],
            "error: invalid value 'tomorrows+misere+wrap' for '--rules <RULES>': unknown rules modifier `+wrap`: expected one of +misere, +diagonals, +no-diagonals, +k=N (N > 0), +exact\n",
        ),
        (
            &["show", "--svg", "--theme", "plaid"],
            "error: invalid value 'plaid' for '--theme <NAME>': unknown theme `plaid`: expected default or high-contrast\n",
        ),
    ] {
        let mut args = args.to_vec();
        args.push("120000000");
        let (status, out, err) = run(&args, b"");
        assert_eq!((status, out.as_str()), (2, ""), "{args:?}");
        assert!(err.starts_with(message), "{args:?}: {err}");
    }
}

// 9. Flags are checked before any input is read.

#[test]
fn bad_flag_values_are_usage_errors_before_any_input() {
    for (args, message) in [
        (
            &["convert", "--to", "tsn", "--ply", "0"][..],
            "error: invalid value '0' for '--ply <N>': expected a whole number from 1 to 4294967295, got 0\n",
        ),
        (
            &["convert", "--to", "tsn", "--ply", "99999999999999999999"],
            "error: invalid value '99999999999999999999' for '--ply <N>': expected a whole number from 1 to 4294967295, got 99999999999999999999\n",
        ),
        (
            &["check", "--in-a-row", "99999999999999999999"],
            "error: invalid value '99999999999999999999' for '--in-a-row <K>': expected a whole number from 1 to 255, got 99999999999999999999\n",
        ),
        (
            &["check", "--in-a-row", "0"],
            "error: invalid value '0' for '--in-a-row <K>': expected a whole number from 1 to 255, got 0\n",
        ),
        (
            &["convert", "--to", "tsn", "--defenders", "6"],
            "error: invalid value '6' for '--defenders <N>': expected a positive multiple of 4, got 6",
        ),
        (
            &["convert", "--to", "tsn", "--ply", "3", "--since-capture", "99"],
            "error: --since-capture 99 is not below --ply 3: the plies since the last capture are fewer than the ply\n",
        ),
    ] {
        let mut args = args.to_vec();
        args.push("120000000");
        let (status, out, err) = run(&args, b"");
        assert_eq!(status, 2, "{args:?}");
        assert_eq!(out, "");
        assert!(err.starts_with(message), "{args:?}: {err}");
        assert!(!err.contains("argument 1"), "{err}");
    }
}

#[test]
fn inconsistent_explicit_and_derived_fields_fail_the_input() {
    let (status, out, err) =
        run(&["convert", "--to", "tsn", "--since-capture", "99", "x_o/3_/3_ x"], b"");
    assert_eq!((status, out.as_str()), (1, ""));
    assert!(err.starts_with("error: argument 1: --since-capture 99 is not below the ply 3 (derived: pieces on the board + 1); give --ply too\n"), "{err}");
    let (status, _, err) = run(&["convert", "--to", "tsn", "--ply", "2", "x_o/3_/3_ x"], b"");
    assert_eq!(status, 1);
    assert!(err.contains("--ply 2 is not above the plies since capture 2"), "{err}");
    let (status, out, _) =
        run(&["convert", "--quiet", "--to", "tsn", "--since-capture", "2", "x_o/3_/3_ x"], b"");
    assert_eq!((status, out.as_str()), (0, "3 4 3/3/a1d a 3 2\n"));
}

#[test]
fn tafl_fields_given_for_a_source_that_has_them_are_noted() {
    let (status, out, err) =
        run(&["convert", "--to", "ten", "--ply", "9"], b"3 4 3/1a1/2d a 3 2\n3 4 3/1a1/2d a 5 2\n");
    assert_eq!(status, 0);
    assert_eq!(out, "3 4 3/1a1/2d a 3 2 -\n3 4 3/1a1/2d a 5 2 -\n");
    assert!(err.starts_with("note: line 1: --ply not used: tsn input carries its own tafl fields (so does every later tsn input)\n"), "{err}");
    let (_, _, err) = run(&["convert", "--to", "digits", "--ply", "9", "120000000"], b"");
    assert_eq!(err, "note: --ply not used: digits has no such field\n");
}

// 10. Huge bad inputs are shown as a window.

#[test]
fn a_huge_bad_input_is_shown_as_a_window_around_the_error() {
    let mut line = vec![b'_'; 1_000_000];
    line.extend_from_slice(b" x");
    line.push(b'\n');
    let (status, _, err) = run(&["convert", "--to", "digits"], &line);
    assert_eq!(status, 1);
    assert!(err.len() < 600, "{} bytes", err.len());
    assert!(err.contains("  = the input is 1000002 bytes long; shown: bytes "), "{err}");
    assert!(err.contains('…'));
    let argument = "9".repeat(100_000);
    let (status, _, err) = run(&["convert", "--to", "digits", &argument], b"");
    assert_eq!(status, 1);
    assert!(err.len() < 600, "{err}");
    assert!(err.contains("  = the input is 100000 bytes long; shown: bytes 0..100\n"), "{err}");
}

// 11. Which format was assumed.

#[test]
fn errors_say_which_format_was_detected_or_why_none_was() {
    let (_, _, err) = run(&["convert", "--to", "digits", "3_/4_/3_ x"], b"");
    assert!(err.ends_with("  = read as t3en (detected; give --from to choose)\n"), "{err}");
    let (_, _, err) = run(&["convert", "--to", "digits", "--from", "t3en", "3_/4_/3_ x"], b"");
    assert!(!err.contains("detected"), "{err}");
    let (_, _, err) = run(&["convert", "--to", "t3en", " 120120000"], b"");
    assert!(
        err.ends_with(
            "  = the input has whitespace around it; without it, it would read as digits\n"
        ),
        "{err}"
    );
}

// 14. --jobs keeps the order and the bytes.

#[test]
fn jobs_give_the_same_output_in_the_same_order() {
    let mut input = String::new();
    for i in 0..20_000u32 {
        match i % 7 {
            0 => input += "zz\n",
            1 => input += "# comment\n",
            2 => input += "(x ____ ____ ____)\n",
            3 => input += &format!("{}\n", i % 6000),
            _ => {
                input +=
                    &format!("{}\n", ["3_/3_/3_ x", "x_o/_x_/3_ o", "120120000"][(i % 3) as usize])
            }
        }
    }
    for to in ["tsn", "t3en", "digits"] {
        for extra in [&[][..], &["--json"], &["--notes", "all"]] {
            let mut base = vec!["convert", "--to", to];
            base.extend_from_slice(extra);
            let one = run(&base, input.as_bytes());
            assert_eq!(one.0, 1);
            for jobs in ["2", "3", "0"] {
                let mut args = base.clone();
                args.extend(["--jobs", jobs]);
                let many = run(&args, input.as_bytes());
                assert!(many == one, "--to {to} {extra:?} --jobs {jobs} differs");
            }
        }
    }
}

/// The bytes of the blocks `--jobs` reads (`BLOCK_BYTES` in `src/inputs.rs`): the edges
/// the tests below put lines across.
const BLOCK: usize = 32 * 1024;

/// Runs `args` on `input` with --jobs 1, then 2 and 3, plain and with --json and
/// --notes all: every run must give the same status, stdout and stderr byte for byte.
/// Returns the --jobs 1 result of `args` alone.
fn same_for_every_jobs(args: &[&str], input: &[u8]) -> (u8, Vec<u8>, Vec<u8>) {
    let mut first = None;
    for extra in [&[][..], &["--json"], &["--notes", "all"]] {
        let mut base = args.to_vec();
        base.extend_from_slice(extra);
        let (status, out, err) = run_t(&base, input, Terminals::default());
        let one = (status, out.bytes, err.bytes);
        for jobs in ["2", "3"] {
            let mut many = base.clone();
            many.extend(["--jobs", jobs]);
            let (status, out, err) = run_t(&many, input, Terminals::default());
            assert_eq!(status, one.0, "{many:?}");
            assert!(out.bytes == one.1, "{many:?}: stdout differs");
            assert!(err.bytes == one.2, "{many:?}: stderr differs");
        }
        first.get_or_insert(one);
    }
    first.unwrap()
}

#[test]
fn jobs_split_lines_across_block_edges_as_one_thread_does() {
    // Lines of every length from 1 to 96 bytes, so the block edges fall at every place
    // in a line: good and bad positions, CRLF, comments, blank lines, a byte-order mark
    // first and a last line without a newline.
    let mut input = b"\xEF\xBB\xBF".to_vec();
    let mut i = 0usize;
    while input.len() < 5 * BLOCK {
        let line: Vec<u8> = match i % 6 {
            0 => format!("3_/_x_/3_ o{}", " ".repeat(i % 90)).into_bytes(),
            1 => format!("# {}", "c".repeat(i % 95)).into_bytes(),
            2 => " ".repeat(i % 40).into_bytes(),
            3 => format!("{}", i % 6000).into_bytes(),
            4 => format!("zz{}", "z".repeat(i % 94)).into_bytes(),
            _ => b"120120000".to_vec(),
        };
        input.extend_from_slice(&line);
        input.extend_from_slice(if i % 4 == 0 { b"\r\n" } else { b"\n" });
        i += 1;
    }
    input.extend_from_slice(b"120000000");
    let (status, out, _) = same_for_every_jobs(&["convert", "--to", "t3en"], &input);
    assert_eq!(status, 1);
    assert!(out.ends_with(b"xo_/3_/3_ x\n"), "the last line, without a newline");
}

#[test]
fn jobs_keep_crlf_and_line_numbers_at_a_block_edge() {
    // Lines `zz0000001`, `zz0000002`, … (each an error naming its line), then one padded
    // so that its `\r\n` starts at byte `edge_at - 1`: the first block is BLOCK bytes, so
    // it ends after the `\r`, after the `\n`, or one byte before the `\r`.
    for edge_at in [BLOCK - 1, BLOCK, BLOCK + 1] {
        let mut input = Vec::new();
        let mut number = 0;
        while input.len() + 40 < edge_at {
            number += 1;
            input.extend_from_slice(format!("zz{number:07}\n").as_bytes());
        }
        let pad = edge_at - 1 - input.len();
        input.extend_from_slice(format!("zz{}\r\n", "z".repeat(pad - 2)).as_bytes());
        assert_eq!(input[edge_at - 1], b'\r');
        input.extend_from_slice(b"120000000\r\n# done\r\n");
        let (status, out, err) =
            same_for_every_jobs(&["convert", "--quiet", "--to", "t3en"], &input);
        assert_eq!(status, 1);
        assert_eq!(out, b"xo_/3_/3_ x\n");
        let err = String::from_utf8(err).unwrap();
        assert_eq!(err.matches("error: line").count(), number + 1, "{err}");
        let last = format!("error: line {}: cannot tell the format", number + 1);
        assert!(err.contains(&last), "{err}");
    }
}

#[test]
fn jobs_report_an_over_long_line_as_one_thread_does() {
    // Over-long lines (over 1 MiB) first with a byte-order mark, in the middle, and last
    // without a newline; short lines around them.
    let long = vec![b'1'; (1 << 20) + 5];
    let mut input = b"\xEF\xBB\xBF".to_vec();
    input.extend_from_slice(&long);
    input.extend_from_slice(b"\n120000000\r\n");
    input.extend_from_slice(&long);
    input.extend_from_slice(b"\r\n# a comment\n000000000\n");
    input.extend_from_slice(&long);
    let (status, out, err) = same_for_every_jobs(&["convert", "--quiet", "--to", "t3en"], &input);
    assert_eq!(status, 1);
    assert_eq!(out, b"xo_/3_/3_ x\n3_/3_/3_ x\n");
    let err = String::from_utf8(err).unwrap();
    let errors: Vec<&str> = err.lines().filter(|l| l.starts_with("error:")).collect();
    assert_eq!(
        errors,
        [
            "error: line 1: input line is longer than 1048576 bytes (shown: its start)",
            "error: line 3: input line is longer than 1048576 bytes (shown: its start)",
            "error: line 6: input line is longer than 1048576 bytes (shown: its start)",
        ]
    );
    // What is shown is the line's start, after the byte-order mark.
    assert!(err.contains(&format!("  | {}\n", "1".repeat(64))), "{err}");
    // A line of exactly 1 MiB before its `\n` is read (and fails for its spaces); one
    // byte more is over-long.
    for (extra, over_long) in [(0, false), (1, true)] {
        let mut input = vec![b' '; (1 << 20) - 9 + extra];
        input.extend_from_slice(b"120000000\n000000000");
        let (status, out, err) =
            same_for_every_jobs(&["convert", "--quiet", "--to", "t3en"], &input);
        assert_eq!((status, out.as_slice()), (1, &b"3_/3_/3_ x\n"[..]));
        let err = String::from_utf8(err).unwrap();
        assert_eq!(err.contains("longer than 1048576 bytes"), over_long, "{err}");
    }
}

#[test]
fn jobs_read_empty_and_comment_only_input_as_one_thread_does() {
    for input in [&b""[..], b"\n", b"\xEF\xBB\xBF", b"# only\r\n\n  # comments\n", b"120000000"] {
        let (status, _, err) = same_for_every_jobs(&["convert", "--quiet", "--to", "t3en"], input);
        assert_eq!((status, err.as_slice()), (0, &b""[..]), "{input:?}");
    }
}

#[test]
fn jobs_read_files_and_arguments_in_order() {
    let a = file("jobs-a.txt", "120000000\n".repeat(5000).as_bytes());
    let b = file("jobs-b.txt", "3_/3_/3_ x\nzz\n".repeat(3000).as_bytes());
    let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
    let args = ["convert", "--to", "t3en", "012000000", "-i", a, "-i", b];
    let one = run(&args, b"");
    let mut jobs = args.to_vec();
    jobs.extend(["-j", "2"]);
    assert!(run(&jobs, b"") == one);
    assert_eq!(one.1.lines().count(), 1 + 5000 + 3000);
    assert!(one.2.contains(&format!("error: line 6000 of {b}: cannot tell the format")));
}

#[test]
fn jobs_note_an_unused_tafl_flag_once_as_one_thread_does() {
    let input = "3 4 3/1a1/2d a 3 2\n3_/3_/3_ x\n".repeat(5000);
    let one = run(&["convert", "--to", "ten", "--ply", "9"], input.as_bytes());
    let two = run(&["convert", "--to", "ten", "--ply", "9", "--jobs", "2"], input.as_bytes());
    assert!(one == two);
    assert_eq!(one.2.matches("--ply not used").count(), 1);
    assert!(one.2.starts_with("note: line 1: --ply not used: tsn input carries"), "{}", one.2);
}

// 7. show takes the same input flags.

#[test]
fn show_takes_the_input_flags() {
    let path = file("show.txt", b"# boards\n3_/_x_/3_ o\n\n120000000\nzz\n");
    let name = path.to_str().unwrap();
    let (status, out, err) = run(&["show", "--json", "--quiet", "-i", name], b"");
    assert_eq!(status, 1);
    assert_eq!(err, "");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        format!(
            r#"{{"input":"3_/_x_/3_ o","line":2,"file":"{name}","format":"t3en","rows":3,"cols":3,"to_move":"o","to_move_from_counts":false,"drawing":"3 _ _ _\n2 _ x _\n1 _ _ _\n  a b c\n"}}"#
        )
    );
    assert!(
        lines[1].contains(r#""line":4,"#)
            && lines[1].contains(r#""to_move":"x","to_move_from_counts":true"#),
        "{}",
        lines[1]
    );
    assert!(lines[2].starts_with(&format!(r#"{{"input":"zz","line":5,"file":"{name}","error":"#)));
    let (status, out, _) = run(&["show", "--from", "T3EN"], b"3_/_x_/3_ o\n");
    assert_eq!(status, 0);
    assert!(out.starts_with("3_/_x_/3_ o (t3en, 3x3)\n"), "{out}");
    // An OTN rules record implies its side to move (atkf); a position record does not.
    let (status, out, _) = run(&["show", "dim:3 atkf:n start:/1t1/tKt/1t1/"], b"");
    assert_eq!(status, 0);
    assert_eq!(
        out,
        "dim:3 atkf:n start:/1t1/tKt/1t1/ (otn, 3x3)\n3 _ a _\n2 a k a\n1 _ a _\n  a b c\n\
         no side to move in this format (OpenTafl rules atkf:n: the defenders move first)\n\n"
    );
    let (status, out, _) = run(&["show", "--json", "dim:3 atkf:n start:/1t1/tKt/1t1/"], b"");
    assert_eq!(status, 0);
    assert_eq!(
        out,
        r#"{"input":"dim:3 atkf:n start:/1t1/tKt/1t1/","format":"otn","rows":3,"cols":3,"to_move":"defenders","to_move_from_counts":false,"to_move_implied_by":"OpenTafl rules atkf:n: the defenders move first","drawing":"3 _ a _\n2 a k a\n1 _ a _\n  a b c\n"}"#
            .to_owned()
            + "\n"
    );
    let (status, _, err) = run(&["show", "-i", "/no/such/file"], b"");
    assert_eq!(status, 2);
    assert!(err.starts_with("error: cannot open input file `/no/such/file`"));
    let (status, _, err) = run(&["show", "--svg", "-i", "/no/such/file"], b"");
    assert_eq!(status, 2, "{err}");
}
