//! `st3p::serve`: commands answered while the engine thinks, in order otherwise.

use std::sync::mpsc;

use gridnote_engine::st3p::{Options, serve};
use gridnote_protocol::st3p::{Reply, T3en};

use crate::support::{ChannelWriter, Engine, Lines};

/// 15×15, five in a row, one stone in the middle: the big-board engine searches until
/// its deadline.
const GOMOKU: &str = "15_/15_/15_/15_/15_/15_/15_/7_x7_/15_/15_/15_/15_/15_/15_/15_ o";

/// Ten minutes: far beyond the tests' patience.
const LONG: &str = "time ms:600000";

fn engine() -> (Engine<Result<(), gridnote_engine::ServeError>>, Lines) {
    let (err, err_bytes) = mpsc::channel();
    let engine = Engine::start(move |input, out| {
        serve(input, out, ChannelWriter(err), &Options::default().with_table_bytes(1 << 20))
    });
    (engine, Lines::new(err_bytes))
}

/// The cell a `best` reply names, checked to be empty in `position`.
fn checked_best(reply: &str, position: &str) {
    let Ok(Reply::Best(cell)) = reply.parse::<Reply>() else { panic!("not a move: {reply}") };
    let position = position.parse::<T3en>().expect("T3EN").into_position();
    let cell = position.board.get(usize::from(cell.row), usize::from(cell.col));
    assert!(cell.is_some_and(|c| c.is_empty()), "{reply} in {position:?}");
}

#[test]
fn stop_answers_at_once_and_quit_ends_the_engine() {
    let (mut engine, _) = engine();
    engine.send("st3p version 1");
    assert_eq!(engine.out.next().as_deref(), Some("st3p version 1 ok"));
    engine.send(&format!("move {GOMOKU} {LONG}"));
    engine.send("stop");
    checked_best(&engine.out.next().expect("a move"), GOMOKU);
    engine.send("quit");
    // The input stays open: the engine ended on `quit`.
    assert!(engine.ended().0.is_ok());
}

#[test]
fn quit_while_thinking_answers_the_move_so_far_and_ends() {
    let (engine, _) = engine();
    let small = "7_/7_/7_/7_/7_/7_/7_ x";
    engine.send(&format!("move {small} {LONG} win-length 4"));
    engine.send("quit");
    assert!(engine.ended().0.is_ok());
}

#[test]
fn a_command_for_after_the_move_holds_what_follows() {
    let (engine, _) = engine();
    // The second move waits for the first; `quit` is read only after it, so both are
    // answered, in order, and the third move is never read.
    engine.send("move 4_/4_/4./4. o win-length 3 time ms:300");
    engine.send("move xo_/_x_/3_ o time ms:5000");
    engine.send("quit");
    engine.send("move 3_/3_/3_ x");
    let (result, rest) = engine.ended();
    assert!(result.is_ok());
    assert_eq!(rest.len(), 2, "{rest:?}");
    checked_best(&rest[0], "4_/4_/4./4. o");
    assert_eq!(rest[1], "best c3");
}

#[test]
fn the_end_of_the_input_waits_for_the_move() {
    let (mut engine, _) = engine();
    engine.send("move xo_/_x_/3_ o time ms:2000");
    engine.close();
    let (result, rest) = engine.ended();
    assert!(result.is_ok());
    assert_eq!(rest, ["best c3"]);
}

#[test]
fn many_unknown_words_are_noted_three_times_then_counted() {
    let (mut engine, mut errors) = engine();
    let words = vec!["p"; 200_000].join(" ");
    engine.send(&format!("move xo_/_x_/3_ o {words}"));
    engine.send("da\u{0}nce\u{1b}");
    engine.close();
    let (result, rest) = engine.ended();
    assert!(result.is_ok());
    assert_eq!(rest, ["best c3"]);
    let notes: Vec<String> = std::iter::from_fn(|| errors.next()).collect();
    assert_eq!(
        notes,
        [
            "note: ignoring unknown token `p`",
            "note: ignoring unknown token `p`",
            "note: ignoring unknown token `p`",
            "note: ignoring 199997 more unknown tokens (the first 3 listed above)",
            "error: unknown command `da\\u{0}nce\\u{1b}`: `da\\u{0}nce\\u{1b}`",
        ]
    );
}

#[test]
fn a_line_too_long_is_reported_and_skipped() {
    let (mut engine, mut errors) = engine();
    let long = "x".repeat(gridnote_engine::MAX_LINE + 10);
    engine.send(&long);
    engine.send("st3p version 2");
    engine.close();
    let (result, rest) = engine.ended();
    assert!(result.is_ok());
    assert_eq!(rest, ["st3p version 2 ok"]);
    assert_eq!(errors.next().as_deref(), Some("error: a command longer than 1048576 bytes"));
}
