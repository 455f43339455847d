//! The referee against scripted HTP engines (small `sh` programs): what the engines are
//! sent, a whole game and its OTN record, hnefatafl-copenhagen's repetition rule, and
//! every way an engine can lose without the rules deciding.

use std::path::PathBuf;

use gridnote_referee::clock::TimeControl;
use gridnote_referee::htp::{HtpMatch, RandomOpenings, random_opening};
use gridnote_referee::stats::GameScore;
use gridnote_referee::tournament::{Contest, Ending, Engine, Forfeit, Game};
use gridnote_tafl_rules::CompiledRules;

/// A 7×7 board with the king on d4 and attackers on b1 and f7: the king escapes in two
/// moves. (The scripted engines never look at the board; the referee judges by these
/// rules.)
const OPEN: &str = "dim:7 name:Open surf:n atkf:y ks:w start:/1t5/7/7/3K3/7/7/5t1/";

/// The shell loop that answers `=` (and a blank line) to every command until
/// `generate_move`, logging each line to `log` when given.
fn until_generate(log: &Option<PathBuf>) -> String {
    let keep = log.as_ref().map_or(String::new(), |p| format!("echo \\$l >> {}; ", p.display()));
    format!(
        "while read l; do {keep}case \\$l in generate_move*) break;; esac; echo '='; echo; done;"
    )
}

/// An engine that answers each `generate_move` with the next of `replies` (whole reply
/// lines), every other command with `=`, and logs what it reads to `log`.
fn scripted_to(log: Option<PathBuf>, replies: &[&str]) -> String {
    let mut script = String::new();
    for reply in replies {
        script.push_str(&until_generate(&log));
        script.push_str(&format!(" echo '{reply}'; echo;"));
    }
    let keep = log.as_ref().map_or(String::new(), |p| format!("echo \\$l >> {}; ", p.display()));
    script.push_str(&format!(" while read l; do {keep}echo '='; echo; done"));
    format!("sh -c \"{script}\"")
}

fn scripted(replies: &[&str]) -> String {
    scripted_to(None, replies)
}

/// An engine that answers `=` until the first `generate_move`, then runs `then`.
fn at_generate(then: &str) -> String {
    format!("sh -c \"{} {then}\"", until_generate(&None))
}

fn contest(a: String, b: String, time: &str) -> HtpMatch {
    let mut c = HtpMatch::new([a, b], time.parse::<TimeControl>().expect("valid")).expect("valid");
    c.rules = OPEN.parse::<CompiledRules>().expect("valid rules");
    c.record = OPEN.to_owned();
    c
}

fn forfeit(game: &Game) -> (&Engine, &Forfeit) {
    match &game.ending {
        Ending::Forfeit { loser, forfeit } => (loser, forfeit),
        other => panic!("expected a forfeit, the game ended by: {other}"),
    }
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gridnote-htp-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

#[test]
fn a_whole_game_is_won_by_an_escape_sent_and_recorded() {
    let dir = scratch("escape");
    let log = dir.join("a.log");
    let c = contest(
        scripted_to(Some(log.clone()), &["= play attacker b1 b2", "= play attacker b2 b1"]),
        // Lines that are not replies are skipped, and so is what follows a comma.
        format!(
            "sh -c \"{} echo 'thinking...'; echo '= play defender d4 d1, score: 3'; echo; {} echo '= play d d1 g1'; echo; while read l; do echo '='; echo; done\"",
            until_generate(&None),
            until_generate(&None)
        ),
        "60+2",
    );
    let game = c.play(1, Engine::A);
    assert_eq!(game.score, GameScore::BWins, "{}", game.ending);
    assert_eq!(game.ending, Ending::Rules("defenders win: the king escaped".into()));
    assert_eq!(game.plies, 4);
    assert_eq!(game.file_name, "game-0001.otg");
    let moves: Vec<&str> = game.record.lines().skip_while(|l| !l.is_empty()).skip(1).collect();
    assert_eq!(moves, ["1. b1-b2 Kd4-d1", "2. b2-b1 Kd1-g1"]);
    assert!(game.record.contains("[result:-1]\n"), "{}", game.record);
    assert!(game.record.contains("[time-control:60+2]\n"), "{}", game.record);
    // `quit` may come before the engine has logged it: compare what came before.
    let sent = std::fs::read_to_string(&log).expect("the engine's log");
    let sent: Vec<&str> = sent.lines().filter(|l| *l != "quit").collect();
    assert_eq!(
        sent,
        [
            "board_size 11",
            "time_settings fischer 1 2",
            "generate_move",
            "play defender d4 d1",
            "generate_move",
        ]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_fixed_time_a_move_is_sent_un_timed() {
    let dir = scratch("untimed");
    let log = dir.join("b.log");
    let c = contest(
        scripted(&["= play attacker b1 b2", "= play attacker b2 b1"]),
        scripted_to(Some(log.clone()), &["= play defender d4 d1", "= play defender d1 g1"]),
        "st=2",
    );
    let game = c.play(1, Engine::A);
    assert_eq!(game.score, GameScore::BWins, "{}", game.ending);
    let sent = std::fs::read_to_string(&log).expect("the engine's log");
    let sent: Vec<&str> = sent.lines().filter(|l| *l != "quit").collect();
    assert_eq!(
        sent,
        [
            "board_size 11",
            "time_settings un-timed",
            "play attacker b1 b2",
            "generate_move",
            "play attacker b2 b1",
            "generate_move",
        ]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_defenders_may_not_repeat_a_board_the_attackers_may() {
    // The king goes up and comes back after the attacker did: the start's board again.
    let c = contest(
        scripted(&["= play attacker b1 b2", "= play attacker b2 b1"]),
        scripted(&["= play defender d4 d5", "= play defender d5 d4"]),
        "60+0",
    );
    let game = c.play(1, Engine::A);
    assert_eq!(game.score, GameScore::AWins);
    let (loser, why) = forfeit(&game);
    assert_eq!(*loser, Engine::B);
    assert_eq!(
        why.to_string(),
        "illegal move (`play defender d5 d4`): the defenders may not move back to an earlier board"
    );
    // The attackers may put the pieces back as they stood (f6-f7 restores the board after
    // the third ply).
    let mut c = contest(
        scripted(&[
            "= play attacker b1 b2",
            "= play attacker b2 b1",
            "= play attacker f7 f6",
            "= play attacker f6 f7",
        ]),
        scripted(&["= play defender d4 d5", "= play defender d5 c5", "= play defender c5 d5"]),
        "60+0",
    );
    c.max_plies = 7;
    let game = c.play(1, Engine::A);
    assert_eq!(game.ending, Ending::Rules("drawn after 7 plies".into()));
    assert_eq!(game.plies, 7);
}

#[test]
fn illegal_and_malformed_moves_and_resignations_forfeit() {
    let cases = [
        (
            "= play attacker b1 c2",
            "illegal move (`play attacker b1 c2`): the rules do not allow it",
        ),
        (
            "= play defender d4 d5",
            "illegal move (`play defender d4 d5`): it is the attackers' turn",
        ),
        ("= play attacker resigns _", "resigned: play attacker resigns _"),
        (
            "= pass",
            "malformed reply: `= pass` (expected `= play ROLE FROM TO`): `pass` is not a play: `play ROLE FROM TO` or `play ROLE resigns`",
        ),
    ];
    for (reply, expected) in cases {
        let c = contest(scripted(&[reply]), scripted(&[]), "60+0");
        let game = c.play(1, Engine::A);
        assert_eq!(game.score, GameScore::BWins);
        let (loser, why) = forfeit(&game);
        assert_eq!(*loser, Engine::A);
        assert_eq!(why.to_string(), expected);
    }
}

#[test]
fn a_refusal_ends_the_game_by_final_status_or_forfeits() {
    // B refuses A's ply: when its final_status says the game is over, that result stands.
    let refuse = |status: &str| {
        format!(
            "sh -c \"read l; echo '='; echo; read l; echo '='; echo; read l; echo '? play: the game is already over'; echo; read l; echo '= {status}'; echo; sleep 1\""
        )
    };
    let c = contest(scripted(&["= play attacker b1 b2"]), refuse("attacker_wins"), "60+0");
    let game = c.play(1, Engine::A);
    assert_eq!(game.score, GameScore::AWins, "{}", game.ending);
    assert_eq!(
        game.ending,
        Ending::Rules(
            "attackers win: by the engine's final_status `attacker_wins` after `play attacker b1 b2` answered `? play: the game is already over` (engine b)".into()
        )
    );
    assert!(game.record.contains("[result:1]\n"), "{}", game.record);
    let c = contest(scripted(&["= play attacker b1 b2"]), refuse("ongoing"), "60+0");
    let game = c.play(1, Engine::A);
    let (loser, why) = forfeit(&game);
    assert_eq!(*loser, Engine::B);
    assert_eq!(
        why.to_string(),
        "malformed reply: `play attacker b1 b2` answered `? play: the game is already over` with the defenders to move"
    );
}

#[test]
fn a_hang_a_late_reply_and_a_flood_lose_on_time() {
    for then in ["sleep 5", "sleep 1; echo '= play attacker b1 b2'; sleep 1", "yes"] {
        let c = contest(at_generate(then), scripted(&[]), "st=0.2");
        let game = c.play(1, Engine::A);
        let (loser, why) = forfeit(&game);
        assert_eq!(*loser, Engine::A);
        assert!(matches!(why, Forfeit::Time { available_ms: 200, .. }), "{then}: {why}");
    }
}

#[test]
fn a_crash_forfeits() {
    let c = contest(at_generate("exit 3"), scripted(&[]), "60+0");
    let game = c.play(1, Engine::A);
    let (loser, why) = forfeit(&game);
    assert_eq!(*loser, Engine::A);
    assert!(matches!(why, Forfeit::Crash(_)), "{why}");
}

#[test]
fn the_setup_must_be_answered() {
    let c =
        contest("sh -c \"read l; echo '? board_size: no'; sleep 1\"".into(), scripted(&[]), "60+0");
    let game = c.play(1, Engine::A);
    assert_eq!(game.plies, 0);
    let (loser, why) = forfeit(&game);
    assert_eq!(*loser, Engine::A);
    assert_eq!(
        why.to_string(),
        "failed the handshake: `board_size 11` answered `? board_size: no`"
    );
    let mut c = contest("yes".into(), scripted(&[]), "60+0");
    c.handshake_time = std::time::Duration::from_millis(400);
    let game = c.play(1, Engine::B);
    let (loser, why) = forfeit(&game);
    assert_eq!(*loser, Engine::A);
    assert_eq!(why.to_string(), "failed the handshake: no `=` to `board_size 11` within 0.4 s");
}

#[test]
fn a_long_game_is_drawn_as_hnefatafl_copenhagen_draws_it() {
    // Copenhagen itself, cut after four plies.
    let mut c = HtpMatch::new(
        [
            scripted(&["= play attacker d1 d2", "= play attacker d2 d1"]),
            scripted(&["= play defender e5 e4", "= play defender e4 d4"]),
        ],
        "60+0".parse().expect("valid"),
    )
    .expect("valid");
    assert_eq!(c.max_plies, 142);
    c.max_plies = 4;
    let game = c.play(1, Engine::A);
    assert_eq!(game.score, GameScore::Draw, "{}", game.ending);
    assert_eq!(game.ending, Ending::Rules("drawn after 4 plies".into()));
    assert!(game.record.contains("[result:0]\n"), "{}", game.record);
    assert!(game.record.contains("\n1. d1-d2 e5-e4\n2. d2-d1 e4-d4\n"), "{}", game.record);
}

#[test]
fn random_openings_are_sent_as_plays_to_both_engines() {
    let opening = random_opening(RandomOpenings::new(2, 5), 0).expect("an opening");
    assert_eq!(opening.len(), 2);
    let dir = scratch("opening");
    let log = dir.join("a.log");
    let mut c = HtpMatch::new(
        [scripted_to(Some(log.clone()), &["= play attacker resigns"]), scripted(&[])],
        "60+0".parse().expect("valid"),
    )
    .expect("valid");
    c.random = Some(RandomOpenings::new(2, 5));
    let game = c.play(1, Engine::A);
    assert_eq!(game.score, GameScore::BWins, "{}", game.ending);
    let sent = std::fs::read_to_string(&log).expect("the engine's log");
    let sent: Vec<&str> = sent.lines().filter(|l| *l != "quit").collect();
    let first = opening[0].to_string();
    let second = opening[1].to_string();
    assert_eq!(
        sent,
        ["board_size 11", "time_settings fischer 1 0", &first, &second, "generate_move"]
    );
    assert!(game.record.contains("[position:"), "{}", game.record);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_clock_htp_cannot_say_is_refused() {
    let err =
        HtpMatch::new(["a".into(), "b".into()], "10+0.1".parse().expect("valid")).unwrap_err();
    assert!(err.starts_with("HTP's clock is whole minutes"), "{err}");
}
