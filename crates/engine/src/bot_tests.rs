//! The bot against servers scripted here, over TCP on the loopback interface.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::thread;
use std::time::Duration;

use gridnote_board::Player;
use gridnote_protocol::server::Request;
use gridnote_tafl_rules::{Move, Position, Square};

use super::*;

/// One connection of a scripted server.
struct Script {
    reader: BufReader<TcpStream>,
    writer: TcpStream,
}

impl Script {
    fn accept(listener: &TcpListener) -> Script {
        let (stream, _) = listener.accept().expect("a connection");
        stream.set_read_timeout(Some(Duration::from_secs(20))).expect("a timeout");
        Script { reader: BufReader::new(stream.try_clone().expect("a clone")), writer: stream }
    }

    fn read(&mut self) -> String {
        let mut line = String::new();
        self.reader.read_line(&mut line).expect("a line from the bot");
        line.trim_end().to_owned()
    }

    /// The next line that is not the keep-alive.
    fn request(&mut self) -> String {
        loop {
            let line = self.read();
            if line != "ping" {
                return line;
            }
        }
    }

    fn expect(&mut self, line: &str) {
        assert_eq!(self.request(), line);
    }

    fn send(&mut self, line: &str) {
        writeln!(self.writer, "{line}").expect("the bot reads");
    }

    fn login(&mut self, user: &str) {
        self.expect(&format!("32d9a140 login {user} pw"));
        self.send("= login");
        assert!(self.request().starts_with("software_id gridnote-"));
    }

    /// The bot's play in game `id`, checked legal in `position` and played there.
    fn play(&mut self, id: u128, position: &mut Position) -> String {
        let line = self.request();
        let Ok(Request::Play { id: got, play: Play::Move { role, from, to } }) = line.parse()
        else {
            panic!("not a move: {line}");
        };
        assert_eq!(got, id);
        assert_eq!(role, position.to_move());
        position.play(Move::new(from.0, to.0)).expect("a legal move");
        line
    }
}

fn options(user: &str) -> Options {
    let mut options = Options::new(user, "pw");
    options.move_time = Duration::from_millis(30);
    options.table_bytes = 1 << 20;
    options.retry_delay = Duration::from_millis(10);
    options.time = TimeSettings::Fischer { milliseconds: 60_000, add_seconds: 1 };
    options
}

fn start() -> Position {
    Position::start(&crate::htp::rules(11).expect("rules"))
}

/// Runs the bot against the listener; the events it reported.
fn run_bot(
    listener: &TcpListener,
    options: &Options,
    stop: &Arc<AtomicBool>,
) -> (Result<Summary, BotError>, Vec<Event>) {
    let address = listener.local_addr().expect("an address").to_string();
    let mut connector = TcpConnector::new(&address);
    let mut events = Vec::new();
    let result = run(&mut connector, options, stop, &mut |event| events.push(event));
    (result, events)
}

fn finished(events: &[Event]) -> Vec<&Finished> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Finished(f) => Some(f),
            Event::Log(_) => None,
        })
        .collect()
}

#[test]
fn the_bot_offers_accepts_plays_and_logs_out() {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a port");
    let server = {
        let listener = listener.try_clone().expect("a clone");
        thread::spawn(move || {
            let mut s = Script::accept(&listener);
            s.login("bot-1");
            s.expect(
                r#"new_game {"role":"Attacker","rated":false,"time_settings":{"Timed":{"add_seconds":1,"milliseconds_left":60000}},"board_size":11}"#,
            );
            s.send("= new_game 4");
            // Lines the bot does not know or cannot read are skipped.
            s.send("= users_updated (updated:{})");
            s.send("game x play");
            s.send("= challenge_requested 4");
            s.expect("join_game 4");
            s.send("= join_game bot-1 human unrated fischer 60000 1 11");
            s.send("game 4 generate_move attacker");
            let mut position = start();
            let first = s.play(4, &mut position);
            s.send("= game");
            s.send(r#"= game_time {"id":4,"attacker_ms_left":59900,"defender_ms_left":60000}"#);
            s.send("request_draw 4 defender");
            let reply = position.legal_moves()[0];
            s.send(&format!("game 4 play defender {} {}", Vertex(reply.from), Vertex(reply.to)));
            let reply = position.play(reply).expect("legal").text;
            s.send("game 4 generate_move attacker");
            s.play(4, &mut position);
            s.send("= game");
            s.send("= game_over 4 defender_wins");
            s.expect("logout");
            (first, reply)
        })
    };
    let stop = Arc::new(AtomicBool::new(false));
    let (result, events) = run_bot(&listener, &options("bot-1"), &stop);
    let (first, reply) = server.join().expect("the script");
    let summary = result.expect("a summary");
    assert_eq!(
        summary,
        Summary { games: 1, wins: 0, losses: 1, draws: 0, reconnections: 0, stopped: false }
    );
    let games = finished(&events);
    assert_eq!(games.len(), 1);
    assert_eq!(
        (games[0].id, games[0].attacker.as_str(), games[0].defender.as_str()),
        (4, "bot-1", "human")
    );
    assert_eq!(games[0].result, GameResult::Won(Player::Two));
    assert_eq!(games[0].moves.len(), 3);
    assert_eq!(games[0].moves[1], reply);
    // The first move's notation is the one sent: `game 4 play attacker d1 d3` is `d1-d3`.
    let words: Vec<&str> = first.split(' ').collect();
    assert!(games[0].moves[0].starts_with(&format!("{}-{}", words[4], words[5])));
    let skipped: Vec<&String> = events
        .iter()
        .filter_map(|e| match e {
            Event::Log(line) if line.starts_with("skipped") => Some(line),
            _ => None,
        })
        .collect();
    assert_eq!(skipped.len(), 2, "{skipped:?}");
    assert!(skipped[0].starts_with("skipped `= users_updated (updated:{})`"));
    assert!(skipped[1].starts_with("skipped `game x play`: `x` is not a game id"));
    let record = games[0].otg().expect("a record");
    let game: gridnote_board::tafl::Game = record.parse().expect("an OTN game");
    assert_eq!(game.result(), Some(gridnote_board::tafl::GameResult::DefendersWin));
}

#[test]
fn a_dropped_connection_is_made_again_and_the_game_resumed() {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a port");
    let server = {
        let listener = listener.try_clone().expect("a clone");
        thread::spawn(move || {
            let mut s = Script::accept(&listener);
            s.login("bot-2");
            s.expect("join_game_pending 9");
            s.send("= join_game_pending 9");
            s.send("= join_game human bot-2 rated fischer 60000 1 11");
            s.send("game 9 play attacker d1 d3");
            let mut position = start();
            position.play(Move::new(Square::new(3, 0), Square::new(3, 2))).expect("legal");
            s.send("game 9 generate_move defender");
            let reply = s.play(9, &mut position);
            // The connection drops before the server has the move.
            drop(s);
            let mut position = start();
            position.play(Move::new(Square::new(3, 0), Square::new(3, 2))).expect("legal");
            let mut s = Script::accept(&listener);
            s.login("bot-2");
            s.send("game 9 generate_move defender");
            s.expect("resume_game_json 9");
            s.send(
                r#"= resume_game_json {"id":9,"attackers":"human","defenders":"bot-2","dim":11,"start":"/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/","time_control":{"main_time_seconds":60,"increment_length":1},"time_remaining_ms":{"attackers":59000,"defenders":58000,"last_move":"2026-01-01T00:00:00Z"},"moves":"d1-d3","rated":true,"messages":[]}"#,
            );
            s.play(9, &mut position);
            s.send("= game");
            s.send("game 9 play attacker resigns ");
            s.send("= game_over 9 defender_wins");
            s.expect("logout");
            reply
        })
    };
    let mut options = options("bot-2");
    options.lobby = Lobby::Join(9);
    options.role = Role::Defender;
    let stop = Arc::new(AtomicBool::new(false));
    let (result, events) = run_bot(&listener, &options, &stop);
    server.join().expect("the script");
    let summary = result.expect("a summary");
    assert_eq!(
        summary,
        Summary { games: 1, wins: 1, losses: 0, draws: 0, reconnections: 1, stopped: false }
    );
    let games = finished(&events);
    assert_eq!(games[0].moves.len(), 2);
    assert_eq!(games[0].moves[0], "d1-d3");
}

#[test]
fn on_the_stop_flag_the_bot_resigns_and_logs_out() {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a port");
    let stop = Arc::new(AtomicBool::new(false));
    let server = {
        let listener = listener.try_clone().expect("a clone");
        let stop = Arc::clone(&stop);
        thread::spawn(move || {
            let mut s = Script::accept(&listener);
            s.login("bot-3");
            assert!(s.request().starts_with("new_game {\"role\":\"Defender\""));
            s.send("= new_game 1");
            s.send("= challenge_requested 1");
            s.expect("join_game 1");
            s.send("= join_game human bot-3 unrated un-timed _ _ 11");
            // The keep-alive comes once the bot has nothing left to read.
            assert_eq!(s.read(), "ping");
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
            s.expect("game 1 play defender resigns _");
            s.expect("logout");
        })
    };
    let mut options = options("bot-3");
    options.role = Role::Defender;
    options.games = 5;
    options.keep_alive = Duration::from_millis(200);
    let (result, events) = run_bot(&listener, &options, &stop);
    server.join().expect("the script");
    let summary = result.expect("a summary");
    assert_eq!(
        summary,
        Summary { games: 1, wins: 0, losses: 1, draws: 0, reconnections: 0, stopped: true }
    );
    assert_eq!(finished(&events)[0].result, GameResult::Won(Player::One));
}

#[test]
fn a_refused_login_ends_the_run() {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a port");
    let server = {
        let listener = listener.try_clone().expect("a clone");
        thread::spawn(move || {
            let mut s = Script::accept(&listener);
            s.expect("32d9a140 login bot-4 pw");
            s.send("? login wrong_version");
        })
    };
    let stop = Arc::new(AtomicBool::new(false));
    let (result, _) = run_bot(&listener, &options("bot-4"), &stop);
    server.join().expect("the script");
    assert_eq!(
        result.map_err(|e| e.to_string()).unwrap_err(),
        "the server refused the login: wrong_version"
    );
}

#[test]
fn the_follower_joins_the_offers_of_its_account() {
    let json = r#"{"created":[[3,null,{"id":3,"attacker":"host","defender":null,"challenger":null,"rated":"No","timed":"UnTimed","spectators":{},"challenge_accepted":false,"game_over":false,"board_size":"_11","turn":"Roleless"}],[4,null,{"id":4,"attacker":"other","defender":null,"challenger":null,"rated":"No","timed":"UnTimed","spectators":{},"challenge_accepted":false,"game_over":false,"board_size":"_11","turn":"Roleless"}]],"removed":[],"updated":{}}"#;
    assert_eq!(game::offers(json, "host", None), Ok(vec![3]));
    assert_eq!(game::offers(json, "host", Some(Player::Two)), Ok(vec![3]));
    assert_eq!(game::offers(json, "host", Some(Player::One)), Ok(vec![]));
    assert_eq!(game::offers(json, "nobody", None), Ok(vec![]));
    assert!(
        game::offers("{", "host", None).unwrap_err().starts_with("not the server's games JSON")
    );
}

#[test]
fn the_time_to_think_keeps_within_the_clock() {
    let late = Lateness::default();
    let fischer = TimeSettings::Fischer { milliseconds: 60_000, add_seconds: 1 };
    let second = Duration::from_secs(1);
    assert_eq!(think_time(TimeSettings::UnTimed, None, second, &late), second);
    // 60 s and 1 s a move over 30 moves: about 3 s, cut to the move time.
    assert_eq!(think_time(fischer, Some(60_000), second, &late), second);
    // 300 ms left: less than that, never nothing.
    let short = think_time(fischer, Some(300), Duration::from_secs(5), &late);
    assert!(short < Duration::from_millis(300) && short > Duration::ZERO, "{short:?}");
    assert_eq!(
        think_time(fischer, Some(-5), second, &late),
        think_time(fischer, Some(0), second, &late)
    );
}

#[test]
fn long_lines_are_cut_for_the_log() {
    assert_eq!(shorten(&"é".repeat(100)), format!("{}… (200 bytes)", "é".repeat(60)));
}
