//! Repetition detection, check/chase classification of the moves of a cycle, and the 棋例
//! verdict. See the module documentation of [`crate::rules`] for the rules implemented.

use crate::attacks;
use crate::board::Position;
use crate::movegen;
use crate::types::{Bitboard, Color, Move, PieceKind, Square};

/// The outcome of a repetition under the 棋例.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum RepetitionVerdict {
    /// Neither side is to blame (both allowed, or both forbidden): draw (不变作和).
    Draw,
    /// This side broke the rules (perpetual check or chase): it must vary or it loses.
    Loss(Color),
}

impl RepetitionVerdict {
    /// The verdict seen from `side`: `1` if it wins (the other side must vary or lose), `0` for a
    /// draw, `-1` if it loses. Search scores a cycle with this from the side to move's view.
    pub fn value_for(self, side: Color) -> i32 {
        match self {
            RepetitionVerdict::Draw => 0,
            RepetitionVerdict::Loss(loser) if loser == side => -1,
            RepetitionVerdict::Loss(_) => 1,
        }
    }
}

/// How one side behaved over a cycle.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Conduct {
    /// Allowed moves (闲着, 数将一闲, 数捉一闲, …) — or not examined (see
    /// [`CycleJudgement::chases_examined`]).
    Allowed,
    /// Every move checked (长将).
    PerpetualCheck,
    /// Every move checked or chased, with at least one chase, always of the same piece (长捉,
    /// 一将一捉).
    PerpetualChase,
}

/// One side's moves in a judged cycle.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SideReport {
    /// Its moves in the cycle.
    pub moves: u32,
    /// How many of them gave check.
    pub checks: u32,
    /// How many of the non-checking moves newly chased a piece (counted only for the moves that
    /// were examined, see [`CycleJudgement::chases_examined`]).
    pub chases: u32,
    /// The verdict on its conduct.
    pub conduct: Conduct,
    /// For [`Conduct::PerpetualChase`]: the opponent piece(s) chased on every chasing move, on
    /// their points in the current position. Empty otherwise.
    pub chased: Bitboard,
}

impl SideReport {
    const fn new() -> SideReport {
        SideReport {
            moves: 0,
            checks: 0,
            chases: 0,
            conduct: Conduct::Allowed,
            chased: Bitboard::EMPTY,
        }
    }
}

/// The judgement of one repetition cycle.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CycleJudgement {
    /// Length of the judged span in plies (even).
    pub plies: usize,
    /// Who, if anyone, loses.
    pub verdict: RepetitionVerdict,
    /// Per side, indexed by [`Color::index`].
    pub sides: [SideReport; 2],
    /// Whether chases were looked for. [`judge_cycle`] skips them when a perpetual check
    /// already decides the verdict, and stops examining a side's moves after its first idle move;
    /// [`cycle_effects`] examines every move.
    pub chases_examined: bool,
}

impl CycleJudgement {
    /// The report for `color`.
    pub fn side(&self, color: Color) -> &SideReport {
        &self.sides[color.index()]
    }
}

/// What one move of a cycle did.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MoveEffect {
    /// Its index in the cycle (0 = the first move after the earlier occurrence).
    pub ply: usize,
    /// The move.
    pub mv: Move,
    /// The side that made it.
    pub side: Color,
    /// Whether it gave check.
    pub check: bool,
    /// The opponent pieces it newly chased (points after the move); always empty for a check,
    /// which is judged as a check only.
    pub chased: Bitboard,
}

// ----- occurrences ---------------------------------------------------------------------------

/// Calls `f(distance)` for every earlier occurrence of the current position, most recent first,
/// until `f` returns `false`. Only positions since the last capture and the last null move count.
fn for_each_occurrence(pos: &Position, mut f: impl FnMut(usize) -> bool) {
    let history = pos.history();
    let n = history.len();
    let limit = usize::from(pos.rule60_count()).min(n);
    let key = pos.key();
    // The most recent move must be real too: a null move just made is not part of a cycle.
    let mut back = 1;
    while back <= limit {
        let st = &history[n - back];
        if st.mv.is_none() || st.captured.is_some() {
            return;
        }
        if back % 2 == 0 && st.key == key && !f(back) {
            return;
        }
        back += 1;
    }
}

/// How many times the current position has occurred since the last capture (or null move),
/// the current occurrence included (so at least 1).
///
/// ```
/// use chuhan::board::Position;
/// use chuhan::rules::occurrences;
///
/// let mut pos = Position::startpos();
/// assert_eq!(occurrences(&pos), 1);
/// for m in ["h0g2", "h9g7", "g2h0", "g7h9"] {
///     pos.make_move(chuhan::notation::parse_iccs(&pos, m).unwrap());
/// }
/// assert_eq!(occurrences(&pos), 2);
/// ```
pub fn occurrences(pos: &Position) -> u32 {
    let mut count = 1;
    for_each_occurrence(pos, |_| {
        count += 1;
        true
    });
    count
}

/// Plies back to the `nth` earlier occurrence of the current position (1 = the most recent),
/// if it occurred that often since the last capture.
pub fn occurrence_distance(pos: &Position, nth: u32) -> Option<usize> {
    if nth == 0 {
        return None;
    }
    let mut seen = 0;
    let mut found = None;
    for_each_occurrence(pos, |d| {
        seen += 1;
        if seen == nth {
            found = Some(d);
            false
        } else {
            true
        }
    });
    found
}

// ----- entry points --------------------------------------------------------------------------

/// Judges the repetition when the current position occurs for the `occurrences`-th time (the
/// current occurrence included; values below 2 count as 2). The judged span runs from the
/// `occurrences - 1`-th earlier occurrence to now, so with 3 it covers both cycles. Returns
/// `None` if the position has not occurred that often. The position is restored.
///
/// This is the referee's entry point (called with 3 by [`crate::rules::game_result`]).
pub fn judge_repetition(pos: &mut Position, occurrences: u32) -> Option<CycleJudgement> {
    judge_repetition_with(pos, occurrences, true)
}

/// [`judge_repetition`] with a choice for cycles that mix checks and chases (一将一捉), as in
/// [`judge_cycle_with`].
pub fn judge_repetition_with(
    pos: &mut Position,
    occurrences: u32,
    mixed_check_chase_loses: bool,
) -> Option<CycleJudgement> {
    let d = occurrence_distance(pos, occurrences.max(2) - 1)?;
    judge_cycle_with(pos, d, mixed_check_chase_loses)
}

/// Judges the most recent cycle if the current position occurred before (since the last capture
/// and null move): the search's entry point at a repetition inside the tree or against the game.
pub fn judge_first_repetition(pos: &mut Position) -> Option<CycleJudgement> {
    let d = occurrence_distance(pos, 1)?;
    judge_cycle(pos, d)
}

/// The repetition verdict that playing `mv` (a legal move) would bring about, if it completes
/// the `occurrences`-th occurrence of a position (2 = any repetition, 3 = the referee's rule).
/// For the root: a move whose verdict is a loss for the mover should be avoided whenever another
/// move exists. The position is restored.
///
/// ```
/// use chuhan::board::Position;
/// use chuhan::notation::parse_iccs;
/// use chuhan::rules::{verdict_after, RepetitionVerdict};
/// use chuhan::types::Color;
///
/// let mut pos = Position::from_fen("4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1").unwrap();
/// for m in ["a1a9", "e9e8", "a9a8", "e8e9"] {
///     pos.make_move(parse_iccs(&pos, m).unwrap());
/// }
/// // a8a9 checks again and repeats the position after a1a9: Red's checks are perpetual.
/// let check = parse_iccs(&pos, "a8a9").unwrap();
/// assert_eq!(verdict_after(&mut pos, check, 2), Some(RepetitionVerdict::Loss(Color::Red)));
/// let other = parse_iccs(&pos, "a8a7").unwrap();
/// assert_eq!(verdict_after(&mut pos, other, 2), None);
/// ```
pub fn verdict_after(pos: &mut Position, mv: Move, occurrences: u32) -> Option<RepetitionVerdict> {
    verdict_after_with(pos, mv, occurrences, true)
}

/// [`verdict_after`] with a choice for cycles that mix checks and chases (一将一捉), as in
/// [`judge_cycle_with`]: `true` is the 棋例 (and [`verdict_after`]), `false` lets such a side's
/// moves pass, as pyffish does. The position is restored.
pub fn verdict_after_with(
    pos: &mut Position,
    mv: Move,
    occurrences: u32,
    mixed_check_chase_loses: bool,
) -> Option<RepetitionVerdict> {
    pos.make_move(mv);
    let v = judge_repetition_with(pos, occurrences, mixed_check_chase_loses).map(|j| j.verdict);
    pos.unmake_move();
    v
}

/// Judges the cycle formed by the last `cycle_plies` plies, which must lead from an earlier
/// occurrence of the current position back to it (as returned by
/// [`Position::repetition_distance`] or [`occurrence_distance`]). Returns `None` if they do not:
/// an odd or zero length, more plies than the history holds, a capture or null move inside, or a
/// different position at that distance.
///
/// Cheap enough for the search: the checks are read from the history; only if no side checked
/// perpetually is the cycle replayed (unmake, then make again) to look for chases, and each
/// side's moves only until its first idle move. It does not allocate for cycles up to 256 plies.
/// The position is restored exactly.
pub fn judge_cycle(pos: &mut Position, cycle_plies: usize) -> Option<CycleJudgement> {
    analyse(pos, cycle_plies, false, true, |_| {})
}

/// [`judge_cycle`] with a choice for cycles that mix checks and chases (一将一捉): with
/// `mixed_check_chase_loses = false` such a side's moves are allowed, as in pyffish/Fairy-Stockfish
/// and Pikafish (the project's referee draws them); `true` is the 棋例 and [`judge_cycle`].
pub fn judge_cycle_with(
    pos: &mut Position,
    cycle_plies: usize,
    mixed_check_chase_loses: bool,
) -> Option<CycleJudgement> {
    analyse(pos, cycle_plies, false, mixed_check_chase_loses, |_| {})
}

/// Like [`judge_cycle`], examining every move, and also returning what each move did (for the
/// GUI, logs and tests).
pub fn cycle_effects(
    pos: &mut Position,
    cycle_plies: usize,
) -> Option<(CycleJudgement, Vec<MoveEffect>)> {
    let mut effects = Vec::with_capacity(cycle_plies.min(256));
    let j = analyse(pos, cycle_plies, true, true, |e| effects.push(e))?;
    Some((j, effects))
}

/// The opponent pieces that `by` threatens to win in the current position, by the chase criteria
/// of the module documentation (whichever side is to move; king and pawn attacks excluded).
/// The position is restored (it is changed temporarily to test for 细则 7 mates).
///
/// ```
/// use chuhan::board::Position;
/// use chuhan::rules::chased_pieces;
/// use chuhan::types::{Color, Square};
///
/// // Red's rook on h6 attacks the unprotected black cannon on c6.
/// let mut pos = Position::from_fen("4k4/9/9/2c4R1/9/9/9/9/9/3K5 b - - 0 1").unwrap();
/// assert!(chased_pieces(&mut pos, Color::Red).contains(Square::C6));
/// ```
pub fn chased_pieces(pos: &mut Position, by: Color) -> Bitboard {
    chased_set(pos, by, Bitboard::EMPTY)
}

// ----- the judge -----------------------------------------------------------------------------

/// Cycles up to this many plies are replayed without allocating.
const STACK_CYCLE: usize = 256;

fn analyse<F: FnMut(MoveEffect)>(
    pos: &mut Position,
    plies: usize,
    detailed: bool,
    mixed_forbidden: bool,
    mut sink: F,
) -> Option<CycleJudgement> {
    let n = pos.history().len();
    if plies < 2 || plies % 2 != 0 || plies > n {
        return None;
    }
    let start = n - plies;
    {
        let h = &pos.history()[start..];
        if h[0].key != pos.key() || h.iter().any(|st| st.mv.is_none() || st.captured.is_some()) {
            return None;
        }
    }
    let first = pos.side_to_move();
    let mover = |i: usize| if i % 2 == 0 { first } else { !first };

    let mut sides = [SideReport::new(); 2];
    {
        let h = pos.history();
        for i in 0..plies {
            let j = start + i;
            let check = if j + 1 < n {
                h[j + 1].checkers.any()
            } else {
                pos.in_check()
            };
            let s = &mut sides[mover(i).index()];
            s.moves += 1;
            s.checks += u32::from(check);
        }
    }
    let perpetual_check = sides.map(|s| s.moves > 0 && s.checks == s.moves);
    for c in Color::ALL {
        if perpetual_check[c.index()] {
            sides[c.index()].conduct = Conduct::PerpetualCheck;
        }
    }
    if !detailed && (perpetual_check[0] || perpetual_check[1]) {
        return Some(CycleJudgement {
            plies,
            verdict: verdict(&sides),
            sides,
            chases_examined: false,
        });
    }

    // Replay the cycle from its start, classifying each move.
    let mut stack = [None::<Move>; STACK_CYCLE];
    let mut heap: Vec<Option<Move>> = Vec::new();
    let moves: &mut [Option<Move>] = if plies <= STACK_CYCLE {
        &mut stack[..plies]
    } else {
        heap.resize(plies, None);
        &mut heap[..]
    };
    for (slot, st) in moves.iter_mut().zip(&pos.history()[start..]) {
        *slot = st.mv;
    }
    for _ in 0..plies {
        pos.unmake_move();
    }

    // `open[c]`: every move of c so far checked or chased. `track[c]`: the opponent pieces c
    // chased on all its chasing moves so far (None before its first chase), followed as they move.
    let mut open = [!perpetual_check[0], !perpetual_check[1]];
    let mut track: [Option<Bitboard>; 2] = [None, None];
    for (i, m) in moves.iter().enumerate() {
        let Some(mv) = *m else {
            continue; // validated above: never happens
        };
        let side = mover(i);
        let si = side.index();
        let examine = detailed || open[si];
        let before = if examine {
            let ignore = pos.checkers();
            chased_set(pos, side, ignore)
        } else {
            Bitboard::EMPTY
        };
        pos.make_move(mv);
        let check = pos.in_check();
        if check && !mixed_forbidden {
            open[si] = false; // a check in a side's cycle that is not all checks: allowed
        }
        let mut chased = Bitboard::EMPTY;
        if examine && !check {
            chased = chased_set(pos, side, Bitboard::EMPTY) - before;
            if chased.any() {
                sides[si].chases += 1;
                track[si] = Some(track[si].map_or(chased, |t| t & chased));
            } else {
                open[si] = false;
            }
        }
        // The mover's piece may be one the other side is chasing: follow it.
        let oi = (!side).index();
        if let Some(t) = track[oi] {
            if t.contains(mv.from()) {
                track[oi] = Some(t.without(mv.from()).with(mv.to()));
            }
        }
        sink(MoveEffect {
            ply: i,
            mv,
            side,
            check,
            chased,
        });
    }

    for c in Color::ALL {
        let ci = c.index();
        if perpetual_check[ci] {
            continue;
        }
        if let (true, Some(t)) = (open[ci], track[ci]) {
            if t.any() {
                sides[ci].conduct = Conduct::PerpetualChase;
                sides[ci].chased = t;
            }
        }
    }
    Some(CycleJudgement {
        plies,
        verdict: verdict(&sides),
        sides,
        chases_examined: true,
    })
}

/// 总则: a unilateral perpetual check loses; then a unilateral perpetual chase; otherwise draw.
fn verdict(sides: &[SideReport; 2]) -> RepetitionVerdict {
    let is = |c: Color, k: Conduct| sides[c.index()].conduct == k;
    for kind in [Conduct::PerpetualCheck, Conduct::PerpetualChase] {
        match (is(Color::Red, kind), is(Color::Black, kind)) {
            (true, false) => return RepetitionVerdict::Loss(Color::Red),
            (false, true) => return RepetitionVerdict::Loss(Color::Black),
            (true, true) => return RepetitionVerdict::Draw,
            (false, false) => {}
        }
    }
    RepetitionVerdict::Draw
}

// ----- chase detection -----------------------------------------------------------------------

/// Value classes for "worth more than" (总纲 1(5)): rook > horse = cannon > advisor = elephant =
/// crossed pawn.
const fn value(kind: PieceKind) -> u8 {
    match kind {
        PieceKind::Rook => 4,
        PieceKind::Horse | PieceKind::Cannon => 2,
        PieceKind::Advisor | PieceKind::Elephant | PieceKind::Pawn => 1,
        PieceKind::King => 0,
    }
}

/// Ranks 5–9 (Black's half).
const BLACK_HALF: Bitboard = Bitboard::from_bits(!((1u128 << 45) - 1));
/// Ranks 0–4 (Red's half).
const RED_HALF: Bitboard = Bitboard::from_bits((1u128 << 45) - 1);

/// Where `color`'s pawns have crossed the river.
const fn enemy_half(color: Color) -> Bitboard {
    match color {
        Color::Red => BLACK_HALF,
        Color::Black => RED_HALF,
    }
}

/// Kinds that can chase (the king's and pawns' attacks are idle).
const CHASERS: [PieceKind; 5] = [
    PieceKind::Rook,
    PieceKind::Cannon,
    PieceKind::Horse,
    PieceKind::Advisor,
    PieceKind::Elephant,
];

/// Points a piece of `kind` on `from` could capture on (for the chasing kinds).
fn capture_reach(kind: PieceKind, from: Square, occ: &attacks::Occupancy) -> Bitboard {
    match kind {
        PieceKind::Rook => attacks::rook_attacks(from, occ),
        PieceKind::Cannon => attacks::cannon_attacks(from, occ),
        PieceKind::Horse => attacks::horse_attacks(from, occ.bb),
        PieceKind::Advisor => attacks::advisor_attacks(from),
        PieceKind::Elephant => attacks::elephant_attacks(from, occ.bb),
        PieceKind::King | PieceKind::Pawn => Bitboard::EMPTY,
    }
}

/// The opponent pieces `by` chases. Pieces in `ignore` are disregarded when testing whether a
/// capture would expose `by`'s king (used for the position before a move made out of check).
fn chased_set(pos: &mut Position, by: Color, ignore: Bitboard) -> Bitboard {
    let them = !by;
    let pawns = pos.pieces(them, PieceKind::Pawn);
    let targets = (pos.color_bb(them) - pos.pieces(them, PieceKind::King) - pawns)
        | (pawns & enemy_half(them));
    if targets.is_empty() {
        return Bitboard::EMPTY;
    }
    let occ = *pos.occupancy();
    let mut result = Bitboard::EMPTY;
    for kind in CHASERS {
        for from in pos.pieces(by, kind) {
            for to in capture_reach(kind, from, &occ) & (targets - result) {
                if !capture_legal(pos, by, from, to, ignore) {
                    continue;
                }
                let Some(target) = pos.piece_on(to) else {
                    continue;
                };
                let tk = target.kind();
                let exchange = tk == kind && can_capture_back(pos, them, kind, to, from);
                let threat =
                    value(tk) > value(kind) || !(exchange || defended(pos, them, from, to));
                if !threat {
                    continue;
                }
                // 细则 7: a capture that gets the capturer mated at once is idle.
                if capture_legal(pos, by, from, to, Bitboard::EMPTY)
                    && capture_gets_mated(pos, by, from, to)
                {
                    continue;
                }
                result |= to;
            }
        }
    }
    result
}

/// Whether `by`'s (non-king) piece on `from` may legally capture on `to`: its king is not
/// attacked afterwards by opponent pieces other than those in `ignore`.
fn capture_legal(pos: &Position, by: Color, from: Square, to: Square, ignore: Bitboard) -> bool {
    let occ = pos.occupancy().after_move(from, to);
    pos.attackers_with(
        pos.king_square(by),
        !by,
        &occ,
        Bitboard::from_square(to) | ignore,
    )
    .is_empty()
}

/// Whether `def` could legally recapture on `to` after the opponent's piece on `from` took the
/// piece there.
fn defended(pos: &Position, def: Color, from: Square, to: Square) -> bool {
    let by = !def;
    let occ1 = pos.occupancy().after_move(from, to);
    let p = |k: PieceKind| pos.pieces(def, k);
    let (rook_reach, cannon_caps) = attacks::rook_and_cannon_attacks(to, &occ1);
    let defenders = ((rook_reach & p(PieceKind::Rook))
        | (cannon_caps & p(PieceKind::Cannon))
        | (attacks::horse_attackers(to, occ1.bb) & p(PieceKind::Horse))
        | (attacks::pawn_attackers(def, to) & p(PieceKind::Pawn))
        | (attacks::advisor_attacks(to) & p(PieceKind::Advisor))
        | (attacks::elephant_attacks(to, occ1.bb) & p(PieceKind::Elephant))
        | (attacks::king_attacks(to) & p(PieceKind::King)))
    .without(to);
    let king = pos.king_square(def);
    let gone = Bitboard::from_square(from) | to;
    defenders.into_iter().any(|d| {
        let ksq = if d == king { to } else { king };
        let occ2 = occ1.after_move(d, to);
        pos.attackers_with(ksq, by, &occ2, gone).is_empty()
    })
}

/// Whether `them`'s piece on `at` (of the same `kind` as the attacker on `attacker`) could
/// legally capture the attacker: the attack is mutual, an offer to exchange (兑).
fn can_capture_back(
    pos: &Position,
    them: Color,
    kind: PieceKind,
    at: Square,
    attacker: Square,
) -> bool {
    let occ = *pos.occupancy();
    if !capture_reach(kind, at, &occ).contains(attacker) {
        return false;
    }
    let occ3 = occ.after_move(at, attacker);
    pos.attackers_with(
        pos.king_square(them),
        !them,
        &occ3,
        Bitboard::from_square(attacker),
    )
    .is_empty()
}

/// Whether, after `by` captures `from`→`to` (a legal capture), the opponent has a checking reply
/// that leaves `by` without a legal move. Plays the capture (after a null move when `by` is not
/// to move) and takes everything back.
fn capture_gets_mated(pos: &mut Position, by: Color, from: Square, to: Square) -> bool {
    let null = pos.side_to_move() != by;
    if null {
        if pos.in_check() {
            return false;
        }
        pos.make_null_move();
    }
    pos.make_move(Move::new(from, to));
    let mut mated = false;
    for &reply in movegen::legal_moves(pos).iter() {
        if pos.gives_check(reply) {
            pos.make_move(reply);
            mated = !movegen::has_legal_move(pos);
            pos.unmake_move();
            if mated {
                break;
            }
        }
    }
    pos.unmake_move();
    if null {
        pos.unmake_null_move();
    }
    mated
}

#[cfg(test)]
mod tests {
    use super::*;

    fn side(conduct: Conduct) -> SideReport {
        SideReport {
            conduct,
            ..SideReport::new()
        }
    }

    #[test]
    fn verdict_values() {
        assert_eq!(RepetitionVerdict::Draw.value_for(Color::Red), 0);
        assert_eq!(
            RepetitionVerdict::Loss(Color::Red).value_for(Color::Red),
            -1
        );
        assert_eq!(
            RepetitionVerdict::Loss(Color::Red).value_for(Color::Black),
            1
        );
    }

    #[test]
    fn verdict_table() {
        use Conduct::*;
        use RepetitionVerdict::*;
        let cases = [
            ((Allowed, Allowed), Draw),
            ((PerpetualCheck, Allowed), Loss(Color::Red)),
            ((Allowed, PerpetualCheck), Loss(Color::Black)),
            ((PerpetualCheck, PerpetualCheck), Draw),
            // Checks outweigh chases: the unilateral perpetual checker loses.
            ((PerpetualCheck, PerpetualChase), Loss(Color::Red)),
            ((PerpetualChase, PerpetualCheck), Loss(Color::Black)),
            ((PerpetualChase, Allowed), Loss(Color::Red)),
            ((Allowed, PerpetualChase), Loss(Color::Black)),
            // Both forbidden (neither a unilateral perpetual check): draw.
            ((PerpetualChase, PerpetualChase), Draw),
        ];
        for ((red, black), expected) in cases {
            assert_eq!(
                verdict(&[side(red), side(black)]),
                expected,
                "{red:?} {black:?}"
            );
        }
    }
}
