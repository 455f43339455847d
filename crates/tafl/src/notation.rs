//! TSN and TEN as [`Notation`]s: what the converter's registry knows of them.

use gridnote_board::notation::{Game, Notation};
use gridnote_board::notes::Note;
use gridnote_board::setup::{Carries, Setup, TaflFields};
use gridnote_board::{Board, Glyphs, Player};

use crate::{Extension, ModelError, ParseError, Ten, Tsn};

/// ```
/// use gridnote_tafl::board::notation::{Notation, NotationExt};
/// use gridnote_tafl::board::{setup::Setup, Board, Player};
/// use gridnote_tafl::Tsn;
///
/// assert!(Tsn::sniff("3 4 3/1a1/2d a 3 2"));
/// let setup = Tsn::read("3 4 3/1a1/2d a 3 2", &())?;
/// assert_eq!(setup.tafl.map(|t| t.ply), Some(3));
///
/// // Counters a setup lacks are derived (a converter notes them).
/// let text = Tsn::write(Setup::new(Board::new(3, 3)?).with_to_move(Player::One), &(), &mut Vec::new())?;
/// assert_eq!(text, "3 4 3/3/3 a 1 0");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Notation for Tsn {
    const NAME: &'static str = "tsn";
    const EXAMPLE: &'static str = "7 8 2aaa2/3a3/a1ddd1a/aadkdaa/a1ddd1a/3a3/2aaa2 a 1 0";
    const DESCRIPTION: &'static str = "Tafl Standard Notation: size, defenders, rows bottom to top, side, ply, plies since capture";
    const SNIFF_RULE: &'static str = "6 fields";
    const DETECT_PRIORITY: u8 = 30;
    const CARRIES: Carries = Carries::BOARD.with_side_to_move().with_tafl();
    const SIDE_LETTERS: [&'static str; 2] = ["a", "d"];
    const SIDE_NAMES: [&'static str; 2] = ["a (attackers)", "d (defenders)"];
    const GLYPHS: Glyphs = Glyphs::TAFL;
    const GAME: Game = Game::Tafl;

    type Options = ();
    type ParseError = ParseError;
    type ModelError = ModelError;

    /// Six whitespace-separated fields, the first starting with a digit.
    fn sniff(text: &str) -> bool {
        digit_first(text) && text.split_ascii_whitespace().count() == 6
    }

    fn parse_with(text: &str, _: &()) -> Result<Tsn, ParseError> {
        text.parse()
    }

    fn to_setup(self, _: &()) -> Result<Setup, ModelError> {
        let tafl = TaflFields::new(self.defenders(), self.ply(), self.since_capture());
        let to_move = self.to_move();
        let position = self.into_position();
        Ok(Setup::new(position.board).with_to_move(to_move).with_tafl(tafl))
    }

    fn from_setup(setup: Setup, _: &(), _: &mut Vec<Note>) -> Result<Tsn, ModelError> {
        let to_move = side(&setup)?;
        let fields = setup.tafl.unwrap_or_else(|| TaflFields::derived(&setup.board));
        Tsn::new(setup.board, fields.defenders, to_move, fields.ply, fields.since_capture)
    }

    fn append_to(&self, _: &(), out: &mut String) {
        self.write_to(out);
    }
}

/// ```
/// use gridnote_tafl::board::notation::{Notation, NotationExt};
/// use gridnote_tafl::Ten;
///
/// let setup = Ten::read("3 4 3/1a1/2d a 3 2 id:1:data", &())?;
/// assert_eq!(setup.extension.as_deref(), Some("id:1:data"));
/// assert_eq!(Ten::write(setup, &(), &mut Vec::new())?, "3 4 3/1a1/2d a 3 2 id:1:data");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Notation for Ten {
    const NAME: &'static str = "ten";
    const EXAMPLE: &'static str =
        "7 8 2aaa2/3a3/a1ddd1a/aadkdaa/a1ddd1a/3a3/2aaa2 a 1 0 example:1:escape=corners";
    const DESCRIPTION: &'static str =
        "Tafl Extensible Notation: TSN plus an extension field (- or id:version:data)";
    const SNIFF_RULE: &'static str = "7 fields starting with a digit";
    const DETECT_PRIORITY: u8 = 20;
    const CARRIES: Carries = Carries::BOARD.with_side_to_move().with_tafl().with_extension();
    const SIDE_LETTERS: [&'static str; 2] = ["a", "d"];
    const SIDE_NAMES: [&'static str; 2] = ["a (attackers)", "d (defenders)"];
    const GLYPHS: Glyphs = Glyphs::TAFL;
    const GAME: Game = Game::Tafl;

    type Options = ();
    type ParseError = ParseError;
    type ModelError = ModelError;

    /// Seven whitespace-separated fields, the first starting with a digit.
    fn sniff(text: &str) -> bool {
        digit_first(text) && text.split_ascii_whitespace().count() == 7
    }

    fn parse_with(text: &str, _: &()) -> Result<Ten, ParseError> {
        text.parse()
    }

    fn to_setup(self, options: &()) -> Result<Setup, ModelError> {
        let (tsn, extension) = self.into_parts();
        Ok(tsn.to_setup(options)?.with_extension(extension.to_string()))
    }

    /// The extension text of the setup is read back (`-`, or `identifier:version:data`
    /// checked by [`Extension::custom`]); none means `-`.
    fn from_setup(setup: Setup, options: &(), notes: &mut Vec<Note>) -> Result<Ten, ModelError> {
        let extension = match setup.extension.as_deref() {
            None | Some("-") => Extension::None,
            Some(text) => {
                let mut parts = text.splitn(3, ':');
                let identifier = parts.next().unwrap_or_default();
                let version = parts.next().unwrap_or_default();
                let data = parts.next().unwrap_or_default();
                Extension::custom(identifier, version, data)?
            }
        };
        let tsn = Tsn::from_setup(setup, options, notes)?;
        Ten::new(tsn, extension)
    }

    fn append_to(&self, _: &(), out: &mut String) {
        self.write_to(out);
    }
}

fn digit_first(text: &str) -> bool {
    text.as_bytes().first().is_some_and(u8::is_ascii_digit)
}

/// The setup's side to move, else the one its counts imply.
fn side(setup: &Setup) -> Result<Player, ModelError> {
    setup.to_move_or_counts().ok_or_else(|| {
        let counts = Board::counts(&setup.board);
        ModelError::NoSideToMove { one: counts.of(Player::One), two: counts.of(Player::Two) }
    })
}
