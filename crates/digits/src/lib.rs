//! The 9-digit tic-tac-toe string (`120120000`), the seed's regular-expression win/draw
//! classifier with its limits made explicit, and a generator of such patterns for any
//! rows × cols board, line length k and diagonals on or off.
//!
//! - [`Digits`]: a 3×3 board read from and written as nine characters `0` (empty), `1`
//!   (Player One), `2` (Player Two), row-major from the top left; [`ParseError`] with
//!   byte spans; conversions to and from [`gridnote_board::Board`].
//! - [`SEED_REGEX`] and [`seed_verdict`]: the seed's pattern, character for character,
//!   read the seed's way; [`direct_verdict`] from the board's lines; [`check`] reports
//!   syntax, the seed's counting rule, strict legality, both verdicts and whether they
//!   agree ([`Report`]).
//! - [`generate`] / [`Spec::generate`]: the same kind of pattern for other boards
//!   ([`Pattern`]), with the [`CONNECT_FOUR`] preset ([`CONNECT_FOUR_REGEX`]).
//!
//! ```
//! use gridnote_board::Player;
//! use gridnote_digits::{check, connect_four, Agreement, Digits, Verdict};
//!
//! let report = check("120120100")?;
//! assert_eq!(report.regex, Verdict::Won(Player::One));
//! assert_eq!(report.direct, Verdict::Won(Player::One));
//! assert_eq!(report.agreement, Agreement::Agree);
//! assert!(report.is_legal());
//!
//! // Where both players hold a line, the seed's regex names only one of them.
//! let report = check("111000222")?;
//! assert_eq!((report.regex, report.direct), (Verdict::Won(Player::Two), Verdict::BothHoldLines));
//!
//! // Syntax is checked before any regex runs.
//! assert_eq!(check("12").unwrap_err().to_string(), "expected 9 digits, found 2 characters");
//!
//! let digits: Digits = "000010000".parse()?;
//! assert_eq!(digits.side_to_move(), Some(Player::Two));
//!
//! let c4 = "000000000000000000000000000000000000001111";
//! assert_eq!(connect_four().check(c4)?, Verdict::Won(Player::One));
//! # Ok::<(), gridnote_digits::ParseError>(())
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod check;
mod digits;
mod generate;
mod verdict;

pub use check::{Agreement, Report, check, seed_count_rule};
pub use digits::{Digits, FromBoardError, LEN, ParseError, SIDE};
pub use generate::{
    CONNECT_FOUR, CONNECT_FOUR_REGEX, GenerateError, MAX_CELLS, Pattern, Spec, connect_four,
    generate,
};
pub use verdict::{SEED_REGEX, Verdict, direct_verdict, seed_regex, seed_verdict};
