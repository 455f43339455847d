//! The tables of the dense and symmetric codes, built once at first use from
//! gridnote-board's legality check and canonical images (so they agree with them by
//! construction).
//!
//! Sizes: `dense` 5,478 × 2 bytes, `symmetric` 765 × 2 bytes, `class` 6,046 × 2 bytes:
//! 24,578 bytes in all. Building them decodes the 6,046 boards of the 13-bit code once
//! and checks each (a few milliseconds).

use std::sync::LazyLock;

use gridnote_board::{Board, Problems, Rules};

use crate::{CodeKind, Layout, Mark, ModelError, ranked};

/// `class` entry of a board that no game reaches.
const UNREACHABLE: u16 = u16::MAX;

pub(crate) struct Tables {
    /// Dense rank → 13-bit code: the codes of the reachable boards, increasing.
    pub(crate) dense: Box<[u16]>,
    /// Symmetric rank → 13-bit code of a canonical reachable board, increasing.
    pub(crate) symmetric: Box<[u16]>,
    /// 13-bit code → symmetric rank of the board's class, or [`UNREACHABLE`].
    class: Box<[u16]>,
}

static TABLES: LazyLock<Tables> = LazyLock::new(Tables::build);

/// The tables, built on first use.
pub(crate) fn tables() -> &'static Tables {
    &TABLES
}

impl Tables {
    fn build() -> Tables {
        let count = ranked::COUNT as usize;
        // 13-bit code → 13-bit code of its canonical image, for reachable boards.
        let mut canonical_code = vec![UNREACHABLE; count];
        let mut dense = Vec::with_capacity(5478);
        for code in 0..ranked::COUNT {
            let board = board3(&decode13(code));
            if board.problems(Rules::TIC_TAC_TOE, None).is_empty() {
                dense.push(code as u16);
                let (canonical, _) = board.canonical();
                canonical_code[code as usize] = code13(&canonical);
            }
        }
        let symmetric: Vec<u16> =
            dense.iter().copied().filter(|&c| canonical_code[usize::from(c)] == c).collect();
        let class = canonical_code
            .iter()
            .map(|&canon| {
                if canon == UNREACHABLE {
                    UNREACHABLE
                } else {
                    // Legality is the same for every image of a board, so the canonical
                    // image of a reachable board is itself reachable and listed.
                    symmetric.binary_search(&canon).expect("canonical images are reachable") as u16
                }
            })
            .collect();
        Tables { dense: dense.into(), symmetric: symmetric.into(), class }
    }

    /// The symmetric rank of a board's class by its 13-bit code, if reachable.
    pub(crate) fn class(&self, code13: u32) -> Option<u32> {
        let class = self.class[code13 as usize];
        (class != UNREACHABLE).then_some(u32::from(class))
    }
}

/// The marks of a 13-bit code known to be in range.
pub(crate) fn decode13(code: u32) -> [Mark; 9] {
    let mut marks = [Mark::Blank; 9];
    Layout::TIC_TAC_TOE.decode_in_range(code, &mut marks);
    marks
}

/// The 13-bit code of a 3×3 board known to be in the codes' domain.
fn code13(board: &Board) -> u16 {
    let mut marks = [Mark::Blank; 9];
    for (mark, &cell) in marks.iter_mut().zip(board.cells()) {
        *mark = Mark::from_cell(cell).expect("built from marks");
    }
    ranked::encode(&marks).expect("same counts as a board in the domain") as u16
}

/// A 3×3 board of marks.
pub(crate) fn board3(marks: &[Mark; 9]) -> Board {
    Board::from_fn(3, 3, |r, c| marks[r * 3 + c].into()).expect("3x3 fits")
}

/// The error for a board in the codes' domain that no game reaches.
pub(crate) fn unreachable(kind: CodeKind, marks: &[Mark; 9]) -> ModelError {
    let problems: Problems = board3(marks).problems(Rules::TIC_TAC_TOE, None);
    ModelError::Unreachable { kind, problems }
}
