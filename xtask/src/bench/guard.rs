//! Instruction counts of the operations of `bench/src/bin/gridnote-bench-ops.rs`, counted
//! with valgrind's callgrind, and the regression guard built on them:
//!
//! - `cargo xtask bench --check` builds the runner, counts every operation again and
//!   compares each with the committed baseline (`bench/baseline.toml`): it fails when one
//!   costs more than [`GROWTH_LIMIT`] percent more, or more than [`DROP_LIMIT`] percent
//!   less (the baseline must be updated so that it stays true), or when an operation is
//!   missing from either side;
//! - `cargo xtask bench --bless` rewrites the baseline from a fresh count.
//!
//! Counts are deterministic: the runner counts only the operation (`--toggle-collect` on
//! one function, not the process start nor the preparation), on a thread of its own (so
//! the length of paths, arguments and environment cannot move its stack), under an empty
//! environment, and the runner is built through the fixed paths of [`FIXED`] (see
//! [`build`]), so that a checkout anywhere, on any machine with the same toolchain, builds
//! the same binary.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use crate::{cargo, target_dir, workspace_root};

/// What a benchmark's bytes count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bytes {
    /// The text read, in bytes.
    Input(usize),
    /// The text written, in bytes.
    Output(usize),
    /// Not a text benchmark: only the cost per position counts.
    None,
}

impl Bytes {
    /// The number of bytes, if any.
    pub(crate) const fn count(self) -> Option<usize> {
        match self {
            Bytes::Input(n) | Bytes::Output(n) => Some(n),
            Bytes::None => None,
        }
    }
}

/// The committed baseline, relative to the workspace root.
pub(crate) const BASELINE: &str = "bench/baseline.toml";
/// An operation may cost at most this many percent more than its baseline.
pub(crate) const GROWTH_LIMIT: f64 = 3.0;
/// An operation costing this many percent less than its baseline fails too, until the
/// baseline is blessed.
pub(crate) const DROP_LIMIT: f64 = 10.0;

/// One operation of the runner, as `gridnote-bench-ops --list` describes it.
#[derive(Clone, Debug)]
pub(crate) struct Operation {
    pub(crate) name: String,
    pub(crate) what: String,
    pub(crate) iterations: usize,
    pub(crate) positions: usize,
    pub(crate) bytes: Bytes,
}

/// The runner, built and listed.
pub(crate) struct Runner {
    path: PathBuf,
    pub(crate) operations: Vec<Operation>,
}

/// Whether valgrind can be run.
pub(crate) fn valgrind_version() -> Option<String> {
    let out = Command::new("valgrind").arg("--version").output().ok()?;
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).trim().to_owned())
}

/// The folder the runner is built through: `root` (a link to the checkout), `cargo` (to
/// cargo's home) and `target` (to `target/bench-ops`), so that every path the compiler sees
/// is the same on every machine.
///
/// The paths matter beyond the text of panic messages: the `bench` workspace reaches the
/// gridnote crates as path dependencies outside itself, and cargo hashes such a
/// dependency's absolute path into the crate's `-C metadata`. That hash names the code
/// generation units, and their names steer which functions LLVM inlines: two checkouts of
/// one commit built different binaries, whose instruction counts differed with nothing
/// changed.
pub(crate) const FIXED: &str = "/tmp/gridnote-bench-ops";

/// Builds the runner (release, through [`FIXED`], in `target/bench-ops`) and lists its
/// operations. The build's environment is cleared of what could change the code cargo
/// generates (profile overrides, incremental builds, flags, wrappers). Runs of two
/// checkouts at once take turns on a lock.
pub(crate) fn build(root: &Path, target: &Path) -> Result<Runner, String> {
    let target = target.join("bench-ops");
    eprintln!("bench: building the operations runner (bench/src/bin/gridnote-bench-ops.rs)");
    let fixed = Path::new(FIXED);
    std::fs::create_dir_all(fixed)
        .and_then(|()| std::fs::create_dir_all(&target))
        .map_err(|e| format!("cannot create {} or {}: {e}", fixed.display(), target.display()))?;
    let lock = std::fs::File::create(fixed.join(".lock"))
        .map_err(|e| format!("cannot create {}/.lock: {e}", fixed.display()))?;
    lock.lock().map_err(|e| format!("cannot lock {}/.lock: {e}", fixed.display()))?;
    let home = cargo_home().ok_or("cannot tell cargo's home (neither CARGO_HOME nor HOME)")?;
    for (name, to) in [("root", root), ("cargo", home.as_path()), ("target", target.as_path())] {
        point(&fixed.join(name), to)?;
    }
    let mut build = cargo();
    for (key, _) in std::env::vars_os() {
        let key = key.to_string_lossy();
        if key.starts_with("CARGO_PROFILE_")
            || key.starts_with("CARGO_BUILD_")
            || key.starts_with("CARGO_TARGET_")
            || ["RUSTFLAGS", "RUSTC_WRAPPER", "RUSTC_WORKSPACE_WRAPPER"].contains(&&*key)
        {
            build.env_remove(&*key);
        }
    }
    let status = build
        .current_dir(fixed.join("root"))
        .env("CARGO_HOME", fixed.join("cargo"))
        .env("CARGO_ENCODED_RUSTFLAGS", "")
        .env("CARGO_INCREMENTAL", "0")
        .args(["build", "--release", "--bin", "gridnote-bench-ops", "--manifest-path"])
        .arg(fixed.join("root/bench/Cargo.toml"))
        .arg("--target-dir")
        .arg(fixed.join("target"))
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    drop(lock);
    if !status.success() {
        return Err(format!("building the operations runner failed: {status}"));
    }
    let path = target.join("release/gridnote-bench-ops");
    let out = Command::new(&path)
        .arg("--list")
        .output()
        .map_err(|e| format!("cannot run {}: {e}", path.display()))?;
    if !out.status.success() {
        return Err(format!(
            "{} --list failed: {}",
            path.display(),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let operations = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(parse_listing)
        .collect::<Result<Vec<_>, String>>()?;
    Ok(Runner { path, operations })
}

/// Makes `link` a symbolic link to `to`, replacing what was there in one rename.
fn point(link: &Path, to: &Path) -> Result<(), String> {
    let to = to.canonicalize().map_err(|e| format!("cannot resolve {}: {e}", to.display()))?;
    if std::fs::read_link(link).is_ok_and(|now| now == to) {
        return Ok(());
    }
    let fresh = link.with_extension(format!("new{}", std::process::id()));
    let _ = std::fs::remove_file(&fresh);
    #[cfg(unix)]
    let made = std::os::unix::fs::symlink(&to, &fresh);
    #[cfg(not(unix))]
    let made: std::io::Result<()> =
        Err(std::io::Error::other("the instruction guard builds on Unix only"));
    made.and_then(|()| std::fs::rename(&fresh, link))
        .map_err(|e| format!("cannot link {} to {}: {e}", link.display(), to.display()))
}

fn cargo_home() -> Option<PathBuf> {
    std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")))
}

/// One line of `--list`: name, iterations, positions, input/output/none, bytes, what.
fn parse_listing(line: &str) -> Result<Operation, String> {
    let fields: Vec<&str> = line.splitn(6, '\t').collect();
    let [name, iterations, positions, kind, bytes, what] = fields[..] else {
        return Err(format!("the runner's line `{line}` has not 6 fields"));
    };
    let number = |text: &str| {
        text.parse::<usize>().map_err(|_| format!("the runner's line `{line}` has a bad number"))
    };
    let bytes = match kind {
        "input" => Bytes::Input(number(bytes)?),
        "output" => Bytes::Output(number(bytes)?),
        "none" => Bytes::None,
        _ => return Err(format!("the runner's line `{line}` has a bad kind")),
    };
    Ok(Operation {
        name: name.to_owned(),
        what: what.to_owned(),
        iterations: number(iterations)?,
        positions: number(positions)?,
        bytes,
    })
}

impl Runner {
    /// Instructions per iteration of every operation (callgrind's count of the listed
    /// iterations, divided by them), counted `jobs` at a time.
    pub(crate) fn count(&self, jobs: usize) -> Result<BTreeMap<String, f64>, String> {
        let next = AtomicUsize::new(0);
        let results: Mutex<BTreeMap<String, Result<f64, String>>> = Mutex::new(BTreeMap::new());
        std::thread::scope(|scope| {
            for _ in 0..jobs.max(1) {
                scope.spawn(|| {
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(op) = self.operations.get(i) else { break };
                        let count = self.count_one(op);
                        results
                            .lock()
                            .expect("no panic holds the lock")
                            .insert(op.name.clone(), count);
                    }
                });
            }
        });
        results
            .into_inner()
            .expect("no panic holds the lock")
            .into_iter()
            .map(|(name, count)| count.map(|c| (name, c)))
            .collect()
    }

    fn count_one(&self, op: &Operation) -> Result<f64, String> {
        let dir = self.path.parent().unwrap_or(Path::new("/"));
        let out = Command::new("valgrind")
            // Nothing of the caller's environment reaches the runner.
            .env_clear()
            .current_dir(dir)
            .args([
                "--tool=callgrind",
                "--callgrind-out-file=/dev/null",
                "--collect-atstart=no",
                "--toggle-collect=*gridnote_bench_measured*",
            ])
            .arg(&self.path)
            .args(["run", &op.name, &op.iterations.to_string()])
            .output()
            .map_err(|e| format!("cannot run valgrind: {e}"))?;
        let log = String::from_utf8_lossy(&out.stderr);
        if !out.status.success() {
            return Err(format!("valgrind on `{}` failed: {log}", op.name));
        }
        let collected: u64 = log
            .lines()
            .find_map(|line| line.split_once("Collected :").map(|(_, n)| n.trim().parse().ok()))
            .flatten()
            .ok_or_else(|| format!("valgrind reported no instruction count for `{}`", op.name))?;
        // Tenths of an instruction, as the baseline holds them.
        Ok((collected as f64 / op.iterations.max(1) as f64 * 10.0).round() / 10.0)
    }
}

/// The baseline: instructions per iteration by operation, and the toolchain it was
/// counted with.
#[derive(Debug, Default)]
pub(crate) struct Baseline {
    pub(crate) counts: BTreeMap<String, f64>,
    pub(crate) rustc: String,
}

/// Reads the baseline's `"name" = number` lines (the only lines it holds besides
/// comments and the `[instructions]` header).
pub(crate) fn read_baseline(path: &Path) -> Result<Baseline, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut baseline = Baseline::default();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if let Some(rustc) = line.strip_prefix("# rustc:") {
            baseline.rustc = rustc.trim().to_owned();
        }
        if line.is_empty() || line.starts_with('#') || line == "[instructions]" {
            continue;
        }
        let bad =
            || format!("{}:{}: expected `\"operation\" = instructions`", path.display(), i + 1);
        let (key, value) = line.split_once('=').ok_or_else(bad)?;
        let key = key.trim().strip_prefix('"').and_then(|k| k.strip_suffix('"')).ok_or_else(bad)?;
        let value = value.split('#').next().unwrap_or("").trim();
        let value: f64 = value.parse().map_err(|_| bad())?;
        if baseline.counts.insert(key.to_owned(), value).is_some() {
            return Err(format!("{}:{}: `{key}` appears twice", path.display(), i + 1));
        }
    }
    Ok(baseline)
}

/// The baseline file's text for `counts`.
pub(crate) fn baseline_text(
    operations: &[Operation],
    counts: &BTreeMap<String, f64>,
    rustc: &str,
    valgrind: &str,
) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# Instructions per iteration of each operation of bench/src/bin/gridnote-bench-ops.rs,\n\
         # counted by valgrind's callgrind (the operation alone, its listed iterations, divided\n\
         # by them). Written by `cargo xtask bench --bless`; `cargo xtask bench --check` (in\n\
         # .ci/run) counts again and fails when an operation costs more than {GROWTH_LIMIT}% more\n\
         # or more than {DROP_LIMIT}% less than here, or when the lists differ. After a change that\n\
         # moves a count on purpose, bless and commit this file with the change.\n\
         #\n\
         # rustc: {rustc}\n\
         # valgrind: {valgrind}\n\
         \n\
         [instructions]"
    );
    for op in operations {
        if let Some(n) = counts.get(&op.name) {
            let _ = writeln!(out, "\"{}\" = {n:.1}", op.name);
        }
    }
    out
}

/// One operation compared with its baseline.
struct Row {
    name: String,
    base: Option<f64>,
    now: Option<f64>,
}

impl Row {
    fn change(&self) -> Option<f64> {
        match (self.base, self.now) {
            (Some(b), Some(n)) if b > 0.0 => Some((n - b) / b * 100.0),
            (Some(b), Some(n)) if b == n => Some(0.0),
            _ => None,
        }
    }

    fn verdict(&self) -> Result<(), String> {
        match (self.base, self.now, self.change()) {
            (None, _, _) => Err("not in the baseline".to_owned()),
            (_, None, _) => Err("in the baseline but no longer counted".to_owned()),
            (_, _, Some(c)) if c > GROWTH_LIMIT => {
                Err(format!("grew by {c:.2}% (limit {GROWTH_LIMIT}%)"))
            }
            (_, _, Some(c)) if c < -DROP_LIMIT => {
                Err(format!("fell by {:.2}% (more than {DROP_LIMIT}%: bless the improvement)", -c))
            }
            (_, _, None) => Err("the baseline count is 0".to_owned()),
            _ => Ok(()),
        }
    }
}

/// The comparison table and the failures, in the runner's order, then anything only the
/// baseline has.
fn compare(
    operations: &[Operation],
    counts: &BTreeMap<String, f64>,
    baseline: &BTreeMap<String, f64>,
) -> (String, Vec<String>) {
    let mut rows: Vec<Row> = operations
        .iter()
        .map(|op| Row {
            name: op.name.clone(),
            base: baseline.get(&op.name).copied(),
            now: counts.get(&op.name).copied(),
        })
        .collect();
    for (name, &base) in baseline {
        if !operations.iter().any(|op| &op.name == name) {
            rows.push(Row { name: name.clone(), base: Some(base), now: None });
        }
    }
    let width = rows.iter().map(|r| r.name.len()).max().unwrap_or(9).max(9);
    let mut table =
        format!("{:<width$}  {:>14}  {:>14}  {:>8}\n", "operation", "baseline", "now", "change");
    let mut failures = Vec::new();
    let figure = |v: Option<f64>| v.map_or_else(|| "-".to_owned(), |v| format!("{v:.1}"));
    for row in &rows {
        let verdict = row.verdict();
        let _ = writeln!(
            table,
            "{:<width$}  {:>14}  {:>14}  {:>8}{}",
            row.name,
            figure(row.base),
            figure(row.now),
            row.change().map_or_else(|| "-".to_owned(), |c| format!("{c:+.2}%")),
            if verdict.is_err() { "  FAIL" } else { "" }
        );
        if let Err(why) = verdict {
            failures.push(format!("{}: {why}", row.name));
        }
    }
    (table, failures)
}

/// `cargo xtask bench --check` (`bless` false) or `--bless`.
pub(crate) fn run(bless: bool, jobs: usize) -> ExitCode {
    match guard(bless, jobs) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::FAILURE
        }
    }
}

fn guard(bless: bool, jobs: usize) -> Result<bool, String> {
    let start = Instant::now();
    let root = workspace_root();
    let Some(valgrind) = valgrind_version() else {
        return Err("valgrind is not installed (apt-get install valgrind): cannot count \
                    instructions"
            .to_owned());
    };
    let runner = build(&root, &target_dir())?;
    let built = start.elapsed();
    eprintln!(
        "bench: counting {} operations with callgrind, {jobs} at a time",
        runner.operations.len()
    );
    let counts = runner.count(jobs)?;
    let rustc = rustc_version();
    let path = root.join(BASELINE);
    if bless {
        let text = baseline_text(&runner.operations, &counts, &rustc, &valgrind);
        std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        eprintln!(
            "bench: wrote {} ({} operations; build {:.0}s, total {:.0}s)",
            path.display(),
            counts.len(),
            built.as_secs_f64(),
            start.elapsed().as_secs_f64()
        );
        return Ok(true);
    }
    let baseline = read_baseline(&path)?;
    let (table, failures) = compare(&runner.operations, &counts, &baseline.counts);
    print!("{table}");
    eprintln!(
        "bench: {} operations counted (build {:.0}s, total {:.0}s)",
        counts.len(),
        built.as_secs_f64(),
        start.elapsed().as_secs_f64()
    );
    if failures.is_empty() {
        println!(
            "bench --check: every operation within +{GROWTH_LIMIT}% / -{DROP_LIMIT}% of {BASELINE}"
        );
        return Ok(true);
    }
    println!("bench --check: {} operation(s) out of bounds:", failures.len());
    for failure in &failures {
        println!("  {failure}");
    }
    if baseline.rustc != rustc {
        println!("(the baseline was counted with {}; this is {rustc})", baseline.rustc);
    }
    println!(
        "If the change is intended, update the baseline with `cargo xtask bench --bless` and \
         commit {BASELINE} with it."
    );
    Ok(false)
}

/// `rustc --version`, or `unknown`.
pub(crate) fn rustc_version() -> String {
    Command::new("rustc").arg("--version").output().ok().filter(|o| o.status.success()).map_or_else(
        || "unknown".to_owned(),
        |o| String::from_utf8_lossy(&o.stdout).trim().to_owned(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn op(name: &str) -> Operation {
        Operation {
            name: name.to_owned(),
            what: String::new(),
            iterations: 1,
            positions: 1,
            bytes: Bytes::None,
        }
    }

    #[test]
    fn the_bounds_are_three_percent_up_and_ten_down() {
        let ops = [op("a"), op("b"), op("c"), op("d"), op("e")];
        let base: BTreeMap<String, f64> =
            [("a", 100.0), ("b", 100.0), ("c", 100.0), ("d", 100.0), ("e", 100.0)]
                .into_iter()
                .map(|(k, v)| (k.to_owned(), v))
                .collect();
        let now: BTreeMap<String, f64> =
            [("a", 103.0), ("b", 103.1), ("c", 90.0), ("d", 89.9), ("e", 100.0)]
                .into_iter()
                .map(|(k, v)| (k.to_owned(), v))
                .collect();
        let (_, failures) = compare(&ops, &now, &base);
        assert_eq!(
            failures,
            [
                "b: grew by 3.10% (limit 3%)",
                "d: fell by 10.10% (more than 10%: bless the improvement)"
            ]
        );
    }

    #[test]
    fn an_operation_missing_from_either_side_fails() {
        let ops = [op("new")];
        let base: BTreeMap<String, f64> = [("old".to_owned(), 5.0)].into_iter().collect();
        let now: BTreeMap<String, f64> = [("new".to_owned(), 5.0)].into_iter().collect();
        let (table, failures) = compare(&ops, &now, &base);
        assert_eq!(
            failures,
            ["new: not in the baseline", "old: in the baseline but no longer counted"]
        );
        assert!(table.contains("old"), "{table}");
    }

    #[test]
    fn the_baseline_reads_back_what_bless_writes() {
        let ops = [op("read/t3en_set"), op("solve/3x3_empty")];
        let counts: BTreeMap<String, f64> =
            [("read/t3en_set".to_owned(), 15517.59), ("solve/3x3_empty".to_owned(), 445847.7)]
                .into_iter()
                .collect();
        let text = baseline_text(&ops, &counts, "rustc 1.95.0", "valgrind-3.19.0");
        let dir = std::env::temp_dir().join(format!("xtask-guard-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("baseline.toml");
        std::fs::write(&path, &text).unwrap();
        let baseline = read_baseline(&path).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(baseline.rustc, "rustc 1.95.0");
        assert_eq!(
            baseline.counts.into_iter().collect::<Vec<_>>(),
            [("read/t3en_set".to_owned(), 15517.6), ("solve/3x3_empty".to_owned(), 445847.7)]
        );
        assert!(text.contains("\"read/t3en_set\" = 15517.6\n"), "{text}");
    }
}
