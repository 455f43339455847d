//! `cargo xtask spark-demo`: gridnote as a streaming mapper in Apache Spark's local mode.
//!
//! Installs pyspark from PyPI into a virtual environment under the target directory
//! (`spark-demo/venv`, once), builds the release `gridnote`, writes a file of positions,
//! converts it through `RDD.pipe` on several partitions, converts it with the CLI alone,
//! and checks that both give the same lines in the same order. With `--python` it also
//! builds the Python wheel `gridnote` (`cargo xtask python`'s build), installs it into the
//! virtual environment the executors run, and converts the same file with
//! `RDD.mapPartitions` over `gridnote.convert_many`: the same lines again. Needs Python 3
//! and Java 17 or newer; not part of `.ci/run`.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use crate::{cargo, target_dir, workspace_root};

/// Options of `cargo xtask spark-demo`.
#[derive(clap::Args, Debug)]
pub(crate) struct SparkArgs {
    /// The pyspark requirement pip installs.
    #[arg(long, default_value = "pyspark>=3.5,<5")]
    pyspark: String,
    /// Partitions of the input (each is piped through its own `gridnote` process).
    #[arg(long, default_value_t = 4)]
    partitions: usize,
    /// The conversion's target format.
    #[arg(long, default_value = "t3en")]
    to: String,
    /// Also convert through the Python package inside Spark (`RDD.mapPartitions` over
    /// `gridnote.convert_many`, the wheel installed where the executors' Python runs).
    #[arg(long)]
    python: bool,
}

/// The PySpark job: every line of INPUT through `gridnote convert` with `RDD.pipe`, the
/// results collected in order and written to OUTPUT.
const JOB: &str = r#"import sys
from pyspark import SparkConf, SparkContext

gridnote, source, target, partitions, to = sys.argv[1:6]
conf = SparkConf().setMaster("local[2]").setAppName("gridnote-spark-demo")
conf = conf.set("spark.ui.enabled", "false")
sc = SparkContext(conf=conf)
sc.setLogLevel("ERROR")
lines = sc.textFile(source, minPartitions=int(partitions))
converted = lines.pipe(f"{gridnote} convert --quiet --to {to}", checkCode=True)
result = converted.collect()
print(f"spark-demo: {lines.getNumPartitions()} partitions", file=sys.stderr)
with open(target, "w", encoding="utf-8") as out:
    for line in result:
        out.write(line + "\n")
sc.stop()
"#;

/// The PySpark job of `--python`: every line of INPUT through `gridnote.convert_many`, one
/// call per partition, in the executors' Python; the results collected in order and
/// written to OUTPUT.
const JOB_PYTHON: &str = r#"import sys
from pyspark import SparkConf, SparkContext

source, target, partitions, to = sys.argv[1:5]
conf = SparkConf().setMaster("local[2]").setAppName("gridnote-spark-demo-python")
conf = conf.set("spark.ui.enabled", "false")
sc = SparkContext(conf=conf)
sc.setLogLevel("ERROR")


def convert_partition(lines):
    import gridnote

    # As `gridnote convert --quiet`: a line that fails gives no output line.
    return gridnote.convert_many(lines, to, errors="skip")


lines = sc.textFile(source, minPartitions=int(partitions))
result = lines.mapPartitions(convert_partition).collect()
print(f"spark-demo: {lines.getNumPartitions()} partitions through gridnote.convert_many", file=sys.stderr)
with open(target, "w", encoding="utf-8") as out:
    for line in result:
        out.write(line + "\n")
sc.stop()
"#;

pub(crate) fn run(args: &SparkArgs) -> ExitCode {
    match demo(args) {
        Ok(summary) => {
            println!("{summary}");
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::FAILURE
        }
    }
}

fn demo(args: &SparkArgs) -> Result<String, String> {
    let root = workspace_root();
    let dir = target_dir().join("spark-demo");
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let python = venv(&dir, &args.pyspark)?;

    eprintln!("spark-demo: building the release `gridnote`");
    run_status(cargo().current_dir(&root).args(["build", "--release", "-p", "gridnote-cli"]))?;
    let gridnote = target_dir().join("release/gridnote");

    let input = dir.join("positions.txt");
    let lines = positions();
    std::fs::write(&input, lines.join("\n") + "\n")
        .map_err(|e| format!("cannot write {}: {e}", input.display()))?;

    eprintln!("spark-demo: the CLI alone");
    let alone = Command::new(&gridnote)
        .args(["convert", "--quiet", "--to", &args.to, "--input"])
        .arg(&input)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", gridnote.display()))?;
    if !alone.status.success() {
        return Err(format!(
            "gridnote failed on the demo input: {}",
            String::from_utf8_lossy(&alone.stderr)
        ));
    }

    eprintln!("spark-demo: RDD.pipe in Spark's local mode ({} partitions)", args.partitions);
    let job = dir.join("job.py");
    std::fs::write(&job, JOB).map_err(|e| format!("cannot write {}: {e}", job.display()))?;
    let piped = dir.join("piped.txt");
    run_status(
        Command::new(&python)
            .arg(&job)
            .arg(&gridnote)
            .arg(&input)
            .arg(&piped)
            .arg(args.partitions.to_string())
            .arg(&args.to)
            .env("PYSPARK_PYTHON", &python),
    )?;
    let piped_bytes =
        std::fs::read(&piped).map_err(|e| format!("cannot read {}: {e}", piped.display()))?;
    if piped_bytes != alone.stdout {
        return Err(format!(
            "RDD.pipe gave different lines from the CLI alone (compare {} with `gridnote convert --quiet --to {} --input {}`)",
            piped.display(),
            args.to,
            input.display()
        ));
    }
    let mut summary = format!(
        "spark-demo: {} positions converted to {} through RDD.pipe on {} partitions: the same {} bytes, in the same order, as the CLI alone",
        lines.len(),
        args.to,
        args.partitions,
        piped_bytes.len()
    );
    if args.python {
        eprintln!("spark-demo: building the Python wheel and installing it for the executors");
        let wheel = crate::python::wheel()?;
        run_status(
            Command::new(&python)
                .args(["-m", "pip", "install", "--quiet", "--force-reinstall", "--no-deps"])
                .arg(&wheel),
        )?;
        let job = dir.join("job_python.py");
        std::fs::write(&job, JOB_PYTHON)
            .map_err(|e| format!("cannot write {}: {e}", job.display()))?;
        let mapped = dir.join("mapped.txt");
        run_status(
            Command::new(&python)
                .arg(&job)
                .arg(&input)
                .arg(&mapped)
                .arg(args.partitions.to_string())
                .arg(&args.to)
                .env("PYSPARK_PYTHON", &python),
        )?;
        let mapped_bytes =
            std::fs::read(&mapped).map_err(|e| format!("cannot read {}: {e}", mapped.display()))?;
        if mapped_bytes != alone.stdout {
            return Err(format!(
                "mapPartitions over gridnote.convert_many gave different lines from the CLI alone (compare {} with `gridnote convert --quiet --to {} --input {}`)",
                mapped.display(),
                args.to,
                input.display()
            ));
        }
        summary.push_str(&format!(
            "\nspark-demo: the same {} positions through RDD.mapPartitions over gridnote.convert_many (the wheel in the executors' Python): the same {} bytes, in the same order",
            lines.len(),
            mapped_bytes.len()
        ));
    }
    Ok(summary)
}

/// The virtual environment's Python, with pyspark installed (created once).
fn venv(dir: &Path, requirement: &str) -> Result<PathBuf, String> {
    let venv = dir.join("venv");
    let python = venv.join("bin/python");
    if !python.exists() {
        eprintln!("spark-demo: creating {}", venv.display());
        run_status(Command::new("python3").args(["-m", "venv"]).arg(&venv))?;
    }
    let has_pyspark = Command::new(&python)
        .args(["-c", "import pyspark"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_pyspark {
        eprintln!("spark-demo: installing {requirement} from PyPI");
        run_status(Command::new(&python).args(["-m", "pip", "install", "--quiet", requirement]))?;
    }
    Ok(python)
}

/// The demo's positions: every 3×3 digit string whose counts give a side to move, in
/// order, and each format's example (all convert, so the output has one line per input).
fn positions() -> Vec<String> {
    let mut lines = Vec::new();
    for code in 0..19_683u32 {
        let mut digits = String::with_capacity(9);
        let mut n = code;
        let (mut ones, mut twos) = (0, 0);
        for _ in 0..9 {
            let d = n % 3;
            n /= 3;
            ones += usize::from(d == 1);
            twos += usize::from(d == 2);
            digits.push(char::from(b'0' + d as u8));
        }
        if ones == twos || ones == twos + 1 {
            lines.push(digits);
        }
    }
    lines.extend(
        ["2_o/_x_/3_ x", "(x ___ ___ ___)", "(o x__ _o_ ___)", "523", "0b1000001011"]
            .map(str::to_owned),
    );
    lines
}

fn run_status(command: &mut Command) -> Result<(), String> {
    let status = command.status().map_err(|e| format!("cannot run {command:?}: {e}"))?;
    if status.success() { Ok(()) } else { Err(format!("{command:?} failed: {status}")) }
}
