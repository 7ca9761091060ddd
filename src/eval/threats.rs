//! Threats (the `Threats` row of the breakdown), as penalties on the side whose pieces are
//! threatened: a rook, horse or cannon attacked and not defended (a loose piece, 无根子), a
//! rook attacked by a horse, cannon or pawn, and a horse or cannon attacked by a pawn (each
//! loses material unless it moves). Counted on the attack maps that
//! [`mobility`](super::mobility) builds; a rook counts twice.

use super::mobility::AttackMaps;
use super::weights::{LOOSE_PIECE, MINOR_ATTACKED_BY_PAWN, ROOK_ATTACKED_BY_MINOR};
use super::{param, Sink, Term};
use crate::board::Position;
use crate::types::{Color, PieceKind};

/// Adds both sides' threat penalties to `sink` (as negative counts of positive weights, so the
/// tuner's features see the weights themselves), given the attack maps in `maps`.
#[inline(always)]
pub(super) fn threats<K: Sink>(pos: &Position, maps: &AttackMaps, sink: &mut K) {
    for color in Color::ALL {
        let us = color.index();
        let them = (!color).index();
        let rooks = pos.pieces(color, PieceKind::Rook);
        let minors = pos.pieces(color, PieceKind::Horse) | pos.pieces(color, PieceKind::Cannon);
        let loose = maps.all[them] - maps.all[us];
        let loose_units = 2 * (rooks & loose).count() as i32 + (minors & loose).count() as i32;
        let rooks_hit = (rooks & maps.minors[them]).count() as i32;
        let minors_hit = (minors & maps.pawns[them]).count() as i32;
        let t = Term::Threats;
        sink.add(color, t, param::LOOSE_PIECE, LOOSE_PIECE, -loose_units, 0);
        sink.add(
            color,
            t,
            param::ROOK_ATTACKED_BY_MINOR,
            ROOK_ATTACKED_BY_MINOR,
            -rooks_hit,
            0,
        );
        sink.add(
            color,
            t,
            param::MINOR_ATTACKED_BY_PAWN,
            MINOR_ATTACKED_BY_PAWN,
            -minors_hit,
            0,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::super::{mobility, Terms, N_TERMS, S};
    use super::*;

    /// Red's and Black's threat rows of `fen`.
    fn run(fen: &str) -> [S; 2] {
        let pos = Position::from_fen(fen).expect("test FEN");
        let mut terms = Terms {
            t: [[S::default(); 2]; N_TERMS],
            phase: 0,
        };
        let maps = mobility::mobility(&pos, pos.occupancy(), &mut terms);
        let mut only = Terms {
            t: [[S::default(); 2]; N_TERMS],
            phase: 0,
        };
        threats(&pos, &maps, &mut only);
        only.t[Term::Threats as usize]
    }

    #[test]
    fn loose_and_threatened_pieces() {
        // Black's horse on e5 is attacked by the red rook on e1 and not defended.
        assert_eq!(
            run("3k5/9/9/9/4n4/9/9/9/4R4/5K3 w - - 0 1"),
            [S(0, 0), -LOOSE_PIECE]
        );
        // A black pawn on e6 defends it: nothing.
        assert_eq!(
            run("3k5/9/9/4p4/4n4/9/9/9/4R4/5K3 w - - 0 1"),
            [S(0, 0), S(0, 0)]
        );
        // The red rook on e3 is attacked by the black horse on d5 (and defended by nothing):
        // loose (two units) and attacked by a minor piece.
        assert_eq!(
            run("3k5/9/9/9/3n5/9/4R4/9/9/5K3 w - - 0 1"),
            [-LOOSE_PIECE * 2 - ROOK_ATTACKED_BY_MINOR, S(0, 0)]
        );
        // A red cannon on e5 in front of a black pawn on e6: attacked by the pawn, loose.
        assert_eq!(
            run("3k5/9/9/4p4/4C4/9/9/9/9/5K3 w - - 0 1"),
            [-LOOSE_PIECE - MINOR_ATTACKED_BY_PAWN, S(0, 0)]
        );
    }
}
