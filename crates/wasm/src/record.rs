//! Tafl game records (`.otg`) for the engine package: a record read into what the
//! playground replays (rules, start, first mover, the main line's moves, the result) and
//! a game written as a record that `gridnote game --check` reads.

use core::fmt::Write as _;

use gridnote_board::Player;
use gridnote_board::report::Spanned;
use gridnote_board::tafl::{Game, LinePath, MoveRecord, ParseError};
use gridnote_game_json::{ParseError as JsonError, ServerGame};

use crate::api::Failure;
use crate::tafl::{rules_named, side_named};

/// A game record's main line, as the playground replays it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct GameRead {
    /// The whole OTN rules record.
    pub(crate) rules: String,
    /// The OTN position record the game starts from.
    pub(crate) start: String,
    /// Who moves first.
    pub(crate) first: Player,
    /// The main line's moves (a resignation left out).
    pub(crate) moves: Vec<String>,
    /// Whether the main line ends in a resignation.
    pub(crate) resigned: bool,
    /// The `[result:…]` tag: `1`, `-1`, `0` or `?`.
    pub(crate) result: Option<String>,
}

/// Reads an OpenTafl game record, or a hnefatafl.org-style server's game record (its
/// JSON, recognised by a leading `{`) as the `.otg` it converts to.
pub(crate) fn read_game(text: &str) -> Result<GameRead, Failure> {
    let whole = 0..text.len();
    let game: Game = if gridnote_game_json::is_server_record(text) {
        let record: ServerGame = text.parse().map_err(|e: JsonError| {
            Failure::input(text, format!("server game record: {e}"), e.span(), None)
        })?;
        Game::try_from(&record).map_err(|e| {
            Failure::input(text, format!("server game record: {e}"), whole.clone(), None)
        })?
    } else {
        text.parse().map_err(|e: ParseError| {
            let span = e.span();
            Failure::input(text, format!("game record: {e}"), span, None)
        })?
    };
    let replay = game
        .replay(&LinePath::MAIN)
        .map_err(|e| Failure::input(text, format!("game record: {e}"), whole, None))?;
    let resigned = replay.plies.last().is_some_and(|p| p.record == MoveRecord::Resignation);
    Ok(GameRead {
        rules: game.rules().to_string(),
        start: replay.start.to_string(),
        first: replay.first,
        moves: replay
            .plies
            .into_iter()
            .filter(|p| p.record != MoveRecord::Resignation)
            .map(|p| p.record.to_string())
            .collect(),
        resigned,
        result: game.result().map(|r| r.to_string()),
    })
}

/// A game to write: the rules, the start, the moves and the result.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct GameWrite {
    /// A preset name or a whole OTN rules record.
    pub(crate) rules: String,
    /// The OTN position record the game starts from; `None` for the rules' start.
    pub(crate) start: Option<String>,
    /// Who moves first at `start` (`a`/`d`); `None` for the rules' first mover.
    pub(crate) side: Option<String>,
    /// The moves played, in OTN move notation.
    pub(crate) moves: Vec<String>,
    /// `1` (the attackers won), `-1` (the defenders), `0` (a draw); `None` for none.
    pub(crate) result: Option<String>,
}

/// Writes a game record: the tags, then the moves two a turn as OTN numbers them. The
/// record is read back before it is handed out.
pub(crate) fn write_game(game: &GameWrite) -> Result<String, Failure> {
    let tafl = rules_named(&game.rules)?;
    let rules_first = if tafl.attackers_first { Player::One } else { Player::Two };
    let first = game.side.as_deref().map(side_named).transpose()?.unwrap_or(rules_first);
    if let Some(result) = &game.result
        && !["1", "-1", "0"].contains(&result.as_str())
    {
        return Err(Failure::option(format!(
            "options.result: expected \"1\", \"-1\" or \"0\", got \"{result}\""
        )));
    }
    if first != rules_first {
        return Err(Failure::option(format!(
            "options.side: a game record starts with the rules' first mover, the {}: OTN cannot say that the other side moves first",
            if rules_first == Player::One { "attackers" } else { "defenders" }
        )));
    }
    let mut text = String::new();
    let _ = writeln!(text, "[rules:{tafl}]");
    if let Some(start) = &game.start {
        let _ = writeln!(text, "[position:{start}]");
    }
    if let Some(result) = &game.result {
        let _ = writeln!(text, "[result:{result}]");
    }
    text.push('\n');
    for (turn, pair) in (1..).zip(game.moves.chunks(2)) {
        let joined: Vec<&str> = pair.iter().map(|m| m.as_str()).collect();
        let _ = writeln!(text, "{turn}. {}", joined.join(" "));
    }
    text.parse::<Game>()
        .map_err(|e| Failure::option(format!("the record written does not read back: {e}")))?;
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_written_game_reads_back_move_for_move() {
        let game = GameWrite {
            rules: "brandubh".into(),
            moves: ["d2-c2", "e4-e6", "c2-d2"].map(String::from).into(),
            result: None,
            ..GameWrite::default()
        };
        let text = write_game(&game).unwrap();
        assert!(text.starts_with("[rules:dim:7 "), "{text}");
        assert!(text.ends_with("]\n\n1. d2-c2 e4-e6\n2. c2-d2\n"), "{text}");
        let read = read_game(&text).unwrap();
        assert_eq!(read.moves, game.moves);
        assert_eq!(read.first, Player::One);
        assert_eq!(read.start, "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/");
        assert_eq!((read.resigned, read.result), (false, None));
    }

    #[test]
    fn a_start_of_ones_own_and_a_result_are_tagged() {
        let game = GameWrite {
            rules: "brandubh".into(),
            start: Some("/7/7/7/7/1t1Kt2/7/5T1/".into()),
            side: Some("a".into()),
            moves: ["b5-c5xKd5"].map(String::from).into(),
            result: Some("1".into()),
        };
        let text = write_game(&game).unwrap();
        assert!(text.contains("[position:/7/7/7/7/1t1Kt2/7/5T1/]\n[result:1]\n"), "{text}");
        assert!(text.ends_with("\n1. b5-c5xKd5\n"), "{text}");
        let read = read_game(&text).unwrap();
        assert_eq!(read.start, "/7/7/7/7/1t1Kt2/7/5T1/");
        assert_eq!(read.first, Player::One);
        assert_eq!(read.moves, game.moves);
        assert_eq!(read.result.as_deref(), Some("1"));
        let second = GameWrite { side: Some("d".into()), ..game };
        assert_eq!(
            write_game(&second).unwrap_err().message,
            "options.side: a game record starts with the rules' first mover, the attackers: OTN cannot say that the other side moves first"
        );
    }

    #[test]
    fn a_server_record_reads_as_the_otg_it_converts_to() {
        let json = include_str!("../../../fixtures/game-json/copenhagen-11-timed.json");
        let read = read_game(json).unwrap();
        assert!(read.rules.starts_with("dim:11 name:Copenhagen atkf:y "), "{}", read.rules);
        assert_eq!(
            read.start,
            "/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/"
        );
        assert_eq!(read.first, Player::One);
        assert_eq!(read.moves, ["d1-d3", "e5-e2", "d3-d2xe2", "f8-c8"]);
        assert_eq!((read.resigned, read.result), (false, None));
        let seven = read_game(include_str!("../../../fixtures/game-json/7x7-timed.json")).unwrap();
        assert_eq!(
            (seven.first, seven.moves),
            (Player::Two, vec!["d3-b3".to_owned(), "a4-a2".to_owned()])
        );
        let bad = json.replace("\"dim\":11", "\"dim\":12");
        let err = read_game(&bad).unwrap_err();
        let at = bad.find("12").unwrap();
        assert_eq!(
            err.message,
            "server game record: `dim`: 12 is not the size of `start`, a 11x11 position"
        );
        assert_eq!(err.span, Some(at..at + 2));
    }

    #[test]
    fn bad_records_and_options_are_named() {
        let err = read_game("[rules:dim:7 esc:x]\n").unwrap_err();
        assert!(err.message.starts_with("game record: "), "{}", err.message);
        assert!(err.span.is_some());
        let resigned = read_game(
            "[rules:dim:5 atkf:n start:/2t2/5/t1K1t/5/2t2/]\n\n1. Kc3-c4 a3-a4\n2. Kc4-b4xa4 ---\n",
        )
        .unwrap();
        assert_eq!(resigned.moves, ["Kc3-c4", "a3-a4", "Kc4-b4xa4"]);
        assert!(resigned.resigned);
        let result = GameWrite {
            rules: "brandubh".into(),
            result: Some("2".into()),
            ..GameWrite::default()
        };
        assert_eq!(
            write_game(&result).unwrap_err().message,
            "options.result: expected \"1\", \"-1\" or \"0\", got \"2\""
        );
    }
}
