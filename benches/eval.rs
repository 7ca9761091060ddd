//! Evaluation benchmark: the full static evaluation of the 33 `chuhan bench` positions and of
//! every position one legal move away from them (about 1,300 positions, openings to endgames),
//! so the figure reflects the mix a search evaluates rather than one position.

use chuhan::board::{Position, BENCH_FENS};
use chuhan::eval::evaluate;
use chuhan::movegen::{generate_legal, MoveList};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;

fn positions() -> Vec<Position> {
    let mut out = Vec::new();
    for fen in BENCH_FENS {
        let Ok(pos) = Position::from_fen(fen) else {
            continue;
        };
        let mut moves = MoveList::new();
        generate_legal(&pos, &mut moves);
        for &mv in moves.iter() {
            let mut child = pos.clone();
            child.make_move(mv);
            out.push(child);
        }
        out.push(pos);
    }
    out
}

fn bench_eval(c: &mut Criterion) {
    let positions = positions();
    let mut group = c.benchmark_group("evaluate");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("bench positions and their children", |b| {
        b.iter(|| {
            let mut sum = 0i64;
            for p in &positions {
                sum += i64::from(evaluate(black_box(p)));
            }
            sum
        })
    });
    group.finish();
}

criterion_group!(benches, bench_eval);
criterion_main!(benches);
