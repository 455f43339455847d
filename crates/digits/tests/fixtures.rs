//! Snapshots of the shared fixtures: the full check of every valid digit string (board,
//! counts, legality, both verdicts, agreement) and the rendered error of every invalid one.

use std::path::Path;

use gridnote_board::report::render;
use gridnote_digits::Spanned;
use gridnote_digits::{Digits, check};

/// A fixture's text: the file with ONE final "\n" stripped, nothing else.
fn fixture(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    text.strip_suffix('\n').map(str::to_owned).unwrap_or(text)
}

#[test]
fn valid_fixtures() {
    insta::glob!("../../../fixtures/digits/valid", "*.digits", |path| {
        let input = fixture(path);
        let report = check(&input).unwrap_or_else(|err| panic!("{}: {err}", path.display()));
        // The writer gives back the input: a digit string has one spelling.
        let digits: Digits = input.parse().unwrap();
        assert_eq!(digits.to_string(), input);
        assert_eq!(Digits::try_from(&digits.board()), Ok(digits));
        insta::assert_snapshot!(report.to_string());
    });
}

#[test]
fn invalid_fixtures() {
    insta::glob!("../../../fixtures/digits/invalid", "*.digits", |path| {
        let input = fixture(path);
        let err = check(&input).expect_err("an invalid fixture must not read");
        assert_eq!(input.parse::<Digits>(), Err(err.clone()));
        insta::assert_snapshot!(render(&input, err.span(), &err.to_string()));
    });
}
