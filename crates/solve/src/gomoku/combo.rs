//! What a stone on an empty cell makes in all four lines together (its [`Combo`]), and
//! the numbers the search reads per cell: the weight of the cell in the evaluation and
//! its promise as a move. Four shapes are combined by a code that does not depend on
//! their order (a multiset of four of the fourteen shapes: 2,380 codes), and every table
//! is indexed by that code.

use std::sync::OnceLock;

use super::line::{SHAPES, Shape, Shapes, Winning};

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

impl Combo {
    /// Whether the move makes a four or better (a threat answered at one cell).
    pub(crate) fn is_four(self) -> bool {
        self >= Combo::Four
    }
}

/// Codes of four shapes (any order): 2,380.
pub(crate) const CODES: usize = 2380;

/// The order-free code of four shapes, indexed by the four shapes packed four bits
/// each (`s0 | s1 << 4 | s2 << 8 | s3 << 12`; entries with a nibble over 13 unused).
fn code_table() -> &'static [u16] {
    static TABLE: OnceLock<Vec<u16>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut sorted_code = std::collections::HashMap::new();
        let mut next = 0u16;
        for a in 0..SHAPES {
            for b in a..SHAPES {
                for c in b..SHAPES {
                    for d in c..SHAPES {
                        sorted_code.insert([a, b, c, d], next);
                        next += 1;
                    }
                }
            }
        }
        debug_assert_eq!(usize::from(next), CODES);
        (0..1usize << 16)
            .map(|i| {
                let mut four = [i & 15, i >> 4 & 15, i >> 8 & 15, i >> 12];
                if four.iter().any(|&s| s >= SHAPES) {
                    return 0;
                }
                four.sort_unstable();
                sorted_code[&four]
            })
            .collect()
    })
}

/// The shapes of each code, in increasing order.
fn shapes_of_codes() -> &'static [[Shape; 4]] {
    static TABLE: OnceLock<Vec<[Shape; 4]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut out = vec![[Shape::Dead; 4]; CODES];
        let codes = code_table();
        for (i, &code) in codes.iter().enumerate() {
            let four = [i & 15, i >> 4 & 15, i >> 8 & 15, i >> 12];
            if four.iter().any(|&s| s >= SHAPES) {
                continue;
            }
            let mut shapes = four.map(Shape::from_index);
            shapes.sort_unstable();
            out[usize::from(code)] = shapes;
        }
        out
    })
}

/// The combo of four shapes, for a player who may (`forbid` false) or may not (renju's
/// black) make overlines, double fours and double threes.
pub(crate) fn combo_of(shapes: [Shape; 4], forbid: bool) -> Combo {
    let n = |f: &dyn Fn(Shape) -> bool| shapes.iter().filter(|&&s| f(s)).count();
    let fives = n(&|s| s == Shape::Five);
    if fives > 0 {
        return Combo::Five;
    }
    let fours = n(&|s| s == Shape::Four);
    let open_fours = n(&|s| s == Shape::OpenFour);
    let open_threes = n(&|s| s.is_open_three());
    let threes = n(&|s| s == Shape::Three);
    let twos = n(&|s| matches!(s, Shape::OpenTwo | Shape::OpenTwo3 | Shape::OpenTwo4));
    if forbid
        && (n(&|s| s == Shape::Long) > 0 || fours + open_fours >= 2 || open_threes >= 2)
    {
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

/// What the board and the search read of one code, for one player.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Info {
    /// The combo.
    pub(crate) combo: Combo,
    /// Evaluation weight of the cell for the player `[to move, not to move]`.
    pub(crate) value: [i32; 2],
    /// Promise of the cell as a move for the player.
    pub(crate) attack: i32,
    /// What a move of the other player there takes from this player.
    pub(crate) defence: i32,
}

/// Everything the board reads by code, under one rule set.
#[derive(Debug)]
pub(crate) struct Tables {
    /// Line shapes by key.
    pub(crate) shapes: &'static Shapes,
    /// Code of four shapes by the shapes packed four bits each.
    codes: &'static [u16],
    /// Each player's information by code.
    pub(crate) info: [Vec<Info>; 2],
}

/// Evaluation weights of one line shape for the side to move and for the other side.
const SHAPE_VALUE: [[i32; SHAPES]; 2] = [
    // Dead, Long, One, OpenOne, Two, OpenTwo, OpenTwo3, OpenTwo4, Three, OpenThree,
    // DoubleThree, Four, OpenFour, Five.
    [0, 0, 1, 2, 4, 8, 9, 10, 14, 30, 34, 36, 80, 120],
    [0, 0, 1, 2, 4, 8, 9, 10, 12, 22, 26, 24, 60, 100],
];

/// Evaluation bonus of a combo for the side to move and for the other side.
const COMBO_VALUE: [[i32; COMBOS]; 2] = [
    // None, Forbidden, OpenTwo, Three, TwoTwos, ThreePlus, OpenThree, OpenThreePlus,
    // DoubleThree, Four, FourPlus, FourThree, FlexFour, Five.
    [0, 0, 0, 0, 6, 8, 0, 12, 60, 0, 20, 200, 300, 400],
    [0, 0, 0, 0, 4, 6, 0, 8, 40, 0, 12, 80, 120, 200],
];

/// Move-ordering weights of a shape for the mover.
const SHAPE_ATTACK: [i32; SHAPES] = [0, 0, 1, 2, 3, 8, 9, 10, 12, 40, 44, 50, 400, 10_000];
/// Move-ordering weights of the other player's shape on the cell (blocking it).
const SHAPE_DEFENCE: [i32; SHAPES] = [0, 0, 1, 1, 2, 5, 6, 7, 8, 30, 32, 36, 300, 5_000];
/// Move-ordering bonus of the mover's combo.
const COMBO_ATTACK: [i32; COMBOS] = [0, -1_000, 0, 0, 10, 14, 0, 16, 300, 0, 30, 600, 2_000, 20_000];
/// Move-ordering bonus of the other player's combo on the cell.
const COMBO_DEFENCE: [i32; COMBOS] = [0, 0, 0, 0, 6, 8, 0, 10, 120, 0, 16, 200, 800, 10_000];

impl Tables {
    /// The tables for `rule` (one per player), built once per process.
    pub(crate) fn of(rule: [Winning; 2], forbid: [bool; 2]) -> &'static Tables {
        static FREESTYLE: OnceLock<Tables> = OnceLock::new();
        static EXACT: OnceLock<Tables> = OnceLock::new();
        static RENJU: OnceLock<Tables> = OnceLock::new();
        let cell = match (rule, forbid) {
            ([Winning::FREESTYLE, Winning::FREESTYLE], [false, false]) => &FREESTYLE,
            ([Winning::EXACT, Winning::EXACT], [false, false]) => &EXACT,
            _ => &RENJU,
        };
        cell.get_or_init(|| Tables::build(rule, forbid))
    }

    fn build(rule: [Winning; 2], forbid: [bool; 2]) -> Tables {
        let shapes_of = shapes_of_codes();
        let info = [0, 1].map(|p| {
            shapes_of
                .iter()
                .map(|shapes| {
                    let combo = combo_of(*shapes, forbid[p]);
                    let c = combo as usize;
                    let sum = |table: &[i32; SHAPES]| -> i32 {
                        shapes.iter().map(|&s| table[s as usize]).sum()
                    };
                    Info {
                        combo,
                        value: [0, 1].map(|m| sum(&SHAPE_VALUE[m]) + COMBO_VALUE[m][c]),
                        attack: sum(&SHAPE_ATTACK) + COMBO_ATTACK[c],
                        defence: sum(&SHAPE_DEFENCE)
                            + if combo == Combo::Forbidden { 0 } else { COMBO_DEFENCE[c] },
                    }
                })
                .collect()
        });
        Tables { shapes: Shapes::of(rule), codes: code_table(), info }
    }

    /// The code of one player's four shapes, packed four bits each.
    #[inline]
    pub(crate) fn code(&self, packed: u16) -> u16 {
        self.codes[usize::from(packed)]
    }
}

/// One player's four shapes packed four bits each, from a cell's shape bytes (Player
/// One's shape in each byte's low four bits).
#[inline]
pub(crate) fn packed(shape: [u8; 4], player: usize) -> u16 {
    let word = u32::from_le_bytes(shape) >> (4 * player) & 0x0f0f_0f0f;
    let word = (word | word >> 4) & 0x00ff_00ff;
    (word | word >> 8) as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_ignore_the_order() {
        let tables = Tables::of([Winning::FREESTYLE; 2], [false; 2]);
        let code = |s: [u8; 4]| tables.code(packed(s, 0));
        assert_eq!(code([1, 5, 9, 13]), code([13, 9, 5, 1]));
        assert_ne!(code([1, 5, 9, 13]), code([1, 5, 9, 12]));
        assert_eq!(packed([0x21, 0x43, 0x65, 0x87], 1), 0x8642);
        let all: std::collections::HashSet<u16> = code_table().iter().copied().collect();
        assert_eq!(all.len(), CODES);
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
