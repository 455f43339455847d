//! What every task needs: the workspace's root and target folders, the `cargo` that runs
//! xtask, and the exit code of a task's result.

use std::path::PathBuf;
use std::process::{Command, ExitCode};

/// The exit code of a task that ends in `Ok` or an error message (printed).
pub(crate) fn exit(result: Result<(), String>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::FAILURE
        }
    }
}

/// The workspace's root folder (xtask lives in it).
pub(crate) fn workspace_root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives in the workspace root")
        .to_path_buf()
}

/// The `cargo` that runs xtask (`$CARGO`), else `cargo` on the path.
pub(crate) fn cargo() -> Command {
    Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
}

/// The workspace's target directory, as cargo reports it (`CARGO_TARGET_DIR` and
/// configuration included), else `target/` in the workspace root.
pub(crate) fn target_dir() -> PathBuf {
    let root = workspace_root();
    let reported = cargo()
        .current_dir(&root)
        .args(["metadata", "--format-version", "1", "--no-deps"])
        .output()
        .ok()
        .filter(|out| out.status.success())
        .and_then(|out| serde_json::from_slice::<serde_json::Value>(&out.stdout).ok())
        .and_then(|meta| meta["target_directory"].as_str().map(PathBuf::from));
    reported.unwrap_or_else(|| root.join("target"))
}
