//! `gridnote gomocup`: gridnote-engine's Gomocup brain (gomoku) on standard input and
//! output.

use std::io::BufRead;
use std::time::Duration;

use gridnote_engine::ServeError;
use gridnote_engine::gomocup::{Options, serve};

use crate::inputs::Io;
use crate::status::{EXIT_FAILED, EXIT_OK};

/// Play gomoku as a Gomocup brain (Piskvork's protocol) on standard input and output:
/// freestyle, exactly five, renju and caro on boards up to 255x255 (docs/engine.md).
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The most memory the transposition table may take, in MiB (1 to 65536; less when
    /// the manager's `INFO max_memory` asks for less).
    #[arg(long, value_name = "MIB", default_value_t = 64, value_parser = crate::numbers::whole(1u64, 65536))]
    pub(crate) table_mib: u64,
    /// The time for a move until the manager sends `INFO timeout_turn`, in milliseconds
    /// (1 to 86400000, a day).
    #[arg(long, value_name = "MS", default_value_t = 5000, value_parser = crate::numbers::whole(1u64, 86_400_000))]
    pub(crate) turn_time: u64,
}

pub(crate) fn run(args: &Args, stdin: &mut (dyn BufRead + Send), io: &mut Io<'_>) -> u8 {
    let options = Options::default()
        .with_table_bytes(usize::try_from(args.table_mib << 20).unwrap_or(usize::MAX))
        .with_turn_time(Duration::from_millis(args.turn_time));
    match serve(stdin, &mut *io.out, &options) {
        Ok(()) => EXIT_OK,
        // The manager is gone: nothing more to say.
        Err(ServeError::Write(_)) => EXIT_FAILED,
        Err(err) => {
            let _ = writeln!(io.err, "error: {err}");
            EXIT_FAILED
        }
    }
}
