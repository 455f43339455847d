//! `Display` then `FromStr` gives the value back, for any record and any move list; the
//! texts Piskvork writes read back byte for byte.

use gridnote_board::CellName;
use gridnote_psq::{MoveList, Psq, PsqMove, Seat};
use quickcheck::{Arbitrary, Gen};
use quickcheck_macros::quickcheck;

/// Any record a program can build.
#[derive(Clone, Debug)]
struct AnyPsq(Psq);

impl Arbitrary for AnyPsq {
    fn arbitrary(g: &mut Gen) -> AnyPsq {
        let cols = 1 + usize::arbitrary(g) % 255;
        let rows = 1 + usize::arbitrary(g) % 255;
        let mut record = Psq::new(cols, rows).expect("sides in range");
        record.set_levels([u32::arbitrary(g), u32::arbitrary(g)]);
        record.set_opener(if bool::arbitrary(g) { Seat::First } else { Seat::Second });
        for _ in 0..usize::arbitrary(g) % 40 {
            let m = PsqMove::new(usize::arbitrary(g) % cols, usize::arbitrary(g) % rows);
            let m = if bool::arbitrary(g) { m.with_time(u32::arbitrary(g)) } else { m };
            record.push(m).expect("on the board");
        }
        if bool::arbitrary(g) {
            let name = |g: &mut Gen| {
                let chars = ['a', 'b', 'Z', '-', '.', ' ', '7', 'é', ','];
                let mut name: String = (0..1 + usize::arbitrary(g) % 12)
                    .map(|_| *g.choose(&chars).expect("not empty"))
                    .collect();
                if name.trim().is_empty()
                    || name.starts_with(|c: char| c.is_ascii_digit() || c == ' ')
                {
                    name.insert(0, 'p');
                }
                name
            };
            record.set_players(Some([name(g), name(g)])).expect("names a record holds");
        }
        if bool::arbitrary(g) {
            record.set_code(Some(i32::arbitrary(g)));
        }
        AnyPsq(record)
    }
}

#[quickcheck]
fn every_record_reads_back(record: AnyPsq) -> bool {
    let text = record.0.to_string();
    text.parse::<Psq>().as_ref() == Ok(&record.0)
}

#[quickcheck]
fn every_record_reads_back_with_crlf_and_a_byte_order_mark(record: AnyPsq) -> bool {
    let text = format!("\u{feff}{}", record.0.to_string().replace('\n', "\r\n"));
    text.parse::<Psq>().as_ref() == Ok(&record.0)
}

/// Any move list of cells a board of gridnote has.
#[derive(Clone, Debug)]
struct AnyList(MoveList);

impl Arbitrary for AnyList {
    fn arbitrary(g: &mut Gen) -> AnyList {
        let cells = (0..usize::arbitrary(g) % 60)
            .map(|_| CellName {
                file: usize::arbitrary(g) % 255,
                rank: 1 + usize::arbitrary(g) % 255,
            })
            .collect();
        AnyList(MoveList::new(cells))
    }
}

#[quickcheck]
fn every_move_list_reads_back(list: AnyList) -> bool {
    let text = list.0.to_string();
    text.parse::<MoveList>().as_ref() == Ok(&list.0)
}

#[quickcheck]
fn every_move_list_reads_back_spaced_and_with_commas(list: AnyList, commas: bool) -> bool {
    let sep = if commas { ", " } else { " \n\t" };
    let names: Vec<String> = list.0.cells().iter().map(|c| c.to_string().to_uppercase()).collect();
    names.join(sep).parse::<MoveList>().as_ref() == Ok(&list.0)
}

#[test]
fn piskvorks_own_texts_read_back_byte_for_byte() {
    for text in [
        // A tournament game: moves with times, the brains' names, the end code.
        "Piskvorky 20x20, 11:11, 0\n10,10,0\n11,11,281\n9,11,4\npbrain-a.exe\npbrain-b.exe\n0\n",
        // Saved from the board by hand: no names, the code unknown.
        "Piskvorky 15x15, 0:3, 1\n8,8,1500\n-1\n",
        // A record with no moves, names and code.
        "Piskvorky 19x19, 11:11, 0\n",
    ] {
        let record: Psq = text.parse().unwrap();
        assert_eq!(record.to_string(), text);
    }
}
