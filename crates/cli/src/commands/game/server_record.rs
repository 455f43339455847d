//! `gridnote game` on the game records of a hnefatafl.org-style server (the JSON its
//! `resume_game_json` answers; gridnote-game-json, `docs/game-json.md`): such a record
//! is recognised by its content (its first character other than white space is `{`; an
//! `.otg` starts with a tag, `[`), turned into the tafl model's game record and replayed
//! or checked as an `.otg` is. `--to otg` and `--to game-json` write a whole record
//! (either kind read) in one form or the other, with notes of what was dropped.


use gridnote_board::tafl::Game;
use gridnote_convert::Format;
use gridnote_game_json::{Note, ServerGame};

use crate::inputs::Io;
use crate::names::parse_format;
use crate::status::{EXIT_FAILED, EXIT_OK};

/// What `gridnote game --to` writes: the positions in a registry format, or the whole
/// record as an `.otg` or as the server's JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Target {
    /// Each position, in this format.
    Positions(Format),
    /// The record as an OpenTafl game record.
    Otg,
    /// The record as a server's game JSON.
    GameJson,
}

impl Target {
    /// The positions' format, when positions are asked for.
    pub(crate) fn positions(self) -> Option<Format> {
        match self {
            Target::Positions(format) => Some(format),
            Target::Otg | Target::GameJson => None,
        }
    }
}

/// `--to`: `otg`, `game-json`, or a registry format's name.
pub(crate) fn parse_target(text: &str) -> Result<Target, String> {
    if text.eq_ignore_ascii_case("otg") {
        Ok(Target::Otg)
    } else if text.eq_ignore_ascii_case("game-json") {
        Ok(Target::GameJson)
    } else {
        parse_format(text).map(Target::Positions)
    }
}

/// Why a server record was not read: its JSON (with the span of the offending text), or
/// its conversion to a tafl game record.
pub(crate) enum Refused {
    /// The JSON is not a server record.
    Json(gridnote_game_json::ParseError),
    /// The tafl model cannot hold the game.
    Convert(gridnote_game_json::ConvertError),
}

/// A server record read and made a tafl game record: the record, the game (which keeps
/// the `.otg` text errors of the replay point into), and the conversion's notes.
pub(crate) fn read(text: &str) -> Result<(ServerGame, Game, Vec<Note>), Refused> {
    let record: ServerGame = text.parse().map_err(Refused::Json)?;
    let (game, notes) = record.to_game().map_err(Refused::Convert)?;
    Ok((record, game, notes))
}

/// `--to otg` / `--to game-json`: the whole record in that form. `server` is the record
/// as read, with its conversion's notes, when the input was a server record (written
/// again as it is then: nothing dropped).
pub(crate) fn write(
    target: Target,
    game: &Game,
    server: Option<(&ServerGame, &[Note])>,
    shown: &str,
    quiet: bool,
    io: &mut Io<'_>,
) -> u8 {
    let (out, notes) = match (target, server) {
        (Target::GameJson, Some((record, _))) => (format!("{record}\n"), Vec::new()),
        (Target::GameJson, None) => match ServerGame::from_game(game) {
            Ok((record, dropped)) => (format!("{record}\n"), dropped),
            Err(error) => {
                let _ = writeln!(io.err, "error: {shown}: {error}");
                return EXIT_FAILED;
            }
        },
        (Target::Otg, Some((_, dropped))) => (game.to_string(), dropped.to_vec()),
        (Target::Otg, None) | (Target::Positions(_), _) => (game.to_string(), Vec::new()),
    };
    if !quiet {
        for note in &notes {
            let _ = writeln!(io.err, "note: {shown}: {note}");
        }
    }
    let _ = io.out.write_all(out.as_bytes());
    EXIT_OK
}
