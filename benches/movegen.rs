//! Move generation benchmarks: legal generation over fixed positions, bulk counting,
//! make/unmake, and perft(4) from the start position.

use chuhan::board::Position;
use chuhan::movegen::{count_legal, generate_legal, perft::perft, MoveList};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

const FENS: &[&str] = &[
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
    "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1",
    "CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w - - 0 1",
    "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w - - 0 1",
    "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
];

fn positions() -> Vec<Position> {
    FENS.iter()
        .filter_map(|f| Position::from_fen(f).ok())
        .collect()
}

fn bench_movegen(c: &mut Criterion) {
    let positions = positions();
    c.bench_function("generate_legal/7 positions", |b| {
        b.iter(|| {
            let mut total = 0;
            for p in &positions {
                let mut list = MoveList::new();
                generate_legal(black_box(p), &mut list);
                total += list.len();
            }
            total
        })
    });
    c.bench_function("count_legal/7 positions", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| count_legal(black_box(p)))
                .sum::<u64>()
        })
    });
    let mut start = Position::startpos();
    let mut moves = MoveList::new();
    generate_legal(&start, &mut moves);
    c.bench_function("make_unmake/44 start moves", |b| {
        b.iter(|| {
            for &m in moves.iter() {
                start.make_move(black_box(m));
                start.unmake_move();
            }
        })
    });
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    group.bench_function("startpos depth 4", |b| {
        let mut p = Position::startpos();
        b.iter(|| perft(&mut p, black_box(4)))
    });
    group.finish();
}

criterion_group!(benches, bench_movegen);
criterion_main!(benches);
