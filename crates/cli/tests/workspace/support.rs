//! What the test modules share: `gridnote_cli::run` in-process on given arguments and
//! standard input.

/// Runs `gridnote ARGS` in-process with `stdin` as standard input: the exit status,
/// standard output and standard error.
pub(crate) fn run(args: &[&str], stdin: &[u8]) -> (u8, String, String) {
    let mut out = Vec::new();
    let mut err = Vec::new();
    let argv = std::iter::once("gridnote").chain(args.iter().copied()).map(Into::into);
    let status = gridnote_cli::run(argv, &mut &stdin[..], &mut out, &mut err);
    (status, String::from_utf8(out).unwrap(), String::from_utf8(err).unwrap())
}

/// A scratch folder for a test of the `gridnote` binary: `gridnote-NAME-PID` in the
/// temporary folder, removed first if an earlier run left it.
pub(crate) fn scratch_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("gridnote-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// A `gridnote match … --json` that exited 0: its JSON summary and standard output.
pub(crate) fn match_summary(out: std::process::Output) -> (serde_json::Value, String) {
    let stdout = String::from_utf8(out.stdout).expect("UTF-8");
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let summary = serde_json::from_str(stdout.trim()).expect("one JSON object");
    (summary, stdout)
}
