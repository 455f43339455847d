//! Tafl rules as a typed model: OpenTafl's rules record, every entry typed, with
//! OpenTafl's defaults ([`TaflRules`]), and its built-in variants as named presets.
//!
//! The model's canonical text is the OpenTafl rules record (`dim:7 name:Brandub … start:/…/`):
//! [`TaflRules`] reads it (`FromStr`) and writes it (`Display`), so that every format
//! that carries rules (OTN, TEN's `otn:1:` extension) reads and writes them through one
//! grammar. `docs/tafl-model.md` lists every entry, its default and where OpenTafl's
//! reader departs from its notation spec.
//!
//! ```
//! use gridnote_board::tafl::{Escape, Shieldwall, TaflRules};
//! let copenhagen = TaflRules::preset("copenhagen")?;
//! assert_eq!(copenhagen.dim(), 11);
//! assert_eq!(copenhagen.escape, Escape::Corner);
//! assert_eq!(copenhagen.shieldwall, Shieldwall::Strong);
//! assert!(copenhagen.edge_fort_escape);
//! # Ok::<(), gridnote_board::UnknownName>(())
//! ```

mod presets;
mod rules;
mod text;
mod values;

pub use presets::PRESETS;
pub use rules::{SpaceRules, StartError, TaflRules};
pub use text::{RulesError, ValueError};
pub use values::{
    Berserk, Escape, JumpMode, Key, KingArmed, KingStrength, PieceSet, PieceSetError, Shieldwall,
    Speeds, SpeedsError, Threefold, piece_letter, piece_of_letter,
};
