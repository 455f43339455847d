//! `conformance-runner [--json] [--timeout-ms MS] [--only PREFIX] [--cases DIR] -- CMD…`:
//! runs the conformance suite through the adapter program `CMD…` and prints one line per
//! category and one per failure; exits with status 1 when a case fails or the suite cannot
//! run (2 on a usage error).

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Parser;
use conformance_runner::{Report, failure_line, run, table, to_json};

/// Runs the conformance suite (conformance/README.md) through an implementation's adapter.
#[derive(Parser)]
#[command(name = "conformance-runner")]
struct Args {
    /// Print the report as one JSON object instead of the table.
    #[arg(long)]
    json: bool,
    /// The time limit of one case, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 5000,
          value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    timeout_ms: u64,
    /// Only the categories starting with this (`t3en/`, `convert`, `solve`, …).
    #[arg(long, value_name = "PREFIX")]
    only: Option<String>,
    /// The folder of the cases (default: the conformance/cases folder beside this
    /// program's sources).
    #[arg(long, value_name = "DIR")]
    cases: Option<PathBuf>,
    /// The adapter's command and arguments.
    #[arg(last = true, required = true, value_name = "CMD")]
    command: Vec<String>,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let cases = args
        .cases
        .unwrap_or_else(|| PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../cases")));
    let started = Instant::now();
    let timeout = Duration::from_millis(args.timeout_ms);
    let report = match run(&cases, &args.command, timeout, args.only.as_deref()) {
        Ok(report) => report,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    if args.json {
        println!("{}", to_json(&report));
    } else {
        print_report(&report, started.elapsed());
    }
    if report.failures.is_empty() { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}

fn print_report(report: &Report, elapsed: Duration) {
    let name = report.hello["name"].as_str().unwrap_or("the adapter");
    println!("conformance: {name} {}", report.hello["version"].as_str().unwrap_or(""));
    print!("{}", table(report));
    for (category, case, request, why) in &report.failures {
        println!("FAIL {}", failure_line(category, case, request, why));
    }
    println!("conformance: {} failure(s) in {:.1} s", report.failures.len(), elapsed.as_secs_f64());
}
