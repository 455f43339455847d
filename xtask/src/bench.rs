//! `cargo xtask bench`: runs the criterion benchmarks of `bench/` (shakmaty's FEN as the
//! peer in the same run), times the release `gridnote convert` over a million 3×3 lines
//! beside the in-process conversion of the same lines, and writes `docs/performance.md`.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::{SystemTime, UNIX_EPOCH};

use crate::{cargo, target_dir, workspace_root};

/// What a benchmark's bytes count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bytes {
    /// The text read, in bytes.
    Input(usize),
    /// The text written, in bytes.
    Output(usize),
    /// Not a text benchmark: only the cost per position counts.
    None,
}

impl Bytes {
    /// The number of bytes, if any.
    const fn count(self) -> Option<usize> {
        match self {
            Bytes::Input(n) | Bytes::Output(n) => Some(n),
            Bytes::None => None,
        }
    }
}

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
    /// Iterations of each operation counted with callgrind (0: no instruction counts).
    #[arg(long, default_value_t = 1000)]
    instruction_iterations: usize,
}

/// The seed of the generated 3×3 lines (fixed: every run converts the same text).
const SEED: u64 = 9;

pub(crate) fn run(args: &BenchArgs) -> ExitCode {
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
    let instructions = instruction_counts(&root, &target, args.instruction_iterations)?;

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
        status(
            cargo()
                .current_dir(&root)
                .env("CRITERION_HOME", &criterion_home)
                .args(["bench", "--manifest-path"])
                .arg(bench_manifest(&root))
                .arg("--target-dir")
                .arg(&target)
                .args(["--bench", "gridnote", "--"])
                .args(["--warm-up-time", &args.warm_up.to_string()])
                .args(["--measurement-time", &args.seconds.to_string()])
                .arg("--noplot")
                // Criterion's progress goes to stderr: stdout carries only the report.
                .stdout(stderr_handle()?),
        )?;
        let round = read_estimates(&criterion_home)?;
        for (id, &median) in &round {
            let best = estimates.entry(id.clone()).or_insert(median);
            *best = best.min(median);
        }
        rounds.push(round);
    }
    let report = report(
        &machine,
        args,
        &benches,
        &estimates,
        &rounds,
        &throughput,
        &variants,
        &instructions,
    )?;
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

/// Instructions per iteration of each operation of `bench/examples/ops.rs`, counted by
/// valgrind's callgrind: a run of `iterations` minus a run of none. Empty when valgrind is
/// not installed or `iterations` is 0.
fn instruction_counts(
    root: &Path,
    target: &Path,
    iterations: usize,
) -> Result<BTreeMap<String, f64>, String> {
    let mut counts = BTreeMap::new();
    if iterations == 0 {
        return Ok(counts);
    }
    if Command::new("valgrind").arg("--version").output().is_err() {
        eprintln!("bench: valgrind is not installed: no instruction counts");
        return Ok(counts);
    }
    eprintln!("bench: building the operations runner (bench/examples/ops.rs)");
    status(
        cargo()
            .current_dir(root)
            .args(["build", "--release", "--example", "ops", "--manifest-path"])
            .arg(bench_manifest(root))
            .arg("--target-dir")
            .arg(target),
    )?;
    let ops = target.join("release/examples/ops");
    let list = output(Command::new(&ops).arg("--list"))?;
    let collected = |op: &str, n: usize| -> Result<u64, String> {
        let out = Command::new("valgrind")
            .args(["--tool=callgrind", "--callgrind-out-file=/dev/null"])
            .arg(&ops)
            .args([op, &n.to_string()])
            .output()
            .map_err(|e| format!("cannot run valgrind: {e}"))?;
        let log = String::from_utf8_lossy(&out.stderr);
        if !out.status.success() {
            return Err(format!("valgrind on `ops {op} {n}` failed: {log}"));
        }
        log.lines()
            .find_map(|line| line.split_once("Collected :").map(|(_, n)| n.trim().parse().ok()))
            .flatten()
            .ok_or_else(|| format!("valgrind reported no instruction count for `{op}`"))
    };
    for line in list.lines() {
        let op = line.split('\t').next().unwrap_or(line);
        eprintln!("bench: callgrind: {op}");
        let (none, many) = (collected(op, 0)?, collected(op, iterations)?);
        counts.insert(op.to_owned(), many.saturating_sub(none) as f64 / iterations as f64);
    }
    Ok(counts)
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

/// Criterion's median estimate (ns per iteration) of every benchmark, by ID.
fn read_estimates(home: &Path) -> Result<BTreeMap<String, f64>, String> {
    let mut out = BTreeMap::new();
    let entries =
        std::fs::read_dir(home).map_err(|e| format!("cannot read {}: {e}", home.display()))?;
    for entry in entries.flatten() {
        let dir: PathBuf = entry.path().join("new");
        let (Ok(meta), Ok(estimates)) = (
            std::fs::read_to_string(dir.join("benchmark.json")),
            std::fs::read_to_string(dir.join("estimates.json")),
        ) else {
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
    Ok(out)
}

/// A target of issue 9: a ratio of two figures and the bound it must stay under (or over).
struct Target {
    what: &'static str,
    ratio: f64,
    bound: f64,
    /// The ratio must be at most `bound` (else at least).
    at_most: bool,
}

/// A target judged over the rounds: the median of its ratios, and their range.
struct Judged {
    what: &'static str,
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
        let middle = ratios.len() / 2;
        let ratio = if ratios.len() % 2 == 1 {
            ratios[middle]
        } else {
            (ratios[middle - 1] + ratios[middle]) / 2.0
        };
        let first = rounds[0];
        Judged {
            what: first.what,
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

/// A target that is the ratio of two benchmark figures: `ours / peer`, each divided as
/// `per` says. The timed targets and the instruction-count table both read this list.
struct Comparison {
    what: &'static str,
    ours: &'static str,
    peer: &'static str,
    per: Per,
    bound: f64,
    at_most: bool,
}

impl Comparison {
    /// The ratio from `figure` (a benchmark's figure by ID, `None` when not measured).
    fn ratio(
        &self,
        benches: &[Bench],
        figure: &dyn Fn(&str) -> Option<f64>,
    ) -> Result<f64, String> {
        let one = |id: &str| -> Result<f64, String> {
            let value = figure(id).ok_or_else(|| format!("no figure for `{id}`"))?;
            let bench = benches
                .iter()
                .find(|b| b.id == id)
                .ok_or_else(|| format!("`{id}` is not catalogued"))?;
            let divisor = match self.per {
                Per::Whole => 1,
                Per::Byte => bench.bytes.count().ok_or_else(|| format!("`{id}` has no bytes"))?,
                Per::Position => bench.positions,
            };
            Ok(value / divisor as f64)
        };
        Ok(one(self.ours)? / one(self.peer)?)
    }
}

/// Every target of issue 9 that compares two benchmark figures.
const COMPARISONS: [Comparison; 12] = {
    const fn c(
        what: &'static str,
        ours: &'static str,
        peer: &'static str,
        per: Per,
        bound: f64,
        at_most: bool,
    ) -> Comparison {
        Comparison { what, ours, peer, per, bound, at_most }
    }
    const WRITE: &str = "write/fen_set";
    [
        c(
            "T3EN read per byte / FEN read per byte (set)",
            "read/t3en_set",
            "read/fen_set",
            Per::Byte,
            0.5,
            true,
        ),
        c(
            "TSN read per byte / FEN read per byte (set)",
            "read/tsn_set",
            "read/fen_set",
            Per::Byte,
            0.5,
            true,
        ),
        c(
            "one 3x3 T3EN read / one FEN read (set average)",
            "read/t3en_3x3",
            "read/fen_set",
            Per::Position,
            0.25,
            true,
        ),
        c(
            "T3EN write per byte / FEN write per byte",
            "write/t3en_set",
            WRITE,
            Per::Byte,
            1.0,
            true,
        ),
        c("TSN write per byte / FEN write per byte", "write/tsn_set", WRITE, Per::Byte, 1.0, true),
        c("TEN write per byte / FEN write per byte", "write/ten_set", WRITE, Per::Byte, 1.0, true),
        c(
            "tuple write per byte / FEN write per byte",
            "write/tuple_set",
            WRITE,
            Per::Byte,
            1.0,
            true,
        ),
        c(
            "digits write per byte / FEN write per byte",
            "write/digits_set",
            WRITE,
            Per::Byte,
            1.0,
            true,
        ),
        c(
            "bits write per byte / FEN write per byte",
            "write/bits_set",
            WRITE,
            Per::Byte,
            1.0,
            true,
        ),
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
        c(
            "seed-regex verdict / direct verdict (speed-up of direct)",
            "verdict/seed_regex",
            "verdict/direct",
            Per::Whole,
            10.0,
            false,
        ),
    ]
};

/// Every target of issue 9 from one round's figures.
fn targets(
    benches: &[Bench],
    estimates: &BTreeMap<String, f64>,
    throughput: &[Throughput],
    variants: &[Variant],
) -> Result<Vec<Target>, String> {
    let ns = |id: &str| -> Result<f64, String> {
        estimates.get(id).copied().ok_or_else(|| format!("criterion reported no `{id}`"))
    };
    let big = &throughput[0];
    let cli_per_line = big.cli_ns as f64 / big.lines as f64;
    let in_process_per_line = big.in_process_ns as f64 / big.lines as f64;
    let lines_per_second = 1e9 / cli_per_line;
    let memory_ratio = big.cli_maxrss_kib as f64 / throughput[1].cli_maxrss_kib.max(1) as f64;

    let mut targets = COMPARISONS
        .iter()
        .map(|c| {
            Ok(Target {
                what: c.what,
                ratio: c.ratio(benches, &|id| ns(id).ok())?,
                bound: c.bound,
                at_most: c.at_most,
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    targets.extend([
        Target {
            what: "CLI cost per line / in-process conversion per line",
            ratio: cli_per_line / in_process_per_line,
            bound: 1.5,
            at_most: true,
        },
        Target {
            what: "CLI 3x3 lines per second (millions)",
            ratio: lines_per_second / 1e6,
            bound: 2.0,
            at_most: false,
        },
        Target {
            what: "CLI peak memory, 10x the lines / 1x (independent of input size)",
            ratio: memory_ratio,
            bound: 1.1,
            at_most: true,
        },
        Target {
            what: "CLI time with notes on (summary, stderr to a file) / --quiet",
            ratio: variants[0].ns as f64 / big.cli_ns as f64,
            bound: 1.5,
            at_most: true,
        },
        Target {
            what: "CLI lines per second, --jobs 2 / --jobs 1 (2 cores)",
            ratio: big.cli_ns as f64 / variants[1].ns as f64,
            bound: 1.7,
            at_most: false,
        },
    ]);

    Ok(targets)
}

/// The targets that compare our code with the peer's, by instruction counts.
fn instruction_section(w: &mut String, benches: &[Bench], counts: &BTreeMap<String, f64>) {
    let _ = writeln!(w, "\n## Instruction counts\n");
    if counts.is_empty() {
        let _ = writeln!(w, "Not measured in this run (valgrind missing or turned off).");
        return;
    }
    let _ = writeln!(
        w,
        "Instructions per operation, counted by valgrind's callgrind (`bench/examples/ops.rs`, \
         a run of many iterations minus a run of none). They do not move with the load of \
         the machine, so these ratios repeat exactly from run to run; time also depends on \
         how many instructions run per cycle (stalls, mispredicted branches), which is why \
         the timed ratios above can differ.\n"
    );
    let bytes = |id: &str| {
        benches.iter().find(|b| b.id == id).and_then(|b| b.bytes.count()).unwrap_or(1) as f64
    };
    let positions =
        |id: &str| benches.iter().find(|b| b.id == id).map_or(1, |b| b.positions) as f64;
    let _ =
        writeln!(w, "| operation | instructions | per byte | per position |\n|---|---:|---:|---:|");
    for (id, n) in counts {
        let _ = writeln!(
            w,
            "| `{id}` | {n:.0} | {} | {:.0} |",
            if id.starts_with("verdict/") {
                String::new()
            } else {
                format!("{:.1}", n / bytes(id))
            },
            n / positions(id)
        );
    }
    let _ = writeln!(w, "\n| target, by instructions | ratio | bound |\n|---|---:|---:|");
    // The comparisons whose two operations were counted.
    for c in
        COMPARISONS.iter().filter(|c| counts.contains_key(c.ours) && counts.contains_key(c.peer))
    {
        let value = c.ratio(benches, &|id| counts.get(id).copied());
        let value = value.map_or_else(|e| e, |v| format!("{v:.3}"));
        let _ = writeln!(
            w,
            "| {} | {value} | {} {} |",
            c.what,
            if c.at_most { "≤" } else { "≥" },
            c.bound
        );
    }
}

// Every figure of the page comes in as an argument: one call, from `bench`.
#[allow(clippy::too_many_arguments)]
fn report(
    machine: &Machine,
    args: &BenchArgs,
    benches: &[Bench],
    estimates: &BTreeMap<String, f64>,
    rounds: &[BTreeMap<String, f64>],
    throughput: &[Throughput],
    variants: &[Variant],
    instructions: &BTreeMap<String, f64>,
) -> Result<String, String> {
    // Each target in every round, then judged on its median over the rounds.
    let per_round = rounds
        .iter()
        .map(|round| targets(benches, round, throughput, variants))
        .collect::<Result<Vec<_>, String>>()?;
    let targets: Vec<Judged> = (0..per_round.first().map_or(0, Vec::len))
        .map(|i| Judged::of(per_round.iter().map(|round| &round[i])))
        .collect();
    // The figures of the tables: each benchmark's least median over the rounds.
    let ns = |id: &str| -> Result<f64, String> {
        estimates.get(id).copied().ok_or_else(|| format!("criterion reported no `{id}`"))
    };
    let bench = |id: &str| -> &Bench {
        benches.iter().find(|b| b.id == id).expect("every ID used here is catalogued")
    };
    let per_byte = |id: &str| -> Result<f64, String> {
        let b = bench(id);
        Ok(ns(id)? / b.bytes.count().expect("a text benchmark") as f64)
    };
    let fen_read_byte = per_byte("read/fen_set")?;
    let fen_write_byte = per_byte("write/fen_set")?;
    let fen_read_position = ns("read/fen_set")? / bench("read/fen_set").positions as f64;
    let big = &throughput[0];
    let cli_per_line = big.cli_ns as f64 / big.lines as f64;
    let in_process_per_line = big.in_process_ns as f64 / big.lines as f64;
    let mut md = String::new();
    let w = &mut md;
    let _ = writeln!(w, "# Performance\n");
    let _ = writeln!(
        w,
        "Written by `cargo xtask bench` (edit `xtask/src/bench.rs`, not this file). Every figure \
         below comes from one run on one machine: several rounds of the whole suite, each \
         benchmark's figure its least median over the rounds; a target's ratio compares \
         figures of one round. \
         The peer is [shakmaty](https://crates.io/crates/shakmaty)'s FEN reader \
         (`Fen::from_ascii`) and writer (`append_to_string`), a dev-dependency of the \
         unpublished `gridnote-bench` crate only.\n"
    );
    let _ = writeln!(w, "| | |\n|---|---|");
    let _ = writeln!(w, "| date (UTC) | {} |", machine.date);
    let _ = writeln!(w, "| nproc | {} |", machine.nproc);
    let _ = writeln!(w, "| CPU | {} |", machine.cpu);
    let _ = writeln!(w, "| rustc | {} |", machine.rustc);
    let _ = writeln!(w, "| load average at start (1 min) | {} |", machine.load);
    let _ = writeln!(
        w,
        "| criterion | median of 30 samples, {}s measurement, {}s warm-up per benchmark; the least median of {} runs of the suite |",
        args.seconds,
        args.warm_up,
        args.repeat.max(1)
    );
    let _ = writeln!(w, "\n## Targets\n");
    let _ = writeln!(
        w,
        "Each ratio is taken within one round of the suite (ours and the peer's measured \
         minutes apart) and judged on its median over the {} rounds; the range shows how \
         far the rounds spread on this shared machine.\n",
        rounds.len()
    );
    let _ = writeln!(
        w,
        "| target | ratio (median) | range over rounds | bound | met |\n|---|---:|---:|---:|---|"
    );
    for t in &targets {
        let _ = writeln!(
            w,
            "| {} | {:.3} | {:.3}–{:.3} | {} {} | {} |",
            t.what,
            t.ratio,
            t.low,
            t.high,
            if t.at_most { "≤" } else { "≥" },
            t.bound,
            if t.met() { "yes" } else { "**no**" }
        );
    }

    instruction_section(w, benches, instructions);

    let _ = writeln!(w, "\n## Where the time goes\n");
    let board_new = ns("read/board_new_3x3")?;
    let read_3x3 = ns("read/t3en_3x3")?;
    let _ = writeln!(
        w,
        "- A 3×3 T3EN read takes {read_3x3:.1} ns; shakmaty's `Fen` takes \
         {fen_read_position:.1} ns per position, a quarter of which is {:.1} ns. The shared \
         model keeps boards of up to 16 cells inline (no allocation), yet `Board::new(3, 3)` \
         alone measures {board_new:.1} ns: a `Cell` is a two-byte enum whose empty and void \
         values leave one byte undefined, so a small board is written in narrow stores, and \
         the first wide copy of it (returning it, wrapping it in a `Result`) waits until those \
         stores reach the cache (a store-forwarding stall; writing `[Cell::Empty; 16]` and \
         then moving it costs about 10 ns more than writing it alone). The reader therefore \
         moves the board as few times as it can once its cells are written (`FromStr` \
         returns the fast reader's position directly); shakmaty's board is bitboards, \
         eight-byte words.",
        fen_read_position / 4.0
    );
    let direct = ns("verdict/direct")? / 8.0;
    let board_of_digits = ns("verdict/board_of_digits")? / 8.0;
    let outcome = ns("verdict/outcome_of_board")? / 8.0;
    let regex = ns("verdict/seed_regex")? / 8.0;
    let from_text = ns("verdict/direct_from_text")? / 8.0;
    let _ = writeln!(
        w,
        "- The direct verdict ({direct:.1} ns per string) decides the digit string's own \
         cells with the shared model's `Rules::outcome_of_cells`: a bit mask of each \
         player's pieces, the eight lines of a 3×3 board tested as shifted masks. The same \
         decision through a `Board` costs building it (`Digits::board`, \
         {board_of_digits:.1} ns) and `Board::outcome` ({outcome:.1} ns). The seed's regex \
         takes {regex:.1} ns per string, {:.1}× the direct verdict. The regex reads text; \
         reading the digit string and then deciding takes {from_text:.1} ns, {:.1}× less \
         than the regex (not a target: the issue compares the verdicts).",
        regex / direct,
        regex / from_text
    );
    let _ = writeln!(
        w,
        "- Writing: shakmaty's writer walks the occupied squares of its bitboards and skips \
         empty ones; gridnote's writers visit every cell of the shared model, and telling a \
         two-byte `Cell` apart (its kind sits in the niche of the player byte) compiles to a \
         chain of conditional moves of several instructions per cell. Each writer appends \
         to the `String` a byte or a run at a time; gathering the text in a buffer on the \
         stack and appending it once per board was measured slower (the `str::from_utf8` \
         check and the buffer's initialisation cost more than they saved)."
    );
    let read_only = ns("convert/t3en_3x3_read_only")?;
    let write_only = ns("convert/tsn_write_only")?;
    let extra = cli_per_line - in_process_per_line;
    let cli_part = if extra >= 0.0 {
        format!("the CLI adds {extra:.1} ns per line for reading lines and writing output")
    } else {
        format!(
            "the CLI's cost per line came out {:.1} ns below the in-process one in this run: \
             its line reading and output cost less than the run-to-run noise",
            -extra
        )
    };
    let _ = writeln!(
        w,
        "- Converting one 3×3 T3EN line to TSN in-process: `gridnote_convert::read` \
         {read_only:.1} ns (of which the T3EN reader {read_3x3:.1} ns), \
         `gridnote_convert::write` {write_only:.1} ns (the TSN text, the derived-field \
         notes, the board copy); {cli_part}."
    );
    let _ = writeln!(
        w,
        "- The machine is shared (see the load average above): figures move by up to half \
         between runs; the ratios compare figures of one run."
    );
    let _ = writeln!(w, "\n## Every benchmark\n");
    let _ = writeln!(
        w,
        "ns per iteration is criterion's median; one iteration handles `positions` positions \
         and reads or writes `bytes` bytes. The last column compares the cost per byte with \
         shakmaty's (reading with reading, writing with writing).\n"
    );
    let _ = writeln!(
        w,
        "| benchmark | what | positions | bytes | ns / iteration | ns / position | ns / byte | per byte vs FEN |\n|---|---|---:|---:|---:|---:|---:|---:|"
    );
    for b in benches {
        let Some(&t) = estimates.get(&b.id) else {
            let _ =
                writeln!(w, "| `{}` | {} | {} | | not measured | | | |", b.id, b.what, b.positions);
            continue;
        };
        let (bytes, byte_cost, vs) = match b.bytes {
            Bytes::Input(n) => {
                let c = t / n as f64;
                let vs = if b.id.starts_with("read/") {
                    format!("{:.2}", c / fen_read_byte)
                } else {
                    String::new()
                };
                (n.to_string(), format!("{c:.2}"), vs)
            }
            Bytes::Output(n) => {
                let c = t / n as f64;
                (n.to_string(), format!("{c:.2}"), format!("{:.2}", c / fen_write_byte))
            }
            Bytes::None => (String::new(), String::new(), String::new()),
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
            vs
        );
    }

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
    for (i, t) in throughput.iter().enumerate() {
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
    let big = &throughput[0];
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
    for v in variants {
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
         `--lines`, `--runs`, `--no-write`). Benchmarks are never part of `cargo test`."
    );
    Ok(md)
}
