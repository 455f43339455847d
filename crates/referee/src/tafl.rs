//! What the tafl hosts (OTEP and HTP) share: the rules' word on a position before each
//! turn, the score of a finished game, random opening walks and the OTN game record.

use std::fmt::Write as _;

use gridnote_board::Player;
use gridnote_tafl_rules::{CompiledRules, Move, Outcome, Position, Reason};

use crate::clock::TimeControl;
use crate::openings::{ATTEMPTS, RandomOpenings, generator};
use crate::stats::GameScore;
use crate::tournament::{Ending, Engine};

/// A side's name in endings: `attackers` or `defenders`.
pub(crate) const fn side_word(player: Player) -> &'static str {
    match player {
        Player::One => "attackers",
        Player::Two => "defenders",
    }
}

fn reason_text(reason: Reason) -> &'static str {
    match reason {
        Reason::KingEscaped => "the king escaped",
        Reason::KingCaptured => "the king was captured",
        Reason::NoPieces => "a side has no pieces left",
        Reason::DefendersImmobile => "the defenders cannot move",
        Reason::EdgeFort => "the king is in an edge fort",
        Reason::Surrounded => "the defenders are surrounded",
        Reason::Repetition => "the position occurred a third time",
        _ => "the rules ended the game",
    }
}

/// The rules' word on a position before a turn.
pub(crate) enum Verdict {
    /// The side to move plays.
    Turn,
    /// The game is over: how, and the side that won (`None`: a draw).
    Over(String, Option<Player>),
}

/// The verdict on a position whose rules say `outcome`, `to_move` to play, with a legal
/// move or not, after `plies` of at most `max_plies`: a side without a move loses.
pub(crate) fn verdict(
    outcome: Outcome,
    to_move: Player,
    has_move: bool,
    plies: usize,
    max_plies: usize,
) -> Verdict {
    match outcome {
        Outcome::Ongoing if plies >= max_plies => {
            Verdict::Over(format!("drawn after {max_plies} plies"), None)
        }
        Outcome::Ongoing if !has_move => {
            Verdict::Over(format!("the {} have no move", side_word(to_move)), Some(to_move.other()))
        }
        Outcome::Ongoing => Verdict::Turn,
        Outcome::Won { winner, reason } => Verdict::Over(
            format!("{} win: {}", side_word(winner), reason_text(reason)),
            Some(winner),
        ),
        Outcome::Drawn { reason } => Verdict::Over(format!("drawn: {}", reason_text(reason)), None),
        _ => Verdict::Over("the rules ended the game".into(), None),
    }
}

/// The score of a game that ended with `ending`: a forfeit loses; otherwise the side that
/// won (`winner`, played by `engine_of` it) wins, or it is a draw.
pub(crate) fn score(
    ending: &Ending,
    winner: Option<Player>,
    engine_of: impl Fn(Player) -> Engine,
) -> GameScore {
    match (ending, winner) {
        (Ending::Forfeit { loser, .. }, _) => loser.other().win(),
        (_, Some(side)) => engine_of(side).win(),
        _ => GameScore::Draw,
    }
}

/// A game that can be walked at random: its legal moves, a move made, and whether it is
/// still open.
pub(crate) trait Walk: Clone {
    /// The legal moves.
    fn moves(&self) -> Vec<Move>;
    /// Makes a legal move.
    fn make(&mut self, m: Move);
    /// Whether the game goes on.
    fn open(&self) -> bool;
}

impl Walk for Position {
    fn moves(&self) -> Vec<Move> {
        self.legal_moves()
    }

    fn make(&mut self, m: Move) {
        Position::make(self, m);
    }

    fn open(&self) -> bool {
        !self.outcome().is_over()
    }
}

/// Random opening number `index` of `random` from `start`: the game after `random.plies`
/// random legal plies that leave it open, and those plies; `None` when none is found.
pub(crate) fn random_walk<W: Walk>(
    start: &W,
    random: RandomOpenings,
    index: usize,
) -> Option<(W, Vec<Move>)> {
    (0..ATTEMPTS).find_map(|attempt| {
        let mut rng = generator(random.seed, index, attempt);
        let mut game = start.clone();
        let mut line = Vec::with_capacity(random.plies);
        for _ in 0..random.plies {
            let moves = game.moves();
            if moves.is_empty() || !game.open() {
                return None;
            }
            let m = moves[rng.below(moves.len())];
            game.make(m);
            line.push(m);
        }
        game.open().then_some((game, line))
    })
}

/// A tag value: OTN tags end at `]`, so it is replaced.
fn tag(text: &str) -> String {
    text.replace(']', ")").replace('[', "(").replace('\n', " ")
}

/// What an OTN game record of a match game says.
pub(crate) struct Record<'a> {
    /// The command lines of engines A and B.
    pub engines: &'a [String; 2],
    /// The time control.
    pub time: TimeControl,
    /// The rules record.
    pub rules_record: &'a str,
    /// The rules.
    pub rules: &'a CompiledRules,
    /// The game's number.
    pub number: usize,
    /// The position it started from.
    pub opening: &'a Position,
    /// Each ply in OpenTafl's full notation.
    pub moves: &'a [String],
    /// The engine that played the attackers.
    pub attackers: Engine,
    /// The result.
    pub score: GameScore,
    /// How it ended.
    pub ending: &'a Ending,
}

impl Record<'_> {
    /// The OTN game record: tags (`[rules:…]`, `[position:…]` for an opening,
    /// `[attackers:…]`, `[defenders:…]`, `[result:…]`, `[termination:…]`) and the moves,
    /// two a turn.
    pub(crate) fn text(&self) -> String {
        let attackers = self.attackers;
        let defenders = attackers.other();
        // OTN's result: 1 the attackers won, -1 the defenders, 0 a draw.
        let result = match self.score {
            GameScore::Draw => "0",
            score if score == attackers.win() => "1",
            _ => "-1",
        };
        let mut text = String::new();
        let _ = writeln!(text, "[event:gridnote match]");
        let _ = writeln!(text, "[game:{}]", self.number);
        let engine = |e: Engine| tag(&self.engines[e.index()]);
        let _ = writeln!(text, "[attackers:{} ({attackers})]", engine(attackers));
        let _ = writeln!(text, "[defenders:{} ({defenders})]", engine(defenders));
        let _ = writeln!(text, "[time-control:{}]", self.time);
        let _ = writeln!(text, "[result:{result}]");
        let _ = writeln!(text, "[termination:{}]", tag(&self.ending.to_string()));
        let _ = writeln!(text, "[rules:{}]", self.rules_record);
        let start = Position::start(self.rules);
        let opening = self.opening;
        if opening.otn() != start.otn() || opening.to_move() != start.to_move() {
            let _ = writeln!(text, "[position:{}]", opening.otn());
        }
        text.push('\n');
        // Turns as OTN numbers them: the first mover's ply then the other's; a game
        // starting with the second mover leaves the first slot of turn 1 out
        // (`1. ..... d3-e3`).
        let moves = self.moves;
        let mut turn = 1;
        let mut i = 0;
        if opening.to_move() != start.to_move() && !moves.is_empty() {
            let _ = writeln!(text, "1. ..... {}", moves[0]);
            i = 1;
            turn = 2;
        }
        while i < moves.len() {
            match moves.get(i + 1) {
                Some(second) => {
                    let _ = writeln!(text, "{turn}. {} {second}", moves[i]);
                }
                None => {
                    let _ = writeln!(text, "{turn}. {}", moves[i]);
                }
            }
            i += 2;
            turn += 1;
        }
        text
    }
}
