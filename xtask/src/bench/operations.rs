//! The measurements of `cargo xtask bench` besides the instruction counts: the criterion
//! suites of `bench/` (shakmaty's FEN as the peer in the same run), the CLI throughput
//! runs, the machine's description, and the helpers that run the bench crate's programs.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{SystemTime, UNIX_EPOCH};

use crate::bench::guard::{self, Bytes, Operation};
use crate::cargo;

/// What the report needs of `cargo xtask bench`'s options.
#[derive(Clone, Copy, Debug)]
pub(super) struct Settings {
    /// Criterion's measurement time per benchmark, in seconds.
    pub(super) seconds: f64,
    /// Criterion's warm-up time per benchmark, in seconds.
    pub(super) warm_up: f64,
    /// Runs of the whole criterion suite.
    pub(super) repeat: usize,
    /// Runs of each throughput measurement.
    pub(super) runs: usize,
}

/// One benchmark of `bench/benches/gridnote.rs`, as `gridnote-bench-lines catalogue` lists
/// it (xtask does not depend on the bench crate, which has a workspace of its own).
#[derive(Clone, Debug)]
pub(super) struct Bench {
    /// The criterion ID, `group/function`.
    pub(super) id: String,
    /// What one iteration does, for the report.
    pub(super) what: String,
    /// Positions handled per iteration.
    pub(super) positions: usize,
    /// Bytes read or written per iteration.
    pub(super) bytes: Bytes,
}

/// The benchmarks, from the runner's `catalogue` listing (tab-separated: ID, positions,
/// input/output/none, bytes, what).
pub(super) fn catalogue(runner: &Path) -> Result<Vec<Bench>, String> {
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
pub(super) fn bench_manifest(root: &Path) -> PathBuf {
    root.join("bench/Cargo.toml")
}

/// The CLI runs beside `--quiet` on one thread: label and arguments.
pub(super) const VARIANTS: [(&str, &[&str]); 2] = [
    ("notes on (the default summary), stderr to a file", &["--notes", "summary"]),
    ("`--quiet` on two threads", &["--quiet", "--jobs", "2"]),
];

/// One CLI run of [`VARIANTS`] on the big input.
pub(super) struct Variant {
    pub(super) label: &'static str,
    pub(super) args: String,
    pub(super) ns: u64,
    pub(super) err_bytes: u64,
}

/// One CLI throughput measurement.
pub(super) struct Throughput {
    /// FNV-1a of the output, to check that every variant writes the same.
    pub(super) hash: String,
    pub(super) lines: usize,
    pub(super) input_bytes: u64,
    pub(super) output_bytes: u64,
    pub(super) in_process_ns: u64,
    pub(super) cli_ns: u64,
    pub(super) cli_maxrss_kib: u64,
}

/// The machine the figures come from.
pub(super) struct Machine {
    pub(super) date: String,
    pub(super) nproc: usize,
    pub(super) cpu: String,
    pub(super) rustc: String,
    pub(super) load: String,
}

impl Machine {
    pub(super) fn read() -> Machine {
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
pub(super) fn today() -> String {
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
pub(super) struct Instructions {
    pub(super) operations: Vec<Operation>,
    pub(super) counts: BTreeMap<String, f64>,
    pub(super) baseline: Option<guard::Baseline>,
    pub(super) valgrind: String,
}

impl Instructions {
    pub(super) fn operation(&self, name: &str) -> Option<&Operation> {
        self.operations.iter().find(|op| op.name == name)
    }
}

/// Instructions per iteration of each operation of the runner (see `guard`); none when
/// valgrind is not installed.
pub(super) fn instruction_counts(
    root: &Path,
    target: &Path,
    jobs: usize,
) -> Result<Instructions, String> {
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
pub(super) fn wasm_size(root: &Path, target: &Path) -> Option<u64> {
    [root.join("target/wasm-pkg"), target.join("wasm-pkg")]
        .iter()
        .find_map(|dir| std::fs::metadata(dir.join("gridnote_wasm_bg.wasm")).ok())
        .map(|meta| meta.len())
}

/// Runs criterion on `bench/benches/<bench>.rs` with `home` as its `CRITERION_HOME`.
pub(super) fn criterion(
    root: &Path,
    target: &Path,
    home: &Path,
    bench: &str,
    settings: &Settings,
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
            .args(["--warm-up-time", &settings.warm_up.to_string()])
            .args(["--measurement-time", &settings.seconds.to_string()])
            .arg("--noplot")
            // Criterion's progress goes to stderr: stdout carries only the report.
            .stdout(stderr_handle()?),
    )
}

/// A handle on this process's standard error, for a child's standard output.
pub(super) fn stderr_handle() -> Result<std::process::Stdio, String> {
    use std::os::fd::AsFd as _;
    let fd = std::io::stderr()
        .as_fd()
        .try_clone_to_owned()
        .map_err(|e| format!("cannot duplicate stderr: {e}"))?;
    Ok(std::process::Stdio::from(fd))
}

pub(super) fn status(command: &mut Command) -> Result<(), String> {
    let status = command.status().map_err(|e| format!("cannot run {command:?}: {e}"))?;
    if status.success() { Ok(()) } else { Err(format!("{command:?} failed: {status}")) }
}

pub(super) fn output(command: &mut Command) -> Result<String, String> {
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
pub(super) fn key_values(line: &str) -> BTreeMap<String, String> {
    line.split_whitespace()
        .filter_map(|kv| kv.split_once('='))
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect()
}

pub(super) fn number(map: &BTreeMap<String, String>, key: &str) -> Result<u64, String> {
    map.get(key)
        .and_then(|v| v.parse().ok())
        .ok_or_else(|| format!("the runner's output has no number `{key}`"))
}

/// Criterion's median estimate (ns per iteration) of every benchmark under `home`, by ID
/// (`home/<id>/new/` for a lone benchmark, `home/<group>/<function>/new/` in a group).
pub(super) fn read_estimates(home: &Path) -> Result<BTreeMap<String, f64>, String> {
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
