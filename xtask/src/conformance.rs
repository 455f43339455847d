//! `cargo xtask conformance export | run | matrix | adapter`: the language-neutral
//! conformance suite of conformance/ (see conformance/README.md and docs/conformance.md).
//! The runner (conformance/runner) and gridnote's adapter (conformance/adapters/gridnote)
//! are programs of their own; `run` and `adapter` build and start them.

use std::ffi::OsString;
use std::path::Path;
use std::process::{Command, ExitCode};
use std::time::Duration;

use clap::{Args, Subcommand};

use crate::conformance_matrix as matrix;
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
    /// Run the suite through an adapter with the runner (conformance/runner):
    /// `cargo xtask conformance run [--json] [--timeout-ms MS] [--only PREFIX] -- CMD…`
    /// (without a command, gridnote's own adapter); prints the per-category table and
    /// every failure, and fails when a case fails.
    #[command(disable_help_flag = true)]
    Run {
        /// The runner's arguments (`conformance-runner --help`), passed on unchanged.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, num_args = 0..)]
        args: Vec<OsString>,
    },
    /// Run every adapter that can be built or found here and write docs/conformance.md.
    Matrix(MatrixArgs),
    /// gridnote's adapter (conformance/adapters/gridnote): answers the protocol's requests
    /// on standard input and output.
    Adapter,
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
        Conformance::Run { args } => run_suite(&root, args),
        Conformance::Matrix(args) => {
            exit(matrix::write(&root, Duration::from_millis(args.timeout_ms)))
        }
        Conformance::Adapter => match matrix::gridnote_adapter() {
            Ok(adapter) => status(Command::new(adapter)),
            Err(e) => exit(Err(e)),
        },
    }
}

/// `run`: the runner over conformance/cases, with gridnote's adapter when the arguments
/// name no command (nothing after `--`).
fn run_suite(root: &Path, args: &[OsString]) -> ExitCode {
    let built = match matrix::build(&["conformance-runner", "gridnote-adapter"]) {
        Ok(built) => built,
        Err(e) => return exit(Err(e)),
    };
    let mut runner = Command::new(built.join(matrix::exe("conformance-runner")));
    runner.arg("--cases").arg(root.join(crate::conformance_export::CASES)).args(args);
    if !args.iter().any(|a| a == "--") {
        runner.arg("--").arg(built.join(matrix::exe("gridnote-adapter")));
    }
    status(runner)
}

/// Runs a program with this one's standard streams, and exits as it did.
fn status(mut command: Command) -> ExitCode {
    match command.status() {
        Ok(s) if s.success() => ExitCode::SUCCESS,
        Ok(s) => ExitCode::from(u8::try_from(s.code().unwrap_or(1)).unwrap_or(1).max(1)),
        Err(e) => exit(Err(format!("cannot start {:?}: {e}", command.get_program()))),
    }
}
