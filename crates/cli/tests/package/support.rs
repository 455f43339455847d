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
