//! `cargo xtask conformance export | run | matrix | adapter`: the language-neutral
//! conformance suite of conformance/ (see conformance/README.md and docs/conformance.md).

use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Args, Subcommand};

use crate::conformance_run::{self as runner, Report};
use crate::{exit, workspace_root};

/// `cargo xtask conformance …`.
#[derive(Args)]
pub(crate) struct ConformanceArgs {
    #[command(subcommand)]
    command: Conformance,
}

#[derive(Subcommand)]
enum Conformance {
    /// Write conformance/cases/ from the fixtures, with gridnote's answers as the expected
    /// ones (`cargo xtask tidy` fails when the committed cases differ).
    Export,
    /// Run the suite through an adapter: `cargo xtask conformance run -- CMD…` (without a
    /// command, gridnote's own adapter); prints the per-category table and every failure,
    /// and fails when a case fails.
    Run(RunArgs),
    /// Run every adapter that can be built or found here and write docs/conformance.md.
    Matrix(MatrixArgs),
    /// gridnote's adapter: answers the protocol's requests on standard input and output.
    Adapter,
}

#[derive(Args)]
struct RunArgs {
    /// Print the report as one JSON object instead of the table.
    #[arg(long)]
    json: bool,
    /// The time limit of one case, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 5000)]
    timeout_ms: u64,
    /// Only the categories starting with this (`t3en/`, `convert`, `solve`, …).
    #[arg(long, value_name = "PREFIX")]
    only: Option<String>,
    /// The adapter's command and arguments (gridnote's own when none is given).
    #[arg(last = true)]
    command: Vec<String>,
}

#[derive(Args)]
struct MatrixArgs {
    /// The time limit of one case, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 5000)]
    timeout_ms: u64,
}

pub(crate) fn run(args: &ConformanceArgs) -> ExitCode {
    let root = workspace_root();
    match &args.command {
        Conformance::Export => exit(crate::conformance_export::export(&root).map(|cases| {
            println!("conformance: {cases} cases written to {}", crate::conformance_export::CASES);
        })),
        Conformance::Run(args) => run_one(&root, args),
        Conformance::Matrix(args) => {
            exit(crate::conformance_matrix::write(&root, Duration::from_millis(args.timeout_ms)))
        }
        Conformance::Adapter => exit(crate::conformance_gridnote::serve()),
    }
}

fn run_one(root: &Path, args: &RunArgs) -> ExitCode {
    let command = if args.command.is_empty() {
        match crate::conformance_gridnote::command() {
            Ok(command) => command,
            Err(e) => return exit(Err(e)),
        }
    } else {
        args.command.clone()
    };
    let started = Instant::now();
    let report = match runner::run(
        root,
        &command,
        Duration::from_millis(args.timeout_ms),
        args.only.as_deref(),
    ) {
        Ok(report) => report,
        Err(e) => return exit(Err(e)),
    };
    if args.json {
        println!("{}", runner::to_json(&report));
    } else {
        print_report(&report, started.elapsed());
    }
    if report.failures.is_empty() { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}

fn print_report(report: &Report, elapsed: Duration) {
    let name = report.hello["name"].as_str().unwrap_or("the adapter");
    println!("conformance: {name} {}", report.hello["version"].as_str().unwrap_or(""));
    print!("{}", runner::table(report));
    for (category, case, request, why) in &report.failures {
        println!("FAIL {}", runner::failure_line(category, case, request, why));
    }
    println!("conformance: {} failure(s) in {:.1} s", report.failures.len(), elapsed.as_secs_f64());
}
