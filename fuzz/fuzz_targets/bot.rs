//! gridnote's server bot driven in process by a server the input bytes script: logins
//! refused or taken, games offered, challenged and started (with any players, clocks and
//! board sizes), turns, plays (random vertices, so mostly not legal), clocks, games over,
//! draws, game records (`resume_game_json`, valid and not), lobby updates and raw lines of
//! any bytes; then the connection ends, and the next one fails. Whatever comes, the bot
//! returns (a summary or an error), never panics, and every line it writes is a request
//! the server's protocol reads.
#![no_main]

use std::io::{self, Cursor, Write};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use gridnote_engine::bot::{Connector, Lobby, Options, Role, run};
use gridnote_protocol::server::Request;
use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;
use common::Bytes;

fn vertex(b: &mut Bytes<'_>) -> String {
    format!("{}{}", char::from(b'a' + (b.byte() % 14)), b.below(15))
}

fn role(b: &mut Bytes<'_>) -> &'static str {
    ["attacker", "defender", "king"][b.below(3)]
}

fn user(b: &mut Bytes<'_>) -> &'static str {
    ["bot", "other", "host"][b.below(3)]
}

fn line(b: &mut Bytes<'_>) -> String {
    let id = b.below(3);
    match b.below(18) {
        0 => "= login".to_owned(),
        1 => ["? login wrong_password", "? login multiple_possible_errors logged_in_already"]
            [b.below(2)]
        .to_owned(),
        2 => format!("= new_game {id}"),
        3 => format!("= challenge_requested {id}"),
        4 => {
            let time =
                ["fischer 60000 1", "fischer 0 0", "un-timed _ _", "fischer 9 x"][b.below(4)];
            let size = ["11", "13", "7"][b.below(3)];
            format!("= join_game {} {} rated {time} {size}", user(b), user(b))
        }
        5 | 6 => format!("game {id} generate_move {}", role(b)),
        7 | 8 => format!("game {id} play {} {} {}", role(b), vertex(b), vertex(b)),
        9 => format!("game {id} play {} resigns ", role(b)),
        10 => format!("= game_over {id} {}_wins", role(b)),
        11 => "= draw accept".to_owned(),
        12 => format!(
            r#"= game_time {{"id":{id},"attacker_ms_left":{},"defender_ms_left":-5}}"#,
            b.byte()
        ),
        13 => {
            let moves = (0..b.below(4)).map(|_| format!("{}-{}", vertex(b), vertex(b)));
            let moves: Vec<String> = moves.collect();
            format!(
                r#"= resume_game_json {{"id":{id},"attackers":"{}","defenders":"{}","dim":11,"start":"/3AAAAA3/5A5/11/A4D4A/A3DDD3A/AA1DDKDD1AA/A3DDD3A/A4D4A/11/5A5/3AAAAA3/","time_control":null,"time_remaining_ms":null,"moves":"{}","rated":false,"messages":[]}}"#,
                user(b),
                user(b),
                moves.join(" ")
            )
        }
        14 => format!(
            r#"= games_updated {{"created":[[{id},null,{{"id":{id},"attacker":"host","defender":null,"challenger":null,"challenge_accepted":false,"board_size":"_11"}}]],"removed":[],"updated":{{}}}}"#
        ),
        15 => format!("? game play: {}", vertex(b)),
        _ => b.raw_line(40),
    }
}

/// One scripted connection, then none.
struct Scripted {
    script: Option<Vec<u8>>,
    written: Arc<Mutex<Vec<u8>>>,
}

struct Sink(Arc<Mutex<Vec<u8>>>);

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.lock().expect("not poisoned").extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Connector for Scripted {
    type Reader = Cursor<Vec<u8>>;
    type Writer = Sink;

    fn connect(&mut self) -> io::Result<(Cursor<Vec<u8>>, Sink)> {
        let script = self.script.take().ok_or_else(|| io::Error::other("no more connections"))?;
        Ok((Cursor::new(script), Sink(Arc::clone(&self.written))))
    }

    fn hang_up(&mut self) {}
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes(data);
    let mut options = Options::new("bot", "");
    options.lobby =
        [Lobby::Offer, Lobby::Join(1), Lobby::Follow("host".into())][b.below(3)].clone();
    options.role = [Role::Attacker, Role::Defender, Role::Either][b.below(3)];
    options.games = 1 + u32::from(b.byte() % 3);
    options.move_time = Duration::from_millis(2);
    options.table_bytes = 1 << 16;
    options.reconnects = 1;
    options.retry_delay = Duration::from_millis(1);
    let script = common::script(b.0, line, |b| ["", "\r"][b.below(2)]);
    let written = Arc::new(Mutex::new(Vec::new()));
    let mut connector =
        Scripted { script: Some(script.into_bytes()), written: Arc::clone(&written) };
    let stop = Arc::new(AtomicBool::new(false));
    // A summary or an error: both are a clean end.
    let _ = run(&mut connector, &options, &stop, &mut |_| {});
    let written = written.lock().expect("not poisoned");
    let written = String::from_utf8(written.clone()).expect("UTF-8 requests");
    for request in written.lines() {
        assert!(request.parse::<Request>().is_ok(), "not a request: {request:?}");
    }
});
