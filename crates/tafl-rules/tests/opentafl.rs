//! gridnote-tafl-rules against OpenTafl's engine: the reference data under
//! `fixtures/tafl-rules/opentafl/`, generated with `tools/opentafl-harness`.

use std::collections::HashMap;
use std::fs;

use gridnote_tafl_rules::{Position, Rules};
use serde_json::Value;

fn folder() -> std::path::PathBuf {
    gridnote_testkit::workspace_root().join("fixtures/tafl-rules/opentafl")
}

fn lines(name: &str) -> Vec<Value> {
    let text = fs::read_to_string(folder().join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{name}: {e}: {l}")))
        .collect()
}

/// Every variant's rules record, by the variant's name.
fn variants() -> HashMap<String, String> {
    lines("variants.jsonl")
        .into_iter()
        .map(|v| {
            (v["variant"].as_str().unwrap().to_owned(), v["record"].as_str().unwrap().to_owned())
        })
        .collect()
}

#[test]
fn every_variant_record_compiles() {
    let variants = variants();
    assert!(variants.len() >= 14, "{} variants", variants.len());
    for (name, record) in &variants {
        let rules = Rules::from_otn(record).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(!Position::start(&rules).legal_moves().is_empty(), "{name}");
    }
}

#[test]
fn perft_from_the_start_matches_opentafl() {
    let variants = variants();
    let mut checked = 0;
    for entry in fs::read_dir(folder()).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_owned();
        if !name.starts_with("perft-") {
            continue;
        }
        for line in lines(&name) {
            let variant = line["variant"].as_str().unwrap();
            let depth = line["depth"].as_u64().unwrap() as u32;
            let nodes = line["nodes"].as_u64().unwrap();
            // The preset of that name is exactly OpenTafl's record.
            let preset = gridnote_tafl_rules::board::tafl::TaflRules::preset(variant).unwrap();
            assert_eq!(preset.to_string(), variants[variant], "{variant}");
            let rules = Rules::preset(variant).unwrap();
            let pos = Position::start(&rules);
            assert_eq!(pos.perft(depth), nodes, "{variant} perft({depth})");
            checked += 1;
        }
    }
    assert!(checked >= 40, "{checked} perft counts");
}

/// The side letter of the side to move.
fn side_letter(pos: &Position) -> &'static str {
    if pos.to_move().index() == 0 { "a" } else { "d" }
}

fn outcome_word(o: gridnote_tafl_rules::Outcome) -> &'static str {
    use gridnote_tafl_rules::{Outcome, board::Player};
    match o {
        Outcome::Ongoing => "none",
        Outcome::Won { winner: Player::One, .. } => "attackers",
        Outcome::Won { .. } => "defenders",
        Outcome::Drawn { .. } => "draw",
        _ => "unknown",
    }
}

fn squares(v: &Value) -> Vec<String> {
    let none = Vec::new();
    let mut out: Vec<String> =
        v.as_array().unwrap_or(&none).iter().map(|s| s.as_str().unwrap().to_owned()).collect();
    out.sort();
    out
}

/// Replays OpenTafl's random games (`playout` lines of the harness) and checks every ply:
/// the side to move, the number of legal moves, every capturing move with its captures,
/// the captures of the move played, the position after it and the outcome.
fn check_playouts(record: &str, games: &[Value]) -> usize {
    let rules = Rules::from_otn(record).unwrap();
    let mut pos = Position::start(&rules);
    let mut plies = 0;
    for line in games {
        if line.get("start").is_some() {
            pos = Position::start(&rules);
            assert_eq!(pos.otn(), line["start"].as_str().unwrap());
            continue;
        }
        let Some(mv) = line.get("move").and_then(Value::as_str) else { continue };
        let game = &line["game"];
        let ply = &line["ply"];
        let here = format!("{record}: game {game} ply {ply} ({mv}) from {}", pos.otn());
        assert_eq!(side_letter(&pos), line["side"].as_str().unwrap(), "{here}");
        let moves = pos.legal_moves();
        assert_eq!(moves.len() as u64, line["legal"].as_u64().unwrap(), "{here}");
        let mut capturing: Vec<(String, Vec<String>)> = Vec::new();
        for &m in &moves {
            let mut copy = pos.clone();
            let played = copy.play(m).unwrap();
            if !played.captures.is_empty() {
                let mut caps: Vec<String> =
                    played.captures.iter().map(|(s, _)| s.to_string()).collect();
                caps.sort();
                capturing.push((m.to_string(), caps));
            }
        }
        capturing.sort();
        let none = Vec::new();
        // Each capturing move is an object (`move`, `captures`: every capture) or
        // OpenTafl's move text (which leaves shieldwall and Linnaean captures out: the
        // text is checked with parse_move, which allows that, and the move's captures
        // with the engine's).
        let mut expected: Vec<(String, Vec<String>)> = line["capturing"]
            .as_array()
            .unwrap_or(&none)
            .iter()
            .map(|c| match c.as_str() {
                Some(text) => {
                    let m = pos.parse_move(text).unwrap_or_else(|e| panic!("{here}: {e}"));
                    let mine = capturing.iter().find(|(s, _)| *s == m.to_string());
                    (m.to_string(), mine.map(|(_, c)| c.clone()).unwrap_or_default())
                }
                None => {
                    let m: gridnote_tafl_rules::Move = c["move"].as_str().unwrap().parse().unwrap();
                    (m.to_string(), squares(&c["captures"]))
                }
            })
            .collect();
        expected.sort();
        assert_eq!(capturing, expected, "{here}: capturing moves");
        // OpenTafl's move text leaves shieldwall and Linnaean captures out; parse_move
        // accepts that.
        let m = pos.parse_move(mv).unwrap_or_else(|e| panic!("{here}: {e}"));
        let played = pos.play(m).unwrap();
        let caps: Vec<String> = {
            let mut c: Vec<String> = played.captures.iter().map(|(s, _)| s.to_string()).collect();
            c.sort();
            c
        };
        assert_eq!(caps, squares(&line["captures"]), "{here}: captures");
        assert_eq!(pos.otn(), line["position"].as_str().unwrap(), "{here}: position after");
        let expected = line.get("outcome").and_then(Value::as_str).unwrap_or("none");
        assert_eq!(outcome_word(played.outcome), expected, "{here}: outcome");
        plies += 1;
    }
    plies
}

#[test]
fn random_games_match_opentafl() {
    // TAFL_PLAYOUTS names another folder of harness playouts to check.
    let dir = std::env::var("TAFL_PLAYOUTS")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|_| folder().join("../playouts"));
    assert!(playouts_in(&dir) > 0, "no playouts under {}", dir.display());
}

#[test]
fn random_games_under_random_rules_match_opentafl() {
    let plies = playouts_in(&folder().join("../playouts/random"));
    assert!(plies >= 2_000, "{plies} plies");
}

fn playouts_in(dir: &std::path::Path) -> usize {
    // The folder's own variants.jsonl names its records, if it has one.
    let variants: HashMap<String, String> = match fs::read_to_string(dir.join("variants.jsonl")) {
        Ok(text) => text
            .lines()
            .map(|l| serde_json::from_str::<Value>(l).unwrap())
            .map(|v| {
                (
                    v["variant"].as_str().unwrap().to_owned(),
                    v["record"].as_str().unwrap().to_owned(),
                )
            })
            .collect(),
        Err(_) => variants(),
    };
    let mut plies = 0;
    for (name, record) in &variants {
        let path = dir.join(format!("play-{name}.jsonl"));
        let Ok(text) = fs::read_to_string(&path) else { continue };
        let games: Vec<Value> = text
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{name}: {e}")))
            .collect();
        plies += check_playouts(record, &games);
    }
    plies
}

#[test]
fn the_perft_table_of_the_docs() {
    // fixtures/tafl-rules/perft.jsonl is the table of docs/tafl-rules.md; the cheaper
    // half of it (up to 20 million leaves) is counted again here.
    let text = fs::read_to_string(folder().join("../perft.jsonl")).unwrap();
    let mut checked = 0;
    for line in text.lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        let (variant, depth, nodes) = (
            v["variant"].as_str().unwrap(),
            v["depth"].as_u64().unwrap() as u32,
            v["nodes"].as_u64().unwrap(),
        );
        if nodes > 20_000_000 {
            continue;
        }
        let pos = Position::start(&Rules::preset(variant).unwrap());
        assert_eq!(pos.perft(depth), nodes, "{variant} perft({depth})");
        checked += 1;
    }
    assert!(checked >= 40, "{checked}");
}
