//! Project automation for gridnote: `cargo xtask <command>`.
//!
//! Every command runs the project's own code or scripts; none is a second implementation.

use std::process::{Command, ExitCode};

use clap::{Parser, Subcommand};

/// gridnote's project tasks.
#[derive(Parser)]
#[command(name = "cargo xtask", bin_name = "cargo xtask")]
struct Cli {
    #[command(subcommand)]
    command: Task,
}

#[derive(Subcommand)]
enum Task {
    /// Run exactly what CI runs (`.ci/run`): fmt, clippy, doc, the tests, the snapshot check.
    Ci,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Task::Ci => run_ci(),
    }
}

fn workspace_root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives in the workspace root")
        .to_path_buf()
}

fn run_ci() -> ExitCode {
    let status = Command::new("bash").arg(workspace_root().join(".ci/run")).status();
    match status {
        Ok(s) if s.success() => ExitCode::SUCCESS,
        Ok(_) => ExitCode::FAILURE,
        Err(err) => {
            eprintln!("error: could not run .ci/run: {err}");
            ExitCode::FAILURE
        }
    }
}
