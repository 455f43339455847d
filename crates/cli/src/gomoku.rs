//! `gridnote game` on gomoku records: Piskvork's `.psq` files and plain move lists
//! (`h8i9j10`), read and replayed by gridnote-psq under `--rules`; this module only
//! prints (`docs/psq.md`).

use gridnote_board::report::Spanned;
use gridnote_board::setup::Setup;
use gridnote_board::{Player, Position, Rules};
use gridnote_convert::{Format, Options, Source, write_into};
use gridnote_psq::{End, MoveList, Psq, PsqError, Replay, is_psq};

use crate::inputs::Io;
use crate::status::{EXIT_FAILED, EXIT_OK, EXIT_USAGE};

/// The format positions are printed in by default.
const T3EN: &str = "t3en";

/// A gomoku record.
pub(crate) enum Record {
    /// A Piskvork record.
    Psq(Psq),
    /// A plain move list.
    Moves(MoveList),
}

/// The text as a gomoku record: `Some` for a `.psq` record (a text starting with
/// `Piskvorky`, read or refused) or a move list of one move or more; `None` for anything
/// else (an OpenTafl record).
pub(crate) fn recognize(text: &str) -> Option<Result<Record, PsqError>> {
    if is_psq(text) {
        return Some(text.parse().map(Record::Psq));
    }
    match text.parse::<MoveList>() {
        Ok(list) if !list.cells().is_empty() => Some(Ok(Record::Moves(list))),
        _ => None,
    }
}

/// What `gridnote game` asks of a gomoku record.
pub(crate) struct Asked {
    /// The rules (default: freestyle gomoku).
    pub(crate) rules: Option<Rules>,
    /// A move list's board, rows and columns (default 15×15).
    pub(crate) size: Option<(usize, usize)>,
    /// Only the position after this many plies.
    pub(crate) ply: Option<usize>,
    /// Only the last position.
    pub(crate) final_only: bool,
    /// The format of the positions (default T3EN).
    pub(crate) to: Option<Format>,
    /// Replay and say how the game ended instead.
    pub(crate) check: bool,
}

/// `--size`: `N` (N×N) or `ROWSxCOLS`, each 1 to 255.
pub(crate) fn parse_size(text: &str) -> Result<(usize, usize), String> {
    // Decimal digits without a leading zero (the number rule), 1 to 255.
    let side = |part: &str| {
        let digits = !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
        let number = digits && !(part.len() > 1 && part.starts_with('0'));
        part.parse::<usize>().ok().filter(|n| number && (1..=255).contains(n))
    };
    let size = match text.split_once('x') {
        Some((rows, cols)) => side(rows).zip(side(cols)),
        None => side(text).map(|n| (n, n)),
    };
    size.ok_or_else(|| {
        format!("`{text}` is not a board size: expected N or ROWSxCOLS, each 1 to 255")
    })
}

/// Replays `record` (read from `text`, shown as `shown`) and prints what `asked` asks.
pub(crate) fn run(
    record: Result<Record, PsqError>,
    asked: &Asked,
    shown: &str,
    text: &str,
    io: &mut Io<'_>,
) -> u8 {
    let record = match record {
        Ok(record) => record,
        Err(err) => {
            let _ = writeln!(io.err, "error: {shown}: {err}");
            let _ =
                io.err.write_all(gridnote_board::report::render_caret(text, err.span()).as_bytes());
            return EXIT_FAILED;
        }
    };
    let rules = asked.rules.unwrap_or(Rules::GOMOKU);
    let replayed = match &record {
        Record::Psq(psq) => {
            if asked.size.is_some() {
                let _ = writeln!(
                    io.err,
                    "error: --size is for move lists: a .psq record gives its board ({}x{})",
                    psq.cols(),
                    psq.rows()
                );
                return EXIT_USAGE;
            }
            psq.replay(rules)
        }
        Record::Moves(list) => {
            let (rows, cols) = asked.size.unwrap_or((15, 15));
            list.replay(rows, cols, rules)
        }
    };
    let replay = match replayed {
        Ok(replay) => replay,
        Err(err) => {
            let _ = writeln!(io.err, "error: {shown}: {err}");
            return EXIT_FAILED;
        }
    };
    if asked.check {
        let _ = writeln!(
            io.out,
            "{shown}: {} under {}: {}",
            plies(replay.plies()),
            RulesName(rules),
            ending(&replay)
        );
        return EXIT_OK;
    }
    let plies: Vec<usize> = match (asked.ply, asked.final_only) {
        (Some(ply), _) if ply > replay.plies() => {
            let _ = writeln!(
                io.err,
                "error: {shown}: --ply {ply}: the game has {}",
                plies(replay.plies())
            );
            return EXIT_FAILED;
        }
        (Some(ply), _) => vec![ply],
        (None, true) => vec![replay.plies()],
        (None, false) => (0..=replay.plies()).collect(),
    };
    let to = match asked.to {
        Some(to) => to,
        None => match T3EN.parse::<Format>() {
            Ok(t3en) => t3en,
            Err(err) => {
                let _ = writeln!(io.err, "error: {err}");
                return EXIT_FAILED;
            }
        },
    };
    let mut out = String::new();
    for ply in plies {
        let Some(position) = replay.position(ply) else { continue };
        if let Err(err) = write_position(position, to, &mut out) {
            let _ = writeln!(io.err, "error: {shown}: the position after ply {ply} as {to}: {err}");
            return EXIT_FAILED;
        }
        out.push('\n');
    }
    let _ = io.out.write_all(out.as_bytes());
    EXIT_OK
}

/// Writes `position` as `to` onto `out`.
fn write_position(position: Position, to: Format, out: &mut String) -> Result<(), String> {
    let from = T3EN.parse::<Format>().map_err(|err| err.to_string())?;
    let Position { board, to_move, .. } = position;
    let source = Source::new(from, Setup::new(board).with_to_move(to_move));
    write_into(source, to, &Options::default(), out).map(|_| ()).map_err(|err| err.to_string())
}

/// `N plies` (`1 ply`).
/// A rule set as a gomoku player names it: freestyle five in a row with diagonals is
/// `gomoku` (with `+misere` or `+k=N` for what differs), where `Rules`' own `Display` keeps
/// the m,n,k name it always had (`tic-tac-toe+k=5`); the other rule sets as `Rules` writes
/// them (`gomoku+exact`, `renju`, `caro`, ...).
struct RulesName(Rules);

impl core::fmt::Display for RulesName {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let rules = self.0;
        let freestyle = rules.with_in_a_row(5).with_misere(false);
        if freestyle != Rules::GOMOKU {
            return write!(f, "{rules}");
        }
        f.write_str("gomoku")?;
        if rules.misere {
            f.write_str("+misere")?;
        }
        if rules.in_a_row != 5 {
            write!(f, "+k={}", rules.in_a_row)?;
        }
        Ok(())
    }
}

fn plies(n: usize) -> String {
    format!("{n} {}", if n == 1 { "ply" } else { "plies" })
}

/// How the replayed game ended, in words.
fn ending(replay: &Replay) -> String {
    let side = |p: Player| match p {
        Player::One => "x (black)",
        Player::Two => "o (white)",
    };
    match replay.end() {
        None => "in progress".to_owned(),
        Some(End::Line { winner, ply }) => format!("{} wins at ply {ply}", side(winner)),
        Some(End::Forbidden { ply, cell, kind }) => {
            format!("o (white) wins: x's move {cell} at ply {ply} is forbidden ({kind})")
        }
        Some(End::Drawn { ply }) => format!("drawn at ply {ply}"),
        Some(_) => "over".to_owned(),
    }
}
