//! Full solves from the empty board with gridnote-solve (`gridnote_bench::solve_cases`):
//! tic-tac-toe's 3x3, Tomorrow's Tic-Tac-Toe's 3x4 under its four rule sets, and 4x4 with
//! three and four in a row, normal and misère. Each iteration builds a fresh solver (its
//! table included), so the figures are what one `gridnote solve` of that position costs.
//!
//! `cargo bench --manifest-path bench/Cargo.toml --bench solve`; `cargo xtask bench` runs
//! it and reports the nodes searched and the table size per case
//! (`gridnote-bench-lines solve-stats`).

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use gridnote_board::Position;
use gridnote_solve::Solver;

fn solve(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve");
    group.sample_size(10).warm_up_time(Duration::from_millis(500));
    for case in gridnote_bench::solve_cases() {
        let start = Position::start(case.rows, case.cols).expect("a board");
        let id = case.id.strip_prefix("solve/").expect("solve IDs start with solve/");
        group.bench_function(id, |b| {
            b.iter(|| {
                let mut solver = Solver::new();
                black_box(solver.solve(black_box(&start), case.rules).expect("legal"))
            });
        });
    }
    group.finish();
}

criterion_group!(benches, solve);
criterion_main!(benches);
