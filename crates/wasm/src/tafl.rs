//! Tafl by the rules for the bindings: the presets, the legal moves of a position and a
//! move played. The position is read by the converter (any tafl format), the rules come
//! from a preset, a rules record or the text itself, and gridnote-tafl-rules does the
//! rest; this module only resolves the request and names the answers.

use gridnote_board::Player;
use gridnote_board::notation::Game;
use gridnote_board::report::Spanned;
use gridnote_board::tafl::{PRESETS, TaflRules};
use gridnote_convert::Source;
use gridnote_tafl_rules::{CompiledRules, Outcome, Position, Square};

use crate::api::{Failure, read};

/// What `moves` and `play` take besides the text (and the move).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct TaflRequest {
    /// The position's format; detected when `None`.
    pub(crate) from: Option<String>,
    /// A preset name or a whole OTN rules record.
    pub(crate) rules: Option<String>,
    /// `a` or `d` (or `attackers` / `defenders`).
    pub(crate) side: Option<String>,
    /// Moves played from the position first.
    pub(crate) played: Vec<String>,
}

/// One preset, as `taflPresets()` lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Preset {
    /// The name `options.rules` takes (`brandubh`).
    pub(crate) name: &'static str,
    /// The record's own name, spaces for underscores (`Brandub`).
    pub(crate) title: String,
    pub(crate) dim: usize,
    /// The whole OTN rules record.
    pub(crate) record: String,
    /// The start position as an OTN position record.
    pub(crate) start: String,
    /// Who moves first.
    pub(crate) to_move: Player,
    /// The corners, centre and forts.
    pub(crate) special: Vec<String>,
}

/// Every preset of [`PRESETS`], in its order.
pub(crate) fn presets() -> Vec<Preset> {
    PRESETS
        .iter()
        .map(|&name| {
            let tafl = TaflRules::preset(name).expect("a preset's name");
            let rules = CompiledRules::new(&tafl).expect("every preset compiles");
            let start = Position::start(&rules);
            Preset {
                name,
                title: tafl.name.as_deref().unwrap_or(name).replace('_', " "),
                dim: rules.dim(),
                record: tafl.to_string(),
                start: start.otn(),
                to_move: start.to_move(),
                special: special_squares(&tafl),
            }
        })
        .collect()
}

/// The squares a rules record makes special: its corners, its centre and the forts, each
/// once, in that order.
fn special_squares(tafl: &TaflRules) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    let cells = tafl.corners.iter().chain(&tafl.centre_spaces);
    for cell in cells.chain(&tafl.attacker_forts).chain(&tafl.defender_forts) {
        let name = cell.to_string();
        if !names.contains(&name) {
            names.push(name);
        }
    }
    names
}

/// A move with what it does: its OTN record, its squares, its captures, the position
/// after it and the outcome there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct MoveInfo {
    /// The OTN move record (`Kd4-d7xe7`).
    pub(crate) text: String,
    pub(crate) from: Square,
    pub(crate) to: Square,
    pub(crate) captures: Vec<Square>,
    /// The OTN position record after the move.
    pub(crate) position: String,
    pub(crate) outcome: Outcome,
}

/// A position's legal moves, as `moves` answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Listed {
    /// The OTN position record (after `played`).
    pub(crate) position: String,
    pub(crate) dim: usize,
    pub(crate) to_move: Player,
    pub(crate) outcome: Outcome,
    /// The piece that must go on after a berserk capture.
    pub(crate) berserker: Option<Square>,
    /// The moves of `played`, as OTN records.
    pub(crate) line: Vec<String>,
    /// Every legal move; none once the game is over.
    pub(crate) moves: Vec<MoveInfo>,
    /// The rules' corners, centre and forts.
    pub(crate) special: Vec<String>,
}

/// A move played, as `play` answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PlayedInfo {
    pub(crate) played: MoveInfo,
    pub(crate) to_move: Player,
    pub(crate) berserker: Option<Square>,
}

/// `a` for the attackers, `d` for the defenders (TSN's and the CLI's `--side` letters).
pub(crate) fn side_letter(side: Player) -> &'static str {
    match side {
        Player::One => "a",
        Player::Two => "d",
    }
}

fn side_name(side: Player) -> &'static str {
    match side {
        Player::One => "attackers",
        Player::Two => "defenders",
    }
}

/// What an outcome ends: `none`, `attackers`, `defenders` (the winner) or `draw`.
pub(crate) fn ends(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Won { winner, .. } => side_name(winner),
        Outcome::Drawn { .. } => "draw",
        _ => "none",
    }
}

/// Why a game ended, in the words serde gives the engine's `Reason` (`king_escaped`);
/// `None` while it goes on.
pub(crate) fn reason(outcome: Outcome) -> Option<&'static str> {
    let reason = match outcome {
        Outcome::Won { reason, .. } | Outcome::Drawn { reason } => reason,
        _ => return None,
    };
    Some(reason.name())
}

/// `the defenders won (king_escaped)`, for messages about a finished game.
pub(crate) fn finished(outcome: Outcome) -> String {
    let why = reason(outcome).unwrap_or("none");
    match ends(outcome) {
        "draw" => format!("the game is drawn ({why})"),
        winner => format!("the {winner} won ({why})"),
    }
}

/// `options.side`: `a`/`attackers` or `d`/`defenders`.
pub(crate) fn side_named(name: &str) -> Result<Player, Failure> {
    match name {
        "a" | "attackers" => Ok(Player::One),
        "d" | "defenders" => Ok(Player::Two),
        _ => Err(Failure::option(format!(
            "options.side: unknown side `{name}`: expected a (attackers) or d (defenders)"
        ))),
    }
}

/// `options.rules`: a preset name, or a whole OTN rules record when it has a `:`.
pub(crate) fn rules_named(option: &str) -> Result<TaflRules, Failure> {
    if option.contains(':') {
        option.parse::<TaflRules>().map_err(|e| {
            let span = e.span();
            Failure::option(format!(
                "options.rules: {e} (bytes {}..{} of the record)",
                span.start, span.end
            ))
        })
    } else {
        TaflRules::preset(option).map_err(|e| Failure::option(format!("options.rules: {e}")))
    }
}

/// The rules: `options.rules` (a preset name, or a record when it has a `:`), else the
/// rules the text carries.
fn rules_for(text: &str, option: Option<&str>, source: &Source) -> Result<TaflRules, Failure> {
    match option {
        Some(option) => rules_named(option),
        None => source.rules.as_deref().cloned().ok_or_else(|| {
            Failure::input(
                text,
                format!(
                    "this {} position carries no tafl rules: give options.rules (a preset: {}; or an OTN rules record)",
                    source.format,
                    PRESETS.join(", ")
                ),
                0..text.len(),
                Some(source.format),
            )
        }),
    }
}

/// A game resolved from a request: the position after the line, the line's OTN records
/// and the rules' special squares.
struct Resolved {
    position: Position,
    line: Vec<String>,
    special: Vec<String>,
}

/// The position `text` stands for under the request's rules and side, after its
/// `played` moves.
fn resolve(text: &str, req: &TaflRequest) -> Result<Resolved, Failure> {
    let side = req.side.as_deref().map(side_named).transpose()?;
    let source = read(text, req.from.as_deref())?;
    let format = source.format;
    let whole = 0..text.len();
    if format.game() != Game::Tafl {
        return Err(Failure::input(
            text,
            format!(
                "a {format} position is m,n,k, not tafl: moves and play take a tafl position (OTN, TSN, TEN)"
            ),
            whole,
            Some(format),
        ));
    }
    let tafl = rules_for(text, req.rules.as_deref(), &source)?;
    let rules =
        CompiledRules::new(&tafl).map_err(|e| Failure::option(format!("options.rules: {e}")))?;
    let to_move = match (source.to_move, side) {
        (Some(carried), Some(asked)) if carried != asked => {
            return Err(Failure::option(format!(
                "options.side: the position says the {} move, options.side the {}",
                side_name(carried),
                side_name(asked)
            )));
        }
        (Some(side), _) | (None, Some(side)) => side,
        (None, None) => {
            if tafl.attackers_first {
                Player::One
            } else {
                Player::Two
            }
        }
    };
    let mut position = Position::new(&rules, &source.board, to_move).map_err(|e| {
        Failure::input(
            text,
            format!("the position does not fit the rules: {e}"),
            whole,
            Some(format),
        )
    })?;
    let line = replay(&mut position, &req.played)?;
    Ok(Resolved { position, line, special: special_squares(&tafl) })
}

/// Plays `played` (`options.played`, OTN move notation) on `position`; the moves as the
/// engine writes them (captures included).
pub(crate) fn replay(position: &mut Position, played: &[String]) -> Result<Vec<String>, Failure> {
    let mut line = Vec::with_capacity(played.len());
    for (i, mv) in played.iter().enumerate() {
        let played = position
            .play_text(mv)
            .map_err(|e| Failure::option(format!("options.played[{i}]: {e}")))?;
        line.push(played.text);
    }
    Ok(line)
}

/// The legal move `mv` played on a copy of `position`.
fn describe(position: &Position, mv: gridnote_tafl_rules::Move) -> MoveInfo {
    let mut after = position.clone();
    let played = after.play(mv).expect("a legal move plays");
    MoveInfo {
        text: played.text,
        from: mv.from,
        to: mv.to,
        captures: played.captures.iter().map(|&(sq, _)| sq).collect(),
        position: after.otn(),
        outcome: played.outcome,
    }
}

/// The legal moves of `text`'s position (after `req.played`), each with what it does.
pub(crate) fn moves(text: &str, req: &TaflRequest) -> Result<Listed, Failure> {
    let Resolved { position, line, special } = resolve(text, req)?;
    let outcome = position.outcome();
    let moves = if outcome.is_over() {
        Vec::new()
    } else {
        position.legal_moves().into_iter().map(|mv| describe(&position, mv)).collect()
    };
    Ok(Listed {
        position: position.otn(),
        dim: position.dim(),
        to_move: position.to_move(),
        outcome,
        berserker: position.berserker(),
        line,
        moves,
        special,
    })
}

/// Plays `mv` (OTN move notation) in `text`'s position (after `req.played`).
pub(crate) fn play(text: &str, mv: &str, req: &TaflRequest) -> Result<PlayedInfo, Failure> {
    let mut position = resolve(text, req)?.position;
    let parsed = position.parse_move(mv).map_err(|e| Failure::option(format!("move: {e}")))?;
    let played = describe(&position, parsed);
    position.play(parsed).expect("a legal move plays");
    Ok(PlayedInfo { played, to_move: position.to_move(), berserker: position.berserker() })
}

#[cfg(test)]
mod tests {
    use super::*;
    use gridnote_tafl_rules::Reason;

    const BRANDUBH_START: &str = "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";

    fn with_rules(rules: &str) -> TaflRequest {
        TaflRequest { rules: Some(rules.to_owned()), ..TaflRequest::default() }
    }

    fn names(squares: &[Square]) -> Vec<String> {
        squares.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn presets_are_the_boards_list_with_their_starts() {
        let list = presets();
        let names: Vec<&str> = list.iter().map(|p| p.name).collect();
        assert_eq!(names, PRESETS);
        let brandubh = list.iter().find(|p| p.name == "brandubh").unwrap();
        assert_eq!(brandubh.title, "Brandub");
        assert_eq!(brandubh.dim, 7);
        assert_eq!(brandubh.start, BRANDUBH_START);
        assert_eq!(brandubh.to_move, Player::One);
        assert_eq!(brandubh.record, TaflRules::preset_record("brandubh").unwrap());
        assert_eq!(brandubh.special, ["a1", "g1", "a7", "g7", "d4"]);
        let special = |name: &str| list.iter().find(|p| p.name == name).unwrap().special.clone();
        assert_eq!(special("sea-battle"), Vec::<String>::new());
        assert_eq!(special("tablut"), ["e5"]);
        assert_eq!(special("copenhagen"), ["a1", "k1", "a11", "k11", "f6"]);
        assert_eq!(special("alea-evangelii").len(), 17);
        assert_eq!(special("foteviken-tablut").len(), 17);
        let berserk = list.iter().find(|p| p.name == "berserk").unwrap();
        assert_eq!(berserk.to_move, Player::Two);
        assert_eq!(list.iter().find(|p| p.name == "alea-evangelii").unwrap().dim, 19);
        assert_eq!(list[1].title, "Copenhagen (relaxed shieldwall)");
    }

    #[test]
    fn brandubh_start_lists_forty_moves_with_their_positions() {
        let listed = moves(BRANDUBH_START, &with_rules("brandubh")).unwrap();
        assert_eq!(listed.moves.len(), 40);
        assert_eq!(listed.position, BRANDUBH_START);
        assert_eq!(
            (listed.dim, listed.to_move, listed.outcome),
            (7, Player::One, Outcome::Ongoing)
        );
        let d2c2 = listed.moves.iter().find(|m| m.text == "d2-c2").unwrap();
        assert_eq!((d2c2.from.to_string(), d2c2.to.to_string()), ("d2".into(), "c2".into()));
        assert!(d2c2.captures.is_empty());
        assert_eq!(d2c2.position, "/3t3/2t4/3T3/ttTKTtt/3T3/3t3/3t3/");
        assert_eq!(d2c2.outcome, Outcome::Ongoing);
    }

    #[test]
    fn a_rules_record_stands_for_its_start_and_its_first_mover() {
        let record = TaflRules::preset_record("berserk").unwrap();
        let listed = moves(record, &TaflRequest::default()).unwrap();
        assert_eq!(listed.to_move, Player::Two);
        let rules = CompiledRules::preset("berserk").unwrap();
        assert_eq!(listed.moves.len() as u64, Position::start(&rules).perft(1));
    }

    #[test]
    fn captures_and_the_end_of_the_game_are_named() {
        // Brandubh's king is weak: b5-c5 takes it between c5 and e5.
        let text = "/7/7/7/7/1t1Kt2/7/5T1/";
        let req = TaflRequest { side: Some("a".into()), ..with_rules("brandubh") };
        let listed = moves(text, &req).unwrap();
        let take = listed.moves.iter().find(|m| m.text == "b5-c5xKd5").unwrap();
        assert_eq!(names(&take.captures), ["d5"]);
        assert_eq!(ends(take.outcome), "attackers");
        assert_eq!(reason(take.outcome), Some("king_captured"));
        assert_eq!(take.position, "/7/7/7/7/2t1t2/7/5T1/");
        let after = play(text, "b5-c5", &req).unwrap();
        assert_eq!(after.played, *take);
        assert_eq!(after.to_move, Player::Two);
        let over = moves(&after.played.position, &req).unwrap();
        assert!(over.moves.is_empty());
        assert_eq!(ends(over.outcome), "attackers");
        assert_eq!(
            play(text, "e5-e6", &TaflRequest { played: vec!["b5-c5".into()], ..req.clone() })
                .unwrap_err()
                .message,
            "move: the game is already over (the attackers win: the king was captured)"
        );
    }

    #[test]
    fn played_moves_count_for_repetition() {
        let line: Vec<String> =
            ["d2-c2", "e4-e5", "c2-d2", "e5-e4", "d2-c2", "e4-e5", "c2-d2", "e5-e4"]
                .map(String::from)
                .into();
        let req = TaflRequest { played: line.clone(), ..with_rules("brandubh") };
        let listed = moves(BRANDUBH_START, &req).unwrap();
        assert_eq!(listed.line, line);
        assert_eq!(listed.outcome, Outcome::Drawn { reason: Reason::Repetition });
        assert!(listed.moves.is_empty());
        let first = TaflRequest { played: line[..7].to_vec(), ..with_rules("brandubh") };
        let listed = moves(BRANDUBH_START, &first).unwrap();
        let repeat = listed.moves.iter().find(|m| m.text == "e5-e4").unwrap();
        assert_eq!((ends(repeat.outcome), reason(repeat.outcome)), ("draw", Some("repetition")));
    }

    #[test]
    fn the_side_comes_from_the_text_the_option_or_the_rules() {
        let tsn = "7 8 2aaa2/3a3/a1ddd1a/aadkdaa/a1ddd1a/3a3/2aaa2 d 2 1";
        let carried = moves(tsn, &with_rules("brandubh")).unwrap();
        assert_eq!(carried.to_move, Player::Two);
        let clash = TaflRequest { side: Some("a".into()), ..with_rules("brandubh") };
        assert_eq!(
            moves(tsn, &clash).unwrap_err().message,
            "options.side: the position says the defenders move, options.side the attackers"
        );
        let asked = TaflRequest { side: Some("defenders".into()), ..with_rules("brandubh") };
        assert_eq!(moves(BRANDUBH_START, &asked).unwrap().to_move, Player::Two);
        let bad = TaflRequest { side: Some("x".into()), ..with_rules("brandubh") };
        assert_eq!(
            moves(BRANDUBH_START, &bad).unwrap_err().message,
            "options.side: unknown side `x`: expected a (attackers) or d (defenders)"
        );
    }

    #[test]
    fn errors_name_what_is_wrong() {
        let none = moves(BRANDUBH_START, &TaflRequest::default()).unwrap_err();
        assert!(
            none.message.starts_with("this otn position carries no tafl rules: give options.rules (a preset: copenhagen, "),
            "{}",
            none.message
        );
        assert_eq!((none.span, none.caret.is_some()), (Some(0..BRANDUBH_START.len()), true));
        let unknown = moves(BRANDUBH_START, &with_rules("chess")).unwrap_err();
        assert!(
            unknown.message.starts_with("options.rules: unknown tafl rules `chess`: expected ")
        );
        assert_eq!(unknown.span, None);
        let record =
            moves(BRANDUBH_START, &with_rules("dim:7 esc:x start:/7/7/7/7/7/7/7/")).unwrap_err();
        assert_eq!(
            record.message,
            "options.rules: rules entry `esc:`: expected `c` (corner) or `e` (edge), found `x` (bytes 10..11 of the record)"
        );
        let size = moves(BRANDUBH_START, &with_rules("tablut")).unwrap_err();
        assert_eq!(
            size.message,
            "the position does not fit the rules: the rules are for a 9x9 board, the position is 7x7"
        );
        assert_eq!(size.span, Some(0..BRANDUBH_START.len()));
        let mnk = moves("2_o/_x_/3_ x", &with_rules("brandubh")).unwrap_err();
        assert_eq!(
            mnk.message,
            "a t3en position is m,n,k, not tafl: moves and play take a tafl position (OTN, TSN, TEN)"
        );
        let syntax = moves("/3t3/3t3/", &with_rules("brandubh")).unwrap_err();
        assert!(syntax.span.is_some() && syntax.caret.is_some(), "{syntax:?}");
        let illegal = play(BRANDUBH_START, "d1-d2", &with_rules("brandubh")).unwrap_err();
        assert_eq!(illegal.message, "move: d1-d2 is not a legal move for the attackers");
        assert_eq!(illegal.span, None);
        let garbled = play(BRANDUBH_START, "d1d4", &with_rules("brandubh")).unwrap_err();
        assert_eq!(
            garbled.message,
            "move: move record: expected a move type after the start square: `-`, `^`, `=` or `^=`, found `d`"
        );
        let bad_line =
            TaflRequest { played: vec!["d2-c2".into(), "d2-c2".into()], ..with_rules("brandubh") };
        assert_eq!(
            moves(BRANDUBH_START, &bad_line).unwrap_err().message,
            "options.played[1]: d2-c2: no piece stands on d2"
        );
    }

    /// The cases of `fixtures/tafl-verdicts/records.jsonl`: kind, name, text, error.
    fn corpus() -> Vec<(String, String, String, Option<String>)> {
        let path =
            concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/tafl-verdicts/records.jsonl");
        let text = std::fs::read_to_string(path).unwrap();
        text.lines()
            .map(|line| {
                let v: serde_json::Value = serde_json::from_str(line).unwrap();
                let s = |key: &str| v[key].as_str().map(str::to_owned);
                (s("kind").unwrap(), s("name").unwrap(), s("text").unwrap(), s("error"))
            })
            .collect()
    }

    #[test]
    fn every_odd_record_gets_the_one_verdict() {
        let check =
            |name: &str, result: Result<(), Failure>, error: &Option<String>| match (result, error)
            {
                (Ok(()), None) => {}
                (Err(f), Some(message)) => {
                    assert!(f.message.contains(message.as_str()), "{name}: {}", f.message);
                }
                (Ok(()), Some(message)) => panic!("{name}: accepted, not refused ({message})"),
                (Err(f), None) => panic!("{name}: refused: {}", f.message),
            };
        let mut seen = 0;
        for (kind, name, text, error) in corpus() {
            seen += 1;
            let brandubh = || TaflRequest {
                side: Some("a".into()),
                from: Some("otn".into()),
                ..with_rules("brandubh")
            };
            let otn = |req: TaflRequest| TaflRequest { from: Some("otn".into()), ..req };
            match kind.as_str() {
                "rules" => {
                    // The record as the text (its start) and as options.rules.
                    check(&name, moves(&text, &otn(TaflRequest::default())).map(drop), &error);
                    check(&name, moves(&text, &otn(with_rules(&text))).map(drop), &error);
                }
                "position" => check(&name, moves(&text, &brandubh()).map(drop), &error),
                _ => check(&name, play(BRANDUBH_START, &text, &brandubh()).map(drop), &error),
            }
        }
        assert_eq!(seen, 57);
    }

    #[test]
    fn random_games_of_every_preset_agree_with_the_engine_move_for_move() {
        // A game played through `moves` with its line in `played` reaches, move for
        // move, what the engine reaches playing the same moves on one position (berserk
        // continuations included); each listed move's text, position and end are the
        // engine's.
        let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let (mut berserk_continuations, mut ended) = (0, 0);
        // Every preset, and Brandubh with `ber:m` (a piece that captured moves again).
        let brandubh = TaflRules::preset_record("brandubh").unwrap();
        let berserk_brandubh = brandubh.replace(" start:", " ber:m start:");
        let mut games: Vec<(String, String)> =
            presets().into_iter().map(|p| (p.name.to_owned(), p.start)).collect();
        let brandubh_start = Position::start(&CompiledRules::brandubh()).otn();
        games.push((berserk_brandubh, brandubh_start));
        for (rules_option, start) in &games {
            let rules = if rules_option.contains(':') {
                rules_option.parse::<CompiledRules>().unwrap()
            } else {
                CompiledRules::preset(rules_option).unwrap()
            };
            let mut engine = Position::start(&rules);
            let mut req = with_rules(rules_option);
            for _ in 0..80 {
                let listed = moves(start, &req).unwrap();
                assert_eq!(listed.position, engine.otn(), "{rules_option}");
                assert_eq!((listed.to_move, listed.outcome), (engine.to_move(), engine.outcome()));
                assert_eq!(listed.berserker, engine.berserker());
                if listed.moves.is_empty() {
                    ended += usize::from(listed.outcome.is_over());
                    break;
                }
                // Captures first, so that games reach berserk continuations and their ends.
                let capturing: Vec<&MoveInfo> =
                    listed.moves.iter().filter(|m| !m.captures.is_empty()).collect();
                let pick = if capturing.is_empty() {
                    &listed.moves[(next() % listed.moves.len() as u64) as usize]
                } else {
                    capturing[(next() % capturing.len() as u64) as usize]
                };
                berserk_continuations += usize::from(pick.text.contains('='));
                let played =
                    engine.play(gridnote_tafl_rules::Move::new(pick.from, pick.to)).unwrap();
                assert_eq!((&played.text, played.outcome), (&pick.text, pick.outcome));
                assert_eq!(engine.otn(), pick.position);
                req.played.push(pick.text.clone());
            }
        }
        assert!(berserk_continuations > 0, "no berserk continuation was played");
        assert!(ended > 0, "no game ended");
    }
}
