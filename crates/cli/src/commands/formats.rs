//! `gridnote formats`: the registry's formats, each with its description and an example.

use std::io::BufRead;

use gridnote_convert::Format;

use crate::inputs::Io;
use crate::status::EXIT_OK;

/// List the formats with one example each.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {}

/// Runs `gridnote formats`.
pub(crate) fn run(_args: &Args, _stdin: &mut dyn BufRead, io: &mut Io<'_>) -> u8 {
    let out = &mut *io.out;
    for &format in Format::ALL {
        let _ = writeln!(out, "{:<7} {}", format.name(), format.description());
        let _ = writeln!(out, "        example: {}", format.example());
    }
    EXIT_OK
}
