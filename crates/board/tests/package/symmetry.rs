//! The symmetries form the dihedral group and the canonical image is an invariant.

use std::collections::HashSet;

use gridnote_board::{Board, Cell, Symmetry};
// The properties need the crate's own generators (feature `quickcheck`); the group tests
// run without it, as in the published package.
#[cfg(feature = "quickcheck")]
use gridnote_board::arbitrary::board_with;
#[cfg(feature = "quickcheck")]
use quickcheck::{Arbitrary, Gen};
#[cfg(feature = "quickcheck")]
use quickcheck_macros::quickcheck;

/// A square board whose every cell is distinct, so images reveal the permutation.
fn numbered(n: usize) -> Vec<(usize, usize)> {
    (0..n * n).map(|i| (i / n, i % n)).collect()
}

#[test]
fn each_symmetry_is_a_bijection_of_the_cells() {
    for n in 1..=6 {
        for s in Symmetry::ALL {
            let images: HashSet<(usize, usize)> =
                numbered(n).into_iter().map(|(r, c)| s.apply(r, c, n, n)).collect();
            assert_eq!(images.len(), n * n, "{s:?} on {n}x{n}");
            assert!(images.iter().all(|&(r, c)| r < n && c < n));
        }
    }
    for (rows, cols) in [(3, 4), (4, 3), (1, 7), (2, 5)] {
        for &s in Symmetry::of_shape(rows, cols) {
            let images: HashSet<(usize, usize)> =
                (0..rows * cols).map(|i| s.apply(i / cols, i % cols, rows, cols)).collect();
            assert_eq!(images.len(), rows * cols);
            assert!(images.iter().all(|&(r, c)| r < rows && c < cols), "{s:?}");
        }
    }
}

#[test]
fn composition_is_the_dihedral_group() {
    let n = 4;
    // `then` agrees with applying one after the other.
    for a in Symmetry::ALL {
        for b in Symmetry::ALL {
            for (r, c) in numbered(n) {
                let (r1, c1) = a.apply(r, c, n, n);
                assert_eq!(b.apply(r1, c1, n, n), a.then(b).apply(r, c, n, n), "{a:?} then {b:?}");
            }
        }
    }
    // Closure, identity, inverses, associativity.
    for a in Symmetry::ALL {
        assert_eq!(a.then(Symmetry::Identity), a);
        assert_eq!(Symmetry::Identity.then(a), a);
        assert_eq!(a.then(a.inverse()), Symmetry::Identity);
        assert_eq!(a.inverse().then(a), Symmetry::Identity);
        for b in Symmetry::ALL {
            for c in Symmetry::ALL {
                assert_eq!(a.then(b).then(c), a.then(b.then(c)));
            }
        }
    }
    // D4 is not abelian: a quarter turn and a mirror do not commute.
    assert_ne!(
        Symmetry::Rotate90.then(Symmetry::FlipHorizontal),
        Symmetry::FlipHorizontal.then(Symmetry::Rotate90)
    );
    // Rotate90 generates the four rotations.
    let mut r = Symmetry::Identity;
    let mut seen = Vec::new();
    for _ in 0..4 {
        r = r.then(Symmetry::Rotate90);
        seen.push(r);
    }
    assert_eq!(
        seen,
        [Symmetry::Rotate90, Symmetry::Rotate180, Symmetry::Rotate270, Symmetry::Identity]
    );
    // The four rectangle symmetries are a subgroup.
    for a in Symmetry::RECTANGLE {
        for b in Symmetry::RECTANGLE {
            assert!(Symmetry::RECTANGLE.contains(&a.then(b)));
        }
    }
}

#[test]
fn transform_matches_apply_and_names() {
    // x at top-left.
    let mut board = Board::new(3, 3).unwrap();
    board.set(0, 0, Cell::ONE).unwrap();
    let where_x = |s: Symmetry| {
        let image = board.transform(s);
        image.iter().find(|(_, c)| *c == Cell::ONE).map(|(rc, _)| rc).unwrap()
    };
    assert_eq!(where_x(Symmetry::Identity), (0, 0));
    assert_eq!(where_x(Symmetry::Rotate90), (0, 2));
    assert_eq!(where_x(Symmetry::Rotate180), (2, 2));
    assert_eq!(where_x(Symmetry::Rotate270), (2, 0));
    assert_eq!(where_x(Symmetry::FlipHorizontal), (0, 2));
    assert_eq!(where_x(Symmetry::FlipVertical), (2, 0));
    assert_eq!(where_x(Symmetry::Transpose), (0, 0));
    assert_eq!(where_x(Symmetry::AntiTranspose), (2, 2));
}

#[cfg(feature = "quickcheck")]
#[derive(Clone, Debug)]
struct Square(Board);

#[cfg(feature = "quickcheck")]
impl Arbitrary for Square {
    fn arbitrary(g: &mut Gen) -> Self {
        let n = gridnote_board::arbitrary::in_range(g, 1, 5);
        Square(board_with(g, n, n, &gridnote_board::arbitrary::ALL_CELLS))
    }
}

#[cfg(feature = "quickcheck")]
#[quickcheck]
fn canonical_image_is_shared_by_all_images(board: Square) -> bool {
    let board = board.0;
    let (canonical, s) = board.canonical();
    assert_eq!(board.transform(s), canonical);
    Symmetry::ALL.iter().all(|&t| {
        let image = board.transform(t);
        image.transform(t.inverse()) == board && image.canonical().0 == canonical
    }) && Symmetry::ALL.iter().all(|&t| board.transform(t).cells() >= canonical.cells())
}

#[cfg(feature = "quickcheck")]
#[quickcheck]
fn canonical_image_of_rectangles_uses_four_symmetries(board: Board) -> bool {
    let (canonical, s) = board.canonical();
    Symmetry::of_shape(board.rows(), board.cols()).contains(&s)
        && board.transform(s) == canonical
        && (canonical.rows(), canonical.cols()) == (board.rows(), board.cols())
        && Symmetry::of_shape(board.rows(), board.cols())
            .iter()
            .all(|&t| board.transform(t).canonical().0 == canonical)
}
