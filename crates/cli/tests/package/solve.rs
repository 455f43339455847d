//! `gridnote solve` and `gridnote st3p`: output, JSON, errors, and whole ST3P games
//! driven through the real binary's pipes.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use gridnote_board::{Outcome, Player, Position, Rules};
use gridnote_solve::Solver;
use gridnote_t3en::T3en;

use crate::support::run;

#[test]
fn solve_prints_value_distance_and_best_moves() {
    let (status, out, err) =
        run(&["solve", "3_/3_/3_ x", "xo_/_x_/3_ o", "x2_/3_/3_ o", "(x ____ ____ ____)"], b"");
    assert_eq!((status, err.as_str()), (0, ""));
    assert_eq!(
        out,
        "draw in 9 plies; best: a1 a2 a3 b1 b2 b3 c1 c2 c3\n\
         x wins in 4 plies; best: c1\n\
         draw in 8 plies; best: b2\n\
         x wins in 7 plies; best: b1 b2 b3 c1 c2 c3\n"
    );
}

#[test]
fn solve_reads_standard_input_and_takes_rules_names() {
    let (status, out, _) = run(&["solve", "--rules", "tic-tac-toe+misere"], b"3_/3_/3_ x\n");
    assert_eq!((status, out.as_str()), (0, "draw in 9 plies; best: b2\n"));
    let (status, out, _) = run(&["solve", "--rules", "tic-tac-toe+k=3"], b"4_/4_/4_/4_ x\n");
    assert_eq!((status, out.as_str()), (0, "x wins in 5 plies; best: b2 b3 c2 c3\n"));
    let (status, out, _) =
        run(&["solve", "--rules", "tomorrows+misere+diagonals"], b"(x ____ ____ ____)\n");
    assert_eq!(
        (status, out.as_str()),
        (0, "o wins in 11 plies; best: a1 a2 a3 b1 b2 b3 c1 c2 c3 d1 d2 d3\n")
    );
    let (status, _, err) = run(&["solve", "--rules", "chess", "3_/3_/3_ x"], b"");
    assert_eq!(status, 2);
    assert!(err.contains("unknown rules `chess`"), "{err}");
}

#[test]
fn solve_with_a_time_limit_says_what_it_proved() {
    let (status, out, _) = run(&["solve", "--time-limit", "60", "3_/3_/3_ x"], b"");
    assert_eq!((status, out.as_str()), (0, "draw in 9 plies; best: a1 a2 a3 b1 b2 b3 c1 c2 c3\n"));
    // 5x5 with four in a row takes about 145,000 nodes: far beyond a millisecond.
    let (status, out, err) = run(
        &["solve", "--rules", "tic-tac-toe+k=4", "--time-limit", "0.001", "5_/5_/5_/5_/5_ x"],
        b"",
    );
    assert_eq!((status, out.as_str()), (1, ""));
    assert!(err.contains("out of time after "), "{err}");
    assert!(err.contains(" nodes; proved so far: nothing"), "{err}");
    let (status, _, err) = run(&["solve", "--time-limit", "0", "3_/3_/3_ x"], b"");
    assert_eq!(status, 2);
    assert!(err.contains("`0` is not a number of seconds"), "{err}");
}

#[test]
fn solve_shows_a_progress_line_on_a_terminal_and_clears_it() {
    let mut out = Vec::new();
    let mut err = Vec::new();
    let argv = ["gridnote", "solve", "--rules", "tic-tac-toe+misere", "6_/6_/6_/6./6./6. x"];
    let terminals = gridnote_cli::Terminals::new(false, false, true);
    let status =
        gridnote_cli::run_with(argv.map(Into::into), &mut &b""[..], &mut out, &mut err, terminals);
    assert_eq!(status, 0);
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "o wins in 17 plies; best: a4 a5 a6 b4 b5 b6 c4 c5 c6 d4 d5 d6 e4 e5 e6 f4 f5 f6\n"
    );
    // Three in a row, misère, on three rows of six takes 2,320,793 nodes: two reports
    // (they come every 1,048,576 nodes), then the line is cleared.
    let err = String::from_utf8(err).unwrap();
    let reports: Vec<&str> = err.split('\r').filter(|s| !s.is_empty()).collect();
    assert_eq!(reports.len(), 3, "{err:?}");
    assert!(reports[0].starts_with("solving: 1048576 nodes, ") && reports[0].ends_with(" s"));
    assert!(reports[1].starts_with("solving: 2097152 nodes, ") && reports[1].ends_with(" s"));
    assert_eq!(reports[2], "\x1b[2K");
    // Not on a pipe.
    let (status, _, err) = run(&["solve", "--rules", "tic-tac-toe+k=4", "4_/4_/4_/4_ x"], b"");
    assert_eq!((status, err.as_str()), (0, ""));
}

#[test]
fn finished_games_have_distance_0() {
    let (status, out, _) = run(&["solve", "xxx/oo_/3_ o", "xox/xoo/oxx o"], b"");
    assert_eq!(status, 0);
    assert_eq!(out, "x wins in 0 plies; game over\ndraw in 0 plies; game over\n");
}

#[test]
fn solve_json_has_one_object_per_input() {
    let (status, out, _) =
        run(&["solve", "--json", "--quiet"], b"xo_/_x_/3_ o\nxx_/3_/3_ x\n2_o/_x_/3_ x\n");
    assert_eq!(status, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        [
            r#"{"input":"xo_/_x_/3_ o","line":1,"winner":"x","plies":4,"best":["c1"],"nodes":22}"#,
            r#"{"input":"xx_/3_/3_ x","line":2,"error":{"message":"illegal position: Player One has more than one piece more than Player Two","span":[0,11]}}"#,
            r#"{"input":"2_o/_x_/3_ x","line":3,"winner":"draw","plies":7,"best":["a1","a2","a3","b1","b3","c1","c2"],"nodes":92}"#,
        ]
    );
}

#[test]
fn solve_refuses_illegal_and_tafl_positions() {
    let (status, out, err) = run(&["solve", "xxx/ooo/3_ x", "3 4 3/1a1/2d a 3 2"], b"");
    assert_eq!((status, out.as_str()), (1, ""));
    assert_eq!(
        err,
        "error: argument 1: illegal position: both players hold a line\n  | xxx/ooo/3_ x\n  | ^^^^^^^^^^^^\n\
         error: argument 2: solve handles m,n,k games (tic-tac-toe and its relatives); a tsn position is tafl\n  | 3 4 3/1a1/2d a 3 2\n  | ^^^^^^^^^^^^^^^^^^\n"
    );
}

#[test]
fn st3p_answers_the_handshake_identify_and_moves() {
    let input = b"st3p version 1\nidentify\nmove xo_/_x_/3_ o time-remaining ms:5000\n\
                  move 4_/4_/4./4. o win-length 3\nquit\nmove 3_/3_/3_ x\n";
    let (status, out, err) = run(&["st3p"], input);
    assert_eq!((status, err.as_str()), (0, ""));
    assert_eq!(
        out,
        format!(
            "st3p version 1 ok\nidentify name gridnote\nidentify version {}\n\
             identify author The gridnote developers\nidentify url https://github.com/gridnote/gridnote\n\
             identify ok\nbest c3\nbest b2\n",
            env!("CARGO_PKG_VERSION")
        )
    );
}

#[test]
fn st3p_reports_bad_commands_and_keeps_serving() {
    let input = b"st3p version 7\ndance\nmove 3_/3_ x\nmove 3_/3_/3_ x time-remaining soon\n\
                  move xxx/oo_/3_ o\n\nmove 3_/_x_/3_ o time ms:200 ponder\n\
                  move 3_/3_/3_ x time-remaining ms:18446744073709551615\n";
    let (status, out, err) = run(&["st3p"], input);
    assert_eq!(status, 0);
    assert_eq!(out, "best a1\nbest b2\n");
    assert_eq!(
        err,
        "error: unsupported version `7`: this engine speaks 1 and 2: `st3p version 7`\n\
         error: unknown command `dance`: `dance`\n\
         error: bad position: row 1 has 3 cells, expected 2: the grid has 2 rows and must be square: `move 3_/3_ x`\n\
         error: `soon` is not a duration: expected ms:N, like ms:1000: `move 3_/3_/3_ x time-remaining soon`\n\
         error: the game is over: there is no move to choose: `move xxx/oo_/3_ o`\n\
         note: ignoring unknown token `ponder`\n"
    );
}

/// An ST3P engine process.
struct Engine {
    child: std::process::Child,
    replies: BufReader<std::process::ChildStdout>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_gridnote"))
            .arg("st3p")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        let replies = BufReader::new(child.stdout.take().unwrap());
        Engine { child, replies }
    }

    fn ask(&mut self, command: &str) -> String {
        let stdin = self.child.stdin.as_mut().unwrap();
        writeln!(stdin, "{command}").unwrap();
        stdin.flush().unwrap();
        let mut line = String::new();
        self.replies.read_line(&mut line).unwrap();
        line.trim_end().to_owned()
    }

    fn quit(mut self) {
        writeln!(self.child.stdin.as_mut().unwrap(), "quit").unwrap();
        assert!(self.child.wait().unwrap().success());
    }
}

/// The engine's move in `pos`, as (row, col), checked to be an empty cell.
fn engine_move(engine: &mut Engine, pos: &Position, extra: &str) -> (usize, usize) {
    let t3en = T3en::new(pos.clone()).unwrap().to_string();
    let reply = engine.ask(&format!("move {t3en} time-remaining ms:3000{extra}"));
    let name = reply.strip_prefix("best ").unwrap_or_else(|| panic!("{reply}"));
    let letters = name.bytes().take_while(u8::is_ascii_lowercase).count();
    let col = name[..letters].bytes().fold(0, |c, b| c * 26 + usize::from(b - b'a') + 1) - 1;
    let row: usize = name[letters..].parse::<usize>().unwrap() - 1;
    assert_eq!(pos.board.get(row, col), Some(gridnote_board::Cell::Empty), "{t3en}: {reply}");
    (row, col)
}

#[test]
fn st3p_plays_whole_games_perfectly() {
    let mut engine = Engine::start();
    assert_eq!(engine.ask("st3p version 2"), "st3p version 2 ok");
    // Against itself on 3x3: a draw.
    let rules = Rules::TIC_TAC_TOE;
    let mut pos = Position::start(3, 3).unwrap();
    while !pos.outcome(rules).is_over() {
        let (r, c) = engine_move(&mut engine, &pos, "");
        pos = pos.play(r, c, rules).unwrap();
    }
    assert_eq!(pos.outcome(rules), Outcome::Drawn);
    // As x on 4x4 with three in a row (a first-player win) against every opponent
    // reply in turn of a perfect solver's moves and a first-empty-cell player: x wins.
    let rules = Rules::TIC_TAC_TOE.with_in_a_row(3);
    for perfect in [true, false] {
        let mut solver = Solver::new();
        let mut pos = Position::start(4, 4).unwrap();
        while !pos.outcome(rules).is_over() {
            let (r, c) = if pos.to_move == Player::One {
                engine_move(&mut engine, &pos, " win-length 3")
            } else if perfect {
                let best = solver.solve(&pos, rules).unwrap().best[0];
                pos.board.parse_cell_name(&best.to_string()).unwrap()
            } else {
                pos.board.empty_cells().next().unwrap()
            };
            pos = pos.play(r, c, rules).unwrap();
        }
        assert_eq!(pos.outcome(rules), Outcome::Won(Player::One));
    }
    engine.quit();
}
