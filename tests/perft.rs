//! Perft against the published counts in `tests/data/perft.tsv` (FEN, depth, nodes).
//!
//! Every entry runs in the default `cargo test --release`, the start position at depth 5
//! (133,312,995 nodes) included: the whole file takes a few seconds. (A count that took minutes
//! would go in an `#[ignore]`d test; there is none.)

use chuhan::board::Position;
use chuhan::movegen::perft::{perft, perft_divide};

const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

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
fn published_perft() {
    let ran = check(|_| true);
    assert!(ran >= 50, "only {ran} entries ran");
}

/// The count the README advertises is one of the entries `published_perft` checks.
#[test]
fn start_position_depth_5_is_checked() {
    assert!(entries()
        .iter()
        .any(|e| e.fen == START_FEN && e.depth == 5 && e.nodes == 133_312_995));
}

#[test]
fn every_published_fen_round_trips() {
    for e in entries() {
        let pos = Position::from_fen(&e.fen).expect("parses");
        assert_eq!(pos.to_fen(), e.fen);
    }
}
