//! Perft against the published counts in `tests/data/perft.tsv` (FEN, depth, nodes).
//!
//! Entries up to `FAST_LIMIT` nodes run in the default `cargo test --release`; the deeper ones are
//! `#[ignore]`d: run them with `cargo test --release -- --ignored`.

use chuhan::board::Position;
use chuhan::movegen::perft::{perft, perft_divide};

const FAST_LIMIT: u64 = 20_000_000;

struct Entry {
    fen: String,
    depth: u32,
    nodes: u64,
}

fn entries() -> Vec<Entry> {
    let text = include_str!("data/perft.tsv");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let cols: Vec<&str> = l.split('\t').collect();
            assert_eq!(cols.len(), 3, "bad line {l:?}");
            Entry {
                fen: cols[0].to_string(),
                depth: cols[1].parse().expect("depth"),
                nodes: cols[2].parse().expect("nodes"),
            }
        })
        .collect()
}

fn check(filter: impl Fn(&Entry) -> bool) -> usize {
    let mut ran = 0;
    for e in entries().iter().filter(|e| filter(e)) {
        let mut pos = Position::from_fen(&e.fen).expect("published FEN parses");
        let got = if e.depth >= 4 {
            perft_divide(&pos, e.depth, 2).nodes
        } else {
            perft(&mut pos, e.depth)
        };
        assert_eq!(got, e.nodes, "perft({}) of {}", e.depth, e.fen);
        ran += 1;
    }
    ran
}

#[test]
fn published_perft_fast() {
    let ran = check(|e| e.nodes <= FAST_LIMIT);
    assert!(ran >= 50, "only {ran} entries ran");
}

#[test]
#[ignore = "deep perft: run with cargo test --release -- --ignored"]
fn published_perft_deep() {
    let ran = check(|e| e.nodes > FAST_LIMIT);
    assert!(ran >= 2);
}

#[test]
fn every_published_fen_round_trips() {
    for e in entries() {
        let pos = Position::from_fen(&e.fen).expect("parses");
        assert_eq!(pos.to_fen(), e.fen);
    }
}
