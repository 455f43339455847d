//! OpenTafl Notation as a [`Notation`]: what the converter's registry knows of it.
//!
//! The converter's `otn` format reads a position record (`/3t3/…/`) or a rules record
//! (`dim:7 … start:/…/`). A position record carries only the board; a rules record also
//! carries the variant's rules, which the shared [`Setup`] keeps typed
//! ([`TaflRules`]), so that TEN can carry them too. Neither carries a side to move nor tafl counters; a rules record
//! implies one ([`Setup::implied_to_move`]): who moves first in its start position,
//! the attackers unless `atkf:n`.

use gridnote_board::notation::{Game, Notation};
use gridnote_board::notes::{Field, Note};
use gridnote_board::setup::{Carries, ImpliedSide, Setup};
use gridnote_board::tafl::{Key, ParseError, PositionRecord, TaflRules};
use gridnote_board::{Board, Player};
use gridnote_text::sink::Sink;

use crate::ModelError;

/// An OTN position record or rules record: the converter's `otn` format.
///
/// ```
/// use gridnote_otn::board::notation::{Notation, NotationExt};
/// use gridnote_otn::OtnRecord;
///
/// assert!(OtnRecord::sniff("/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"));
/// assert!(OtnRecord::sniff("dim:7 name:Brandub start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"));
///
/// let setup = OtnRecord::read("dim:7 name:Brandub start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/", &())?;
/// assert_eq!(setup.board.rows(), 7);
/// assert_eq!(setup.rules.as_ref().and_then(|r| r.name.as_deref()), Some("Brandub"));
/// assert_eq!(
///     OtnRecord::write(setup, &(), &mut Vec::new())?,
///     "dim:7 name:Brandub start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum OtnRecord {
    /// A position record.
    Position(PositionRecord),
    /// A rules record (its start position is the board).
    Rules(TaflRules),
}

impl Notation for OtnRecord {
    const NAME: &'static str = "otn";
    const EXAMPLE: &'static str = "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
    const DESCRIPTION: &'static str = "OpenTafl Notation: a position record /.../ (rank 1 first) or a rules record dim:... start:/.../";
    const SNIFF_RULE: &'static str = "starts with `/` or `dim:`";
    const DETECT_PRIORITY: u8 = 15;
    const CARRIES: Carries = Carries::BOARD.with_rules().with_taflmen();
    const FILE_EXTENSIONS: &'static [&'static str] = &["otp", "otr"];
    const SIDE_LETTERS: [&'static str; 2] = ["t", "T"];
    const GAME: Game = Game::Tafl;

    type Options = ();
    type ParseError = ParseError;
    type ModelError = ModelError;

    /// Starts with `/` (a position record) or `dim:` (a rules record).
    fn sniff(text: &str) -> bool {
        text.starts_with('/') || text.starts_with("dim:")
    }

    /// A text starting with `/` is a position record, any other a rules record (so that
    /// a record without `dim:` gets the rules reader's error, as wherever rules are read).
    fn parse_with(text: &str, _: &()) -> Result<OtnRecord, ParseError> {
        if text.starts_with('/') {
            text.parse().map(OtnRecord::Position)
        } else {
            text.parse().map(OtnRecord::Rules)
        }
    }

    /// The board of the position (the start position of a rules record), every OTN
    /// piece its role in the model; a rules record also gives the setup its rules, typed
    /// ([`TaflRules`]), and implies who moves in its start position
    /// ([`OtnRecord::implied_to_move`]).
    fn to_setup(self, _: &()) -> Result<Setup, ModelError> {
        match self {
            OtnRecord::Position(record) => Ok(Setup::new(Board::from(&record))),
            OtnRecord::Rules(rules) => {
                let implied = first_to_move(&rules);
                Ok(Setup::new(rules.start().clone())
                    .with_rules(rules)
                    .with_implied_to_move(implied))
            }
        }
    }

    /// A rules record: who moves first in its start position (`atkf`: the attackers
    /// unless `atkf:n`). A position record says nothing.
    ///
    /// ```
    /// use gridnote_otn::board::notation::Notation;
    /// use gridnote_otn::board::Player;
    /// use gridnote_otn::OtnRecord;
    ///
    /// let rules = OtnRecord::parse_with("dim:3 atkf:n start:/1t1/tKt/1t1/", &())?;
    /// let implied = rules.implied_to_move().expect("a rules record says who moves first");
    /// assert_eq!(implied.side, Player::Two);
    /// assert_eq!(implied.rule, "OpenTafl rules atkf:n: the defenders move first");
    /// assert_eq!(OtnRecord::parse_with("/1t1/tKt/1t1/", &())?.implied_to_move(), None);
    /// # Ok::<(), gridnote_otn::ParseError>(())
    /// ```
    fn implied_to_move(&self) -> Option<ImpliedSide> {
        match self {
            OtnRecord::Position(_) => None,
            OtnRecord::Rules(rules) => Some(first_to_move(rules)),
        }
    }

    /// A rules record when the setup has rules (its start position replaced by the
    /// board, the replaced start position noted as dropped when it differs), written
    /// canonically by [`TaflRules`]; else a position record. Rules whose size differs
    /// from the board's are noted as dropped.
    fn from_setup(setup: Setup, _: &(), notes: &mut Vec<Note>) -> Result<OtnRecord, ModelError> {
        let start = PositionRecord::try_from(&setup.board)?;
        let Some(mut rules) = setup.rules else { return Ok(OtnRecord::Position(start)) };
        if rules.dim() != start.size() {
            notes.push(Note::dropped(
                Field::Rules,
                rules.to_string(),
                format!(
                    "the rules are for a {0}x{0} board, the position is {1}x{1}",
                    rules.dim(),
                    start.size()
                ),
            ));
            return Ok(OtnRecord::Position(start));
        }
        if rules.start() != &setup.board {
            // One record holds the rules and one position: the position wins.
            notes.push(Note::dropped(
                Field::Rules,
                format!("start:{}", rules.start_record(false)),
                "the rules record written starts from the position instead",
            ));
            rules
                .set_start(setup.board)
                .map_err(|e| ModelError::Rules { reason: e.to_string() })?;
        }
        Ok(OtnRecord::Rules(*rules))
    }

    fn append_to<S: Sink + ?Sized>(&self, _: &(), out: &mut S) {
        match self {
            OtnRecord::Position(record) => record.append_to(out),
            // A rules record is written through its `Display` (rare, and mostly keys).
            OtnRecord::Rules(rules) => out.push_fmt(format_args!("{rules}")),
        }
    }
}

/// Who moves first in the start position of `rules`, and the rule that says so.
fn first_to_move(rules: &TaflRules) -> ImpliedSide {
    if !rules.attackers_first {
        ImpliedSide::new(Player::Two, "OpenTafl rules atkf:n: the defenders move first")
    } else if rules.is_written(Key::Atkf) {
        ImpliedSide::new(Player::One, "OpenTafl rules atkf:y: the attackers move first")
    } else {
        ImpliedSide::new(Player::One, "OpenTafl rules without atkf: the attackers move first")
    }
}
