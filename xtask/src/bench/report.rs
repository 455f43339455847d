//! `docs/performance.md`: every figure of one `cargo xtask bench` run, written as
//! Markdown (instruction counts and their targets first, then the tafl perft beside the
//! peers, the WASM package, the regression guard, and the timed figures).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::bench::guard::{self, Bytes};
use crate::bench::operations::{Bench, Instructions, Machine, Settings, Throughput, Variant};
use crate::bench::perft::{self, Perft};
use crate::bench::targets::{
    Comparison, FEN_READ, FEN_WRITE, Judged, TIME_BOUNDS, TIMED_COMPARISONS, Target, cli_targets,
    instruction_targets,
};

/// Every figure of the report.
pub(super) struct Figures<'a> {
    pub(super) machine: &'a Machine,
    pub(super) settings: &'a Settings,
    pub(super) benches: &'a [Bench],
    pub(super) estimates: &'a BTreeMap<String, f64>,
    pub(super) rounds: &'a [BTreeMap<String, f64>],
    pub(super) throughput: &'a [Throughput],
    pub(super) variants: &'a [Variant],
    pub(super) instructions: &'a Instructions,
    pub(super) solve_stats: &'a str,
    pub(super) perft: Option<&'a Perft>,
    pub(super) wasm: Option<u64>,
}

impl Figures<'_> {
    /// A criterion benchmark's bytes and positions.
    fn bench_size(&self, id: &str) -> Option<(Bytes, usize)> {
        self.benches.iter().find(|b| b.id == id).map(|b| (b.bytes, b.positions))
    }

    /// An operation's bytes and positions.
    fn op_size(&self, id: &str) -> Option<(Bytes, usize)> {
        self.instructions.operation(id).map(|op| (op.bytes, op.positions))
    }

    /// A timed comparison's ratio in every round, judged on their median.
    fn timed(&self, c: &Comparison) -> Option<Judged> {
        let per_round: Vec<Target> = self
            .rounds
            .iter()
            .filter_map(|round| {
                let ratio =
                    c.ratio(&|id| round.get(id).copied(), &|id| self.bench_size(id)).ok()?;
                Some(Target { what: c.what.to_string(), ratio, bound: c.bound, at_most: c.at_most })
            })
            .collect();
        (!per_round.is_empty()).then(|| Judged::of(per_round.iter()))
    }
}

pub(super) fn bound_text(at_most: bool, bound: f64) -> String {
    format!("{} {bound}", if at_most { "≤" } else { "≥" })
}

pub(super) fn met_text(met: bool) -> &'static str {
    if met { "yes" } else { "**no**" }
}

pub(super) fn report(f: &Figures<'_>) -> Result<String, String> {
    let mut md = String::new();
    let w = &mut md;
    let machine = f.machine;
    let args = f.settings;
    let _ = writeln!(w, "# Performance\n");
    let _ = writeln!(
        w,
        "Written by `cargo xtask bench` (edit `xtask/src/bench/report.rs`, not this file). Every figure \
         below comes from one run on one machine. The targets are judged on **instruction \
         counts** (valgrind's callgrind), which repeat exactly on a shared machine; the timed \
         figures (criterion) follow. The peer is \
         [shakmaty](https://crates.io/crates/shakmaty)'s FEN reader (`Fen::from_ascii`) and \
         writer (`append_to_string`), a dependency of the unpublished `gridnote-bench` crate \
         only.\n"
    );
    let _ = writeln!(w, "| | |\n|---|---|");
    let _ = writeln!(w, "| date (UTC) | {} |", machine.date);
    let _ = writeln!(w, "| nproc | {} |", machine.nproc);
    let _ = writeln!(w, "| CPU | {} |", machine.cpu);
    let _ = writeln!(w, "| rustc | {} |", machine.rustc);
    let valgrind = &f.instructions.valgrind;
    let _ = writeln!(
        w,
        "| valgrind | {} |",
        if valgrind.is_empty() { "not used in this run: no instruction counts" } else { valgrind }
    );
    let _ = writeln!(w, "| load average at start (1 min) | {} |", machine.load);
    let _ = writeln!(
        w,
        "| criterion | median of 30 samples (10 for the solver), {}s measurement, {}s warm-up per benchmark; the least median of {} runs of the reading/writing suite |",
        args.seconds,
        args.warm_up,
        args.repeat.max(1)
    );

    instruction_section(w, f);
    if let Some(perft) = f.perft {
        perft::section(w, perft);
    }
    let _ = writeln!(w, "\n## WASM package\n");
    let _ = match f.wasm {
        Some(bytes) => writeln!(
            w,
            "WASM package: `gridnote_wasm_bg.wasm` is {bytes} bytes ({:.1} KiB; budget ≤ {} KiB: {}).",
            bytes as f64 / 1024.0,
            crate::wasm::SIZE_BUDGET / 1024,
            met_text(bytes <= crate::wasm::SIZE_BUDGET)
        ),
        None => writeln!(w, "WASM package: not built (`cargo xtask wasm` builds it)."),
    };
    guard_section(w, f);
    timed_section(w, f)?;
    Ok(md)
}

/// The instruction counts: the targets, then every operation.
pub(super) fn instruction_section(w: &mut String, f: &Figures<'_>) {
    let counts = &f.instructions.counts;
    let _ = writeln!(w, "\n## Instruction counts\n");
    if counts.is_empty() {
        let _ = writeln!(w, "Not measured in this run (valgrind missing or turned off).");
        return;
    }
    let _ = writeln!(
        w,
        "Instructions per operation of `bench/src/bin/gridnote-bench-ops.rs`, counted by \
         valgrind's callgrind: only the operation is counted (not the process start nor \
         the preparation of its inputs), over many iterations, divided by them. They do not \
         move with the load of the machine, so these ratios repeat exactly from run to run; \
         time also depends on how many instructions run per cycle (stalls, mispredicted \
         branches), which is why the timed ratio (median over the rounds of criterion, \
         where both sides have a criterion benchmark) can differ.\n"
    );
    let _ = writeln!(w, "### Targets, judged on instruction counts\n");
    let _ = writeln!(
        w,
        "| target | instructions ratio | bound | met | timed ratio |\n|---|---:|---:|---|---:|"
    );
    for c in instruction_targets() {
        let ratio = c.ratio(&|id| counts.get(id).copied(), &|id| f.op_size(id));
        let timed = f.timed(&c).map_or_else(String::new, |j| format!("{:.3}", j.ratio));
        let _ = match ratio {
            Ok(r) => {
                let met = if c.at_most { r <= c.bound } else { r >= c.bound };
                writeln!(
                    w,
                    "| {} | {r:.3} | {} | {} | {timed} |",
                    c.what,
                    bound_text(c.at_most, c.bound),
                    met_text(met)
                )
            }
            Err(e) => writeln!(
                w,
                "| {} | not counted ({e}) | {} | **no** | {timed} |",
                c.what,
                bound_text(c.at_most, c.bound)
            ),
        };
    }
    let _ = writeln!(
        w,
        "\n`Display` is counted through `write!` into a reused `String`, serde through \
         `serde_json::to_writer` into a reused `Vec<u8>`. The bound on them (the writer's \
         instructions + 5%) is judged on what they cost beyond what the same texts cost as \
         plain strings (`display/…_str`, `serde/…_str`) less appending those texts \
         (`copy/…_str`, which the writer's count already holds): the formatting call and \
         serde_json's quotes and escaping scan of every byte are paid by any string, ours or \
         not. The bits format has no `Display` nor serde of its own: its text depends on the \
         radix option, so its writer is `write_code`."
    );
    let _ = writeln!(w, "\n### Every operation\n");
    let _ = writeln!(
        w,
        "Per byte: the bytes read or written by one iteration; vs FEN: per byte, against \
         shakmaty's reader for reads and conversions, its writer for writers. Baseline: the \
         change from `bench/baseline.toml`.\n"
    );
    let _ = writeln!(
        w,
        "| operation | what | instructions | per byte | per position | per byte vs FEN | vs baseline |\n|---|---|---:|---:|---:|---:|---:|"
    );
    let per_byte = |id: &str| {
        let op = f.instructions.operation(id)?;
        Some(counts.get(id)? / op.bytes.count()? as f64)
    };
    let (fen_read, fen_write) = (per_byte(FEN_READ), per_byte(FEN_WRITE));
    for op in &f.instructions.operations {
        let Some(&n) = counts.get(&op.name) else { continue };
        let byte = op.bytes.count().map(|b| n / b as f64);
        let vs = match (op.bytes, byte) {
            (Bytes::Input(_), Some(b)) => fen_read.map(|fen| b / fen),
            (Bytes::Output(_), Some(b)) => fen_write.map(|fen| b / fen),
            _ => None,
        };
        let base = f
            .instructions
            .baseline
            .as_ref()
            .and_then(|b| b.counts.get(&op.name))
            .map_or_else(|| "new".to_owned(), |&b| format!("{:+.2}%", (n - b) / b * 100.0));
        let _ = writeln!(
            w,
            "| `{}` | {} | {n:.0} | {} | {:.0} | {} | {base} |",
            op.name,
            op.what,
            byte.map_or_else(String::new, |b| format!("{b:.1}")),
            n / op.positions.max(1) as f64,
            vs.map_or_else(String::new, |v| format!("{v:.3}")),
        );
    }
}

/// How the regression guard works.
pub(super) fn guard_section(w: &mut String, f: &Figures<'_>) {
    let _ = writeln!(w, "\n## The regression guard\n");
    let _ = writeln!(
        w,
        "`bench/baseline.toml` holds the instruction count of every operation above ({} \
         operations: the reads and writers of every format, `Display` and serde, one \
         conversion per ordered pair of the registry's formats, the verdicts, the 3x3 and \
         Tomorrow's 3x4 solves from the empty board, the VCF search, the SVG pictures, tafl \
         perft). \
         `cargo xtask bench --check` builds the runner, counts every operation again under \
         valgrind, prints baseline, count and change, and fails when an operation costs more \
         than {}% more or more than {}% less than its baseline (an improvement must be \
         blessed so that the file stays true), or when an operation is missing from either \
         side. `cargo xtask bench --bless` rewrites the file from a fresh count; commit it \
         with the change that moved the counts. `.ci/run` runs the check when valgrind is \
         installed (it installs it with apt when missing and running as root, and says \
         plainly when it skips).\n",
        f.instructions.operations.len(),
        guard::GROWTH_LIMIT,
        guard::DROP_LIMIT
    );
    let _ = writeln!(
        w,
        "The counts are deterministic: each operation runs in a valgrind process of its own \
         under an empty environment; only the function that runs its iterations is counted \
         (`--toggle-collect`), on a thread of its own so that the length of the program's \
         path, arguments and environment cannot shift its stack (that moved a 3x3 solve's \
         count by 0.07% before); the runner is built through links at fixed paths \
         (`{}/root`, `cargo` and `target`) in an environment cleared of profile overrides \
         and flags, because cargo hashes the absolute path of the bench workspace's path \
         dependencies into their crates' metadata, which steers inlining: two checkouts of \
         one commit built at their own paths counted `read/digits_set` 45% apart. A fresh \
         clone elsewhere builds the same binary byte for byte. A different compiler or \
         dependency version changes the figures: bless after upgrading.",
        guard::FIXED
    );
}

/// The timed figures: targets, every benchmark, the solver, the CLI.
pub(super) fn timed_section(w: &mut String, f: &Figures<'_>) -> Result<(), String> {
    let _ = writeln!(w, "\n## Timed targets\n");
    let _ = writeln!(
        w,
        "Criterion medians. A ratio is taken within one round of the suite and judged on its \
         median over the {} rounds (the range shows how far the rounds spread on this shared \
         machine); the solver and the pictures ran once, the CLI figures are the fastest of \
         their runs.\n",
        f.rounds.len()
    );
    let _ = writeln!(
        w,
        "| target | figure (median) | range over rounds | bound | met |\n|---|---:|---:|---:|---|"
    );
    let mut judged: Vec<Judged> = TIMED_COMPARISONS.iter().filter_map(|c| f.timed(c)).collect();
    judged
        .extend(cli_targets(f.throughput, f.variants).into_iter().map(|t| Judged::of([t].iter())));
    for j in &judged {
        let _ = writeln!(
            w,
            "| {} | {:.3} | {:.3}–{:.3} | {} | {} |",
            j.what,
            j.ratio,
            j.low,
            j.high,
            bound_text(j.at_most, j.bound),
            met_text(j.met())
        );
    }
    for (what, id, bound_ns) in TIME_BOUNDS {
        let scale = if what.ends_with("(ms)") { 1e6 } else { 1e3 };
        let _ = match f.estimates.get(id) {
            Some(&ns) => writeln!(
                w,
                "| {what} | {:.3} | | ≤ {} | {} |",
                ns / scale,
                bound_ns / scale,
                met_text(ns <= bound_ns)
            ),
            None => writeln!(w, "| {what} | not measured | | ≤ {} | **no** |", bound_ns / scale),
        };
    }

    let _ = writeln!(w, "\n## Every benchmark\n");
    let _ = writeln!(
        w,
        "ns per iteration is criterion's median (the least over the rounds); one iteration \
         handles `positions` positions and reads or writes `bytes` bytes. The last column \
         compares the cost per byte with shakmaty's (reading with reading, writing with \
         writing).\n"
    );
    let _ = writeln!(
        w,
        "| benchmark | what | positions | bytes | ns / iteration | ns / position | ns / byte | per byte vs FEN |\n|---|---|---:|---:|---:|---:|---:|---:|"
    );
    let per_byte = |id: &str| -> Option<f64> {
        let b = f.benches.iter().find(|b| b.id == id)?;
        Some(f.estimates.get(id)? / b.bytes.count()? as f64)
    };
    let (fen_read, fen_write) = (per_byte(FEN_READ), per_byte(FEN_WRITE));
    for b in f.benches {
        let Some(&t) = f.estimates.get(b.id.as_str()) else {
            let _ =
                writeln!(w, "| `{}` | {} | {} | | not measured | | | |", b.id, b.what, b.positions);
            continue;
        };
        let (bytes, byte_cost, vs) = match b.bytes {
            Bytes::Input(n) => {
                let c = t / n as f64;
                let vs = if b.id.starts_with("read/") { fen_read.map(|fen| c / fen) } else { None };
                (n.to_string(), format!("{c:.2}"), vs)
            }
            Bytes::Output(n) => {
                let c = t / n as f64;
                (n.to_string(), format!("{c:.2}"), fen_write.map(|fen| c / fen))
            }
            Bytes::None => (String::new(), String::new(), None),
        };
        let _ = writeln!(
            w,
            "| `{}` | {} | {} | {} | {:.1} | {:.1} | {} | {} |",
            b.id,
            b.what,
            b.positions,
            bytes,
            t,
            t / b.positions as f64,
            byte_cost,
            vs.map_or_else(String::new, |v| format!("{v:.2}"))
        );
    }

    let _ = writeln!(w, "\n## Solver\n");
    let _ = writeln!(
        w,
        "Full solves from the empty board, a fresh solver (and table) each \
         (`benches/solve.rs`); nodes and table from one solve \
         (`gridnote-bench-lines solve-stats`), nodes per second from criterion's median. \
         The `goal/` rows (the solver's goals: 5x5 k=4 and 5x6 k=4 under 60 s, 7x7 k=5 \
         under an hour) are too slow for criterion's samples: each is solved once and \
         timed then.\n"
    );
    let _ = writeln!(
        w,
        "| case | solution | nodes | table entries | table bytes | ms | nodes / s |\n|---|---|---:|---:|---:|---:|---:|"
    );
    for line in f.solve_stats.lines() {
        let fields: Vec<&str> = line.split('\t').collect();
        // Five fields for a criterion case, a sixth (nanoseconds) for a goal timed once.
        let (id, solution, nodes, stored, bytes, ns) = match fields[..] {
            [id, solution, nodes, stored, bytes] => {
                (id, solution, nodes, stored, bytes, f.estimates.get(id).copied())
            }
            [id, solution, nodes, stored, bytes, once] => {
                (id, solution, nodes, stored, bytes, once.parse::<f64>().ok())
            }
            _ => return Err(format!("solve-stats printed `{line}`")),
        };
        let nodes_per_s = match (ns, nodes.parse::<f64>()) {
            (Some(ns), Ok(n)) if ns > 0.0 => format!("{:.0}", n / ns * 1e9),
            _ => String::new(),
        };
        let _ = writeln!(
            w,
            "| `{id}` | {solution} | {nodes} | {stored} | {bytes} | {} | {nodes_per_s} |",
            ns.map_or_else(|| "not measured".to_owned(), |ns| format!("{:.3}", ns / 1e6))
        );
    }

    cli_section(w, f);
    Ok(())
}

pub(super) fn cli_section(w: &mut String, f: &Figures<'_>) {
    let args = f.settings;
    let _ = writeln!(w, "\n## CLI throughput\n");
    let _ = writeln!(
        w,
        "`gridnote convert --quiet --from t3en --to tsn` (release build), standard input from a \
         file of random 3×3 T3EN positions (fixed seed), standard output to a file, timed from \
         spawn to exit; beside it, `gridnote_convert::convert` on the same lines in one \
         process (output appended to a `String`). Fastest of the runs; both outputs are \
         checked identical. Peak memory is the child's maximum resident set size \
         (`getrusage(RUSAGE_CHILDREN)`).\n"
    );
    let _ = writeln!(
        w,
        "| lines | input bytes | output bytes | runs | CLI total ms | CLI ns / line | CLI lines / s | in-process ns / line | CLI / in-process | CLI peak memory (KiB) |\n|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    );
    for (i, t) in f.throughput.iter().enumerate() {
        let cli = t.cli_ns as f64 / t.lines as f64;
        let inp = t.in_process_ns as f64 / t.lines as f64;
        let _ = writeln!(
            w,
            "| {} | {} | {} | {} | {:.1} | {:.1} | {:.0} | {:.1} | {:.2} | {} |",
            t.lines,
            t.input_bytes,
            t.output_bytes,
            if i == 0 { args.runs } else { 1 },
            t.cli_ns as f64 / 1e6,
            cli,
            1e9 / cli,
            inp,
            cli / inp,
            t.cli_maxrss_kib
        );
    }
    let big = &f.throughput[0];
    let _ = writeln!(
        w,
        "\nThe same {} lines with notes on and on two threads (`gridnote convert --from t3en \
         --to tsn ARGS`, stdout and stderr to files, fastest of {} runs; each output checked \
         identical to `--quiet`'s):\n",
        big.lines, args.runs
    );
    let _ = writeln!(
        w,
        "| run | ARGS | total ms | ns / line | lines / s | stderr bytes | time / `--quiet` |\n|---|---|---:|---:|---:|---:|---:|"
    );
    let _ = writeln!(
        w,
        "| `--quiet`, one thread | `--quiet` | {:.1} | {:.1} | {:.0} | 0 | 1.00 |",
        big.cli_ns as f64 / 1e6,
        big.cli_ns as f64 / big.lines as f64,
        1e9 * big.lines as f64 / big.cli_ns as f64
    );
    for v in f.variants {
        let _ = writeln!(
            w,
            "| {} | `{}` | {:.1} | {:.1} | {:.0} | {} | {:.2} |",
            v.label,
            v.args,
            v.ns as f64 / 1e6,
            v.ns as f64 / big.lines as f64,
            1e9 * big.lines as f64 / v.ns as f64,
            v.err_bytes,
            v.ns as f64 / big.cli_ns as f64
        );
    }
    let _ = writeln!(
        w,
        "\nReproduce: `cargo xtask bench` (options: `--seconds`, `--warm-up`, `--repeat`, \
         `--lines`, `--runs`, `--jobs`, `--no-instructions`, `--no-perft`, `--no-write`); the \
         guard alone: `cargo xtask bench --check`, `cargo xtask bench --bless`. Benchmarks are \
         never part of `cargo test`."
    );
}
