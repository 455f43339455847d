//! The referee against scripted OTEP engines (small `sh` programs): a whole tafl game and
//! its OTN record, and every way an engine can lose without the rules deciding.

use gridnote_referee::clock::TimeControl;
use gridnote_referee::otep::{OtepMatch, random_openings, rules_named};
use gridnote_referee::stats::GameScore;
use gridnote_referee::tournament::{Contest, Ending, Engine, Forfeit, Game};

/// A 7×7 board with the king on d4 and attackers on b1 and f7: the king escapes in two
/// moves.
const OPEN: &str = "dim:7 name:Open surf:n atkf:y ks:w start:/1t5/7/7/3K3/7/7/5t1/";

/// An engine that says hello, then answers each `play` with the next of `moves`, then
/// reads until its input ends.
fn scripted(moves: &[&str]) -> String {
    let mut script = String::from("echo hello;");
    for m in moves {
        script.push_str(&format!(
            " while read l; do case \\$l in play*) break;; esac; done; echo 'move {m}';"
        ));
    }
    script.push_str(" while read l; do :; done");
    format!("sh -c \"{script}\"")
}

/// An engine that says hello, then runs `then` at the first `play`.
fn at_first_play(then: &str) -> String {
    format!("sh -c \"echo hello; while read l; do case \\$l in play*) break;; esac; done; {then}\"")
}

fn contest(a: String, b: String, time: &str) -> OtepMatch {
    OtepMatch::new([a, b], OPEN, Vec::new(), time.parse::<TimeControl>().expect("valid"))
        .expect("valid rules")
}

fn forfeit(game: &Game) -> (&Engine, &Forfeit) {
    match &game.ending {
        Ending::Forfeit { loser, forfeit } => (loser, forfeit),
        other => panic!("expected a forfeit, the game ended by: {other}"),
    }
}

#[test]
fn a_whole_game_is_won_by_an_escape_and_recorded() {
    let c = contest(
        scripted(&["b1-b2", "b2-b1"]),
        // Status lines and non-critical errors are skipped.
        format!(
            "sh -c \"echo hello; echo 'status thinking'; {}\"",
            "while read l; do case \\$l in play*) break;; esac; done; echo 'error 0 a note'; echo 'move d4-d1'; \
             while read l; do case \\$l in play*) break;; esac; done; echo 'move d1-g1'; while read l; do :; done"
        ),
        "5+0",
    );
    let game = c.play(1, Engine::A);
    assert_eq!(game.score, GameScore::BWins, "{}", game.ending);
    assert_eq!(game.ending, Ending::Rules("defenders win: the king escaped".into()));
    assert_eq!(game.plies, 4);
    assert_eq!(game.file_name, "game-0001.otg");
    let moves: Vec<&str> = game.record.lines().skip_while(|l| !l.is_empty()).skip(1).collect();
    assert_eq!(moves, ["1. b1-b2 Kd4-d1", "2. b2-b1 Kd1-g1"]);
    assert!(game.record.contains(&format!("[rules:{OPEN}]\n")), "{}", game.record);
    assert!(game.record.contains("[result:-1]\n"), "{}", game.record);
    assert!(game.record.contains("[time-control:5+0]\n"), "{}", game.record);
    assert!(!game.record.contains("[position:"), "{}", game.record);
}

#[test]
fn colours_alternate() {
    // Game 2: B moves first, so B plays the attackers.
    let c = contest(scripted(&["d4-d1", "d1-g1"]), scripted(&["b1-b2", "b2-b1"]), "5+0");
    let game = c.play(2, Engine::B);
    assert_eq!(game.score, GameScore::AWins);
    assert!(game.record.contains(" (b)]\n[defenders:"), "{}", game.record);
}

#[test]
fn an_illegal_move_forfeits() {
    let c = contest(scripted(&["b1-c2"]), scripted(&[]), "5+0");
    let game = c.play(1, Engine::A);
    assert_eq!(game.score, GameScore::BWins);
    let (loser, why) = forfeit(&game);
    assert_eq!(*loser, Engine::A);
    assert!(why.to_string().starts_with("illegal move (`b1-c2`): "), "{why}");
}

#[test]
fn a_crash_forfeits() {
    let c = contest(at_first_play("exit 3"), scripted(&[]), "5+0");
    let game = c.play(1, Engine::A);
    assert_eq!(game.score, GameScore::BWins);
    let (loser, why) = forfeit(&game);
    assert_eq!(*loser, Engine::A);
    assert!(matches!(why, Forfeit::Crash(_)), "{why}");
}

#[test]
fn a_hang_loses_on_time() {
    let c = contest(at_first_play("sleep 5"), scripted(&[]), "st=0.2");
    let game = c.play(1, Engine::A);
    let (loser, why) = forfeit(&game);
    assert_eq!(*loser, Engine::A);
    assert!(matches!(why, Forfeit::Time { available_ms: 200, .. }), "{why}");
}

#[test]
fn a_time_loss_counts_from_play_however_much_the_engine_chatters() {
    // A status line every 50 ms and no move: the time used is the whole wait since
    // `play`, not the wait since the last line.
    let chatter = at_first_play("while true; do echo 'status thinking'; sleep 0.05; done");
    let c = contest(chatter, scripted(&[]), "st=0.3");
    let game = c.play(1, Engine::A);
    let (loser, why) = forfeit(&game);
    assert_eq!(*loser, Engine::A);
    match why {
        Forfeit::Time { used_ms, available_ms: 300 } => assert!(*used_ms >= 320, "{why}"),
        other => panic!("expected a time loss: {other}"),
    }
}

#[test]
fn a_late_reply_loses_on_time() {
    let c = contest(at_first_play("sleep 1; echo 'move b1-b2'; sleep 1"), scripted(&[]), "st=0.2");
    let game = c.play(1, Engine::A);
    let (loser, why) = forfeit(&game);
    assert_eq!(*loser, Engine::A);
    assert!(matches!(why, Forfeit::Time { .. }), "{why}");
}

#[test]
fn a_malformed_move_forfeits_and_other_lines_are_skipped() {
    // A log line is skipped (OpenTafl's engine mode writes its log to standard output).
    let c = contest(
        at_first_play("echo 'Creating new transposition table'; echo 'move'; sleep 1"),
        scripted(&[]),
        "5+0",
    );
    let game = c.play(1, Engine::A);
    let (_, why) = forfeit(&game);
    assert_eq!(why.to_string(), "malformed reply: `move` (expected `move <move>`)");
    let c = contest(at_first_play("echo 'move b1'; sleep 1"), scripted(&[]), "5+0");
    let game = c.play(1, Engine::A);
    let (_, why) = forfeit(&game);
    assert!(why.to_string().starts_with("illegal move (`b1`): "), "{why}");
}

#[test]
fn a_critical_error_resigns() {
    let c = contest(
        scripted(&["b1-b2"]),
        at_first_play("echo 'error -1 out of memory'; sleep 1"),
        "5+0",
    );
    let game = c.play(1, Engine::A);
    assert_eq!(game.score, GameScore::AWins);
    let (loser, why) = forfeit(&game);
    assert_eq!(*loser, Engine::B);
    assert_eq!(why.to_string(), "resigned: out of memory");
}

#[test]
fn no_hello_forfeits_before_the_game() {
    let c = contest("sh -c \"echo hi; sleep 1\"".into(), scripted(&[]), "st=0.3");
    let game = c.play(1, Engine::A);
    assert_eq!(game.plies, 0);
    let (loser, why) = forfeit(&game);
    assert_eq!(*loser, Engine::A);
    // `hi` is skipped; the engine exits without a hello.
    assert!(matches!(why, Forfeit::Crash(_)), "{why}");
}

#[test]
fn a_flood_without_hello_fails_the_handshake() {
    // `yes` writes `y` lines, which OpenTafl's host skips: only the clock ends the wait.
    let mut c = contest("yes".into(), scripted(&[]), "st=0.3");
    c.handshake_time = std::time::Duration::from_millis(400);
    let game = c.play(1, Engine::A);
    let (loser, why) = forfeit(&game);
    assert_eq!(*loser, Engine::A);
    assert_eq!(why.to_string(), "failed the handshake: no `hello` within 0.4 s");
}

#[test]
fn a_flood_after_play_loses_on_time() {
    let c = contest(at_first_play("yes"), scripted(&[]), "st=0.2");
    let game = c.play(1, Engine::A);
    let (loser, why) = forfeit(&game);
    assert_eq!(*loser, Engine::A);
    assert!(matches!(why, Forfeit::Time { available_ms: 200, .. }), "{why}");
    assert!(game.record.contains("[termination:a forfeits: lost on time ("), "{}", game.record);
}

#[test]
fn requests_are_answered_as_opentafl_answers_them() {
    // The engine asks for the rules and the position and checks what comes back.
    let asks = String::from(
        "sh -c \"echo hello; read r; echo rules; echo position; \
         while read l; do case \\$l in 'position /1t5/7/7/3K3/7/7/5t1/') break;; esac; done; \
         echo 'move b1-b2'; while read l; do case \\$l in play*) break;; esac; done; \
         echo 'move b2-b1'; while read l; do :; done\"",
    );
    let c = contest(asks, scripted(&["d4-d1", "d1-g1"]), "5+0");
    let game = c.play(1, Engine::A);
    assert_eq!(game.plies, 4, "{}", game.ending);
}

#[test]
fn unknown_rules_are_refused_with_the_names() {
    let err = rules_named("chess").unwrap_err();
    assert!(err.contains("brandubh, tawlbwrdd") || err.contains("brandubh"), "{err}");
    assert_eq!(
        rules_named("dim:5 esc:q start:/5/5/2K2/5/5/").unwrap_err(),
        "rules entry `esc:`: expected `c` (corner) or `e` (edge), found `q`"
    );
}

#[test]
fn openings_are_recorded_as_positions() {
    let rules = rules_named(OPEN).unwrap();
    assert_eq!(random_openings(&rules, 1, 3, 3).len(), 3);
    let mut opening = gridnote_tafl_rules::Position::start(&rules);
    opening.play_text("b1-b2").unwrap();
    let mut c = contest(scripted(&["d4-d1", "d1-g1"]), scripted(&["b2-b1"]), "5+0");
    c.openings = vec![opening];
    // A moves first: it plays the side to move of the opening, the defenders.
    let game = c.play(1, Engine::A);
    assert_eq!(game.score, GameScore::AWins, "{}", game.ending);
    assert!(game.record.contains("[position:/7/1t5/7/3K3/7/7/5t1/]\n"), "{}", game.record);
    let moves: Vec<&str> = game.record.lines().skip_while(|l| !l.is_empty()).skip(1).collect();
    assert_eq!(moves, ["1. ..... Kd4-d1", "2. b2-b1 Kd1-g1"]);
}
