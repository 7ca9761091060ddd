//! Endgame scaling (the `Endgame` line of the breakdown, applied between `Sum` and `Final`):
//! a side without a rook, horse, cannon or pawn cannot win, so its
//! advantage is divided by [`NO_ATTACKER_DIVISOR`], and when neither side has one the score is
//! 0 (insufficient material).

use super::weights::NO_ATTACKER_DIVISOR;
use crate::board::Position;
use crate::types::{Color, PieceKind};
use std::fmt;

/// Whether `color` has a rook, horse, cannon or pawn (a piece that can attack across the river).
#[inline]
pub fn has_attackers(pos: &Position, color: Color) -> bool {
    (pos.pieces(color, PieceKind::Rook)
        | pos.pieces(color, PieceKind::Horse)
        | pos.pieces(color, PieceKind::Cannon)
        | pos.pieces(color, PieceKind::Pawn))
    .any()
}

/// What the endgame scaling does to Red's sum of the terms (the `Endgame` line of the
/// breakdown).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Scaling {
    /// Nothing: the side ahead has a piece that can attack.
    None,
    /// Neither side has a piece that can attack (insufficient material): 0.
    Draw,
    /// The side ahead, this one, has no piece that can attack: its advantage is divided by
    /// [`NO_ATTACKER_DIVISOR`].
    NoAttacker(Color),
}

impl Scaling {
    /// Red's score `red` after this scaling.
    #[inline]
    pub fn apply(self, red: i32) -> i32 {
        match self {
            Scaling::None => red,
            Scaling::Draw => 0,
            Scaling::NoAttacker(_) => red / NO_ATTACKER_DIVISOR,
        }
    }
}

impl fmt::Display for Scaling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Scaling::None => f.write_str("none"),
            Scaling::Draw => f.write_str("no attacking piece on either side, score 0"),
            Scaling::NoAttacker(c) => write!(
                f,
                "{c} is ahead without an attacking piece, score / {NO_ATTACKER_DIVISOR}"
            ),
        }
    }
}

/// The scaling that applies to Red's score `red` in `pos`.
#[inline]
pub(super) fn scaling(pos: &Position, red: i32) -> Scaling {
    let red_att = has_attackers(pos, Color::Red);
    let black_att = has_attackers(pos, Color::Black);
    if !red_att && !black_att {
        Scaling::Draw
    } else if red > 0 && !red_att {
        Scaling::NoAttacker(Color::Red)
    } else if red < 0 && !black_att {
        Scaling::NoAttacker(Color::Black)
    } else {
        Scaling::None
    }
}

/// Red's score after scaling for insufficient or non-attacking material.
pub(super) fn scale(pos: &Position, red: i32) -> i32 {
    scaling(pos, red).apply(red)
}

#[cfg(test)]
mod tests {
    use super::super::tests::eval_fen;
    use super::*;

    #[test]
    fn insufficient_material_is_zero() {
        assert_eq!(eval_fen("3aka3/9/4b4/9/9/9/9/4B4/4A4/3AK4 w - - 0 1"), 0);
    }

    #[test]
    fn scaling_names_the_side_without_attackers() {
        let scaling_of =
            |fen: &str, red: i32| scaling(&Position::from_fen(fen).expect("test FEN"), red);
        // Red has a rook, Black only its defenders.
        let fen = "3akab2/9/4b4/9/9/9/9/4B4/4A4/2BAK1R2 b - - 0 1";
        assert_eq!(scaling_of(fen, 500), Scaling::None);
        assert_eq!(scaling_of(fen, -80), Scaling::NoAttacker(Color::Black));
        assert_eq!(Scaling::NoAttacker(Color::Black).apply(-80), -10);
        let bare = "3aka3/9/4b4/9/9/9/9/4B4/4A4/3AK4 w - - 0 1";
        assert_eq!(scaling_of(bare, 30), Scaling::Draw);
        assert_eq!(Scaling::Draw.apply(30), 0);
    }
}
