//! `cargo xtask python`: the Python package `gridnote` (crates/python) built into a wheel
//! by maturin, installed into a virtual environment made from PyPI, and tested there.
//!
//! The virtual environment (`target/python/venv`) gets maturin, pytest, hypothesis,
//! gymnasium, pettingzoo and numpy from PyPI (once; again when the requirements change);
//! the wheel goes to `target/wheels/`; then pytest runs the package's tests
//! (`crates/python/tests`), the doctests of its modules and the examples of
//! docs/python.md against the installed wheel,
//! and every example script of `crates/python/examples` runs. `--bench` measures the
//! goals of docs/python.md instead of testing.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Instant;

use clap::Args;

use crate::{cargo, exit, target_dir, workspace_root};

/// What the virtual environment gets from PyPI.
const REQUIREMENTS: [&str; 6] = [
    "maturin>=1.9.4,<2",
    "pytest>=8",
    "hypothesis>=6.100",
    "numpy>=1.24",
    "gymnasium>=1.0",
    "pettingzoo>=1.24",
];

/// `cargo xtask python`.
#[derive(Debug, Args)]
pub(crate) struct PythonArgs {
    /// When a tool cannot be had (no Python 3.9 or newer with venv, PyPI unreachable),
    /// print `skipped: <reason>` and succeed instead of failing (what CI does).
    #[arg(long)]
    if_installable: bool,
    /// Start from a new virtual environment (the old one is removed).
    #[arg(long)]
    fresh: bool,
    /// Measure the goals of docs/python.md (convert_many against the CLI and a Python
    /// loop, the call overhead, the environment's step against PettingZoo's
    /// tictactoe_v3) instead of running the tests.
    #[arg(long)]
    bench: bool,
    /// Lines of the `--bench` conversion file.
    #[arg(long, default_value_t = 1_000_000)]
    lines: usize,
}

/// Why the task did not finish.
enum Problem {
    /// A tool could not be had: `--if-installable` skips.
    Unavailable(String),
    /// Something ran and failed.
    Failed(String),
}

impl From<String> for Problem {
    fn from(message: String) -> Problem {
        Problem::Failed(message)
    }
}

pub(crate) fn run(args: &PythonArgs) -> ExitCode {
    let started = Instant::now();
    match task(args) {
        Ok(()) => {
            println!("python: done in {:.0?}", started.elapsed());
            ExitCode::SUCCESS
        }
        Err(Problem::Unavailable(reason)) if args.if_installable => {
            println!("skipped: {reason}");
            ExitCode::SUCCESS
        }
        Err(Problem::Unavailable(reason) | Problem::Failed(reason)) => exit(Err(reason)),
    }
}

fn task(args: &PythonArgs) -> Result<(), Problem> {
    let root = workspace_root();
    let target = target_dir();
    let dir = target.join("python");
    let venv = dir.join("venv");
    if args.fresh && venv.exists() {
        std::fs::remove_dir_all(&venv)
            .map_err(|e| format!("cannot remove {}: {e}", venv.display()))?;
    }
    let python = ensure_venv(&venv)?;
    let wheel = build_wheel(&root, &venv, &target.join("wheels"))?;
    let size = std::fs::metadata(&wheel).map_err(|e| format!("{}: {e}", wheel.display()))?.len();
    println!("python: wheel {} ({size} bytes)", rel(&wheel));
    step(
        Command::new(&python)
            .args(["-m", "pip", "install", "-q", "--force-reinstall", "--no-deps"])
            .arg(&wheel),
        "pip install the wheel",
    )?;
    let package = root.join("crates/python");
    if args.bench {
        // PettingZoo's tictactoe_v3, the step's reference, imports pygame to render.
        step(
            Command::new(&python).args(["-m", "pip", "install", "-q", "pygame"]),
            "pip install pygame",
        )?;
        step(
            cargo().current_dir(&root).args(["build", "--release", "-p", "gridnote-cli"]),
            "cargo build --release -p gridnote-cli",
        )?;
        let gridnote = target.join("release/gridnote");
        let mut bench = Command::new(&python);
        bench
            .arg(package.join("bench/bench.py"))
            .arg("--cli")
            .arg(&gridnote)
            .arg("--dir")
            .arg(&dir)
            .arg("--lines")
            .arg(args.lines.to_string())
            .arg("--wheel")
            .arg(&wheel);
        return Ok(step(&mut bench, "the benchmark")?);
    }
    // From the target directory, so that `import gridnote` finds the installed wheel and
    // nothing of the source tree; no cache files are written into the repository.
    let mut pytest = Command::new(&python);
    pytest
        .current_dir(&dir)
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .args(["-m", "pytest", "-q", "-p", "no:cacheprovider", "--doctest-modules"])
        .arg("--doctest-glob=python.md")
        .arg(package.join("tests"))
        .arg(root.join("docs/python.md"))
        .args(["--pyargs", "gridnote", "gridnote.env"]);
    step(&mut pytest, "pytest")?;
    for example in examples(&package.join("examples"))? {
        println!("python: example {}", rel(&example));
        step(Command::new(&python).current_dir(&dir).arg(&example).arg("--smoke"), "an example")?;
    }
    Ok(())
}

/// The wheel, built with the task's virtual environment's maturin (made when missing):
/// for `cargo xtask spark-demo --python`.
pub(crate) fn wheel() -> Result<PathBuf, String> {
    let target = target_dir();
    let venv = target.join("python").join("venv");
    let built = ensure_venv(&venv)
        .and_then(|_| build_wheel(&workspace_root(), &venv, &target.join("wheels")));
    built.map_err(|problem| match problem {
        Problem::Unavailable(reason) | Problem::Failed(reason) => reason,
    })
}

/// The interpreter that makes the virtual environment: `$GRIDNOTE_PYTHON`, else
/// `python3`; it must be CPython 3.9 or newer.
fn base_python() -> Result<PathBuf, Problem> {
    let python = std::env::var_os("GRIDNOTE_PYTHON").unwrap_or_else(|| "python3".into());
    let check = "import sys; assert sys.version_info >= (3, 9); print(sys.version.split()[0])";
    let out = Command::new(&python).args(["-c", check]).output();
    match out {
        Ok(out) if out.status.success() => {
            let version = String::from_utf8_lossy(&out.stdout);
            println!("python: {} {}", PathBuf::from(&python).display(), version.trim());
            Ok(PathBuf::from(python))
        }
        Ok(_) => Err(Problem::Unavailable(format!(
            "{} is older than 3.9",
            PathBuf::from(&python).display()
        ))),
        Err(e) => Err(Problem::Unavailable(format!(
            "no Python 3 ({}: {e})",
            PathBuf::from(&python).display()
        ))),
    }
}

/// Makes the virtual environment and installs [`REQUIREMENTS`] unless they are there;
/// returns its interpreter.
fn ensure_venv(venv: &Path) -> Result<PathBuf, Problem> {
    let python = venv.join("bin/python");
    let stamp = venv.join("gridnote-requirements.txt");
    let wanted = REQUIREMENTS.join("\n") + "\n";
    if python.is_file() && std::fs::read_to_string(&stamp).is_ok_and(|s| s == wanted) {
        return Ok(python);
    }
    if !python.is_file() {
        let base = base_python()?;
        println!("python: creating {}", rel(venv));
        let made = Command::new(&base).args(["-m", "venv"]).arg(venv).status();
        if !made.is_ok_and(|s| s.success()) {
            return Err(Problem::Unavailable(format!(
                "`{} -m venv` failed (Debian: apt-get install python3-venv)",
                base.display()
            )));
        }
    }
    println!("python: pip install {}", REQUIREMENTS.join(" "));
    let installed = Command::new(&python)
        .args(["-m", "pip", "install", "-q", "--disable-pip-version-check"])
        .args(REQUIREMENTS)
        .status();
    if !installed.is_ok_and(|s| s.success()) {
        return Err(Problem::Unavailable(
            "pip could not install the requirements from PyPI".into(),
        ));
    }
    std::fs::write(&stamp, wanted).map_err(|e| format!("cannot write {}: {e}", stamp.display()))?;
    Ok(python)
}

/// `maturin build --release` of crates/python into `out`; returns the wheel.
fn build_wheel(root: &Path, venv: &Path, out: &Path) -> Result<PathBuf, Problem> {
    if out.exists() {
        for entry in std::fs::read_dir(out).map_err(|e| format!("{}: {e}", out.display()))? {
            let path = entry.map_err(|e| e.to_string())?.path();
            if path.extension().is_some_and(|e| e == "whl") {
                std::fs::remove_file(&path)
                    .map_err(|e| format!("cannot remove {}: {e}", path.display()))?;
            }
        }
    }
    let mut maturin = Command::new(venv.join("bin/maturin"));
    maturin
        .current_dir(root)
        .args(["build", "--release", "-m", "crates/python/Cargo.toml", "--out"])
        .arg(out);
    // maturin runs cargo: the one running this task, when there is one.
    if let Some(cargo) = std::env::var_os("CARGO") {
        maturin.env("CARGO", cargo);
    }
    step(&mut maturin, "maturin build")?;
    let wheels: Vec<PathBuf> = std::fs::read_dir(out)
        .map_err(|e| format!("{}: {e}", out.display()))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "whl"))
        .collect();
    match &wheels[..] {
        [wheel] => Ok(wheel.clone()),
        _ => Err(Problem::Failed(format!(
            "expected one wheel in {}, found {}",
            out.display(),
            wheels.len()
        ))),
    }
}

/// The example scripts, in name order.
fn examples(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot list {}: {e}", dir.display()))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "py"))
        .collect();
    found.sort();
    Ok(found)
}

fn step(command: &mut Command, what: &str) -> Result<(), String> {
    let status = command.status().map_err(|e| format!("could not run {what}: {e}"))?;
    if status.success() { Ok(()) } else { Err(format!("{what} failed ({status})")) }
}

fn rel(path: &Path) -> String {
    let root = workspace_root();
    path.strip_prefix(&root).unwrap_or(path).display().to_string()
}
