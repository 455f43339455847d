//! Snapshots of every fixture: for valid ones the canonical text, the drawing and the
//! outcome (with legality) under each of the four rule sets; for invalid ones the
//! rendered error with its span.

use std::fmt::Write as _;
use std::path::Path;

use gridnote_board::report::render;
use gridnote_tuple::Spanned;
use gridnote_tuple::{Tuple, VARIANTS};

/// The fixture's text, with one final newline stripped (and nothing else).
fn read_fixture(path: &Path) -> String {
    let text = std::fs::read_to_string(path).expect("fixture is readable UTF-8");
    text.strip_suffix('\n').map_or_else(|| text.clone(), str::to_owned)
}

#[test]
fn valid_fixtures() {
    insta::glob!("../../../fixtures/tuple/valid", "*.tuple", |path| {
        let input = read_fixture(path);
        let tuple: Tuple = input.parse().unwrap_or_else(|err: gridnote_tuple::ParseError| {
            panic!("{}\n{}", path.display(), render(&input, err.span(), &err.to_string()))
        });
        let canonical = tuple.to_string();
        // The canonical text reads back to the same position and is its own canonical form.
        let again: Tuple = canonical.parse().expect("canonical text reads back");
        assert_eq!(again, tuple);
        assert_eq!(again.to_string(), canonical);

        let position = tuple.position();
        let board = &position.board;
        let mut report = String::new();
        writeln!(report, "input:     {input}").unwrap();
        writeln!(report, "canonical: {canonical}").unwrap();
        writeln!(report, "shape:     {} x {} (rows x columns)", board.rows(), board.cols())
            .unwrap();
        writeln!(report, "to move:   {}", position.to_move).unwrap();
        report.push('\n');
        report.push_str(&board.draw());
        report.push('\n');
        for (name, rules) in VARIANTS {
            let problems = position.problems(rules);
            let legality = if problems.is_empty() {
                "legal".to_owned()
            } else {
                let names: Vec<&str> = problems.iter().map(|p| p.name()).collect();
                format!("illegal: {}", names.join(", "))
            };
            writeln!(report, "{name:<27} {} ({legality})", tuple.outcome(rules)).unwrap();
        }
        insta::assert_snapshot!(report);
    });
}

#[test]
fn invalid_fixtures() {
    insta::glob!("../../../fixtures/tuple/invalid", "*.tuple", |path| {
        let input = read_fixture(path);
        let err = match input.parse::<Tuple>() {
            Ok(tuple) => panic!("{} was read as {tuple}", path.display()),
            Err(err) => err,
        };
        let span = err.span();
        assert!(span.start <= span.end && span.end <= input.len(), "span {span:?} in bounds");
        assert!(input.is_char_boundary(span.start) && input.is_char_boundary(span.end));
        insta::assert_snapshot!(format!(
            "span: {span:?}\n{}",
            render(&input, span.clone(), &err.to_string())
        ));
    });
}
