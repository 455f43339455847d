//! Prints perft counts of a rules record's start position: `perft "RULES" DEPTH`.
use gridnote_tafl_rules::{CompiledRules, Position};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rules = args[1].parse::<CompiledRules>().expect("rules");
    let depth: u32 = args[2].parse().expect("depth");
    let pos = Position::start(&rules);
    for d in 1..=depth {
        println!("{d} {}", pos.perft(d));
    }
}
