//! The CLI throughput benchmark's runner, built in release by `cargo xtask bench`:
//!
//! - `gridnote-bench-lines generate PATH N SEED`: writes N random 3×3 T3EN positions, one
//!   per line.
//! - `gridnote-bench-lines in-process PATH RUNS`: converts every line of PATH from T3EN to
//!   TSN with `gridnote_convert::convert`, in this process, RUNS times; prints the fastest.
//! - `gridnote-bench-lines cli GRIDNOTE PATH OUT RUNS [ARGS...]`: runs
//!   `GRIDNOTE convert --from t3en --to tsn ARGS` (ARGS `--quiet` when none are given) with
//!   PATH as standard input, OUT as standard output and `OUT.err` as standard error, RUNS
//!   times; prints the fastest run, the children's peak resident memory (getrusage
//!   RUSAGE_CHILDREN: this process has no other children) and the bytes of stderr.
//!
//! - `gridnote-bench-lines catalogue`: prints every benchmark of `benches/gridnote.rs`
//!   (`gridnote_bench::catalogue`), one per line: ID, positions, `input`/`output`/`none`,
//!   bytes and what it measures, separated by tabs. xtask reads this instead of depending on
//!   this crate (which is outside the main workspace).
//!
//! - `gridnote-bench-lines solve-stats`: for every case of `gridnote_bench::solve_cases`,
//!   one line, tab-separated: ID, the solution (`draw in 9 plies; best: …`), nodes
//!   searched, table entries stored and the table's bytes (one fresh solver per case).
//!
//! Each other subcommand prints one line of `key=value` pairs for xtask to read.

use std::fs;
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

use gridnote_bench::{Bytes, catalogue, fnv1a, random_3x3_lines};
use gridnote_convert::{Format, Options, convert};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let result = match args.as_slice() {
        ["generate", path, n, seed] => generate(path, n, seed),
        ["in-process", path, runs] => in_process(path, runs),
        ["cli", gridnote, path, out, runs, extra @ ..] => cli(gridnote, path, out, runs, extra),
        ["catalogue"] => Ok(list_catalogue()),
        ["solve-stats"] => solve_stats(),
        _ => Err(
            "usage: gridnote-bench-lines generate PATH N SEED | in-process PATH RUNS | cli GRIDNOTE PATH OUT RUNS [ARGS...] | catalogue | solve-stats"
                .to_owned(),
        ),
    };
    match result {
        Ok(line) => {
            println!("{line}");
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("gridnote-bench-lines: {err}");
            ExitCode::FAILURE
        }
    }
}

fn list_catalogue() -> String {
    let lines: Vec<String> = catalogue()
        .iter()
        .map(|b| {
            let (kind, n) = match b.bytes {
                Bytes::Input(n) => ("input", n),
                Bytes::Output(n) => ("output", n),
                Bytes::None => ("none", 0),
            };
            format!("{}\t{}\t{kind}\t{n}\t{}", b.id, b.positions, b.what)
        })
        .collect();
    lines.join("\n")
}

fn solve_stats() -> Result<String, String> {
    let mut lines = Vec::new();
    let goals = gridnote_bench::solve_goals();
    let cases = gridnote_bench::solve_cases();
    for (case, once) in cases.iter().map(|c| (c, false)).chain(goals.iter().map(|c| (c, true))) {
        let start = gridnote_board::Position::start(case.rows, case.cols)
            .map_err(|e| format!("{}: {e}", case.id))?;
        let mut solver = gridnote_solve::Solver::new();
        let clock = Instant::now();
        let solution = solver.solve(&start, case.rules).map_err(|e| format!("{}: {e}", case.id))?;
        let ns = clock.elapsed().as_nanos();
        let stats = solver.table_stats();
        let mut line = format!(
            "{}\t{solution}\t{}\t{}\t{}",
            case.id, solution.nodes, stats.stored, stats.bytes
        );
        // The goals are timed here, once; the criterion cases by criterion.
        if once {
            line.push_str(&format!("\t{ns}"));
        }
        lines.push(line);
    }
    Ok(lines.join("\n"))
}

fn number<T: std::str::FromStr>(text: &str, what: &str) -> Result<T, String> {
    text.parse().map_err(|_| format!("{what} must be a number, got `{text}`"))
}

fn generate(path: &str, n: &str, seed: &str) -> Result<String, String> {
    let n: usize = number(n, "N")?;
    let text = random_3x3_lines(n, number(seed, "SEED")?);
    fs::write(path, &text).map_err(|e| format!("cannot write {path}: {e}"))?;
    Ok(format!("lines={n} bytes={}", text.len()))
}

fn in_process(path: &str, runs: &str) -> Result<String, String> {
    let runs: usize = number(runs, "RUNS")?;
    let text = fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let options = Options::default();
    let mut best = Duration::MAX;
    let mut output = String::with_capacity(text.len() * 5);
    let mut lines = 0usize;
    for _ in 0..runs.max(1) {
        output.clear();
        lines = 0;
        let start = Instant::now();
        for line in text.lines() {
            let converted = convert(line, Some(Format::T3en), Format::Tsn, &options)
                .map_err(|e| format!("line {}: {e}", lines + 1))?;
            output.push_str(&converted.output);
            output.push('\n');
            lines += 1;
        }
        best = best.min(start.elapsed());
    }
    Ok(format!(
        "lines={lines} nanos={} out_bytes={} hash={:016x}",
        best.as_nanos(),
        output.len(),
        fnv1a(output.as_bytes())
    ))
}

fn cli(
    gridnote: &str,
    path: &str,
    out: &str,
    runs: &str,
    extra: &[&str],
) -> Result<String, String> {
    let runs: usize = number(runs, "RUNS")?;
    let extra: &[&str] = if extra.is_empty() { &["--quiet"] } else { extra };
    let err = format!("{out}.err");
    let mut best = Duration::MAX;
    for _ in 0..runs.max(1) {
        let stdin = fs::File::open(path).map_err(|e| format!("cannot open {path}: {e}"))?;
        let stdout = fs::File::create(out).map_err(|e| format!("cannot create {out}: {e}"))?;
        let stderr = fs::File::create(&err).map_err(|e| format!("cannot create {err}: {e}"))?;
        let start = Instant::now();
        let status = Command::new(gridnote)
            .args(["convert", "--from", "t3en", "--to", "tsn"])
            .args(extra)
            .stdin(Stdio::from(stdin))
            .stdout(Stdio::from(stdout))
            .stderr(Stdio::from(stderr))
            .status()
            .map_err(|e| format!("cannot run {gridnote}: {e}"))?;
        let elapsed = start.elapsed();
        if !status.success() {
            return Err(format!("{gridnote} convert failed: {status}"));
        }
        best = best.min(elapsed);
    }
    let usage = nix::sys::resource::getrusage(nix::sys::resource::UsageWho::RUSAGE_CHILDREN)
        .map_err(|e| format!("getrusage: {e}"))?;
    let output = fs::read(out).map_err(|e| format!("cannot read {out}: {e}"))?;
    let err_bytes = fs::metadata(&err).map_err(|e| format!("cannot read {err}: {e}"))?.len();
    // Linux reports ru_maxrss in KiB.
    Ok(format!(
        "nanos={} maxrss_kib={} out_bytes={} err_bytes={err_bytes} hash={:016x}",
        best.as_nanos(),
        usage.max_rss(),
        output.len(),
        fnv1a(&output)
    ))
}
