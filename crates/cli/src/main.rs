//! The `gridnote` binary.
fn main() {}
