//! Whether a position can arise under its rules: pieces are only ever removed (a
//! captured mercenary changes sides), so no side has more pieces of a kind than the
//! rules' start position.

use gridnote_board::tafl::side_name;
use gridnote_board::{Player, Role};

use crate::config::Kind;
use crate::position::{Position, count_kinds};
use crate::rules::CompiledRules;

/// More pieces of one kind than the rules' start position has: a position no game
/// reaches. Mercenaries change sides when captured, so they are counted for both sides
/// together (`side` is then `None`).
///
/// ```
/// use gridnote_tafl_rules::{board::Player, CompiledRules, Position};
/// let rules = CompiledRules::brandubh();
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
    /// The role.
    pub role: Role,
    /// How many the position has.
    pub count: usize,
    /// How many the rules' start position has.
    pub start: usize,
}

/// A role's name and plural, as the messages say them (a man is a taflman).
const fn role_names(role: Role) -> (&'static str, &'static str) {
    match role {
        Role::King => ("king", "kings"),
        Role::Commander => ("commander", "commanders"),
        Role::Knight => ("knight", "knights"),
        Role::Mercenary => ("mercenary", "mercenaries"),
        Role::Guard => ("guard", "guards"),
        _ => ("taflman", "taflmen"),
    }
}

impl core::fmt::Display for Surplus {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let (one, many) = role_names(self.role);
        let name = if self.count == 1 { one } else { many };
        match self.side {
            Some(side) => write!(f, "the {} have {} {name}", side_name(side), self.count)?,
            None => write!(f, "the board has {} {name}", self.count)?,
        }
        write!(f, ", the rules' start position {}", self.start)
    }
}

impl CompiledRules {
    /// Every kind of piece `pos` has more of than these rules' start position (see
    /// [`Surplus`]); empty for a position a game can reach, as far as counting tells.
    ///
    /// ```
    /// use gridnote_tafl_rules::{CompiledRules, Position};
    /// let rules = CompiledRules::copenhagen();
    /// assert!(rules.surplus(&Position::start(&rules)).is_empty());
    /// ```
    #[must_use]
    pub fn surplus(&self, pos: &Position) -> Vec<Surplus> {
        let now = pos.kind_counts();
        let start = count_kinds(&self.start);
        let mut out = Vec::new();
        // In OpenTafl's order of the kinds: taflman, commander, knight, king, mercenary,
        // guard.
        for role in
            [Role::Man, Role::Commander, Role::Knight, Role::King, Role::Mercenary, Role::Guard]
        {
            let of = |counts: &[usize; 12], side: Player| {
                counts[Kind::of(gridnote_board::Piece::new(side, role)).index()]
            };
            if role == Role::Mercenary {
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
