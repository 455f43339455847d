//! The fixed inputs are what they claim: each reads, is canonical (so bytes read equal
//! bytes written), the FENs round-trip through shakmaty, and every catalogued benchmark
//! exists in `benches/gridnote.rs`.

use gridnote_bench::{
    BITS_SET, Bytes, DIGITS_SET, FEN_SET, T3EN_MIDGAMES, TEN_SET, TSN_SET, TUPLE_SET, catalogue,
};

fn assert_canonical<T: std::str::FromStr + std::fmt::Display>(set: &[&str])
where
    T::Err: std::fmt::Debug,
{
    for text in set {
        let value: T = text.parse().unwrap_or_else(|e| panic!("{text}: {e:?}"));
        assert_eq!(value.to_string(), *text);
    }
}

#[test]
fn every_set_reads_and_is_canonical() {
    assert_canonical::<gridnote_t3en::T3en>(&T3EN_MIDGAMES);
    assert_canonical::<gridnote_tafl::Tsn>(&TSN_SET);
    assert_canonical::<gridnote_tafl::Ten>(&TEN_SET);
    assert_canonical::<gridnote_tuple::Tuple>(&TUPLE_SET);
    assert_canonical::<gridnote_digits::Digits>(&DIGITS_SET);
    let codes: Vec<u32> = BITS_SET.iter().map(|t| gridnote_bits::parse_code(t).unwrap()).collect();
    assert_eq!(codes, [0, 523, 523, 523, 2749, 6045]);
}

#[test]
fn the_t3en_midgames_are_spread_over_the_board() {
    for text in T3EN_MIDGAMES {
        let t3en: gridnote_t3en::T3en = text.parse().unwrap();
        let board = &t3en.position().board;
        let counts = board.counts();
        let share = counts.occupied() as f64 / (board.rows() * board.cols()) as f64;
        assert!((0.39..0.6).contains(&share), "{text}: {share}");
        // Every row holds a piece: no long empty stretches.
        assert!(board.iter_rows().all(|row| row.iter().any(|c| c.player().is_some())));
    }
}

#[test]
fn the_fens_round_trip_through_shakmaty() {
    for text in FEN_SET {
        let fen = shakmaty::fen::Fen::from_ascii(text.as_bytes()).unwrap();
        let mut out = String::new();
        fen.append_to_string(&mut out);
        assert_eq!(out, text);
    }
}

#[test]
fn every_catalogued_benchmark_is_defined() {
    let source = [
        include_str!("../benches/gridnote.rs"),
        include_str!("../benches/svg.rs"),
        include_str!("../benches/solve.rs"),
    ]
    .concat();
    let catalogue = catalogue();
    for bench in &catalogue {
        // The solver's IDs come from `solve_cases` itself, within the group `solve`.
        if !bench.id.starts_with("solve/") {
            assert!(
                source.contains(&format!("\"{}\"", bench.id)),
                "{} is not benchmarked",
                bench.id
            );
        }
        assert!(bench.positions > 0);
    }
    let ids: std::collections::HashSet<&str> = catalogue.iter().map(|b| b.id).collect();
    assert_eq!(ids.len(), catalogue.len(), "duplicate IDs");
    let bits = catalogue.iter().find(|b| b.id == "write/bits_set").unwrap();
    assert_eq!(bits.bytes, Bytes::Output("0523523523".len() + "27496045".len()));
}

#[test]
fn the_otn_set_holds_the_tsn_sets_boards() {
    use gridnote_convert::{Format, Options, convert};
    for (tsn, otn) in TSN_SET.iter().zip(gridnote_bench::OTN_SET) {
        let converted = convert(tsn, Some(Format::Tsn), Format::Otn, &Options::default()).unwrap();
        assert_eq!(converted.output, otn);
    }
    assert_canonical::<gridnote_otn::PositionRecord>(&gridnote_bench::OTN_SET);
}

#[test]
fn the_conversion_position_converts_between_every_pair_of_formats() {
    use gridnote_convert::{Format, Options, convert};
    let options = Options::default();
    for &from in Format::ALL {
        let source = convert(gridnote_bench::CONVERT_3X3, Some(Format::T3en), from, &options)
            .unwrap_or_else(|e| panic!("to {from}: {e}"))
            .output;
        for &to in Format::ALL {
            if let Err(e) = convert(&source, Some(from), to, &options) {
                panic!("{source} from {from} to {to}: {e}");
            }
        }
    }
}
