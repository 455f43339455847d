//! `cargo xtask bench`: counts the instructions of the operations of
//! `bench/src/bin/gridnote-bench-ops.rs` with callgrind (see `guard`), runs the criterion
//! benchmarks of `bench/` (shakmaty's FEN as the peer in the same run), times the release
//! `gridnote convert` over a million 3×3 lines beside the in-process conversion of the same
//! lines, and writes `docs/performance.md`, instruction counts first.
//!
//! `cargo xtask bench --check` and `--bless` run the regression guard alone (`guard`).

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::{SystemTime, UNIX_EPOCH};

use crate::guard::{self, Bytes, Operation};
use crate::perft;
use crate::{cargo, target_dir, workspace_root};

/// One benchmark of `bench/benches/gridnote.rs`, as `gridnote-bench-lines catalogue` lists
/// it (xtask does not depend on the bench crate, which has a workspace of its own).
#[derive(Clone, Debug)]
struct Bench {
    /// The criterion ID, `group/function`.
    id: String,
    /// What one iteration does, for the report.
    what: String,
    /// Positions handled per iteration.
    positions: usize,
    /// Bytes read or written per iteration.
    bytes: Bytes,
}

/// The benchmarks, from the runner's `catalogue` listing (tab-separated: ID, positions,
/// input/output/none, bytes, what).
fn catalogue(runner: &Path) -> Result<Vec<Bench>, String> {
    let listing = output(Command::new(runner).arg("catalogue"))?;
    listing
        .lines()
        .map(|line| {
            let fields: Vec<&str> = line.splitn(5, '\t').collect();
            let [id, positions, kind, bytes, what] = fields[..] else {
                return Err(format!("the catalogue line `{line}` has not 5 fields"));
            };
            let number = |text: &str| {
                text.parse::<usize>()
                    .map_err(|_| format!("the catalogue line `{line}` has a bad number"))
            };
            let bytes = match kind {
                "input" => Bytes::Input(number(bytes)?),
                "output" => Bytes::Output(number(bytes)?),
                "none" => Bytes::None,
                _ => return Err(format!("the catalogue line `{line}` has a bad kind")),
            };
            Ok(Bench {
                id: id.to_owned(),
                what: what.to_owned(),
                positions: number(positions)?,
                bytes,
            })
        })
        .collect()
}

/// The bench crate's manifest: `bench/` has a workspace of its own (like `fuzz/`).
fn bench_manifest(root: &Path) -> PathBuf {
    root.join("bench/Cargo.toml")
}

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

    // The same big input with notes on (to a file) and on two threads: the targets of
    // issue 18 compare them with `--quiet` on one thread.
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
        criterion(&root, &target, &criterion_home, "gridnote", args)?;
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
        criterion(&root, &target, &home, bench, args)?;
        estimates.extend(read_estimates(&home)?);
    }
    let wasm = wasm_size(&root, &target);
    let figures = Figures {
        machine: &machine,
        args,
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

/// The CLI runs beside `--quiet` on one thread: label and arguments.
const VARIANTS: [(&str, &[&str]); 2] = [
    ("notes on (the default summary), stderr to a file", &["--notes", "summary"]),
    ("`--quiet` on two threads", &["--quiet", "--jobs", "2"]),
];

/// One CLI run of [`VARIANTS`] on the big input.
struct Variant {
    label: &'static str,
    args: String,
    ns: u64,
    err_bytes: u64,
}

/// One CLI throughput measurement.
struct Throughput {
    /// FNV-1a of the output, to check that every variant writes the same.
    hash: String,
    lines: usize,
    input_bytes: u64,
    output_bytes: u64,
    in_process_ns: u64,
    cli_ns: u64,
    cli_maxrss_kib: u64,
}

/// The machine the figures come from.
struct Machine {
    date: String,
    nproc: usize,
    cpu: String,
    rustc: String,
    load: String,
}

impl Machine {
    fn read() -> Machine {
        let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
        let cpu = cpuinfo
            .lines()
            .find_map(|l| l.strip_prefix("model name").and_then(|r| r.split_once(':')))
            .map_or_else(|| "unknown".to_owned(), |(_, name)| name.trim().to_owned());
        let rustc = Command::new("rustc")
            .arg("--version")
            .output()
            .ok()
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
            .unwrap_or_else(|| "unknown".to_owned());
        let load = std::fs::read_to_string("/proc/loadavg")
            .ok()
            .and_then(|l| l.split_whitespace().next().map(str::to_owned))
            .unwrap_or_else(|| "unknown".to_owned());
        Machine {
            date: today(),
            nproc: std::thread::available_parallelism().map_or(1, usize::from),
            cpu,
            rustc,
            load,
        }
    }
}

/// Today's date (UTC) as `YYYY-MM-DD`, from the system clock (days to civil date, after
/// Howard Hinnant's algorithm).
fn today() -> String {
    let secs = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let days = (secs / 86_400) as i64 + 719_468;
    let era = days.div_euclid(146_097);
    let doe = days - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

/// The instruction counts of the report: the runner's operations and their counts
/// (empty when not counted), and the committed baseline if it reads.
#[derive(Default)]
struct Instructions {
    operations: Vec<Operation>,
    counts: BTreeMap<String, f64>,
    baseline: Option<guard::Baseline>,
    valgrind: String,
}

impl Instructions {
    fn operation(&self, name: &str) -> Option<&Operation> {
        self.operations.iter().find(|op| op.name == name)
    }
}

/// Instructions per iteration of each operation of the runner (see `guard`); none when
/// valgrind is not installed.
fn instruction_counts(root: &Path, target: &Path, jobs: usize) -> Result<Instructions, String> {
    let Some(valgrind) = guard::valgrind_version() else {
        eprintln!("bench: valgrind is not installed: no instruction counts");
        return Ok(Instructions::default());
    };
    let runner = guard::build(root, target)?;
    eprintln!("bench: counting {} operations with callgrind", runner.operations.len());
    let counts = runner.count(jobs)?;
    let baseline = guard::read_baseline(&root.join(guard::BASELINE)).ok();
    Ok(Instructions { operations: runner.operations.clone(), counts, baseline, valgrind })
}

/// The size of the WASM package's module, if `cargo xtask wasm` built it.
fn wasm_size(root: &Path, target: &Path) -> Option<u64> {
    [root.join("target/wasm-pkg"), target.join("wasm-pkg")]
        .iter()
        .find_map(|dir| std::fs::metadata(dir.join("gridnote_wasm_bg.wasm")).ok())
        .map(|meta| meta.len())
}

/// Runs criterion on `bench/benches/<bench>.rs` with `home` as its `CRITERION_HOME`.
fn criterion(
    root: &Path,
    target: &Path,
    home: &Path,
    bench: &str,
    args: &BenchArgs,
) -> Result<(), String> {
    status(
        cargo()
            .current_dir(root)
            .env("CRITERION_HOME", home)
            .args(["bench", "--manifest-path"])
            .arg(bench_manifest(root))
            .arg("--target-dir")
            .arg(target)
            .args(["--bench", bench, "--"])
            .args(["--warm-up-time", &args.warm_up.to_string()])
            .args(["--measurement-time", &args.seconds.to_string()])
            .arg("--noplot")
            // Criterion's progress goes to stderr: stdout carries only the report.
            .stdout(stderr_handle()?),
    )
}

/// A handle on this process's standard error, for a child's standard output.
fn stderr_handle() -> Result<std::process::Stdio, String> {
    use std::os::fd::AsFd as _;
    let fd = std::io::stderr()
        .as_fd()
        .try_clone_to_owned()
        .map_err(|e| format!("cannot duplicate stderr: {e}"))?;
    Ok(std::process::Stdio::from(fd))
}

fn status(command: &mut Command) -> Result<(), String> {
    let status = command.status().map_err(|e| format!("cannot run {command:?}: {e}"))?;
    if status.success() { Ok(()) } else { Err(format!("{command:?} failed: {status}")) }
}

fn output(command: &mut Command) -> Result<String, String> {
    let out = command.output().map_err(|e| format!("cannot run {command:?}: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "{command:?} failed: {}\n{}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// `key=value key=value` as a map.
fn key_values(line: &str) -> BTreeMap<String, String> {
    line.split_whitespace()
        .filter_map(|kv| kv.split_once('='))
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect()
}

fn number(map: &BTreeMap<String, String>, key: &str) -> Result<u64, String> {
    map.get(key)
        .and_then(|v| v.parse().ok())
        .ok_or_else(|| format!("the runner's output has no number `{key}`"))
}

/// Criterion's median estimate (ns per iteration) of every benchmark under `home`, by ID
/// (`home/<id>/new/` for a lone benchmark, `home/<group>/<function>/new/` in a group).
fn read_estimates(home: &Path) -> Result<BTreeMap<String, f64>, String> {
    let mut out = BTreeMap::new();
    let mut dirs = vec![home.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        let entries =
            std::fs::read_dir(&dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
        for entry in entries.flatten() {
            let path = entry.path();
            if !path.is_dir() || path.file_name().is_some_and(|n| n == "report") {
                continue;
            }
            let new = path.join("new");
            let (Ok(meta), Ok(estimates)) = (
                std::fs::read_to_string(new.join("benchmark.json")),
                std::fs::read_to_string(new.join("estimates.json")),
            ) else {
                if path.file_name().is_some_and(|n| n != "base" && n != "change" && n != "new") {
                    dirs.push(path);
                }
                continue;
            };
            let meta: serde_json::Value =
                serde_json::from_str(&meta).map_err(|e| format!("benchmark.json: {e}"))?;
            let estimates: serde_json::Value =
                serde_json::from_str(&estimates).map_err(|e| format!("estimates.json: {e}"))?;
            let (Some(id), Some(median)) =
                (meta["full_id"].as_str(), estimates["median"]["point_estimate"].as_f64())
            else {
                continue;
            };
            out.insert(id.to_owned(), median);
        }
    }
    Ok(out)
}

/// A target: a ratio of two figures and the bound it must stay under (or over).
struct Target {
    what: String,
    ratio: f64,
    bound: f64,
    /// The ratio must be at most `bound` (else at least).
    at_most: bool,
}

/// A target judged over the rounds: the median of its ratios, and their range.
struct Judged {
    what: String,
    ratio: f64,
    low: f64,
    high: f64,
    bound: f64,
    at_most: bool,
}

impl Judged {
    /// The target `rounds` measured (the same target, one per round; at least one).
    fn of<'t>(rounds: impl Iterator<Item = &'t Target>) -> Judged {
        let rounds: Vec<&Target> = rounds.collect();
        let mut ratios: Vec<f64> = rounds.iter().map(|t| t.ratio).collect();
        ratios.sort_by(f64::total_cmp);
        let ratio = median(&ratios);
        let first = rounds[0];
        Judged {
            what: first.what.clone(),
            ratio,
            low: ratios[0],
            high: ratios[ratios.len() - 1],
            bound: first.bound,
            at_most: first.at_most,
        }
    }

    fn met(&self) -> bool {
        if self.at_most { self.ratio <= self.bound } else { self.ratio >= self.bound }
    }
}

/// The median of sorted figures (at least one).
fn median(sorted: &[f64]) -> f64 {
    let middle = sorted.len() / 2;
    if sorted.len() % 2 == 1 { sorted[middle] } else { (sorted[middle - 1] + sorted[middle]) / 2.0 }
}

/// What a [`Comparison`] divides each figure by before comparing.
#[derive(Clone, Copy)]
enum Per {
    /// The figure as it is.
    Whole,
    /// The bytes it reads or writes.
    Byte,
    /// The positions it handles.
    Position,
}

/// A target that is the ratio of two figures: `ours / peer`, each divided as `per` says.
struct Comparison {
    what: Cow<'static, str>,
    ours: &'static str,
    peer: &'static str,
    per: Per,
    bound: f64,
    at_most: bool,
    /// Held aside from `ours` (whole figures only): `(with, without)`, whose difference is
    /// a cost `ours` pays that is not ours to judge (the formatting machinery's or the
    /// serializer's own cost for the same text as a plain string).
    aside: Option<(&'static str, &'static str)>,
}

impl Comparison {
    /// The ratio from `figure` (a figure by ID, `None` when not measured) and `size` (an
    /// ID's bytes and positions).
    fn ratio(
        &self,
        figure: &dyn Fn(&str) -> Option<f64>,
        size: &dyn Fn(&str) -> Option<(Bytes, usize)>,
    ) -> Result<f64, String> {
        let one = |id: &str| -> Result<f64, String> {
            let value = figure(id).ok_or_else(|| format!("no figure for `{id}`"))?;
            let (bytes, positions) = size(id).ok_or_else(|| format!("`{id}` is not listed"))?;
            let divisor = match self.per {
                Per::Whole => 1,
                Per::Byte => bytes.count().ok_or_else(|| format!("`{id}` has no bytes"))?,
                Per::Position => positions,
            };
            Ok(value / divisor as f64)
        };
        let aside = match self.aside {
            Some((with, without)) => one(with)? - one(without)?,
            None => 0.0,
        };
        Ok((one(self.ours)? - aside) / one(self.peer)?)
    }
}

const fn c(
    what: &'static str,
    ours: &'static str,
    peer: &'static str,
    per: Per,
    bound: f64,
    at_most: bool,
) -> Comparison {
    Comparison { what: Cow::Borrowed(what), ours, peer, per, bound, at_most, aside: None }
}

const FEN_READ: &str = "read/fen_set";
const FEN_WRITE: &str = "write/fen_set";

/// Instructions per byte of the tuple, digits and bits writers over shakmaty's FEN writer
/// when issue 21 was taken up (counted at commit 5f597cc with this runner: 0.6606, 0.4652,
/// 1.0899): they must stay at or under these figures.
const WRITERS_AT_START: [(&str, &str, f64); 3] = [
    (
        "tuple writer per byte / FEN writer per byte (its figure at the start)",
        "write/tuple_set",
        0.661,
    ),
    (
        "digits writer per byte / FEN writer per byte (its figure at the start)",
        "write/digits_set",
        0.466,
    ),
    (
        "bits writer per byte / FEN writer per byte (its figure at the start)",
        "write/bits_set",
        1.090,
    ),
];

/// The formats whose `Display` and serde are judged against their writer: the format as
/// named in the report, then its `display/`, `serde/` and `write/` operations, and the
/// same texts as plain strings through `Display`, through serde_json and appended with
/// `push_str` (`gridnote-bench-ops`' `display/…_str`, `serde/…_str`, `copy/…_str`).
///
/// Issue 21's bound, "`Display` and serde cost the writer's instructions + ≤ 5%", is read
/// as: what `Display` (or serde) costs beyond what the formatting machinery (or
/// serde_json) costs for the same text as a `&str` is at most 1.05 times the writer. The
/// machinery's own cost (a `write!` call, serde_json's quotes and escaping scan) is paid by
/// every `Display` and `Serialize` of a string, ours or not; the writer already counts the
/// plain copy of the text, so that is held aside once.
type TextCost = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
);
const TEXT_COSTS: [TextCost; 6] = [
    (
        "T3EN",
        "display/t3en_set",
        "serde/t3en_set",
        "write/t3en_set",
        "display/t3en_str",
        "serde/t3en_str",
        "copy/t3en_str",
    ),
    (
        "TSN",
        "display/tsn_set",
        "serde/tsn_set",
        "write/tsn_set",
        "display/tsn_str",
        "serde/tsn_str",
        "copy/tsn_str",
    ),
    (
        "TEN",
        "display/ten_set",
        "serde/ten_set",
        "write/ten_set",
        "display/ten_str",
        "serde/ten_str",
        "copy/ten_str",
    ),
    (
        "tuple",
        "display/tuple_set",
        "serde/tuple_set",
        "write/tuple_set",
        "display/tuple_str",
        "serde/tuple_str",
        "copy/tuple_str",
    ),
    (
        "digits",
        "display/digits_set",
        "serde/digits_set",
        "write/digits_set",
        "display/digits_str",
        "serde/digits_str",
        "copy/digits_str",
    ),
    (
        "OTN",
        "display/otn_set",
        "serde/otn_set",
        "write/otn_set",
        "display/otn_str",
        "serde/otn_str",
        "copy/otn_str",
    ),
];

/// The targets judged on instruction counts (issue 21, and OTN's of issue 15).
fn instruction_targets() -> Vec<Comparison> {
    let mut list = vec![
        c(
            "T3EN read per byte / FEN read per byte (set)",
            "read/t3en_set",
            FEN_READ,
            Per::Byte,
            0.35,
            true,
        ),
        c(
            "TSN read per byte / FEN read per byte (set)",
            "read/tsn_set",
            FEN_READ,
            Per::Byte,
            0.25,
            true,
        ),
        c(
            "OTN position read per byte / FEN read per byte (set)",
            "read/otn_set",
            FEN_READ,
            Per::Byte,
            0.30,
            true,
        ),
        c(
            "OTN position read per byte / TSN read per byte (same boards)",
            "read/otn_set",
            "read/tsn_set",
            Per::Byte,
            1.2,
            true,
        ),
        c(
            "one 3x3 T3EN read / one FEN read (set average)",
            "read/t3en_3x3",
            FEN_READ,
            Per::Position,
            0.12,
            true,
        ),
        c(
            "T3EN writer per byte / FEN writer per byte",
            "write/t3en_set",
            FEN_WRITE,
            Per::Byte,
            0.6,
            true,
        ),
        c(
            "TSN writer per byte / FEN writer per byte",
            "write/tsn_set",
            FEN_WRITE,
            Per::Byte,
            0.6,
            true,
        ),
        c(
            "TEN writer per byte / FEN writer per byte",
            "write/ten_set",
            FEN_WRITE,
            Per::Byte,
            0.6,
            true,
        ),
    ];
    list.extend(
        WRITERS_AT_START
            .iter()
            .map(|&(what, ours, bound)| c(what, ours, FEN_WRITE, Per::Byte, bound, true)),
    );
    list.extend(TEXT_COSTS.iter().flat_map(
        |&(what, display, serde, writer, display_str, serde_str, copy)| {
            [
                Comparison {
                    what: Cow::Owned(format!("{what} Display beyond a str's Display / its writer")),
                    ours: display,
                    peer: writer,
                    per: Per::Whole,
                    bound: 1.05,
                    at_most: true,
                    aside: Some((display_str, copy)),
                },
                Comparison {
                    what: Cow::Owned(format!(
                        "{what} serde beyond a str's serde (serde_json) / its writer"
                    )),
                    ours: serde,
                    peer: writer,
                    per: Per::Whole,
                    bound: 1.05,
                    at_most: true,
                    aside: Some((serde_str, copy)),
                },
            ]
        },
    ));
    list.extend([c(
        "seed-regex verdict / direct verdict (speed-up of direct)",
        "verdict/seed_regex",
        "verdict/direct",
        Per::Whole,
        10.0,
        false,
    )]);
    list
}

/// The timed targets of issue 9 that compare two criterion figures (the reads and writes
/// are judged on instructions now; their timed ratios are shown beside).
const TIMED_COMPARISONS: [Comparison; 2] = [
    c(
        "13-bit encode / reading the 9-digit string (same boards)",
        "codes/seed_encode",
        "codes/digits_read",
        Per::Whole,
        1.0,
        true,
    ),
    c(
        "13-bit decode / reading the 9-digit string (same boards)",
        "codes/seed_decode",
        "codes/digits_read",
        Per::Whole,
        1.0,
        true,
    ),
];

/// Absolute timed targets: criterion ID and the bound in nanoseconds.
const TIME_BOUNDS: [(&str, &str, f64); 12] = [
    ("3x3 solve from the empty board (ms)", "solve/3x3", 1e6),
    ("Tomorrow's 3x4 solve (ms)", "solve/3x4_tomorrows", 1e9),
    ("Tomorrow's 3x4 misère solve (ms)", "solve/3x4_tomorrows_misere", 1e9),
    ("Tomorrow's 3x4 solve with diagonals (ms)", "solve/3x4_tomorrows_diagonals", 1e9),
    (
        "Tomorrow's 3x4 misère solve with diagonals (ms)",
        "solve/3x4_tomorrows_misere_diagonals",
        1e9,
    ),
    ("4x4 k=3 solve (ms)", "solve/4x4_k3", 1e9),
    ("4x4 k=3 misère solve (ms)", "solve/4x4_k3_misere", 1e9),
    ("4x4 k=4 solve (ms)", "solve/4x4_k4", 1e9),
    ("4x4 k=4 misère solve (ms)", "solve/4x4_k4_misere", 1e9),
    ("3x3 SVG picture (µs)", "svg/t3en_3x3", 5e3),
    ("19x19 tafl SVG picture (µs)", "svg/tsn_19x19", 1e5),
    ("19x19 m,n,k SVG picture (µs)", "svg/t3en_19x19", 1e5),
];

/// The CLI's timed targets from one round's throughput figures.
fn cli_targets(throughput: &[Throughput], variants: &[Variant]) -> Vec<Target> {
    let big = &throughput[0];
    let cli_per_line = big.cli_ns as f64 / big.lines as f64;
    let in_process_per_line = big.in_process_ns as f64 / big.lines as f64;
    let memory_ratio = big.cli_maxrss_kib as f64 / throughput[1].cli_maxrss_kib.max(1) as f64;
    let target = |what: &str, ratio: f64, bound: f64, at_most: bool| Target {
        what: what.to_owned(),
        ratio,
        bound,
        at_most,
    };
    vec![
        target(
            "CLI cost per line / in-process conversion per line",
            cli_per_line / in_process_per_line,
            1.5,
            true,
        ),
        target("CLI 3x3 lines per second (millions)", 1e3 / cli_per_line, 2.0, false),
        target(
            "CLI peak memory, 10x the lines / 1x (independent of input size)",
            memory_ratio,
            1.1,
            true,
        ),
        target(
            "CLI time with notes on (summary, stderr to a file) / --quiet",
            variants[0].ns as f64 / big.cli_ns as f64,
            1.5,
            true,
        ),
        target(
            "CLI lines per second, --jobs 2 / --jobs 1 (2 cores)",
            big.cli_ns as f64 / variants[1].ns as f64,
            1.7,
            false,
        ),
    ]
}

/// Every figure of the report.
struct Figures<'a> {
    machine: &'a Machine,
    args: &'a BenchArgs,
    benches: &'a [Bench],
    estimates: &'a BTreeMap<String, f64>,
    rounds: &'a [BTreeMap<String, f64>],
    throughput: &'a [Throughput],
    variants: &'a [Variant],
    instructions: &'a Instructions,
    solve_stats: &'a str,
    perft: Option<&'a perft::Perft>,
    wasm: Option<u64>,
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

fn bound_text(at_most: bool, bound: f64) -> String {
    format!("{} {bound}", if at_most { "≤" } else { "≥" })
}

fn met_text(met: bool) -> &'static str {
    if met { "yes" } else { "**no**" }
}

fn report(f: &Figures<'_>) -> Result<String, String> {
    let mut md = String::new();
    let w = &mut md;
    let machine = f.machine;
    let args = f.args;
    let _ = writeln!(w, "# Performance\n");
    let _ = writeln!(
        w,
        "Written by `cargo xtask bench` (edit `xtask/src/bench.rs`, not this file). Every figure \
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
            "WASM package: `gridnote_wasm_bg.wasm` is {bytes} bytes ({:.1} KB; target ≤ 400 KB: {}).",
            bytes as f64 / 1000.0,
            met_text(bytes <= 400_000)
        ),
        None => writeln!(w, "WASM package: not built (`cargo xtask wasm` builds it)."),
    };
    guard_section(w, f);
    timed_section(w, f)?;
    Ok(md)
}

/// The instruction counts: the targets, then every operation.
fn instruction_section(w: &mut String, f: &Figures<'_>) {
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
fn guard_section(w: &mut String, f: &Figures<'_>) {
    let _ = writeln!(w, "\n## The regression guard\n");
    let _ = writeln!(
        w,
        "`bench/baseline.toml` holds the instruction count of every operation above ({} \
         operations: the reads and writers of every format, `Display` and serde, one \
         conversion per ordered pair of the registry's formats, the verdicts, the 3x3 and \
         Tomorrow's 3x4 solves from the empty board, the SVG pictures). \
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
fn timed_section(w: &mut String, f: &Figures<'_>) -> Result<(), String> {
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
         (`gridnote-bench-lines solve-stats`), nodes per second from criterion's median.\n"
    );
    let _ = writeln!(
        w,
        "| case | solution | nodes | table entries | table bytes | ms | nodes / s |\n|---|---|---:|---:|---:|---:|---:|"
    );
    for line in f.solve_stats.lines() {
        let fields: Vec<&str> = line.split('\t').collect();
        let [id, solution, nodes, stored, bytes] = fields[..] else {
            return Err(format!("solve-stats printed `{line}`"));
        };
        let ns = f.estimates.get(id).copied();
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

fn cli_section(w: &mut String, f: &Figures<'_>) {
    let args = f.args;
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
