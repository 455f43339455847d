//! `divide "RULES" DEPTH "moves"`: perft split by first move after plain moves.
use gridnote_tafl_rules::{CompiledRules, Position};
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let rules = a[1].parse::<CompiledRules>().unwrap();
    let mut pos = Position::start(&rules);
    for m in a.get(3).map(String::as_str).unwrap_or("").split_whitespace() {
        pos.play(m.parse().unwrap()).unwrap();
    }
    for (m, n) in pos.divide(a[2].parse().unwrap()) {
        println!("{m} {n}");
    }
}
