//! Game records with variations, built from the bytes: a Brandubh main line of legal
//! moves and variations branching from it (and from each other), each turn written as
//! OpenTafl writes it, `.....` placeholders included. The record reads; its canonical text
//! reads back as the same game; every line lays out and replays without rules; and the
//! rules engine checks every line to the position the rule-free replay reaches.
#![no_main]

use gridnote_board::tafl::{Game, LinePath, MoveRecord, TaflRules};
use gridnote_tafl_rules::{CaptureText, CompiledRules, Position, check_line};
use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;
use common::Bytes;

/// Up to `plies` legal moves from `pos`, chosen by the bytes, as OpenTafl writes them.
fn line(b: &mut Bytes<'_>, mut pos: Position, plies: usize) -> Vec<String> {
    let mut out = Vec::new();
    for _ in 0..plies {
        if pos.outcome().is_over() {
            break;
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let played = pos.play(moves[b.below(moves.len())]).expect("a listed move is legal");
        out.push(played.text);
    }
    out
}

/// The turns of a line of `moves` whose turn 1 is `address(1)`: two moves a turn, the
/// first `skip` slots placeholders.
fn turns(out: &mut String, address: impl Fn(usize) -> String, skip: usize, moves: &[String]) {
    let slots: Vec<String> =
        std::iter::repeat_n(".....".to_owned(), skip).chain(moves.iter().cloned()).collect();
    for (i, pair) in slots.chunks(2).enumerate() {
        out.push_str(&format!("\n{} {}\n", address(i + 1), pair.join(" ")));
    }
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes(data);
    let typed = TaflRules::preset("brandubh").expect("a preset");
    let rules = CompiledRules::new(&typed).expect("compiles");
    let start = Position::start(&rules);
    let main_plies = 2 + b.below(30);
    let main = line(&mut b, start.clone(), main_plies);
    let mut text = format!("[rules:{typed}]\n");
    turns(&mut text, |n| format!("{n}."), 0, &main);
    // Variations of the main line: at turn T, after `skip` of its moves (0 or 1).
    for v in 1..=b.below(6) {
        if main.len() < 2 {
            break;
        }
        let at = b.below(main.len());
        let (turn, skip) = (at / 2 + 1, at % 2);
        let mut pos = start.clone();
        for m in &main[..at] {
            pos.play_text(m).expect("the main line replays");
        }
        let plies = 1 + b.below(8);
        let moves = line(&mut b, pos, plies);
        if moves.is_empty() {
            continue;
        }
        turns(&mut text, |n| format!("{turn}a.{v}.{n}a."), skip, &moves);
    }
    let game: Game = text.parse().unwrap_or_else(|e| panic!("{text:?}: {e}"));
    let canonical = game.to_string();
    assert_eq!(canonical.parse::<Game>().as_ref(), Ok(&game), "{text:?}");
    for path in game.lines() {
        let moves = game.line_moves(&path).unwrap_or_else(|e| panic!("{path}: {e}\n{text}"));
        let replay = game.replay(&path).unwrap_or_else(|e| panic!("{path}: {e}\n{text}"));
        assert_eq!(replay.plies.len(), moves.len());
        let checked =
            check_line(start.clone(), moves.iter().map(|m| &m.record), CaptureText::Listed)
                .unwrap_or_else(|e| panic!("{path}: move {}: {e}\n{text}", e.index + 1));
        assert_eq!(&checked.position.record(), replay.final_position(), "{path}\n{text}");
        if path == LinePath::MAIN {
            assert!(moves.iter().all(|m| matches!(m.record, MoveRecord::Move(_))));
        }
    }
});
