//! Correction history: what the search has learnt about the static evaluation's error.
//!
//! After a node is searched, the difference between its search score and its static evaluation
//! is folded into small tables keyed by features of the position that the evaluation misjudges
//! in a consistent way: the pawns, the material on the board, and the move that led here. The
//! static evaluation of later nodes that share those features is corrected by what the tables
//! hold, so pruning decisions (reverse futility, null move, futility) rest on a better guess.
//! Each side to move has its own entries (the error is the mover's).

use super::params::param;
use super::Score;
use crate::board::Position;
use crate::types::{Color, Piece, PieceKind, Square};

/// Entries per side in the pawn and material tables (a power of two).
const TABLE_SIZE: usize = 16_384;
/// Entries hold the error in units of `1 / GRAIN` of a score unit.
const GRAIN: i32 = 256;
/// Weights are out of this.
const WEIGHT_SCALE: i32 = 1024;

/// Per-side tables of the evaluation's error (one set per search thread).
pub struct CorrectionHistory {
    pawn: [[i32; TABLE_SIZE]; 2],
    material: [[i32; TABLE_SIZE]; 2],
    /// Keyed by the piece and destination of the previous move.
    previous_move: [[i32; 14 * 90]; 2],
}

/// Where a position's entries are, found once per node.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CorrectionKeys {
    side: usize,
    pawn: usize,
    material: usize,
    previous_move: Option<usize>,
}

impl CorrectionKeys {
    /// The keys of `pos`, reached by `previous` (the piece that moved and where it went).
    #[inline]
    pub fn of(pos: &Position, previous: Option<(Piece, Square)>) -> CorrectionKeys {
        CorrectionKeys {
            side: pos.side_to_move().index(),
            pawn: table_index(pawn_signature(pos)),
            material: table_index(material_signature(pos)),
            previous_move: previous.map(|(p, sq)| p.index() * 90 + sq.index()),
        }
    }
}

/// Both sides' pawn squares folded into 64 bits.
#[inline]
fn pawn_signature(pos: &Position) -> u64 {
    let red = pos.pieces(Color::Red, PieceKind::Pawn).bits();
    let black = pos.pieces(Color::Black, PieceKind::Pawn).bits();
    let fold = |b: u128| (b as u64) ^ ((b >> 64) as u64).rotate_left(23);
    fold(red)
        ^ fold(black)
            .rotate_left(41)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// Both sides' counts of each kind of piece, four bits each.
#[inline]
fn material_signature(pos: &Position) -> u64 {
    let mut sig = 0u64;
    for color in Color::ALL {
        for kind in &PieceKind::ALL[1..] {
            sig = (sig << 4) | u64::from(pos.pieces(color, *kind).count() as u8 & 15);
        }
    }
    sig
}

/// A 64-bit signature spread over the table (multiplicative hashing).
#[inline]
fn table_index(signature: u64) -> usize {
    (signature
        .wrapping_add(1)
        .wrapping_mul(0xD6E8_FEB8_6659_FD93)
        >> 50) as usize
        & (TABLE_SIZE - 1)
}

impl CorrectionHistory {
    /// Empty tables, boxed (they are large).
    pub fn new_boxed() -> Box<CorrectionHistory> {
        Box::new(CorrectionHistory {
            pawn: [[0; TABLE_SIZE]; 2],
            material: [[0; TABLE_SIZE]; 2],
            previous_move: [[0; 14 * 90]; 2],
        })
    }

    /// The correction, in score units, for a position with `keys`.
    #[inline]
    pub fn correction(&self, keys: &CorrectionKeys) -> Score {
        let s = keys.side;
        let mut sum = self.pawn[s][keys.pawn] + self.material[s][keys.material];
        if let Some(i) = keys.previous_move {
            sum += self.previous_move[s][i];
        }
        sum / GRAIN
    }

    /// Learns that a node with `keys` searched to `depth` scored `error` more than its
    /// (corrected) static evaluation.
    pub fn update(&mut self, keys: &CorrectionKeys, depth: i32, error: Score) {
        let weight = (depth * depth + 2 * depth + 1).min(param!(CORRECTION_MAX_WEIGHT));
        let target = error.clamp(-param!(CORRECTION_MAX), param!(CORRECTION_MAX)) * GRAIN;
        let limit = param!(CORRECTION_MAX) * GRAIN;
        let blend = |entry: &mut i32| {
            let v = (*entry * (WEIGHT_SCALE - weight) + target * weight) / WEIGHT_SCALE;
            *entry = v.clamp(-limit, limit);
        };
        let s = keys.side;
        blend(&mut self.pawn[s][keys.pawn]);
        blend(&mut self.material[s][keys.material]);
        if let Some(i) = keys.previous_move {
            blend(&mut self.previous_move[s][i]);
        }
    }

    /// Halves every entry (between searches).
    pub fn age(&mut self) {
        let tables = self.pawn.iter_mut().chain(self.material.iter_mut());
        for v in tables.flat_map(|t| t.iter_mut()) {
            *v /= 2;
        }
        for v in self.previous_move.iter_mut().flat_map(|t| t.iter_mut()) {
            *v /= 2;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen;
    use crate::types::Move;

    #[test]
    fn corrections_learn_the_error_and_stay_bounded() {
        let pos = Position::startpos();
        let keys = CorrectionKeys::of(&pos, None);
        let mut ch = CorrectionHistory::new_boxed();
        assert_eq!(ch.correction(&keys), 0);
        for _ in 0..200 {
            ch.update(&keys, 10, 40);
        }
        // Two tables learn the same error: together they overshoot it, up to twice.
        let c = ch.correction(&keys);
        assert!((40..=80).contains(&c), "{c}");
        for _ in 0..200 {
            ch.update(&keys, 10, 100_000);
        }
        let max = 2 * param!(CORRECTION_MAX);
        let c = ch.correction(&keys);
        assert!((max - 2..=max).contains(&c), "{c} against the bound {max}");
        ch.age();
        let halved = ch.correction(&keys);
        assert!((c / 2 - 1..=c / 2).contains(&halved), "{halved}");
        let black = CorrectionKeys { side: 1, ..keys };
        assert_eq!(ch.correction(&black), 0, "each side has its own entries");
    }

    /// `pos` after its first legal move that `wanted` accepts.
    fn after_first(pos: &Position, wanted: impl Fn(&Position, Move) -> bool) -> Position {
        let mv = movegen::legal_moves(pos)
            .iter()
            .copied()
            .find(|&m| wanted(pos, m))
            .expect("a move of the kind wanted");
        let mut after = pos.clone();
        after.make_move(mv);
        after
    }

    /// Accepts the moves of a piece of `kind`.
    fn moves_kind(kind: PieceKind) -> impl Fn(&Position, Move) -> bool {
        move |pos, m| pos.piece_on(m.from()).map(|p| p.kind()) == Some(kind)
    }

    #[test]
    fn keys_follow_pawns_and_material() {
        let start = Position::startpos();
        let keys = CorrectionKeys::of(&start, None);
        // A horse move keeps pawns and material.
        let after = CorrectionKeys::of(&after_first(&start, moves_kind(PieceKind::Horse)), None);
        assert_eq!((after.pawn, after.material), (keys.pawn, keys.material));
        assert_ne!(after.side, keys.side);
        // A pawn move changes the pawn key only.
        let after = CorrectionKeys::of(&after_first(&start, moves_kind(PieceKind::Pawn)), None);
        assert_ne!(after.pawn, keys.pawn);
        assert_eq!(after.material, keys.material);
        // A capture changes the material key.
        let capture =
            Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w")
                .expect("valid FEN");
        let after = CorrectionKeys::of(&after_first(&capture, |p, m| p.is_capture(m)), None);
        assert_ne!(after.material, CorrectionKeys::of(&capture, None).material);
    }
}
