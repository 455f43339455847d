//! `Report` read back from what it serializes to.
#![cfg(feature = "serde")]

use gridnote_digits::{Digits, Report, check};

#[test]
fn every_report_round_trips() {
    // All 3^9 digit strings.
    for n in 0..19_683u32 {
        let mut text = String::new();
        let mut rest = n;
        for _ in 0..9 {
            text.push(char::from(b'0' + (rest % 3) as u8));
            rest /= 3;
        }
        let report = check(&text).unwrap();
        let json = serde_json::to_string(&report).unwrap();
        assert_eq!(serde_json::from_str::<Report>(&json).unwrap(), report, "{json}");
    }
}

#[test]
fn a_report_that_disagrees_with_its_digits_is_an_error() {
    let json = serde_json::to_string(&check("111000222").unwrap()).unwrap();
    let lying = json.replace(r#""ones":3"#, r#""ones":4"#);
    assert_ne!(lying, json);
    let err = serde_json::from_str::<Report>(&lying).unwrap_err();
    assert_eq!(err.to_string(), "field `ones` disagrees with the digits 111000222");
    let lying = json.replace(r#""direct":"both-hold-lines""#, r#""direct":"draw""#);
    let err = serde_json::from_str::<Report>(&lying).unwrap_err();
    assert_eq!(err.to_string(), "field `direct` disagrees with the digits 111000222");
}

#[test]
fn a_report_needs_every_field() {
    let err = serde_json::from_str::<Report>(r#"{"digits":"000000000"}"#).unwrap_err();
    assert_eq!(err.to_string(), "missing field `ones` at line 1 column 22");
    let bad_digits = serde_json::from_str::<Report>(r#"{"digits":"3"}"#).unwrap_err();
    assert_eq!(
        bad_digits.to_string(),
        "unexpected `3` at character 1: expected 0 (empty), 1 (Player One) or 2 (Player Two) \
         at line 1 column 13"
    );
    assert_eq!(Report::new(Digits::EMPTY), check("000000000").unwrap());
}
