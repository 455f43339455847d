//! Solves the empty board of a given shape, or the position after the moves given, and
//! prints the value, the time, the nodes and the table size:
//! `cargo run --release -p gridnote-solve --example empty -- 7 7 5 [misere] [no-diagonals] [d4 d3 …]`
//! (`TABLE_MIB=N` bounds the table; `LIMIT=SECONDS` stops the solve and prints what it
//! had proved).

use std::io::Write as _;
use std::time::{Duration, Instant};

use gridnote_solve::Solver;
use gridnote_solve::board::{Position, Rules};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: usize| -> Result<usize, Box<dyn std::error::Error>> {
        Ok(args.get(i).map(|s| s.parse()).transpose()?.unwrap_or(default))
    };
    let (rows, cols, k) = (number(0, 3)?, number(1, 3)?, number(2, 3)?);
    let misere = args.iter().any(|a| a == "misere");
    let diagonals = !args.iter().any(|a| a == "no-diagonals");
    let rules = Rules::TIC_TAC_TOE.with_in_a_row(k).with_misere(misere).with_diagonals(diagonals);
    let mut solver = match std::env::var("TABLE_MIB") {
        Ok(mib) => Solver::with_table_bytes(mib.parse::<usize>()? << 20),
        Err(_) => Solver::new(),
    };
    let mut position = Position::start(rows, cols)?;
    for name in args.iter().skip(3).filter(|a| *a != "misere" && *a != "no-diagonals") {
        position = position.play_name(name, rules)?;
    }
    let limit = std::env::var("LIMIT").ok().map(|s| s.parse::<f64>()).transpose()?;
    let start = Instant::now();
    let solution = match limit {
        Some(secs) => solver.solve_by(&position, rules, start + Duration::from_secs_f64(secs)),
        None => solver.solve(&position, rules),
    };
    let elapsed = start.elapsed();
    let mut out = std::io::stdout().lock();
    let solution = match solution {
        Ok(solution) => solution,
        Err(err) => {
            writeln!(out, "{rows}x{cols} {rules}: {err} ({:.3} s)", elapsed.as_secs_f64())?;
            return Ok(());
        }
    };
    let stats = solver.table_stats();
    writeln!(out, "{rows}x{cols} {rules}: {solution}")?;
    writeln!(
        out,
        "{:.3} s, {} nodes, {:.0} nodes/s, table {} KiB ({} of {} entries used)",
        elapsed.as_secs_f64(),
        solution.nodes,
        solution.nodes as f64 / elapsed.as_secs_f64(),
        stats.bytes / 1024,
        stats.stored,
        stats.capacity
    )?;
    Ok(())
}
