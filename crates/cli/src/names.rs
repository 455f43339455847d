//! How the command line names things: the formats and rules its flags take, and the
//! sides it prints.

use gridnote_board::{Player, Rules, UnknownName};
use gridnote_convert::Format;

/// Reads a format name in any case (`T3EN`, `tsn`).
pub(crate) fn parse_format(text: &str) -> Result<Format, String> {
    text.parse::<Format>().map_err(|e| e.to_string())
}

/// `--rules`: any name `Rules` prints (`tic-tac-toe+k=4`, `tomorrows+misere`, …); every
/// subcommand that takes rules parses them here.
pub(crate) fn parse_rules(text: &str) -> Result<Rules, String> {
    text.parse().map_err(|e: UnknownName| e.to_string())
}

/// How `format` names `player` as the side to move, for people.
pub(crate) fn side_name(format: Format, player: Player) -> &'static str {
    format.side_names()[player.index()]
}
