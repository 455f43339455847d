//! Board pictures (gridnote-svg): a 3×3 tic-tac-toe picture (target ≤ 5 µs) and 19×19
//! pictures (target ≤ 100 µs), each appended to one reused `String`, plus the 3×3 picture
//! as a new `String` (one allocation). docs/svg.md reports the figures.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use gridnote_svg::board::{Board, Rules};
use gridnote_svg::{Options, Pieces};

fn board_of(text: &str) -> Board {
    let source = gridnote_convert::read(text, None, &gridnote_convert::Options::default())
        .expect("the fixed inputs read");
    source.board.clone()
}

fn bench_picture(c: &mut Criterion, id: &str, board: &Board, options: &Options) {
    let mut out = String::with_capacity(64 * 1024);
    c.bench_function(id, |b| {
        b.iter(|| {
            out.clear();
            gridnote_svg::append_to(&mut out, black_box(board), black_box(options))
                .expect("valid options");
            black_box(out.len())
        });
    });
}

fn pictures(c: &mut Criterion) {
    // A won 3×3 game, with its winning line, a last move and the text as the title.
    let text = "x2o/_x_/2_x o";
    let ttt = board_of(text);
    let ttt_options = Options::default()
        .size(Some(400))
        .pieces(Pieces::Marks)
        .rules(Some(Rules::TIC_TAC_TOE))
        .last_move(&[(2, 2)])
        .title(Some(text.to_owned()));
    bench_picture(c, "svg/t3en_3x3", &ttt, &ttt_options);
    c.bench_function("svg/t3en_3x3_string", |b| {
        b.iter(|| gridnote_svg::board(black_box(&ttt), black_box(&ttt_options)))
    });

    // Alea Evangelii's 19×19 start: 73 stones, the throne and corners marked.
    let alea = gridnote_bench::ALEA_EVANGELII_START;
    let tafl = board_of(alea);
    let tafl_options = Options::default()
        .size(Some(800))
        .pieces(Pieces::Tafl)
        .tafl_squares(true)
        .title(Some(alea.to_owned()));
    bench_picture(c, "svg/tsn_19x19", &tafl, &tafl_options);

    // A 19×19 five-in-a-row midgame, decided under k = 5 (the line scan runs too).
    let gomoku = gridnote_bench::T3EN_MIDGAMES[3];
    let mnk = board_of(gomoku);
    let mnk_options = Options::default()
        .size(Some(800))
        .pieces(Pieces::Marks)
        .rules(Some(Rules::TIC_TAC_TOE.with_in_a_row(5)))
        .title(Some(gomoku.to_owned()));
    bench_picture(c, "svg/t3en_19x19", &mnk, &mnk_options);
}

criterion_group!(benches, pictures);
criterion_main!(benches);
