//! `gridnote match`: a referee for two engines (gridnote-referee does the work).

use std::io::BufRead;
use std::path::PathBuf;
use std::time::Duration;

use gridnote_referee::clock::TimeControl;
use gridnote_referee::st3p::{self, BoardSpec, St3pMatch};
use gridnote_referee::tournament::{Contest, Game, Summary, play_match};

use crate::inputs::Io;
use crate::status::{EXIT_FAILED, EXIT_OK, EXIT_USAGE};

/// Referee a match between two engines: N games, colours alternated, a time control,
/// forfeits for illegal moves, time losses, crashes and malformed replies, every game
/// recorded (--records DIR), and the score with its 95% interval and an Elo estimate.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// Engine A's command line, run by `sh -c` (e.g. "gridnote st3p").
    #[arg(value_name = "ENGINE_A")]
    pub(crate) engine_a: String,
    /// Engine B's command line.
    #[arg(value_name = "ENGINE_B")]
    pub(crate) engine_b: String,
    /// The protocol both engines speak: st3p (m,n,k games) or otep (tafl, OpenTafl's
    /// engine protocol).
    #[arg(long, value_name = "PROTOCOL", default_value = "st3p", value_parser = ["st3p", "otep"])]
    pub(crate) protocol: String,
    /// The tafl rules (otep): an OpenTafl variant's name (brandubh, copenhagen, fetlar,
    /// tablut, …) or an OTN rules record (dim:7 … start:/…/).
    #[arg(long, value_name = "NAME|RECORD", default_value = "brandubh")]
    pub(crate) rules: String,
    /// The board and the line that wins, MxNkK (st3p): 3x3k3, 15x15k5, …
    #[arg(long, value_name = "MxNkK", default_value = "3x3k3")]
    pub(crate) board: BoardSpec,
    /// How many games (colours alternate: A moves first in odd games).
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub(crate) games: usize,
    /// Time control: BASE+INCREMENT in seconds (10+0.1) or st=SECONDS for a fixed time
    /// per move (st=0.1).
    #[arg(long, value_name = "TC", default_value = "10+0.1")]
    pub(crate) tc: TimeControl,
    /// Lateness forgiven on each move for process scheduling, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 20)]
    pub(crate) margin_ms: u64,
    /// Openings: a file of positions, one per line, each played twice, colours swapped
    /// (blank and `#` lines skipped): T3EN for st3p; for otep an OTN position record and
    /// the side to move (`/3t3/…/ defenders`; the rules' first mover when left out).
    #[arg(long, value_name = "FILE", conflicts_with = "random_plies")]
    pub(crate) openings: Option<PathBuf>,
    /// Random openings of N plies from the empty board or the tafl start (seeded by
    /// --seed).
    #[arg(long, value_name = "N")]
    pub(crate) random_plies: Option<usize>,
    /// The seed of the random openings.
    #[arg(long, value_name = "SEED", default_value_t = 1)]
    pub(crate) seed: u64,
    /// Games played at once.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub(crate) jobs: usize,
    /// Write every game's record into DIR (one file per game: game-0001.txt, or
    /// game-0001.otg for otep).
    #[arg(long, value_name = "DIR")]
    pub(crate) records: Option<PathBuf>,
    /// Print only the final summary, as one JSON object.
    #[arg(long)]
    pub(crate) json: bool,
}

/// Runs a match and prints the results table and the score.
pub(crate) fn run(args: &Args, _stdin: &mut dyn BufRead, io: &mut Io<'_>) -> u8 {
    if args.protocol == "otep" {
        return match otep_contest(args) {
            Ok(contest) => run_contest(args, &contest, io),
            Err(message) => {
                let _ = writeln!(io.err, "error: {message}");
                EXIT_USAGE
            }
        };
    }
    let openings = match openings(args) {
        Ok(openings) => openings,
        Err(message) => {
            let _ = writeln!(io.err, "error: {message}");
            return EXIT_USAGE;
        }
    };
    let mut contest = St3pMatch::new(
        [args.engine_a.clone(), args.engine_b.clone()],
        openings,
        args.board.in_a_row,
        args.tc,
    );
    contest.margin = Duration::from_millis(args.margin_ms);
    run_contest(args, &contest, io)
}

/// Plays the match and prints the results table and the score.
fn run_contest<C: Contest>(args: &Args, contest: &C, io: &mut Io<'_>) -> u8 {
    if let Some(dir) = &args.records {
        if let Err(err) = std::fs::create_dir_all(dir) {
            let _ = writeln!(io.err, "error: cannot create {}: {err}", dir.display());
            return EXIT_FAILED;
        }
    }
    let mut failed = false;
    let mut done = 0;
    let mut tally = gridnote_referee::stats::Tally::default();
    let games = play_match(contest, args.games, args.jobs, |game| {
        done += 1;
        tally.add(game.score);
        if let Some(dir) = &args.records {
            let path = dir.join(&game.file_name);
            if let Err(err) = std::fs::write(&path, &game.record) {
                let _ = writeln!(io.err, "error: cannot write {}: {err}", path.display());
                failed = true;
            }
        }
        if !args.json {
            let _ = writeln!(io.out, "{}", table_line(game));
        }
        if io.terminals.stderr {
            let _ = write!(
                io.err,
                "\rgames {done}/{}  a {} - {} - {} b  score {:.3}   ",
                args.games,
                tally.a_wins,
                tally.draws,
                tally.b_wins,
                tally.score().unwrap_or(0.0)
            );
            let _ = io.err.flush();
        }
        let _ = io.input_done();
    });
    if io.terminals.stderr {
        let _ = writeln!(io.err);
    }
    let summary = Summary::of(&games);
    if args.json {
        match serde_json::to_string(&summary) {
            Ok(json) => {
                let _ = writeln!(io.out, "{json}");
            }
            Err(err) => {
                let _ = writeln!(io.err, "error: {err}");
                failed = true;
            }
        }
    } else {
        let _ = write!(io.out, "{}", summary_text(&summary));
    }
    if failed { EXIT_FAILED } else { EXIT_OK }
}

/// The openings: the file, random ones, or the empty board.
fn openings(args: &Args) -> Result<Vec<gridnote_referee::board::Position>, String> {
    let start = args.board.start();
    if let Some(path) = &args.openings {
        let text = std::fs::read_to_string(path)
            .map_err(|err| format!("cannot read {}: {err}", path.display()))?;
        let openings = st3p::read_openings(&text).map_err(|err| err.to_string())?;
        if openings.is_empty() {
            return Err(format!("{} holds no opening", path.display()));
        }
        return Ok(openings);
    }
    if let Some(plies) = args.random_plies {
        let count = args.games.div_ceil(2).max(1);
        let openings = st3p::random_openings(&start, args.board.in_a_row, plies, count, args.seed);
        if openings.len() < count {
            return Err(format!(
                "cannot find {count} random openings of {plies} plies on {} that leave the game open",
                args.board
            ));
        }
        return Ok(openings);
    }
    Ok(vec![start])
}

/// One line of the results table.
fn table_line(game: &Game) -> String {
    let result = match game.score {
        gridnote_referee::stats::GameScore::AWins => "1-0",
        gridnote_referee::stats::GameScore::Draw => "1/2-1/2",
        gridnote_referee::stats::GameScore::BWins => "0-1",
    };
    format!(
        "game {:>4}  first {}  a-b {result:<7}  {:>3} plies  {}",
        game.number, game.first, game.plies, game.ending
    )
}

/// The closing lines, as cutechess-cli prints them.
fn summary_text(summary: &Summary) -> String {
    let elo = match (summary.elo, summary.elo_error) {
        (Some(elo), Some(error)) => format!("{elo:+.1} +/- {error:.1}"),
        (Some(elo), None) => format!("{elo:+.1} +/- inf"),
        _ => "not finite (one side scored everything or nothing)".to_owned(),
    };
    let mut text = format!(
        "Score of a vs b: {} - {} - {}  [{:.3}] {}\n95% interval of the score: [{:.3}, {:.3}]\nElo difference: {elo}\n",
        summary.a_wins,
        summary.b_wins,
        summary.draws,
        summary.score,
        summary.games,
        summary.score_interval.0,
        summary.score_interval.1,
    );
    text.push_str(&format!("Forfeits: {}\n", summary.forfeits.len()));
    for forfeit in &summary.forfeits {
        text.push_str(&format!("  game {}: {} {}\n", forfeit.game, forfeit.engine, forfeit.reason));
    }
    text
}

/// `gridnote match --protocol otep`: the contest the flags describe.
fn otep_contest(
    args: &Args,
) -> Result<gridnote_referee::otep::OtepMatch, String> {
    use gridnote_referee::otep::{OtepMatch, random_openings, read_openings, rules_named};
    let rules = rules_named(&args.rules)?;
    let openings = match (&args.openings, args.random_plies) {
        (Some(path), _) => {
            let text = std::fs::read_to_string(path)
                .map_err(|err| format!("cannot read {}: {err}", path.display()))?;
            let openings = read_openings(&rules, &text).map_err(|err| err.to_string())?;
            if openings.is_empty() {
                return Err(format!("{} holds no opening", path.display()));
            }
            openings
        }
        (None, Some(plies)) => {
            let count = args.games.div_ceil(2).max(1);
            let openings = random_openings(&rules, plies, count, args.seed);
            if openings.len() < count {
                return Err(format!(
                    "cannot find {count} random openings of {plies} plies that leave the game open"
                ));
            }
            openings
        }
        (None, None) => Vec::new(),
    };
    let mut contest = OtepMatch::new(
        [args.engine_a.clone(), args.engine_b.clone()],
        &args.rules,
        openings,
        args.tc,
    )?;
    contest.margin = Duration::from_millis(args.margin_ms);
    Ok(contest)
}
