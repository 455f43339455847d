//! Snapshots of every fixture in `fixtures/t3en`: for a valid file the board drawing and
//! the canonical text, for an invalid one the rendered error with its span.

use std::path::Path;

use gridnote_board::Player;
use gridnote_board::report::render;
use gridnote_t3en::Spanned;
use gridnote_t3en::{ParseError, ParseOptions, T3en};

/// A fixture's text: the file with one final newline stripped, nothing else.
fn read_fixture(path: &Path) -> String {
    let text = std::fs::read_to_string(path).expect("fixture is UTF-8 text");
    text.strip_suffix('\n').map(str::to_owned).unwrap_or(text)
}

fn rendered(input: &str, err: &ParseError) -> String {
    let span = err.span();
    format!("span: {}..{}\n{}", span.start, span.end, render(input, span.clone(), &err.to_string()))
}

#[test]
fn valid() {
    insta::glob!("../../../fixtures/t3en/valid", "*.t3en", |path| {
        let input = read_fixture(path);
        let parsed = T3en::parse_with(&input, ParseOptions::default())
            .unwrap_or_else(|err| panic!("{}", rendered(&input, &err)));
        let canonical = parsed.t3en.to_string();
        // The canonical text reads back, strictly, to the same position.
        let again = T3en::parse_with(&canonical, ParseOptions::strict()).unwrap();
        assert_eq!(again.t3en, parsed.t3en);
        assert_eq!(parsed.canonical, canonical == input);
        let strict = match T3en::parse_with(&input, ParseOptions::strict()) {
            Ok(strict) => {
                assert_eq!(strict.t3en, parsed.t3en);
                "accepted\n".to_owned()
            }
            Err(err) => rendered(&input, &err),
        };
        let position = parsed.t3en.position();
        let to_move = match position.to_move {
            Player::One => "x",
            Player::Two => "o",
        };
        insta::assert_snapshot!(format!(
            "input:     {input}\ncanonical: {canonical}\ninput is canonical: {}\n\
             size: {}x{}\nto move: {to_move}\n\n{}\nstrict reading: {strict}",
            parsed.canonical,
            position.board.rows(),
            position.board.cols(),
            position.board.draw(),
        ));
    });
}

#[test]
fn invalid() {
    insta::glob!("../../../fixtures/t3en/invalid", "*.t3en", |path| {
        let input = read_fixture(path);
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        // `strict-*` files are well-formed but not canonical: strict mode rejects them.
        let options = if name.starts_with("strict-") {
            let lenient = T3en::parse_with(&input, ParseOptions::default()).unwrap();
            assert!(!lenient.canonical, "{name}");
            ParseOptions::strict()
        } else {
            ParseOptions::default()
        };
        let err = T3en::parse_with(&input, options).expect_err(name);
        insta::assert_snapshot!(format!(
            "mode: {}\n{}",
            if options.strict { "strict" } else { "lenient" },
            rendered(&input, &err)
        ));
    });
}

/// The finished-game and m,n,k fixtures hold what their names say, and are legal.
#[test]
fn game_fixtures_hold_what_their_names_say() {
    use gridnote_board::{Outcome, Rules};
    let gomoku = Rules::TIC_TAC_TOE.with_in_a_row(5);
    let cases = [
        ("win-row", Rules::TIC_TAC_TOE, Outcome::Won(Player::One)),
        ("win-column", Rules::TIC_TAC_TOE, Outcome::Won(Player::Two)),
        ("win-diagonal", Rules::TIC_TAC_TOE, Outcome::Won(Player::One)),
        ("win-anti-diagonal", Rules::TIC_TAC_TOE, Outcome::Won(Player::Two)),
        ("draw", Rules::TIC_TAC_TOE, Outcome::Drawn),
        ("spec-corner-reply", Rules::TIC_TAC_TOE, Outcome::InProgress),
        ("mnk-15x15-gomoku", gomoku, Outcome::InProgress),
        ("mnk-19x19-five-in-a-row", gomoku, Outcome::Won(Player::Two)),
    ];
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/t3en/valid");
    for (name, rules, outcome) in cases {
        let input = read_fixture(&dir.join(format!("{name}.t3en")));
        let position = input.parse::<T3en>().unwrap().into_position();
        assert_eq!(position.outcome(rules), outcome, "{name}");
        assert!(position.is_legal(rules), "{name}: {:?}", position.problems(rules));
    }
}
