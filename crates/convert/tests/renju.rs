//! Renju's forbidden points against an independent implementation: Rapfi's answers to
//! `yxshowforbid` on 6,290 positions (`fixtures/renju/`, whose README says how they were
//! made), each read as T3EN and asked of gridnote-board (`Board::forbidden_points`).

use std::collections::BTreeSet;

use gridnote_convert::board::Rules;
use gridnote_convert::{Format, Options, read};

#[test]
fn every_forbidden_point_agrees_with_rapfi() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/renju/rapfi-forbidden.tsv");
    let text = std::fs::read_to_string(path).unwrap();
    let (mut positions, mut with_points, mut points) = (0, 0, 0);
    let mut differences = Vec::new();
    for line in text.lines() {
        let (t3en, answer) = line.split_once('\t').expect("position, tab, answer");
        let rapfi: BTreeSet<&str> =
            if answer == "-" { BTreeSet::new() } else { answer.split(' ').collect() };
        let source = read(t3en, Some(Format::T3en), &Options::default()).unwrap();
        let board = &source.board;
        let ours: Vec<String> = board
            .forbidden_points(Rules::RENJU)
            .into_iter()
            .map(|((r, c), _)| board.cell_name(r, c).to_string())
            .collect();
        let ours: BTreeSet<&str> = ours.iter().map(String::as_str).collect();
        if ours != rapfi {
            differences.push(format!("{t3en}: rapfi {rapfi:?}, gridnote {ours:?}"));
        }
        positions += 1;
        with_points += usize::from(!rapfi.is_empty());
        points += rapfi.len();
    }
    assert_eq!(differences, Vec::<String>::new());
    // The whole file was read: the counts the README gives.
    assert_eq!((positions, with_points, points), (6_290, 3_782, 9_507));
}
