//! The subcommands, one module each. A module owns its clap arguments (`Args`, whose doc
//! comment is the subcommand's help) and its `run`, which takes them with standard input
//! and the run's streams and returns the exit status.
//!
//! Adding a subcommand is its file here and one line in the list at the end of this file,
//! in the order `gridnote --help` lists them.

use std::io::BufRead;

use crate::inputs::Io;

/// Declares the subcommand modules and derives [`Command`] and its dispatch from one list
/// of `Variant => module` lines.
macro_rules! subcommands {
    ($($variant:ident => $module:ident,)*) => {
        $(mod $module;)*

        /// The subcommands.
        #[derive(Debug, clap::Subcommand)]
        // Parsed once per run: the size of the largest variant does not matter.
        #[allow(clippy::large_enum_variant)]
        pub(crate) enum Command {
            $($variant($module::Args),)*
        }

        impl Command {
            /// Runs the subcommand; returns the exit status.
            pub(crate) fn run(&self, stdin: &mut (dyn BufRead + Send), io: &mut Io<'_>) -> u8 {
                match self {
                    $(Command::$variant(args) => $module::run(args, stdin, io),)*
                }
            }
        }
    };
}

subcommands! {
    Convert => convert,
    Check => check,
    Show => show,
    Formats => formats,
    Solve => solve,
    St3p => st3p,
    Otep => otep,
    Gomocup => gomocup,
    Htp => htp,
    Bot => bot,
    Match => referee,
    Game => game,
    Moves => moves,
    Perft => perft,
}
