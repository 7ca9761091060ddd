//! Deterministic Zobrist keys, generated at compile time with xorshift64*.

use crate::types::{Color, Piece, Square};

const fn xorshift(mut s: u64) -> u64 {
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    s
}

struct Keys {
    pieces: [[u64; 90]; 14],
    side: u64,
}

static KEYS: Keys = {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut pieces = [[0u64; 90]; 14];
    let mut p = 0;
    while p < 14 {
        let mut s = 0;
        while s < 90 {
            state = xorshift(state);
            pieces[p][s] = state.wrapping_mul(0x2545_F491_4F6C_DD1D);
            s += 1;
        }
        p += 1;
    }
    state = xorshift(state);
    Keys {
        pieces,
        side: state.wrapping_mul(0x2545_F491_4F6C_DD1D),
    }
};

/// The key of `piece` standing on `sq`.
#[inline]
pub fn piece_key(piece: Piece, sq: Square) -> u64 {
    KEYS.pieces[piece.index()][sq.index()]
}

/// The key toggled when the side to move changes (present when Black is to move).
#[inline]
pub fn side_key() -> u64 {
    KEYS.side
}

/// The side component of a full key for `side` to move.
#[inline]
pub fn side_component(side: Color) -> u64 {
    match side {
        Color::Red => 0,
        Color::Black => KEYS.side,
    }
}
