//! Coordination (the `Coordination` row of the breakdown): horses that guard each other (连环马),
//! hard to dislodge and to win, a horse across the river on a point the enemy does not attack
//! and its own side defends (an outpost), and crossed pawns standing side by side (连兵), which
//! guard each other's flank and close on the palace together.

use super::king_safety::own_half;
use super::mobility::AttackMaps;
use super::weights::{CONNECTED_HORSES, HORSE_OUTPOST, LINKED_PAWNS};
use super::{param, Sink, Term};
use crate::attacks::{self, Occupancy};
use crate::board::Position;
use crate::types::{Bitboard, Color, PieceKind};

/// Adds both sides' coordination terms to `sink`.
#[inline(always)]
pub(super) fn coordination<K: Sink>(
    pos: &Position,
    occ: &Occupancy,
    maps: &AttackMaps,
    sink: &mut K,
) {
    for color in Color::ALL {
        let horses = horse_guards(pos, occ, color);
        let outposts = horse_outposts(pos, maps, color);
        let linked = linked_pairs(pos.pieces(color, PieceKind::Pawn) & !own_half(color));
        let c = Term::Coordination;
        sink.add(
            color,
            c,
            param::CONNECTED_HORSES,
            CONNECTED_HORSES,
            horses,
            0,
        );
        sink.add(color, c, param::HORSE_OUTPOST, HORSE_OUTPOST, outposts, 0);
        sink.add(color, c, param::LINKED_PAWNS, LINKED_PAWNS, linked, 0);
    }
}

/// How many of `color`'s horses defend another of its horses.
#[inline]
fn horse_guards(pos: &Position, occ: &Occupancy, color: Color) -> i32 {
    let horses = pos.pieces(color, PieceKind::Horse);
    if !horses.more_than_one() {
        return 0;
    }
    horses
        .iter()
        .map(|sq| (attacks::horse_attacks(sq, occ.bb) & horses).count() as i32)
        .sum()
}

/// How many of `color`'s horses stand across the river, defended and not attacked.
#[inline]
fn horse_outposts(pos: &Position, maps: &AttackMaps, color: Color) -> i32 {
    let safe = maps.all[color.index()] - maps.all[(!color).index()];
    (pos.pieces(color, PieceKind::Horse) & !own_half(color) & safe).count() as i32
}

/// Pairs of points of `pawns` side by side on one rank.
#[inline]
fn linked_pairs(pawns: Bitboard) -> i32 {
    // Moving every point one file to the right (index + 1) wraps file i onto file a of the next
    // rank: those are not neighbours.
    let right = Bitboard::from_bits(pawns.bits() << 1) & !Bitboard::file(0);
    (right & pawns).count() as i32
}

#[cfg(test)]
mod tests {
    use super::super::mobility;
    use super::*;

    fn horses(fen: &str, color: Color) -> i32 {
        let pos = Position::from_fen(fen).expect("test FEN");
        horse_guards(&pos, pos.occupancy(), color)
    }

    fn linked(fen: &str, color: Color) -> i32 {
        let pos = Position::from_fen(fen).expect("test FEN");
        linked_pairs(pos.pieces(color, PieceKind::Pawn) & !own_half(color))
    }

    #[test]
    fn connected_horses() {
        // Red horses on c1 and d3 guard each other (legs c2 and d2 free): two.
        assert_eq!(
            horses("3k5/9/9/9/9/9/3H5/9/2H6/4K4 w - - 0 1", Color::Red),
            2
        );
        // A red rook on c2 blocks the c1 horse's leg: only d3 guards c1.
        assert_eq!(
            horses("3k5/9/9/9/9/9/3H5/2R6/2H6/4K4 w - - 0 1", Color::Red),
            1
        );
        // One horse guards nothing; horses apart guard nothing.
        assert_eq!(horses("3k5/9/9/9/9/9/3H5/9/9/4K4 w - - 0 1", Color::Red), 0);
        assert_eq!(
            horses("3k5/9/9/9/9/9/3H5/9/9/H3K4 w - - 0 1", Color::Red),
            0
        );
    }

    #[test]
    fn horse_outposts_are_defended_and_safe() {
        let outposts = |fen: &str| {
            let pos = Position::from_fen(fen).expect("test FEN");
            horse_outposts(&pos, &mobility::attack_maps(&pos), Color::Red)
        };
        // A red horse on e6 defended by the red pawn on e5: an outpost.
        assert_eq!(outposts("3k5/9/9/4H4/4P4/9/9/9/9/5K3 w - - 0 1"), 1);
        // Not defended, or attacked by the black horse on d8, or on its own half: none.
        assert_eq!(outposts("3k5/9/9/4H4/9/9/9/9/9/5K3 w - - 0 1"), 0);
        assert_eq!(outposts("3k5/3n5/9/4H4/4P4/9/9/9/9/5K3 w - - 0 1"), 0);
        assert_eq!(outposts("3k5/9/9/9/9/4H4/4P4/9/9/5K3 w - - 0 1"), 0);
    }

    #[test]
    fn linked_pawns() {
        // Black pawns on d3 and e3 (crossed) side by side: one pair; a third on f3 makes two.
        assert_eq!(
            linked("3k5/9/9/9/9/9/3pp4/9/9/4K4 w - - 0 1", Color::Black),
            1
        );
        assert_eq!(
            linked("3k5/9/9/9/9/9/3ppp3/9/9/4K4 w - - 0 1", Color::Black),
            2
        );
        // Pawns on a3 and i2 are next to each other in index order, not on the board.
        assert_eq!(
            linked("3k5/9/9/9/9/9/p8/8p/9/4K4 w - - 0 1", Color::Black),
            0
        );
        assert_eq!(
            linked("3k5/9/9/9/9/9/p8/p7p/9/4K4 w - - 0 1", Color::Black),
            0
        );
    }
}
