//! [`Game`]: the games gridnote's notations write positions of, and what each game
//! fixes for all of its notations (how its boards are drawn, how people name its sides),
//! defined once here rather than once per notation.

use crate::Glyphs;

/// The game a notation writes positions of: what applies to its positions (m,n,k rules,
/// the solver) and what does not, and the properties every notation of the game shares
/// ([`Game::glyphs`], [`Game::side_names`]), which a notation takes by naming its game
/// ([`Notation::GAME`](crate::notation::Notation::GAME)).
///
/// ```
/// use gridnote_board::{Game, Glyphs};
/// assert_ne!(Game::Mnk, Game::Tafl);
/// assert_eq!(Game::Tafl.glyphs(), Glyphs::TAFL);
/// assert_eq!(Game::Mnk.side_names(), ["x", "o"]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Game {
    /// Tic-tac-toe and its m,n,k relatives: k in a row wins (or loses, misère).
    Mnk,
    /// Tafl games: attackers, defenders and a king; no m,n,k rules apply.
    Tafl,
}

impl Game {
    /// The glyphs a text drawing of this game's boards uses: tic-tac-toe's marks
    /// ([`Glyphs::DEFAULT`]) or tafl's pieces ([`Glyphs::TAFL`]).
    ///
    /// ```
    /// use gridnote_board::{Game, Glyphs};
    /// assert_eq!(Game::Mnk.glyphs(), Glyphs::DEFAULT);
    /// ```
    #[must_use]
    pub const fn glyphs(self) -> Glyphs {
        match self {
            Game::Mnk => Glyphs::DEFAULT,
            Game::Tafl => Glyphs::TAFL,
        }
    }

    /// How people name Player One and Player Two in this game, for drawings and reports:
    /// `x` and `o`, or the attackers and the defenders.
    ///
    /// ```
    /// use gridnote_board::{Game, Player};
    /// assert_eq!(Game::Tafl.side_names()[Player::Two.index()], "defenders");
    /// ```
    #[must_use]
    pub const fn side_names(self) -> [&'static str; 2] {
        match self {
            Game::Mnk => ["x", "o"],
            Game::Tafl => ["attackers", "defenders"],
        }
    }
}
