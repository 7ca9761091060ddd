//! Static evaluation: tapered material and piece-square tables, mobility, king safety and tempo.
//!
//! [`evaluate`] scores a position from the side to move's point of view; [`trace`] returns the
//! same computation term by term for the protocol's `eval` command. The evaluation is computed
//! from scratch; all weights live in [`weights`].

pub mod weights;

use crate::attacks;
use crate::board::Position;
use crate::search::Score;
use crate::types::{Bitboard, Color, PieceKind};
use std::fmt;
use std::ops::{Add, AddAssign, Mul, Neg, Sub};
use weights::*;

/// A (midgame, endgame) score pair.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct S(pub i32, pub i32);

impl Add for S {
    type Output = S;
    #[inline]
    fn add(self, o: S) -> S {
        S(self.0 + o.0, self.1 + o.1)
    }
}

impl AddAssign for S {
    #[inline]
    fn add_assign(&mut self, o: S) {
        self.0 += o.0;
        self.1 += o.1;
    }
}

impl Sub for S {
    type Output = S;
    #[inline]
    fn sub(self, o: S) -> S {
        S(self.0 - o.0, self.1 - o.1)
    }
}

impl Neg for S {
    type Output = S;
    #[inline]
    fn neg(self) -> S {
        S(-self.0, -self.1)
    }
}

impl Mul<i32> for S {
    type Output = S;
    #[inline]
    fn mul(self, k: i32) -> S {
        S(self.0 * k, self.1 * k)
    }
}

/// The evaluation terms, in the order [`EvalBreakdown`] lists them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[repr(usize)]
enum Term {
    Material,
    Placement,
    Mobility,
    KingSafety,
    Tempo,
}

const TERM_NAMES: [&str; 5] = ["Material", "Placement", "Mobility", "King safety", "Tempo"];
const N_TERMS: usize = TERM_NAMES.len();

/// Raw per-colour terms and the phase.
struct Terms {
    t: [[S; 2]; N_TERMS],
    phase: i32,
}

/// Material plus piece-square bonus per colour, kind and point, built at compile time from
/// the Red-oriented tables in [`weights`].
static PSQ: [[[S; 90]; 7]; 2] = build_psq();

const fn build_psq() -> [[[S; 90]; 7]; 2] {
    let mut t = [[[S(0, 0); 90]; 7]; 2];
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < 7 {
            let mut sq = 0;
            while sq < 90 {
                let (file, rank) = (sq % 9, sq / 9);
                let idx = if c == 0 {
                    (9 - rank) * 9 + file
                } else {
                    rank * 9 + file
                };
                let v = PST[k][idx] as i32;
                t[c][k][sq] = S(MATERIAL[k].0 + v, MATERIAL[k].1 + v);
                sq += 1;
            }
            k += 1;
        }
        c += 1;
    }
    t
}

/// The palace points of `color`.
#[inline]
fn palace(color: Color) -> Bitboard {
    let ranks = match color {
        Color::Red => Bitboard::rank(0) | Bitboard::rank(1) | Bitboard::rank(2),
        Color::Black => Bitboard::rank(7) | Bitboard::rank(8) | Bitboard::rank(9),
    };
    ranks & (Bitboard::file(3) | Bitboard::file(4) | Bitboard::file(5))
}

/// Whether `color` has a rook, horse, cannon or pawn (a piece that can attack across the river).
#[inline]
pub fn has_attackers(pos: &Position, color: Color) -> bool {
    (pos.pieces(color, PieceKind::Rook)
        | pos.pieces(color, PieceKind::Horse)
        | pos.pieces(color, PieceKind::Cannon)
        | pos.pieces(color, PieceKind::Pawn))
    .any()
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
pub fn psq_after(pos: &Position, psq: Psq, mv: crate::types::Move) -> Psq {
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

fn compute<const TRACE: bool>(pos: &Position, inc: Option<Psq>) -> Terms {
    let mut t = [[S::default(); 2]; N_TERMS];
    let occ = pos.occupancy();
    let mut phase = 0;

    if let Some(p) = inc {
        t[Term::Material as usize][0] = p.s;
        phase = p.phase;
    }
    // Material and placement (one combined table unless tracing).
    for color in Color::ALL {
        if inc.is_some() {
            break;
        }
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

    // Mobility and palace attacks.
    let mut palace_units = [0i32; 2];
    let mut palace_attackers = [0i32; 2];
    for color in Color::ALL {
        let c = color.index();
        let own = pos.color_bb(color);
        let enemy_palace = palace(!color);
        let mut mob = S::default();
        let mut hit = |kind: PieceKind, targets: Bitboard| {
            if (targets & enemy_palace).any() {
                palace_units[c] += PALACE_ATTACK_UNITS[kind.index()];
                palace_attackers[c] += 1;
            }
        };
        for sq in pos.pieces(color, PieceKind::Rook) {
            let a = attacks::rook_attacks(sq, occ);
            mob += ROOK_MOB * ((a - own).count() as i32 - ROOK_MOB_BASE);
            hit(PieceKind::Rook, a);
        }
        for sq in pos.pieces(color, PieceKind::Horse) {
            let a = attacks::horse_attacks(sq, occ.bb);
            mob += HORSE_MOB * ((a - own).count() as i32 - HORSE_MOB_BASE);
            hit(PieceKind::Horse, a);
        }
        for sq in pos.pieces(color, PieceKind::Cannon) {
            let (reach, caps) = attacks::rook_and_cannon_attacks(sq, occ);
            let quiet = reach - occ.bb;
            mob += CANNON_MOB * (quiet.count() as i32 - CANNON_MOB_BASE);
            hit(PieceKind::Cannon, caps);
        }
        for sq in pos.pieces(color, PieceKind::Pawn) {
            if !sq.on_own_half(color) {
                hit(PieceKind::Pawn, attacks::pawn_attacks(color, sq));
            }
        }
        t[Term::Mobility as usize][c] = mob;
    }

    // King safety, as a penalty on the defending side.
    for color in Color::ALL {
        let c = color.index();
        let them = !color;
        let mut pen = S::default();
        let missing_adv = 2 - pos.pieces(color, PieceKind::Advisor).count().min(2) as i32;
        let missing_ele = 2 - pos.pieces(color, PieceKind::Elephant).count().min(2) as i32;
        let enemy_horses = pos.pieces(them, PieceKind::Horse).count() as i32;
        let enemy_cannons = pos.pieces(them, PieceKind::Cannon).count() as i32;
        pen += MISSING_ADVISOR_VS_HORSE * (missing_adv * enemy_horses);
        pen += MISSING_ELEPHANT_VS_CANNON * (missing_ele * enemy_cannons);

        let king = pos.king_square(color);
        let file = Bitboard::file(king.file().index());
        for sq in pos.pieces(them, PieceKind::Cannon) & file {
            match (attacks::between(king, sq) & occ.bb).count() {
                0 => pen += HOLLOW_CANNON,
                1 => pen += CENTRAL_CANNON,
                _ => {}
            }
        }
        for sq in pos.pieces(them, PieceKind::Rook) & file {
            if (attacks::between(king, sq) & pos.color_bb(color)).is_empty() {
                pen += ROOK_OPEN_KING_FILE;
            }
        }
        let t_idx = them.index();
        if palace_attackers[t_idx] >= 2 {
            let d = (palace_units[t_idx] * palace_attackers[t_idx] / PALACE_ATTACK_DIV)
                .min(PALACE_ATTACK_MAX);
            pen += S(d, d / 2);
        }
        t[Term::KingSafety as usize][c] = -pen;
    }

    t[Term::Tempo as usize][pos.side_to_move().index()] = TEMPO;
    Terms {
        t,
        phase: phase.min(PHASE_MAX),
    }
}

#[inline]
fn taper(s: S, phase: i32) -> i32 {
    (s.0 * phase + s.1 * (PHASE_MAX - phase)) / PHASE_MAX
}

/// Red's score after scaling for insufficient or non-attacking material.
fn scale(pos: &Position, red: i32) -> i32 {
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

/// Whether neither side has a piece that can give mate (only kings, advisors and elephants).
pub fn insufficient_material(pos: &Position) -> bool {
    !has_attackers(pos, Color::Red) && !has_attackers(pos, Color::Black)
}

/// Static evaluation from the side to move's point of view.
pub fn evaluate(pos: &Position) -> Score {
    evaluate_impl(pos, None)
}

/// [`evaluate`] with material and placement supplied by the caller (kept incrementally); gives
/// exactly the same result when `psq` equals [`psq_of`]`(pos)`.
#[inline]
pub fn evaluate_with(pos: &Position, psq: Psq) -> Score {
    evaluate_impl(pos, Some(psq))
}

#[inline]
fn evaluate_impl(pos: &Position, psq: Option<Psq>) -> Score {
    if insufficient_material(pos) {
        return 0;
    }
    let terms = compute::<false>(pos, psq);
    let mut total = S::default();
    for term in &terms.t {
        total += term[0] - term[1];
    }
    let red = scale(pos, taper(total, terms.phase));
    match pos.side_to_move() {
        Color::Red => red,
        Color::Black => -red,
    }
}

/// One evaluation term, tapered, for each side (positive is good for that side).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalTerm {
    /// Term name.
    pub name: &'static str,
    /// Red's part.
    pub red: Score,
    /// Black's part.
    pub black: Score,
}

impl EvalTerm {
    /// Red's part minus Black's part.
    pub fn total(&self) -> Score {
        self.red - self.black
    }
}

/// The evaluation term by term, as printed by the protocol's `eval` command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalBreakdown {
    /// The terms, tapered by the phase.
    pub terms: Vec<EvalTerm>,
    /// Game phase, from 0 (endgame) to [`weights::PHASE_MAX`] (opening).
    pub phase: i32,
    /// Sum of the terms from Red's point of view, before scaling.
    pub raw: Score,
    /// Final score from Red's point of view (after the insufficient-material scaling).
    pub red: Score,
    /// Final score from the side to move's point of view (what [`evaluate`] returns).
    pub side_to_move: Score,
}

/// The evaluation of `pos`, term by term.
pub fn trace(pos: &Position) -> EvalBreakdown {
    let terms = compute::<true>(pos, None);
    let list: Vec<EvalTerm> = terms
        .t
        .iter()
        .zip(TERM_NAMES)
        .map(|(t, name)| EvalTerm {
            name,
            red: taper(t[0], terms.phase),
            black: taper(t[1], terms.phase),
        })
        .collect();
    let mut total = S::default();
    for term in &terms.t {
        total += term[0] - term[1];
    }
    let raw = taper(total, terms.phase);
    let red = if insufficient_material(pos) {
        0
    } else {
        scale(pos, raw)
    };
    EvalBreakdown {
        terms: list,
        phase: terms.phase,
        raw,
        red,
        side_to_move: evaluate(pos),
    }
}

impl fmt::Display for EvalBreakdown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{:<14}{:>8}{:>8}{:>8}", "Term", "Red", "Black", "Total")?;
        for t in &self.terms {
            writeln!(
                f,
                "{:<14}{:>8}{:>8}{:>8}",
                t.name,
                t.red,
                t.black,
                t.total()
            )?;
        }
        writeln!(f, "Phase: {}/{}", self.phase, PHASE_MAX)?;
        writeln!(f, "Sum (Red's view): {}", self.raw)?;
        writeln!(f, "Final (Red's view): {}", self.red)?;
        write!(f, "Final (side to move): {}", self.side_to_move)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::START_FEN;

    fn eval_fen(fen: &str) -> Score {
        match Position::from_fen(fen) {
            Ok(p) => evaluate(&p),
            Err(e) => panic!("bad test FEN {fen}: {e}"),
        }
    }

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
    fn start_position_is_tempo_only() {
        let red = eval_fen(START_FEN);
        let black =
            eval_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1");
        assert_eq!(red, black, "symmetric position: only the tempo counts");
        assert!(red > 0 && red < 40);
    }

    #[test]
    fn mirrored_positions_score_the_same() {
        // A colour-flipped position (ranks mirrored, colours swapped, side swapped).
        let a = eval_fen("3akab2/9/4b4/p3p3p/2p3n2/6P2/P3P3P/4C4/9/2BAKAB2 w - - 0 1");
        let b = eval_fen("2bakab2/9/4c4/p3p3p/6p2/2P3N2/P3P3P/4B4/9/3AKAB2 b - - 0 1");
        assert_eq!(a, b);
    }

    #[test]
    fn insufficient_material_is_zero() {
        assert_eq!(eval_fen("3aka3/9/4b4/9/9/9/9/4B4/4A4/3AK4 w - - 0 1"), 0);
    }

    #[test]
    fn extra_rook_is_winning() {
        let s = eval_fen("rnbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
        assert!(s > 700, "{s}");
    }

    #[test]
    fn trace_matches_evaluate() {
        for fen in crate::search::BENCH_FENS {
            if let Ok(p) = Position::from_fen(fen) {
                let t = trace(&p);
                assert_eq!(t.side_to_move, evaluate(&p));
                let sum: Score = t.terms.iter().map(EvalTerm::total).sum();
                assert!((sum - t.raw).abs() <= N_TERMS as i32);
                assert!(!format!("{t}").is_empty());
            }
        }
    }
}
