//! What a stone on an empty cell makes in all four lines together (its [`Combo`]), and
//! the weights the search reads per cell: the cell's part in the evaluation and its
//! promise as a move. A combo depends only on the *class* of each line's shape (what
//! sort of threat it is), eight classes in three bits, so the four classes of a cell
//! index a table of 4,096 combos per player; the weights are a sum over the four shapes
//! and a bonus by combo.

use std::sync::OnceLock;

#[cfg(test)]
use super::line::Shape;
use super::line::{SHAPES, Shapes, Winning};

/// What a stone makes in its four lines together, weakest first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub(crate) enum Combo {
    /// Nothing worth naming.
    #[default]
    None = 0,
    /// A move the rules forbid this player (renju's black: overline, double four,
    /// double three).
    Forbidden,
    /// An open two (or better two) in one line.
    OpenTwo,
    /// A closed three.
    Three,
    /// Two open twos.
    TwoTwos,
    /// Two closed threes, or a closed three and an open two.
    ThreePlus,
    /// An open three.
    OpenThree,
    /// An open three with a closed three or an open two.
    OpenThreePlus,
    /// Two open threes.
    DoubleThree,
    /// A closed four.
    Four,
    /// A closed four with a closed three or an open two.
    FourPlus,
    /// A closed four with an open three: wins unless the forced block answers.
    FourThree,
    /// An open four, or two fours: wins unless the other side has a four first.
    FlexFour,
    /// A winning line at once.
    Five,
}

/// Number of combos.
pub(crate) const COMBOS: usize = 14;

/// The class of each shape: 0 nothing much, 1 an open two, 2 a closed three, 3 an open
/// three, 4 a closed four, 5 an open four, 6 a five, 7 an overline that does not win.
const CLASS: [u16; SHAPES] = [0, 7, 0, 0, 0, 1, 1, 1, 2, 3, 3, 4, 5, 6];

/// The class of `shape` (see [`CLASS`]).
#[inline]
pub(crate) fn class(shape: u8) -> u16 {
    CLASS[usize::from(shape)]
}

/// The combo of four shape classes, for a player who may (`forbid` false) or may not
/// (renju's black) make overlines, double fours and double threes.
fn combo_of_classes(classes: [u16; 4], forbid: bool) -> Combo {
    let n = |c: u16| classes.iter().filter(|&&x| x == c).count();
    if n(6) > 0 {
        return Combo::Five;
    }
    let (twos, threes, open_threes, fours, open_fours) = (n(1), n(2), n(3), n(4), n(5));
    if forbid && (n(7) > 0 || fours + open_fours >= 2 || open_threes >= 2) {
        return Combo::Forbidden;
    }
    if open_fours > 0 || fours >= 2 {
        Combo::FlexFour
    } else if fours == 1 {
        if open_threes > 0 {
            Combo::FourThree
        } else if threes > 0 || twos > 0 {
            Combo::FourPlus
        } else {
            Combo::Four
        }
    } else if open_threes >= 2 {
        Combo::DoubleThree
    } else if open_threes == 1 {
        if threes > 0 || twos > 0 { Combo::OpenThreePlus } else { Combo::OpenThree }
    } else if threes >= 2 || threes == 1 && twos > 0 {
        Combo::ThreePlus
    } else if twos >= 2 {
        Combo::TwoTwos
    } else if threes == 1 {
        Combo::Three
    } else if twos == 1 {
        Combo::OpenTwo
    } else {
        Combo::None
    }
}

/// The combo of four shapes.
#[cfg(test)]
pub(crate) fn combo_of(shapes: [Shape; 4], forbid: bool) -> Combo {
    combo_of_classes(shapes.map(|s| class(s as u8)), forbid)
}

/// Weights of one player's cells: in the evaluation (`[to move, not to move]`) and as a
/// move (what it makes for the mover, what it takes from the other player), by shape
/// (summed over the four lines) and by combo.
#[derive(Debug)]
pub(crate) struct Weights {
    pub(crate) shape_value: [[i32; SHAPES]; 2],
    pub(crate) combo_value: [[i32; COMBOS]; 2],
    pub(crate) shape_attack: [i32; SHAPES],
    pub(crate) combo_attack: [i32; COMBOS],
    pub(crate) shape_defence: [i32; SHAPES],
    pub(crate) combo_defence: [i32; COMBOS],
    /// Evaluation weight of a player having at least one cell of each combo of
    /// [`HAVING`], `[to move, not to move]`.
    pub(crate) having: [[i32; HAVING.len()]; 2],
    /// Evaluation weight of having the move.
    pub(crate) tempo: i32,
}

/// The combos whose mere presence counts in the evaluation.
pub(crate) const HAVING: [Combo; 9] = [
    Combo::TwoTwos,
    Combo::ThreePlus,
    Combo::OpenThree,
    Combo::OpenThreePlus,
    Combo::DoubleThree,
    Combo::Four,
    Combo::FourPlus,
    Combo::FourThree,
    Combo::FlexFour,
];

/// The weights the engine plays with.
const WEIGHTS: Weights = Weights {
    // Dead, Long, One, OpenOne, Two, OpenTwo, OpenTwo3, OpenTwo4, Three, OpenThree,
    // DoubleThree, Four, OpenFour, Five.
    shape_value: [
        [0, 0, 0, 0, 2, 9, 7, 12, 5, 13, 22, 18, 0, 0],
        [0, 0, 0, 0, 2, 15, 13, 16, 11, 8, 13, 19, 39, 0],
    ],
    combo_value: [
        [0, 0, -6, 8, -1, 11, 18, 26, 101, 26, 29, 43, 0, 0],
        [0, 0, -12, -1, -14, -3, 23, 29, 123, 24, 33, 99, 82, 0],
    ],
    shape_attack: [-116, 0, -107, -91, -71, -44, 3, 52, 2, 64, 180, 188, 0, 0],
    combo_attack: [-107, -10_000, -79, -61, -37, -2, -5, 43, 180, 22, 105, 572, 5_000, 10_000],
    shape_defence: [-91, 0, -84, -68, -64, -41, -22, -2, -7, -65, 26, 70, 226, 0],
    combo_defence: [-179, 0, -186, -172, -199, -156, -4, -1, 120, -18, 15, 223, 230, 5_000],
    having: [[54, 28, -4, 20, -105, 26, 18, 43, 0], [-38, -20, 5, -20, 104, -17, -8, 56, 41]],
    tempo: 1,
};

/// Everything the board reads under one rule set.
#[derive(Debug)]
pub(crate) struct Tables {
    /// Line shapes by key.
    pub(crate) shapes: &'static Shapes,
    /// Each player's combo by the four classes packed three bits each.
    combos: [Vec<Combo>; 2],
    /// The weights.
    pub(crate) weights: &'static Weights,
}

impl Tables {
    /// The tables for `rule` (one per player) and whether each player's overlines,
    /// double fours and double threes are forbidden, built once per process.
    pub(crate) fn of(rule: [Winning; 2], forbid: [bool; 2]) -> &'static Tables {
        static FREESTYLE: OnceLock<Tables> = OnceLock::new();
        static EXACT: OnceLock<Tables> = OnceLock::new();
        static RENJU: OnceLock<Tables> = OnceLock::new();
        let cell = match (rule, forbid) {
            ([Winning::FREESTYLE, Winning::FREESTYLE], [false, false]) => &FREESTYLE,
            ([Winning::EXACT, Winning::EXACT], [false, false]) => &EXACT,
            _ => &RENJU,
        };
        cell.get_or_init(|| Tables {
            shapes: Shapes::of(rule),
            combos: [0, 1].map(|p| {
                (0..1u16 << 12)
                    .map(|i| {
                        combo_of_classes([i & 7, i >> 3 & 7, i >> 6 & 7, i >> 9 & 7], forbid[p])
                    })
                    .collect()
            }),
            weights: &WEIGHTS,
        })
    }

    /// `player`'s combo of four classes packed three bits each.
    #[inline]
    pub(crate) fn combo(&self, player: usize, classes: u16) -> Combo {
        self.combos[player][usize::from(classes & 0xfff)]
    }
}

/// The four classes of one player's shapes, packed three bits each, from a cell's shape
/// bytes (Player One's shape in each byte's low four bits).
#[inline]
pub(crate) fn classes(shape: [u8; 4], player: usize) -> u16 {
    shape.iter().enumerate().fold(0, |acc, (d, &s)| acc | class(s >> (4 * player) & 15) << (3 * d))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combos_ignore_the_order_of_the_lines() {
        let tables = Tables::of([Winning::FREESTYLE; 2], [false; 2]);
        let combo = |s: [u8; 4]| tables.combo(0, classes(s, 0));
        assert_eq!(combo([11, 9, 0, 0]), Combo::FourThree);
        assert_eq!(combo([0, 0, 9, 11]), Combo::FourThree);
        assert_eq!(combo([0x0b, 0x90, 0, 0]), Combo::Four);
        assert_eq!(tables.combo(1, classes([0x0b, 0x90, 0, 0], 1)), Combo::OpenThree);
    }

    #[test]
    fn combos_name_the_threats() {
        use Shape::*;
        assert_eq!(combo_of([Dead, Dead, Four, OpenThree], false), Combo::FourThree);
        assert_eq!(combo_of([Dead, Four, Four, Dead], false), Combo::FlexFour);
        assert_eq!(combo_of([OpenThree, DoubleThree, Dead, Dead], false), Combo::DoubleThree);
        assert_eq!(combo_of([OpenThree, DoubleThree, Dead, Dead], true), Combo::Forbidden);
        assert_eq!(combo_of([Long, Dead, Dead, Dead], true), Combo::Forbidden);
        assert_eq!(combo_of([Long, Five, Dead, Dead], true), Combo::Five);
        assert_eq!(combo_of([Three, OpenTwo, Dead, Dead], false), Combo::ThreePlus);
        assert_eq!(combo_of([One, OpenOne, Dead, Dead], false), Combo::None);
    }
}
