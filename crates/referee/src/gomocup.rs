//! The Gomocup side of an m,n,k match ([`crate::st3p::St3pMatch`] with an engine whose
//! protocol is [`MnkProtocol::Gomocup`](crate::st3p::MnkProtocol::Gomocup)).
//!
//! Gomocup is the Piskvork "brain" protocol (gridnote-protocol's `gomocup` messages). The
//! referee starts the game with `START N` (or `RECTSTART W,H` on a board that is not
//! square) and expects `OK`; it then sends `INFO game_type 1`, `INFO rule CODE` (the rule
//! set's Gomocup code), and the clock: `INFO timeout_turn MS` and `INFO timeout_match 0`
//! for a fixed time per move, or `INFO timeout_turn BASE` and `INFO timeout_match BASE`
//! at the start and `INFO time_left MS` before every move for a game clock (Gomocup has
//! no increment: the brain sees it in `time_left`), and `INFO max_memory BYTES` (0: no
//! limit). From an empty opening, a brain's first
//! request is `BEGIN` (it moves first) or `TURN X,Y` (the first move); from an opening
//! with stones, it is `BOARD` with every stone (its own `1`, the opponent's `2`; the opening's
//! stones first, then the moves in order) and `DONE`; each later request is `TURN X,Y`
//! with the opponent's last move. The brain answers `X,Y` (column and row from 0, the row
//! counted from the top); `MESSAGE` and `DEBUG` lines are read past; `ERROR`, `UNKNOWN`,
//! `SUGGEST` or anything else is a malformed reply. The game ends with `END`.
//!
//! A brain's next request is sent no sooner than [`SETTLE`] after its last answer (its
//! clock starts when the request is sent): Rapfi prints its move before it marks its
//! search finished, and drops a command that arrives in between.
//!
//! The record of a game with a Gomocup engine is Piskvork's `.psq` (gridnote-psq): the
//! opening's stones first (black's and white's alternately), then the moves with their
//! times; the players are the engines' command lines, black's first.

use std::time::{Duration, Instant};

use gridnote_board::{Cell, Player, Position};
use gridnote_protocol::gomocup::{Command, Field, Info, Point, Reply, RuleCode, Stone};
use gridnote_psq::{Psq, PsqMove};

use crate::clock::TimeControl;
use crate::process::Link;
use crate::st3p::{Play, St3pMatch};
use crate::tournament::{Engine, Forfeit, millis};

/// The least time between a brain's answer and the next request sent to it.
pub const SETTLE: Duration = Duration::from_millis(30);

/// The playable width and height of a position's board: the columns and rows up to the
/// last that holds a cell that is not void (a rectangle is padded to a square with void
/// cells).
fn extent(position: &Position) -> (usize, usize) {
    let board = &position.board;
    let mut size = (0, 0);
    for row in 0..board.rows() {
        for col in 0..board.cols() {
            if board.get(row, col).is_some_and(|cell| cell != Cell::Void) {
                size = (size.0.max(col + 1), size.1.max(row + 1));
            }
        }
    }
    size
}

/// The point of (row, col).
fn point(row: usize, col: usize) -> Point {
    let number = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    Point { x: number(col), y: number(row) }
}

/// Whether a reply is a progress report, read past while waiting for the move.
fn chatter(line: &str) -> bool {
    matches!(line.parse::<Reply>(), Ok(Reply::Message(_) | Reply::Debug(_)))
}

/// Starts a Gomocup engine: `START`/`RECTSTART`, `OK`, then the settings.
pub(crate) fn start(contest: &St3pMatch, command: &str) -> Result<Box<dyn Link>, Forfeit> {
    let time = contest.handshake_time;
    let (width, height) = extent(&contest.openings[0]);
    let (width, height) =
        (u32::try_from(width).unwrap_or(u32::MAX), u32::try_from(height).unwrap_or(u32::MAX));
    let begin = if width == height {
        Command::Start { size: width }
    } else {
        Command::RectStart { width, height }
    };
    let what = format!("`OK` to `{begin}`");
    let failed = |f| Forfeit::handshake(f, &what, time);
    let mut process = contest.launcher.launch(command).map_err(failed)?;
    process.send(&begin.to_string()).map_err(failed)?;
    let deadline = Instant::now() + time;
    let line = loop {
        let line = process.receive(deadline).map_err(failed)?;
        if !chatter(&line) {
            break line;
        }
    };
    if line.parse::<Reply>() != Ok(Reply::Ok) {
        return Err(Forfeit::Handshake(format!("`{line}` to `{begin}` (expected `OK`)")));
    }
    let mut settings = vec![Info::GameType(1)];
    if let Ok(code) = RuleCode::try_from(contest.rules()) {
        settings.push(Info::Rule(code));
    }
    match contest.time {
        TimeControl::PerMove(turn) => {
            settings.push(Info::TimeoutTurn(millis(turn)));
            settings.push(Info::TimeoutMatch(0));
        }
        TimeControl::Game { base, .. } => {
            settings.push(Info::TimeoutTurn(millis(base)));
            settings.push(Info::TimeoutMatch(millis(base)));
        }
    }
    settings.push(Info::MaxMemory(contest.max_memory));
    for info in settings {
        process.send(&Command::Info(info).to_string()).map_err(failed)?;
    }
    Ok(process)
}

/// The opening's stones, black's and white's alternately as far as they go (the order a
/// record writes them in; an opening's stones have no order of their own).
fn opening_stones(opening: &Position) -> Vec<(usize, usize, Player)> {
    let mut by_player: [Vec<(usize, usize)>; 2] = [Vec::new(), Vec::new()];
    let board = &opening.board;
    for row in 0..board.rows() {
        for col in 0..board.cols() {
            match board.get(row, col) {
                Some(Cell::OneMan) => by_player[0].push((row, col)),
                Some(Cell::TwoMan) => by_player[1].push((row, col)),
                _ => {}
            }
        }
    }
    let [one, two] = by_player;
    let mut stones = Vec::with_capacity(one.len() + two.len());
    let (mut one, mut two) = (one.into_iter(), two.into_iter());
    loop {
        match (one.next(), two.next()) {
            (None, None) => break,
            (a, b) => {
                stones.extend(a.map(|(r, c)| (r, c, Player::One)));
                stones.extend(b.map(|(r, c)| (r, c, Player::Two)));
            }
        }
    }
    stones
}

/// Asks the Gomocup `engine` for a move and plays it.
pub(crate) fn turn(play: &mut Play<'_>, engine: Engine) -> Result<(), Forfeit> {
    let me = play.position.to_move;
    let clock = &play.clocks[engine.index()];
    let mut lines = Vec::new();
    if let TimeControl::Game { .. } = clock.control() {
        let left = i64::try_from(millis(clock.available())).unwrap_or(i64::MAX);
        lines.push(Command::Info(Info::TimeLeft(left)).to_string());
    }
    let last = play.played.last().copied();
    // A brain knows nothing before its first request, which is the empty board when the
    // opening is.
    let empty = (play.opening.board.counts().occupied() == 0).then_some(0);
    match (play.known[engine.index()].or(empty), last) {
        (Some(known), Some(last)) if known + 1 == play.played.len() => {
            lines.push(Command::Turn(point(last.row, last.col)).to_string());
        }
        _ => {
            let stones: Vec<(usize, usize, Player)> = opening_stones(play.opening)
                .into_iter()
                .chain(play.played.iter().scan(play.opening.to_move, |side, m| {
                    let player = *side;
                    *side = side.other();
                    Some((m.row, m.col, player))
                }))
                .collect();
            if stones.is_empty() {
                lines.push(Command::Begin.to_string());
            } else {
                lines.push(Command::Board.to_string());
                for (row, col, player) in stones {
                    let field = if player == me { Field::Own } else { Field::Opponent };
                    lines.push(Command::Stone(Stone { at: point(row, col), field }).to_string());
                }
                lines.push(Command::Done.to_string());
            }
        }
    }
    if let Some(answered) = play.answered[engine.index()] {
        std::thread::sleep(SETTLE.saturating_sub(answered.elapsed()));
    }
    let (reply, used) = play.exchange(engine, &lines, chatter)?;
    let at = match reply.parse::<Reply>() {
        Ok(Reply::Move(at)) => at,
        Ok(Reply::Error(_) | Reply::Unknown(_)) => {
            return Err(Forfeit::Malformed(format!("`{reply}` to its move request")));
        }
        _ => return Err(Forfeit::Malformed(format!("`{reply}` (expected a move `X,Y`)"))),
    };
    let (width, height) = extent(play.opening);
    let (col, row) = (at.x as usize, at.y as usize);
    if col >= width || row >= height {
        return Err(Forfeit::IllegalMove {
            reply: reply.clone(),
            reason: format!("{at} is off the {width}x{height} board"),
        });
    }
    play.place(&reply, (row, col), &at.to_string(), used)?;
    play.known[engine.index()] = Some(play.played.len());
    Ok(())
}

/// Gomocup's goodbye.
pub(crate) fn goodbye() -> String {
    Command::End.to_string()
}

/// The `.psq` record of a game, or `None` when its opening cannot be written as
/// alternate moves from the empty board (more stones of one side than the alternation
/// allows), in which case the referee writes its text record.
pub(crate) fn record(play: &Play<'_>, engine_of: impl Fn(Player) -> Engine) -> Option<String> {
    let stones = opening_stones(play.opening);
    let mut side = Player::One;
    for &(_, _, player) in &stones {
        if player != side {
            return None;
        }
        side = side.other();
    }
    if side != play.opening.to_move {
        return None;
    }
    let (width, height) = extent(play.opening);
    let time = |ms: u64| u32::try_from(ms).unwrap_or(u32::MAX);
    let moves = stones
        .iter()
        .map(|&(row, col, _)| PsqMove::new(col, row))
        .chain(play.played.iter().map(|m| PsqMove::new(m.col, m.row).with_time(time(m.millis))));
    let mut psq = Psq::from_moves(width, height, moves).ok()?;
    let name = |player| play.contest.engines[engine_of(player).index()].clone();
    // A command line the record cannot hold (a line break) leaves the names out.
    let _ = psq.set_players(Some([name(Player::One), name(Player::Two)]));
    Some(psq.to_string())
}
