//! The lines of a game record: which turns each holds (found without a search, so that
//! a record of many variations is read, checked and replayed in time close to linear in
//! its size), and the shape the turns must have.
//!
//! A line is kept as a number: its parent line's number, the turn it branches at and its
//! variation index (the main line is 0). Its turns are a run of one list of turn
//! numbers grouped by line, so that a record of many short variations costs a few words
//! per variation, not a path and a list each.

use std::collections::HashMap;

use super::error::ParseError;
use super::turns::{LinePath, TurnRef};

/// A variation's key: the line it branches from, the turn there and its index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Branch {
    parent: u32,
    turn: TurnRef,
    variation: u32,
}

/// One line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Line {
    /// Where it branches (meaningless for the main line).
    branch: Branch,
    /// How deep it is nested (0 for the main line).
    depth: u8,
    /// Where its turns start in `LineIndex::turns` (after `finish`).
    first: u32,
    /// How many turns it has.
    count: u32,
    /// How many moves its turns hold (placeholders not counted).
    moves: u32,
    /// How many placeholders lead its first turn.
    leading: u8,
    /// How many moves its first turn holds.
    first_moves: u8,
    /// Whether its last turn has fewer than two moves (so the line ended there).
    short: bool,
}

/// What the index needs of a turn as the reader finds it.
pub(crate) struct TurnShape<'a> {
    /// Its turn in its line.
    pub(crate) turn: TurnRef,
    /// How many slots it has.
    pub(crate) slots: usize,
    /// Which slots are placeholders.
    pub(crate) placeholders: [bool; 2],
    /// The span of each slot, for an error.
    pub(crate) spans: [core::ops::Range<usize>; 2],
    /// The address as written, for an error.
    pub(crate) address: &'a str,
}

/// The lines of a game, in the order of their first turn (the main line first, with or
/// without turns), each with the indices of its turns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct LineIndex {
    lines: Vec<Line>,
    by_branch: HashMap<Branch, u32>,
    /// The lines with turns (and the main line), in the order of their first turn.
    order: Vec<u32>,
    /// The turns' indices, grouped by line.
    turns: Vec<u32>,
}

impl Line {
    /// A line branching at `branch`, `depth` deep, without turns yet.
    fn new(branch: Branch, depth: u8) -> Line {
        Line {
            branch,
            depth,
            first: 0,
            count: 0,
            moves: 0,
            leading: 0,
            first_moves: 0,
            short: false,
        }
    }
}

impl Default for LineIndex {
    fn default() -> LineIndex {
        let main = Line::new(
            Branch { parent: 0, turn: TurnRef { number: 1, half: None }, variation: 0 },
            0,
        );
        LineIndex {
            lines: vec![main],
            by_branch: HashMap::new(),
            order: vec![0],
            turns: Vec::new(),
        }
    }
}

impl LineIndex {
    /// The number of `path`, made (with its parents) if new.
    pub(crate) fn line_of(&mut self, path: &LinePath) -> u32 {
        let mut id = 0;
        for (depth, &(turn, variation)) in path.branches().iter().enumerate() {
            let branch = Branch { parent: id, turn, variation };
            id = match self.by_branch.get(&branch) {
                Some(&next) => next,
                None => {
                    let next = self.lines.len() as u32;
                    self.lines.push(Line::new(branch, (depth + 1) as u8));
                    self.by_branch.insert(branch, next);
                    next
                }
            };
        }
        id
    }

    /// Adds the next turn of the record to line `id`, checking the shape: each line
    /// numbered 1, 2, … in order, only a line's last turn with fewer than two moves,
    /// placeholders only before a variation's first move.
    pub(crate) fn add(&mut self, id: u32, turn: &TurnShape<'_>) -> Result<(), ParseError> {
        let line = &mut self.lines[id as usize];
        let span = || turn.spans[0].clone();
        let address = || turn.address.to_owned();
        if line.short {
            return Err(ParseError::Turn {
                span: span(),
                address: address(),
                problem: "the previous turn of this line has only one move, so the line ended there",
            });
        }
        let expected = line.count + 1;
        if turn.turn.number != expected {
            return Err(ParseError::TurnOrder { span: span(), address: address(), expected });
        }
        let placeholders = &turn.placeholders[..turn.slots];
        let leading = placeholders.iter().take_while(|&&p| p).count();
        let count = placeholders.iter().filter(|&&p| p).count();
        if count > 0 && (id == 0 || expected != 1 || count != leading) {
            let i = placeholders.iter().position(|&p| p).unwrap_or(0);
            return Err(ParseError::Turn {
                span: turn.spans[i].clone(),
                address: address(),
                problem: "a `.....` placeholder stands only for moves before a variation's first move",
            });
        }
        if leading == turn.slots {
            return Err(ParseError::Turn {
                span: span(),
                address: address(),
                problem: "a turn needs a move besides placeholders",
            });
        }
        if line.count == 0 {
            line.leading = leading as u8;
            line.first_moves = (turn.slots - leading) as u8;
            if id != 0 {
                self.order.push(id);
            }
        }
        line.count += 1;
        line.moves += (turn.slots - leading) as u32;
        line.short = turn.slots < 2;
        Ok(())
    }

    /// The index once every turn is added (`lines[t]` the line of turn `t`): fails when
    /// a variation's parent line has no turn (`first_turn(t)` gives the span and the
    /// address of turn `t` for the error).
    pub(crate) fn finish(
        mut self,
        lines: impl Iterator<Item = u32> + Clone,
        first_turn: impl Fn(u32) -> (core::ops::Range<usize>, String),
    ) -> Result<LineIndex, ParseError> {
        let mut at = 0;
        for line in &mut self.lines {
            line.first = at;
            at += line.count;
        }
        let mut turns = vec![0; at as usize];
        let mut filled = vec![0u32; self.lines.len()];
        for (t, id) in lines.enumerate() {
            let line = &self.lines[id as usize];
            turns[(line.first + filled[id as usize]) as usize] = t as u32;
            filled[id as usize] += 1;
        }
        self.turns = turns;
        for &id in &self.order {
            let parent = self.lines[id as usize].branch.parent;
            if parent != 0 && self.lines[parent as usize].count == 0 {
                let (span, address) = first_turn(self.turns_of_id(id)[0]);
                return Err(ParseError::Turn {
                    span,
                    address,
                    problem: "the line this variation branches from has no turn",
                });
            }
        }
        self.lines.shrink_to_fit();
        self.order.shrink_to_fit();
        self.by_branch.shrink_to_fit();
        Ok(self)
    }

    /// The number of `path`, if the game has that line.
    pub(crate) fn id(&self, path: &LinePath) -> Option<u32> {
        let mut id = 0;
        for &(turn, variation) in path.branches() {
            id = *self.by_branch.get(&Branch { parent: id, turn, variation })?;
        }
        (id == 0 || self.lines[id as usize].count > 0).then_some(id)
    }

    /// The path of line `id`.
    pub(crate) fn path(&self, id: u32) -> LinePath {
        let mut line = &self.lines[id as usize];
        let mut branches = vec![(line.branch.turn, 0); line.depth as usize];
        for at in (0..line.depth as usize).rev() {
            branches[at] = (line.branch.turn, line.branch.variation);
            line = &self.lines[line.branch.parent as usize];
        }
        LinePath(branches)
    }

    /// The parent of line `id` and the turn it branches at (`None` for the main line).
    pub(crate) fn parent(&self, id: u32) -> Option<(u32, TurnRef)> {
        let line = &self.lines[id as usize];
        (line.depth > 0).then_some((line.branch.parent, line.branch.turn))
    }

    /// Every line with turns (and the main line), in order.
    pub(crate) fn ids(&self) -> &[u32] {
        &self.order
    }

    /// The children of line `id` with turns, in order.
    pub(crate) fn children(&self, id: u32) -> impl Iterator<Item = u32> + '_ {
        let depth = self.lines[id as usize].depth;
        self.order.iter().copied().filter(move |&c| {
            let line = &self.lines[c as usize];
            c != 0 && line.depth == depth + 1 && line.branch.parent == id
        })
    }

    /// The indices of line `id`'s turns, in order.
    pub(crate) fn turns_of_id(&self, id: u32) -> &[u32] {
        let line = &self.lines[id as usize];
        &self.turns[line.first as usize..(line.first + line.count) as usize]
    }

    /// How many moves line `id`'s own turns hold, and how many placeholders lead it.
    pub(crate) fn moves(&self, id: u32) -> (usize, usize) {
        let line = &self.lines[id as usize];
        (line.moves as usize, line.leading as usize)
    }

    /// Where the `k`th move (from 0) of line `id`'s own turns is: the position of its
    /// turn in the line and its slot. Only a line's first turn has placeholders, and only
    /// its last fewer than two moves.
    pub(crate) fn own_move(&self, id: u32, k: usize) -> (usize, usize) {
        let line = &self.lines[id as usize];
        let first = line.first_moves as usize;
        if k < first {
            (0, line.leading as usize + k)
        } else {
            (1 + (k - first) / 2, (k - first) % 2)
        }
    }

    /// The memory the index holds on the heap, in bytes (its map's approximately).
    #[cfg(test)]
    pub(crate) fn heap_bytes(&self) -> usize {
        self.lines.capacity() * size_of::<Line>()
            + self.by_branch.capacity() * (size_of::<(Branch, u32)>() + 1)
            + (self.order.capacity() + self.turns.capacity()) * size_of::<u32>()
    }
}
