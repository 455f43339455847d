//! With the `serde` feature a tuple serializes as its canonical text.
#![cfg(feature = "serde")]

use gridnote_tuple::Tuple;

#[test]
fn serializes_as_canonical_text() {
    let tuple: Tuple = "(  o x--- ---- ----)".parse().unwrap();
    assert_eq!(serde_json::to_string(&tuple).unwrap(), r#""(o x___ ____ ____)""#);
    let list = vec![Tuple::default(), tuple.clone()];
    let json = serde_json::to_string(&list).unwrap();
    assert_eq!(json, r#"["(x ____ ____ ____)","(o x___ ____ ____)"]"#);
    assert_eq!(serde_json::from_str::<Vec<Tuple>>(&json).unwrap(), list);
}

#[test]
fn deserializing_bad_text_reports_the_error_and_its_span() {
    let err = serde_json::from_str::<Tuple>(r#""(x ____ ___)""#).unwrap_err();
    assert_eq!(
        err.to_string(),
        "row 2 has 3 cells, expected 4 like row 1 (bytes 8..11) at line 1 column 14"
    );
    let err = serde_json::from_str::<Tuple>("3").unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid type: integer `3`, expected a Tomorrow's Tic-Tac-Toe position such as \"(x ____ ____ ____)\" at line 1 column 1"
    );
}
