//! The text form: reading decimal, binary and hex; writing decimal and padded binary;
//! errors with spans.

use gridnote_bits::{
    CodeKind, ModelError, ParseError, Radix, ReadError, decode, parse_code, read_board,
    write_board, write_code,
};
use gridnote_board::report::Spanned;

#[test]
fn reads_decimal_binary_and_hex() {
    let cases: [(&str, u32); 14] = [
        ("0", 0),
        ("523", 523),
        ("2749", 2749),
        ("4294967295", u32::MAX),
        ("0b0", 0),
        ("0b1", 1),
        ("0b0001000001011", 523),
        ("0b1000001011", 523),
        ("0b00000000000000000000000000000000000000001", 1),
        ("0x20b", 523),
        ("0x20B", 523),
        ("0xABCDEF", 0xAB_CDEF),
        ("0xffffffff", u32::MAX),
        ("0x0000000000ffffffff", u32::MAX),
    ];
    for (text, value) in cases {
        assert_eq!(parse_code(text), Ok(value), "{text:?}");
    }
}

#[test]
fn rejects_malformed_numbers_with_spans() {
    use ParseError::*;
    let cases: Vec<(&str, ParseError, &str)> = vec![
        (
            "",
            Empty,
            "expected a code: a decimal number, 0b and binary digits, or 0x and hex digits",
        ),
        ("+523", Sign { span: 0..1 }, "codes are unsigned: no sign allowed"),
        ("-1", Sign { span: 0..1 }, "codes are unsigned: no sign allowed"),
        ("0523", LeadingZero { span: 0..1 }, "a decimal code has no leading zero"),
        ("00", LeadingZero { span: 0..1 }, "a decimal code has no leading zero"),
        ("52a3", NotDigit { span: 2..3, radix: 10 }, "expected a decimal digit (0-9)"),
        ("523 ", NotDigit { span: 3..4, radix: 10 }, "expected a decimal digit (0-9)"),
        (" 523", NotDigit { span: 0..1, radix: 10 }, "expected a decimal digit (0-9)"),
        ("5é", NotDigit { span: 1..3, radix: 10 }, "expected a decimal digit (0-9)"),
        (
            "0o17",
            UnknownPrefix { span: 0..2 },
            "unknown prefix: expected 0b (binary), 0x (hex) or a decimal number",
        ),
        (
            "0B101",
            UppercasePrefix { span: 0..2, expected: "0b" },
            "the prefix is lowercase: write 0b",
        ),
        (
            "0X20B",
            UppercasePrefix { span: 0..2, expected: "0x" },
            "the prefix is lowercase: write 0x",
        ),
        (
            "0b",
            NoDigits { span: 2..2, radix: 2 },
            "expected binary digits (0 or 1) after the prefix",
        ),
        (
            "0x",
            NoDigits { span: 2..2, radix: 16 },
            "expected hex digits (0-9, a-f or A-F) after the prefix",
        ),
        ("0b102", NotDigit { span: 4..5, radix: 2 }, "expected a binary digit (0 or 1)"),
        ("0x2g", NotDigit { span: 3..4, radix: 16 }, "expected a hex digit (0-9, a-f or A-F)"),
        ("0x-1", NotDigit { span: 2..3, radix: 16 }, "expected a hex digit (0-9, a-f or A-F)"),
        ("4294967296", TooLarge { span: 0..10 }, "code is too large (the limit is 4294967295)"),
        ("0x100000000", TooLarge { span: 0..11 }, "code is too large (the limit is 4294967295)"),
        (
            "0b111111111111111111111111111111111",
            TooLarge { span: 0..35 },
            "code is too large (the limit is 4294967295)",
        ),
        // A bad digit is reported before the size.
        (
            "0xfffffffffz",
            NotDigit { span: 11..12, radix: 16 },
            "expected a hex digit (0-9, a-f or A-F)",
        ),
    ];
    for (text, error, message) in cases {
        let err = parse_code(text).unwrap_err();
        assert_eq!(err, error, "{text:?}");
        assert_eq!(err.to_string(), message, "{text:?}");
        assert_eq!(Spanned::span(&err), err.span());
        assert!(text.get(err.span()).is_some(), "{text:?}: span on char boundaries");
    }
}

#[test]
fn writes_decimal_and_padded_binary() {
    let cases = [
        (CodeKind::Ranked, 523, "523", "0b0001000001011"),
        (CodeKind::Ranked, 0, "0", "0b0000000000000"),
        (CodeKind::Ranked, 6045, "6045", "0b1011110011101"),
        (CodeKind::Naive, 1894, "1894", "0b000011101100110"),
        (CodeKind::Naive, 16796, "16796", "0b100000110011100"),
        (CodeKind::Dense, 5477, "5477", "0b1010101100101"),
        (CodeKind::Symmetric, 764, "764", "0b1011111100"),
        // A number wider than the code is written whole, never cut.
        (CodeKind::Symmetric, u32::MAX, "4294967295", "0b11111111111111111111111111111111"),
    ];
    for (kind, code, dec, bin) in cases {
        let mut out = String::from(">");
        write_code(kind, code, Radix::Decimal, &mut out);
        assert_eq!(out, format!(">{dec}"));
        out.clear();
        write_code(kind, code, Radix::Binary, &mut out);
        assert_eq!(out, bin);
        assert_eq!(out.len(), 2 + (kind.bits() as usize).max(32 - code.leading_zeros() as usize));
        assert_eq!(parse_code(&out), Ok(code));
    }
}

#[test]
fn reads_and_writes_boards() {
    let board = read_board(CodeKind::Ranked, "0b0101010111101").unwrap();
    assert_eq!(board.draw(), "3 x x x\n2 _ _ _\n1 o o o\n  a b c\n");
    let mut out = String::new();
    write_board(CodeKind::Ranked, &board, Radix::Decimal, &mut out).unwrap();
    assert_eq!(out, "2749");
    // Unreachable: no dense code, and nothing is written.
    let err = write_board(CodeKind::Dense, &board, Radix::Decimal, &mut out).unwrap_err();
    assert_eq!(out, "2749");
    assert_eq!(
        err.to_string(),
        "the dense code takes only positions reachable in play, and this one is not: both players hold a line"
    );
    let err = read_board(CodeKind::Naive, "20").unwrap_err();
    assert_eq!(
        err,
        ReadError::Code {
            error: ModelError::NaiveNoBoard { code: 20, cells: 9, occupied: 0, rank: 2, boards: 1 },
            span: 0..2
        }
    );
    assert_eq!(
        err.to_string(),
        "naive code 20 names no board: it says 0 occupied cells (code mod 10), and its rank 2 (code div 10) is not below 1, the number of boards with 0 occupied cells"
    );
    let err = read_board(CodeKind::Symmetric, "0x").unwrap_err();
    assert_eq!(err, ReadError::Syntax(ParseError::NoDigits { span: 2..2, radix: 16 }));
    assert_eq!(Spanned::span(&err), 2..2);
    assert_eq!(read_board(CodeKind::Dense, "0").unwrap(), decode(CodeKind::Ranked, 0).unwrap());
}

#[test]
fn names_of_kinds_and_radixes() {
    for kind in CodeKind::ALL {
        assert_eq!(kind.to_string().parse::<CodeKind>(), Ok(kind));
    }
    assert_eq!(
        ["ranked", "naive", "dense", "symmetric"].map(|s| s.parse::<CodeKind>().unwrap()),
        CodeKind::ALL
    );
    for radix in [Radix::Decimal, Radix::Binary] {
        assert_eq!(radix.to_string().parse::<Radix>(), Ok(radix));
    }
    assert_eq!(CodeKind::NAMES, CodeKind::ALL.map(CodeKind::name));
    assert_eq!(Radix::NAMES, [Radix::Decimal, Radix::Binary].map(Radix::name));
    let err = "hex".parse::<Radix>().unwrap_err();
    assert_eq!(err.to_string(), "unknown radix `hex`: expected dec or bin");
    assert_eq!((err.what, err.name.as_str(), err.expected), ("radix", "hex", Radix::NAMES));
    assert_eq!(Spanned::span(&err), 0..3);
    let err = "Dense ".parse::<CodeKind>().unwrap_err();
    assert_eq!(
        err.to_string(),
        "unknown code `Dense `: expected one of ranked, naive, dense, symmetric"
    );
    assert_eq!((err.what, err.expected), ("code", CodeKind::NAMES));
    assert_eq!(err.span(), 0..6);
    assert_eq!(CodeKind::named("Dense "), None);
    assert_eq!(
        CodeKind::ALL.map(|k| (k.bits(), k.max(), k.boards())),
        [(13, 6045, 6046), (15, 16796, 6046), (13, 5477, 5478), (10, 764, 765)]
    );
}

#[cfg(feature = "serde")]
#[test]
fn serde_uses_the_names() {
    assert_eq!(serde_json::to_string(&CodeKind::Symmetric).unwrap(), "\"symmetric\"");
    assert_eq!(serde_json::from_str::<CodeKind>("\"naive\"").unwrap(), CodeKind::Naive);
    assert!(serde_json::from_str::<CodeKind>("\"thirteen\"").is_err());
    assert_eq!(serde_json::to_string(&Radix::Binary).unwrap(), "\"bin\"");
    assert_eq!(serde_json::from_str::<Radix>("\"dec\"").unwrap(), Radix::Decimal);
    assert_eq!(serde_json::to_string(&gridnote_bits::Mark::O).unwrap(), "\"o\"");
}
