//! `otep::serve`: a new game drops the search, `stop` and `goodbye` answer at once,
//! the table is allocated after `hello`.

use std::time::Duration;

use gridnote_engine::ServeError;
use gridnote_engine::otep::{Options, serve};
use gridnote_tafl_rules::{CompiledRules, Position};

use crate::support::Engine;

const BRANDUBH: &str =
    "dim:7 name:Brandub surf:n atkf:y ks:w cenhe: cenh: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";

/// An open board: the defenders' king walks to an edge square.
const OPEN: &str = "dim:7 name:Open surf:n atkf:y ks:w start:/1t5/7/7/3K3/7/7/5t1/";

/// Ten minutes a move without a clock: far beyond the tests' patience.
fn engine() -> Engine<Result<(), ServeError>> {
    let options =
        Options::default().with_table_bytes(1 << 20).with_move_time(Duration::from_secs(600));
    Engine::start(move |input, out| serve(input, out, &options))
}

#[test]
fn new_rules_drop_the_search_and_the_new_game_is_played() {
    let mut engine = engine();
    assert_eq!(engine.out.next().as_deref(), Some("hello"));
    engine.send(&format!("rules {BRANDUBH}"));
    engine.send("play attackers");
    // A new game while the first search runs: it is dropped, no move is sent for it.
    engine.send(&format!("rules {OPEN}"));
    engine.send("position /7/7/7/7/7/7/2tK3/");
    engine.send("clock 1000 1000 0 0 0");
    engine.send("play defenders");
    let reply = engine.out.next_without("status ").expect("a move");
    assert_eq!(reply, "move d7-g7");
    engine.send("goodbye");
    assert!(engine.ended().0.is_ok());
}

#[test]
fn stop_sends_the_move_so_far_and_goodbye_ends_at_once() {
    let mut engine = engine();
    assert_eq!(engine.out.next().as_deref(), Some("hello"));
    engine.send(&format!("rules {BRANDUBH}"));
    engine.send("play attackers");
    engine.send("stop");
    let reply = engine.out.next_without("status ").expect("a move");
    let text = reply.strip_prefix("move ").unwrap_or_else(|| panic!("{reply}"));
    let mut pos = Position::start(&CompiledRules::brandubh());
    pos.play_text(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    // A second search, ended by goodbye: its move so far is the last line.
    engine.send("play defenders");
    engine.send("goodbye");
    let (result, rest) = engine.ended();
    assert!(result.is_ok());
    let last: Vec<String> = rest.into_iter().filter(|l| !l.starts_with("status ")).collect();
    assert_eq!(last.len(), 1, "{last:?}");
    let text = last[0].strip_prefix("move ").unwrap_or_else(|| panic!("{last:?}"));
    pos.play_text(text).unwrap_or_else(|e| panic!("{text}: {e}"));
}

#[test]
fn a_table_that_cannot_be_had_is_an_error_after_hello() {
    let options = Options::default().with_table_bytes(usize::MAX);
    let mut out = Vec::new();
    let err = serve(&b"rules x\n"[..], &mut out, &options).unwrap_err();
    assert!(matches!(err, ServeError::Table(_)), "{err}");
    let out = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert_eq!(lines[0], "hello");
    assert!(
        lines[1].starts_with("error -1 cannot play: cannot allocate a transposition table of "),
        "{out}"
    );
}

#[test]
fn control_characters_are_never_echoed() {
    let mut out = Vec::new();
    let input = "da\u{0}nce\nside \u{7}\nrules dim:7 esc:\u{1b}\ngoodbye\n";
    serve(input.as_bytes(), &mut out, &Options::default().with_table_bytes(1 << 16)).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert!(!out.chars().any(|c| c.is_control() && c != '\n'), "{out:?}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[1], "error 0 unknown command `da\\u{0}nce`");
    assert_eq!(lines[2], "error 0 `\\u{7}` is not a side: expected attackers or defenders");
    assert!(lines[3].starts_with("error -1 cannot use the rules: "), "{out}");
}
