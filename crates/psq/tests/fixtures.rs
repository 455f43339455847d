//! The records of `fixtures/psq/`: each valid one reads and is written back in Piskvork's
//! form (LF line ends), each invalid one is refused with its message.

use std::path::Path;

use gridnote_board::Rules;
use gridnote_board::report::Spanned;
use gridnote_psq::{End, Psq};

fn fixtures(folder: &str) -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/psq").join(folder);
    let mut files: Vec<(String, String)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&path).unwrap())
        })
        .collect();
    files.sort();
    files
}

#[test]
fn valid_records_read_and_write_back() {
    let mut ends = Vec::new();
    for (name, text) in fixtures("valid") {
        let record: Psq = text.parse().unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(record.to_string(), text.replace("\r\n", "\n"), "{name}");
        let end = record.replay(Rules::GOMOKU).unwrap().end();
        let renju = record.replay(Rules::RENJU).unwrap().end().map(End::winner);
        ends.push((name, end.map(End::ply), renju));
    }
    assert_eq!(
        ends,
        [
            ("crlf-no-tail.psq".to_owned(), None, None),
            ("gomocup-freestyle.psq".to_owned(), Some(9), Some(Some(gridnote_board::Player::One))),
            ("renju-overline.psq".to_owned(), Some(11), Some(Some(gridnote_board::Player::Two))),
            ("saved-by-hand.psq".to_owned(), None, None),
        ]
    );
}

#[test]
fn invalid_records_are_refused_with_their_line() {
    let errors: Vec<(String, String, usize)> = fixtures("invalid")
        .into_iter()
        .map(|(name, text)| {
            let err = text.parse::<Psq>().unwrap_err();
            (name, err.to_string(), err.span().start)
        })
        .collect();
    assert_eq!(
        errors,
        [
            (
                "header-semicolons.psq".to_owned(),
                "line 1: expected a board side (1 to 255), found `20;`".to_owned(),
                13
            ),
            (
                "line-after-code.psq".to_owned(),
                "line 6: expected nothing after the end code".to_owned(),
                63
            ),
            (
                "move-off-board.psq".to_owned(),
                "line 3: move 21,10 is off the 20x20 board (x and y run from 1 to 20)".to_owned(),
                34
            ),
            (
                "time-not-whole.psq".to_owned(),
                "line 2: expected the move's time in milliseconds, found `1.5`".to_owned(),
                32
            ),
        ]
    );
}
