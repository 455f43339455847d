//! `gridnote st3p`: gridnote-engine's ST3P engine on standard input and output.

use std::io::BufRead;

use gridnote_engine::st3p::{Options, serve};
use gridnote_engine::ServeError;

use crate::inputs::Io;
use crate::status::{EXIT_FAILED, EXIT_OK};

/// Play as an ST3P engine on standard input and output (cells named from the TOP row, as
/// ST3P does: b1 is the middle of the top row).
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The most memory the engine's transposition table may take, in MiB (1 to 65536).
    #[arg(long, value_name = "MIB", default_value_t = 64, value_parser = crate::numbers::whole(1u64, 65536))]
    pub(crate) table_mib: u64,
}

pub(crate) fn run(args: &Args, stdin: &mut (dyn BufRead + Send), io: &mut Io<'_>) -> u8 {
    let bytes = usize::try_from(args.table_mib << 20).unwrap_or(usize::MAX);
    let options = Options::default().with_table_bytes(bytes);
    match serve(stdin, &mut *io.out, &mut *io.err, &options) {
        Ok(()) => EXIT_OK,
        // The host is gone: nothing more to say.
        Err(ServeError::Write(_)) => EXIT_FAILED,
        Err(err) => {
            let _ = writeln!(io.err, "error: {err}");
            EXIT_FAILED
        }
    }
}
