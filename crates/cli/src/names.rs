//! How the command line names things: the formats and rules its flags take, and the
//! sides it prints.

use gridnote_board::tafl::{NamedRulesError, TaflRules};
use gridnote_board::{Player, Rules, RulesNameError};
use gridnote_convert::Format;

/// Reads a format name in any case (`T3EN`, `tsn`).
pub(crate) fn parse_format(text: &str) -> Result<Format, String> {
    text.parse::<Format>().map_err(|e| e.to_string())
}

/// `--rules`: any name `Rules` prints (`tic-tac-toe+k=4`, `tomorrows+misere`, `renju`, …); every
/// subcommand that takes rules parses them here.
pub(crate) fn parse_rules(text: &str) -> Result<Rules, String> {
    text.parse().map_err(|e: RulesNameError| e.to_string())
}

/// How `format` names `player` as the side to move, for people.
pub(crate) fn side_name(format: Format, player: Player) -> &'static str {
    format.side_names()[player.index()]
}

/// `--rules` for a tafl command: a tafl preset's name (`copenhagen`, `brandub`, …) or a
/// whole OpenTafl rules record (any text with a `:`, read by the model's one reader:
/// `TaflRules::named`), with the name it is shown by (the preset's name, or the record's
/// canonical text).
pub(crate) fn parse_tafl_rules(text: &str) -> Result<(TaflRules, String), String> {
    match TaflRules::named(text) {
        Ok(rules) if text.contains(':') => Ok((rules.clone(), rules.to_string())),
        Ok(rules) => Ok((rules, text.to_owned())),
        Err(NamedRulesError::Record(e)) => Err(format!("not an OpenTafl rules record: {e}")),
        Err(_) => Err(format!(
            "unknown tafl rules `{text}`: expected a preset ({}) or an OpenTafl rules record (dim:… start:/…/)",
            gridnote_board::tafl::PRESETS.join(", ")
        )),
    }
}

/// `--side`: `a` (or `attackers`) or `d` (or `defenders`).
pub(crate) fn parse_tafl_side(text: &str) -> Result<Player, String> {
    match text {
        "a" | "attackers" => Ok(Player::One),
        "d" | "defenders" => Ok(Player::Two),
        _ => Err(format!("unknown side `{text}`: expected a (attackers) or d (defenders)")),
    }
}

/// A tafl side's letter, `a` or `d`.
pub(crate) fn tafl_side_letter(side: Player) -> &'static str {
    match side {
        Player::One => "a",
        Player::Two => "d",
    }
}

/// A tafl side's name, `attackers` or `defenders`.
pub(crate) fn tafl_side_name(side: Player) -> &'static str {
    match side {
        Player::One => "attackers",
        Player::Two => "defenders",
    }
}
