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
    let reported =
        metadata().ok().and_then(|meta| meta["target_directory"].as_str().map(PathBuf::from));
    reported.unwrap_or_else(|| workspace_root().join("target"))
}

/// What `cargo metadata --no-deps` says of the workspace (its members, their manifests
/// and dependencies, the target directory).
pub(crate) fn metadata() -> Result<serde_json::Value, String> {
    let out = cargo()
        .current_dir(workspace_root())
        .args(["metadata", "--format-version", "1", "--no-deps"])
        .output()
        .map_err(|e| format!("could not run cargo metadata: {e}"))?;
    if !out.status.success() {
        return Err(format!("cargo metadata failed:\n{}", String::from_utf8_lossy(&out.stderr)));
    }
    serde_json::from_slice(&out.stdout)
        .map_err(|e| format!("cargo metadata printed invalid JSON: {e}"))
}
