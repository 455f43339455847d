//! Full solves from the empty board with gridnote-solve: tic-tac-toe's 3x3, Tomorrow's
//! Tic-Tac-Toe's 3x4 under its four rule sets, and 4x4 with three and four in a row,
//! normal and misère. Each iteration builds a fresh solver (its table included), so the
//! figures are what one `gridnote solve` of that position costs.
//!
//! `cargo bench --manifest-path bench/Cargo.toml --bench solve`; the nodes searched and
//! the table size per case are printed by
//! `cargo run --release -p gridnote-solve --example empty -- ROWS COLS K [misere] [no-diagonals]`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use gridnote_board::{Position, Rules};
use gridnote_solve::Solver;

/// (id, rows, cols, rules).
fn cases() -> Vec<(String, usize, usize, Rules)> {
    let mut cases = vec![("3x3 tic-tac-toe".to_owned(), 3, 3, Rules::TIC_TAC_TOE)];
    for misere in [false, true] {
        for diagonals in [false, true] {
            let rules = Rules::TOMORROWS.with_misere(misere).with_diagonals(diagonals);
            cases.push((format!("3x4 {}", tomorrows_name(rules)), 3, 4, rules));
        }
    }
    for k in [3, 4] {
        for misere in [false, true] {
            let rules = Rules::TIC_TAC_TOE.with_in_a_row(k).with_misere(misere);
            cases.push((format!("4x4 {rules}"), 4, 4, rules));
        }
    }
    cases
}

/// Tomorrow's rule sets by their own name (with diagonals the rules print as
/// tic-tac-toe's, which they are).
fn tomorrows_name(rules: Rules) -> String {
    let mut name = "tomorrows".to_owned();
    if rules.misere {
        name.push_str("+misere");
    }
    if rules.diagonals {
        name.push_str("+diagonals");
    }
    name
}

fn solve(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve");
    group.sample_size(10).warm_up_time(Duration::from_millis(500));
    for (id, rows, cols, rules) in cases() {
        let start = Position::start(rows, cols).expect("a board");
        group.bench_function(id, |b| {
            b.iter(|| {
                let mut solver = Solver::new();
                black_box(solver.solve(black_box(&start), rules).expect("legal"))
            });
        });
    }
    group.finish();
}

criterion_group!(benches, solve);
criterion_main!(benches);
