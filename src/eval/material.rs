//! Material and placement (the `Material` and `Placement` rows of the breakdown): the rules'
//! piece values plus the piece-square tables, combined at compile time into one table per
//! colour, kind and point; the game phase; and [`Psq`], the two kept incrementally along the
//! search path ([`psq_of`], [`psq_after`]).

use super::weights::{MATERIAL, PHASE_WEIGHT, PST_EG, PST_MG};
use super::{param, Features, Sink, Term, N_TERMS, S};
use crate::board::Position;
use crate::types::{Color, Move, PieceKind};

/// Material plus piece-square bonus per colour, kind and point, built at compile time from
/// the Red-oriented tables in [`weights`](super::weights).
static PSQ: [[[S; 90]; 7]; 2] = build_psq();

const fn build_psq() -> [[[S; 90]; 7]; 2] {
    let mut t = [[[S(0, 0); 90]; 7]; 2];
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < 7 {
            let mut sq = 0;
            while sq < 90 {
                let idx = red_table_index(c, sq);
                t[c][k][sq] = S(
                    MATERIAL[k].0 + PST_MG[k][idx] as i32,
                    MATERIAL[k].1 + PST_EG[k][idx] as i32,
                );
                sq += 1;
            }
            k += 1;
        }
        c += 1;
    }
    t
}

/// Material plus placement (Red minus Black) and the raw phase, kept incrementally by the search.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Psq {
    /// Red's material and placement minus Black's.
    pub s: S,
    /// Sum of the phase weights of the pieces on the board (not clamped).
    pub phase: i32,
}

/// Computes [`Psq`] from scratch.
pub fn psq_of(pos: &Position) -> Psq {
    let mut psq = Psq::default();
    for color in Color::ALL {
        let c = color.index();
        for kind in PieceKind::ALL {
            let bb = pos.pieces(color, kind);
            psq.phase += bb.count() as i32 * PHASE_WEIGHT[kind.index()];
            let table = &PSQ[c][kind.index()];
            for sq in bb {
                if c == 0 {
                    psq.s += table[sq.index()];
                } else {
                    psq.s = psq.s - table[sq.index()];
                }
            }
        }
    }
    psq
}

/// [`Psq`] after `mv` is played in `pos`, given `psq` before it (the move is not made here).
#[inline]
pub fn psq_after(pos: &Position, psq: Psq, mv: Move) -> Psq {
    let (from, to) = (mv.from(), mv.to());
    let Some(piece) = pos.piece_on(from) else {
        return psq;
    };
    let mut out = psq;
    let (c, k) = (piece.color().index(), piece.kind().index());
    let d = PSQ[c][k][to.index()] - PSQ[c][k][from.index()];
    out.s = if c == 0 { out.s + d } else { out.s - d };
    if let Some(cap) = pos.piece_on(to) {
        let (cc, ck) = (cap.color().index(), cap.kind().index());
        let v = PSQ[cc][ck][to.index()];
        out.s = if cc == 0 { out.s - v } else { out.s + v };
        out.phase -= PHASE_WEIGHT[ck];
    }
    out
}

/// Adds material and placement from scratch to `t` (one combined table under
/// [`Term::Material`] unless `TRACE`) and returns the raw phase.
#[inline(always)]
pub(super) fn add_terms<const TRACE: bool>(pos: &Position, t: &mut [[S; 2]; N_TERMS]) -> i32 {
    let mut phase = 0;
    for color in Color::ALL {
        let c = color.index();
        for kind in PieceKind::ALL {
            let bb = pos.pieces(color, kind);
            if bb.is_empty() {
                continue;
            }
            phase += bb.count() as i32 * PHASE_WEIGHT[kind.index()];
            let table = &PSQ[c][kind.index()];
            let mut sum = S::default();
            for sq in bb {
                sum += table[sq.index()];
            }
            if TRACE {
                let material = MATERIAL[kind.index()] * bb.count() as i32;
                t[Term::Material as usize][c] += material;
                t[Term::Placement as usize][c] += sum - material;
            } else {
                t[Term::Material as usize][c] += sum;
            }
        }
    }
    phase
}

/// Adds the material and piece-square features of every piece to `f`, and its phase weight to
/// `f.phase` (not clamped).
pub(super) fn add_features(pos: &Position, f: &mut Features) {
    for color in Color::ALL {
        for kind in PieceKind::ALL {
            for sq in pos.pieces(color, kind) {
                f.phase += PHASE_WEIGHT[kind.index()];
                f.add(
                    color,
                    Term::Material,
                    param::MATERIAL + kind.index(),
                    S(0, 0),
                    1,
                    0,
                );
                let idx = red_table_index(color.index(), sq.index());
                f.add(color, Term::Placement, pst_param(kind, idx), S(0, 0), 1, 0);
            }
        }
    }
}

/// The piece-square parameter of a Red-oriented table index (rank 9 first), folded left-right.
#[inline]
pub fn pst_param(kind: PieceKind, red_index: usize) -> usize {
    let (row, file) = (red_index / 9, red_index % 9);
    param::PST + kind.index() * param::PST_POINTS + row * 5 + file.min(8 - file)
}

/// The Red-oriented table index (rank 9 first, as [`PST_MG`] is written) of `sq` for `color`.
#[inline]
const fn red_table_index(color_index: usize, sq: usize) -> usize {
    let (file, rank) = (sq % 9, sq / 9);
    if color_index == 0 {
        (9 - rank) * 9 + file
    } else {
        rank * 9 + file
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::eval_fen;
    use super::super::{evaluate, evaluate_with};
    use super::*;

    #[test]
    fn incremental_psq_matches_scratch() {
        let mut pos = Position::startpos();
        for step in 0..40usize {
            let moves = crate::movegen::legal_moves(&pos);
            let list: Vec<_> = moves.iter().copied().collect();
            if list.is_empty() {
                break;
            }
            // Prefer captures to exercise the capture path.
            let mv = list
                .iter()
                .copied()
                .find(|m| pos.is_capture(*m))
                .unwrap_or(list[(step * 7) % list.len()]);
            let inc = psq_after(&pos, psq_of(&pos), mv);
            pos.make_move(mv);
            assert_eq!(inc, psq_of(&pos));
            assert_eq!(evaluate_with(&pos, inc), evaluate(&pos));
        }
    }

    #[test]
    fn extra_rook_is_winning() {
        let s = eval_fen("rnbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
        assert!(s > 700, "{s}");
    }
}
