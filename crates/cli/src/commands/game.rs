//! `gridnote game`: replay an OpenTafl game record (`.otg`), or check one. Gomoku records
//! (Piskvork's `.psq`, plain move lists) go to [`crate::gomoku`]; a hnefatafl.org-style
//! server's game records (its JSON) are made `.otg`s first ([`server_record`]).
//!
//! Without `--check`, the positions after every ply of one line (the main line, or the
//! variation `--line` names) are printed, one per line, as OTN position records or, with
//! `--to FMT`, converted by the registry, each with what the replay knows of it: the side
//! to move after the ply (the opponent of the side that moved; at the start, the rules'
//! first mover), and for TSN/TEN the ply (1 at the start, one more per ply), the plies
//! since the last capture and the defenders at the start (the start position's). The
//! conversion's notes (what the target drops; the defenders when the start's had to be
//! rounded) go to standard error, summarised as `gridnote convert` does. With `--final`,
//! only the last one. `--check` replays every line under the tafl rules engine and lists
//! every problem with its line, column and a caret. Nothing is printed on standard output
//! unless the whole command succeeds.

use std::ffi::OsString;
use std::io::{BufRead, Read, Write};
use std::ops::Range;

use gridnote_board::report::{Spanned, render};
use gridnote_board::setup::{Payload, Setup, TaflFields};
use gridnote_board::tafl::{
    Game, GameResult, LinePath, LineRecords, MoveRecord, PositionRecord, ReplayError, Slot,
};
use gridnote_board::{Board, Player};
use gridnote_convert::{Field, Format, Note, Options, Source, write_into};
use gridnote_tafl_rules::{CaptureText, CompiledRules, LineEnd, LineError, Position, check_line};

use crate::inputs::Io;
use crate::names::tafl_side_name;
use crate::notes::NoteSink;
use crate::status::{EXIT_FAILED, EXIT_OK, EXIT_USAGE};

mod server_record;

use server_record::Target;

/// The largest game file read (bytes): real game records are a few kilobytes.
const MAX_GAME_BYTES: u64 = 16 * 1024 * 1024;

/// Replay an OpenTafl game record (.otg) or a hnefatafl.org-style server's game record
/// (its JSON, recognised by a leading `{`): the position after every ply of a line
/// (`--final`: only the last), or `--check` every line of it; or (`--to otg`, `--to
/// game-json`) write the whole record as the one or the other.
///
/// With `--to FMT` each position carries what the replay knows: the side to move
/// after its ply (the opponent of the side that moved; for the start position, the
/// rules' first mover, `atkf`), and in TSN/TEN the ply (1 at the start, one more per
/// ply, a resignation included), the plies since the last move that captured, and the
/// defenders at the start from the line's start position (rounded up to a multiple
/// of 4 when needed, noted). Notes on stderr say what the target cannot carry (as
/// `gridnote convert` summarises them; --quiet for none).
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The game record (an OpenTafl `.otg` file or a server's JSON), or `-` for standard
    /// input.
    #[arg(value_name = "FILE")]
    pub(crate) file: OsString,
    /// Print only the position after the last ply.
    #[arg(long = "final")]
    pub(crate) final_only: bool,
    /// The format of the printed positions (default: OTN position records); each carries
    /// the side to move after its ply and, in TSN/TEN, the ply and plies since capture.
    /// `otg` or `game-json`: the whole tafl record instead, as an OpenTafl game record or
    /// a server's game JSON (its main line), with notes of what was dropped.
    #[arg(long, value_name = "FMT", value_parser = server_record::parse_target)]
    pub(crate) to: Option<Target>,
    /// The line to replay: `main` (the default) or a variation's address, e.g. `2a.1`.
    #[arg(long, value_name = "ADDRESS", default_value = "main")]
    pub(crate) line: String,
    /// Notes of --to's conversion: `summary` (each kind of note listed for its first 3
    /// plies, then counted) or `all`.
    #[arg(long, value_name = "HOW", default_value = "summary", value_parser = ["summary", "all"])]
    pub(crate) notes: String,
    /// Print no notes on stderr.
    #[arg(long, short)]
    pub(crate) quiet: bool,
    /// Validate the file instead: replay every line under the rules (every move legal, the
    /// captures listed exactly those the rules make, or computed when the record lists
    /// none; the result tag against the main line's end) and list every problem.
    #[arg(long, conflicts_with_all = ["final_only", "to", "line", "notes", "quiet", "ply"])]
    pub(crate) check: bool,
    /// A gomoku record's rules (a .psq record or a move list such as h8i9j10): gomoku (the
    /// default, freestyle), gomoku+exact, renju, caro, … (docs/psq.md).
    #[arg(long, value_name = "RULES", value_parser = crate::names::parse_rules)]
    pub(crate) rules: Option<gridnote_board::Rules>,
    /// A gomoku move list's board: N (N×N) or ROWSxCOLS (default 15).
    #[arg(long, value_name = "SIZE", value_parser = crate::gomoku::parse_size)]
    pub(crate) size: Option<(usize, usize)>,
    /// A gomoku record: print only the position after this many plies (0: the empty
    /// board; at most 65025, the cells of the largest board).
    #[arg(long, value_name = "N", conflicts_with = "final_only",
          value_parser = crate::numbers::whole(0usize, 255 * 255))]
    pub(crate) ply: Option<usize>,
}

/// Runs `gridnote game`.
pub(crate) fn run(args: &Args, stdin: &mut dyn BufRead, io: &mut Io<'_>) -> u8 {
    // Flags first: a bad one is a usage error before anything is read.
    let line = match parse_line(&args.line) {
        Ok(line) => line,
        Err(message) => {
            let _ = writeln!(io.err, "error: --line {:?}: {message}", args.line);
            return EXIT_USAGE;
        }
    };
    let shown = args.file.to_string_lossy().into_owned();
    let text = match read_file(&args.file, stdin) {
        Ok(text) => text,
        Err(ReadFailure::Usage(message)) => {
            let _ = writeln!(io.err, "error: {message}");
            return EXIT_USAGE;
        }
        Err(ReadFailure::Input(message)) => {
            let _ = writeln!(io.err, "error: {shown}: {message}");
            return EXIT_FAILED;
        }
    };
    if let Some(record) = crate::gomoku::recognize(&text) {
        if matches!(args.to, Some(Target::Otg | Target::GameJson)) {
            let _ = writeln!(io.err, "error: --to otg and --to game-json are for tafl records");
            return EXIT_USAGE;
        }
        let asked = crate::gomoku::Asked {
            rules: args.rules,
            size: args.size,
            ply: args.ply,
            final_only: args.final_only,
            to: args.to.and_then(Target::positions),
            check: args.check,
        };
        return crate::gomoku::run(record, &asked, &shown, &text, io);
    }
    if args.rules.is_some() || args.size.is_some() || args.ply.is_some() {
        let _ = writeln!(io.err, "error: --rules, --size and --ply are for gomoku records (.psq, move lists)");
        return EXIT_USAGE;
    }
    // A server's record is replayed as the .otg it converts to: the game keeps that
    // text (its turns are places in it), and the replay's errors point into it.
    let server = gridnote_game_json::is_server_record(&text).then(|| server_record::read(&text));
    let (game, server, shown) = match server {
        Some(Ok((record, game, notes))) => {
            (game, Some((record, notes)), format!("{shown} (as .otg)"))
        }
        Some(Err(server_record::Refused::Json(err))) => {
            problem(io.err, &shown, &text, err.span(), &err.to_string());
            return EXIT_FAILED;
        }
        Some(Err(server_record::Refused::Convert(err))) => {
            let _ = writeln!(io.err, "error: {shown}: {err}");
            return EXIT_FAILED;
        }
        // An .otg: the game keeps the text, and gives it back with an error.
        None => match Game::try_from(text) {
            Ok(game) => (game, None, shown),
            Err(err) => {
                let (err, text) = err.into_parts();
                problem(io.err, &shown, &text, err.span(), &err.to_string());
                return EXIT_FAILED;
            }
        },
    };
    let text = game.text();
    if let Some(target @ (Target::Otg | Target::GameJson)) = args.to {
        if args.final_only || !line.is_main() {
            let _ = writeln!(io.err, "error: --to otg and --to game-json write the whole record: --final and --line are for positions");
            return EXIT_USAGE;
        }
        let shown = shown.strip_suffix(" (as .otg)").unwrap_or(&shown);
        let server = server.as_ref().map(|(record, notes)| (record, notes.as_slice()));
        return server_record::write(target, &game, server, shown, args.quiet, io);
    }
    if args.check {
        return check(&game, &shown, text, io);
    }
    let lines = game.lines();
    if !lines.contains(&line) {
        let names: Vec<String> = lines.iter().map(ToString::to_string).collect();
        let _ = writeln!(
            io.err,
            "error: {shown}: the game has no line {line}; its lines are {}",
            names.join(", ")
        );
        return EXIT_FAILED;
    }
    // A first pass checks every ply and conversion; the positions are then written as
    // a second pass makes them (no copy of them all held).
    match positions(&game, &line, args, &shown, None) {
        Ok(printed) => {
            let _ = io.err.write_all(printed.warnings.as_bytes());
            let _ = io.err.write_all(&printed.notes);
            if args.final_only {
                let _ = io.out.write_all(printed.out.as_bytes());
                return EXIT_OK;
            }
            match positions(&game, &line, args, &shown, Some(&mut *io.out)) {
                Ok(_) => EXIT_OK,
                Err(Failure::Replay(err)) => {
                    problem(io.err, &shown, text, err.span(), &err.to_string());
                    EXIT_FAILED
                }
                Err(Failure::Convert { message, .. }) => {
                    let _ = writeln!(io.err, "error: {shown}: {message}");
                    EXIT_FAILED
                }
            }
        }
        Err(Failure::Replay(err)) => {
            problem(io.err, &shown, text, err.span(), &err.to_string());
            EXIT_FAILED
        }
        Err(Failure::Convert { warnings, message }) => {
            let _ = io.err.write_all(warnings.as_bytes());
            let _ = writeln!(io.err, "error: {shown}: {message}");
            EXIT_FAILED
        }
    }
}

/// A line address as the user may write it: `main`, `2a.1`, or with a trailing dot.
fn parse_line(text: &str) -> Result<LinePath, String> {
    text.parse::<LinePath>()
        .or_else(|err| text.strip_suffix('.').map_or(Err(err.clone()), |t| t.parse()))
        .map_err(|err| err.to_string())
}

enum ReadFailure {
    /// The file cannot be opened: a usage error naming it.
    Usage(String),
    /// The file's content cannot be read as a game record's text.
    Input(String),
}

/// The whole file (or standard input) as UTF-8, a leading byte-order mark skipped.
fn read_file(file: &OsString, stdin: &mut dyn BufRead) -> Result<String, ReadFailure> {
    let mut bytes = Vec::new();
    let read = if file == "-" {
        stdin.take(MAX_GAME_BYTES + 1).read_to_end(&mut bytes)
    } else {
        let handle = std::fs::File::open(file).map_err(|err| {
            ReadFailure::Usage(format!("cannot open game file `{}`: {err}", file.to_string_lossy()))
        })?;
        // Room for the whole file at once (one more byte to see that it ends).
        let size = handle.metadata().map_or(0, |m| m.len().min(MAX_GAME_BYTES));
        bytes.reserve_exact(usize::try_from(size).unwrap_or(0) + 1);
        handle.take(MAX_GAME_BYTES + 1).read_to_end(&mut bytes)
    };
    read.map_err(|err| ReadFailure::Input(format!("cannot read: {err}")))?;
    if bytes.len() as u64 > MAX_GAME_BYTES {
        return Err(ReadFailure::Input(format!(
            "longer than {MAX_GAME_BYTES} bytes: not a game record"
        )));
    }
    if bytes.starts_with(b"\xEF\xBB\xBF") {
        bytes.drain(..3);
    }
    // Converted in place: a copy would double the memory of a big record.
    String::from_utf8(bytes).map_err(|err| {
        ReadFailure::Input(format!(
            "not UTF-8 (byte {} of the text after any byte-order mark)",
            err.utf8_error().valid_up_to()
        ))
    })
}

/// Prints one problem: `FILE:LINE:COLUMN:`, the message, the line and a caret.
fn problem(err: &mut dyn Write, file: &str, text: &str, span: Range<usize>, message: &str) {
    let (line, column) = line_column(text, span.start);
    let _ = write!(err, "{file}:{line}:{column}: {}", render(text, span, message));
}

/// The 1-based line and column (in characters) of byte `at`.
fn line_column(text: &str, at: usize) -> (usize, usize) {
    let at = (0..=at.min(text.len())).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0);
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// What the replay knows of a position besides the position itself.
#[derive(Clone, Copy)]
struct Counters {
    /// The side to move: the opponent of the side that just moved (at the start, the
    /// rules' first mover).
    to_move: Player,
    /// TSN's ply: 1 at the start, one more after each ply.
    ply: u32,
    /// The plies since the last ply that captured (0 right after a capture; from the
    /// start of the line when none did).
    since_capture: u32,
}

/// Why `gridnote game` printed no position.
enum Failure {
    /// The line cannot be replayed.
    Replay(ReplayError),
    /// A position cannot be written in the target format (the replay's warnings are
    /// printed before the message).
    Convert {
        /// The replay's warnings, one per line.
        warnings: String,
        /// Which position, and why.
        message: String,
    },
}

/// What `gridnote game` prints when it succeeds: everything made before any of it is
/// written, so that a failure prints no position.
struct Printed {
    /// The positions, one per line.
    out: String,
    /// The replay's warnings, one per line.
    warnings: String,
    /// The notes of the conversion (the start's defenders when rounded, then the
    /// positions' notes as `--notes` says), as they go to standard error.
    notes: Vec<u8>,
}

/// Writes the replayed positions: OTN position records as the replay gives them, or
/// converted with the side to move and the TSN/TEN counters the replay knows.
struct Printer {
    /// The target format (`None`: OTN position records as they are).
    to: Option<Format>,
    /// The registry's OTN format, the positions' source.
    otn: Format,
    /// TSN's defenders at the start, from the line's start position.
    defenders: u32,
    /// The positions written so far.
    out: String,
    /// The positions' notes, summarised (or not) as `--notes` says; `None` with --quiet.
    notes: Option<(NoteSink, Vec<u8>)>,
}

impl Printer {
    /// Writes one position, or says why it cannot be written.
    fn print(
        &mut self,
        file: &str,
        origin: &dyn Fn() -> String,
        record: &PositionRecord,
        counters: Counters,
    ) -> Result<(), String> {
        let Some(to) = self.to else {
            self.out.push_str(&record.to_string());
            self.out.push('\n');
            return Ok(());
        };
        // The replayed positions go to the writer as setups: the board of each OTN
        // position record (as reading the record gives it) and what the replay knows.
        let mut setup = Setup::new(Board::from(record)).with_to_move(counters.to_move);
        setup.tafl = Some(TaflFields::new(self.defenders, counters.ply, counters.since_capture));
        // A game record has no TEN extension data: TEN's `-`, carried, not derived.
        setup.extension = Some(Payload::EMPTY);
        let converted =
            write_into(Source::new(self.otn, setup), to, &Options::default(), &mut self.out)
                .map_err(|err| format!("{}: the position {record} as {to}: {err}", origin()))?;
        self.out.push('\n');
        if let Some((sink, buffer)) = &mut self.notes {
            sink.notes(&|| format!("{file}: {}", origin()), &converted, buffer);
        }
        Ok(())
    }
}

/// How much of the positions is held before it is written, when they are written as the
/// replay goes.
const FLUSH_BYTES: usize = 64 * 1024;

/// The positions of `line` as the replay makes them, one ply at a time (no position
/// kept but the last): after every ply, or (`--final`) the last one, which is the start
/// for a line without plies.
///
/// Without `stream`, every position is made and checked but only `--final`'s is kept
/// (the replay's warnings and the notes are); with `stream` (a second pass, once the
/// first succeeded, so that an error leaves no partial output), each position goes to
/// it as it is made and only a few kilobytes of them are held.
fn positions(
    game: &Game,
    line: &LinePath,
    args: &Args,
    file: &str,
    mut stream: Option<&mut dyn Write>,
) -> Result<Printed, Failure> {
    // The registry's format of the positions of a game record: OTN position records.
    let otn: Format = "otn".parse().expect("the registry has OTN");
    let to = args.to.and_then(Target::positions).filter(|&to| to != otn);
    let start = game.start();
    // TSN's defenders at the start: the line's start position's (noted only when
    // rounded, and only for a target that carries them).
    let (defenders, defenders_note) = start_defenders(&Board::from(start));
    let notes = (!args.quiet).then(|| (NoteSink::new(args.notes == "all", "plies"), Vec::new()));
    let mut printer = Printer { to, otn, defenders, out: String::new(), notes };
    let first = if game.rules().attackers_first { Player::One } else { Player::Two };
    let mut counters = Counters { to_move: first, ply: 1, since_capture: 0 };
    let mut warnings = String::new();
    // `--final`: the last position and where it stands.
    let mut last: Option<(String, PositionRecord)> = None;
    let mut failed = None;
    // Whether any position was written (for the note on the start's defenders).
    let mut shown = false;
    game.replay_each(line, |step| {
        for warning in step.warnings {
            warnings.push_str(&format!(
                "warning: {file}: turn {} `{}`: {warning}\n",
                step.turn, step.record
            ));
        }
        let captured = matches!(step.record, MoveRecord::Move(m) if !m.captures.is_empty());
        counters = Counters {
            to_move: step.player.other(),
            ply: counters.ply.saturating_add(1),
            since_capture: if captured { 0 } else { counters.since_capture.saturating_add(1) },
        };
        let origin = || format!("turn {} `{}`", step.turn, step.record);
        if args.final_only {
            last = Some((origin(), step.position.clone()));
        } else if failed.is_none() {
            failed = printer.print(file, &origin, step.position, counters).err();
            shown |= failed.is_none();
            match stream.as_mut() {
                Some(out) if printer.out.len() >= FLUSH_BYTES => {
                    let _ = out.write_all(printer.out.as_bytes());
                    printer.out.clear();
                }
                Some(_) => {}
                None => printer.out.clear(),
            }
        }
    })
    .map_err(Failure::Replay)?;
    if args.final_only {
        let (origin, record) = last.unwrap_or_else(|| ("the start".to_owned(), start.clone()));
        failed = printer.print(file, &|| origin.clone(), &record, counters).err();
    }
    if let Some(message) = failed {
        return Err(Failure::Convert { warnings, message });
    }
    if let Some(out) = stream {
        let _ = out.write_all(printer.out.as_bytes());
        printer.out.clear();
    }
    let mut notes = Vec::new();
    if let Some((sink, buffer)) = printer.notes {
        let shown_any = args.final_only || shown;
        if let Some(note) = defenders_note.filter(|_| shown_any && to.is_some_and(|to| to.carries().tafl)) {
            let _ = writeln!(notes, "note: {file}: {note}");
        }
        notes.extend_from_slice(&buffer);
        sink.finish(&mut notes);
    }
    Ok(Printed { out: printer.out, warnings, notes })
}

/// TSN's defenders at the start from the line's start position: its defenders (the king
/// not counted) when that is a positive multiple of 4 and at least half its attackers,
/// else the least such multiple above them (noted).
fn start_defenders(board: &Board) -> (u32, Option<Note>) {
    let counts = board.counts();
    let defenders = counts.of(Player::Two) - counts.kings[Player::Two.index()];
    let derived = TaflFields::derived_for(board, gridnote_board::Game::Tafl).defenders;
    if usize::try_from(derived).is_ok_and(|d| d == defenders) {
        return (derived, None);
    }
    let attackers = counts.of(Player::One);
    let reason = format!(
        "the start position has {defenders} defender{} and {attackers} attacker{}: the least positive multiple of 4 at least max(defenders, half the attackers rounded up)",
        plural(defenders),
        plural(attackers)
    );
    (derived, Some(Note::derived(Field::Defenders, derived, reason)))
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// The records of a line checked under the rules from `start` ([`check_line`]) a
/// chunk at a time, the position carried from one chunk to the next, so that no copy of
/// a long line is held: how the line ends and whether any move captured.
fn check_records(
    start: Position,
    mut records: LineRecords<'_>,
    captures: CaptureText,
) -> Result<(LineEnd, bool), LineError> {
    const CHUNK: usize = 4096;
    let mut chunk: Vec<MoveRecord> = Vec::with_capacity(CHUNK + 1);
    let (mut position, mut checked, mut captured) = (start, 0, false);
    loop {
        chunk.clear();
        chunk.extend(records.by_ref().take(CHUNK));
        // A resignation is checked with the record after it (which it forbids): in the
        // same chunk.
        while matches!(chunk.last(), Some(MoveRecord::Resignation)) {
            let Some(next) = records.next() else { break };
            chunk.push(next);
        }
        let line = check_line(position, &chunk, captures).map_err(|mut err| {
            err.index += checked;
            err
        })?;
        captured |= line.played.iter().any(|p| !p.captures.is_empty());
        checked += chunk.len();
        if records.len() == 0 {
            return Ok((line.end, captured));
        }
        position = line.position;
    }
}

/// `--check`: every line replayed under the record's rules, every problem listed, and
/// the result tag checked against how the main line ends.
fn check(game: &Game, file: &str, text: &str, io: &mut Io<'_>) -> u8 {
    let rules = match CompiledRules::new(game.rules()) {
        Ok(rules) => rules,
        Err(err) => {
            let _ = writeln!(io.err, "error: {file}: the rules tag: {err}");
            return EXIT_FAILED;
        }
    };
    let start = match Position::of_record(&rules, game.start(), rules.first_to_move()) {
        Ok(start) => start,
        Err(err) => {
            let _ = writeln!(io.err, "error: {file}: the start position: {err}");
            return EXIT_FAILED;
        }
    };
    // A record that lists any capture must list them all; a plain move list gets them
    // computed.
    let listing = game.turns().flat_map(|turn| turn.slots).find_map(|slot| match slot {
        Slot::Move(MoveRecord::Move(m)) if !m.captures.is_empty() => Some(m),
        _ => None,
    });
    let captures = CaptureText::of(listing.as_ref());
    let lines = game.lines();
    let (mut failed, mut plies, mut computed, mut main_end) = (0, 0, false, None);
    for line in &lines {
        let records = match game.line_records(line) {
            Ok(records) => records,
            Err(err) => {
                failed += 1;
                problem(io.err, file, text, err.span(), &format!("line {line}: {err}"));
                continue;
            }
        };
        // The moves are read back one at a time, not copied: a move's address and place
        // in the text are looked up only for a message.
        let at = |index: usize| game.line_move(line, index).ok().flatten();
        let count = records.len();
        match check_records(start.clone(), records, captures) {
            Ok((end, captured)) => {
                plies += count;
                computed |= captures == CaptureText::Computed && captured;
                if line.is_main() {
                    let last = count.checked_sub(1).and_then(at);
                    main_end = Some((end, last.map(|m| m.turn)));
                }
            }
            Err(err) => {
                failed += 1;
                // check_line fails at one of the moves it was given.
                if let Some(at) = at(err.index) {
                    problem(
                        io.err,
                        file,
                        text,
                        at.span.clone(),
                        &format!("line {line}: turn {} `{}`: {err}", at.turn, at.record),
                    );
                }
            }
        }
    }
    if failed > 0 {
        let _ = writeln!(io.err, "{file}: {failed} of {} line(s) cannot be replayed", lines.len());
        return EXIT_FAILED;
    }
    let (end, last_turn) = main_end.unwrap_or((LineEnd::Rules(start.outcome()), None));
    let claimed = match game.result() {
        Some(GameResult::AttackersWin) => Some(Some(Player::One)),
        Some(GameResult::DefendersWin) => Some(Some(Player::Two)),
        Some(GameResult::Draw) => Some(None),
        _ => None,
    };
    if let (Some(claimed), Some(result)) = (claimed, game.result()) {
        if !end.agrees(claimed) {
            let at = last_turn.map_or_else(|| "at the start".to_owned(), |t| format!("after turn {t}"));
            let _ = writeln!(
                io.err,
                "error: {file}: the result tag [result:{result}] says {}, but the main line ends {at}: {end}",
                match claimed {
                    Some(side) => format!("the {} win", tafl_side_name(side)),
                    None => "a draw".to_owned(),
                }
            );
            return EXIT_FAILED;
        }
    }
    let mut summary = format!("{} line(s), {plies} plies; the main line ends: {end}", lines.len());
    if computed {
        summary.push_str("; the record lists no captures: the rules computed them");
    }
    let _ = writeln!(io.out, "{file}: ok ({summary})");
    EXIT_OK
}

#[cfg(test)]
mod tests {
    use super::line_column;

    #[test]
    fn lines_and_columns_count_characters() {
        assert_eq!(line_column("ab\ncd", 0), (1, 1));
        assert_eq!(line_column("ab\ncd", 4), (2, 2));
        assert_eq!(line_column("é\nx", 3), (2, 1));
        assert_eq!(line_column("ab", 99), (1, 3));
    }
}
