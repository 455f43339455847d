//! The command line, as clap types.

use clap::{Args, Parser, Subcommand};
use gridnote_convert::{CodeKind, Format, Radix};

use crate::inputs::{InputArgs, parse_format};

/// Convert, check and show positions of small grid games: tic-tac-toe and its m,n,k
/// relatives (T3EN, digit strings, bit codes, Tomorrow's Tic-Tac-Toe tuples) and tafl
/// (TSN, TEN).
///
/// Each INPUT argument is one position, taken exactly as given; `--` ends options (for an
/// input starting with `-`). `--input FILE` (`-i`, repeatable, `-` for standard input)
/// reads one position per line of FILE; with no INPUT and no --input, standard input is
/// read one position per line. In files and standard input, blank lines, lines starting
/// with `#` and a UTF-8 byte-order mark are skipped.
/// Exit status: 0 when every input succeeded, 1 when any failed, 2 for usage errors.
#[derive(Debug, Parser)]
#[command(name = "gridnote", version, max_term_width = 100)]
#[non_exhaustive]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
#[non_exhaustive]
// Parsed once per run: the size of the largest variant does not matter.
#[allow(clippy::large_enum_variant)]
pub enum Command {
    /// Convert positions into another format.
    Convert(ConvertArgs),
    /// Check syntax, legality and outcome (tafl: the semantic check).
    Check(CheckArgs),
    /// Draw positions as grids with file letters and rank numbers, or as SVG pictures
    /// (--svg).
    Show(ShowArgs),
    /// List the formats with one example each.
    Formats,
    /// Solve m,n,k positions: who wins with perfect play, in how many plies, and every
    /// best move (cells named a1 = bottom-left).
    Solve(crate::solve::SolveArgs),
    /// Play as an ST3P engine on standard input and output (cells named from the TOP
    /// row, as ST3P does: b1 is the middle of the top row).
    St3p(crate::st3p::St3pArgs),
    /// Play tafl as an OTEP engine (OpenTafl's engine protocol) on standard input and
    /// output: any OpenTafl variant up to 19x19 (docs/engine.md).
    Otep(crate::otep::OtepArgs),
    /// Referee a match between two engines: N games, colours alternated, a time control,
    /// forfeits for illegal moves, time losses, crashes and malformed replies, every game
    /// recorded (--records DIR), and the score with its 95% interval and an Elo estimate.
    Match(crate::referee::MatchArgs),
    /// Replay an OpenTafl game record (.otg): the position after every ply of a line
    /// (`--final`: only the last), or `--check` every line of it.
    ///
    /// With `--to FMT` each position carries what the replay knows: the side to move
    /// after its ply (the opponent of the side that moved; for the start position, the
    /// rules' first mover, `atkf`), and in TSN/TEN the ply (1 at the start, one more per
    /// ply, a resignation included), the plies since the last move that captured, and the
    /// defenders at the start from the line's start position (rounded up to a multiple
    /// of 4 when needed, noted). Notes on stderr say what the target cannot carry (as
    /// `gridnote convert` summarises them; --quiet for none).
    Game(crate::game::GameArgs),
}

/// `gridnote convert`.
#[derive(Debug, Args)]
#[non_exhaustive]
pub struct ConvertArgs {
    /// The target format, any case (`gridnote formats` lists them).
    #[arg(long, value_name = "FMT", value_parser = parse_format)]
    pub to: Format,
    /// The input flags: --from, --input, --json, --quiet and the INPUTs.
    #[command(flatten)]
    pub input: InputArgs,
    /// Fail instead of dropping any information the target cannot carry.
    #[arg(long)]
    pub lossless: bool,
    /// Read T3EN strictly: reject non-canonical run lengths such as `1_` or `__`.
    #[arg(long)]
    pub strict: bool,
    /// Notes for many inputs: `summary` (each kind of note listed for its first 3
    /// inputs, then counted) or `all` (every note of every input).
    #[arg(long, value_name = "HOW", default_value = "summary", value_parser = ["summary", "all"])]
    pub notes: String,
    /// Convert on N threads (0: one per core); the output stays in input order.
    #[arg(long, short, value_name = "N", default_value_t = 1)]
    pub jobs: usize,
    /// TSN/TEN defenders at start, for a source without it (else derived): a positive
    /// multiple of 4.
    #[arg(long, value_name = "N", value_parser = parse_defenders)]
    pub defenders: Option<u32>,
    /// TSN/TEN ply, for a source without it (else pieces + 1): positive.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub ply: Option<u32>,
    /// TSN/TEN plies since capture, for a source without it (else pieces): below the ply.
    #[arg(long, value_name = "N")]
    pub since_capture: Option<u32>,
    /// Which code `bits` means: seed (13-bit), naive, dense (reachable), symmetric.
    #[arg(long, value_name = "CODE", default_value = "seed", value_parser = parse_code_kind)]
    pub code: CodeKind,
    /// How `bits` output is written: dec or bin.
    #[arg(long, value_name = "RADIX", default_value = "dec", value_parser = parse_radix)]
    pub radix: Radix,
}

/// `gridnote check`.
#[derive(Debug, Args)]
#[non_exhaustive]
pub struct CheckArgs {
    /// The input flags: --from, --input, --json, --quiet and the INPUTs.
    #[command(flatten)]
    pub input: InputArgs,
    /// The rules: tic-tac-toe, or tomorrows (the default for the tuple format), with
    /// optional +misere, +diagonals, +no-diagonals, +k=N, as `check` prints them.
    #[arg(long, value_name = "RULES", value_parser = parse_rules)]
    pub rules: Option<gridnote_board::Rules>,
    /// Misère play: the player who makes a line loses.
    #[arg(long)]
    pub misere: bool,
    /// Diagonal lines count.
    #[arg(long)]
    pub diagonals: bool,
    /// How many in a row end the game (default 3).
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u8).range(1..))]
    pub in_a_row: Option<u8>,
}

/// `gridnote show`.
#[derive(Debug, Args)]
#[non_exhaustive]
pub struct ShowArgs {
    /// The picture flags: --svg, --size, --flip, --highlight, --arrow, --out-dir, ….
    #[command(flatten)]
    pub picture: crate::svg::SvgArgs,
    /// The input flags: --from, --input, --json, --quiet and the INPUTs.
    #[command(flatten)]
    pub input: InputArgs,
}

/// `--rules`: any name `Rules` prints (`tic-tac-toe+k=4`, `tomorrows+misere`, …); every
/// subcommand that takes rules parses them here.
pub(crate) fn parse_rules(text: &str) -> Result<gridnote_board::Rules, String> {
    text.parse().map_err(|e: gridnote_board::UnknownName| e.to_string())
}

fn parse_defenders(text: &str) -> Result<u32, String> {
    match text.parse::<u32>() {
        Ok(n) if n > 0 && n % 4 == 0 => Ok(n),
        Ok(_) => Err("must be a positive multiple of 4".to_owned()),
        Err(_) => Err("must be a number".to_owned()),
    }
}

fn parse_code_kind(text: &str) -> Result<CodeKind, String> {
    text.parse::<CodeKind>().map_err(|e| e.to_string())
}

fn parse_radix(text: &str) -> Result<Radix, String> {
    text.parse::<Radix>().map_err(|e| e.to_string())
}
