//! The lines of a game record: which turns each holds (found without a search, so that
//! a record of many variations is read, checked and replayed in time close to linear in
//! its size), and the shape the turns must have.

use std::collections::HashMap;

use super::error::ParseError;
use super::turns::{LinePath, Slot, Turn, TurnRef};

/// The lines of a game, in the order of their first turn (the main line first, with or
/// without turns), each with the indices of its turns.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct LineIndex {
    lines: Vec<(LinePath, Vec<usize>)>,
    by_path: HashMap<LinePath, usize>,
}

impl LineIndex {
    /// The index of `turns`.
    pub(crate) fn of(turns: &[Turn]) -> LineIndex {
        let mut index = LineIndex::default();
        index.by_path.insert(LinePath::MAIN, 0);
        index.lines.push((LinePath::MAIN, Vec::new()));
        for (t, turn) in turns.iter().enumerate() {
            let line = turn.address.line();
            let at = match index.by_path.get(line) {
                Some(&at) => at,
                None => {
                    index.by_path.insert(line.clone(), index.lines.len());
                    index.lines.push((line.clone(), Vec::new()));
                    index.lines.len() - 1
                }
            };
            index.lines[at].1.push(t);
        }
        index
    }

    /// Every line's path, in order.
    pub(crate) fn paths(&self) -> impl Iterator<Item = &LinePath> {
        self.lines.iter().map(|(path, _)| path)
    }

    /// Whether the game has `line`.
    pub(crate) fn has(&self, line: &LinePath) -> bool {
        self.by_path.contains_key(line)
    }

    /// The indices of `line`'s turns (none for a line the game does not have).
    pub(crate) fn turns_of(&self, line: &LinePath) -> &[usize] {
        self.by_path.get(line).map_or(&[], |&at| &self.lines[at].1)
    }
}

/// The shape of the turns: each line numbered 1, 2, … in order, only a line's last turn
/// with fewer than two moves, placeholders only before a variation's first move, every
/// variation's parent line present. One pass, each line found by hashing.
pub(crate) fn check_structure(turns: &[Turn]) -> Result<(), ParseError> {
    // line (its branch points): (last number, whether the last turn was short)
    let mut lines: HashMap<&[(TurnRef, u32)], (u32, bool)> = HashMap::new();
    for turn in turns {
        let span = || turn.locations.first().map_or(0..0, |l| l.span.clone());
        let address = || turn.address.to_string();
        let line = turn.address.line();
        let (expected, short) = match lines.get(line.0.as_slice()) {
            Some(&(last, short)) => (last + 1, short),
            None => (1, false),
        };
        if short {
            return Err(ParseError::Turn {
                span: span(),
                address: address(),
                problem: "the previous turn of this line has only one move, so the line ended there",
            });
        }
        if turn.address.turn().number != expected {
            return Err(ParseError::TurnOrder { span: span(), address: address(), expected });
        }
        let leading = turn.slots.iter().take_while(|s| matches!(s, Slot::Placeholder)).count();
        let placeholders = turn.slots.iter().filter(|s| matches!(s, Slot::Placeholder)).count();
        if placeholders > 0 && (line.is_main() || expected != 1 || placeholders != leading) {
            let i = turn.slots.iter().position(|s| matches!(s, Slot::Placeholder)).unwrap_or(0);
            return Err(ParseError::Turn {
                span: turn.locations.get(i).map_or_else(span, |l| l.span.clone()),
                address: address(),
                problem: "a `.....` placeholder stands only for moves before a variation's first move",
            });
        }
        if leading == turn.slots.len() {
            return Err(ParseError::Turn {
                span: span(),
                address: address(),
                problem: "a turn needs a move besides placeholders",
            });
        }
        lines.insert(line.0.as_slice(), (expected, turn.slots.len() < 2));
    }
    for turn in turns {
        // The parent of a variation (every branch point but the last), for each line once.
        let Some((_, outer)) = turn.address.line().0.split_last() else { continue };
        if outer.is_empty() || turn.address.turn().number != 1 {
            continue;
        }
        if !lines.contains_key(outer) {
            return Err(ParseError::Turn {
                span: turn.locations.first().map_or(0..0, |l| l.span.clone()),
                address: turn.address.to_string(),
                problem: "the line this variation branches from has no turn",
            });
        }
    }
    Ok(())
}
