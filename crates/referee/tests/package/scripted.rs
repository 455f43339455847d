//! The referee against scripted ST3P engines (small `sh` programs): a whole game, and
//! every way an engine can lose without the rules deciding: an illegal move, a crash, a
//! hang, a late reply, a malformed reply, a failed handshake, a missing program.

use std::ops::ControlFlow;

use gridnote_protocol::st3p::T3en;
use gridnote_referee::clock::TimeControl;
use gridnote_referee::st3p::St3pMatch;
use gridnote_referee::stats::GameScore;
use gridnote_referee::tournament::{Contest, Ending, Engine, Forfeit, Game, Summary, play_match};

/// An engine that answers the handshake, then replies with `cells` in order whatever the
/// position, then reads `quit`.
fn scripted(cells: &[&str]) -> String {
    let mut script = String::from("read v; echo 'st3p version 1 ok';");
    for cell in cells {
        script.push_str(&format!(" read m; echo 'best {cell}';"));
    }
    script.push_str(" read q");
    format!("sh -c \"{script}\"")
}

/// An engine that answers the handshake, then runs `then` after reading one command.
fn after_one_move(then: &str) -> String {
    format!("sh -c \"read v; echo 'st3p version 1 ok'; read m; {then}\"")
}

fn contest(a: String, b: String, time: &str) -> St3pMatch {
    let start = "3_/3_/3_ x".parse::<T3en>().expect("valid").into_position();
    St3pMatch::new([a, b], vec![start], 3, time.parse::<TimeControl>().expect("valid"))
}

fn forfeit(game: &Game) -> (&Engine, &Forfeit) {
    match &game.ending {
        Ending::Forfeit { loser, forfeit } => (loser, forfeit),
        other => panic!("expected a forfeit, the game ended by: {other}"),
    }
}

#[test]
fn a_whole_game_is_won_by_three_in_a_row_and_recorded() {
    // x (A) takes ST3P's b1 b2 b3, the middle column; o (B) a1 a2.
    let c = contest(scripted(&["b1", "b2", "b3"]), scripted(&["a1", "a2"]), "5+0");
    let game = c.play(1, Engine::A);
    assert_eq!(game.score, GameScore::AWins);
    assert_eq!(game.ending, Ending::Rules("x made 3 in a row".into()));
    assert_eq!(game.plies, 5);
    assert_eq!(game.file_name, "game-0001.txt");
    let moves = game.record.lines().skip_while(|l| !l.is_empty()).skip(1).collect::<Vec<_>>();
    assert_eq!(moves, ["1. b3 a3 2. b2 a2 3. b1", "1-0"]);
    assert!(game.record.contains("[Start \"3_/3_/3_ x\"]\n"), "{}", game.record);
    assert!(game.record.contains("[Final \"ox_/ox_/_x_ o\"]\n"), "{}", game.record);
    assert!(game.record.contains("[Result \"1-0\"]\n"), "{}", game.record);
    assert!(game.record.contains("[TimeControl \"5+0\"]\n"), "{}", game.record);
}

#[test]
fn info_lines_before_the_move_are_skipped() {
    // A as rustep talks: its principal variation, then its move.
    let a = "sh -c \"read v; echo 'st3p version 1 ok'; read m; echo 'info pv [b1, a1]'; echo 'best b1'; \
             read m; echo info; echo 'best b2'; read m; echo 'best b3'; sleep 1\""
        .to_string();
    let c = contest(a, scripted(&["a1", "a2"]), "5+0");
    let game = c.play(1, Engine::A);
    assert_eq!(game.score, GameScore::AWins);
    assert_eq!(game.ending, Ending::Rules("x made 3 in a row".into()));
}

#[test]
fn colours_alternate_and_the_second_game_is_won_by_b_as_x() {
    let c = contest(scripted(&["a1", "a2"]), scripted(&["b1", "b2", "b3"]), "5+0");
    let game = c.play(2, Engine::B);
    assert_eq!(game.score, GameScore::BWins);
    assert!(game.record.contains("[XEngine \"b\"]\n[OEngine \"a\"]\n"), "{}", game.record);
}

#[test]
fn an_illegal_move_forfeits() {
    let c = contest(scripted(&["b2", "b2"]), scripted(&["b2"]), "5+0");
    let game = c.play(1, Engine::A);
    assert_eq!(game.score, GameScore::AWins);
    let (loser, why) = forfeit(&game);
    assert_eq!(*loser, Engine::B);
    assert_eq!(
        why.to_string(),
        "illegal move (`best b2`): b2 (gridnote's b2): b2 is already taken"
    );
}

#[test]
fn a_cell_off_the_board_forfeits() {
    let c = contest(scripted(&["d9"]), scripted(&[]), "5+0");
    let game = c.play(1, Engine::A);
    let (loser, why) = forfeit(&game);
    assert_eq!(*loser, Engine::A);
    assert_eq!(why.to_string(), "illegal move (`best d9`): cell d9 is off the 3x3 board");
}

#[test]
fn a_crash_forfeits_with_the_exit_status_and_last_words() {
    let c = contest(scripted(&["b2"]), after_one_move("echo dying >&2; exit 3"), "5+0");
    let game = c.play(1, Engine::A);
    let (loser, why) = forfeit(&game);
    assert_eq!(*loser, Engine::B);
    assert_eq!(
        why.to_string(),
        "crashed: the engine exited with status 3 (its last words on stderr: dying)"
    );
}

#[test]
fn a_hang_loses_on_time() {
    let c = contest(after_one_move("sleep 5"), scripted(&[]), "st=0.2");
    let game = c.play(1, Engine::A);
    let (loser, why) = forfeit(&game);
    assert_eq!(*loser, Engine::A);
    match why {
        Forfeit::Time { used_ms, available_ms } => {
            assert_eq!(*available_ms, 200);
            assert!(*used_ms >= 200, "waited {used_ms} ms");
        }
        other => panic!("expected a time loss, got {other}"),
    }
}

#[test]
fn a_late_reply_loses_on_time() {
    let c = contest(after_one_move("sleep 0.4; echo 'best b2'; read q"), scripted(&[]), "st=0.1");
    let game = c.play(1, Engine::A);
    let (loser, why) = forfeit(&game);
    assert_eq!(*loser, Engine::A);
    assert!(matches!(why, Forfeit::Time { available_ms: 100, .. }), "{why}");
}

#[test]
fn a_malformed_reply_forfeits() {
    let c = contest(after_one_move("echo 'bestest b2'; read q"), scripted(&[]), "5+0");
    let game = c.play(1, Engine::A);
    let (_, why) = forfeit(&game);
    assert_eq!(why.to_string(), "malformed reply: `bestest b2` (expected `best <cell>`)");
}

#[test]
fn a_wrong_handshake_forfeits_before_the_game() {
    let c = contest(scripted(&[]), "sh -c \"read v; echo hello; read q\"".into(), "5+0");
    let game = c.play(1, Engine::A);
    let (loser, why) = forfeit(&game);
    assert_eq!(*loser, Engine::B);
    assert_eq!(
        why.to_string(),
        "malformed reply: `hello` to `st3p version 1` (expected `st3p version 1 ok`)"
    );
    assert_eq!(game.plies, 0);
}

#[test]
fn a_missing_program_forfeits() {
    let c = contest("gridnote-no-such-engine-here".into(), scripted(&[]), "5+0");
    let game = c.play(1, Engine::A);
    let (loser, why) = forfeit(&game);
    assert_eq!(*loser, Engine::A);
    assert!(
        why.to_string().starts_with("could not be started: the engine exited with status 127"),
        "{why}"
    );
}

#[test]
fn a_match_alternates_colours_and_counts_forfeits() {
    // Both engines reply b1 first: whoever plays o repeats x's b1, an illegal move, so
    // the engine moving first wins every game: A in odd games, B in even ones.
    let c = contest(scripted(&["b1", "b2", "b3"]), scripted(&["b1", "b2", "b3"]), "5+0");
    let mut games = Vec::new();
    let summary = play_match(&c, 4, 2, |game| {
        games.push(game);
        ControlFlow::Continue(())
    });
    games.sort_by_key(|g| g.number);
    assert_eq!(games.iter().map(|g| g.number).collect::<Vec<_>>(), [1, 2, 3, 4]);
    assert_eq!(summary, Summary::of(&games));
    assert_eq!(
        games.iter().map(|g| g.score).collect::<Vec<_>>(),
        [GameScore::AWins, GameScore::BWins, GameScore::AWins, GameScore::BWins]
    );
    let summary = Summary::of(&games);
    assert_eq!((summary.games, summary.a_wins, summary.draws, summary.b_wins), (4, 2, 0, 2));
    assert_eq!(summary.score, 0.5);
    assert_eq!(summary.forfeits.len(), 4);
    assert_eq!(summary.forfeits[1].engine, Engine::A);
}

#[test]
fn a_flood_of_info_lines_still_loses_on_time() {
    // `yes` after the handshake: lines keep coming, so only the clock can end the wait.
    let c = contest(after_one_move("yes 'info pv [a1]'"), scripted(&[]), "st=0.2");
    let game = c.play(1, Engine::A);
    let (loser, why) = forfeit(&game);
    assert_eq!(*loser, Engine::A);
    match why {
        Forfeit::Time { used_ms, available_ms: 200 } => assert!(*used_ms >= 200, "{why}"),
        other => panic!("expected a time loss, got {other}"),
    }
    assert!(game.record.contains("[Termination \"a forfeits: lost on time ("), "{}", game.record);
}

#[test]
fn time_used_counts_from_the_request_not_from_the_last_line() {
    // An info line every 50 ms and no move: the whole wait since `move` is counted.
    let chatter = after_one_move("while true; do echo info; sleep 0.05; done");
    let c = contest(chatter, scripted(&[]), "st=0.3");
    let game = c.play(1, Engine::A);
    match forfeit(&game).1 {
        Forfeit::Time { used_ms, available_ms: 300 } => assert!(*used_ms >= 300, "{used_ms}"),
        other => panic!("expected a time loss, got {other}"),
    }
}

#[test]
fn sleeping_through_the_handshake_fails_the_handshake() {
    let mut c = contest(scripted(&[]), "sh -c \"sleep 5\"".into(), "st=0.2");
    c.handshake_time = std::time::Duration::from_millis(300);
    let game = c.play(1, Engine::A);
    let (loser, why) = forfeit(&game);
    assert_eq!(*loser, Engine::B);
    assert_eq!(
        why.to_string(),
        "failed the handshake: no `st3p version 1 ok` to `st3p version 1` within 0.3 s"
    );
    assert_eq!(game.plies, 0);
}

#[test]
fn an_engine_that_closes_its_output_has_left_the_game() {
    let c = contest(after_one_move("exec >&-; echo gone >&2; sleep 5"), scripted(&[]), "5+0");
    let game = c.play(1, Engine::A);
    let (loser, why) = forfeit(&game);
    assert_eq!(*loser, Engine::A);
    assert_eq!(
        why.to_string(),
        "left the game: the engine closed its input or output but kept running (its last words on stderr: gone)"
    );
}

#[test]
fn a_killed_engine_is_reported_with_its_signal() {
    let c = contest(after_one_move("kill -9 \\$\\$"), scripted(&[]), "5+0");
    let game = c.play(1, Engine::A);
    assert_eq!(forfeit(&game).1.to_string(), "crashed: the engine was killed by signal 9");
}

#[test]
fn a_finished_random_opening_is_never_played() {
    // Random openings are made as their games start, each from the seed and its number.
    let start = "3_/3_/3_ x".parse::<T3en>().expect("valid").into_position();
    let random = gridnote_referee::openings::RandomOpenings::new(9, 1);
    assert_eq!(gridnote_referee::st3p::random_opening(&start, 3, random, 0), None);
    let mut c = contest(scripted(&[]), scripted(&[]), "5+0");
    c.random = Some(random);
    let game = c.play(1, Engine::A);
    assert_eq!(game.ending, Ending::Rules("no opening of 9 random plies was found".into()));
    assert_eq!((game.plies, game.score), (0, GameScore::Draw));
}
