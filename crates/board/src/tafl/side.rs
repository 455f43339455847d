//! How tafl names the two sides: Player One is the attackers (OTN's lowercase letters,
//! TSN's `a`), Player Two the defenders (uppercase, TSN's `d`), whose king the game is
//! about.

use crate::Player;

/// The side's name, `attackers` or `defenders`.
///
/// ```
/// use gridnote_board::{tafl::side_name, Player};
/// assert_eq!(side_name(Player::Two), "defenders");
/// ```
#[must_use]
pub const fn side_name(player: Player) -> &'static str {
    match player {
        Player::One => "attackers",
        Player::Two => "defenders",
    }
}

/// The side's letter, `a` or `d` (TSN's side to move).
///
/// ```
/// use gridnote_board::{tafl::side_letter, Player};
/// assert_eq!(side_letter(Player::One), "a");
/// ```
#[must_use]
pub const fn side_letter(player: Player) -> &'static str {
    match player {
        Player::One => "a",
        Player::Two => "d",
    }
}

/// The side a name or letter names: `a` or `attackers`, `d` or `defenders`.
///
/// ```
/// use gridnote_board::{tafl::side_named, Player};
/// assert_eq!(side_named("d"), Some(Player::Two));
/// assert_eq!(side_named("attackers"), Some(Player::One));
/// assert_eq!(side_named("x"), None);
/// ```
#[must_use]
pub fn side_named(name: &str) -> Option<Player> {
    match name {
        "a" | "attackers" => Some(Player::One),
        "d" | "defenders" => Some(Player::Two),
        _ => None,
    }
}
