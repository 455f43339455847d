//! gridnote's answers to the conformance protocol (conformance/README.md): what the
//! `gridnote-adapter` program says on standard output, and what
//! `cargo xtask conformance export` writes as the expected answers. The meaning of a text
//! is built here from gridnote's readers, in the suite's neutral JSON form.
//!
//! ```
//! use serde_json::json;
//!
//! let answer = gridnote_adapter::answer(&json!({"op": "decode", "kind": "t3en", "input": "1_1_o/_x_/3_ x"}));
//! assert_eq!(answer["canonical"], json!("2_o/_x_/3_ x"));
//! ```

use std::io::{BufRead, Write};
use std::str::FromStr;

use gridnote_board::tafl::{
    Game, Key, MoveRecord, PositionRecord, Square, TaflRules, piece_letter,
};
use gridnote_board::{Board, Cell, Player, Position, Rules};
use gridnote_convert::{Format, Options, Spanned};
use gridnote_tafl_rules::{CompiledRules, Outcome, Position as TaflPosition};
use serde_json::{Value, json};

/// The format whose texts are several kinds of record, each read by its own type, and
/// those kinds.
pub const RECORDS: (&str, [&str; 4]) =
    ("otn", ["otn-position", "otn-rules", "otn-move", "otn-game"]);

/// Every kind's name, in the order the reports list them: each registered format
/// (`Format::ALL`), but [`RECORDS`]' format, which is its kinds of record.
pub fn kind_names() -> Vec<&'static str> {
    let mut names = Vec::new();
    for format in Format::ALL {
        if format.name() == RECORDS.0 {
            names.extend(RECORDS.1);
        } else {
            names.push(format.name());
        }
    }
    names
}

/// What a reader made of a text: its meaning and canonical text, or the byte offset of
/// the first error and the message.
#[derive(Clone, Debug, PartialEq)]
pub enum Decoded {
    /// The text is read.
    Accepted {
        /// What it means, in the suite's JSON form.
        meaning: Value,
        /// The text as gridnote's canonical writer writes it.
        canonical: String,
    },
    /// The text is refused.
    Refused {
        /// The byte offset of the first error (the start of its span).
        offset: usize,
        /// gridnote's error message.
        message: String,
    },
}

/// The gridnote format a position kind is read with (`None` for the OTN record kinds,
/// which are read with their own record type).
fn format_of(kind: &str) -> Option<Format> {
    if kind.starts_with("otn-") { None } else { Format::from_str(kind).ok() }
}

/// Reads `text` as `kind` with gridnote's default (lenient) options.
pub fn decode(kind: &str, text: &str) -> Result<Decoded, String> {
    decode_with(kind, text, &Options::default())
}

/// Reads `text` as `kind` with gridnote's strict T3EN reading (the other kinds have no
/// strict mode and read as [`decode`]).
pub fn decode_strict(kind: &str, text: &str) -> Result<Decoded, String> {
    let mut options = Options::default();
    options.set("strict", "true").expect("T3EN declares the option strict");
    decode_with(kind, text, &options)
}

fn refused(err: &(impl Spanned + std::fmt::Display)) -> Decoded {
    Decoded::Refused { offset: err.span().start, message: err.to_string() }
}

fn decode_with(kind: &str, text: &str, options: &Options) -> Result<Decoded, String> {
    if let Some(format) = format_of(kind) {
        let source = match gridnote_convert::read(text, Some(format), options) {
            Ok(source) => source,
            Err(err) => return Ok(refused(&err)),
        };
        let canonical = match gridnote_convert::write(&source, format, options) {
            Ok(converted) => converted.output,
            Err(err) => return Ok(refused(&err)),
        };
        let setup = &source.setup;
        let tafl = setup.tafl.map(
            |t| json!({"defenders": t.defenders, "ply": t.ply, "since_capture": t.since_capture}),
        );
        let meaning = json!({
            "rows": board_rows(&setup.board),
            "to_move": setup.to_move.map(side_name),
            "tafl": tafl,
            "extension": setup.extension.as_ref().map(ToString::to_string),
            "rules": setup.rules,
        });
        return Ok(Decoded::Accepted { meaning, canonical });
    }
    Ok(match kind {
        "otn-position" => match PositionRecord::from_str(text) {
            Ok(record) => Decoded::Accepted {
                meaning: json!({ "rows": otn_rows(&record) }),
                canonical: record.to_string(),
            },
            Err(err) => refused(&err),
        },
        "otn-rules" => match TaflRules::from_str(text) {
            Ok(rules) => {
                Decoded::Accepted { meaning: rules_meaning(&rules), canonical: rules.to_string() }
            }
            Err(err) => refused(&err),
        },
        "otn-move" => match MoveRecord::from_str(text) {
            Ok(record) => {
                Decoded::Accepted { meaning: move_meaning(&record), canonical: record.to_string() }
            }
            Err(err) => refused(&err),
        },
        // A game record must also replay: every line of it, from its start position.
        "otn-game" => match Game::from_str(text) {
            Ok(game) => {
                let first = game
                    .lines()
                    .iter()
                    .filter_map(|line| game.replay(line).err())
                    .min_by_key(|e| e.span.start);
                match first {
                    Some(err) => refused(&err),
                    None => Decoded::Accepted {
                        meaning: game_meaning(&game),
                        canonical: game.to_string(),
                    },
                }
            }
            Err(err) => refused(&err),
        },
        _ => return Err(format!("unknown kind `{kind}`")),
    })
}

/// `x` / `o`: the suite's names of the first and second side.
fn side_name(side: Player) -> &'static str {
    match side {
        Player::One => "x",
        Player::Two => "o",
    }
}

/// The board's rows, top row first, one character a cell: `_` empty, `.` not playable,
/// `x` / `o` a man of the first / second side, `X` / `O` a king of the first / second side.
fn board_rows(board: &Board) -> Vec<String> {
    (0..board.rows())
        .map(|row| {
            (0..board.cols())
                .map(|col| match board.get(row, col) {
                    Some(Cell::OneMan) => 'x',
                    Some(Cell::TwoMan) => 'o',
                    Some(Cell::OneKing) => 'X',
                    Some(Cell::TwoKing) => 'O',
                    Some(Cell::Void) => '.',
                    _ => '_',
                })
                .collect()
        })
        .collect()
}

/// An OTN position's rows, top row (the highest rank) first, one character a square:
/// `_` empty, else the piece's OTN symbol.
fn otn_rows(record: &PositionRecord) -> Vec<String> {
    let size = record.size();
    (0..size)
        .rev()
        .map(|rank| {
            (0..size)
                .map(|file| {
                    let square = Square::new(file as u8, rank as u8);
                    record.get(square).map_or('_', piece_letter)
                })
                .collect()
        })
        .collect()
}

/// A rules record's meaning: its size, its entries in canonical order as `[key, value]`
/// with each value in its one written spelling, and its start position's rows.
fn rules_meaning(rules: &TaflRules) -> Value {
    // The entries the canonical text writes, in its order: each as `key:value`.
    let canonical = rules.to_string();
    let stated = Key::ALL.iter().filter(|&&key| rules.states(key)).count() + rules.unknown.len();
    let entries: Vec<Value> = canonical
        .split(' ')
        .skip(1)
        .take(stated)
        .map(|entry| {
            let (key, value) = entry.split_once(':').unwrap_or((entry, ""));
            json!([key, value])
        })
        .collect();
    json!({ "dim": rules.dim(), "entries": entries, "start": otn_rows(&rules.start_position()) })
}

fn move_meaning(record: &MoveRecord) -> Value {
    match record {
        MoveRecord::Move(m) => json!({
            "resign": false,
            "piece": m.piece.map(|p| piece_letter(p).to_string()),
            "from": m.from.to_string(),
            "type": m.kind.to_string(),
            "to": m.to.to_string(),
            "captures": m.captures.iter().map(ToString::to_string).collect::<Vec<_>>(),
            "info": m.info.map(|i| i.to_string()),
        }),
        _ => json!({ "resign": true }),
    }
}

/// A game record's meaning: its tags as `[key, value]` (values as written canonically) and
/// its turns, each with its address, its moves and its comment.
fn game_meaning(game: &Game) -> Value {
    let tags: Vec<Value> = game
        .tags()
        .iter()
        .map(|tag| {
            let text = tag.to_string();
            let inner = text.strip_prefix('[').and_then(|t| t.strip_suffix(']')).unwrap_or(&text);
            let value = inner.split_once(':').map_or("", |(_, value)| value);
            json!([tag.key(), value])
        })
        .collect();
    let turns: Vec<Value> = game
        .turns()
        .map(|turn| {
            json!({
                "address": turn.address.to_string(),
                "moves": turn.slots.iter().map(ToString::to_string).collect::<Vec<_>>(),
                "comment": turn.comment.as_ref().map(|c| json!([c.first, c.second])),
            })
        })
        .collect();
    json!({ "tags": tags, "turns": turns })
}

/// Converts `text` from `from` to `to`: the output and the notes as
/// `{"kind", "field", "value"}`, or `None` when gridnote refuses the conversion.
pub fn convert(from: &str, to: &str, text: &str) -> Result<Option<(String, Value)>, String> {
    let from = Format::from_str(from).map_err(|e| e.to_string())?;
    let to = Format::from_str(to).map_err(|e| e.to_string())?;
    Ok(gridnote_convert::convert(text, Some(from), to, &Options::default()).ok().map(|out| {
        let notes: Vec<Value> = out
            .notes
            .iter()
            .map(|n| json!({"kind": n.kind.to_string(), "field": n.field.name(), "value": n.value.to_string()}))
            .collect();
        (out.output, Value::Array(notes))
    }))
}

/// The m,n,k rules of a solve request.
#[derive(Clone, Copy, Debug)]
pub struct SolveRules {
    /// How many in a row win.
    pub k: usize,
    /// Whether diagonal lines count.
    pub diagonals: bool,
    /// Whether making the line loses instead.
    pub misere: bool,
}

/// Solves a T3EN position: value for the side to move, distance in plies, best moves
/// (gridnote's cell names: files from `a` on the left, rank 1 at the bottom), or the
/// reason it cannot be solved.
pub fn solve(position: &str, rules: SolveRules) -> Result<(String, usize, Vec<String>), String> {
    let format = Format::from_str("t3en").map_err(|e| e.to_string())?;
    let source = gridnote_convert::read(position, Some(format), &Options::default())
        .map_err(|e| e.to_string())?;
    let to_move = source.to_move.ok_or("the position has no side to move")?;
    let position = Position::new(source.setup.board.clone(), to_move);
    let rules = Rules::new(rules.k, rules.diagonals, rules.misere);
    let solution = gridnote_solve::solve(&position, rules).map_err(|e| e.to_string())?;
    Ok((
        solution.value.to_string(),
        solution.plies,
        solution.best.iter().map(ToString::to_string).collect(),
    ))
}

/// The kinds gridnote decodes and the formats it converts between, as `hello` says.
fn hello() -> Value {
    json!({
        "name": "gridnote",
        "version": env!("CARGO_PKG_VERSION"),
        "decode": kind_names(),
        "reports": ["meaning", "canonical", "offset"],
        "convert": Format::ALL.iter().map(|f| f.name()).collect::<Vec<_>>(),
        "solve": ["mnk"],
        "moves": ["*"],
        "perft": ["*"],
    })
}

fn str_field<'a>(request: &'a Value, key: &str) -> Result<&'a str, String> {
    request[key].as_str().ok_or_else(|| format!("the request has no string `{key}`"))
}

/// The answer to one request (without its `id`).
pub fn answer(request: &Value) -> Value {
    let result = match request["op"].as_str() {
        Some("hello") => Ok(hello()),
        Some("decode") => (|| {
            let decoded = decode(str_field(request, "kind")?, str_field(request, "input")?)?;
            Ok(match decoded {
                Decoded::Accepted { meaning, canonical } => {
                    json!({"ok": true, "meaning": meaning, "canonical": canonical})
                }
                Decoded::Refused { offset, message } => {
                    json!({"ok": false, "offset": offset, "message": message})
                }
            })
        })(),
        Some("convert") => (|| {
            let out = convert(
                str_field(request, "from")?,
                str_field(request, "to")?,
                str_field(request, "input")?,
            )?;
            Ok(match out {
                Some((output, notes)) => json!({"ok": true, "output": output, "notes": notes}),
                None => json!({"ok": false}),
            })
        })(),
        Some("solve") => (|| {
            let rules = SolveRules {
                k: request["k"].as_u64().ok_or("the request has no number `k`")? as usize,
                diagonals: request["diagonals"].as_bool().unwrap_or(true),
                misere: request["misere"].as_bool().unwrap_or(false),
            };
            Ok(match solve(str_field(request, "position")?, rules) {
                Ok((value, distance, best)) => {
                    json!({"ok": true, "value": value, "distance": distance, "best": best})
                }
                Err(message) => json!({"ok": false, "message": message}),
            })
        })(),
        Some(op @ ("moves" | "perft")) => {
            Ok(tafl(op, request).unwrap_or_else(|message| json!({"ok": false, "message": message})))
        }
        Some(op) => Ok(
            json!({"ok": false, "unsupported": true, "message": format!("`{op}` is not supported")}),
        ),
        None => Err("the request has no `op`".to_owned()),
    };
    result.unwrap_or_else(|message| json!({"ok": false, "error": message}))
}

/// The word the suite uses for a tafl outcome: the winner, `draw`, or `none` while play
/// goes on.
fn outcome_word(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Won { winner: Player::One, .. } => "attackers",
        Outcome::Won { .. } => "defenders",
        Outcome::Drawn { .. } => "draw",
        _ => "none",
    }
}

/// The position a tafl request names: the variant's start (`rules`, an OTN rules record)
/// after the moves `played`, checked against the request's `position` and `to_move` when
/// it gives them.
fn tafl_position(request: &Value) -> Result<TaflPosition, String> {
    let rules: CompiledRules = str_field(request, "rules")?
        .parse()
        .map_err(|e: gridnote_tafl_rules::RulesError| e.to_string())?;
    let mut position = TaflPosition::start(&rules);
    let none = Vec::new();
    for (ply, played) in request["played"].as_array().unwrap_or(&none).iter().enumerate() {
        let text = played.as_str().ok_or("`played` holds a move that is not a string")?;
        position.play_text(text).map_err(|e| format!("ply {}: {e}", ply + 1))?;
    }
    let reached = position.otn();
    if let Some(expected) = request["position"].as_str().filter(|p| *p != reached) {
        return Err(format!("the moves reach {reached}, not {expected}"));
    }
    let side = if position.to_move() == Player::One { "a" } else { "d" };
    if let Some(expected) = request["to_move"].as_str().filter(|s| *s != side) {
        return Err(format!("the moves leave `{side}` to move, not `{expected}`"));
    }
    Ok(position)
}

/// `moves` (every legal move as its OTN record, and the result) and `perft`.
fn tafl(op: &str, request: &Value) -> Result<Value, String> {
    let position = tafl_position(request)?;
    if op == "perft" {
        let depth = request["depth"].as_u64().ok_or("the request has no number `depth`")?;
        let depth = u32::try_from(depth).map_err(|_| "the depth is too large")?;
        return Ok(json!({"ok": true, "nodes": position.perft(depth)}));
    }
    let moves: Vec<String> = position
        .legal_moves()
        .into_iter()
        .map(|m| {
            let mut after = position.clone();
            after.play(m).map(|played| played.text).map_err(|e| e.to_string())
        })
        .collect::<Result<_, _>>()?;
    Ok(json!({"ok": true, "moves": moves, "result": outcome_word(position.outcome())}))
}

/// Serves the protocol: one answer line on `output` for each request line of `input`,
/// until `input` ends (the `gridnote-adapter` program serves standard input and output).
///
/// ```
/// let request = br#"{"op": "decode", "kind": "digits", "input": "102", "id": 7}"#;
/// let mut out = Vec::new();
/// gridnote_adapter::serve(&request[..], &mut out)?;
/// let answer = String::from_utf8(out).unwrap();
/// assert_eq!(
///     answer,
///     "{\"id\":7,\"message\":\"expected 9 digits, found 3 characters\",\"offset\":3,\"ok\":false}\n"
/// );
/// # Ok::<(), String>(())
/// ```
pub fn serve(input: impl BufRead, mut output: impl Write) -> Result<(), String> {
    for line in input.lines() {
        let line = line.map_err(|e| format!("reading standard input: {e}"))?;
        if line.trim().is_empty() {
            continue;
        }
        let mut reply = match serde_json::from_str::<Value>(&line) {
            Ok(request) => {
                let mut reply = answer(&request);
                if let Some(id) = request.get("id") {
                    reply["id"] = id.clone();
                }
                reply
            }
            Err(e) => json!({"ok": false, "error": format!("not JSON: {e}")}),
        };
        if !reply.is_object() {
            reply = json!({"ok": false, "error": "internal: the answer is not an object"});
        }
        writeln!(output, "{reply}")
            .and_then(|()| output.flush())
            .map_err(|e| format!("writing standard output: {e}"))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decode_gives_the_meaning_and_the_canonical_text() {
        let answer = answer(&json!({"op": "decode", "kind": "t3en", "input": "1_1_o/_x_/3_ x"}));
        assert_eq!(
            answer,
            json!({"ok": true, "canonical": "2_o/_x_/3_ x", "meaning": {
                "rows": ["__o", "_x_", "___"], "to_move": "x", "tafl": null, "extension": null, "rules": null}})
        );
        let tsn = decode("tsn", "3 4 3/1a1/2k a 3 2").unwrap();
        assert_eq!(
            tsn,
            Decoded::Accepted {
                // TSN writes its rows bottom first.
                meaning: json!({"rows": ["__O", "_x_", "___"], "to_move": "x",
                    "tafl": {"defenders": 4, "ply": 3, "since_capture": 2}, "extension": null, "rules": null}),
                canonical: "3 4 3/1a1/2k a 3 2".to_owned(),
            }
        );
    }

    #[test]
    fn decode_refuses_with_the_offset_of_the_first_error() {
        let answer = answer(&json!({"op": "decode", "kind": "t3en", "input": "3_/4_/3_ x"}));
        assert_eq!((answer["ok"].clone(), answer["offset"].clone()), (json!(false), json!(3)));
        assert!(matches!(decode_strict("t3en", "1_1_o/_x_/3_ x"), Ok(Decoded::Refused { .. })));
        assert_eq!(decode("chess", "x"), Err("unknown kind `chess`".to_owned()));
    }

    #[test]
    fn otn_records_have_their_own_meanings() {
        let Ok(Decoded::Accepted { meaning, canonical }) = decode("otn-move", "Ke5-e1-") else {
            panic!("refused")
        };
        assert_eq!(canonical, "Ke5-e1-");
        assert_eq!(
            meaning,
            json!({"resign": false, "piece": "K", "from": "e5", "type": "-", "to": "e1", "captures": [], "info": "-"})
        );
        let Ok(Decoded::Accepted { meaning, .. }) = decode("otn-position", "/t2/1K1/3/") else {
            panic!("refused")
        };
        assert_eq!(meaning, json!({"rows": ["___", "_K_", "t__"]}));
        let Ok(Decoded::Accepted { meaning, canonical }) =
            decode("otn-rules", "dim:3 ks:y atkf:n start:/3/1K1/3/")
        else {
            panic!("refused")
        };
        assert_eq!(canonical, "dim:3 atkf:n ks:s start:/3/1K1/3/");
        assert_eq!(
            meaning,
            json!({"dim": 3, "entries": [["atkf", "n"], ["ks", "s"]], "start": ["___", "_K_", "___"]})
        );
    }

    #[test]
    fn convert_and_solve_answer_as_the_protocol_says() {
        let answer = answer(
            &json!({"op": "convert", "from": "t3en", "to": "digits", "input": "2_o/_x_/3_ x"}),
        );
        assert_eq!(answer, json!({"ok": true, "output": "002010000", "notes": []}));
        let answer = super::answer(&json!({"op": "solve", "position": "xo_/_x_/3_ o", "k": 3}));
        assert_eq!(answer, json!({"ok": true, "value": "loss", "distance": 4, "best": ["c1"]}));
        let answer = super::answer(&json!({"op": "encode"}));
        assert_eq!(answer["unsupported"], json!(true));
    }

    #[test]
    fn serve_answers_each_line_with_its_id() {
        let input = "{\"op\": \"hello\", \"id\": 1}\n\nnot json\n{\"id\": \"x\", \"op\": \"decode\", \"kind\": \"bits\", \"input\": \"8192\"}\n";
        let mut out = Vec::new();
        serve(input.as_bytes(), &mut out).unwrap();
        let lines: Vec<Value> = out
            .split(|b| *b == b'\n')
            .filter(|l| !l.is_empty())
            .map(|l| serde_json::from_slice(l).unwrap())
            .collect();
        assert_eq!(lines.len(), 3);
        assert_eq!(
            (lines[0]["id"].clone(), lines[0]["name"].clone()),
            (json!(1), json!("gridnote"))
        );
        assert_eq!(
            lines[1],
            json!({"ok": false, "error": "not JSON: expected ident at line 1 column 2"})
        );
        assert_eq!((lines[2]["id"].clone(), lines[2]["ok"].clone()), (json!("x"), json!(false)));
    }

    #[test]
    fn tafl_moves_and_perft_from_the_moves_played() {
        let brandubh = "dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
        let answer = answer(&json!({"op": "perft", "rules": brandubh, "depth": 2}));
        assert_eq!(answer, json!({"ok": true, "nodes": 960}));
        let answer = super::answer(&json!({"op": "moves", "rules": brandubh,
            "played": ["g4-g2", "e4-e3"], "position": "/3t3/3t2t/3TT2/ttTK1t1/3T3/3t3/3t3/", "to_move": "a"}));
        assert_eq!(answer["moves"].as_array().map(Vec::len), Some(43));
        assert_eq!(answer["result"], json!("none"));
        let answer = super::answer(&json!({"op": "moves", "rules": brandubh, "played": ["d1-d2"]}));
        assert_eq!(answer["ok"], json!(false));
        let answer = super::answer(&json!({"op": "moves", "rules": brandubh, "to_move": "d"}));
        assert_eq!(answer["message"], json!("the moves leave `a` to move, not `d`"));
    }
}
