//! Whether a position can arise under its rules: pieces are only ever removed (a
//! captured mercenary changes sides), so no side has more pieces of a kind than the
//! rules' start position.

use gridnote_board::Player;

use crate::Kind;
use crate::position::{Position, count_kinds, side_name};
use crate::rules::Rules;

/// More pieces of one kind than the rules' start position has: a position no game
/// reaches. Mercenaries change sides when captured, so they are counted for both sides
/// together (`side` is then `None`).
///
/// ```
/// use gridnote_tafl_rules::{board::Player, Kind, Position, Rules};
/// let rules = Rules::brandubh();
/// let pos = Position::from_record(&rules, "/7/7/7/KK5/7/7/6t/", Player::Two)?;
/// let surplus = rules.surplus(&pos);
/// assert_eq!(surplus.len(), 1);
/// assert_eq!(surplus[0].to_string(), "the defenders have 2 kings, the rules' start position 1");
/// # Ok::<(), gridnote_tafl_rules::RulesError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Surplus {
    /// The side (`None` for mercenaries, counted for both sides).
    pub side: Option<Player>,
    /// The role: 0 taflman, 1 commander, 2 knight, 3 king, 4 mercenary, 5 guard.
    pub role: u8,
    /// How many the position has.
    pub count: usize,
    /// How many the rules' start position has.
    pub start: usize,
}

const ROLES: [(&str, &str); 6] = [
    ("taflman", "taflmen"),
    ("commander", "commanders"),
    ("knight", "knights"),
    ("king", "kings"),
    ("mercenary", "mercenaries"),
    ("guard", "guards"),
];

impl core::fmt::Display for Surplus {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let (one, many) = ROLES[usize::from(self.role)];
        let name = if self.count == 1 { one } else { many };
        match self.side {
            Some(side) => write!(f, "the {} have {} {name}", side_name(side), self.count)?,
            None => write!(f, "the board has {} {name}", self.count)?,
        }
        write!(f, ", the rules' start position {}", self.start)
    }
}

impl Rules {
    /// Every kind of piece `pos` has more of than these rules' start position (see
    /// [`Surplus`]); empty for a position a game can reach, as far as counting tells.
    ///
    /// ```
    /// use gridnote_tafl_rules::{Position, Rules};
    /// let rules = Rules::copenhagen();
    /// assert!(rules.surplus(&Position::start(&rules)).is_empty());
    /// ```
    #[must_use]
    pub fn surplus(&self, pos: &Position) -> Vec<Surplus> {
        let now = pos.kind_counts();
        let start = count_kinds(&self.start);
        let mut out = Vec::new();
        for role in 0..6u8 {
            let of = |counts: &[usize; 12], side: Player| {
                counts[Kind::new(side, role).expect("role < 6").index()]
            };
            if role == 4 {
                let (n, s) = (
                    of(&now, Player::One) + of(&now, Player::Two),
                    of(&start, Player::One) + of(&start, Player::Two),
                );
                if n > s {
                    out.push(Surplus { side: None, role, count: n, start: s });
                }
                continue;
            }
            for side in Player::BOTH {
                let (n, s) = (of(&now, side), of(&start, side));
                if n > s {
                    out.push(Surplus { side: Some(side), role, count: n, start: s });
                }
            }
        }
        out
    }
}
