//! Static evaluation: tapered material and piece-square tables, mobility, king safety and tempo.
//!
//! [`evaluate`] scores a position from the side to move's point of view; [`trace`] returns the
//! same computation term by term for the protocol's `eval` command. [`evaluate`] computes
//! everything from the position; the search calls [`evaluate_with`], which takes material and
//! placement ([`Psq`]) kept incrementally along the search path ([`psq_after`]) and computes
//! the other terms. All weights live in [`weights`].

mod material;
pub mod weights;

pub use material::{psq_after, psq_of, pst_param, Psq};

use crate::attacks;
use crate::board::Position;
use crate::rules::insufficient_material;
use crate::types::{Bitboard, Color, PieceKind, Score, Square};
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
fn palace(color: Color) -> Bitboard {
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

/// Whether `color` has a rook, horse, cannon or pawn (a piece that can attack across the river).
#[inline]
pub fn has_attackers(pos: &Position, color: Color) -> bool {
    (pos.pieces(color, PieceKind::Rook)
        | pos.pieces(color, PieceKind::Horse)
        | pos.pieces(color, PieceKind::Cannon)
        | pos.pieces(color, PieceKind::Pawn))
    .any()
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

/// The tuning features of `pos`, or `None` when the evaluation is not the plain taper there
/// (insufficient material, or a side ahead without attackers is scaled down).
pub fn features(pos: &Position) -> Option<Features> {
    if !has_attackers(pos, Color::Red) || !has_attackers(pos, Color::Black) {
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
    // Mobility and palace attacks.
    let mut palace_units = [0i32; 2];
    let mut palace_attackers = [0i32; 2];
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
        let mut rook_mob = 0;
        for sq in pos.pieces(color, PieceKind::Rook) {
            let a = attacks::rook_attacks(sq, occ);
            rook_mob += (a - own).count() as i32 - ROOK_MOB_BASE;
            hit(PieceKind::Rook, a);
        }
        let mut horse_mob = 0;
        for sq in pos.pieces(color, PieceKind::Horse) {
            let a = attacks::horse_attacks(sq, occ.bb);
            horse_mob += (a - own).count() as i32 - HORSE_MOB_BASE;
            hit(PieceKind::Horse, a);
        }
        let mut cannon_mob = 0;
        for sq in pos.pieces(color, PieceKind::Cannon) {
            let (reach, caps) = attacks::rook_and_cannon_attacks(sq, occ);
            let quiet = reach - occ.bb;
            cannon_mob += quiet.count() as i32 - CANNON_MOB_BASE;
            hit(PieceKind::Cannon, caps);
        }
        for sq in pos.pieces(color, PieceKind::Pawn) {
            if !sq.on_own_half(color) {
                hit(PieceKind::Pawn, attacks::pawn_attacks(color, sq));
            }
        }
        let m = Term::Mobility;
        sink.add(color, m, param::ROOK_MOB, ROOK_MOB, rook_mob, 0);
        sink.add(color, m, param::HORSE_MOB, HORSE_MOB, horse_mob, 0);
        sink.add(color, m, param::CANNON_MOB, CANNON_MOB, cannon_mob, 0);
    }

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
        if palace_attackers[t_idx] >= 2 {
            let d = (palace_units[t_idx] * palace_attackers[t_idx]).min(PALACE_ATTACK_MAX);
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

    sink.add(pos.side_to_move(), Term::Tempo, param::TEMPO, TEMPO, 1, 0);
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
    let side_to_move = match pos.side_to_move() {
        Color::Red => red,
        Color::Black => -red,
    };
    EvalBreakdown {
        terms: list,
        phase: terms.phase,
        raw,
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
                scale(&p, t.raw)
            };
            assert_eq!(t.red, scaled, "{fen}");
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
