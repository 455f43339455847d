//! `gridnote htp`: gridnote-engine's HTP engine (Copenhagen hnefatafl) on standard input
//! and output.

use std::io::BufRead;
use std::time::Duration;

use gridnote_engine::ServeError;
use gridnote_engine::htp::{Options, serve};

use crate::inputs::Io;
use crate::status::{EXIT_FAILED, EXIT_OK};

/// Play Copenhagen hnefatafl (11x11 and 13x13) on the Hnefatafl Text Protocol of
/// hnefatafl-copenhagen, on standard input and output (docs/engine.md).
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The most memory the transposition table may take, in MiB (1 to 65536).
    #[arg(long, value_name = "MIB", default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..=65536))]
    pub(crate) table_mib: u64,
    /// The time to think about a move when the game is un-timed, in milliseconds (1 to
    /// 86400000, a day).
    #[arg(long, value_name = "MS", default_value_t = 5000, value_parser = clap::value_parser!(u64).range(1..=86_400_000))]
    pub(crate) move_time: u64,
}

pub(crate) fn run(args: &Args, stdin: &mut (dyn BufRead + Send), io: &mut Io<'_>) -> u8 {
    let options = Options::default()
        .with_table_bytes(usize::try_from(args.table_mib << 20).unwrap_or(usize::MAX))
        .with_move_time(Duration::from_millis(args.move_time));
    match serve(stdin, &mut *io.out, &options) {
        Ok(()) => EXIT_OK,
        // The host is gone: nothing more to say.
        Err(ServeError::Write(_)) => EXIT_FAILED,
        Err(err) => {
            let _ = writeln!(io.err, "error: {err}");
            EXIT_FAILED
        }
    }
}
