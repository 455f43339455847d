//! `cargo xtask bench`: counts the instructions of the operations of
//! `bench/src/bin/gridnote-bench-ops.rs` with callgrind ([`guard`]), runs the criterion
//! benchmarks of `bench/` (shakmaty's FEN as the peer in the same run), times the release
//! `gridnote convert` over a million 3×3 lines beside the in-process conversion of the same
//! lines ([`operations`]), counts tafl perft beside the peer crates ([`perft`]), and writes
//! `docs/performance.md` ([`report`], judged against [`targets`]), instruction counts
//! first.
//!
//! `cargo xtask bench --check` and `--bless` run the regression guard alone ([`guard`]).
//! This module only wires the steps together.

use std::collections::BTreeMap;
use std::process::{Command, ExitCode};

use crate::{cargo, target_dir, workspace_root};

mod guard;
mod operations;
mod perft;
mod report;
mod targets;

use operations::{
    Instructions, Machine, Settings, Throughput, VARIANTS, Variant, bench_manifest, catalogue,
    criterion, instruction_counts, key_values, number, output, read_estimates, status, wasm_size,
};
use report::{Figures, report};

/// Options of `cargo xtask bench`.
#[derive(clap::Args, Debug)]
pub(crate) struct BenchArgs {
    /// Criterion's measurement time per benchmark, in seconds.
    #[arg(long, default_value_t = 1.0)]
    seconds: f64,
    /// Runs of the whole criterion suite; each benchmark's figure is the least of its
    /// medians (on a shared machine, interference only ever slows a run down).
    #[arg(long, default_value_t = 3)]
    repeat: usize,
    /// Criterion's warm-up time per benchmark, in seconds.
    #[arg(long, default_value_t = 0.5)]
    warm_up: f64,
    /// Lines of the CLI throughput input.
    #[arg(long, default_value_t = 1_000_000)]
    lines: usize,
    /// Runs of each throughput measurement (the fastest is reported).
    #[arg(long, default_value_t = 3)]
    runs: usize,
    /// Do not write docs/performance.md (print the report instead).
    #[arg(long)]
    no_write: bool,
    /// No instruction counts in the report (they need valgrind).
    #[arg(long)]
    no_instructions: bool,
    /// No tafl perft beside the peer crates (`bench/tafl-peers`).
    #[arg(long)]
    no_perft: bool,
    /// Only count the instructions of the operations again and compare them with
    /// bench/baseline.toml: fails when one grows by more than 3% or falls by more than
    /// 10%, or when the lists differ (the regression guard `.ci/run` runs).
    #[arg(long, conflicts_with = "bless")]
    check: bool,
    /// Only count the instructions of the operations and rewrite bench/baseline.toml.
    #[arg(long)]
    bless: bool,
    /// valgrind processes at once (default: the cores available).
    #[arg(long)]
    jobs: Option<usize>,
}

impl BenchArgs {
    fn jobs(&self) -> usize {
        self.jobs
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from))
            .max(1)
    }
}

impl BenchArgs {
    fn settings(&self) -> Settings {
        Settings {
            seconds: self.seconds,
            warm_up: self.warm_up,
            repeat: self.repeat,
            runs: self.runs,
        }
    }
}

/// The seed of the generated 3×3 lines (fixed: every run converts the same text).
const SEED: u64 = 9;

pub(crate) fn run(args: &BenchArgs) -> ExitCode {
    if args.check || args.bless {
        return guard::run(args.bless, args.jobs());
    }
    match bench(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::FAILURE
        }
    }
}

fn bench(args: &BenchArgs) -> Result<(), String> {
    let root = workspace_root();
    let target = target_dir();
    let machine = Machine::read();
    let settings = args.settings();
    eprintln!("bench: building the release `gridnote` and the throughput runner");
    status(cargo().current_dir(&root).args([
        "build",
        "--release",
        "-p",
        "gridnote-cli",
        "--bins",
    ]))?;
    // The bench crate builds into the same target directory (its own workspace and lock).
    status(
        cargo()
            .current_dir(&root)
            .args(["build", "--release", "--bins", "--manifest-path"])
            .arg(bench_manifest(&root))
            .arg("--target-dir")
            .arg(&target),
    )?;
    let release = target.join("release");
    let runner = release.join("gridnote-bench-lines");
    let gridnote = release.join("gridnote");
    let data = target.join("bench-data");
    std::fs::create_dir_all(&data).map_err(|e| format!("cannot create {}: {e}", data.display()))?;

    let big = args.lines.max(1);
    let small = (big / 10).max(1);
    let mut throughput = Vec::new();
    for lines in [big, small] {
        let input = data.join(format!("t3en-3x3-{lines}.txt"));
        let out = data.join(format!("t3en-3x3-{lines}.tsn"));
        eprintln!("bench: generating {lines} 3x3 T3EN lines in {}", input.display());
        let generated = key_values(&output(Command::new(&runner).args([
            "generate".as_ref(),
            input.as_os_str(),
            lines.to_string().as_ref(),
            SEED.to_string().as_ref(),
        ]))?);
        let runs = if lines == big { args.runs } else { 1 };
        eprintln!("bench: in-process conversion ({runs} runs)");
        let in_process = key_values(&output(Command::new(&runner).args([
            "in-process".as_ref(),
            input.as_os_str(),
            runs.to_string().as_ref(),
        ]))?);
        eprintln!("bench: `gridnote convert --quiet --from t3en --to tsn` ({runs} runs)");
        let cli = key_values(&output(Command::new(&runner).args([
            "cli".as_ref(),
            gridnote.as_os_str(),
            input.as_os_str(),
            out.as_os_str(),
            runs.to_string().as_ref(),
        ]))?);
        if in_process.get("hash") != cli.get("hash") {
            return Err(format!(
                "the CLI's output differs from the in-process conversion ({} vs {})",
                cli.get("hash").map_or("?", String::as_str),
                in_process.get("hash").map_or("?", String::as_str)
            ));
        }
        throughput.push(Throughput {
            lines,
            input_bytes: number(&generated, "bytes")?,
            output_bytes: number(&cli, "out_bytes")?,
            in_process_ns: number(&in_process, "nanos")?,
            cli_ns: number(&cli, "nanos")?,
            cli_maxrss_kib: number(&cli, "maxrss_kib")?,
            hash: cli.get("hash").cloned().unwrap_or_default(),
        });
    }

    // The same big input with notes on (to a file) and on two threads: the CLI targets
    // compare them with `--quiet` on one thread.
    let big_input = data.join(format!("t3en-3x3-{big}.txt"));
    let quiet_hash = throughput[0].hash.clone();
    let mut variants = Vec::new();
    for (label, extra) in VARIANTS {
        eprintln!(
            "bench: `gridnote convert --from t3en --to tsn {}` ({} runs)",
            extra.join(" "),
            args.runs
        );
        let out = data.join("variant.tsn");
        let kv = key_values(&output(
            Command::new(&runner)
                .arg("cli")
                .arg(&gridnote)
                .arg(&big_input)
                .arg(&out)
                .arg(args.runs.to_string())
                .args(extra),
        )?);
        if kv.get("hash") != Some(&quiet_hash) {
            return Err(format!("`{}` wrote different output from `--quiet`", extra.join(" ")));
        }
        variants.push(Variant {
            label,
            args: extra.join(" "),
            ns: number(&kv, "nanos")?,
            err_bytes: number(&kv, "err_bytes")?,
        });
    }

    let benches = catalogue(&runner)?;
    let instructions = if args.no_instructions {
        Instructions::default()
    } else {
        instruction_counts(&root, &target, args.jobs())?
    };
    let solve_stats = output(Command::new(&runner).arg("solve-stats"))?;
    let perft = if args.no_perft {
        None
    } else {
        let count = !args.no_instructions && guard::valgrind_version().is_some();
        Some(perft::measure(&root, &target, args.jobs(), args.runs.max(1), count)?)
    };

    let criterion_home = target.join("criterion-gridnote");
    let mut estimates: BTreeMap<String, f64> = BTreeMap::new();
    // Every round's own figures: a target's ratio is taken within one round, where ours
    // and the peer's were measured minutes apart rather than in different rounds.
    let mut rounds: Vec<BTreeMap<String, f64>> = Vec::new();
    for round in 1..=args.repeat.max(1) {
        // Only this run's figures: no stale estimate is ever reported.
        let _ = std::fs::remove_dir_all(&criterion_home);
        eprintln!(
            "bench: criterion, round {round} of {} ({}s per benchmark)",
            args.repeat.max(1),
            args.seconds
        );
        criterion(&root, &target, &criterion_home, "gridnote", &settings)?;
        let round = read_estimates(&criterion_home)?;
        for (id, &median) in &round {
            let best = estimates.entry(id.clone()).or_insert(median);
            *best = best.min(median);
        }
        rounds.push(round);
    }
    // The pictures and the solver: one run each (their targets are absolute times, not
    // ratios with the peer).
    for bench in ["svg", "solve"] {
        let home = target.join(format!("criterion-{bench}"));
        let _ = std::fs::remove_dir_all(&home);
        eprintln!("bench: criterion, benches/{bench}.rs");
        criterion(&root, &target, &home, bench, &settings)?;
        estimates.extend(read_estimates(&home)?);
    }
    let wasm = wasm_size(&root, &target);
    let figures = Figures {
        machine: &machine,
        settings: &settings,
        benches: &benches,
        estimates: &estimates,
        rounds: &rounds,
        throughput: &throughput,
        variants: &variants,
        instructions: &instructions,
        solve_stats: &solve_stats,
        perft: perft.as_ref(),
        wasm,
    };
    let report = report(&figures)?;
    if args.no_write {
        print!("{report}");
    } else {
        let path = root.join("docs/performance.md");
        std::fs::write(&path, &report)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        eprintln!("bench: wrote {}", path.display());
    }
    Ok(())
}
