//! Snapshots of every fixture in `fixtures/bits` (the text of a 13-bit code): for a valid
//! file the decoded board and its code in every kind and radix, for an invalid one the
//! rendered error with its span.

use std::fmt::Write as _;
use std::path::Path;

use gridnote_bits::Spanned;
use gridnote_bits::{
    CodeKind, Radix, ReadError, decode, encode, parse_code, read_board, write_code,
};
use gridnote_board::report::render;

/// A fixture's text: the file with one final newline stripped, nothing else.
fn read_fixture(path: &Path) -> String {
    let text = std::fs::read_to_string(path).expect("fixture is UTF-8 text");
    text.strip_suffix('\n').map(str::to_owned).unwrap_or(text)
}

fn rendered(input: &str, err: &ReadError) -> String {
    let span = err.span();
    format!("span: {}..{}\n{}", span.start, span.end, render(input, span.clone(), &err.to_string()))
}

#[test]
fn valid() {
    insta::glob!("../../../fixtures/bits/valid", "*.bits", |path| {
        let input = read_fixture(path);
        let board = read_board(CodeKind::Ranked, &input)
            .unwrap_or_else(|err| panic!("{}", rendered(&input, &err)));
        let code = parse_code(&input).unwrap();
        let mut out = format!("input: {input}\n13-bit code: {code}\n\n{}\n", board.draw());
        let mut canonical = None;
        for kind in CodeKind::ALL {
            let _ = write!(out, "{:<10} ", format!("{kind}:"));
            match encode(kind, &board) {
                Ok(code) => {
                    for radix in [Radix::Decimal, Radix::Binary] {
                        let start = out.len();
                        write_code(kind, code, radix, &mut out);
                        // What is written reads back to the same board (the symmetric
                        // code to the canonical image).
                        let again = read_board(kind, &out[start..]).unwrap();
                        let expected = if kind == CodeKind::Symmetric {
                            board.canonical().0
                        } else {
                            board.clone()
                        };
                        assert_eq!(again, expected, "{kind} {radix}");
                        out.push(' ');
                    }
                    out.pop();
                    if kind == CodeKind::Symmetric {
                        canonical = Some(decode(kind, code).unwrap());
                    }
                }
                Err(err) => out.push_str(&format!("error: {err}")),
            }
            out.push('\n');
        }
        if let Some(canonical) = canonical {
            let _ =
                write!(out, "\nsymmetric decodes to the canonical image:\n{}", canonical.draw());
        }
        insta::assert_snapshot!(out);
    });
}

#[test]
fn invalid() {
    insta::glob!("../../../fixtures/bits/invalid", "*.bits", |path| {
        let input = read_fixture(path);
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        let err = read_board(CodeKind::Ranked, &input).expect_err(name);
        insta::assert_snapshot!(rendered(&input, &err));
    });
}
