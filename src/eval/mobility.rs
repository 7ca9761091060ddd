//! Mobility (the `Mobility` row of the breakdown): the points each rook, horse and cannon can
//! move to, against an expected number; and, on the same attack sets, each side's attack maps
//! ([`AttackMaps`]): the pieces that hit the enemy palace, which
//! [`king_safety`](super::king_safety) turns into palace danger, and the points each side
//! attacks, which [`threats`](super::threats) uses.

use super::king_safety::palace;
use super::weights::{
    CANNON_MOB, CANNON_MOB_BASE, HORSE_MOB, HORSE_MOB_BASE, PALACE_ATTACK_UNITS, ROOK_MOB,
    ROOK_MOB_BASE,
};
use super::{param, Sink, Term};
use crate::attacks::{self, Occupancy};
use crate::board::Position;
use crate::types::{Bitboard, Color, PieceKind, Square};

/// At most this many horses and cannons per side (two of each).
pub(super) const MAX_MINORS: usize = 4;

/// Per colour (by [`Color::index`]): the pieces of that colour that attack a point of the enemy
/// palace, as attack units ([`PALACE_ATTACK_UNITS`]) and as a count; and the points that
/// colour attacks (own pieces included, so the maps also say what is defended), which
/// [`threats`](super::threats) uses.
pub(super) struct AttackMaps {
    /// Sum of the attack units of the pieces hitting the enemy palace.
    pub units: [i32; 2],
    /// Number of pieces hitting the enemy palace.
    pub attackers: [i32; 2],
    /// Every point attacked by a piece of that colour.
    pub all: [Bitboard; 2],
    /// Points attacked by a horse, cannon or pawn of that colour (pieces worth less than a
    /// rook).
    pub minors: [Bitboard; 2],
    /// Points attacked by a pawn of that colour.
    pub pawns: [Bitboard; 2],
    /// Each horse and cannon of that colour with the points it can move to (captures
    /// included); the first `minor_count` entries are used.
    pub minor_moves: [[(Square, Bitboard); MAX_MINORS]; 2],
    /// Number of used entries of `minor_moves`.
    pub minor_count: [usize; 2],
}

/// Adds both sides' mobility to `sink` and returns both sides' attack maps.
#[inline(always)]
pub(super) fn mobility<K: Sink>(pos: &Position, occ: &Occupancy, sink: &mut K) -> AttackMaps {
    let mut palace_units = [0i32; 2];
    let mut palace_attackers = [0i32; 2];
    let mut all = [Bitboard::EMPTY; 2];
    let mut minors = [Bitboard::EMPTY; 2];
    let mut pawns = [Bitboard::EMPTY; 2];
    let mut minor_moves = [[(Square::from_index_unchecked(0), Bitboard::EMPTY); MAX_MINORS]; 2];
    let mut minor_count = [0usize; 2];
    for color in Color::ALL {
        let c = color.index();
        let own = pos.color_bb(color);
        let enemy_palace = palace(!color);
        let mut hit = |kind: PieceKind, targets: Bitboard| {
            if (targets & enemy_palace).any() {
                palace_units[c] += PALACE_ATTACK_UNITS[kind.index()];
                palace_attackers[c] += 1;
            }
        };
        let mut by_rooks = Bitboard::EMPTY;
        let mut by_minors = Bitboard::EMPTY;
        let mut rook_mob = 0;
        for sq in pos.pieces(color, PieceKind::Rook) {
            let a = attacks::rook_attacks(sq, occ);
            rook_mob += (a - own).count() as i32 - ROOK_MOB_BASE;
            hit(PieceKind::Rook, a);
            by_rooks |= a;
        }
        let mut horse_mob = 0;
        for sq in pos.pieces(color, PieceKind::Horse) {
            let a = attacks::horse_attacks(sq, occ.bb);
            let moves = a - own;
            horse_mob += moves.count() as i32 - HORSE_MOB_BASE;
            hit(PieceKind::Horse, a);
            by_minors |= a;
            if minor_count[c] < MAX_MINORS {
                minor_moves[c][minor_count[c]] = (sq, moves);
                minor_count[c] += 1;
            }
        }
        let mut cannon_mob = 0;
        for sq in pos.pieces(color, PieceKind::Cannon) {
            let (reach, caps) = attacks::rook_and_cannon_attacks(sq, occ);
            let quiet = reach - occ.bb;
            cannon_mob += quiet.count() as i32 - CANNON_MOB_BASE;
            hit(PieceKind::Cannon, caps);
            by_minors |= caps;
            if minor_count[c] < MAX_MINORS {
                minor_moves[c][minor_count[c]] = (sq, quiet | (caps - own));
                minor_count[c] += 1;
            }
        }
        // Pawns all at once: crossed pawns that reach the palace count one each.
        let own_pawns = pos.pieces(color, PieceKind::Pawn);
        let pawn_hits = (own_pawns & attacks::pawn_palace_attackers(color)).count() as i32;
        palace_units[c] += pawn_hits * PALACE_ATTACK_UNITS[PieceKind::Pawn.index()];
        palace_attackers[c] += pawn_hits;
        let by_pawns = attacks::pawn_attacks_of(color, own_pawns);
        let mut by_defenders = attacks::king_attacks(pos.king_square(color));
        for sq in pos.pieces(color, PieceKind::Advisor) {
            by_defenders |= attacks::advisor_attacks(sq);
        }
        for sq in pos.pieces(color, PieceKind::Elephant) {
            by_defenders |= attacks::elephant_attacks(sq, occ.bb);
        }
        minors[c] = by_minors | by_pawns;
        pawns[c] = by_pawns;
        all[c] = by_rooks | minors[c] | by_defenders;
        let m = Term::Mobility;
        sink.add(color, m, param::ROOK_MOB, ROOK_MOB, rook_mob, 0);
        sink.add(color, m, param::HORSE_MOB, HORSE_MOB, horse_mob, 0);
        sink.add(color, m, param::CANNON_MOB, CANNON_MOB, cannon_mob, 0);
    }
    AttackMaps {
        units: palace_units,
        attackers: palace_attackers,
        all,
        minors,
        pawns,
        minor_moves,
        minor_count,
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Terms, N_TERMS, S};
    use super::*;

    fn run(fen: &str) -> (Terms, AttackMaps) {
        let pos = Position::from_fen(fen).expect("test FEN");
        let mut terms = Terms {
            t: [[S::default(); 2]; N_TERMS],
            phase: 0,
        };
        let maps = mobility(&pos, pos.occupancy(), &mut terms);
        (terms, maps)
    }

    #[test]
    fn rook_mobility_and_palace_hits() {
        // Rook a0: b0–d0 and a1–a9, 12 points, 6 above the base; nowhere near Black's palace.
        let (t, maps) = run("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1");
        assert_eq!(t.t[Term::Mobility as usize], [ROOK_MOB * 6, S(0, 0)]);
        assert_eq!(maps.attackers, [0, 0]);
        // Rook d0: a0–c0, e0 and d1–d9 (the king on d9 included), 13 points; it hits the palace.
        let (t, maps) = run("3k5/9/9/9/9/9/9/9/9/3R1K3 b - - 0 1");
        assert_eq!(t.t[Term::Mobility as usize], [ROOK_MOB * 7, S(0, 0)]);
        assert_eq!(maps.attackers, [1, 0]);
        assert_eq!(
            maps.units,
            [PALACE_ATTACK_UNITS[PieceKind::Rook.index()], 0]
        );
    }
}
