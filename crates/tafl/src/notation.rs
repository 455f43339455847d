//! TSN and TEN as [`Notation`]s: what the converter's registry knows of them.

use gridnote_board::Player;
use gridnote_board::notation::{Game, Notation};
use gridnote_board::notes::{Field, Note};
use gridnote_board::setup::{Carries, Payload, Setup, TaflFields};
use gridnote_board::tafl::TaflRules;
use gridnote_text::sink::Sink;

use crate::{Extension, ModelError, ParseError, Ten, Tsn};

/// How TSN and TEN spell the attackers and the defenders (as a side to move and as pieces).
const SIDE_LETTERS: [&str; 2] = ["a", "d"];

/// How TSN and TEN name the sides for people: the letter, then the game's name
/// ([`Game::side_names`]).
const SIDE_NAMES: [&str; 2] = ["a (attackers)", "d (defenders)"];

impl Tsn {
    /// The TSN value a setup carries as it is: its board, side to move and tafl counters,
    /// none derived (unlike [`Notation::from_setup`]). `None` when the setup lacks the
    /// counters or the side; an error when they make no TSN value. The checks of
    /// `gridnote check` and gridnote-wasm run on it.
    ///
    /// ```
    /// use gridnote_tafl::board::notation::NotationExt;
    /// use gridnote_tafl::board::{setup::Setup, Board};
    /// use gridnote_tafl::Tsn;
    ///
    /// let setup = Tsn::read("3 4 3/1a1/2d a 3 2", &())?;
    /// let tsn = Tsn::carried(&setup).expect("carries the counters")?;
    /// assert_eq!(tsn.to_string(), "3 4 3/1a1/2d a 3 2");
    /// assert!(Tsn::carried(&Setup::new(Board::new(3, 3)?)).is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn carried(setup: &Setup) -> Option<Result<Tsn, ModelError>> {
        let (Some(fields), Some(to_move)) = (setup.tafl, setup.to_move) else { return None };
        Some(Tsn::new(
            setup.board.clone(),
            fields.defenders,
            to_move,
            fields.ply,
            fields.since_capture,
        ))
    }
}

/// ```
/// use gridnote_tafl::board::notation::{Notation, NotationExt};
/// use gridnote_tafl::board::{setup::Setup, Board, Player};
/// use gridnote_tafl::Tsn;
///
/// assert!(Tsn::sniff("3 4 3/1a1/2d a 3 2"));
/// let setup = Tsn::read("3 4 3/1a1/2d a 3 2", &())?;
/// assert_eq!(setup.tafl.map(|t| t.ply), Some(3));
///
/// // Counters a setup lacks are derived (a converter notes them).
/// let text = Tsn::write(Setup::new(Board::new(3, 3)?).with_to_move(Player::One), &(), &mut Vec::new())?;
/// assert_eq!(text, "3 4 3/3/3 a 1 0");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Notation for Tsn {
    const NAME: &'static str = "tsn";
    const EXAMPLE: &'static str = "7 8 2aaa2/3a3/a1ddd1a/aadkdaa/a1ddd1a/3a3/2aaa2 a 1 0";
    const DESCRIPTION: &'static str = "Tafl Standard Notation: size, defenders, rows bottom to top, side, ply, plies since capture";
    const SNIFF_RULE: &'static str = "6 fields";
    const DETECT_PRIORITY: u8 = 30;
    const CARRIES: Carries = Carries::BOARD.with_side_to_move().with_tafl();
    const SIDE_LETTERS: [&'static str; 2] = SIDE_LETTERS;
    const SIDE_NAMES: [&'static str; 2] = SIDE_NAMES;
    const GAME: Game = Game::Tafl;

    type Options = ();
    type ParseError = ParseError;
    type ModelError = ModelError;

    /// Six whitespace-separated fields, the first starting with a digit.
    fn sniff(text: &str) -> bool {
        digit_first(text) && text.split_ascii_whitespace().count() == 6
    }

    fn parse_with(text: &str, _: &()) -> Result<Tsn, ParseError> {
        text.parse()
    }

    fn to_setup(self, _: &()) -> Result<Setup, ModelError> {
        let tafl = TaflFields::new(self.defenders(), self.ply(), self.since_capture());
        let to_move = self.to_move();
        let position = self.into_position();
        Ok(Setup::new(position.board).with_to_move(to_move).with_tafl(tafl))
    }

    fn from_setup(setup: Setup, _: &(), _: &mut Vec<Note>) -> Result<Tsn, ModelError> {
        let to_move = side(&setup)?;
        let fields = setup.tafl.unwrap_or_else(|| TaflFields::derived(&setup.board));
        Tsn::new(setup.board, fields.defenders, to_move, fields.ply, fields.since_capture)
    }

    fn append_to<S: Sink + ?Sized>(&self, _: &(), out: &mut S) {
        Self::append_to(self, out);
    }
}

/// ```
/// use gridnote_tafl::board::notation::{Notation, NotationExt};
/// use gridnote_tafl::{Extension, Ten};
///
/// let setup = Ten::read("3 4 3/1a1/2d a 3 2 id:1:data", &())?;
/// let extension = setup.extension.as_ref().and_then(|e| e.downcast_ref::<Extension>());
/// assert_eq!(extension, Some(&Extension::custom("id", "1", "data")?));
/// assert_eq!(Ten::write(setup, &(), &mut Vec::new())?, "3 4 3/1a1/2d a 3 2 id:1:data");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Notation for Ten {
    const NAME: &'static str = "ten";
    const EXAMPLE: &'static str =
        "7 8 2aaa2/3a3/a1ddd1a/aadkdaa/a1ddd1a/3a3/2aaa2 a 1 0 example:1:escape=corners";
    const DESCRIPTION: &'static str =
        "Tafl Extensible Notation: TSN plus an extension field (- or id:version:data)";
    const SNIFF_RULE: &'static str = "7 fields starting with a digit";
    const DETECT_PRIORITY: u8 = 20;
    const CARRIES: Carries =
        Carries::BOARD.with_side_to_move().with_tafl().with_extension().with_rules();
    const SIDE_LETTERS: [&'static str; 2] = SIDE_LETTERS;
    const SIDE_NAMES: [&'static str; 2] = SIDE_NAMES;
    const GAME: Game = Game::Tafl;

    type Options = ();
    type ParseError = ParseError;
    type ModelError = ModelError;

    /// Seven whitespace-separated fields, the first starting with a digit.
    fn sniff(text: &str) -> bool {
        digit_first(text) && text.split_ascii_whitespace().count() == 7
    }

    fn parse_with(text: &str, _: &()) -> Result<Ten, ParseError> {
        text.parse()
    }

    /// An extension `otn:1:data` carries a variant's rules (an OpenTafl rules record with
    /// `%` written `%25` and spaces `%20`): when the data reads as a rules record
    /// ([`TaflRules`](gridnote_board::tafl::TaflRules)) it becomes the setup's rules, and
    /// its extension field counts as used (`-`); data that does not read stays the
    /// extension, verbatim.
    ///
    /// Without an extension in the setup, `-` is written and noted as derived (a
    /// converter's note), unless the setup's rules take the field.
    fn to_setup(self, options: &()) -> Result<Setup, ModelError> {
        let (tsn, extension) = self.into_parts();
        let setup = tsn.to_setup(options)?;
        if let Extension::Custom { identifier, version, data } = &extension {
            if identifier == RULES_IDENTIFIER && version == RULES_VERSION {
                if let Ok(rules) = unescape(data).parse::<TaflRules>() {
                    return Ok(setup.with_extension(Payload::EMPTY).with_rules(rules));
                }
            }
        }
        Ok(setup.with_extension(match extension {
            Extension::None => Payload::EMPTY,
            custom => Payload::new(custom),
        }))
    }

    /// The setup's extension is TEN's own [`Extension`] (checked again by [`Ten::new`]);
    /// none or [`Payload::EMPTY`] means `-`, and another format's data is noted as
    /// dropped. A variant's rules go into a free extension field as `otn:1:data`; when
    /// the field holds other data, or the rules hold whitespace other than spaces, they
    /// are noted as dropped.
    fn from_setup(
        mut setup: Setup,
        options: &(),
        notes: &mut Vec<Note>,
    ) -> Result<Ten, ModelError> {
        let derive_extension = setup.extension.is_none() && setup.rules.is_none();
        let mut extension = match setup.extension.take() {
            None => Extension::None,
            Some(payload) => match payload.downcast_ref::<Extension>() {
                Some(extension) => extension.clone(),
                None if payload.is_empty() => Extension::None,
                None => {
                    let reason = "another format's data, not a TEN extension";
                    notes.push(Note::dropped(Field::Extension, payload.to_string(), reason));
                    Extension::None
                }
            },
        };
        if let Some(rules) = setup.rules.take() {
            let rules = rules.to_string();
            let free = extension == Extension::None;
            let carried = !rules.chars().any(|c| c.is_whitespace() && c != ' ');
            if free && carried {
                extension = Extension::custom(RULES_IDENTIFIER, RULES_VERSION, escape(&rules))?;
            } else {
                let reason = if free {
                    "the rules hold whitespace other than spaces, which a TEN extension cannot"
                } else {
                    "the TEN extension field already holds other data"
                };
                notes.push(Note::dropped(Field::Rules, rules, reason));
            }
        }
        if derive_extension {
            notes.push(Note::derived(Field::Extension, "-", "no custom data"));
        }
        let tsn = Tsn::from_setup(setup, options, notes)?;
        Ten::new(tsn, extension)
    }

    fn append_to<S: Sink + ?Sized>(&self, _: &(), out: &mut S) {
        Self::append_to(self, out);
    }
}

/// The TEN extension that carries a variant's rules: `otn:1:` and the OpenTafl rules
/// record, escaped.
const RULES_IDENTIFIER: &str = "otn";
/// Its version.
const RULES_VERSION: &str = "1";

/// `%` → `%25`, space → `%20`: a rules record as extension data (which has no
/// whitespace).
fn escape(rules: &str) -> String {
    rules.replace('%', "%25").replace(' ', "%20")
}

/// The inverse of [`escape`]; any other `%` sequence is kept as written.
fn unescape(data: &str) -> String {
    let mut out = String::with_capacity(data.len());
    let mut rest = data;
    while let Some(at) = rest.find('%') {
        out.push_str(&rest[..at]);
        let after = &rest[at..];
        if let Some(tail) = after.strip_prefix("%20") {
            out.push(' ');
            rest = tail;
        } else if let Some(tail) = after.strip_prefix("%25") {
            out.push('%');
            rest = tail;
        } else {
            out.push('%');
            rest = &after[1..];
        }
    }
    out.push_str(rest);
    out
}

fn digit_first(text: &str) -> bool {
    text.as_bytes().first().is_some_and(u8::is_ascii_digit)
}

/// The setup's side to move, else the one its counts imply.
fn side(setup: &Setup) -> Result<Player, ModelError> {
    setup.side_to_move().map_err(|e| ModelError::NoSideToMove { one: e.one, two: e.two })
}

#[cfg(test)]
mod tests {
    use super::{escape, unescape};

    #[test]
    fn rules_escape_round_trips() {
        for text in ["dim:7 name:Brandub start:/7/", "a%20b %25 %", "%", "", "100% sure"] {
            assert_eq!(unescape(&escape(text)), text);
            assert!(!escape(text).contains(' '));
        }
        assert_eq!(escape("a b%"), "a%20b%25");
        assert_eq!(unescape("%41%20"), "%41 ");
    }
}
