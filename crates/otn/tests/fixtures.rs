//! Snapshots of every fixture in fixtures/otn: what each valid file reads as (canonical
//! text, model, board, replay of every line) and the rendered error of each invalid file.
//!
//! Extensions: `.otp` position record, `.otr` rules record, `.otm` move record, `.otg`
//! game record.

use std::fmt::Write as _;
use std::fs;
use std::path::Path;

use gridnote_board::report::render;
use gridnote_board::tafl::Key;
use gridnote_board::{Board, Glyphs, Player};
use gridnote_otn::Spanned;
use gridnote_otn::{Game, MoveRecord, PositionRecord, TaflRules};

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

fn describe_position(out: &mut String, position: &PositionRecord) {
    let _ = writeln!(out, "canonical: {position}");
    let _ = writeln!(out, "inverted:  {}", position.inverted());
    let _ = writeln!(
        out,
        "pieces:    {} attackers, {} defenders",
        position.count(Player::One),
        position.count(Player::Two)
    );
    assert_eq!(position.to_string().parse::<PositionRecord>().as_ref(), Ok(position), "reads back");
    assert_eq!(
        PositionRecord::parse_inverted(&position.inverted().to_string()).as_ref(),
        Ok(position),
        "inverted reads back"
    );
    let board = Board::from(position);
    assert_eq!(PositionRecord::try_from(&board).as_ref(), Ok(position), "board round trip");
    if position.size() <= 15 {
        out.push_str(&board.draw_with(&Glyphs::TAFL));
    } else {
        out.push_str("board:     converts (too large to draw here)\n");
    }
}

fn describe_game(out: &mut String, game: &Game) {
    let canonical = game.to_string();
    assert_eq!(canonical.parse::<Game>().as_ref(), Ok(game), "canonical text reads back");
    let _ = writeln!(
        out,
        "tags:      {}",
        game.tags().iter().map(|t| t.key()).collect::<Vec<_>>().join(" ")
    );
    let _ = writeln!(out, "turns:     {}", game.turns().len());
    for line in game.lines() {
        match game.replay(&line) {
            Ok(replay) => {
                let _ = writeln!(
                    out,
                    "line {line}: {} plies, final {}",
                    replay.plies.len(),
                    replay.final_position()
                );
                for ply in &replay.plies {
                    for warning in &ply.warnings {
                        let _ =
                            writeln!(out, "  warning at {} {}: {warning}", ply.turn, ply.record);
                    }
                }
            }
            Err(err) => panic!("line {line} does not replay: {err}"),
        }
    }
    let _ = write!(out, "canonical:\n{canonical}");
}

#[test]
fn valid_fixtures() {
    insta::glob!("../../../fixtures/otn", "valid/*", |path| {
        let text = fixture_text(path);
        let mut out = String::new();
        let _ = writeln!(out, "input:     {text:?}");
        match extension_of(path) {
            "otp" => {
                let position: PositionRecord =
                    text.parse().unwrap_or_else(|e: gridnote_otn::ParseError| {
                        panic!("{} does not read:\n{}", path.display(), e.render(&text))
                    });
                describe_position(&mut out, &position);
            }
            "otr" => {
                let rules: TaflRules =
                    text.parse().unwrap_or_else(|e: gridnote_otn::ParseError| {
                        panic!("{} does not read:\n{}", path.display(), e.render(&text))
                    });
                assert_eq!(
                    rules.to_string().parse::<TaflRules>().as_ref(),
                    Ok(&rules),
                    "reads back"
                );
                let _ = writeln!(out, "canonical: {rules}");
                let _ = writeln!(
                    out,
                    "dim:       {}, attackers first: {}",
                    rules.dim(),
                    rules.attackers_first
                );
                let stated: Vec<&str> =
                    Key::ALL.iter().filter(|&&k| rules.states(k)).map(|k| k.name()).collect();
                let _ = writeln!(out, "stated:    {}", stated.join(" "));
                for (key, value) in &rules.unknown {
                    let _ = writeln!(out, "  unknown {key:?} = {value:?}");
                }
                describe_position(&mut out, &rules.start_position());
            }
            "otm" => {
                let record: MoveRecord =
                    text.parse().unwrap_or_else(|e: gridnote_otn::ParseError| {
                        panic!("{} does not read:\n{}", path.display(), e.render(&text))
                    });
                assert_eq!(record.to_string(), text, "move records are canonical as written");
                let _ = writeln!(out, "{record:#?}");
            }
            "otg" => {
                let game: Game = text.parse().unwrap_or_else(|e: gridnote_otn::ParseError| {
                    panic!("{} does not read:\n{}", path.display(), e.render(&text))
                });
                describe_game(&mut out, &game);
            }
            other => panic!("unexpected fixture extension {other}"),
        }
        insta::assert_snapshot!(out);
    });
}

#[test]
fn invalid_fixtures() {
    insta::glob!("../../../fixtures/otn", "invalid/*", |path| {
        let text = fixture_text(path);
        let (span, message) = match extension_of(path) {
            "otp" => {
                let e = text.parse::<PositionRecord>().expect_err("invalid fixture is rejected");
                (e.span(), e.to_string())
            }
            "otr" => {
                let e = text.parse::<TaflRules>().expect_err("invalid fixture is rejected");
                (e.span(), e.to_string())
            }
            "otm" => {
                let e = text.parse::<MoveRecord>().expect_err("invalid fixture is rejected");
                (e.span(), e.to_string())
            }
            "otg" => match text.parse::<Game>() {
                Err(e) => (e.span(), e.to_string()),
                Ok(game) => {
                    let err = game
                        .lines()
                        .iter()
                        .find_map(|line| game.replay(line).err())
                        .expect("invalid game fixture is rejected when read or replayed");
                    (err.span.clone(), err.to_string())
                }
            },
            other => panic!("unexpected fixture extension {other}"),
        };
        assert!(
            span.end <= text.len() && text.get(span.clone()).is_some(),
            "span inside the input"
        );
        insta::assert_snapshot!(format!("input: {text:?}\n{}", render(&text, span, &message)));
    });
}
