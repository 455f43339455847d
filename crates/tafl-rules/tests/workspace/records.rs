//! Game records checked against the rules: OpenTafl's own records (main lines, from
//! `fixtures/tafl-rules/opentafl/replays.jsonl`) as OpenTafl writes them, plain move
//! lists, and records with an illegal move, a missing or an extra capture.

use std::fs;

use gridnote_tafl_rules::board::Player;
use gridnote_tafl_rules::{
    CaptureText, CompiledRules, IllegalMove, LineEnd, MoveRecord, MoveText, Outcome, Position,
    Reason, Square, check_line,
};
use serde_json::Value;

/// Move records read by the model's reader.
fn records<S: AsRef<str>>(texts: &[S]) -> Vec<MoveRecord> {
    texts
        .iter()
        .map(|t| t.as_ref().parse().unwrap_or_else(|e| panic!("{}: {e}", t.as_ref())))
        .collect()
}

/// The moves (not resignations) of `records`.
fn moves_of(records: &[MoveRecord]) -> Vec<&MoveText> {
    records
        .iter()
        .filter_map(|r| match r {
            MoveRecord::Move(m) => Some(m),
            _ => None,
        })
        .collect()
}

/// Each game of `replays.jsonl`: its rules record, its move records and its end.
fn opentafl_games() -> Vec<(String, String, Vec<String>, String)> {
    let path =
        gridnote_testkit::workspace_root().join("fixtures/tafl-rules/opentafl/replays.jsonl");
    let text = fs::read_to_string(path).unwrap();
    let mut games: Vec<(String, String, Vec<String>, String)> = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: Value = serde_json::from_str(line).unwrap();
        let path = v["path"].as_str().unwrap().to_owned();
        if let Some(rules) = v.get("rules").and_then(Value::as_str) {
            games.push((path, rules.to_owned(), Vec::new(), String::new()));
        } else if let Some(end) = v.get("end").and_then(Value::as_str) {
            games.last_mut().unwrap().3 = end.to_owned();
        } else {
            games.last_mut().unwrap().2.push(v["record"].as_str().unwrap().to_owned());
        }
    }
    games
}

#[test]
fn opentafl_records_check_as_opentafl_writes_them() {
    let games = opentafl_games();
    let mut plies = 0;
    for (path, rules, moves, end) in &games {
        let rules = rules.parse::<CompiledRules>().unwrap();
        let typed = records(moves);
        let captures = CaptureText::of(moves_of(&typed));
        // Every game with a capture lists it (none is a plain list).
        let captured = moves.iter().any(|m| m.contains('x'));
        assert_eq!(captures == CaptureText::Listed, captured, "{path}");
        let line = check_line(Position::start(&rules), &typed, captures)
            .unwrap_or_else(|e| panic!("{path}: move {}: {e}", e.index + 1));
        let LineEnd::Rules(outcome) = line.end else { panic!("{path}: no resignation here") };
        assert_eq!(outcome.ends(), if end == "none" { "none" } else { end.as_str() }, "{path}");
        plies += line.played.len();
    }
    assert!(games.len() >= 15 && plies >= 400, "{} games, {plies} plies", games.len());
}

#[test]
fn opentafl_records_as_plain_move_lists_replay_the_same() {
    // The same games with every capture and piece letter taken out: the rules compute
    // the captures, and every position after a move is the one the full record gives.
    for (path, rules, moves, _) in opentafl_games() {
        let rules = rules.parse::<CompiledRules>().unwrap();
        let plain: Vec<String> = moves
            .iter()
            .map(|m| {
                let m = m.split('x').next().unwrap();
                // A piece letter comes before a square's file letter.
                if m.as_bytes()[1].is_ascii_alphabetic() { m[1..].to_owned() } else { m.to_owned() }
            })
            .collect();
        assert!(plain.iter().all(|m| !m.contains('x')));
        let full =
            check_line(Position::start(&rules), &records(&moves), CaptureText::Listed).unwrap();
        let plain = records(&plain);
        let computed =
            check_line(Position::start(&rules), &plain, CaptureText::of(moves_of(&plain)))
                .unwrap_or_else(|e| panic!("{path}: move {}: {e}", e.index + 1));
        assert_eq!(computed.position, full.position, "{path}");
        assert_eq!(computed.end, full.end, "{path}");
        let texts = |l: &gridnote_tafl_rules::CheckedLine| -> Vec<String> {
            l.played.iter().map(|p| p.text.clone()).collect()
        };
        assert_eq!(texts(&computed), texts(&full), "{path}");
    }
}

/// Brandubh, the defenders to move: a defender on a4, an attacker on b4, the king on d4
/// (`Kd4-c4` takes b4 between the king and a4).
const POSITION: &str = "/7/7/7/Tt1K3/7/7/7/";

fn start() -> Position {
    Position::from_record(&CompiledRules::brandubh(), POSITION, Player::Two).unwrap()
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

#[test]
fn a_missing_capture_is_named_in_a_record_that_lists_captures() {
    // Kd4-c4 takes b4 (between the king and the defender on a4).
    let err = check_line(start(), &records(&["Kd4-c4"]), CaptureText::Listed).unwrap_err();
    assert_eq!(err.index, 0);
    assert_eq!(
        err.problem,
        IllegalMove::Captures {
            mv: "d4-c4".parse().unwrap(),
            missing: vec![sq("b4")],
            extra: vec![]
        }
    );
    assert_eq!(err.to_string(), "d4-c4: the rules capture b4 (missing from the text)");
}

#[test]
fn an_extra_capture_is_named() {
    let err = check_line(start(), &records(&["Kd4-c4xb4/a4"]), CaptureText::Listed).unwrap_err();
    assert_eq!(err.to_string(), "d4-c4: the text lists a4, which the rules do not capture");
    // Both at once: one left out, one too many.
    let err = check_line(start(), &records(&["Kd4-c4xa4"]), CaptureText::Computed).unwrap_err();
    assert_eq!(
        err.problem,
        IllegalMove::Captures {
            mv: "d4-c4".parse().unwrap(),
            missing: vec![sq("b4")],
            extra: vec![sq("a4")]
        }
    );
    assert_eq!(
        err.to_string(),
        "d4-c4: the rules capture b4 (missing from the text); the text lists a4, which the rules do not capture"
    );
}

#[test]
fn an_illegal_move_a_wrong_piece_and_moves_after_the_end_are_refused() {
    let moves = &records(&["d4-d5", "b4-c5"]);
    let err = check_line(start(), moves, CaptureText::Listed).unwrap_err();
    assert_eq!(
        (err.index, err.to_string()),
        (1, "b4-c5 is not a legal move for the attackers".to_owned())
    );
    let err = check_line(start(), &records(&["Cd4-d5"]), CaptureText::Listed).unwrap_err();
    assert_eq!(err.to_string(), "d4-d5: the text names the piece `C`, but `K` stands on d4");
    // Kd4-d7 reaches no corner; the king on g7 would: g4-g7 after d4-g4 is an escape.
    let line =
        check_line(start(), &records(&["d4-g4", "b4-b5", "g4-g7"]), CaptureText::Listed).unwrap();
    assert_eq!(
        line.end,
        LineEnd::Rules(Outcome::Won { winner: Player::Two, reason: Reason::KingEscaped })
    );
    assert_eq!(line.end.to_string(), "the defenders win: the king escaped");
    assert!(line.end.agrees(Some(Player::Two)) && !line.end.agrees(None));
    let more = &records(&["d4-g4", "b4-b5", "g4-g7", "b5-b6"]);
    let err = check_line(start(), more, CaptureText::Listed).unwrap_err();
    assert_eq!(
        (err.index, err.to_string()),
        (3, "the game is already over (the defenders win: the king escaped)".to_owned())
    );
    let err = check_line(start(), &records(&["---", "b4-b5"]), CaptureText::Listed).unwrap_err();
    assert_eq!(
        (err.index, err.to_string()),
        (1, "the defenders resigned: the line cannot go on".to_owned())
    );
}

#[test]
fn opentafl_move_texts_of_random_games_under_random_rules_check_clean() {
    // The random games of `playouts/random` (40 random rules records with every role,
    // berserk, jumps, shieldwalls, Linnaean captures), each move as OpenTafl writes it:
    // read as a record that lists captures, every game replays with OpenTafl's captures
    // and ends where OpenTafl ends it.
    let dir = gridnote_testkit::workspace_root().join("fixtures/tafl-rules/playouts/random");
    let variants = fs::read_to_string(dir.join("variants.jsonl")).unwrap();
    let (mut games, mut plies) = (0, 0);
    for line in variants.lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        let (name, record) = (v["variant"].as_str().unwrap(), v["record"].as_str().unwrap());
        let rules = record.parse::<CompiledRules>().unwrap();
        let text = fs::read_to_string(dir.join(format!("play-{name}.jsonl"))).unwrap();
        let rows: Vec<Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        let mut start = None;
        let mut moves: Vec<(String, Vec<String>)> = Vec::new();
        for row in rows {
            if let Some(s) = row.get("start").and_then(Value::as_str) {
                let side = if row["to_move"] == "a" { Player::One } else { Player::Two };
                start = Some(Position::from_record(&rules, s, side).unwrap());
                moves.clear();
            } else if let Some(end) = row.get("end").and_then(Value::as_str) {
                let here = format!("{name} game {}", row["game"]);
                let texts: Vec<&str> = moves.iter().map(|(m, _)| m.as_str()).collect();
                let line = check_line(
                    start.take().expect("a game opens with its start"),
                    &records(&texts),
                    CaptureText::Listed,
                )
                .unwrap_or_else(|e| panic!("{here}: ply {}: {e}", e.index + 1));
                for (played, (text, expected)) in line.played.iter().zip(&moves) {
                    let mut got: Vec<String> =
                        played.captures.iter().map(|(s, _)| s.to_string()).collect();
                    got.sort();
                    let mut expected = expected.clone();
                    expected.sort();
                    assert_eq!(got, expected, "{here}: {text}");
                }
                assert_eq!(line.position.otn(), row["position"].as_str().unwrap(), "{here}");
                let LineEnd::Rules(outcome) = line.end else {
                    panic!("{here}: no resignation in a playout")
                };
                let ends = outcome.ends();
                // A game the harness stopped (at its ply limit, or with no legal move) goes
                // on under the rules.
                let end = if matches!(end, "max_plies" | "no_moves") { "none" } else { end };
                assert_eq!(ends, end, "{here}");
                games += 1;
                plies += moves.len();
            } else if let Some(m) = row.get("move").and_then(Value::as_str) {
                let captures = row["captures"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|c| c.as_str().unwrap().to_owned());
                moves.push((m.to_owned(), captures.collect()));
            }
        }
    }
    assert!(games >= 40 && plies >= 2000, "{games} games, {plies} plies");
}
