//! `gridnote otep`: gridnote-engine's OTEP engine (tafl) on standard input and output.

use std::io::BufRead;
use std::time::Duration;

use gridnote_engine::otep::{Options, serve};
use gridnote_engine::ServeError;

use crate::inputs::Io;
use crate::status::{EXIT_FAILED, EXIT_OK};

/// Play tafl as an OTEP engine (OpenTafl's engine protocol) on standard input and output:
/// any OpenTafl variant up to 19x19 (docs/engine.md).
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The most memory the transposition table may take, in MiB (1 to 65536; allocated
    /// after `hello`).
    #[arg(long, value_name = "MIB", default_value_t = 64, value_parser = crate::numbers::whole(1u64, 65536))]
    pub(crate) table_mib: u64,
    /// The time to think about a move when no clock was given, in milliseconds (1 to
    /// 86400000, a day).
    #[arg(long, value_name = "MS", default_value_t = 5000, value_parser = crate::numbers::whole(1u64, 86_400_000))]
    pub(crate) move_time: u64,
    /// Ask for and write full OpenTafl move notation (`Kd4-d1xc1`) instead of the simple
    /// `d4-d1` (sends `simple-moves off` after `hello`).
    #[arg(long)]
    pub(crate) full_moves: bool,
}

pub(crate) fn run(args: &Args, stdin: &mut (dyn BufRead + Send), io: &mut Io<'_>) -> u8 {
    let options = Options::default()
        .with_table_bytes(usize::try_from(args.table_mib << 20).unwrap_or(usize::MAX))
        .with_move_time(Duration::from_millis(args.move_time))
        .with_full_moves(args.full_moves);
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
