//! Line shapes: what a stone on an empty cell makes in one line through it, from the
//! stones within five cells on either side, read from a table built once per rule set.
//!
//! A line is eleven cells, the empty cell in the middle. Its *key* packs the ten
//! neighbours two bits each (0 empty, 1 Player One, 2 Player Two, 3 off the board or
//! void), the farthest on the left in the lowest bits. The table maps a key to the shape
//! for each player; the shapes are defined recursively on what one more stone makes:
//!
//! - **Five**: the stone completes a winning line (five in a row, or more where the rule
//!   lets an overline win); **Long**: it completes an overline that does not win.
//! - **OpenFour**: two different cells of the line would then complete a five (an open
//!   four, or two fours in one line); **Four**: one would.
//! - **OpenThree**: one cell would then make an open four (**DoubleThree**: two or more,
//!   a three that makes an open four at either end); **Three**: one would make a four.
//! - **OpenTwo** (**OpenTwo3**, **OpenTwo4**: three or four such cells): cells that then
//!   make an open three; **Two**: a cell makes a three; **OpenOne**, **One** likewise one
//!   level down; **Dead**: fewer than five cells between the other player's stones (or
//!   walls), or nothing to build.

use std::sync::OnceLock;

/// Neighbours on each side of the middle cell that a key holds.
pub(crate) const HALF: usize = 5;
/// Cells in a line.
const LEN: usize = 2 * HALF + 1;

/// What a stone makes in one line, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub(crate) enum Shape {
    Dead = 0,
    Long,
    One,
    OpenOne,
    Two,
    OpenTwo,
    OpenTwo3,
    OpenTwo4,
    Three,
    OpenThree,
    DoubleThree,
    Four,
    OpenFour,
    Five,
}

/// Number of shapes.
pub(crate) const SHAPES: usize = 14;

impl Shape {
    const ALL: [Shape; SHAPES] = [
        Shape::Dead,
        Shape::Long,
        Shape::One,
        Shape::OpenOne,
        Shape::Two,
        Shape::OpenTwo,
        Shape::OpenTwo3,
        Shape::OpenTwo4,
        Shape::Three,
        Shape::OpenThree,
        Shape::DoubleThree,
        Shape::Four,
        Shape::OpenFour,
        Shape::Five,
    ];

    /// The shape numbered `n` (`n < SHAPES`).
    pub(crate) fn from_index(n: usize) -> Shape {
        Shape::ALL[n]
    }
}

/// Which lines count as a win, for one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Winning {
    /// Whether six or more in a row wins (freestyle); if not, an overline is `Long`.
    pub(crate) overline: bool,
    /// Whether two fours in one line count as a double four that is not allowed (renju's
    /// black): the shape is then `Long`, a move that may not be played.
    pub(crate) double_four_in_line: bool,
}

impl Winning {
    /// Five or more in a row wins.
    pub(crate) const FREESTYLE: Winning = Winning { overline: true, double_four_in_line: false };
    /// Exactly five wins.
    pub(crate) const EXACT: Winning = Winning { overline: false, double_four_in_line: false };

    /// Neighbours the shapes depend on: four on each side when an overline wins (a five
    /// is all that matters), five when it does not (the sixth stone matters).
    pub(crate) fn reach(self) -> usize {
        if self.overline { 4 } else { 5 }
    }
}

/// A cell of a line as one player sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
enum Seen {
    Mine = 0,
    Blocked = 1,
    Empty = 2,
}

/// The shapes of every key for both players under one rule set.
#[derive(Debug)]
pub(crate) struct Shapes {
    /// By key (of `2 * reach` neighbours): Player One's shape in the low four bits,
    /// Player Two's in the high four.
    table: Vec<u8>,
    /// How far the key is read: 4 or 5 neighbours a side.
    reach: usize,
}

impl Shapes {
    /// The shape a stone of `player` (0 or 1) makes on a cell whose line key is `key`.
    #[cfg(test)]
    pub(crate) fn get(&self, key: u32, player: usize) -> Shape {
        Shape::from_index(usize::from(self.pair(key) >> (4 * player) & 15))
    }

    /// Both players' shapes for `key`, packed as in the table.
    #[inline]
    pub(crate) fn pair(&self, key: u32) -> u8 {
        let index = if self.reach == 4 { (key >> 2) & 0xffff } else { key };
        self.table[index as usize]
    }

    /// The shapes under `rule`, one rule per player (`[Player One, Player Two]`), built
    /// once per process.
    pub(crate) fn of(rule: [Winning; 2]) -> &'static Shapes {
        static FREESTYLE: OnceLock<Shapes> = OnceLock::new();
        static EXACT: OnceLock<Shapes> = OnceLock::new();
        static RENJU: OnceLock<Shapes> = OnceLock::new();
        let cell = match rule {
            [Winning::FREESTYLE, Winning::FREESTYLE] => &FREESTYLE,
            [Winning::EXACT, Winning::EXACT] => &EXACT,
            _ => &RENJU,
        };
        cell.get_or_init(|| Shapes::build(rule))
    }

    fn build(rule: [Winning; 2]) -> Shapes {
        let reach = rule[0].reach().max(rule[1].reach());
        let keys = 1usize << (4 * reach);
        let mut memo =
            [vec![u8::MAX; 3usize.pow(LEN as u32)], vec![u8::MAX; 3usize.pow(LEN as u32)]];
        let mut table = vec![0u8; keys];
        for (index, entry) in table.iter_mut().enumerate() {
            // A key of `reach` a side sits in the middle of the full ten-neighbour key.
            let key =
                if reach == 4 { (index as u32) << 2 | 0b11 | 0b11 << 18 } else { index as u32 };
            let mut pair = 0;
            for player in 0..2 {
                let line = line_of(key, player);
                let shape = classify(&line, rule[player], &mut memo[player]);
                pair |= (shape as u8) << (4 * player);
            }
            *entry = pair;
        }
        Shapes { table, reach }
    }
}

/// The line of `key` as `player` sees it, their stone in the middle.
fn line_of(key: u32, player: usize) -> [Seen; LEN] {
    let mut line = [Seen::Blocked; LEN];
    for (slot, cell) in (0..2 * HALF).map(|s| (s, key >> (2 * s) & 3)) {
        let at = if slot < HALF { slot } else { slot + 1 };
        line[at] = match cell {
            0 => Seen::Empty,
            c if c as usize == player + 1 => Seen::Mine,
            _ => Seen::Blocked,
        };
    }
    line[HALF] = Seen::Mine;
    line
}

/// The memo index of a line.
fn code(line: &[Seen; LEN]) -> usize {
    line.iter().fold(0, |acc, &c| acc * 3 + c as usize)
}

/// The shape of `line` (its middle cell holds the player's stone) under `rule`.
fn classify(line: &[Seen; LEN], rule: Winning, memo: &mut [u8]) -> Shape {
    let index = code(line);
    if memo[index] != u8::MAX {
        return Shape::from_index(usize::from(memo[index]));
    }
    let shape = classify_afresh(line, rule, memo);
    memo[index] = shape as u8;
    shape
}

fn classify_afresh(line: &[Seen; LEN], rule: Winning, memo: &mut [u8]) -> Shape {
    // The stones in a row through the middle, and the cells free of the other player.
    let mut left = HALF;
    while left > 0 && line[left - 1] == Seen::Mine {
        left -= 1;
    }
    let mut right = HALF;
    while right + 1 < LEN && line[right + 1] == Seen::Mine {
        right += 1;
    }
    let run = right - left + 1;
    if run >= 6 && !rule.overline {
        return Shape::Long;
    }
    if run >= 5 {
        return Shape::Five;
    }
    let mut lo = HALF;
    while lo > 0 && line[lo - 1] != Seen::Blocked {
        lo -= 1;
    }
    let mut hi = HALF;
    while hi + 1 < LEN && line[hi + 1] != Seen::Blocked {
        hi += 1;
    }
    if hi - lo + 1 < 5 {
        return Shape::Dead;
    }
    // What each free cell of the stretch would make with one more stone there.
    let mut count = [0u32; SHAPES];
    let mut fives = [0usize; 2];
    for at in lo..=hi {
        if line[at] != Seen::Empty {
            continue;
        }
        let mut next = [Seen::Blocked; LEN];
        for (j, cell) in next.iter_mut().enumerate() {
            let from = j as isize + at as isize - HALF as isize;
            if (0..LEN as isize).contains(&from) {
                *cell = line[from as usize];
            }
        }
        next[HALF] = Seen::Mine;
        let shape = classify(&next, rule, memo);
        if shape == Shape::Five && (count[Shape::Five as usize] as usize) < fives.len() {
            fives[count[Shape::Five as usize] as usize] = at;
        }
        count[shape as usize] += 1;
    }
    let n = |s: Shape| count[s as usize];
    let open_threes = n(Shape::OpenThree) + n(Shape::DoubleThree);
    let open_twos = n(Shape::OpenTwo) + n(Shape::OpenTwo3) + n(Shape::OpenTwo4);
    if n(Shape::Five) >= 2 {
        // Two fives 4 apart or less are two fours in one line, not an open four.
        if rule.double_four_in_line && fives[1] - fives[0] < 5 {
            Shape::Long
        } else {
            Shape::OpenFour
        }
    } else if n(Shape::Five) == 1 {
        Shape::Four
    } else if n(Shape::OpenFour) >= 2 {
        Shape::DoubleThree
    } else if n(Shape::OpenFour) == 1 {
        Shape::OpenThree
    } else if n(Shape::Four) > 0 {
        Shape::Three
    } else if open_threes >= 4 {
        Shape::OpenTwo4
    } else if open_threes == 3 {
        Shape::OpenTwo3
    } else if open_threes > 0 {
        Shape::OpenTwo
    } else if n(Shape::Three) > 0 {
        Shape::Two
    } else if open_twos > 0 {
        Shape::OpenOne
    } else if n(Shape::Two) > 0 {
        Shape::One
    } else {
        Shape::Dead
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The key of a line written with `x` (Player One), `o`, `.` (empty), `#` (wall) and
    /// `*` for the middle cell: five characters each side.
    fn key(text: &str) -> u32 {
        let cells: Vec<char> = text.chars().filter(|&c| c != '*').collect();
        assert_eq!(cells.len(), 2 * HALF, "{text}");
        cells.iter().enumerate().fold(0, |key, (slot, c)| {
            let v = match c {
                '.' => 0,
                'x' => 1,
                'o' => 2,
                _ => 3,
            };
            key | v << (2 * slot)
        })
    }

    fn shape(rule: Winning, text: &str) -> Shape {
        Shapes::of([rule, rule]).get(key(text), 0)
    }

    #[test]
    fn freestyle_shapes() {
        let f = Winning::FREESTYLE;
        assert_eq!(shape(f, ".xxxx*....."), Shape::Five);
        assert_eq!(shape(f, "xxxxx*....."), Shape::Five);
        assert_eq!(shape(f, "....x*xxx.."), Shape::Five);
        assert_eq!(shape(f, "..xxx*....."), Shape::OpenFour);
        assert_eq!(shape(f, ".oxxx*....."), Shape::Four);
        assert_eq!(shape(f, "...xx*.x..."), Shape::Four);
        assert_eq!(shape(f, ".xxx.*.xxx."), Shape::OpenFour); // two fours in one line
        assert_eq!(shape(f, "...xx*....."), Shape::DoubleThree);
        assert_eq!(shape(f, "....x*.x..."), Shape::OpenThree);
        assert_eq!(shape(f, "..o.x*x.o.."), Shape::Three);
        assert_eq!(shape(f, "...ox*x...."), Shape::Three);
        assert_eq!(shape(f, "....x*....."), Shape::OpenTwo4);
        assert_eq!(shape(f, "...ox*....."), Shape::Two);
        assert_eq!(shape(f, "....o*....o"), Shape::One);
        assert_eq!(shape(f, "...o.*..o.."), Shape::Dead);
        assert_eq!(shape(f, "....#*....#"), Shape::One);
        assert_eq!(shape(f, "#####*....."), Shape::One);
        assert_eq!(shape(f, ".....*....."), Shape::OpenOne);
        assert_eq!(shape(f, "...xx*.xx.."), Shape::Four); // the gap makes six
    }

    #[test]
    fn exact_five_shapes() {
        let e = Winning::EXACT;
        assert_eq!(shape(e, "xxxxx*....."), Shape::Long);
        assert_eq!(shape(e, ".xxxx*....."), Shape::Five);
        assert_eq!(shape(e, ".xxxx*x...."), Shape::Long);
        assert_eq!(shape(e, "x.xxx*....."), Shape::Four); // the left five would be six
        assert_eq!(shape(e, "...xx*.xx.."), Shape::Three); // the overline does not win
        assert_eq!(shape(e, "..xxx*....."), Shape::OpenFour);
        assert_eq!(shape(e, ".x.xx*....."), Shape::Four); // x.xxxx. only one side makes five
    }

    #[test]
    fn renju_black_double_four_in_a_line() {
        let black = Winning { overline: false, double_four_in_line: true };
        let table = Shapes::of([black, Winning::FREESTYLE]);
        let line = key(".xxx.*.xxx.");
        assert_eq!(table.get(line, 0), Shape::Long);
        assert_eq!(table.get(line, 1), Shape::Dead);
        assert_eq!(table.get(key("..xxx*....."), 0), Shape::OpenFour);
    }

    #[test]
    fn players_see_their_own_stones() {
        let table = Shapes::of([Winning::FREESTYLE; 2]);
        let line = key(".oooo*.xx..");
        assert_eq!(table.get(line, 1), Shape::Five);
        assert_eq!(table.get(line, 0), Shape::Three);
    }
}
