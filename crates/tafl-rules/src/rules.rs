//! [`CompiledRules`]: the model's typed rules compiled for the engine's board.

use std::sync::Arc;

use gridnote_board::tafl::{
    Escape, Key, ParseError, PieceSet, ShapeError, SpaceRules, Square, TaflRules, Threefold,
};
use gridnote_board::{CellName, Player, UnknownName};

use crate::config::{
    Config, Kind, OFF, ROLE_COMMANDER, ROLE_KING, ROLE_KNIGHT, ROLE_MERCENARY, SPACE_AFORT,
    SPACE_CENTER, SPACE_CORNER, SPACE_DFORT, SPACE_NONE,
};

/// Rules, or a position under them, that the engine cannot use.
///
/// ```
/// use gridnote_tafl_rules::{board::Player, CompiledRules, Position};
/// let err = Position::from_record(&CompiledRules::brandubh(), "/3/1K1/3/", Player::One).unwrap_err();
/// assert_eq!(err.to_string(), "the rules are for a 7x7 board, the position is 3x3");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RulesError {
    /// A text (a rules record, a position record) the model's reader refuses.
    #[error(transparent)]
    Syntax(#[from] ParseError),
    /// A board that cannot be a position under the rules (another size, a void cell).
    #[error(transparent)]
    Shape(#[from] ShapeError),
}

/// A tafl variant's rules compiled for its board: which squares are special, what each
/// piece kind may pass, stop on and is threatened by, how the king is captured and how
/// the game ends; and the start position. Compiled from the model's typed rules
/// ([`TaflRules`]), read as OpenTafl's engine reads a rules record (`docs/tafl-rules.md`).
///
/// Cloning is cheap (the tables are shared).
///
/// ```
/// use gridnote_tafl_rules::board::tafl::TaflRules;
/// use gridnote_tafl_rules::{CompiledRules, Position};
/// let typed: TaflRules = "dim:7 name:Brandub ks:w cenhe: cenh: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/".parse()?;
/// let rules = CompiledRules::new(&typed)?;
/// assert_eq!(rules.dim(), 7);
/// assert_eq!(Position::start(&rules).legal_moves().len(), 40);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct CompiledRules {
    pub(crate) cfg: Arc<Config>,
    pub(crate) start: Vec<u8>,
}

/// The engine's rules under the name they had before the typed rules were named
/// [`TaflRules`] and the compiled ones [`CompiledRules`].
#[deprecated(note = "use `CompiledRules` (the compiled rules) or `TaflRules` (the typed ones)")]
pub type Rules = CompiledRules;

impl core::str::FromStr for CompiledRules {
    type Err = RulesError;

    /// An OTN rules record read by the model's reader ([`TaflRules`]'s `FromStr`), then
    /// compiled ([`CompiledRules::new`]).
    ///
    /// ```
    /// use gridnote_tafl_rules::CompiledRules;
    /// let rules: CompiledRules = "dim:3 start:/3/1K1/3/".parse()?;
    /// assert_eq!(rules.dim(), 3);
    /// let err = "dim:3 esc:e esc:c start:/3/1K1/3/".parse::<CompiledRules>().unwrap_err();
    /// assert_eq!(err.to_string(), "rules entry `esc:` appears twice");
    /// # Ok::<(), gridnote_tafl_rules::RulesError>(())
    /// ```
    fn from_str(text: &str) -> Result<CompiledRules, RulesError> {
        CompiledRules::new(&text.parse::<TaflRules>()?)
    }
}

/// The Zobrist keys: index 0 the defenders to move, then 12 per padded square.
fn zobrist_keys(len: usize) -> Box<[u64]> {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    (0..len * 12 + 1)
        .map(|_| {
            // splitmix64
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        })
        .collect()
}

/// A piece set as a table by kind.
fn by_kind(set: PieceSet) -> [bool; 12] {
    let mut out = [false; 12];
    for piece in set.iter() {
        out[Kind::of(piece).index()] = true;
    }
    out
}

/// The padded squares of the `cells` on a `dim`×`dim` board of row length `stride`
/// (any other cell left out: the model's reader refuses them).
fn padded(cells: &[CellName], dim: usize, stride: usize) -> Vec<usize> {
    cells
        .iter()
        .filter(|cell| cell.file < dim && (1..=dim).contains(&cell.rank))
        .map(|cell| (dim - cell.rank + 1) * stride + cell.file + 1)
        .collect()
}

impl CompiledRules {
    /// Compiles the model's typed rules, reading them as OpenTafl's engine reads a rules
    /// record (`docs/tafl-rules.md`): `tfr:i` draws; `corre`, `aforre` and `dforre`
    /// count only beside `cenre` (without it every type may re-enter those spaces, with
    /// it a key not stated lets none); a speed list of two or ten numbers sets no limit;
    /// a guard never jumps.
    ///
    /// # Errors
    /// [`RulesError`] never for the rules the model holds today; an engine with a
    /// board-size limit refuses a larger board here, naming the limit.
    ///
    /// ```
    /// use gridnote_tafl_rules::board::tafl::TaflRules;
    /// use gridnote_tafl_rules::CompiledRules;
    /// let rules = CompiledRules::new(&TaflRules::preset("tablut")?)?;
    /// assert_eq!(rules.dim(), 9);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(rules: &TaflRules) -> Result<CompiledRules, RulesError> {
        let dim = rules.dim();
        let stride = dim + 2;
        let len = stride * stride;
        let sq = |r: usize, c: usize| (r + 1) * stride + c + 1;
        let mut space = vec![SPACE_NONE; len];
        let mut edge = vec![false; len];
        for r in 0..dim {
            for c in 0..dim {
                edge[sq(r, c)] = r == 0 || c == 0 || r == dim - 1 || c == dim - 1;
            }
        }
        let center = padded(&rules.centre_spaces, dim, stride);
        let corners = padded(&rules.corners, dim, stride);
        // Later groups overwrite earlier ones, in OpenTafl's order of setting them.
        for (list, kind) in [
            (&center, SPACE_CENTER),
            (&corners, SPACE_CORNER),
            (&padded(&rules.attacker_forts, dim, stride), SPACE_AFORT),
            (&padded(&rules.defender_forts, dim, stride), SPACE_DFORT),
        ] {
            for &s in list {
                space[s] = kind;
            }
        }
        // The king escapes on every `cor` square, even one a later list made a fortress
        // (OpenTafl keeps its corner list apart from the space kinds).
        let corners: Vec<u32> = corners.into_iter().map(|s| s as u32).collect();
        let mut center_zone = vec![false; len];
        for &s in &center {
            center_zone[s] = true;
            for d in [1isize, -1, stride as isize, -(stride as isize)] {
                let n = (s as isize + d) as usize;
                if (1..=dim).contains(&(n / stride)) && (1..=dim).contains(&(n % stride)) {
                    center_zone[n] = true;
                }
            }
        }

        let mut pass = [[true; 12]; 5];
        let mut stop = [[true; 12]; 5];
        let mut reenter = [[true; 12]; 5];
        let mut hostile = [[false; 2]; 5];
        // OpenTafl reads `corre`, `aforre` and `dforre` only when the record has `cenre`,
        // and then a missing one means no piece may re-enter.
        let with_cenre = rules.states(Key::Cenre);
        for (kind, spaces, reentry_key) in [
            (SPACE_CENTER, &rules.centre, None),
            (SPACE_CORNER, &rules.corner, Some(Key::Corre)),
            (SPACE_AFORT, &rules.attacker_fort, Some(Key::Aforre)),
            (SPACE_DFORT, &rules.defender_fort, Some(Key::Dforre)),
        ] {
            let t = kind as usize;
            pass[t] = by_kind(spaces.passable);
            stop[t] = by_kind(spaces.stoppable);
            reenter[t] = match reentry_key {
                None => by_kind(spaces.reenterable),
                Some(key) if with_cenre && rules.states(key) => by_kind(spaces.reenterable),
                Some(_) if with_cenre => [false; 12],
                Some(_) => by_kind(SpaceRules::CORNER.reenterable),
            };
            // OpenTafl reads a space's hostility to a side from its taflman letter.
            let h = by_kind(spaces.hostile);
            hostile[t] = [h[Kind::MAN_A.index()], h[Kind::MAN_D.index()]];
        }
        let he = by_kind(rules.centre_hostile_empty);
        let hostile_empty_center = [he[Kind::MAN_A.index()], he[Kind::MAN_D.index()]];

        // OpenTafl's reader ignores a list of two or ten speeds (no limit at all).
        let mut speed = [0u32; 12];
        if !matches!(rules.speeds.form(), 2 | 10) {
            for (i, limit) in speed.iter_mut().enumerate() {
                *limit = rules.speeds.get(Kind::from_index(i).piece()).map_or(0, u32::from);
            }
        }

        let mut jump = [gridnote_board::tafl::JumpMode::None; 12];
        for side in 0..2 {
            jump[side * 6 + usize::from(ROLE_COMMANDER)] = rules.commander_jump;
            jump[side * 6 + usize::from(ROLE_KNIGHT)] = rules.knight_jump;
            jump[side * 6 + usize::from(ROLE_KING)] = rules.king_jump;
            jump[side * 6 + usize::from(ROLE_MERCENARY)] = rules.mercenary_jump;
        }
        let mut cfg = Config {
            dim,
            stride,
            space,
            edge,
            center_zone,
            corners,
            squares: (0..len)
                .map(|i| {
                    let (r, c) = (i / stride, i % stride);
                    if (1..=dim).contains(&r) && (1..=dim).contains(&c) {
                        Square::new((c - 1) as u8, (dim - r) as u8)
                    } else {
                        Square::new(0, 0)
                    }
                })
                .collect(),
            pass,
            stop,
            reenter,
            hostile,
            hostile_empty_center,
            speed,
            any_jump: jump.iter().any(|&j| j != gridnote_board::tafl::JumpMode::None),
            jump,
            edge_escape: rules.escape == Escape::Edge,
            surrounding_fatal: rules.surrounded,
            attackers_first: rules.attackers_first,
            // OpenTafl knows `w`, `l` and `d`; it reads `i` as a draw.
            repetition: match rules.threefold {
                Threefold::Ignore => Threefold::Draw,
                other => other,
            },
            king_armed: rules.king_armed,
            king_strength: rules.king_strength,
            shieldwall: rules.shieldwall,
            shieldwall_flanking: rules.shieldwall_flank,
            edge_fort: rules.edge_fort_escape,
            linnaean: rules.linnaean,
            berserk: rules.berserk,
            commanders_or_knights: [false, false],
            zobrist: zobrist_keys(len),
        };
        let mut start = vec![OFF; len];
        for ((r, c), cell) in rules.start().iter() {
            start[sq(r, c)] = match cell.piece() {
                None => 0,
                Some(piece) => {
                    let k = Kind::of(piece);
                    if matches!(k.role(), ROLE_COMMANDER | ROLE_KNIGHT) {
                        cfg.commanders_or_knights[k.side().index()] = true;
                    }
                    k.index() as u8 + 1
                }
            };
        }
        Ok(CompiledRules { cfg: Arc::new(cfg), start })
    }

    /// Reads an OTN rules record with the model's reader and compiles it (`str::parse`).
    ///
    /// # Errors
    /// [`RulesError::Syntax`] as the model's reader refuses the record.
    ///
    /// ```
    /// # #![allow(deprecated)]
    /// use gridnote_tafl_rules::CompiledRules;
    /// assert!(CompiledRules::from_otn("dim:3 start:/3/1K1/3/").is_ok());
    /// assert!(CompiledRules::from_otn("dim:3 esc:e esc:c start:/3/1K1/3/").is_err());
    /// ```
    #[deprecated(
        note = "use `str::parse` (`FromStr`), or compile typed rules with `CompiledRules::new`"
    )]
    pub fn from_otn(text: &str) -> Result<CompiledRules, RulesError> {
        text.parse()
    }

    /// The rules of an OpenTafl variant by its preset name (`copenhagen`, `brandubh`,
    /// `sea-battle`, … as [`gridnote_board::tafl::PRESETS`] lists them).
    ///
    /// # Errors
    /// [`UnknownName`] for a name that is not a preset.
    ///
    /// ```
    /// use gridnote_tafl_rules::CompiledRules;
    /// assert_eq!(CompiledRules::preset("alea-evangelii")?.dim(), 19);
    /// assert!(CompiledRules::preset("chess").is_err());
    /// # Ok::<(), gridnote_tafl_rules::board::UnknownName>(())
    /// ```
    pub fn preset(name: &str) -> Result<CompiledRules, UnknownName> {
        let rules = TaflRules::preset(name)?;
        Ok(CompiledRules::new(&rules).expect("every preset compiles"))
    }

    /// The board's size.
    ///
    /// ```
    /// use gridnote_tafl_rules::CompiledRules;
    /// assert_eq!(CompiledRules::copenhagen().dim(), 11);
    /// ```
    #[must_use]
    pub fn dim(&self) -> usize {
        self.cfg.dim
    }

    /// The side that moves first (`atkf`: the attackers, [`Player::One`], unless `atkf:n`).
    ///
    /// ```
    /// use gridnote_tafl_rules::{board::Player, board::tafl::TaflRules, CompiledRules};
    /// assert_eq!(CompiledRules::brandubh().first_to_move(), Player::One);
    /// let typed: TaflRules = "dim:3 atkf:n start:/3/1K1/3/".parse()?;
    /// assert_eq!(CompiledRules::new(&typed)?.first_to_move(), Player::Two);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn first_to_move(&self) -> Player {
        if self.cfg.attackers_first { Player::One } else { Player::Two }
    }

    /// Copenhagen hnefatafl 11×11, OpenTafl's record (the preset `copenhagen`).
    ///
    /// ```
    /// use gridnote_tafl_rules::CompiledRules;
    /// assert_eq!(CompiledRules::copenhagen().dim(), 11);
    /// ```
    #[must_use]
    pub fn copenhagen() -> CompiledRules {
        CompiledRules::preset("copenhagen").expect("a preset")
    }

    /// Brandubh 7×7, OpenTafl's record (the preset `brandubh`).
    ///
    /// ```
    /// use gridnote_tafl_rules::CompiledRules;
    /// assert_eq!(CompiledRules::brandubh().dim(), 7);
    /// ```
    #[must_use]
    pub fn brandubh() -> CompiledRules {
        CompiledRules::preset("brandubh").expect("a preset")
    }
}
