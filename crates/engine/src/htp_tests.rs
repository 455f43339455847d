use std::io::{BufReader, Read};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use super::*;

fn options() -> Options {
    Options::default().with_table_bytes(1 << 20).with_move_time(Duration::from_millis(50))
}

/// The replies to `input`, each without its blank line.
fn replies(input: &str) -> Vec<String> {
    let mut out = Vec::new();
    serve(input.as_bytes(), &mut out, &options()).expect("serves");
    let out = String::from_utf8(out).expect("UTF-8");
    let out = out.strip_suffix("\n\n").expect("a blank line after the last reply");
    out.split("\n\n").map(str::to_owned).collect()
}

#[test]
fn every_command_is_answered_as_the_program_answers_it() {
    let got = replies(
        "protocol_version\nversion\nknown_command play_undo\nknown_command bogus\n\n# a comment\n\
         board_size 11\nfinal_status\nplay attacker d1 d3\nplay defender f4 c4\nplay_to attacker d3\n\
         play_undo\nplay_undo\nplay_undo\nfirst_move defender\nplay attacker resigns\n\
         play defender resigns\nfinal_status\nboard_size 9\nplay attacker z1 a2\ntime_settings fischer 5 3\n\
         show_board_open_tafl\nquit\nname\n",
    );
    let want = [
        "= 1-beta".to_owned(),
        format!("= {}", env!("CARGO_PKG_VERSION")),
        "= true".to_owned(),
        "= false".to_owned(),
        "= ".to_owned(),
        "= ongoing".to_owned(),
        "= ".to_owned(),
        "= ".to_owned(),
        "= c3 b3 a3 e3 f3 g3 h3 i3 j3 k3 d2 d1 d4 d5".to_owned(),
        "= ".to_owned(),
        "= ".to_owned(),
        "? play undo: it is the first move".to_owned(),
        "= ".to_owned(),
        "? play: you can't resign for the other player".to_owned(),
        "= ".to_owned(),
        "= attacker_wins".to_owned(),
        "? board_size: a 9x9 board: this engine plays 11x11 and 13x13".to_owned(),
        "? `z1` is not a vertex: expected a column letter a to m and a row from 1 (at the bottom), like d1".to_owned(),
        "= ".to_owned(),
        "= /3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/".to_owned(),
        "= ".to_owned(),
    ];
    assert_eq!(got, want);
}

/// A reply's words after `=`, sorted (the program lists vertices in no fixed order).
fn sorted(reply: &str) -> Vec<&str> {
    let mut words: Vec<&str> = reply.split(' ').skip(1).filter(|w| !w.is_empty()).collect();
    words.sort_unstable();
    words
}

#[test]
fn play_to_lists_the_targets_and_play_from_the_pieces_that_can_move() {
    // The sets hnefatafl-copenhagen 6.4.1 gives (in an order of its own).
    let got = replies("play_from\nplay_to attacker d1\nplay_to attacker f6\nquit\n");
    let from = "a4 a5 a7 a8 attacker b6 d1 d11 e1 e11 f10 f2 g1 g11 h1 h11 j6 k4 k5 k7 k8";
    assert_eq!(sorted(&got[0]), from.split(' ').collect::<Vec<_>>());
    assert_eq!(sorted(&got[1]), ["b1", "c1", "d2", "d3", "d4", "d5"]);
    assert_eq!(got[2], "? play_to: no piece at f6 can move");
}

#[test]
fn the_defenders_may_not_repeat_a_board_the_attackers_may() {
    // The defender f4 goes to b4 and back: the board the attacker's d2 d1 made before
    // comes back, which the program refuses; the attacker d1 d2 d1 repeats freely.
    let got = replies(
        "play attacker d1 d2\nplay defender f4 b4\nplay attacker d2 d1\nplay defender b4 f4\n\
         play defender b4 c4\nplay attacker d1 d2\nquit\n",
    );
    let want = ["= ", "= ", "= ", "? play: defender b4 f4 is not a legal move", "= ", "= ", "= "];
    assert_eq!(got, want.map(str::to_owned));
}

#[test]
fn a_generated_move_is_legal_played_and_on_13x13_too() {
    for size in [11, 13] {
        let got =
            replies(&format!("board_size {size}\ngenerate_move\nshow_board_open_tafl\nquit\n"));
        let text = got[1].strip_prefix("= ").expect("a success");
        let play = Play::from_reply(text).expect("a play");
        let Play::Move { role, from, to } = play else { panic!("a move: {text}") };
        assert_eq!(role, Player::One);
        let rules = rules(size).expect("rules");
        let mut pos = Position::start(&rules);
        pos.play(Move::new(from.0, to.0)).expect("legal");
        assert_eq!(got[2], format!("= {}", pos.otn()));
    }
}

/// A reader that gives its lines as they are sent.
struct Pipe(mpsc::Receiver<Vec<u8>>, Vec<u8>);

impl Read for Pipe {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.1.is_empty() {
            match self.0.recv() {
                Ok(bytes) => self.1 = bytes,
                Err(_) => return Ok(0),
            }
        }
        let n = buf.len().min(self.1.len());
        buf[..n].copy_from_slice(&self.1[..n]);
        self.1.drain(..n);
        Ok(n)
    }
}

#[test]
fn quit_is_answered_at_once_while_the_engine_thinks() {
    let (send, lines) = mpsc::channel::<Vec<u8>>();
    let (done_send, done) = mpsc::channel::<Vec<u8>>();
    let engine = thread::spawn(move || {
        let mut out = Vec::new();
        let options =
            Options::default().with_table_bytes(1 << 20).with_move_time(Duration::from_secs(60));
        let input = BufReader::new(Pipe(lines, Vec::new()));
        serve(input, &mut out, &options).expect("serves");
        done_send.send(out).expect("sent");
    });
    send.send(b"generate_move\n".to_vec()).expect("sent");
    thread::sleep(Duration::from_millis(200));
    let asked = Instant::now();
    send.send(b"quit\n".to_vec()).expect("sent");
    let out = done.recv_timeout(Duration::from_secs(5)).expect("ends");
    assert!(asked.elapsed() < Duration::from_millis(500), "{:?}", asked.elapsed());
    assert_eq!(String::from_utf8(out).expect("UTF-8"), "= \n\n");
    engine.join().expect("joins");
}

#[test]
fn a_fischer_clock_gives_a_share_of_the_time_left() {
    let got =
        replies("time_settings fischer 1 0\ngenerate_move\ngenerate_move\nfinal_status\nquit\n");
    assert!(got[1].starts_with("= play attacker "), "{}", got[1]);
    assert!(got[2].starts_with("= play defender "), "{}", got[2]);
    assert_eq!(got[3], "= ongoing");
}

#[test]
fn max_think_caps_a_move_whatever_the_clock_says() {
    // A clock of 2^64-1 minutes would allot the move a share of a day; max_think caps it.
    let options = options().with_max_think(Duration::from_millis(20));
    // No `quit`: the end of the input lets the search under way answer first.
    let input = "time_settings fischer 18446744073709551615 0\ngenerate_move\n";
    let mut out = Vec::new();
    let start = Instant::now();
    serve(input.as_bytes(), &mut out, &options).expect("serves");
    assert!(start.elapsed() < Duration::from_secs(60), "{:?}", start.elapsed());
    let out = String::from_utf8(out).expect("UTF-8");
    let replies: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(replies[0], "= ");
    assert!(replies[1].starts_with("= play attacker "), "{out}");
    assert_eq!(replies.len(), 3, "{out}");
}

#[test]
fn a_play_answers_the_vertices_it_captured() {
    // From a game of the HTP match: the defender g5 g2 takes the attacker on f2 between
    // itself and the defender on e2; the plies before it capture nothing.
    let got = replies(
        "play attacker e11 e10\nplay defender g7 g8\nplay attacker d1 b1\nplay defender e5 e2\n\
         play attacker a5 c5\nplay defender e6 e3\nplay attacker b1 b3\nplay defender g5 g2\nquit\n",
    );
    let want = ["= ", "= ", "= ", "= ", "= ", "= ", "= ", "= f2 ", "= "];
    assert_eq!(got, want.map(str::to_owned));
}
