//! What may follow TSN's sixth field: the end, whitespace to the end, or one space and
//! further fields (ignored); any other whitespace is a syntax error with its span. The
//! fast reader and the grammar agree (`FromStr` tries the first, then the second).

use gridnote_tafl::{ParseError, Tsn};

fn read(text: &str) -> Result<Tsn, ParseError> {
    text.parse::<Tsn>()
}

#[test]
fn the_end_trailing_whitespace_or_one_space_and_more_fields_are_accepted() {
    let plain: Tsn = "3 4 3/3/3 a 1 0".parse().unwrap();
    for text in [
        "3 4 3/3/3 a 1 0",
        "3 4 3/3/3 a 1 0 ",
        "3 4 3/3/3 a 1 0\t",
        "3 4 3/3/3 a 1 0 \t \r\n",
        "3 4 3/3/3 a 1 0\u{a0}",
        "3 4 3/3/3 a 1 0 5",
        "3 4 3/3/3 a 1 0 seed:1:ignored and more",
        "3 4 3/3/3 a 1 0 \u{e9}t\u{e9}",
    ] {
        assert_eq!(read(text), Ok(plain.clone()), "{text:?}");
    }
}

#[test]
fn other_whitespace_after_the_sixth_field_is_an_error_with_its_span() {
    let cases: [(&str, std::ops::Range<usize>); 6] = [
        ("3 4 3/3/3 a 1 0\t5", 15..16),
        ("3 4 3/3/3 a 1 0  5", 15..17),
        ("3 4 3/3/3 a 1 0\n5", 15..16),
        ("3 4 3/3/3 a 1 0 \u{a0}5", 15..18),
        ("3 4 3/3/3 a 1 42949672\u{a0}96", 22..24),
        ("3 4 3/3/3 a 1 0\u{3000}x", 15..18),
    ];
    for (text, span) in cases {
        let err = read(text).unwrap_err();
        assert_eq!(
            err.to_string(),
            "fields are separated by a single space: unexpected whitespace before the extension (field 7)",
            "{text:?}"
        );
        assert!(
            matches!(&err, ParseError::Separator { span: s, .. } if *s == span),
            "{text:?}: {err:?}"
        );
    }
}

#[test]
fn a_sixth_field_cut_by_a_no_break_space_is_not_read_as_its_start() {
    // Before the fix this read as `… a 1 42949672`.
    assert!(read("3 4 3/3/3 a 1 42949672\u{a0}96").is_err());
    assert_eq!(read("3 4 3/3/3 a 1 4294967296").unwrap_err().field().number(), 6);
}
