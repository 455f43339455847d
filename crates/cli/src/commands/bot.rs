//! `gridnote bot`: gridnote-engine's bot, an account on a hnefatafl.org-style game server
//! (hnefatafl-copenhagen's `hnefatafl-server`), on a TCP connection.

use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use gridnote_engine::bot::{Event, Lobby, Options, PORT, Role, TcpConnector, TimeSettings};

use crate::inputs::Io;
use crate::numbers::whole;
use crate::status::{EXIT_FAILED, EXIT_OK, EXIT_USAGE};

/// Play Copenhagen hnefatafl as an account on a hnefatafl.org-style server (the
/// hnefatafl-copenhagen server's line protocol): offer games (or join them), play them
/// within the server's clock, game after game; reconnect and resume after a dropped
/// connection; on SIGINT or SIGTERM resign the game under way and log out
/// (docs/engine.md).
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The server, HOST:PORT.
    #[arg(long, value_name = "HOST:PORT", default_value_t = format!("localhost:{PORT}"))]
    pub(crate) server: String,
    /// The account's name (at most 16 bytes, as the server takes them).
    #[arg(long, value_name = "NAME", value_parser = account)]
    pub(crate) user: String,
    /// A file whose first line is the account's password (none when left out).
    #[arg(long, value_name = "FILE")]
    pub(crate) password_file: Option<PathBuf>,
    /// Create the account when the server does not know it.
    #[arg(long)]
    pub(crate) create_account: bool,
    /// The role: attacker, defender, or either (games offered as each in turn).
    #[arg(long, value_name = "ROLE", default_value = "attacker", value_parser = ["attacker", "defender", "either"])]
    pub(crate) role: String,
    /// Join the game with this id instead of offering one, then the games its owner
    /// offers next.
    #[arg(long, value_name = "ID", conflicts_with = "follow", value_parser = whole(0u128, u128::MAX))]
    pub(crate) join: Option<u128>,
    /// Join the games this account offers instead of offering games.
    #[arg(long, value_name = "NAME", value_parser = account)]
    pub(crate) follow: Option<String>,
    /// The games to play, 1 to 1000000.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = whole(1u32, 1_000_000))]
    pub(crate) games: u32,
    /// The longest time to think about a move, in milliseconds (1 to 86400000); less
    /// when the clock is short.
    #[arg(long, value_name = "MS", default_value_t = 5000, value_parser = whole(1u64, 86_400_000))]
    pub(crate) move_time: u64,
    /// The games offered: each side's time for the game, in seconds (1 to 8640000, 100
    /// days), on Fischer's clock.
    #[arg(long, value_name = "SECONDS", default_value_t = 900, value_parser = whole(1u64, 8_640_000))]
    pub(crate) main_time: u64,
    /// The games offered: the seconds added after each move (0 to 86400).
    #[arg(long, value_name = "SECONDS", default_value_t = 10, value_parser = whole(0u64, 86_400))]
    pub(crate) increment: u64,
    /// The games offered are rated.
    #[arg(long)]
    pub(crate) rated: bool,
    /// The games offered: the board size, 11 or 13.
    #[arg(long, value_name = "N", default_value_t = 11, value_parser = whole(11u8, 13))]
    pub(crate) board: u8,
    /// The most memory the transposition table may take, in MiB (1 to 65536).
    #[arg(long, value_name = "MIB", default_value_t = 64, value_parser = whole(1u64, 65_536))]
    pub(crate) table_mib: u64,
    /// How many times in a row a dropped connection is made again (0 to 1000).
    #[arg(long, value_name = "N", default_value_t = 5, value_parser = whole(0u32, 1000))]
    pub(crate) reconnects: u32,
    /// Write each game's record (game-0001.otg, …) into this folder (made when missing).
    #[arg(long, value_name = "DIR")]
    pub(crate) records: Option<PathBuf>,
    /// Write the records into a folder that already holds files (files of the same names
    /// are replaced).
    #[arg(long, requires = "records")]
    pub(crate) force: bool,
}

/// An account's name: 1 to 16 bytes without white space.
fn account(text: &str) -> Result<String, String> {
    if text.is_empty() || text.len() > 16 || text.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(format!("expected 1 to 16 bytes without spaces, got {text:?}"));
    }
    Ok(text.to_owned())
}

/// The flag SIGINT and SIGTERM set (the handler is installed once a process).
fn stop_flag() -> Result<Arc<AtomicBool>, String> {
    static FLAG: OnceLock<Result<Arc<AtomicBool>, String>> = OnceLock::new();
    FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let set = Arc::clone(&flag);
        ctrlc::set_handler(move || set.store(true, Ordering::Relaxed))
            .map(|()| flag)
            .map_err(|err| format!("cannot catch SIGINT and SIGTERM: {err}"))
    })
    .clone()
}

pub(crate) fn run(args: &Args, _stdin: &mut (dyn BufRead + Send), io: &mut Io<'_>) -> u8 {
    let prepared = records_folder(args.records.as_deref(), args.force)
        .and_then(|()| password(args.password_file.as_deref()))
        .and_then(|password| stop_flag().map(|stop| (password, stop)));
    let (password, stop) = match prepared {
        Ok(pair) => pair,
        Err(message) => {
            let _ = writeln!(io.err, "error: {message}");
            return EXIT_USAGE;
        }
    };
    let options = options(args, &password);
    let mut connector = TcpConnector::new(&args.server);
    let mut written = 0u32;
    let mut failed = false;
    let result = gridnote_engine::bot::run(&mut connector, &options, &stop, &mut |event| match event {
        Event::Log(line) => {
            let _ = writeln!(io.err, "{line}");
            let _ = io.err.flush();
        }
        Event::Finished(game) => {
            let _ = writeln!(io.out, "game {}: {} against {}: {}", game.id, game.attacker, game.defender, game.result);
            let _ = io.out.flush();
            if let (Some(dir), Some(record)) = (&args.records, game.otg()) {
                written += 1;
                let path = dir.join(format!("game-{written:04}.otg"));
                if let Err(err) = std::fs::write(&path, record) {
                    let _ = writeln!(io.err, "error: cannot write {}: {err}", path.display());
                    failed = true;
                }
            }
        }
        _ => {}
    });
    match result {
        Ok(summary) => {
            let _ = writeln!(
                io.out,
                "{} game(s): {} won, {} lost, {} drawn; {} reconnection(s){}",
                summary.games,
                summary.wins,
                summary.losses,
                summary.draws,
                summary.reconnections,
                if summary.stopped { "; stopped by a signal" } else { "" }
            );
            if failed { EXIT_FAILED } else { EXIT_OK }
        }
        Err(err) => {
            let _ = writeln!(io.err, "error: {err}");
            EXIT_FAILED
        }
    }
}

fn options(args: &Args, password: &str) -> Options {
    let mut options = Options::new(&args.user, password);
    options.lobby = match (&args.join, &args.follow) {
        (Some(id), _) => Lobby::Join(*id),
        (None, Some(owner)) => Lobby::Follow(owner.clone()),
        (None, None) => Lobby::Offer,
    };
    options.role = match args.role.as_str() {
        "defender" => Role::Defender,
        "either" => Role::Either,
        _ => Role::Attacker,
    };
    options.rated = args.rated;
    options.time = TimeSettings::Fischer {
        milliseconds: args.main_time.saturating_mul(1000),
        add_seconds: args.increment,
    };
    options.board_size = args.board;
    options.games = args.games;
    options.move_time = Duration::from_millis(args.move_time);
    options.table_bytes = usize::try_from(args.table_mib << 20).unwrap_or(usize::MAX);
    options.reconnects = args.reconnects;
    options.create_account = args.create_account;
    options
}

/// The password: the first line of the file (without its line break), at most 32 bytes.
fn password(file: Option<&Path>) -> Result<String, String> {
    let Some(file) = file else { return Ok(String::new()) };
    let shown = file.display();
    let text = std::fs::read(file).map_err(|err| format!("cannot read --password-file {shown}: {err}"))?;
    let line = text.split(|&b| b == b'\n').next().unwrap_or_default();
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    let line = std::str::from_utf8(line)
        .map_err(|_| format!("--password-file {shown}: the first line is not UTF-8"))?;
    if line.len() > 32 || line.chars().any(char::is_control) {
        return Err(format!(
            "--password-file {shown}: the password must be at most 32 bytes without control characters"
        ));
    }
    Ok(line.to_owned())
}

/// The records folder, checked before connecting: made when missing; refused when it is
/// a file, or holds files and `--force` was not given.
fn records_folder(dir: Option<&Path>, force: bool) -> Result<(), String> {
    let Some(dir) = dir else { return Ok(()) };
    let shown = dir.display();
    if dir.exists() && !dir.is_dir() {
        return Err(format!("--records {shown} is a file: give a folder (it is made when missing)"));
    }
    if dir.is_dir() && !force {
        let count = std::fs::read_dir(dir)
            .map_err(|err| format!("cannot read the folder {shown}: {err}"))?
            .count();
        if count > 0 {
            return Err(format!(
                "--records {shown} already holds {count} file(s): give a new or empty folder, or --force to write into it"
            ));
        }
    }
    std::fs::create_dir_all(dir).map_err(|err| format!("cannot create {shown}: {err}"))
}

#[cfg(test)]
mod tests {
    use super::{account, password, records_folder};

    #[test]
    fn account_names_are_what_the_server_takes() {
        assert_eq!(account("bot-1"), Ok("bot-1".to_owned()));
        assert_eq!(account("a b"), Err("expected 1 to 16 bytes without spaces, got \"a b\"".to_owned()));
        assert!(account("").is_err());
        assert!(account(&"x".repeat(17)).is_err());
    }

    #[test]
    fn the_password_is_the_files_first_line() {
        let dir = std::env::temp_dir().join(format!("gridnote-bot-password-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a folder");
        let file = dir.join("pw");
        std::fs::write(&file, "two words\r\nignored\n").expect("written");
        assert_eq!(password(Some(&file)), Ok("two words".to_owned()));
        std::fs::write(&file, "x".repeat(33)).expect("written");
        assert!(password(Some(&file)).unwrap_err().ends_with("the password must be at most 32 bytes without control characters"));
        assert_eq!(password(None), Ok(String::new()));
        // A folder that holds a file is refused without --force, taken with it.
        let refused = records_folder(Some(&dir), false).unwrap_err();
        assert!(refused.ends_with("already holds 1 file(s): give a new or empty folder, or --force to write into it"), "{refused}");
        assert_eq!(records_folder(Some(&dir), true), Ok(()));
        assert!(records_folder(Some(&file), true).unwrap_err().ends_with("is a file: give a folder (it is made when missing)"));
        std::fs::remove_dir_all(&dir).expect("removed");
    }
}
