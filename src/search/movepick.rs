//! Move ordering: static exchange evaluation, history tables and the staged move picker.
//!
//! The picker hands out the hash move first, then winning and equal captures (MVV-LVA, SEE at
//! least 0), killers and the countermove, quiet moves by history, and last the losing captures.
//! Moves live in fixed arrays: nothing is allocated per node.

use crate::attacks;
use crate::board::{LegalityInfo, Position};
use crate::movegen::{self, GenType, MoveList, MAX_MOVES};
use crate::types::{Bitboard, Color, Move, Piece, PieceKind, Square};

/// Piece values for exchanges and MVV-LVA (King, Advisor, Elephant, Horse, Rook, Cannon, Pawn).
pub const SEE_VALUE: [i32; 7] = [10_000, 200, 200, 400, 900, 450, 100];

/// Exchange value of `piece` standing on `sq` (a crossed pawn is worth two).
#[inline]
pub fn see_value(piece: Piece, sq: Square) -> i32 {
    if piece.kind() == PieceKind::Pawn && !sq.on_own_half(piece.color()) {
        200
    } else {
        SEE_VALUE[piece.kind().index()]
    }
}

/// Pieces of `by` that can capture on `sq` under `occ` (advisors, elephants and an adjacent king
/// included; the facing-king "attack" excluded), minus `removed`.
#[inline]
fn see_attackers(
    pos: &Position,
    sq: Square,
    by: Color,
    occ: &attacks::Occupancy,
    removed: Bitboard,
) -> Bitboard {
    let king = pos.pieces(by, PieceKind::King);
    let mut a = pos.attackers_with(sq, by, occ, removed) - king;
    a |= attacks::advisor_attacks(sq) & pos.pieces(by, PieceKind::Advisor);
    a |= attacks::elephant_attacks(sq, occ.bb) & pos.pieces(by, PieceKind::Elephant);
    a |= attacks::king_attacks(sq) & king;
    a - removed
}

/// Static exchange evaluation of `mv`: the material balance of the best sequence of captures on
/// its destination, from the mover's point of view. Pins are ignored.
pub fn see(pos: &Position, mv: Move) -> i32 {
    let (from, to) = (mv.from(), mv.to());
    let Some(mover) = pos.piece_on(from) else {
        return 0;
    };
    let mut swap = [0i32; 40];
    swap[0] = pos.piece_on(to).map_or(0, |p| see_value(p, to));
    let mut on_square = see_value(mover, to);
    let mut occ = pos.occupancy().after_move(from, to);
    let mut removed = Bitboard::from_square(from);
    let mut side = !mover.color();
    let mut n = 1;
    while n < swap.len() {
        let att = see_attackers(pos, to, side, &occ, removed);
        if att.is_empty() {
            break;
        }
        // Least valuable attacker.
        let mut best: Option<(Square, i32, PieceKind)> = None;
        for kind in [
            PieceKind::Pawn,
            PieceKind::Advisor,
            PieceKind::Elephant,
            PieceKind::Horse,
            PieceKind::Cannon,
            PieceKind::Rook,
            PieceKind::King,
        ] {
            if let Some(s) = (att & pos.pieces(side, kind)).first() {
                best = Some((s, see_value(Piece::new(side, kind), to), kind));
                break;
            }
        }
        let Some((s, v, kind)) = best else {
            break;
        };
        if kind == PieceKind::King && see_attackers(pos, to, !side, &occ, removed | s).any() {
            break;
        }
        swap[n] = on_square - swap[n - 1];
        on_square = v;
        occ.toggle(s);
        removed |= s;
        side = !side;
        n += 1;
    }
    while n > 1 {
        n -= 1;
        swap[n - 1] = swap[n - 1].min(-swap[n]);
    }
    swap[0]
}

/// Whether [`see`]`(pos, mv) < threshold`, skipping the exchange when bounds settle it: the
/// exchange never gains more than the piece taken (the opponent may recapture) and never loses
/// more than the capturer beyond it (the mover may stop after the recapture).
#[inline]
pub fn see_below(pos: &Position, mv: Move, threshold: i32) -> bool {
    let (from, to) = (mv.from(), mv.to());
    let Some(mover) = pos.piece_on(from) else {
        return 0 < threshold;
    };
    let victim = pos.piece_on(to).map_or(0, |p| see_value(p, to));
    if victim < threshold {
        return true;
    }
    if victim - see_value(mover, to) >= threshold {
        return false;
    }
    see(pos, mv) < threshold
}

/// Butterfly history, indexed by colour, from and to.
pub type ButterflyHistory = [[[i16; 90]; 90]; 2];
/// Countermoves, indexed by the previous move's piece and destination.
pub type CounterMoves = [[Option<Move>; 90]; 14];

/// Entries of one continuation-history slice: indexed by the moving piece and destination.
pub const CONT_SLICE: usize = 14 * 90;

/// Continuation history: how well a quiet move (piece, destination) did after an earlier move
/// (piece, destination) one or two plies before. One flat table of `CONT_SLICE²` entries.
pub struct ContinuationHistory {
    table: Box<[i16]>,
}

impl ContinuationHistory {
    /// An empty table.
    pub fn new() -> ContinuationHistory {
        ContinuationHistory {
            table: vec![0i16; CONT_SLICE * CONT_SLICE].into_boxed_slice(),
        }
    }

    /// The start of the slice that follows `piece` arriving on `to`.
    #[inline]
    pub fn slice_of(piece: Piece, to: Square) -> usize {
        (piece.index() * 90 + to.index()) * CONT_SLICE
    }

    /// The value of `piece` to `to` in the slice starting at `slice`.
    #[inline]
    pub fn get(&self, slice: usize, piece: Piece, to: Square) -> i32 {
        self.table[slice + piece.index() * 90 + to.index()] as i32
    }

    /// The entry of `piece` to `to` in the slice starting at `slice`.
    #[inline]
    pub fn entry(&mut self, slice: usize, piece: Piece, to: Square) -> &mut i16 {
        &mut self.table[slice + piece.index() * 90 + to.index()]
    }

    /// Halves every value.
    pub fn age(&mut self) {
        for v in self.table.iter_mut() {
            *v /= 2;
        }
    }
}

impl Default for ContinuationHistory {
    fn default() -> ContinuationHistory {
        ContinuationHistory::new()
    }
}

/// Everything the picker needs to order quiet moves: butterfly history and up to two
/// continuation-history slices (the previous move's and the one before it).
pub struct QuietStats<'a> {
    /// Butterfly history.
    pub history: &'a ButterflyHistory,
    /// Continuation history.
    pub cont: &'a ContinuationHistory,
    /// Slices of the moves one and two plies back (`None` after a null move or at the root).
    pub slices: [Option<usize>; 2],
}

impl QuietStats<'_> {
    /// The ordering score of quiet move `m` by `side`.
    #[inline]
    pub fn score(&self, pos: &Position, side: usize, m: Move) -> i32 {
        let mut v = self.history[side][m.from().index()][m.to().index()] as i32;
        if let Some(piece) = pos.piece_on(m.from()) {
            for s in self.slices.into_iter().flatten() {
                v += self.cont.get(s, piece, m.to());
            }
        }
        v
    }
}

/// Largest history magnitude.
pub const HISTORY_MAX: i32 = 16_384;

/// Ages a history value toward `bonus` (positive or negative) with gravity.
#[inline]
pub fn update_history(h: &mut i16, bonus: i32) {
    let b = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    let v = *h as i32;
    let nv = v + b - v * b.abs() / HISTORY_MAX;
    *h = nv.clamp(-HISTORY_MAX, HISTORY_MAX) as i16;
}

#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Stage {
    TtMove,
    GenCaptures,
    GoodCaptures,
    Killer1,
    Killer2,
    Counter,
    GenQuiets,
    Quiets,
    BadCaptures,
    EvasionTt,
    GenEvasions,
    Evasions,
    Done,
}

/// The staged move picker.
pub struct MovePicker {
    stage: Stage,
    tt_move: Option<Move>,
    killers: [Option<Move>; 2],
    counter: Option<Move>,
    list: MoveList,
    scores: [i32; MAX_MOVES],
    idx: usize,
    bad: MoveList,
    bad_idx: usize,
    /// Whether quiet moves are produced (false in quiescence).
    quiets: bool,
    /// Whether losing captures are dropped (quiescence).
    drop_bad: bool,
    /// Whether the move last handed out came from the winning-and-equal captures (SEE ≥ 0).
    last_good_capture: bool,
    /// Pin information, computed at the first generation and reused by the second.
    info: Option<LegalityInfo>,
}

#[inline]
fn valid_tt(pos: &Position, mv: Option<Move>) -> Option<Move> {
    mv.filter(|&m| pos.is_pseudo_legal(m) && pos.king_safe_after(m.from(), m.to()))
}

#[inline]
fn valid_quiet(pos: &Position, mv: Option<Move>, tt: Option<Move>) -> Option<Move> {
    mv.filter(|&m| {
        Some(m) != tt
            && pos.is_pseudo_legal(m)
            && !pos.is_capture(m)
            && pos.king_safe_after(m.from(), m.to())
    })
}

impl MovePicker {
    /// A picker for a full-width node.
    pub fn new(
        pos: &Position,
        tt_move: Option<Move>,
        killers: [Option<Move>; 2],
        counter: Option<Move>,
    ) -> MovePicker {
        let in_check = pos.in_check();
        MovePicker {
            stage: if in_check {
                Stage::EvasionTt
            } else {
                Stage::TtMove
            },
            tt_move: valid_tt(pos, tt_move),
            killers,
            counter,
            list: MoveList::new(),
            scores: [0; MAX_MOVES],
            idx: 0,
            bad: MoveList::new(),
            bad_idx: 0,
            quiets: true,
            drop_bad: false,
            last_good_capture: false,
            info: None,
        }
    }

    /// A picker for quiescence: captures only (all evasions when in check).
    pub fn qsearch(pos: &Position, tt_move: Option<Move>) -> MovePicker {
        let in_check = pos.in_check();
        let tt = valid_tt(pos, tt_move).filter(|&m| in_check || pos.is_capture(m));
        let mut mp = MovePicker::new(pos, tt, [None; 2], None);
        mp.quiets = false;
        mp.drop_bad = true;
        mp
    }

    /// Stops producing quiet moves (after late-move pruning decided so).
    pub fn skip_quiets(&mut self) {
        self.quiets = false;
    }

    #[inline]
    fn pick_best(&mut self) -> Option<(Move, i32)> {
        if self.idx >= self.list.len() {
            return None;
        }
        let mut best = self.idx;
        for i in self.idx + 1..self.list.len() {
            if self.scores[i] > self.scores[best] {
                best = i;
            }
        }
        self.list.swap(self.idx, best);
        self.scores.swap(self.idx, best);
        let r = (self.list[self.idx], self.scores[self.idx]);
        self.idx += 1;
        Some(r)
    }

    #[inline]
    fn mvv_lva(pos: &Position, m: Move) -> i32 {
        let victim = pos.piece_on(m.to()).map_or(0, |p| see_value(p, m.to()));
        let attacker = pos
            .piece_on(m.from())
            .map_or(0, |p| SEE_VALUE[p.kind().index()]);
        victim * 16 - attacker.min(2000) / 10
    }

    /// Appends the legal moves of kind `gen` (not in check) to the list.
    #[inline]
    fn generate(&mut self, pos: &Position, gen: GenType) {
        let info = *self.info.get_or_insert_with(|| pos.legality_info());
        movegen::generate_with_info(pos, gen, &mut self.list, &info);
    }

    /// Whether the move last returned by [`MovePicker::next`] is a capture whose static exchange
    /// evaluation is known to be at least 0 (so the caller need not compute it again).
    #[inline]
    pub fn last_was_good_capture(&self) -> bool {
        self.last_good_capture
    }

    /// The next move, or `None` when every move has been produced.
    pub fn next(&mut self, pos: &Position, stats: &QuietStats) -> Option<Move> {
        self.last_good_capture = false;
        loop {
            match self.stage {
                Stage::TtMove => {
                    self.stage = Stage::GenCaptures;
                    if self.tt_move.is_some() {
                        return self.tt_move;
                    }
                }
                Stage::GenCaptures => {
                    self.list.clear();
                    self.generate(pos, GenType::Captures);
                    for i in 0..self.list.len() {
                        self.scores[i] = Self::mvv_lva(pos, self.list[i]);
                    }
                    self.idx = 0;
                    self.stage = Stage::GoodCaptures;
                }
                Stage::GoodCaptures => match self.pick_best() {
                    Some((m, _)) => {
                        if Some(m) == self.tt_move {
                            continue;
                        }
                        if see_below(pos, m, 0) {
                            self.bad.push(m);
                            continue;
                        }
                        self.last_good_capture = true;
                        return Some(m);
                    }
                    None => {
                        self.stage = if self.quiets {
                            Stage::Killer1
                        } else {
                            Stage::BadCaptures
                        };
                    }
                },
                Stage::Killer1 => {
                    self.stage = Stage::Killer2;
                    self.killers[0] = valid_quiet(pos, self.killers[0], self.tt_move);
                    if self.killers[0].is_some() {
                        return self.killers[0];
                    }
                }
                Stage::Killer2 => {
                    self.stage = Stage::Counter;
                    self.killers[1] = valid_quiet(pos, self.killers[1], self.tt_move)
                        .filter(|&m| Some(m) != self.killers[0]);
                    if self.killers[1].is_some() {
                        return self.killers[1];
                    }
                }
                Stage::Counter => {
                    self.stage = Stage::GenQuiets;
                    self.counter = valid_quiet(pos, self.counter, self.tt_move)
                        .filter(|&m| Some(m) != self.killers[0] && Some(m) != self.killers[1]);
                    if self.counter.is_some() {
                        return self.counter;
                    }
                }
                Stage::GenQuiets => {
                    if !self.quiets {
                        self.stage = Stage::BadCaptures;
                        continue;
                    }
                    self.list.clear();
                    self.generate(pos, GenType::Quiets);
                    let c = pos.side_to_move().index();
                    for i in 0..self.list.len() {
                        self.scores[i] = stats.score(pos, c, self.list[i]);
                    }
                    self.idx = 0;
                    self.stage = Stage::Quiets;
                }
                Stage::Quiets => {
                    if !self.quiets {
                        self.stage = Stage::BadCaptures;
                        continue;
                    }
                    match self.pick_best() {
                        Some((m, _)) => {
                            if Some(m) == self.tt_move
                                || Some(m) == self.killers[0]
                                || Some(m) == self.killers[1]
                                || Some(m) == self.counter
                            {
                                continue;
                            }
                            return Some(m);
                        }
                        None => self.stage = Stage::BadCaptures,
                    }
                }
                Stage::BadCaptures => {
                    if self.drop_bad {
                        self.stage = Stage::Done;
                        continue;
                    }
                    if self.bad_idx < self.bad.len() {
                        let m = self.bad[self.bad_idx];
                        self.bad_idx += 1;
                        return Some(m);
                    }
                    self.stage = Stage::Done;
                }
                Stage::EvasionTt => {
                    self.stage = Stage::GenEvasions;
                    if self.tt_move.is_some() {
                        return self.tt_move;
                    }
                }
                Stage::GenEvasions => {
                    self.list.clear();
                    movegen::generate(pos, GenType::All, &mut self.list);
                    let c = pos.side_to_move().index();
                    for i in 0..self.list.len() {
                        let m = self.list[i];
                        self.scores[i] = if pos.is_capture(m) {
                            1_000_000 + Self::mvv_lva(pos, m)
                        } else {
                            stats.score(pos, c, m)
                        };
                    }
                    self.idx = 0;
                    self.stage = Stage::Evasions;
                }
                Stage::Evasions => match self.pick_best() {
                    Some((m, _)) => {
                        if Some(m) == self.tt_move {
                            continue;
                        }
                        return Some(m);
                    }
                    None => self.stage = Stage::Done,
                },
                Stage::Done => return None,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        match Position::from_fen(fen) {
            Ok(p) => p,
            Err(e) => panic!("bad FEN {fen}: {e}"),
        }
    }

    fn mv(s: &str) -> Move {
        let b = s.as_bytes();
        let sq = |f: u8, r: u8| {
            Square::from_file_rank((f - b'a') as i32, (r - b'0') as i32)
                .unwrap_or_else(|| panic!("bad square in {s}"))
        };
        Move::new(sq(b[0], b[1]), sq(b[2], b[3]))
    }

    #[test]
    fn see_values_simple_exchanges() {
        // Red rook takes an unprotected black horse.
        let p = pos("3k5/9/9/9/4n4/9/9/9/4R4/4K4 w - - 0 1");
        assert_eq!(see(&p, mv("e1e5")), 400);
        // The horse is protected by a pawn: rook for horse loses 500.
        let p = pos("3k5/9/9/4p4/4n4/9/9/9/4R4/4K4 w - - 0 1");
        assert_eq!(see(&p, mv("e1e5")), 400 - 900);
    }

    #[test]
    fn see_below_agrees_with_see() {
        let mut checked = 0;
        for fen in crate::search::BENCH_FENS {
            let p = pos(fen);
            for &m in movegen::legal_moves(&p).iter() {
                let v = see(&p, m);
                for threshold in [-1000, -450, -200, -100, -25, 0, 1, 100, 200, 400, 900] {
                    assert_eq!(see_below(&p, m, threshold), v < threshold, "{fen} {m}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 10_000);
    }

    #[test]
    fn picker_produces_every_legal_move_once() {
        let hist: Box<ButterflyHistory> = Box::new([[[0; 90]; 90]; 2]);
        let cont = ContinuationHistory::new();
        let stats = QuietStats {
            history: &hist,
            cont: &cont,
            slices: [None, None],
        };
        for fen in crate::search::BENCH_FENS {
            let p = pos(fen);
            let legal = movegen::legal_moves(&p);
            let tt = legal.last().copied();
            let mut mp = MovePicker::new(&p, tt, [legal.first().copied(), None], None);
            let mut seen = Vec::new();
            while let Some(m) = mp.next(&p, &stats) {
                assert!(legal.contains(&m), "{fen}: {m} not legal");
                assert!(!seen.contains(&m), "{fen}: {m} twice");
                seen.push(m);
            }
            assert_eq!(seen.len(), legal.len(), "{fen}");
        }
    }
}
