//! Perft of gridnote-tafl-rules beside the two tafl crates a Rust user would pick,
//! `hnefatafl-copenhagen` and bunburya's `hnefatafl`, from the same positions:
//! Copenhagen 11×11 (depth 3) and Brandubh 7×7 (depth 4), each from the start and from a
//! midgame (the same plies, legal under all three engines' rules, no capture).
//!
//! `gridnote-bench-tafl ENGINE VARIANT DEPTH [midgame]` (ENGINE `gridnote`,
//! `hnefatafl-copenhagen` or `hnefatafl`; VARIANT `copenhagen` or `brandubh`) prints the
//! leaf count. Each engine's perft runs inside a function named `measured_*` (and only
//! those are so named: callgrind toggles on each entry), so that callgrind counts it alone:
//!
//! ```sh
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null --collect-atstart=no \
//!     '--toggle-collect=*measured_*' bench/tafl-peers/target/release/gridnote-bench-tafl gridnote copenhagen 3
//! ```
//!
//! The engines' rules differ in details (each has its own Brandubh), so leaf counts differ
//! slightly; the comparison is per leaf. Build: `cargo build --release --manifest-path bench/tafl-peers/Cargo.toml`.

use std::hint::black_box;

/// The midgames: Brandubh, then Copenhagen.
const MIDGAMES: [&str; 2] =
    ["d2-c2 c4-c3 b4-b3 d3-f3 f4-f5 d5-c5", "d1-d3 e5-c5 h1-h3 g7-i7 k8-i8 f8-f9 b6-b9 d6-d4"];

fn midgame(variant: &str) -> &'static str {
    MIDGAMES[usize::from(variant != "brandubh")]
}

fn gridnote(variant: &str, depth: u32, mid: bool) -> u64 {
    let rules = gridnote_tafl_rules::Rules::preset(variant).expect("a preset");
    let mut pos = gridnote_tafl_rules::Position::start(&rules);
    if mid {
        for m in midgame(variant).split_whitespace() {
            pos.play_text(m).expect("a legal move");
        }
    }
    measured_gridnote(&pos, depth)
}

#[inline(never)]
fn measured_gridnote(pos: &gridnote_tafl_rules::Position, depth: u32) -> u64 {
    let n = black_box(pos).perft(depth);
    black_box(n)
}

fn copenhagen_crate(variant: &str, depth: u32, mid: bool) -> u64 {
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
    measured_copenhagen_crate(&game, depth)
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

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: gridnote-bench-tafl gridnote|hnefatafl-copenhagen|hnefatafl \
                 copenhagen|brandubh DEPTH [midgame]";
    let (Some(engine), Some(variant), Some(depth)) = (args.get(1), args.get(2), args.get(3)) else {
        eprintln!("{usage}");
        return std::process::ExitCode::FAILURE;
    };
    let Ok(depth) = depth.parse::<u32>() else {
        eprintln!("{usage}");
        return std::process::ExitCode::FAILURE;
    };
    if !matches!(variant.as_str(), "copenhagen" | "brandubh") {
        eprintln!("{usage}");
        return std::process::ExitCode::FAILURE;
    }
    let mid = args.get(4).is_some_and(|a| a == "midgame");
    let nodes = match engine.as_str() {
        "gridnote" => gridnote(variant, depth, mid),
        "hnefatafl-copenhagen" => copenhagen_crate(variant, depth, mid),
        "hnefatafl" => hnefatafl_crate(variant, depth, mid),
        _ => {
            eprintln!("{usage}");
            return std::process::ExitCode::FAILURE;
        }
    };
    println!("{nodes}");
    std::process::ExitCode::SUCCESS
}
