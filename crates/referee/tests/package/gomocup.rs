//! The referee against scripted Gomocup brains (small `sh` programs that log what they
//! read): the lines a brain is sent, a whole game and its `.psq` record, a mixed match
//! (ST3P against Gomocup), renju's forbidden points, and the ways a brain forfeits.

use std::path::PathBuf;

use gridnote_board::Gomoku;
use gridnote_psq::Psq;
use gridnote_referee::clock::TimeControl;
use gridnote_referee::st3p::{BoardSpec, MnkProtocol, St3pMatch};
use gridnote_referee::stats::GameScore;
use gridnote_referee::tournament::{Contest, Ending, Engine, Forfeit, Game};

/// A file in the temporary folder, unique to this test process and `name`.
fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("gridnote-referee-gomocup-{}-{name}", std::process::id()))
}

/// A brain that answers `START` with `OK`, each `BEGIN`, `TURN` or `DONE` with the next of
/// `moves` (after `chatter`, lines printed before every move), and logs every line it
/// reads into the file `log`; it exits on `END`.
fn brain(log: &str, moves: &[&str], chatter: &str) -> String {
    let path = temp(&format!("{log}.sh"));
    let log = temp(log);
    let _ = std::fs::remove_file(&log);
    let script = format!(
        "set -- {moves}\nwhile read -r line; do\n  echo \"$line\" >> '{log}'\n  case \"$line\" in\n    START*|RECTSTART*) echo OK ;;\n    BEGIN*|TURN*|DONE*) {chatter} echo \"$1\"; shift ;;\n    END*) exit 0 ;;\n  esac\ndone\n",
        moves = moves.join(" "),
        log = log.display(),
    );
    std::fs::write(&path, script).expect("the temporary folder is writable");
    format!("sh '{}'", path.display())
}

fn lines(log: &str) -> Vec<String> {
    std::fs::read_to_string(temp(log))
        .expect("the brain logged")
        .lines()
        .map(str::to_owned)
        .collect()
}

fn contest(a: String, b: String, board: &str, time: &str) -> St3pMatch {
    let start = board.parse::<BoardSpec>().expect("valid").start();
    let mut contest =
        St3pMatch::new([a, b], vec![start], 5, time.parse::<TimeControl>().expect("valid"));
    contest.protocols = [MnkProtocol::Gomocup; 2];
    contest
}

fn forfeit(game: &Game) -> (&Engine, &Forfeit) {
    match &game.ending {
        Ending::Forfeit { loser, forfeit } => (loser, forfeit),
        other => panic!("expected a forfeit, the game ended by: {other}"),
    }
}

#[test]
fn a_whole_game_is_played_told_and_recorded_as_psq() {
    let a = brain("whole-a", &["7,7", "8,7", "9,7", "10,7", "11,7"], "");
    let b = brain("whole-b", &["7,8", "8,8", "9,8", "10,8"], "echo 'MESSAGE depth 1';");
    let game = contest(a, b, "15x15k5", "st=2").play(1, Engine::A);
    assert_eq!(game.ending, Ending::Rules("x made 5 in a row".into()));
    assert_eq!(game.score, GameScore::AWins);
    assert_eq!((game.plies, game.file_name.as_str()), (9, "game-0001.psq"));
    assert_eq!(
        lines("whole-a"),
        [
            "START 15",
            "INFO game_type 1",
            "INFO rule 0",
            "INFO timeout_turn 2000",
            "INFO timeout_match 0",
            "INFO max_memory 0",
            "BEGIN",
            "TURN 7,8",
            "TURN 8,8",
            "TURN 9,8",
            "TURN 10,8",
            "END",
        ]
    );
    assert_eq!(lines("whole-b")[6..], ["TURN 7,7", "TURN 8,7", "TURN 9,7", "TURN 10,7", "END"]);
    let record: Psq = game.record.parse().expect("a .psq record");
    let moves: Vec<(usize, usize)> = record.moves().iter().map(|m| (m.col, m.row)).collect();
    assert_eq!(moves, [(7, 7), (7, 8), (8, 7), (8, 8), (9, 7), (9, 8), (10, 7), (10, 8), (11, 7)]);
    assert!(record.moves().iter().all(|m| m.time.is_some()));
    let players = record.players().expect("the engines' command lines");
    assert!(players[0].contains("whole-a") && players[1].contains("whole-b"), "{players:?}");
}

#[test]
fn an_opening_is_sent_as_a_board_and_a_game_clock_as_time_left() {
    // x at the centre, o to move: B (o) gets the opening as a BOARD block.
    let opening = "15_/15_/15_/15_/15_/15_/15_/7_x7_/15_/15_/15_/15_/15_/15_/15_ o";
    let opening = opening.parse::<gridnote_protocol::st3p::T3en>().expect("T3EN").into_position();
    let a = brain("board-a", &["0,0", "1,0", "2,0", "3,0", "4,0"], "");
    let b = brain("board-b", &["8,8", "9,9", "10,10", "14,14", "13,13"], "");
    let mut c = contest(a, b, "15x15k5", "60+0");
    c.openings = vec![opening];
    c.max_memory = 104_857_600;
    let game = c.play(2, Engine::B);
    assert_eq!(game.ending, Ending::Rules("x made 5 in a row".into()));
    let sent = lines("board-b");
    assert_eq!(
        sent[..6],
        [
            "START 15",
            "INFO game_type 1",
            "INFO rule 0",
            "INFO timeout_turn 60000",
            "INFO timeout_match 60000",
            "INFO max_memory 104857600"
        ]
    );
    assert!(sent[6].starts_with("INFO time_left "), "{sent:?}");
    assert_eq!(sent[7..10], ["BOARD", "7,7,2", "DONE"]);
    assert_eq!(lines("board-a")[7..10], ["BOARD", "7,7,1", "8,8,2"]);
    // The record starts with the opening's stone.
    let record: Psq = game.record.parse().expect("a .psq record");
    assert_eq!(
        (record.moves()[0].col, record.moves()[0].row, record.moves()[0].time),
        (7, 7, None)
    );
}

#[test]
fn st3p_plays_gomocup_in_a_mixed_match() {
    // A speaks ST3P (cells named from the top row: a1 is 0,0), B Gomocup.
    let mut script = String::from("read v; echo 'st3p version 1 ok';");
    for cell in ["a1", "b1", "c1", "d1", "e1"] {
        script.push_str(&format!(" read m; echo 'best {cell}';"));
    }
    script.push_str(" read q");
    let a = format!("sh -c \"{script}\"");
    let b = brain("mixed-b", &["0,5", "1,5", "2,5", "3,5"], "");
    let mut c = contest(a, b, "9x9k5", "st=2");
    c.protocols = [MnkProtocol::St3p, MnkProtocol::Gomocup];
    let game = c.play(1, Engine::A);
    assert_eq!(game.ending, Ending::Rules("x made 5 in a row".into()));
    assert_eq!(
        lines("mixed-b")[..8],
        [
            "START 9",
            "INFO game_type 1",
            "INFO rule 0",
            "INFO timeout_turn 2000",
            "INFO timeout_match 0",
            "INFO max_memory 0",
            "TURN 0,0",
            "TURN 1,0"
        ]
    );
    assert!(game.record.starts_with("Piskvorky 9x9, 0:0, 0\n1,1,"), "{}", game.record);
}

#[test]
fn a_forbidden_point_of_black_under_renju_is_an_illegal_move() {
    // Black makes two open threes at 7,7 (row 7: 5,7 6,7 7,7; column 7: 7,5 7,6 7,7).
    let a = brain("renju-a", &["5,7", "6,7", "7,5", "7,6", "7,7"], "");
    let b = brain("renju-b", &["0,0", "2,0", "4,0", "6,0"], "");
    let mut c = contest(a, b, "15x15k5", "st=2");
    c.gomoku = Gomoku::Renju;
    let game = c.play(1, Engine::A);
    let (loser, why) = forfeit(&game);
    assert_eq!(*loser, Engine::A);
    let Forfeit::IllegalMove { reply, reason } = why else { panic!("{why}") };
    assert_eq!(reply, "7,7");
    assert!(reason.starts_with("7,7 (gridnote's h8): "), "{reason}");
    assert!(reason.contains("forbidden"), "{reason}");
    assert_eq!(lines("renju-a")[2], "INFO rule 4");
    // Freestyle: the same move is legal.
    let a = brain("free-a", &["5,7", "6,7", "7,5", "7,6", "7,7", "8,7", "9,7"], "");
    let b = brain("free-b", &["0,0", "2,0", "4,0", "6,0", "8,0", "10,0"], "");
    let game = contest(a, b, "15x15k5", "st=2").play(1, Engine::A);
    assert_eq!(game.ending, Ending::Rules("x made 5 in a row".into()));
}

#[test]
fn errors_off_board_moves_and_handshakes_forfeit() {
    let a = brain("error-a", &["0,1"], "echo 'ERROR no such thing';");
    let b = brain("error-b", &["0,0"], "");
    let game = contest(a, b, "15x15k5", "st=2").play(1, Engine::A);
    assert_eq!(
        forfeit(&game),
        (&Engine::A, &Forfeit::Malformed("`ERROR no such thing` to its move request".into()))
    );
    let a = brain("off-a", &["15,3"], "");
    let b = brain("off-b", &["0,0"], "");
    let game = contest(a, b, "15x15k5", "st=2").play(1, Engine::A);
    assert_eq!(
        forfeit(&game),
        (
            &Engine::A,
            &Forfeit::IllegalMove {
                reply: "15,3".into(),
                reason: "15,3 is off the 15x15 board".into()
            }
        )
    );
    let game = contest(
        "sh -c 'read s; echo ERROR no'".into(),
        brain("hs-b", &["0,0"], ""),
        "15x15k5",
        "st=2",
    )
    .play(1, Engine::A);
    assert_eq!(
        forfeit(&game),
        (&Engine::A, &Forfeit::Handshake("`ERROR no` to `START 15` (expected `OK`)".into()))
    );
}
