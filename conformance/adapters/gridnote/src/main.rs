//! `gridnote-adapter`: gridnote's conformance adapter. It answers the protocol of
//! conformance/README.md on standard input and output until standard input ends.

use std::io;
use std::process::ExitCode;

fn main() -> ExitCode {
    let output = io::BufWriter::new(io::stdout().lock());
    match gridnote_adapter::serve(io::stdin().lock(), output) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("gridnote-adapter: {err}");
            ExitCode::FAILURE
        }
    }
}
