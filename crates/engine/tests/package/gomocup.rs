//! `gomocup::serve`: a brain driven as Piskvork drives it, in process.

use std::collections::HashSet;

use gridnote_engine::ServeError;
use gridnote_engine::gomocup::{Options, serve};
use gridnote_protocol::gomocup::{Point, Reply};

use crate::support::Engine;

fn engine() -> Engine<Result<(), ServeError>> {
    Engine::start(|input, out| serve(input, out, &Options::default().with_table_bytes(1 << 20)))
}

/// The next reply that is not a `MESSAGE`, read as a Gomocup reply.
fn reply(engine: &mut Engine<Result<(), ServeError>>) -> Reply {
    let line = engine.out.next_without("MESSAGE").expect("a reply");
    line.parse().unwrap_or_else(|err| panic!("{line}: {err}"))
}

/// The brain's move, checked to be on the board and not taken; marked taken.
fn moved(engine: &mut Engine<Result<(), ServeError>>, taken: &mut HashSet<(u32, u32)>) -> Point {
    let Reply::Move(point) = reply(engine) else { panic!("not a move") };
    assert!(point.x < 15 && point.y < 15, "{point}");
    assert!(taken.insert((point.x, point.y)), "{point} was taken");
    point
}

/// Sends a `BOARD` block.
fn board(engine: &Engine<Result<(), ServeError>>, stones: &[(u32, u32, u8)]) {
    engine.send("BOARD");
    for (x, y, field) in stones {
        engine.send(&format!("{x},{y},{field}"));
    }
    engine.send("DONE");
}

#[test]
fn a_whole_game_from_both_sides() {
    let mut engine = engine();
    engine.send("START 15");
    assert_eq!(reply(&mut engine), Reply::Ok);
    engine.send("INFO timeout_turn 100");
    engine.send("INFO rule 0");
    engine.send("BEGIN");
    let mut taken = HashSet::new();
    assert_eq!(moved(&mut engine, &mut taken), Point { x: 7, y: 7 });
    // The opponent plays the edges, far from the game; the brain answers each move and
    // makes five within a few moves, after which there is no move to make.
    let edges = [(0, 0), (14, 0), (0, 14), (14, 14), (0, 7), (14, 7), (7, 0), (7, 14), (0, 3)];
    let mut over = None;
    for (i, &(x, y)) in edges.iter().enumerate() {
        if !taken.insert((x, y)) {
            continue;
        }
        engine.send(&format!("TURN {x},{y}"));
        match reply(&mut engine) {
            Reply::Move(point) => assert!(taken.insert((point.x, point.y)), "{point} was taken"),
            Reply::Error(why) => {
                assert_eq!(why, "the game is over: there is no move to choose");
                over = Some(i);
                break;
            }
            other => panic!("{other:?}"),
        }
    }
    assert!(over.is_some_and(|i| (4..9).contains(&i)), "{over:?}");
    // The brain as white, on a new board.
    engine.send("RESTART");
    assert_eq!(reply(&mut engine), Reply::Ok);
    taken.clear();
    for (x, y) in [(7, 7), (9, 9), (3, 11)] {
        taken.insert((x, y));
        engine.send(&format!("TURN {x},{y}"));
        moved(&mut engine, &mut taken);
    }
    engine.send("END");
    let (result, rest) = engine.ended();
    assert!(result.is_ok(), "{result:?}");
    assert!(rest.is_empty(), "{rest:?}");
}

#[test]
fn board_positions_are_won_and_defended() {
    let mut engine = engine();
    engine.send("START 15");
    assert_eq!(reply(&mut engine), Reply::Ok);
    engine.send("INFO timeout_turn 300");
    // Four own stones on row 7, blocked on the left: the brain completes the five.
    board(
        &engine,
        &[(2, 7, 2), (3, 7, 1), (0, 0, 2), (4, 7, 1), (0, 2, 2), (5, 7, 1), (0, 4, 2), (6, 7, 1)],
    );
    assert_eq!(reply(&mut engine), Reply::Move(Point { x: 7, y: 7 }));
    // The opponent's four on column 3, open at the bottom only: the brain blocks it
    // (as white: the opponent has one stone more).
    board(
        &engine,
        &[(3, 3, 2), (10, 10, 1), (3, 4, 2), (3, 2, 1), (3, 5, 2), (11, 10, 1), (3, 6, 2)],
    );
    assert_eq!(reply(&mut engine), Reply::Move(Point { x: 3, y: 7 }));
    engine.send("END");
    assert!(engine.ended().0.is_ok());
}

#[test]
fn takeback_restart_and_play() {
    let mut engine = engine();
    engine.send("RECTSTART 15,15");
    assert_eq!(reply(&mut engine), Reply::Ok);
    engine.send("INFO timeout_turn 100");
    engine.send("INFO rule 4");
    // Black (the brain) with a double three at 7,7, a point renju forbids it.
    let stones =
        [(6, 7, 1), (0, 0, 2), (8, 7, 1), (0, 2, 2), (7, 6, 1), (0, 4, 2), (7, 8, 1), (0, 6, 2)];
    board(&engine, &stones);
    let Reply::Move(point) = reply(&mut engine) else { panic!("a move") };
    assert_ne!(point, Point { x: 7, y: 7 }, "a forbidden point");
    assert!(!stones.iter().any(|&(x, y, _)| Point { x, y } == point), "{point} was taken");
    engine.send(&format!("TAKEBACK {point}"));
    assert_eq!(reply(&mut engine), Reply::Ok);
    engine.send(&format!("TAKEBACK {point}"));
    assert_eq!(reply(&mut engine), Reply::Error(format!("{point} is empty: `TAKEBACK {point}`")));
    engine.send("PLAY 7,7");
    assert_eq!(reply(&mut engine), Reply::Error("7,7 cannot be played: `PLAY 7,7`".to_owned()));
    // In freestyle the point is anyone's.
    engine.send("INFO rule 0");
    engine.send("PLAY 7,7");
    assert_eq!(reply(&mut engine), Reply::Move(Point { x: 7, y: 7 }));
    engine.send("TAKEBACK 7,7");
    assert_eq!(reply(&mut engine), Reply::Ok);
    engine.send("TAKEBACK 0,0");
    assert_eq!(reply(&mut engine), Reply::Ok);
    // After RESTART the board is empty: BEGIN opens in the centre.
    engine.send("RESTART");
    assert_eq!(reply(&mut engine), Reply::Ok);
    engine.send("BEGIN");
    assert_eq!(reply(&mut engine), Reply::Move(Point { x: 7, y: 7 }));
    engine.send("END");
    assert!(engine.ended().0.is_ok());
}

#[test]
fn stop_answers_at_once_and_end_ends_while_thinking() {
    let mut engine = engine();
    engine.send("START 20");
    assert_eq!(reply(&mut engine), Reply::Ok);
    // Ten minutes a move: only STOP brings the answer within the tests' patience.
    engine.send("INFO timeout_turn 600000");
    engine.send("TURN 10,10");
    engine.send("STOP");
    let Reply::Move(first) = reply(&mut engine) else { panic!("a move") };
    assert_ne!(first, Point { x: 10, y: 10 });
    engine.send("TURN 12,12");
    engine.send("YXSTOP");
    let Reply::Move(second) = reply(&mut engine) else { panic!("a move") };
    assert!(second != first && second != Point { x: 12, y: 12 }, "{second}");
    engine.send("TURN 14,14");
    engine.send("END");
    let (result, rest) = engine.ended();
    assert!(result.is_ok(), "{result:?}");
    // END drops the search: no move after it.
    assert!(rest.iter().all(|line| line.starts_with("MESSAGE")), "{rest:?}");
}

#[test]
fn the_match_clock_and_a_turn_of_0_bound_the_move() {
    let mut engine = engine();
    engine.send("START 15");
    assert_eq!(reply(&mut engine), Reply::Ok);
    // Ten minutes a move, but 3 s left of the match: the move comes from a share of the
    // match's time, long before the turn's (within the tests' patience).
    engine.send("INFO timeout_turn 600000");
    engine.send("INFO timeout_match 900000");
    engine.send("INFO time_left 3000");
    engine.send("TURN 7,7");
    assert!(matches!(reply(&mut engine), Reply::Move(_)));
    // Ten hours left of the match (20 minutes a move), and a turn of 0: as fast as
    // possible.
    engine.send("INFO time_left 36000000");
    engine.send("INFO timeout_turn 0");
    engine.send("TURN 9,9");
    assert!(matches!(reply(&mut engine), Reply::Move(_)));
    engine.send("END");
    assert!(engine.ended().0.is_ok());
}

#[test]
fn garbage_gets_an_error_and_the_brain_goes_on() {
    let mut engine = engine();
    engine.send("TURN 7,7");
    assert_eq!(
        reply(&mut engine),
        Reply::Error("no game: START comes first: `TURN 7,7`".to_owned())
    );
    engine.send("START 0");
    assert_eq!(
        reply(&mut engine),
        Reply::Error("`0` is not a board size: a number from 1: `START 0`".to_owned())
    );
    engine.send("START 300");
    assert_eq!(
        reply(&mut engine),
        Reply::Error("unsupported size 300x300: sides 1 to 255: `START 300`".to_owned())
    );
    engine.send("START 15");
    assert_eq!(reply(&mut engine), Reply::Ok);
    engine.send("DANCE now");
    assert_eq!(reply(&mut engine), Reply::Unknown("unknown command `DANCE`".to_owned()));
    engine.send("\u{1b}[2J\u{0}");
    assert_eq!(reply(&mut engine), Reply::Unknown("unknown command `\\u{1b}[2J\\u{0}`".to_owned()));
    engine.send("TURN 7;7");
    assert!(matches!(reply(&mut engine), Reply::Error(_)));
    engine.send("7,7,1");
    assert_eq!(
        reply(&mut engine),
        Reply::Error("a board line outside a BOARD block: `7,7,1`".to_owned())
    );
    engine.send("INFO timeout_turn soon");
    assert!(matches!(reply(&mut engine), Reply::Error(_)));
    engine.send("INFO timeout_turn 50");
    // In a BOARD block: a bad line and a taken point are errors, the block goes on.
    engine.send("BOARD");
    engine.send("7,7,9");
    assert!(matches!(reply(&mut engine), Reply::Error(_)));
    engine.send("7,7,2");
    engine.send("7,7,1");
    assert_eq!(reply(&mut engine), Reply::Error("7,7 is taken: `7,7,1`".to_owned()));
    engine.send("BEGIN");
    assert_eq!(
        reply(&mut engine),
        Reply::Error("expected X,Y,FIELD or DONE in a BOARD block: `BEGIN`".to_owned())
    );
    engine.send("DONE");
    let Reply::Move(point) = reply(&mut engine) else { panic!("a move") };
    assert_ne!(point, Point { x: 7, y: 7 });
    engine.send(&format!("TURN {point}"));
    assert_eq!(reply(&mut engine), Reply::Error(format!("{point} is taken: `TURN {point}`")));
    engine.send("ABOUT");
    let Reply::About(about) = reply(&mut engine) else { panic!("an ABOUT answer") };
    assert_eq!(about.get("name"), Some("gridnote"));
    engine.send("END");
    assert!(engine.ended().0.is_ok());
}

#[test]
fn every_rule_set_plays_legal_moves() {
    for code in [0, 1, 4, 8] {
        let mut engine = engine();
        engine.send("START 15");
        assert_eq!(reply(&mut engine), Reply::Ok);
        engine.send("INFO timeout_turn 60");
        engine.send(&format!("INFO rule {code}"));
        engine.send("BEGIN");
        let mut taken = HashSet::new();
        moved(&mut engine, &mut taken);
        for (x, y) in [(0, 0), (14, 14), (0, 14), (14, 0)] {
            taken.insert((x, y));
            engine.send(&format!("TURN {x},{y}"));
            moved(&mut engine, &mut taken);
        }
        engine.send("END");
        assert!(engine.ended().0.is_ok());
    }
}
