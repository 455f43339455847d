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
    /// Convert positions: the same arguments and code as `gridnote convert`
    /// (`cargo xtask convert --from t3en --to tsn "2_o/_x_/3_ x"`).
    #[command(disable_help_flag = true)]
    Convert {
        /// Everything after `convert`, passed to `gridnote convert` unchanged.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, num_args = 0..)]
        args: Vec<std::ffi::OsString>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Task::Ci => run_ci(),
        Task::Convert { args } => {
            let argv = ["gridnote".into(), "convert".into()].into_iter().chain(args);
            ExitCode::from(gridnote_cli::main_with_args(argv))
        }
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
