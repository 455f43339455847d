//! `gridnote perft` writes each line as soon as it is final, from one walk: depth 1 before
//! the deeper depths are counted, each first move's line (`--divide`) as its subtree is
//! counted; and it stops when its output is gone.

use std::io::{self, Write};

/// A standard output that keeps what arrives at each flush apart: the chunks a reader
/// sees one after the other.
#[derive(Default)]
struct Arrivals {
    pending: Vec<u8>,
    chunks: Vec<String>,
    /// Fail with a broken pipe after this many chunks.
    close_after: Option<usize>,
}

impl Write for Arrivals {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.close_after.is_some_and(|n| self.chunks.len() >= n) {
            return Err(io::ErrorKind::BrokenPipe.into());
        }
        self.pending.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if !self.pending.is_empty() {
            self.chunks.push(String::from_utf8(std::mem::take(&mut self.pending)).unwrap());
        }
        Ok(())
    }
}

fn perft(args: &[&str], out: &mut Arrivals) -> (u8, String) {
    let mut err = Vec::new();
    let argv = ["gridnote", "perft"].into_iter().chain(args.iter().copied()).map(Into::into);
    let status = gridnote_cli::run(argv, &mut &b""[..], out, &mut err);
    (status, String::from_utf8(err).unwrap())
}

const BRANDUBH: &str = "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";

#[test]
fn each_depth_arrives_on_its_own_as_it_is_final() {
    let mut out = Arrivals::default();
    let (status, err) = perft(&["--depth", "4", "--rules", "brandubh", BRANDUBH], &mut out);
    assert_eq!((status, err.as_str()), (0, ""));
    // Before this change the four lines came in one write at the end.
    assert_eq!(
        out.chunks,
        ["depth 1: 40\n", "depth 2: 960\n", "depth 3: 39512\n", "depth 4: 1007392\n"]
    );
}

#[test]
fn each_first_move_arrives_as_its_subtree_is_counted() {
    let mut out = Arrivals::default();
    let (status, _) =
        perft(&["--depth", "3", "--divide", "--json", "--rules", "brandubh", BRANDUBH], &mut out);
    assert_eq!(status, 0);
    assert_eq!(out.chunks.len(), 40 + 3);
    assert_eq!(out.chunks[0], "{\"move\":\"d7-c7\",\"nodes\":976}\n");
    assert!(out.chunks[..40].iter().all(|c| c.starts_with("{\"move\":") && c.ends_with("}\n")));
    assert_eq!(
        out.chunks[40..],
        [
            "{\"depth\":1,\"nodes\":40}\n",
            "{\"depth\":2,\"nodes\":960}\n",
            "{\"depth\":3,\"nodes\":39512}\n"
        ]
    );
}

#[test]
fn a_closed_output_ends_the_count_quietly() {
    // The reader is gone before the first line (`gridnote perft … | head -0`): the count
    // stops at the first line it cannot write, the first first move's, long before the
    // 27 million leaves of depth 5, and the exit status is 0.
    let mut out = Arrivals { close_after: Some(0), ..Arrivals::default() };
    let (status, err) =
        perft(&["--depth", "5", "--divide", "--rules", "brandubh", BRANDUBH], &mut out);
    assert_eq!((status, err.as_str()), (0, ""));
    assert_eq!(out.chunks.len(), 0);
}
