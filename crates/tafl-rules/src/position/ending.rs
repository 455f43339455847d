//! How a game ends, as OpenTafl's `checkVictory` decides it after each move: no pieces,
//! repetition, the king's escape or capture, defenders without a move, the edge fort and
//! the encirclement; and the [`Outcome`] and [`Reason`] that say so.

use gridnote_board::Player;
use gridnote_board::tafl::{Threefold, side_name};

use crate::config::{SPACE_AFORT, SPACE_CENTER, SPACE_CORNER, SPACE_DFORT};

use super::bits::{
    Bits, DEFENDER, MAX_FAST_WORDS, OCCUPIED, PLANES, ROLE0, ROLE1, ROLE2, Squares, by_words,
};
use super::moves::slides;
use super::piece::{Piece, Role, Side};
use super::state::Position;
use super::tables::{BOARD, Dir, EDGE, ESCAPE, FIRST_FILE, LAST_FILE, SPECIAL, Tables};

/// Why a game ended.
///
/// ```
/// use gridnote_tafl_rules::Reason;
/// assert_ne!(Reason::KingEscaped, Reason::KingCaptured);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Reason {
    /// The king reached a corner (`esc:c`) or the edge (`esc:e`).
    KingEscaped,
    /// No defending king is left on the board.
    KingCaptured,
    /// A side has no pieces left.
    NoPieces,
    /// No defender has an empty neighbouring square (OpenTafl's test for a side
    /// without moves).
    DefendersImmobile,
    /// The king is in an edge fort (`efe:y`).
    EdgeFort,
    /// The defenders are surrounded (`surf:y`).
    Surrounded,
    /// The position occurred a third time (`tfr`).
    Repetition,
}

/// Where a position stands: play goes on, a side has won, or the game is drawn.
///
/// ```
/// use gridnote_tafl_rules::{board::Player, Outcome, Reason};
/// let o = Outcome::Won { winner: Player::Two, reason: Reason::KingEscaped };
/// assert!(o.is_over());
/// assert!(!Outcome::Ongoing.is_over());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Outcome {
    /// The game goes on.
    Ongoing,
    /// `winner` has won.
    Won {
        /// The winner: [`Player::One`] the attackers, [`Player::Two`] the defenders.
        winner: Player,
        /// Why.
        reason: Reason,
    },
    /// The game is drawn.
    Drawn {
        /// Why.
        reason: Reason,
    },
}

impl Reason {
    /// The reason's name in `snake_case` (`king_escaped`), as its serde form spells it.
    ///
    /// ```
    /// use gridnote_tafl_rules::Reason;
    /// assert_eq!(Reason::DefendersImmobile.name(), "defenders_immobile");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Reason::KingEscaped => "king_escaped",
            Reason::KingCaptured => "king_captured",
            Reason::NoPieces => "no_pieces",
            Reason::DefendersImmobile => "defenders_immobile",
            Reason::EdgeFort => "edge_fort",
            Reason::Surrounded => "surrounded",
            Reason::Repetition => "repetition",
        }
    }
}

impl core::fmt::Display for Reason {
    /// What happened, for people (`the king escaped`).
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Reason::KingEscaped => "the king escaped",
            Reason::KingCaptured => "the king was captured",
            Reason::NoPieces => "a side has no pieces left",
            Reason::DefendersImmobile => "no defender can move",
            Reason::EdgeFort => "the king is in an edge fort",
            Reason::Surrounded => "the defenders are surrounded",
            Reason::Repetition => "the position occurred a third time",
        })
    }
}

impl core::fmt::Display for Outcome {
    /// `ongoing`, `the defenders win: the king escaped`, `drawn: the position occurred a
    /// third time`.
    ///
    /// ```
    /// use gridnote_tafl_rules::{board::Player, Outcome, Reason};
    /// let o = Outcome::Won { winner: Player::Two, reason: Reason::KingEscaped };
    /// assert_eq!(o.to_string(), "the defenders win: the king escaped");
    /// assert_eq!(Outcome::Ongoing.to_string(), "ongoing");
    /// ```
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Outcome::Ongoing => f.write_str("ongoing"),
            Outcome::Won { winner, reason } => {
                write!(f, "the {} win: {reason}", side_name(*winner))
            }
            Outcome::Drawn { reason } => write!(f, "drawn: {reason}"),
        }
    }
}

impl Outcome {
    /// What the outcome ends the game with: `none` (it goes on), `attackers`,
    /// `defenders` (the winner) or `draw`.
    ///
    /// ```
    /// use gridnote_tafl_rules::{Outcome, Reason};
    /// assert_eq!(Outcome::Ongoing.ends(), "none");
    /// assert_eq!(Outcome::Drawn { reason: Reason::Repetition }.ends(), "draw");
    /// ```
    #[must_use]
    pub const fn ends(self) -> &'static str {
        match self {
            Outcome::Ongoing => "none",
            Outcome::Won { winner, .. } => side_name(winner),
            Outcome::Drawn { .. } => "draw",
        }
    }

    /// The winner, if a side has won.
    ///
    /// ```
    /// use gridnote_tafl_rules::{board::Player, Outcome, Reason};
    /// let o = Outcome::Won { winner: Player::One, reason: Reason::KingCaptured };
    /// assert_eq!(o.winner(), Some(Player::One));
    /// assert_eq!(Outcome::Ongoing.winner(), None);
    /// ```
    #[must_use]
    pub const fn winner(self) -> Option<Player> {
        match self {
            Outcome::Won { winner, .. } => Some(winner),
            _ => None,
        }
    }

    /// Whether the game is over.
    ///
    /// ```
    /// use gridnote_tafl_rules::{Outcome, Reason};
    /// assert!(Outcome::Drawn { reason: Reason::Repetition }.is_over());
    /// ```
    #[must_use]
    pub fn is_over(self) -> bool {
        !matches!(self, Outcome::Ongoing)
    }
}

/// A set of squares: on the stack for the boards of the whole-board computations, on the
/// heap beyond.
struct SquareSet {
    small: [u64; MAX_FAST_WORDS],
    large: Vec<u64>,
}

impl SquareSet {
    /// The set of a board's words (at most [`MAX_FAST_WORDS`]).
    fn of(words: &[u64]) -> SquareSet {
        let mut small = [0; MAX_FAST_WORDS];
        small[..words.len()].copy_from_slice(words);
        SquareSet { small, large: Vec::new() }
    }

    fn new(words: usize) -> SquareSet {
        let large = if words > MAX_FAST_WORDS { vec![0; words] } else { Vec::new() };
        SquareSet { small: [0; MAX_FAST_WORDS], large }
    }

    #[inline]
    fn words(&self) -> &[u64] {
        if self.large.is_empty() { &self.small } else { &self.large }
    }

    #[inline]
    fn contains(&self, s: usize) -> bool {
        (self.words()[s >> 6] >> (s & 63)) & 1 != 0
    }

    /// Adds `s`; whether it was new.
    #[inline]
    fn insert(&mut self, s: usize) -> bool {
        let words = if self.large.is_empty() { &mut self.small[..] } else { &mut self.large[..] };
        let m = 1u64 << (s & 63);
        let new = words[s >> 6] & m == 0;
        words[s >> 6] |= m;
        new
    }

    /// The squares, lowest first.
    fn squares(&self) -> Squares<'_> {
        Squares::new(self.words())
    }
}

/// The on-board neighbours of the squares of `x`.
#[inline]
fn neighbours<const W: usize>(t: &Tables, x: Bits<W>) -> Bits<W> {
    let n = t.n as u32;
    ((x & !t.bits(FIRST_FILE)).shr(1) | (x & !t.bits(LAST_FILE)).shl(1) | x.shl(n) | x.shr(n))
        & t.bits(BOARD)
}

impl Position {
    /// The outcome, as OpenTafl's `checkVictory` decides it after the last move.
    ///
    /// ```
    /// use gridnote_tafl_rules::{Outcome, Position, CompiledRules};
    /// assert_eq!(Position::start(&CompiledRules::copenhagen()).outcome(), Outcome::Ongoing);
    /// ```
    #[must_use]
    pub fn outcome(&self) -> Outcome {
        let t = &*self.tables;
        let cfg = &*t.cfg;
        let won = |winner: Player, reason| Outcome::Won { winner, reason };
        let escape = t.mask(ESCAPE);
        let (mut attackers, mut defenders) = (0, 0);
        let mut escaped = false;
        // Rank 1 first, as OpenTafl numbers its pieces: with two kings, the edge fort is
        // judged for the first.
        let mut king: Option<usize> = None;
        for (w, &escape) in escape.iter().enumerate() {
            let p = &self.planes[w * PLANES..(w + 1) * PLANES];
            let def = p[DEFENDER];
            attackers += (p[OCCUPIED] & !def).count_ones();
            defenders += def.count_ones();
            let mut kings = def & p[ROLE0] & p[ROLE1] & !p[ROLE2];
            escaped |= kings & escape != 0;
            while kings != 0 {
                let s = w * 64 + kings.trailing_zeros() as usize;
                kings &= kings - 1;
                if king.is_none_or(|k| t.row(s) > t.row(k)) {
                    king = Some(s);
                }
            }
        }
        if attackers == 0 {
            return won(Player::Two, Reason::NoPieces);
        }
        if defenders == 0 {
            return won(Player::One, Reason::NoPieces);
        }
        if self.berserker_square().is_none() && self.third_occurrence() {
            match cfg.repetition {
                Threefold::Loss => return won(self.to_move.other(), Reason::Repetition),
                Threefold::Win => return won(self.to_move, Reason::Repetition),
                // A draw (the compiled rules never ignore a third repetition).
                _ => return Outcome::Drawn { reason: Reason::Repetition },
            }
        }
        if escaped {
            return won(Player::Two, Reason::KingEscaped);
        }
        let Some(king) = king else {
            return won(Player::One, Reason::KingCaptured);
        };
        if !self.defender_can_move() {
            return won(Player::One, Reason::DefendersImmobile);
        }
        if cfg.edge_fort && self.edge_fort(king) {
            return won(Player::Two, Reason::EdgeFort);
        }
        if cfg.surrounding_fatal && self.defenders_encircled() {
            return won(Player::One, Reason::Surrounded);
        }
        Outcome::Ongoing
    }

    /// Whether a defender has an empty neighbouring square (OpenTafl's test for a side
    /// without moves).
    fn defender_can_move(&self) -> bool {
        let fast = by_words!(
            self.tables.words,
            self.defender_can_move_at_once(),
            self.defender_can_move_one_by_one()
        );
        debug_assert_eq!(fast, self.defender_can_move_one_by_one());
        fast
    }

    fn defender_can_move_at_once<const W: usize>(&self) -> bool {
        let t = &*self.tables;
        let empty = t.bits::<W>(BOARD) & !Bits::plane(&self.planes, OCCUPIED);
        !(neighbours(t, Bits::plane(&self.planes, DEFENDER)) & empty).is_empty()
    }

    /// Each defender in turn (read from their plane, not square by square: this runs
    /// after every move of a search wherever the whole-board computations do not).
    fn defender_can_move_one_by_one(&self) -> bool {
        let t = &*self.tables;
        Squares::plane(&self.planes, DEFENDER).any(|s| {
            Dir::ALL.into_iter().any(|d| t.step(s, d).is_some_and(|nb| !self.occupied(nb)))
        })
    }

    /// OpenTafl's edge fort (`efe:y`) for the king on `king`: a king in a wall of the
    /// defenders with a move, or [`Position::edge_fort_escape`].
    fn edge_fort(&self, king: usize) -> bool {
        self.king_in_defenders_wall() || self.edge_fort_escape(king)
    }

    /// OpenTafl's `checkEdgeFortEscape`.
    fn edge_fort_escape(&self, king: usize) -> bool {
        let t = &*self.tables;
        let fort = self.reachable(king);
        if t.edge[king] {
            let mut any = false;
            self.for_each_destination(king, true, |_| any = true);
            if !any {
                return false;
            }
        } else if !fort.squares().any(|s| t.edge[s]) {
            return false;
        }
        // No attacker beside the fort, and no defender around it with three sides open.
        for s in fort.squares() {
            for d in Dir::ALL {
                if t.step(s, d).is_some_and(|nb| self.side_at(nb) == Some(Side::Attackers)) {
                    return false;
                }
            }
        }
        for s in fort.squares() {
            for d in Dir::ALL {
                let Some(member) = t.step(s, d) else { continue };
                if !self.occupied(member) {
                    continue;
                }
                let (mut outside, mut friendly) = (0, 0);
                for d in Dir::ALL {
                    let Some(s) = t.step(member, d) else { continue };
                    if fort.contains(s) {
                        continue;
                    }
                    outside += 1;
                    if self.side_at(s) == Some(Side::Defenders) {
                        friendly += 1;
                    }
                }
                if outside - friendly >= 3 {
                    return false;
                }
            }
        }
        true
    }

    /// The squares the king reaches in any number of moves without jumping (the king
    /// standing still on its square), its own square included.
    fn reachable(&self, king: usize) -> SquareSet {
        let Some(passable) = self.king_flood(king) else {
            return self.reachable_by_slides(king);
        };
        let t = &*self.tables;
        let fast = by_words!(t.words, self.flood_at_once(king, &passable), None);
        #[cfg(debug_assertions)]
        if let Some(fast) = &fast {
            let slides = self.reachable_by_slides(king);
            assert_eq!(fast.words(), slides.words(), "{}", self.otn());
            assert_eq!(self.flood_by_steps(king, &passable).words(), slides.words());
        }
        fast.unwrap_or_else(|| self.flood_by_steps(king, &passable))
    }

    /// When the king may stop on every square it may pass (then a square it reaches by a
    /// slide is one it reaches step by step, and its reach is a flood fill), the kinds of
    /// space it may pass (indexed by `SPACE_*`); `None` otherwise.
    fn king_flood(&self, king: usize) -> Option<[bool; 5]> {
        let t = &*self.tables;
        let cfg = &*t.cfg;
        let k = self.cell(king)?.kind_index();
        let start = t.space[king];
        let mut passable = [true, false, false, false, false];
        for ty in [SPACE_CENTER, SPACE_CORNER, SPACE_AFORT, SPACE_DFORT] {
            let i = usize::from(ty);
            if !t.has_space(ty) || !(cfg.pass[i][k] && (cfg.reenter[i][k] || start == ty)) {
                continue;
            }
            if !cfg.stop[i][k] {
                return None;
            }
            passable[i] = true;
        }
        Some(passable)
    }

    /// The king's flood fill through the empty squares of the kinds `passable`.
    fn flood_at_once<const W: usize>(
        &self,
        king: usize,
        passable: &[bool; 5],
    ) -> Option<SquareSet> {
        let t = &*self.tables;
        let mut open = t.bits::<W>(BOARD) & !t.bits(SPECIAL);
        for ty in [SPACE_CENTER, SPACE_CORNER, SPACE_AFORT, SPACE_DFORT] {
            if passable[usize::from(ty)] {
                open = open | t.space_bits(ty);
            }
        }
        open = open & !Bits::plane(&self.planes, OCCUPIED);
        let mut region = Bits::<W>::EMPTY;
        region.0[king >> 6] |= 1 << (king & 63);
        loop {
            let grown = region | (neighbours(t, region) & open);
            if grown == region {
                break;
            }
            region = grown;
        }
        Some(SquareSet::of(&region.0))
    }

    /// The king's flood fill square by square.
    fn flood_by_steps(&self, king: usize, passable: &[bool; 5]) -> SquareSet {
        let t = &*self.tables;
        let mut seen = SquareSet::new(t.words);
        seen.insert(king);
        let mut stack = vec![king];
        while let Some(s) = stack.pop() {
            for d in Dir::ALL {
                let Some(nb) = t.step(s, d) else { continue };
                if !self.occupied(nb) && passable[usize::from(t.space[nb])] && seen.insert(nb) {
                    stack.push(nb);
                }
            }
        }
        seen
    }

    /// The king's reach, slide after slide, as OpenTafl finds it.
    fn reachable_by_slides(&self, king: usize) -> SquareSet {
        let words = self.tables.words;
        let mut seen = SquareSet::new(words);
        let mut done = SquareSet::new(words);
        seen.insert(king);
        loop {
            let next = seen
                .words()
                .iter()
                .zip(done.words())
                .enumerate()
                .find(|(_, (s, d))| **s & !**d != 0)
                .map(|(w, (s, d))| w * 64 + (s & !d).trailing_zeros() as usize);
            let Some(p) = next else { break };
            done.insert(p);
            self.destinations_from(king, p, false, &mut |s| {
                seen.insert(s);
            });
        }
        seen
    }

    /// OpenTafl's `isSideEncircled` for the defenders: no defender reaches an edge square
    /// in one move, and no defender is reached from the edge through empty squares.
    fn defenders_encircled(&self) -> bool {
        let fast =
            by_words!(self.tables.words, self.encircled_at_once(), self.encircled_one_by_one());
        debug_assert_eq!(fast, self.encircled_one_by_one(), "{}", self.otn());
        fast
    }

    fn encircled_at_once<const W: usize>(&self) -> bool {
        let t = &*self.tables;
        let occupied = Bits::<W>::plane(&self.planes, OCCUPIED);
        let defenders = Bits::plane(&self.planes, DEFENDER);
        let empty = t.bits(BOARD) & !occupied;
        let edge = t.bits::<W>(EDGE);
        let k = Piece::new(Side::Defenders, Role::Taflman).kind_index();
        let men = if t.slides_only(k) {
            let roles = Bits::plane(&self.planes, ROLE0)
                | Bits::plane(&self.planes, ROLE1)
                | Bits::plane(&self.planes, ROLE2);
            defenders & !roles & !t.bits(SPECIAL)
        } else {
            Bits::EMPTY
        };
        if !men.is_empty() {
            let targets = t.stoppable(k) & edge;
            let reached = slides(t, men, empty & t.passable(k), t.cfg.speed[k]);
            if reached.into_iter().any(|r| !(r & targets).is_empty()) {
                return false;
            }
        }
        for s in (defenders & !men).squares() {
            let mut out = false;
            self.for_each_destination(s, true, |d| out |= t.edge[d]);
            if out {
                return false;
            }
        }
        // The empty squares connected to the edge, and what they touch.
        let mut region = edge & empty;
        loop {
            let grown = region | (neighbours(t, region) & empty);
            if grown == region {
                break;
            }
            region = grown;
        }
        ((edge | neighbours(t, region)) & defenders).is_empty()
    }

    fn encircled_one_by_one(&self) -> bool {
        let t = &*self.tables;
        for s in Squares::plane(&self.planes, DEFENDER) {
            let mut out = false;
            self.for_each_destination(s, true, |d| out |= t.edge[d]);
            if out {
                return false;
            }
        }
        let mut seen = SquareSet::new(t.words);
        let mut stack: Vec<usize> = (0..t.cells()).filter(|&s| t.edge[s]).collect();
        for &s in &stack {
            seen.insert(s);
        }
        while let Some(s) = stack.pop() {
            match self.side_at(s) {
                Some(Side::Defenders) => return false,
                Some(Side::Attackers) => continue,
                None => {}
            }
            for d in Dir::ALL {
                if let Some(nb) = t.step(s, d) {
                    if seen.insert(nb) {
                        stack.push(nb);
                    }
                }
            }
        }
        true
    }
}
