//! Position keys of Chuhan's own book format.
//!
//! The book keys its positions with a Zobrist table of its own (splitmix64 from a fixed seed),
//! independent of the search's hash keys, so a compiled book stays valid whatever the engine's
//! hashing does. A position and its left-right mirror image share one entry: the book stores
//! the smaller of the two keys, with the moves in that orientation.

use crate::board::Position;
use crate::types::{Color, Move, Square};
use std::sync::LazyLock;

struct Table {
    pieces: [[u64; 90]; 14],
    black: u64,
}

fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

static TABLE: LazyLock<Table> = LazyLock::new(|| {
    // "楚河" in the seed; changing it invalidates every compiled book.
    let mut state = 0x6961_E6A5_5CB2_0001u64;
    let mut pieces = [[0u64; 90]; 14];
    for row in pieces.iter_mut() {
        for k in row.iter_mut() {
            *k = splitmix(&mut state);
        }
    }
    let black = splitmix(&mut state);
    Table { pieces, black }
});

/// The book key of `pos` and of its mirror image (files a↔i swapped), in that order.
pub fn keys(pos: &Position) -> (u64, u64) {
    let t = &*TABLE;
    let side = match pos.side_to_move() {
        Color::Red => 0,
        Color::Black => t.black,
    };
    let (mut k, mut m) = (side, side);
    for sq in Square::all() {
        if let Some(p) = pos.piece_on(sq) {
            k ^= t.pieces[p.index()][sq.index()];
            m ^= t.pieces[p.index()][sq.mirror_file().index()];
        }
    }
    (k, m)
}

/// The stored key of `pos` and whether its moves are stored mirrored.
pub fn normalized(pos: &Position) -> (u64, bool) {
    let (k, m) = keys(pos);
    if m < k {
        (m, true)
    } else {
        (k, false)
    }
}

/// `mv` mirrored if `mirror` is set.
pub fn orient(mv: Move, mirror: bool) -> Move {
    if mirror {
        mv.mirror_file()
    } else {
        mv
    }
}
