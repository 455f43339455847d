//! The search on every OpenTafl variant (the records of
//! `fixtures/tafl-rules/opentafl/variants.jsonl`): over random games, every move it
//! answers is legal, and it answers one exactly when the game goes on.

use gridnote_tafl_rules::{CompiledRules, Position};
use gridnote_tafl_search::{Limits, Searcher, Weights};

fn variants() -> Vec<(String, String)> {
    let path =
        gridnote_testkit::workspace_root().join("fixtures/tafl-rules/opentafl/variants.jsonl");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("a JSON line");
            (v["variant"].as_str().unwrap().to_owned(), v["record"].as_str().unwrap().to_owned())
        })
        .collect()
}

#[test]
fn never_an_illegal_move_on_any_variant() {
    let variants = variants();
    assert_eq!(variants.len(), 14);
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut positions = 0;
    for (name, record) in &variants {
        let rules = record.parse::<CompiledRules>().unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut searcher = Searcher::new(1 << 14, Weights::default());
        for game in 0..4 {
            let mut pos = Position::start(&rules);
            for ply in 0..60 {
                // Half the searches shallow and wide, half a few hundred nodes deep.
                let limits =
                    if ply % 2 == 0 { Limits::depth(1) } else { Limits::depth(6).with_nodes(300) };
                let found = searcher.search(&pos, &limits);
                positions += 1;
                if pos.outcome().is_over() || pos.legal_moves().is_empty() {
                    assert_eq!(found.best, None, "{name} game {game} ply {ply}");
                    break;
                }
                let best =
                    found.best.unwrap_or_else(|| panic!("{name} game {game} ply {ply}: no move"));
                assert!(pos.is_legal(best), "{name} {} {best}", pos.otn());
                for &m in &found.pv {
                    assert_ne!(m.from, m.to);
                }
                // The game goes on by a random move (xorshift), or now and then the
                // engine's own.
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let moves = pos.legal_moves();
                let m =
                    if state % 4 == 0 { best } else { moves[(state >> 8) as usize % moves.len()] };
                pos.make(m);
            }
        }
    }
    assert!(positions >= 2_000, "{positions} positions");
}
