//! Threats (the `Threats` row of the breakdown), as penalties on the side whose pieces are
//! threatened: a rook, horse or cannon attacked and not defended (a loose piece, 无根子), a
//! rook attacked by a horse, cannon or pawn, and a horse or cannon attacked by a pawn (each
//! loses material unless it moves), and a trapped horse or cannon, one with no safe point to
//! go to, across the river or attacked. Counted on the attack maps that
//! [`mobility`](super::mobility) builds; a rook counts twice.

use super::mobility::AttackMaps;
use super::weights::{LOOSE_PIECE, MINOR_ATTACKED_BY_PAWN, ROOK_ATTACKED_BY_MINOR, TRAPPED_PIECE};
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
        let trapped_units = trapped_units(pos, maps, color);
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
        sink.add(
            color,
            t,
            param::TRAPPED_PIECE,
            TRAPPED_PIECE,
            -trapped_units,
            0,
        );
    }
}

/// Trapped horses and cannons of `color`: those with no point to go to that the enemy does not
/// attack, unless the point holds an enemy rook, horse or cannon to take. One unit for such a
/// piece across the river, two for one attacked where it stands (on either half).
#[inline(always)]
fn trapped_units(pos: &Position, maps: &AttackMaps, color: Color) -> i32 {
    let us = color.index();
    let enemy = !color;
    let attacked = maps.all[enemy.index()];
    let prizes = pos.pieces(enemy, PieceKind::Rook)
        | pos.pieces(enemy, PieceKind::Horse)
        | pos.pieces(enemy, PieceKind::Cannon);
    let mut units = 0;
    for &(sq, moves) in &maps.minor_moves[us][..maps.minor_count[us]] {
        if ((moves - attacked) | (moves & prizes)).any() {
            continue;
        }
        if attacked.contains(sq) {
            units += 2;
        } else if !sq.on_own_half(color) {
            units += 1;
        }
    }
    units
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

    #[test]
    fn trapped_pieces() {
        // A red horse on a9, in Black's corner: both its points, b7 and c8, are covered by the
        // black rook on b8, which does not attack a9 itself. Trapped across the river: one unit.
        assert_eq!(
            run("H2k5/1r7/9/9/9/9/9/9/9/4K4 w - - 0 1")[0],
            -TRAPPED_PIECE
        );
        // With the rook on b7 instead the horse can take it: not trapped.
        assert_eq!(run("H2k5/9/1r7/9/9/9/9/9/9/4K4 w - - 0 1")[0], S(0, 0));
        // A black horse on b7 defended by the rook on b8 is still a prize worth taking.
        assert_eq!(run("H2k5/1r7/1n7/9/9/9/9/9/9/4K4 w - - 0 1")[0], S(0, 0));
        // A red horse at home on a0, attacked by the rook on a5 and not defended (loose); the
        // rook on c2 covers both b2 and c1: trapped and attacked, two units.
        assert_eq!(
            run("3k5/9/9/9/r8/9/9/2r6/9/H3K4 w - - 0 1")[0],
            -LOOSE_PIECE - TRAPPED_PIECE * 2
        );
        // Without the c2 rook it can run: loose only.
        assert_eq!(run("3k5/9/9/9/r8/9/9/9/9/H3K4 w - - 0 1")[0], -LOOSE_PIECE);
        // A red cannon on a9 behind the black horse on b9: its one quiet point, a8, and the
        // advisor it could take on d9 are covered (by the rook on a7, which also attacks a9,
        // and by the king): trapped and attacked. Without the rook it runs down the a-file.
        assert_eq!(
            run("Cn1ak4/9/r8/9/9/9/9/9/9/3K5 w - - 0 1")[0],
            -LOOSE_PIECE - TRAPPED_PIECE * 2
        );
        assert_eq!(run("Cn1ak4/9/9/9/9/9/9/9/9/3K5 w - - 0 1")[0], S(0, 0));
    }
}
