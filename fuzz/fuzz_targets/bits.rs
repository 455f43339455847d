//! Code text: bytes → read (every code kind) → if accepted, write (decimal and binary) →
//! read → the same board.
#![no_main]

#[path = "common.rs"]
mod common;

use gridnote_bits::{CodeKind, Radix, parse_code, read_board, write_board, write_code};
use gridnote_board::report::Spanned;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    match parse_code(text) {
        Ok(code) => {
            for radix in [Radix::Decimal, Radix::Binary] {
                for kind in CodeKind::ALL {
                    let mut out = String::new();
                    write_code(kind, code, radix, &mut out);
                    assert_eq!(parse_code(&out), Ok(code), "{text:?} -> {out:?}");
                }
            }
        }
        Err(err) => common::check_error(text, err.span(), &err.to_string()),
    }
    for kind in CodeKind::ALL {
        match read_board(kind, text) {
            Ok(board) => {
                for radix in [Radix::Decimal, Radix::Binary] {
                    let mut out = String::new();
                    write_board(kind, &board, radix, &mut out).expect("a decoded board encodes");
                    let again = read_board(kind, &out).expect("written code reads");
                    assert_eq!(again, board, "{kind:?} {text:?} -> {out:?}");
                }
            }
            Err(err) => common::check_error(text, err.span(), &err.to_string()),
        }
    }
});
