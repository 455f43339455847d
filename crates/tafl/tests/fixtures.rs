//! Snapshots of every fixture: what each valid file reads as (canonical text, fields,
//! semantic problems, drawing) and the rendered error of each invalid file.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::fs;
use std::path::Path;

use gridnote_board::report::render;
use gridnote_board::{Cell, Glyphs, Player};
use gridnote_tafl::Spanned;
use gridnote_tafl::{Extension, ParseError, Ten, Tsn};

/// The fixture's text: the file with one final newline stripped, nothing else.
fn fixture_text(path: &Path) -> String {
    let mut text = fs::read_to_string(path).expect("fixture is UTF-8");
    if text.ends_with('\n') {
        text.pop();
    }
    text
}

fn extension_of(path: &Path) -> &str {
    path.extension().and_then(|e| e.to_str()).expect("fixture has an extension")
}

fn describe_tsn(out: &mut String, tsn: &Tsn) {
    let side = match tsn.to_move() {
        Player::One => "a (Player One, attackers)",
        Player::Two => "d (Player Two, defenders)",
    };
    let _ = writeln!(
        out,
        "fields:    size {}, defenders at start {}, to move {side}, ply {}, plies since capture {}",
        tsn.board().rows(),
        tsn.defenders(),
        tsn.ply(),
        tsn.since_capture()
    );
    let counts = tsn.board().counts();
    let king = tsn
        .board()
        .iter()
        .find(|&(_, cell)| cell == Cell::TWO_KING)
        .map_or_else(|| "none".to_owned(), |((r, c), _)| tsn.board().cell_name(r, c).to_string());
    let _ = writeln!(
        out,
        "pieces:    {} attackers, {} defenders, king {king}",
        counts.pieces[0],
        counts.pieces[1] - counts.kings[1]
    );
    let problems = tsn.problems();
    if problems.is_empty() {
        out.push_str("problems:  none\n");
    } else {
        out.push_str("problems:\n");
        for p in problems {
            let _ = writeln!(out, "  - {} ({})", p, p.name());
        }
    }
    out.push('\n');
    out.push_str(&tsn.board().draw_with(&Glyphs::TAFL));
}

#[test]
fn valid_fixtures() {
    insta::glob!("../../../fixtures/tafl", "valid/*", |path| {
        let text = fixture_text(path);
        let mut out = String::new();
        let _ = writeln!(out, "input:     {text:?}");
        match extension_of(path) {
            "tsn" => {
                let tsn: Tsn = text.parse().unwrap_or_else(|e: ParseError| {
                    panic!("{} does not read:\n{}", path.display(), e.render(&text))
                });
                let canonical = tsn.to_string();
                assert_eq!(
                    canonical.parse::<Tsn>().as_ref(),
                    Ok(&tsn),
                    "canonical text reads back"
                );
                let _ = writeln!(out, "canonical: {canonical}");
                describe_tsn(&mut out, &tsn);
            }
            "ten" => {
                let ten: Ten = text.parse().unwrap_or_else(|e: ParseError| {
                    panic!("{} does not read:\n{}", path.display(), e.render(&text))
                });
                // The TSN reader ignores the seventh field and reads the same position.
                assert_eq!(text.parse::<Tsn>().as_ref(), Ok(ten.tsn()));
                let canonical = ten.to_string();
                assert_eq!(
                    canonical.parse::<Ten>().as_ref(),
                    Ok(&ten),
                    "canonical text reads back"
                );
                let _ = writeln!(out, "canonical: {canonical}");
                match ten.extension() {
                    Extension::None => out.push_str("extension: none (-)\n"),
                    Extension::Custom { identifier, version, data } => {
                        let _ = writeln!(
                            out,
                            "extension: identifier {identifier:?}, version {version:?}, data {data:?}"
                        );
                    }
                    other => panic!("an extension this test does not know: {other:?}"),
                }
                describe_tsn(&mut out, ten.tsn());
            }
            other => panic!("unexpected fixture extension {other}"),
        }
        insta::assert_snapshot!(out);
    });
}

fn read_invalid(path: &Path, text: &str) -> ParseError {
    let result = match extension_of(path) {
        "tsn" => text.parse::<Tsn>().map(|t| t.to_string()),
        "ten" => text.parse::<Ten>().map(|t| t.to_string()),
        other => panic!("unexpected fixture extension {other}"),
    };
    match result {
        Ok(read) => panic!("{} should not read, but reads as {read}", path.display()),
        Err(err) => err,
    }
}

#[test]
fn invalid_fixtures() {
    insta::glob!("../../../fixtures/tafl", "invalid/*", |path| {
        let text = fixture_text(path);
        let err = read_invalid(path, &text);
        let span = err.span();
        assert!(span.start <= span.end && span.end <= text.len(), "span inside the input");
        assert!(text.is_char_boundary(span.start) && text.is_char_boundary(span.end));
        let mut out = render(&text, span.clone(), &err.to_string());
        let _ = writeln!(
            out,
            "field: {} (field {}), code: {}, span: {}..{}",
            err.field().name(),
            err.field().number(),
            err.code(),
            span.start,
            span.end
        );
        insta::assert_snapshot!(out);
    });
}

#[test]
fn invalid_fixtures_cover_every_error() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/tafl/invalid");
    let mut codes = BTreeSet::new();
    let mut files = 0;
    for entry in fs::read_dir(dir).expect("invalid fixtures") {
        let path = entry.expect("entry").path();
        let text = fixture_text(&path);
        codes.insert(read_invalid(&path, &text).code());
        files += 1;
    }
    assert!(files >= 25, "{files} invalid fixtures");
    let all: BTreeSet<&str> = [
        "missing-field",
        "extra-field",
        "separator",
        "number",
        "size",
        "defenders",
        "bad-square",
        "zero-count",
        "row-width",
        "row-count",
        "second-king",
        "side",
        "ply-zero",
        "unexpected",
    ]
    .into_iter()
    .collect();
    assert_eq!(codes, all);
}
