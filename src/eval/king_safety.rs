//! King safety (the `King safety` row of the breakdown), as penalties on the defending side:
//! palace danger from the pieces that hit the palace (counted by
//! [`mobility`](super::mobility)), missing advisors and elephants against the pieces that
//! exploit them (缺士怕马, 缺相怕炮, 缺士怕双车), cannons and rooks lined up on the king (空头炮,
//! 中炮, 炮镇窝心马, 沉底炮, open files), and the attack pressure of the enemy pieces across the
//! river. Also the palace geometry these terms use.

use super::mobility::AttackMaps;
use super::weights::{
    ATTACK_PRESSURE, ATTACK_PRESSURE_MAX, BOTTOM_CANNON, CANNON_ON_CENTRE_HORSE, CENTRAL_CANNON,
    HOLLOW_CANNON, HOLLOW_CANNON_SIDE, MISSING_ADVISOR_VS_HORSE, MISSING_ADVISOR_VS_ROOKS,
    MISSING_ELEPHANT_VS_CANNON, PALACE_ATTACK_MAX, PALACE_DANGER, ROOK_OPEN_KING_FILE,
};
use super::{param, Sink, Term, S};
use crate::attacks::{self, Occupancy};
use crate::board::Position;
use crate::types::{Bitboard, Color, PieceKind, Square};

/// The three back ranks of `color` (its palace rows).
#[inline]
fn back_ranks(color: Color) -> Bitboard {
    match color {
        Color::Red => Bitboard::rank(0) | Bitboard::rank(1) | Bitboard::rank(2),
        Color::Black => Bitboard::rank(7) | Bitboard::rank(8) | Bitboard::rank(9),
    }
}

/// The palace points of `color`.
#[inline]
pub(super) fn palace(color: Color) -> Bitboard {
    back_ranks(color) & (Bitboard::file(3) | Bitboard::file(4) | Bitboard::file(5))
}

/// Files c–g of `color`'s three back ranks: the palace and the points beside it, where an
/// advanced pawn takes part in an attack on the king.
#[inline]
fn palace_zone(color: Color) -> Bitboard {
    palace(color) | (back_ranks(color) & (Bitboard::file(2) | Bitboard::file(6)))
}

/// The squares on `color`'s side of the river (see [`Square::on_own_half`]).
#[inline]
fn own_half(color: Color) -> Bitboard {
    let red = Bitboard::from_bits((1u128 << 45) - 1);
    match color {
        Color::Red => red,
        Color::Black => !red,
    }
}

/// The king's starting point of `color`.
#[inline]
fn home_king_square(color: Color) -> Square {
    match color {
        Color::Red => Square::E0,
        Color::Black => Square::E9,
    }
}

/// The centre of `color`'s palace.
#[inline]
fn palace_centre(color: Color) -> Square {
    match color {
        Color::Red => Square::E1,
        Color::Black => Square::E8,
    }
}

/// Adds both sides' king-safety penalties to `sink`, given who attacks each palace (`maps`).
#[inline(always)]
pub(super) fn king_safety<K: Sink>(
    pos: &Position,
    occ: &Occupancy,
    maps: &AttackMaps,
    sink: &mut K,
) {
    // Attack pressure: attacking pieces standing on the enemy half (a cannon anywhere counts,
    // it strikes across the river), capped at `ATTACK_PRESSURE_MAX`.
    let mut pressure = [0i32; 2];
    for color in Color::ALL {
        let enemy_half = !own_half(color);
        let p = (pos.pieces(color, PieceKind::Rook) & enemy_half).count() as i32 * 2
            + (pos.pieces(color, PieceKind::Horse) & enemy_half).count() as i32
            + pos.pieces(color, PieceKind::Cannon).count() as i32
            + (pos.pieces(color, PieceKind::Pawn) & enemy_half & palace_zone(!color)).count()
                as i32;
        pressure[color.index()] = p.min(ATTACK_PRESSURE_MAX);
    }

    // King safety, as penalties on the defending side (negative counts).
    let ks = Term::KingSafety;
    for color in Color::ALL {
        let them = !color;
        let t_idx = them.index();
        if maps.attackers[t_idx] >= 2 {
            let d = (maps.units[t_idx] * maps.attackers[t_idx]).min(PALACE_ATTACK_MAX);
            sink.add(color, ks, param::PALACE_DANGER, PALACE_DANGER, -d, 6);
        }
        let mut pen = |param: usize, weight: S, count: i32| {
            sink.add(color, ks, param, weight, -count, 0);
        };
        let advisors = pos.pieces(color, PieceKind::Advisor);
        let missing_adv = 2 - advisors.count().min(2) as i32;
        let missing_ele = 2 - pos.pieces(color, PieceKind::Elephant).count().min(2) as i32;
        let enemy_horses = pos.pieces(them, PieceKind::Horse).count() as i32;
        let enemy_cannons = pos.pieces(them, PieceKind::Cannon).count() as i32;
        let enemy_rooks = pos.pieces(them, PieceKind::Rook).count() as i32;
        pen(
            param::MISSING_ADVISOR_VS_HORSE,
            MISSING_ADVISOR_VS_HORSE,
            missing_adv * enemy_horses,
        );
        pen(
            param::MISSING_ELEPHANT_VS_CANNON,
            MISSING_ELEPHANT_VS_CANNON,
            missing_ele * enemy_cannons,
        );
        if missing_adv > 0 && enemy_rooks >= 2 {
            pen(param::MISSING_ADVISOR_VS_ROOKS, MISSING_ADVISOR_VS_ROOKS, 1);
        }

        let king = pos.king_square(color);
        let home = home_king_square(color);
        let file = Bitboard::file(king.file().index());
        for sq in pos.pieces(them, PieceKind::Cannon) & file {
            let screens = attacks::between(king, sq) & occ.bb;
            match screens.count() {
                0 => {
                    if king.file().index() == 4 {
                        pen(param::HOLLOW_CANNON, HOLLOW_CANNON, 1);
                    } else {
                        pen(param::HOLLOW_CANNON_SIDE, HOLLOW_CANNON_SIDE, 1);
                    }
                }
                // One screen would be check, which is never evaluated: a central cannon (中炮)
                // stands behind two, and whichever of them moves away lets it give check.
                2 => {
                    pen(param::CENTRAL_CANNON, CENTRAL_CANNON, 1);
                    // One of the screens is our own horse on the palace centre, pinned there
                    // (炮镇窝心马).
                    let centre = palace_centre(color);
                    if screens.contains(centre)
                        && pos.pieces(color, PieceKind::Horse).contains(centre)
                    {
                        pen(param::CANNON_ON_CENTRE_HORSE, CANNON_ON_CENTRE_HORSE, 1);
                    }
                }
                _ => {}
            }
        }
        // A cannon on our back rank with a clear line to the king at home (沉底炮).
        if king == home {
            let back = Bitboard::rank(home.rank().index());
            for sq in pos.pieces(them, PieceKind::Cannon) & back {
                if (attacks::between(king, sq) & occ.bb).is_empty() {
                    pen(param::BOTTOM_CANNON, BOTTOM_CANNON, 1);
                }
            }
        }
        for sq in pos.pieces(them, PieceKind::Rook) & file {
            if (attacks::between(king, sq) & pos.color_bb(color)).is_empty() {
                pen(param::ROOK_OPEN_KING_FILE, ROOK_OPEN_KING_FILE, 1);
            }
        }
        pen(param::ATTACK_PRESSURE, ATTACK_PRESSURE, pressure[t_idx]);
    }
}

#[cfg(test)]
mod tests {
    use super::super::trace;
    use super::*;

    /// Black's king-safety term in `fen`.
    fn black_king_safety(fen: &str) -> i32 {
        let p = Position::from_fen(fen).expect("test FEN");
        let t = trace(&p);
        t.terms
            .iter()
            .find(|t| t.name == "King safety")
            .map_or(0, |t| t.black)
    }

    #[test]
    fn central_cannon_behind_two_screens_is_penalised() {
        // Red's cannon on e2 behind the e3 and e6 pawns (中炮), against the same cannon on d2.
        let central = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 0 1";
        let aside = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C1C5/9/RNBAKABNR b - - 0 1";
        assert!(black_king_safety(central) < black_king_safety(aside));
        // The same with Black's horse pinned on the palace centre (炮镇窝心马) costs more.
        let pinned = "r1bakabnr/4n4/1c5c1/p1p3p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 0 1";
        let unpinned = "r1bakabnr/4n4/1c5c1/p1p3p1p/9/9/P1P1P1P1P/1C1C5/9/RNBAKABNR b - - 0 1";
        let central_only = black_king_safety(central) - black_king_safety(aside);
        let with_horse = black_king_safety(pinned) - black_king_safety(unpinned);
        assert!(with_horse < central_only, "{with_horse} vs {central_only}");
    }
}
