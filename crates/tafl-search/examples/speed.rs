//! The search's speed against the rules engine's: nodes a second of a timed search from
//! the start of Brandubh and Copenhagen, and perft's leaves a second on the same positions.
//!
//! `cargo run --release -p gridnote-tafl-search --example speed [MILLIS]`

use std::time::{Duration, Instant};

use gridnote_tafl_rules::{CompiledRules, Position};
use gridnote_tafl_search::{Limits, Searcher, Weights};

fn main() {
    let millis: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(2000);
    for (name, rules, depth) in
        [("brandubh", CompiledRules::brandubh(), 4), ("copenhagen", CompiledRules::copenhagen(), 3)]
    {
        let pos = Position::start(&rules);
        let mut searcher = Searcher::new(1 << 20, Weights::default());
        let found = searcher.search(&pos, &Limits::time(Duration::from_millis(millis)));
        let nps = found.nodes as f64 / found.elapsed.as_secs_f64();
        let t = Instant::now();
        let leaves = pos.perft(depth);
        let perft = leaves as f64 / t.elapsed().as_secs_f64();
        println!(
            "{name}: search {} nodes in {:?} (depth {}, best {}): {nps:.0} nodes/s; perft({depth}) {leaves} leaves: {perft:.0} leaves/s; ratio {:.1}",
            found.nodes,
            found.elapsed,
            found.depth,
            found.best.map_or_else(|| "-".into(), |m| m.to_string()),
            perft / nps
        );
    }
}
