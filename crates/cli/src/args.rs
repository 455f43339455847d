//! The command line, as clap types.

use std::ffi::OsString;

use clap::{Args, Parser, Subcommand};
use gridnote_convert::{CodeKind, Format, Radix};

/// Convert, check and show positions of small grid games: tic-tac-toe and its m,n,k
/// relatives (T3EN, digit strings, bit codes, Tomorrow's Tic-Tac-Toe tuples) and tafl
/// (TSN, TEN).
///
/// Each INPUT argument is one position, taken exactly as given; `--` ends options (for an
/// input starting with `-`). With no INPUT, standard input is read one position per line.
/// Exit status: 0 when every input succeeded, 1 when any failed, 2 for usage errors.
#[derive(Debug, Parser)]
#[command(name = "gridnote", version, max_term_width = 100)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Convert positions into another format.
    Convert(ConvertArgs),
    /// Check syntax, legality and outcome (tafl: the semantic check).
    Check(CheckArgs),
    /// Draw positions as grids with file letters and rank numbers.
    Show(ShowArgs),
    /// List the formats with one example each.
    Formats,
}

/// `gridnote convert`.
#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// The target format: t3en, tsn, ten, tuple, digits, bits.
    #[arg(long, value_name = "FMT")]
    pub to: Format,
    /// The source format (detected from each input's shape when absent).
    #[arg(long, value_name = "FMT")]
    pub from: Option<Format>,
    /// Fail instead of dropping any information the target cannot carry.
    #[arg(long)]
    pub lossless: bool,
    /// Read T3EN strictly: reject non-canonical run lengths such as `1_` or `__`.
    #[arg(long)]
    pub strict: bool,
    /// Print no notes (converted positions and errors only).
    #[arg(long, short)]
    pub quiet: bool,
    /// One JSON object per input on stdout, failures included.
    #[arg(long)]
    pub json: bool,
    /// TSN/TEN defenders at start, for a source without it (else derived).
    #[arg(long, value_name = "N")]
    pub defenders: Option<u32>,
    /// TSN/TEN ply, for a source without it (else pieces + 1).
    #[arg(long, value_name = "N")]
    pub ply: Option<u32>,
    /// TSN/TEN plies since capture, for a source without it (else pieces).
    #[arg(long, value_name = "N")]
    pub since_capture: Option<u32>,
    /// Which code `bits` means: seed (13-bit), naive, dense (reachable), symmetric.
    #[arg(long, value_name = "CODE", default_value = "seed", value_parser = parse_code_kind)]
    pub code: CodeKind,
    /// How `bits` output is written: dec or bin.
    #[arg(long, value_name = "RADIX", default_value = "dec", value_parser = parse_radix)]
    pub radix: Radix,
    /// Positions, one per argument (standard input, one per line, when none).
    #[arg(value_name = "INPUT")]
    pub inputs: Vec<OsString>,
}

/// `gridnote check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The source format (detected from each input's shape when absent).
    #[arg(long, value_name = "FMT")]
    pub from: Option<Format>,
    /// The rules: tic-tac-toe, or tomorrows (the default for the tuple format).
    #[arg(long, value_name = "RULES", value_parser = ["tic-tac-toe", "tomorrows"])]
    pub rules: Option<String>,
    /// Misère play: the player who makes a line loses.
    #[arg(long)]
    pub misere: bool,
    /// Diagonal lines count.
    #[arg(long)]
    pub diagonals: bool,
    /// How many in a row end the game (default 3).
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u8).range(1..))]
    pub in_a_row: Option<u8>,
    /// One JSON object per input on stdout.
    #[arg(long)]
    pub json: bool,
    /// Positions, one per argument (standard input, one per line, when none).
    #[arg(value_name = "INPUT")]
    pub inputs: Vec<OsString>,
}

/// `gridnote show`.
#[derive(Debug, Args)]
pub struct ShowArgs {
    /// The source format (detected from each input's shape when absent).
    #[arg(long, value_name = "FMT")]
    pub from: Option<Format>,
    /// Positions, one per argument (standard input, one per line, when none).
    #[arg(value_name = "INPUT")]
    pub inputs: Vec<OsString>,
}

fn parse_code_kind(text: &str) -> Result<CodeKind, String> {
    text.parse::<CodeKind>().map_err(|e| e.to_string())
}

fn parse_radix(text: &str) -> Result<Radix, String> {
    match text {
        "dec" => Ok(Radix::Decimal),
        "bin" => Ok(Radix::Binary),
        _ => Err(format!("unknown radix `{text}`: expected dec or bin")),
    }
}
