//! Perft of gridnote-tafl-rules beside the two tafl crates a Rust user would pick,
//! `hnefatafl-copenhagen` and bunburya's `hnefatafl`, from the same positions:
//! Copenhagen 11×11 (depth 3) and Brandubh 7×7 (depth 4), each from the start and from a
//! midgame (the same plies, legal under all three engines' rules, no capture).
//! `cargo xtask bench` builds it, counts each perft with callgrind, times it and writes
//! the figures into `docs/performance.md`.
//!
//! - `gridnote-bench-tafl ENGINE VARIANT DEPTH [start|midgame] [RUNS]` (ENGINE `gridnote`,
//!   `hnefatafl-copenhagen` or `hnefatafl`; VARIANT `copenhagen` or `brandubh`) runs the
//!   perft RUNS times (default 1) and prints `nodes=N nanos=T`: the leaf count and the
//!   fastest run's time.
//! - `gridnote-bench-tafl memory` prints, per engine and variant, `engine=E variant=V
//!   inline=I heap=H ply=P`: the bytes of the value its perft works on (inline, and on the heap as a
//!   copy of it allocates), and the bytes its perft adds per ply.
//!
//! Each engine's perft runs inside a function named `measured_*` (and only those are so
//! named: callgrind toggles on each entry), so that callgrind counts it alone:
//!
//! ```sh
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null --collect-atstart=no \
//!     '--toggle-collect=*measured_*' target/tafl-peers/release/gridnote-bench-tafl gridnote copenhagen 3
//! ```
//!
//! The engines' rules differ in details (each has its own Brandubh), so leaf counts differ
//! slightly; the comparison is per leaf.

#![deny(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use std::hint::black_box;

/// The midgames: Brandubh, then Copenhagen.
const MIDGAMES: [&str; 2] =
    ["d2-c2 c4-c3 b4-b3 d3-f3 f4-f5 d5-c5", "d1-d3 e5-c5 h1-h3 g7-i7 k8-i8 f8-f9 b6-b9 d6-d4"];

fn midgame(variant: &str) -> &'static str {
    MIDGAMES[usize::from(variant != "brandubh")]
}

/// The bytes allocated and not yet freed, for [`memory`].
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);

// The system allocator, counting the bytes live: the only unsafe code of this crate (the
// trait is unsafe to implement), forwarding each call unchanged.
#[allow(unsafe_code)]
// SAFETY: every call goes to `System` with the caller's arguments, so `System`'s
// guarantees hold; the counter has no effect on the memory handed out.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LIVE.fetch_add(layout.size(), Ordering::Relaxed);
        // SAFETY: the caller's contract for `alloc`, passed on.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: the caller's contract for `dealloc`, passed on.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The heap bytes a copy of `value` allocates (and keeps while it lives).
fn heap_of_copy<T: Clone>(value: &T) -> usize {
    let before = LIVE.load(Ordering::Relaxed);
    let copy = value.clone();
    let heap = LIVE.load(Ordering::Relaxed) - before;
    drop(std::hint::black_box(copy));
    heap
}

fn gridnote_position(variant: &str, mid: bool) -> gridnote_tafl_rules::Position {
    let rules = gridnote_tafl_rules::CompiledRules::preset(variant).expect("a preset");
    let mut pos = gridnote_tafl_rules::Position::start(&rules);
    if mid {
        for m in midgame(variant).split_whitespace() {
            pos.play_text(m).expect("a legal move");
        }
    }
    pos
}

fn gridnote(variant: &str, depth: u32, mid: bool) -> u64 {
    measured_gridnote(&gridnote_position(variant, mid), depth)
}

#[inline(never)]
fn measured_gridnote(pos: &gridnote_tafl_rules::Position, depth: u32) -> u64 {
    let n = black_box(pos).perft(depth);
    black_box(n)
}

fn copenhagen_game(variant: &str, mid: bool) -> hnefatafl_copenhagen::game::Game {
    use hnefatafl_copenhagen::board::{Board, BoardSize};
    use hnefatafl_copenhagen::game::{Game, PreviousBoards};
    let mut game = if variant == "brandubh" {
        Game {
            board: Board::new(BoardSize::_7),
            previous_boards: PreviousBoards::new(BoardSize::_7),
            ..Default::default()
        }
    } else {
        Game::default()
    };
    if mid {
        for (i, m) in midgame(variant).split_whitespace().enumerate() {
            let side = if i % 2 == 0 { "attacker" } else { "defender" };
            let (from, to) = m.split_once('-').expect("from-to");
            game.read_line(&format!("play {side} {from} {to}")).expect("a legal move");
        }
    }
    game
}

fn copenhagen_crate(variant: &str, depth: u32, mid: bool) -> u64 {
    measured_copenhagen_crate(&copenhagen_game(variant, mid), depth)
}

/// Perft through the crate's public game API: the legal plays, and a copy of the game for
/// each (it has no undo).
#[inline(never)]
fn measured_copenhagen_crate(game: &hnefatafl_copenhagen::game::Game, depth: u32) -> u64 {
    let n = copenhagen_crate_perft(black_box(game), depth);
    black_box(n)
}

fn copenhagen_crate_perft(g: &hnefatafl_copenhagen::game::Game, depth: u32) -> u64 {
    {
        use hnefatafl_copenhagen::play::Plae;
        use hnefatafl_copenhagen::status::Status;
        if depth == 0 {
            return 1;
        }
        if g.status != Status::Ongoing {
            return 0;
        }
        let plays: Vec<Plae> =
            g.all_legal_plays().into_iter().filter(|p| matches!(p, Plae::Play(_))).collect();
        if depth == 1 {
            return plays.len() as u64;
        }
        plays
            .iter()
            .map(|p| {
                let mut next = g.clone();
                next.play(p).expect("a legal play");
                copenhagen_crate_perft(&next, depth - 1)
            })
            .sum()
    }
}

fn hnefatafl_crate(variant: &str, depth: u32, mid: bool) -> u64 {
    use hnefatafl::aliases::{MediumBasicBoardState, SmallBasicBoardState};
    use hnefatafl::board::state::BoardState;
    use hnefatafl::game::Game;
    use hnefatafl::preset::{boards, rules};
    fn run<B: BoardState>(mut game: Game<B>, moves: Option<&str>, depth: u32) -> u64 {
        for m in moves.unwrap_or("").split_whitespace() {
            game.do_play(m.parse().expect("a play")).expect("a legal play");
        }
        measured_hnefatafl_crate(&game.logic, game.state, depth)
    }
    let moves = mid.then(|| midgame(variant));
    if variant == "brandubh" {
        let game = Game::<SmallBasicBoardState>::new(rules::BRANDUBH, boards::BRANDUBH);
        run(game.expect("the preset"), moves, depth)
    } else {
        let game = Game::<MediumBasicBoardState>::new(rules::COPENHAGEN, boards::COPENHAGEN);
        run(game.expect("the preset"), moves, depth)
    }
}

/// Perft through the crate's game logic: plays of each piece of the side to play, each
/// applied to a copy of the (`Copy`) state.
#[inline(never)]
fn measured_hnefatafl_crate<B: hnefatafl::board::state::BoardState>(
    logic: &hnefatafl::game::logic::GameLogic<B>,
    state: hnefatafl::game::state::GameState<B>,
    depth: u32,
) -> u64 {
    let n = hnefatafl_crate_perft(logic, black_box(state), depth);
    black_box(n)
}

fn hnefatafl_crate_perft<B: hnefatafl::board::state::BoardState>(
    logic: &hnefatafl::game::logic::GameLogic<B>,
    state: hnefatafl::game::state::GameState<B>,
    depth: u32,
) -> u64 {
    {
        use hnefatafl::game::GameStatus;
        if depth == 0 {
            return 1;
        }
        if state.status != GameStatus::Ongoing {
            return 0;
        }
        let mut total = 0;
        for tile in state.board.occupied_by_side(state.side_to_play) {
            for play in logic.iter_plays(tile, &state).expect("a piece") {
                total += if depth == 1 {
                    1
                } else {
                    hnefatafl_crate_perft(
                        logic,
                        logic.do_valid_play(play, state).new_state,
                        depth - 1,
                    )
                };
            }
        }
        total
    }
}

/// `memory`: per engine and variant, the value its perft works on (inline and heap bytes
/// of a copy) and what a ply of its perft copies or pushes besides its move list: an
/// `Undo` and a history entry for gridnote, which makes and unmakes one position; a copy
/// of the state (bunburya's `hnefatafl`) or of the game (`hnefatafl-copenhagen`) for the
/// peers, which have no undo.
fn memory() {
    use hnefatafl::aliases::{MediumBasicBoardState, SmallBasicBoardState};
    use hnefatafl::game::state::GameState;
    use std::mem::size_of;
    for variant in ["copenhagen", "brandubh"] {
        let pos = gridnote_position(variant, false);
        let ply = size_of::<gridnote_tafl_rules::Undo>() + size_of::<u64>();
        let heap = heap_of_copy(&pos);
        let inline = size_of::<gridnote_tafl_rules::Position>();
        println!("engine=gridnote variant={variant} inline={inline} heap={heap} ply={ply}");
        let state = if variant == "brandubh" {
            size_of::<GameState<SmallBasicBoardState>>()
        } else {
            size_of::<GameState<MediumBasicBoardState>>()
        };
        println!("engine=hnefatafl variant={variant} inline={state} heap=0 ply={state}");
        let game = copenhagen_game(variant, false);
        let inline = size_of::<hnefatafl_copenhagen::game::Game>();
        let heap = heap_of_copy(&game);
        let ply = inline + heap;
        println!(
            "engine=hnefatafl-copenhagen variant={variant} inline={inline} heap={heap} ply={ply}"
        );
    }
}

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: gridnote-bench-tafl gridnote|hnefatafl-copenhagen|hnefatafl \
                 copenhagen|brandubh DEPTH [start|midgame] [RUNS], or gridnote-bench-tafl memory";
    if args.len() == 2 && args[1] == "memory" {
        memory();
        return std::process::ExitCode::SUCCESS;
    }
    let (Some(engine), Some(variant), Some(depth)) = (args.get(1), args.get(2), args.get(3)) else {
        eprintln!("{usage}");
        return std::process::ExitCode::FAILURE;
    };
    let Ok(depth) = depth.parse::<u32>() else {
        eprintln!("{usage}");
        return std::process::ExitCode::FAILURE;
    };
    let mid = match args.get(4).map(String::as_str) {
        None | Some("start") => false,
        Some("midgame") => true,
        Some(_) => {
            eprintln!("{usage}");
            return std::process::ExitCode::FAILURE;
        }
    };
    let Ok(runs) = args.get(5).map_or(Ok(1), |r| r.parse::<u32>()) else {
        eprintln!("{usage}");
        return std::process::ExitCode::FAILURE;
    };
    let perft: fn(&str, u32, bool) -> u64 = match engine.as_str() {
        "gridnote" => gridnote,
        "hnefatafl-copenhagen" => copenhagen_crate,
        "hnefatafl" => hnefatafl_crate,
        _ => {
            eprintln!("{usage}");
            return std::process::ExitCode::FAILURE;
        }
    };
    if !matches!(variant.as_str(), "copenhagen" | "brandubh") {
        eprintln!("{usage}");
        return std::process::ExitCode::FAILURE;
    }
    let mut nodes = 0;
    let mut fastest = u128::MAX;
    for _ in 0..runs.max(1) {
        // The time includes setting the position up (a few plies), as callgrind's count
        // does not: negligible beside the perft.
        let start = Instant::now();
        nodes = perft(variant, depth, mid);
        fastest = fastest.min(start.elapsed().as_nanos());
    }
    println!("nodes={nodes} nanos={fastest}");
    std::process::ExitCode::SUCCESS
}
