//! Static evaluation: tapered material and piece-square tables, mobility, king safety,
//! threats, tempo and endgame scaling.
//!
//! [`evaluate`] scores a position from the side to move's point of view; [`trace`] returns the
//! same computation term by term for the protocol's `eval` command. [`evaluate`] computes
//! everything from the position; the search calls [`evaluate_with`], which takes material and
//! placement ([`Psq`]) kept incrementally along the search path ([`psq_after`]) and computes
//! the other terms. All weights live in [`weights`].
//!
//! # Where each term lives
//!
//! One file per family of terms, named after the line of the breakdown ([`trace`], the `eval`
//! command) that shows it; every weight of every family is in `weights.rs`:
//!
//! - `material.rs`: `Material` and `Placement`, the piece values and piece-square tables (one
//!   combined table), the game phase, and [`Psq`] kept incrementally ([`psq_of`],
//!   [`psq_after`]).
//! - `mobility.rs`: `Mobility` of rooks, horses and cannons; the pieces hitting each palace,
//!   which king safety uses; and each side's attack maps, which threats use.
//! - `king_safety.rs`: `King safety`, the palace danger, missing advisors and elephants, cannons
//!   and rooks on the king's lines, and attack pressure.
//! - `threats.rs`: `Threats`, loose (attacked and undefended) pieces and pieces attacked by
//!   cheaper ones.
//! - `endgame.rs`: the `Endgame` line, the scaling when a side has no attacking piece
//!   (insufficient material included; [`Scaling`]).
//! - `mod.rs` (this file): `Tempo`, the side-to-move bonus (one line in `positional`).
//!
//! This file also keeps the public API and the plumbing: the (midgame, endgame) pair [`S`]; the
//! `Sink` trait each family reports its terms to, summed per term by `Terms` for [`evaluate`]
//! and [`trace`] and recorded weight by weight by [`Features`] for the tuner ([`features`],
//! [`current_params`], [`param`]); the taper by phase; and [`EvalBreakdown`]. The families are
//! `#[inline(always)]` functions generic over the sink, monomorphised and inlined into the
//! evaluation: the split costs no call or indirection.

mod endgame;
mod king_safety;
mod material;
mod mobility;
mod threats;
pub mod weights;

pub use endgame::{has_attackers, DrawishEnding, Scaling};
pub use material::{psq_after, psq_of, pst_param, Psq};

use crate::board::Position;
use crate::rules::insufficient_material;
use crate::types::{Color, PieceKind, Score};
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
    /// Piece values (`material.rs`).
    Material,
    /// Piece-square tables (`material.rs`).
    Placement,
    /// `mobility.rs`.
    Mobility,
    /// `king_safety.rs`.
    KingSafety,
    /// `threats.rs`.
    Threats,
    /// The side-to-move bonus (`positional` here).
    Tempo,
}

const TERM_NAMES: [&str; 6] = [
    "Material",
    "Placement",
    "Mobility",
    "King safety",
    "Threats",
    "Tempo",
];
const N_TERMS: usize = TERM_NAMES.len();

/// Raw per-colour terms and the phase.
struct Terms {
    t: [[S; 2]; N_TERMS],
    phase: i32,
}

impl Terms {
    /// Red's terms minus Black's, not yet tapered.
    fn red_total(&self) -> S {
        let mut total = S::default();
        for term in &self.t {
            total += term[0] - term[1];
        }
        total
    }
}

/// Receives the evaluation terms as they are found: which weight applies, how often, and to
/// whom. [`Terms`] sums them; [`Features`] records them for tuning.
trait Sink {
    /// `weight × count`, shifted right by `shift` bits, for `color` under `term`.
    fn add(&mut self, color: Color, term: Term, param: usize, weight: S, count: i32, shift: u32);
}

impl Sink for Terms {
    #[inline(always)]
    fn add(&mut self, color: Color, term: Term, _param: usize, weight: S, count: i32, shift: u32) {
        let v = weight * count;
        self.t[term as usize][color.index()] += S(v.0 >> shift, v.1 >> shift);
    }
}

/// The sum of every term, Red's minus Black's: all that [`evaluate_with`] needs, kept in one
/// pair instead of one per term and colour (integer sums: the same total as [`Terms`]).
struct Total(S);

impl Sink for Total {
    #[inline(always)]
    fn add(&mut self, color: Color, _term: Term, _param: usize, weight: S, count: i32, shift: u32) {
        let v = weight * count;
        let v = S(v.0 >> shift, v.1 >> shift);
        self.0 = match color {
            Color::Red => self.0 + v,
            Color::Black => self.0 - v,
        };
    }
}

/// Declares the named scalar weights once: their indices in [`param`], their names in
/// [`param::SCALAR_NAMES`] and their current values for [`current_params`].
macro_rules! scalar_params {
    ($($name:ident),* $(,)?) => {
        /// Indices of the tunable weights (see [`Features`]): material per kind, then the
        /// mirrored piece-square points (50 per kind: ten ranks × files a–e, file f–i folded
        /// onto d–a), then the named scalars.
        pub mod param {
            /// First material weight (one per kind, King first).
            pub const MATERIAL: usize = 0;
            /// First piece-square weight.
            pub const PST: usize = 7;
            /// Piece-square points per kind.
            pub const PST_POINTS: usize = 50;
            /// First named scalar.
            pub const SCALARS: usize = PST + 7 * PST_POINTS;
            /// The named scalars, in index order from [`SCALARS`].
            pub const SCALAR_NAMES: &[&str] = &[$(stringify!($name)),*];
            /// Number of weights.
            pub const COUNT: usize = SCALARS + SCALAR_NAMES.len();

            #[allow(non_camel_case_types, clippy::upper_case_acronyms)]
            enum Index { $($name),* }
            $(pub(super) const $name: usize = SCALARS + Index::$name as usize;)*
        }

        /// The named scalars' current values, in [`param`] order.
        const SCALAR_VALUES: &[S] = &[$($name),*];
    };
}

scalar_params!(
    ROOK_MOB,
    HORSE_MOB,
    CANNON_MOB,
    MISSING_ADVISOR_VS_HORSE,
    MISSING_ELEPHANT_VS_CANNON,
    MISSING_ADVISOR_VS_ROOKS,
    HOLLOW_CANNON,
    HOLLOW_CANNON_SIDE,
    CENTRAL_CANNON,
    CANNON_ON_CENTRE_HORSE,
    BOTTOM_CANNON,
    ROOK_OPEN_KING_FILE,
    PALACE_DANGER,
    ATTACK_PRESSURE,
    LOOSE_PIECE,
    ROOK_ATTACKED_BY_MINOR,
    MINOR_ATTACKED_BY_PAWN,
    TRAPPED_PIECE,
    TEMPO,
);

/// The position as tuning features: for every weight that applies, its count (Red's minus
/// Black's), plus the game phase. The evaluation before scaling is
/// `taper(Σ weight × count, phase)`.
#[derive(Clone, Debug, Default)]
pub struct Features {
    /// (weight index, count) pairs; an index may appear more than once.
    pub coefs: Vec<(u16, f32)>,
    /// Game phase, 0 (endgame) to [`weights::PHASE_MAX`].
    pub phase: i32,
}

impl Sink for Features {
    fn add(&mut self, color: Color, _term: Term, param: usize, _w: S, count: i32, shift: u32) {
        if count != 0 {
            let sign = if color == Color::Red { 1.0 } else { -1.0 };
            let v = count as f32 / (1u32 << shift) as f32;
            self.coefs.push((param as u16, sign * v));
        }
    }
}

/// The tuning features of `pos`, or `None` when the evaluation is not the plain taper there:
/// insufficient material, a side without attackers, or a drawish ending that scales the
/// current evaluation down.
pub fn features(pos: &Position) -> Option<Features> {
    if !has_attackers(pos, Color::Red) || !has_attackers(pos, Color::Black) {
        return None;
    }
    let terms = compute::<false>(pos, None);
    if endgame::scaling(pos, taper(terms.red_total(), terms.phase)) != Scaling::None {
        return None;
    }
    let mut f = Features::default();
    material::add_features(pos, &mut f);
    f.phase = f.phase.min(PHASE_MAX);
    positional(pos, &mut f);
    Some(f)
}

/// The current weights in [`param`] order (piece-square points averaged over the fold).
pub fn current_params() -> Vec<S> {
    let mut out = vec![S(0, 0); param::COUNT];
    for (k, m) in MATERIAL.iter().enumerate() {
        out[param::MATERIAL + k] = *m;
    }
    for kind in PieceKind::ALL {
        let k = kind.index();
        let mut sum = [S(0, 0); param::PST_POINTS];
        let mut n = [0; param::PST_POINTS];
        for idx in 0..90 {
            let p = pst_param(kind, idx) - param::PST - k * param::PST_POINTS;
            sum[p] += S(PST_MG[k][idx] as i32, PST_EG[k][idx] as i32);
            n[p] += 1;
        }
        for p in 0..param::PST_POINTS {
            out[param::PST + k * param::PST_POINTS + p] = S(sum[p].0 / n[p], sum[p].1 / n[p]);
        }
    }
    for (i, w) in SCALAR_VALUES.iter().enumerate() {
        out[param::SCALARS + i] = *w;
    }
    out
}

fn compute<const TRACE: bool>(pos: &Position, inc: Option<Psq>) -> Terms {
    let mut terms = Terms {
        t: [[S::default(); 2]; N_TERMS],
        phase: 0,
    };
    let phase = match inc {
        Some(p) => {
            terms.t[Term::Material as usize][0] = p.s;
            p.phase
        }
        None => material::add_terms::<TRACE>(pos, &mut terms.t),
    };
    terms.phase = phase.min(PHASE_MAX);
    positional(pos, &mut terms);
    terms
}

/// Everything but material and placement: mobility, king safety and tempo.
#[inline(always)]
fn positional<K: Sink>(pos: &Position, sink: &mut K) {
    let occ = pos.occupancy();
    let maps = mobility::mobility(pos, occ, sink);
    king_safety::king_safety(pos, occ, &maps, sink);
    threats::threats(pos, &maps, sink);
    sink.add(pos.side_to_move(), Term::Tempo, param::TEMPO, TEMPO, 1, 0);
}

#[inline]
fn taper(s: S, phase: i32) -> i32 {
    (s.0 * phase + s.1 * (PHASE_MAX - phase)) / PHASE_MAX
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
    let (total, phase) = match psq {
        Some(p) => {
            let mut sum = Total(p.s);
            positional(pos, &mut sum);
            (sum.0, p.phase.min(PHASE_MAX))
        }
        None => {
            let terms = compute::<false>(pos, None);
            (terms.red_total(), terms.phase)
        }
    };
    let red = endgame::scale(pos, taper(total, phase));
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
    /// The endgame scaling that turns `raw` into `red`.
    pub scaling: Scaling,
    /// Final score from Red's point of view (after the endgame scaling).
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
    let raw = taper(terms.red_total(), terms.phase);
    let scaling = endgame::scaling(pos, raw);
    let red = scaling.apply(raw);
    let side_to_move = match pos.side_to_move() {
        Color::Red => red,
        Color::Black => -red,
    };
    EvalBreakdown {
        terms: list,
        phase: terms.phase,
        raw,
        scaling,
        red,
        side_to_move,
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
        writeln!(f, "Endgame: {}", self.scaling)?;
        writeln!(f, "Final (Red's view): {}", self.red)?;
        write!(f, "Final (side to move): {}", self.side_to_move)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::START_FEN;

    /// [`evaluate`] of `fen`, for the tests of every family.
    pub(super) fn eval_fen(fen: &str) -> Score {
        match Position::from_fen(fen) {
            Ok(p) => evaluate(&p),
            Err(e) => panic!("bad test FEN {fen}: {e}"),
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

    /// The search's evaluation (one running total) equals the term-by-term one, on the bench
    /// positions and every position one legal move away.
    #[test]
    fn evaluate_with_matches_evaluate() {
        for fen in crate::board::BENCH_FENS {
            let mut p = Position::from_fen(fen).expect("bench FEN");
            assert_eq!(evaluate_with(&p, psq_of(&p)), evaluate(&p), "{fen}");
            for &m in crate::movegen::legal_moves(&p).iter() {
                p.make_move(m);
                assert_eq!(evaluate_with(&p, psq_of(&p)), evaluate(&p), "{fen} {m}");
                p.unmake_move();
            }
        }
    }

    #[test]
    fn mirrored_positions_score_the_same() {
        // A colour-flipped position (ranks mirrored, colours swapped, side swapped).
        let a = eval_fen("3akab2/9/4b4/p3p3p/2p3n2/6P2/P3P3P/4C4/9/2BAKAB2 w - - 0 1");
        let b = eval_fen("2bakab2/9/4c4/p3p3p/6p2/2P3N2/P3P3P/4B4/9/3AKAB2 b - - 0 1");
        assert_eq!(a, b);
    }

    #[test]
    fn features_reproduce_the_evaluation() {
        let params = current_params();
        let mut checked = 0;
        for fen in crate::board::BENCH_FENS {
            let Ok(p) = Position::from_fen(fen) else {
                continue;
            };
            let Some(f) = features(&p) else {
                continue;
            };
            let (mut mg, mut eg) = (0.0f64, 0.0f64);
            for &(i, c) in &f.coefs {
                mg += params[i as usize].0 as f64 * c as f64;
                eg += params[i as usize].1 as f64 * c as f64;
            }
            let red = (mg * f.phase as f64 + eg * (PHASE_MAX - f.phase) as f64) / PHASE_MAX as f64;
            let expected = trace(&p).red as f64;
            // Piece-square points are averaged over the left-right fold, and shifts round.
            assert!((red - expected).abs() <= 12.0, "{fen}: {red} vs {expected}");
            checked += 1;
        }
        assert!(checked >= 20);
    }

    /// The traced terms add up to what [`evaluate`] returns: their sum is the raw score (up to
    /// the rounding of tapering each term), the raw score scaled is the final one, and the
    /// final one from the side to move's view is `evaluate`'s.
    #[test]
    fn traced_terms_add_up_to_evaluate() {
        let extra = [
            // Black to move, and the insufficient-material and no-attacker scalings.
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1",
            "3aka3/9/4b4/9/9/9/9/4B4/4A4/3AK4 w - - 0 1",
            "3akab2/9/4b4/9/9/9/9/4B4/4A4/2BAK1R2 b - - 0 1",
        ];
        for fen in crate::board::BENCH_FENS.iter().chain(&extra) {
            let p = Position::from_fen(fen).expect("test FEN");
            let t = trace(&p);
            let sum: Score = t.terms.iter().map(EvalTerm::total).sum();
            assert!(
                (sum - t.raw).abs() <= N_TERMS as i32,
                "{fen}: terms sum to {sum}, raw {}",
                t.raw
            );
            let scaled = if insufficient_material(&p) {
                0
            } else {
                endgame::scale(&p, t.raw)
            };
            assert_eq!(t.red, scaled, "{fen}");
            assert_eq!(t.scaling.apply(t.raw), t.red, "{fen}");
            let own = if p.side_to_move() == Color::Red {
                t.red
            } else {
                -t.red
            };
            assert_eq!(t.side_to_move, own, "{fen}");
            assert_eq!(t.side_to_move, evaluate(&p), "{fen}");
            assert!(!format!("{t}").is_empty());
        }
    }
}
