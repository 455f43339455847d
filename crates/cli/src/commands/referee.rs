//! `gridnote match`: a referee for two engines (gridnote-referee does the work).

use std::io::BufRead;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::Duration;

use gridnote_referee::clock::TimeControl;
use gridnote_referee::openings::RandomOpenings;
use gridnote_referee::st3p::{self, BoardSpec, MnkProtocol, MnkProtocolError, St3pMatch};
use gridnote_referee::tournament::{Contest, Ending, Forfeit, Game, Summary, play_match};

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
    /// The protocol both engines speak: st3p or gomocup (m,n,k games; Gomocup is the
    /// Piskvork brain protocol of gomoku engines) or otep (tafl, OpenTafl's engine
    /// protocol) or htp (Copenhagen hnefatafl on 11x11, the Hnefatafl Text Protocol of
    /// hnefatafl-copenhagen).
    #[arg(long, value_name = "PROTOCOL", default_value = "st3p", value_parser = ["st3p", "gomocup", "otep", "htp"])]
    pub(crate) protocol: String,
    /// Engine A's protocol when the engines speak different ones (st3p or gomocup:
    /// m,n,k games only); --protocol when left out.
    #[arg(long, value_name = "PROTOCOL", value_parser = ["st3p", "gomocup"])]
    pub(crate) protocol_a: Option<String>,
    /// Engine B's protocol (st3p or gomocup); --protocol when left out.
    #[arg(long, value_name = "PROTOCOL", value_parser = ["st3p", "gomocup"])]
    pub(crate) protocol_b: Option<String>,
    /// The rules. Tafl (otep): an OpenTafl variant's name (brandubh, copenhagen, fetlar,
    /// tablut, …) or an OTN rules record (dim:7 … start:/…/); brandubh when left out.
    /// htp: copenhagen only (the default).
    /// m,n,k games: gomoku's rule set by the name gridnote gives it (gomoku, gomoku+exact,
    /// renju, caro; K in a row as --board says, diagonals, normal play); freestyle when
    /// left out.
    #[arg(long, value_name = "NAME|RECORD")]
    pub(crate) rules: Option<String>,
    /// The board and the line that wins, MxNkK (st3p): 3x3k3, 15x15k5, …
    #[arg(long, value_name = "MxNkK", default_value = "3x3k3")]
    pub(crate) board: BoardSpec,
    /// How many games, 1 to 1000000 (colours alternate: A moves first in odd games).
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = crate::numbers::whole(1u32, 1_000_000))]
    pub(crate) games: u32,
    /// Time control: BASE+INCREMENT in seconds (10+0.1) or st=SECONDS for a fixed time
    /// per move (st=0.1).
    #[arg(long, value_name = "TC", default_value = "10+0.1")]
    pub(crate) tc: TimeControl,
    /// Lateness forgiven on each move for process scheduling, in milliseconds (0 to
    /// 60000).
    #[arg(long, value_name = "MS", default_value_t = 20, value_parser = crate::numbers::whole(0u64, 60_000))]
    pub(crate) margin_ms: u64,
    /// Openings: a file of positions, one per line, each played twice, colours swapped
    /// (blank and `#` lines skipped): T3EN for st3p; for otep an OTN position record and
    /// the side to move (`/3t3/…/ defenders`; the rules' first mover when left out); not
    /// for htp (use --random-plies).
    #[arg(long, value_name = "FILE", conflicts_with = "random_plies")]
    pub(crate) openings: Option<PathBuf>,
    /// Random openings of N plies (0 to 1000) from the empty board or the tafl start
    /// (seeded by --seed), each made when its game starts.
    #[arg(long, value_name = "N", value_parser = crate::numbers::whole(0u32, 1000))]
    pub(crate) random_plies: Option<u32>,
    /// The seed of the random openings (0 to 18446744073709551615).
    #[arg(long, value_name = "SEED", default_value_t = 1,
          value_parser = crate::numbers::whole(0u64, u64::MAX))]
    pub(crate) seed: u64,
    /// Tafl (otep, htp): a game still going after N plies (1 to 100000) is drawn; 1000
    /// when left out for otep, 142 for htp (hnefatafl-copenhagen's own limit).
    #[arg(long, value_name = "N", value_parser = crate::numbers::whole(1u32, 100_000))]
    pub(crate) max_plies: Option<u32>,
    /// Games played at once, 1 to 256 (never more than there are games).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = crate::numbers::whole(1u32, 256))]
    pub(crate) jobs: u32,
    /// Write every game's record into DIR as the game ends (one file per game:
    /// game-0001.txt; game-0001.psq, Piskvork's record, when an engine speaks gomocup;
    /// game-0001.otg for otep and htp). DIR is made when missing and must be
    /// empty unless --force.
    #[arg(long, value_name = "DIR")]
    pub(crate) records: Option<PathBuf>,
    /// Write the records into a folder that already holds files (files of the same names
    /// are replaced; others stay).
    #[arg(long, requires = "records")]
    pub(crate) force: bool,
    /// Print only the final summary, as one JSON object.
    #[arg(long)]
    pub(crate) json: bool,
}

/// Runs a match and prints the results table and the score.
pub(crate) fn run(args: &Args, _stdin: &mut dyn BufRead, io: &mut Io<'_>) -> u8 {
    let prepared = records_folder(args).and_then(|()| {
        let tafl = args.protocol == "otep" || args.protocol == "htp";
        if tafl && (args.protocol_a.is_some() || args.protocol_b.is_some()) {
            Err(format!("--protocol-a and --protocol-b are for m,n,k games (st3p, gomocup); {} engines play tafl with --protocol {} against each other", args.protocol.to_uppercase(), args.protocol))
        } else if !tafl && args.max_plies.is_some() {
            Err(format!("--max-plies is for tafl (--protocol otep or htp); an m,n,k game ends when its board is full (--protocol {})", args.protocol))
        } else if args.protocol == "htp" {
            htp_contest(args).map(|contest| Box::new(contest) as Box<dyn Contest>)
        } else if args.protocol == "otep" {
            otep_contest(args).map(|contest| Box::new(contest) as Box<dyn Contest>)
        } else {
            st3p_contest(args).map(|contest| Box::new(contest) as Box<dyn Contest>)
        }
    });
    match prepared {
        Ok(contest) => run_contest(args, contest.as_ref(), io),
        Err(message) => {
            let _ = writeln!(io.err, "error: {message}");
            EXIT_USAGE
        }
    }
}

/// The records folder, checked before any game: made when missing; refused when it is a
/// file, or holds files and `--force` was not given.
fn records_folder(args: &Args) -> Result<(), String> {
    let Some(dir) = &args.records else { return Ok(()) };
    let shown = dir.display();
    if dir.exists() && !dir.is_dir() {
        return Err(format!(
            "--records {shown} is a file: give a folder (it is made when missing)"
        ));
    }
    if dir.is_dir() && !args.force {
        let entries = std::fs::read_dir(dir)
            .map_err(|err| format!("cannot read the folder {shown}: {err}"))?;
        let mut names: Vec<String> =
            entries.flatten().map(|e| e.file_name().to_string_lossy().into_owned()).collect();
        if !names.is_empty() {
            names.sort();
            let count = names.len();
            let more = if count > 3 { ", …" } else { "" };
            names.truncate(3);
            return Err(format!(
                "--records {shown} already holds {count} file(s) ({}{more}): give a new or empty folder, or --force to write into it",
                names.join(", ")
            ));
        }
    }
    std::fs::create_dir_all(dir).map_err(|err| format!("cannot create {shown}: {err}"))
}

/// Plays the match and prints each game's line as it ends (flushed, whatever the output
/// is, so that an interrupted match keeps what was finished), then the score.
fn run_contest(args: &Args, contest: &dyn Contest, io: &mut Io<'_>) -> u8 {
    let mut failed = false;
    let mut done = 0;
    let mut tally = gridnote_referee::stats::Tally::default();
    // The records written: how many, and the first and last names.
    let mut written: (usize, Option<String>, Option<String>) = (0, None, None);
    let summary = play_match(contest, args.games as usize, args.jobs as usize, |game| {
        done += 1;
        tally.add(game.score);
        if let Some(dir) = &args.records {
            let path = dir.join(&game.file_name);
            match std::fs::write(&path, &game.record) {
                Ok(()) => {
                    written.0 += 1;
                    let name = &game.file_name;
                    if written.1.as_ref().is_none_or(|first| name < first) {
                        written.1 = Some(name.clone());
                    }
                    if written.2.as_ref().is_none_or(|last| name > last) {
                        written.2 = Some(name.clone());
                    }
                }
                Err(err) => {
                    let _ = writeln!(io.err, "error: cannot write {}: {err}", path.display());
                    failed = true;
                }
            }
        }
        if !args.json {
            let _ = writeln!(io.out, "{}", table_line(&game));
            let _ = io.out.flush();
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
        // An engine that cannot be started fails every game: the match ends here.
        if let Ending::Forfeit { loser, forfeit: Forfeit::NotStarted(why) } = &game.ending {
            let engine = if loser.index() == 0 { &args.engine_a } else { &args.engine_b };
            if io.terminals.stderr {
                let _ = writeln!(io.err);
            }
            let _ = writeln!(io.err, "error: engine {loser} (`{engine}`) could not be started: {why}");
            failed = true;
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    if io.terminals.stderr {
        let _ = writeln!(io.err);
    }
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
    if let (Some(dir), (count, Some(first), Some(last))) = (&args.records, &written) {
        let names = if first == last { first.clone() } else { format!("{first} to {last}") };
        let _ = writeln!(io.err, "records: {count} written in {} ({names})", dir.display());
    }
    if failed { EXIT_FAILED } else { EXIT_OK }
}

/// `gridnote match --protocol st3p`: the contest the flags describe.
fn st3p_contest(args: &Args) -> Result<St3pMatch, String> {
    let start = args.board.start();
    let k = args.board.in_a_row;
    let mut random = None;
    let openings = if let Some(path) = &args.openings {
        let text = std::fs::read_to_string(path)
            .map_err(|err| format!("cannot read {}: {err}", path.display()))?;
        let openings = st3p::read_openings(&text, k).map_err(|err| err.to_string())?;
        if openings.is_empty() {
            return Err(format!("{} holds no opening", path.display()));
        }
        openings
    } else {
        if let Some(plies) = args.random_plies {
            let openings = RandomOpenings::new(plies as usize, args.seed);
            if st3p::random_opening(&start, k, openings, 0).is_none() {
                return Err(format!(
                    "cannot find random openings of {plies} plies on {} that leave the game open",
                    args.board
                ));
            }
            random = Some(openings);
        }
        vec![start]
    };
    let mut contest =
        St3pMatch::new([args.engine_a.clone(), args.engine_b.clone()], openings, k, args.tc);
    let protocol = |given: &Option<String>| -> Result<MnkProtocol, String> {
        given.as_deref().unwrap_or(&args.protocol).parse().map_err(|e: MnkProtocolError| e.to_string())
    };
    contest.protocols = [protocol(&args.protocol_a)?, protocol(&args.protocol_b)?];
    if let Some(name) = &args.rules {
        let rules = crate::names::parse_rules(name)?;
        if rules.in_a_row != k || !rules.diagonals || rules.misere {
            return Err(format!(
                "--rules {name} is {rules}: a match plays K in a row as --board says ({k}), with diagonals, normal play; give gomoku, gomoku+exact, renju or caro (with k={k} when K is not 5)"
            ));
        }
        contest.gomoku = rules.gomoku;
    }
    contest.check().map_err(|err| format!("{err} (--board {})", args.board))?;
    contest.random = random;
    contest.margin = Duration::from_millis(args.margin_ms);
    Ok(contest)
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
fn otep_contest(args: &Args) -> Result<gridnote_referee::otep::OtepMatch, String> {
    use gridnote_referee::otep::{OtepMatch, random_opening, read_openings, rules_named};
    let name = args.rules.as_deref().unwrap_or("brandubh");
    let rules = rules_named(name)?;
    let mut random = None;
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
            let openings = RandomOpenings::new(plies as usize, args.seed);
            if random_opening(&rules, openings, 0).is_none() {
                return Err(format!(
                    "cannot find random openings of {plies} plies that leave the game open"
                ));
            }
            random = Some(openings);
            Vec::new()
        }
        (None, None) => Vec::new(),
    };
    let mut contest = OtepMatch::new(
        [args.engine_a.clone(), args.engine_b.clone()],
        name,
        openings,
        args.tc,
    )?;
    contest.random = random;
    contest.margin = Duration::from_millis(args.margin_ms);
    if let Some(plies) = args.max_plies {
        contest.max_plies = plies as usize;
    }
    Ok(contest)
}

/// `gridnote match --protocol htp`: the contest the flags describe.
fn htp_contest(args: &Args) -> Result<gridnote_referee::htp::HtpMatch, String> {
    use gridnote_referee::htp::HtpMatch;
    if let Some(name) = args.rules.as_deref().filter(|name| *name != "copenhagen") {
        return Err(format!(
            "--rules {name}: HTP engines play Copenhagen hnefatafl on 11x11 (--rules copenhagen, the default)"
        ));
    }
    if let Some(path) = &args.openings {
        return Err(format!(
            "--openings {}: HTP sets a game up only by plays from the start: give --random-plies N",
            path.display()
        ));
    }
    let mut contest = HtpMatch::new([args.engine_a.clone(), args.engine_b.clone()], args.tc)?;
    if let Some(plies) = args.random_plies {
        let random = RandomOpenings::new(plies as usize, args.seed);
        if gridnote_referee::htp::random_opening(random, 0).is_none() {
            return Err(format!(
                "cannot find random openings of {plies} plies that leave the game open"
            ));
        }
        contest.random = Some(random);
    }
    contest.margin = Duration::from_millis(args.margin_ms);
    if let Some(plies) = args.max_plies {
        contest.max_plies = plies as usize;
    }
    Ok(contest)
}
