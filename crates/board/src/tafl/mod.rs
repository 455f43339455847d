//! The tafl model: one vocabulary and one reader and writer of each tafl text.
//!
//! - Sides are the model's [`Player`](crate::Player)s (One the attackers, Two the
//!   defenders; [`side_name`]), pieces its [`Piece`](crate::Piece)s of every
//!   [`Role`](crate::Role) OTN knows (letters: [`piece_letter`], [`piece_of_letter`];
//!   sets of piece types: [`PieceSet`]), squares [`Square`]s.
//! - A variant's rules are [`TaflRules`]: every entry of OpenTafl's rules record, typed,
//!   with OpenTafl's defaults, and its built-in variants as [`PRESETS`].
//! - The texts are OpenTafl Notation's, each with one reader (`FromStr`, errors a
//!   spanned [`ParseError`]) and one writer (`Display`): the rules record
//!   ([`TaflRules`]), the position record ([`PositionRecord`]), the move record
//!   ([`MoveRecord`], a [`MoveText`] or the resignation) and the game record ([`Game`],
//!   replayed line by line without rules: [`Game::replay`]).
//!
//! Moves here are syntax: whether one is legal is the rules engine's question
//! (gridnote-tafl-rules checks a [`MoveText`] against its position). `docs/tafl-model.md`
//! lists every rules entry, its default and where OpenTafl's reader departs from its
//! notation spec; `docs/otn.md` has the grammars.
//!
//! ```
//! use gridnote_board::tafl::{Escape, MoveText, PositionRecord, Shieldwall, TaflRules};
//! let copenhagen = TaflRules::preset("copenhagen")?;
//! assert_eq!(copenhagen.dim(), 11);
//! assert_eq!(copenhagen.escape, Escape::Corner);
//! assert_eq!(copenhagen.shieldwall, Shieldwall::Strong);
//! assert!(copenhagen.edge_fort_escape);
//! let rules: TaflRules = copenhagen.to_string().parse()?;
//! assert_eq!(rules, copenhagen);
//! let start: PositionRecord = "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/".parse()?;
//! assert_eq!(start.size(), 7);
//! let m: MoveText = "Kd4-d1xc1".parse()?;
//! assert_eq!(m.captures.len(), 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod counts;
mod cursor;
mod error;
#[doc(hidden)]
pub mod fuzzing;
mod game;
mod line_index;
mod moves;
mod position;
mod presets;
mod replay;
mod rules;
#[cfg(feature = "serde")]
mod serde_impl;
mod side;
mod square;
mod text;
mod turn_text;
mod turns;
mod values;

pub use counts::{CountProblem, count_problems};
pub use error::{GameTextError, ParseError, ReplayError, ReplayProblem, ReplayWarning, ShapeError};
pub use game::{Game, GameResult, Tag, Turns};
pub use moves::{Capture, Info, MoveRecord, MoveText, MoveType};
pub use position::{Inverted, PositionRecord};
pub use presets::{NamedRulesError, PRESETS};
pub use replay::{LineMove, LineRecords, Ply, PlyStep, Replay};
#[allow(deprecated)]
pub use rules::StartError;
pub use rules::{SpaceRules, TaflRules};
pub use side::{side_letter, side_name, side_named};
pub use square::Square;
pub use turns::{Address, Comment, Half, LinePath, Slot, Turn, TurnRef};
pub use values::{
    Berserk, Escape, JumpMode, Key, KingArmed, KingStrength, PIECES, PieceSet, PieceSetError,
    Shieldwall, Speeds, SpeedsError, Threefold, piece_index, piece_letter, piece_of_letter,
};

/// The error of reading a rules record, under the name it had before the texts moved
/// into the model.
#[deprecated(note = "use `ParseError`")]
pub type RulesError = ParseError;
