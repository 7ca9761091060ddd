//! Endgame scaling, applied between the sum of the terms and the final score (`Sum` and
//! `Final` in the breakdown): a side without a rook, horse, cannon or pawn cannot win, so its
//! advantage is divided by [`NO_ATTACKER_DIVISOR`], and when neither side has one the score is
//! 0 (insufficient material).

use super::weights::NO_ATTACKER_DIVISOR;
use crate::board::Position;
use crate::types::{Color, PieceKind};

/// Whether `color` has a rook, horse, cannon or pawn (a piece that can attack across the river).
#[inline]
pub fn has_attackers(pos: &Position, color: Color) -> bool {
    (pos.pieces(color, PieceKind::Rook)
        | pos.pieces(color, PieceKind::Horse)
        | pos.pieces(color, PieceKind::Cannon)
        | pos.pieces(color, PieceKind::Pawn))
    .any()
}

/// Red's score after scaling for insufficient or non-attacking material.
pub(super) fn scale(pos: &Position, red: i32) -> i32 {
    let red_att = has_attackers(pos, Color::Red);
    let black_att = has_attackers(pos, Color::Black);
    if !red_att && !black_att {
        0
    } else if (red > 0 && !red_att) || (red < 0 && !black_att) {
        red / NO_ATTACKER_DIVISOR
    } else {
        red
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::eval_fen;

    #[test]
    fn insufficient_material_is_zero() {
        assert_eq!(eval_fen("3aka3/9/4b4/9/9/9/9/4B4/4A4/3AK4 w - - 0 1"), 0);
    }
}
