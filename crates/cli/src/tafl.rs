//! The tafl commands' shared wiring (`moves`, `perft`, `check --rules`): a position read
//! by the converter, put under the rules engine's rules with its side to move.

use gridnote_board::Player;
use gridnote_board::notation::Game;
use gridnote_board::tafl::TaflRules;
use gridnote_convert::Source;
use gridnote_tafl_rules::{CompiledRules, Position};

use crate::names::tafl_side_name;

/// Where the side to move came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SideFrom {
    /// The position carries it (TSN, TEN).
    Position,
    /// `--side`.
    Flag,
    /// The rules' first mover (`atkf`).
    Rules,
}

impl SideFrom {
    /// Why that side moves, for people.
    pub(crate) fn describe(self) -> &'static str {
        match self {
            SideFrom::Position => "as the position says",
            SideFrom::Flag => "as --side says",
            SideFrom::Rules => "the rules' first mover: the position does not say",
        }
    }
}

/// A position under its rules.
pub(crate) struct Placed {
    pub(crate) rules: CompiledRules,
    pub(crate) position: Position,
    pub(crate) side_from: SideFrom,
}

/// Puts a position read by the converter under `rules` (else the rules the input carries:
/// an OpenTafl rules record stands for its start), with the side to move the position
/// carries, else `side`, else the rules' first mover.
///
/// # Errors
/// A message for the whole input: not a tafl position, no rules, rules the engine
/// refuses, a board of another size, or `side` contradicting the position.
pub(crate) fn place(
    source: &Source,
    rules: Option<&TaflRules>,
    side: Option<Player>,
) -> Result<Placed, String> {
    if source.format.game() != Game::Tafl {
        return Err(format!("not a tafl position ({} is an m,n,k format)", source.format));
    }
    let typed = rules.or(source.rules.as_deref()).ok_or_else(|| {
        "no tafl rules: give --rules (a preset such as copenhagen, or an OpenTafl rules record); \
         an OpenTafl rules record given as the position stands for its own start"
            .to_owned()
    })?;
    let rules = CompiledRules::new(typed).map_err(|e| e.to_string())?;
    let (rows, cols) = (source.board.rows(), source.board.cols());
    if rows != rules.dim() || cols != rules.dim() {
        return Err(format!(
            "the rules are for a {0}x{0} board, the position is {rows}x{cols}",
            rules.dim()
        ));
    }
    let (to_move, side_from) = match (source.to_move, side) {
        (Some(carried), Some(flag)) if carried != flag => {
            return Err(format!(
                "the position has the {} to move, --side the {}",
                tafl_side_name(carried),
                tafl_side_name(flag)
            ));
        }
        (Some(carried), _) => (carried, SideFrom::Position),
        (None, Some(flag)) => (flag, SideFrom::Flag),
        (None, None) => (rules.first_to_move(), SideFrom::Rules),
    };
    let position = Position::new(&rules, &source.board, to_move).map_err(|e| e.to_string())?;
    Ok(Placed { rules, position, side_from })
}
