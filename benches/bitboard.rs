//! The hot bitboard operations on a `u128` newtype against `bitvec`'s `BitArray`, to justify the
//! board representation: and, or, popcount and iterating the set squares of 90-bit sets.

use bitvec::prelude::*;
use chuhan::types::Bitboard;
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

/// 64 pseudo-random 90-bit sets with about a third of the bits set (like a middlegame board).
fn samples() -> Vec<u128> {
    let mut s = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    };
    (0..64)
        .map(|_| {
            let a = (next() as u128) << 64 | next() as u128;
            let b = (next() as u128) << 64 | next() as u128;
            (a & b) & ((1u128 << 90) - 1)
        })
        .collect()
}

type Bits = BitArr!(for 90, in u64, Lsb0);

fn to_bitvec(x: u128) -> Bits {
    let mut arr: Bits = BitArray::ZERO;
    for i in 0..90 {
        arr.set(i, x >> i & 1 != 0);
    }
    arr
}

fn bench_ops(c: &mut Criterion) {
    let raw = samples();
    let boards: Vec<Bitboard> = raw.iter().map(|&x| Bitboard::from_bits(x)).collect();
    let arrays: Vec<Bits> = raw.iter().map(|&x| to_bitvec(x)).collect();

    let mut g = c.benchmark_group("and_or_popcount");
    g.bench_function("u128 Bitboard", |b| {
        b.iter(|| {
            let mut total = 0u32;
            for w in black_box(&boards).windows(2) {
                total += ((w[0] & w[1]) | (w[0] ^ w[1])).count();
            }
            total
        })
    });
    g.bench_function("bitvec BitArray", |b| {
        b.iter(|| {
            let mut total = 0usize;
            for w in black_box(&arrays).windows(2) {
                let and = w[0] & w[1];
                let xor = w[0] ^ w[1];
                total += (and | xor).count_ones();
            }
            total
        })
    });
    g.finish();

    let mut g = c.benchmark_group("iterate_squares");
    g.bench_function("u128 Bitboard", |b| {
        b.iter(|| {
            let mut sum = 0usize;
            for bb in black_box(&boards) {
                for sq in *bb {
                    sum += sq.index();
                }
            }
            sum
        })
    });
    g.bench_function("bitvec BitArray", |b| {
        b.iter(|| {
            let mut sum = 0usize;
            for arr in black_box(&arrays) {
                for i in arr.iter_ones() {
                    sum += i;
                }
            }
            sum
        })
    });
    g.finish();
}

criterion_group!(benches, bench_ops);
criterion_main!(benches);
