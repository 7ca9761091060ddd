//! One search thread: iterative deepening, aspiration windows, PVS, quiescence and pruning.
//!
//! State is split as Stockfish and Reckless do: [`Shared`] holds what every thread sees (hash
//! table, stop flags, node counters), [`Worker`] what one thread owns (position, ply stack,
//! principal variation table). Persistent move-ordering and correction tables ([`Heuristics`])
//! live in the `Searcher` between searches.

use super::correction::{CorrectionHistory, CorrectionKeys};
use super::movepick::{
    see_below, see_value, update_history, ButterflyHistory, ContinuationHistory, CounterMoves,
    MovePicker, QuietStats,
};
use super::params::param;
use super::time::TimeManager;
use super::tt::{score_from_tt, score_to_tt, TranspositionTable, TtEntry};
use super::{Bound, IterationInfo, Limits, Reporter, Score, SearchControl, MATE, MATE_BOUND};
use crate::board::Position;
use crate::eval;
use crate::movegen;
use crate::rules;
use crate::types::{Move, Piece, PieceKind};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Deepest ply the search reaches.
pub const MAX_PLY: usize = 128;
/// Larger than any score.
pub const INF: Score = MATE + 1;
/// Score of a repetition won because the opponent checked on every move of the cycle.
const PERPETUAL_WIN: Score = 20_000;

/// Positions scored beyond this (15 pawns) are decided: the correction history does not
/// learn from them.
const CORRECTION_DECIDED: Score = 1500;

/// Whether a score is a perpetual-check/chase verdict (±20000 adjusted by ply).
#[inline]
pub fn is_rule_score(score: Score) -> bool {
    let a = score.abs();
    a > PERPETUAL_WIN - 2 * MAX_PLY as Score && a <= PERPETUAL_WIN
}

/// Move-ordering and evaluation-correction tables that persist between searches (one set per
/// thread).
pub struct Heuristics {
    /// Butterfly history.
    pub history: ButterflyHistory,
    /// Countermoves.
    pub counter: CounterMoves,
    /// Continuation history (one and two plies back).
    pub cont: ContinuationHistory,
    /// The static evaluation's error as the search found it.
    pub correction: Box<CorrectionHistory>,
}

impl Heuristics {
    /// Empty tables, boxed (they are large).
    pub fn new_boxed() -> Box<Heuristics> {
        Box::new(Heuristics {
            history: [[[0; 90]; 90]; 2],
            counter: [[None; 90]; 14],
            cont: ContinuationHistory::new(),
            correction: CorrectionHistory::new_boxed(),
        })
    }

    /// Halves every history value (between searches).
    pub fn age(&mut self) {
        self.cont.age();
        self.correction.age();
        for side in self.history.iter_mut() {
            for row in side.iter_mut() {
                for v in row.iter_mut() {
                    *v /= 2;
                }
            }
        }
    }
}

/// What all threads share.
pub struct Shared<'a> {
    /// The hash table.
    pub tt: &'a TranspositionTable,
    /// The protocol's flags.
    pub control: &'a SearchControl,
    /// Internal stop for every thread (set by the main thread).
    pub abort: AtomicBool,
    /// Nodes per thread, published every 1024 nodes.
    pub nodes: Vec<AtomicU64>,
    /// Search start.
    pub start: Instant,
    /// Natural move limit in moves without capture (0 = none), see [`crate::rules`].
    pub move_limit: u32,
    /// Whether a side alternating checks and chases (一将一捉) loses a repetition (the 棋例, the
    /// default) or not (pyffish), see [`rules::RepetitionRule`].
    pub mixed_check_chase_loses: bool,
}

impl Shared<'_> {
    /// Nodes of all threads as last published.
    pub fn total_nodes(&self) -> u64 {
        self.nodes.iter().map(|n| n.load(Ordering::Relaxed)).sum()
    }
}

/// A root move with its scores and principal variation.
#[derive(Clone, Debug)]
pub struct RootMove {
    /// The move.
    pub mv: Move,
    /// Score of this iteration (`-INF` when it was not better than alpha).
    pub score: Score,
    /// Score of the previous iteration.
    pub prev_score: Score,
    /// Bound of `score`.
    pub bound: Bound,
    /// Principal variation starting with `mv`.
    pub pv: Vec<Move>,
    /// Deepest ply seen below this move.
    pub seldepth: usize,
    /// Nodes this thread searched below this move, over all iterations.
    pub nodes: u64,
}

impl RootMove {
    /// A root move never searched.
    pub fn new(mv: Move) -> RootMove {
        RootMove {
            mv,
            score: -INF,
            prev_score: -INF,
            bound: Bound::Upper,
            pv: vec![mv],
            seldepth: 0,
            nodes: 0,
        }
    }
}

#[derive(Copy, Clone, Default)]
struct StackEntry {
    eval: Score,
    mv: Option<Move>,
    piece: Option<Piece>,
    killers: [Option<Move>; 2],
    psq: eval::Psq,
    /// The hash move a singular-extension search leaves out at this node.
    excluded: Option<Move>,
}

/// The singular-extension verdict on a hash move.
enum Singular {
    /// No other move comes near it: search it a ply deeper.
    Extend,
    /// Another move beats beta too: the node fails high with this score.
    MultiCut(Score),
    /// It is not singular and its score was a lower bound at or above beta: a ply less.
    Reduce,
    /// Search it as usual.
    Plain,
}

/// What the move-loop pruning needs to know about its node.
struct PruneNode {
    depth: i32,
    eval: Score,
    alpha: Score,
    improving: bool,
    move_count: usize,
}

/// The move-loop pruning verdict for one move.
enum Prune {
    /// Search the move.
    Keep,
    /// Skip this move.
    Move,
    /// Skip this move and every remaining quiet move.
    RemainingQuiets,
}

/// How much the soft time limit is scaled when `share` of the search's nodes went to the best
/// move: `1 + weight × (pivot − share)`, kept within 0.5–2.
#[inline]
fn effort_factor(share: f64, weight: f64, pivot: f64) -> f64 {
    (1.0 + weight * (pivot - share)).clamp(0.5, 2.0)
}

/// How much the soft time limit is scaled at game ply `ply`: `1 + bonus` at the start of the
/// game, falling linearly to 1 at ply `plies` and staying there.
#[inline]
fn opening_factor(ply: usize, bonus: f64, plies: usize) -> f64 {
    let left = plies.saturating_sub(ply) as f64;
    1.0 + bonus * left / plies.max(1) as f64
}

/// Reverse futility pruning (static null move): at shallow depth, a static evaluation far
/// above beta is trusted to fail high.
#[inline]
fn reverse_futility_prunes(eval: Score, beta: Score, depth: i32, improving: bool) -> bool {
    depth <= param!(RFP_MAX_DEPTH)
        && eval.abs() < MATE_BOUND
        && beta.abs() < MATE_BOUND
        && eval - (param!(RFP_MARGIN) * depth - if improving { param!(RFP_IMPROVING) } else { 0 })
            >= beta
}

/// The history bonus (and malus) of a quiet move that decided a node searched to `depth`.
#[inline]
fn history_bonus(depth: i32) -> i32 {
    (param!(HISTORY_BONUS_PER_DEPTH2) * depth * depth).min(param!(HISTORY_BONUS_MAX))
}

/// The static evaluation `eval`, or the hash score where it bounds `eval` from the side that
/// makes it the better guess (a lower bound above it, an upper bound below it).
#[inline]
fn refine_by_tt(eval: Score, tte: Option<TtEntry>, ply: usize) -> Score {
    match tte {
        Some(t) => {
            let s = score_from_tt(t.score, ply);
            if s.abs() < MATE_BOUND
                && ((t.bound == Bound::Lower && s > eval) || (t.bound == Bound::Upper && s < eval))
            {
                s
            } else {
                eval
            }
        }
        None => eval,
    }
}

/// Main-thread-only settings.
pub struct MainInfo {
    /// Time limits.
    pub time: TimeManager,
    /// Node limit.
    pub node_limit: Option<u64>,
    /// Pondering without ponderhit yet.
    pub pondering: bool,
    /// Infinite search.
    pub infinite: bool,
}

/// One search thread.
pub struct Worker<'a> {
    id: usize,
    shared: &'a Shared<'a>,
    heur: &'a mut Heuristics,
    pos: Position,
    stack: [StackEntry; MAX_PLY + 4],
    pv: Box<[[Option<Move>; MAX_PLY + 1]; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    lmr: Box<[[u8; 64]; 64]>,
    /// Nodes searched by this thread.
    pub nodes: u64,
    seldepth: usize,
    stopped: bool,
    root_depth: i32,
    pv_idx: usize,
    /// Root moves, best first after each iteration.
    pub root_moves: Vec<RootMove>,
    /// Main-thread settings (`None` for helpers).
    main: Option<MainInfo>,
    /// Last completed depth.
    pub completed_depth: u32,
}

impl<'a> Worker<'a> {
    /// A worker searching `pos` over `root_moves`.
    pub fn new(
        id: usize,
        shared: &'a Shared<'a>,
        heur: &'a mut Heuristics,
        pos: Position,
        root_moves: Vec<RootMove>,
        main: Option<MainInfo>,
    ) -> Worker<'a> {
        let mut lmr = Box::new([[0u8; 64]; 64]);
        for (d, row) in lmr.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                let v = param!(LMR_BASE) + (d as f64).ln() * (m as f64).ln() / param!(LMR_DIVISOR);
                *r = v.clamp(0.0, 40.0) as u8;
            }
        }
        Worker {
            id,
            shared,
            heur,
            pos,
            stack: [StackEntry::default(); MAX_PLY + 4],
            pv: Box::new([[None; MAX_PLY + 1]; MAX_PLY + 1]),
            pv_len: [0; MAX_PLY + 1],
            lmr,
            nodes: 0,
            seldepth: 0,
            stopped: false,
            root_depth: 0,
            pv_idx: 0,
            root_moves,
            main,
            completed_depth: 0,
        }
    }

    fn is_main(&self) -> bool {
        self.main.is_some()
    }

    /// Counts a node and, every 1024 nodes, publishes the count and checks the limits.
    #[inline]
    fn count_node(&mut self) {
        self.nodes += 1;
        if let Some(m) = &self.main {
            if m.node_limit.is_some_and(|n| self.nodes >= n) && self.completed_depth >= 1 {
                self.stop_all();
            }
        }
        if self.nodes & 1023 == 0 {
            self.shared.nodes[self.id].store(self.nodes, Ordering::Relaxed);
            self.check_limits();
        }
    }

    fn stop_all(&mut self) {
        self.stopped = true;
        self.shared.abort.store(true, Ordering::Relaxed);
    }

    fn check_limits(&mut self) {
        if self.shared.abort.load(Ordering::Relaxed) || self.shared.control.is_stopped() {
            self.stopped = true;
            return;
        }
        let completed = self.completed_depth;
        let shared = self.shared;
        let Some(m) = &mut self.main else {
            return;
        };
        if completed == 0 {
            // Always finish depth 1 so that a legal move exists.
            return;
        }
        if m.pondering {
            if shared.control.is_ponderhit() {
                m.pondering = false;
                m.time.origin = Instant::now();
            } else {
                return;
            }
        }
        if m.node_limit.is_some_and(|n| shared.total_nodes() >= n) {
            self.stop_all();
            return;
        }
        if m.time.hard_exceeded(Instant::now()) {
            self.stop_all();
        }
    }

    /// Whether the main thread may stop on time now (not pondering, not infinite).
    fn time_applies(&mut self) -> bool {
        let shared = self.shared;
        match &mut self.main {
            Some(m) => {
                if m.pondering && shared.control.is_ponderhit() {
                    m.pondering = false;
                    m.time.origin = Instant::now();
                }
                !m.pondering && !m.infinite
            }
            None => false,
        }
    }

    /// Iterative deepening up to `max_depth`, reporting through `reporter` (main thread).
    pub fn iterate<'r>(
        &mut self,
        max_depth: u32,
        multipv: usize,
        limits: &Limits,
        mut reporter: Option<&mut (dyn Reporter + 'r)>,
    ) {
        let multipv = multipv.clamp(1, self.root_moves.len().max(1));
        let mut best_changes = 0.0f64;
        let mut stable_iterations = 0u32;
        let mut last_best: Option<Move> = None;
        let mut last_score: Score = 0;
        let mut depth = 1i32;
        while depth as u32 <= max_depth && depth < MAX_PLY as i32 - 8 {
            if self.shared.abort.load(Ordering::Relaxed) || self.shared.control.is_stopped() {
                break;
            }
            // Helpers skip some depths to diversify the shared tree.
            if self.id > 0 && depth > 2 && (depth as usize + self.id) % 4 == 0 {
                depth += 1;
            }
            self.root_depth = depth;
            for rm in &mut self.root_moves {
                rm.prev_score = rm.score;
            }
            for pv_idx in 0..multipv {
                self.pv_idx = pv_idx;
                self.seldepth = 0;
                let prev = self.root_moves[pv_idx].prev_score;
                let mut delta: Score = param!(ASPIRATION_DELTA);
                let (mut alpha, mut beta) =
                    if depth >= param!(ASPIRATION_MIN_DEPTH) && prev.abs() < MATE_BOUND {
                        ((prev - delta).max(-INF), (prev + delta).min(INF))
                    } else {
                        (-INF, INF)
                    };
                loop {
                    let score = self.root_search(alpha, beta, depth, reporter.as_deref_mut());
                    self.sort_root(pv_idx);
                    if self.stopped {
                        break;
                    }
                    if score <= alpha {
                        beta = (alpha + beta) / 2;
                        alpha = (score - delta).max(-INF);
                        if let Some(r) = reporter.as_deref_mut() {
                            if self.shared.start.elapsed() > Duration::from_millis(2000) {
                                let info = self.info(depth as u32, pv_idx, Bound::Upper);
                                r.iteration(&info);
                            }
                        }
                    } else if score >= beta {
                        beta = (score + delta).min(INF);
                        if let Some(r) = reporter.as_deref_mut() {
                            if self.shared.start.elapsed() > Duration::from_millis(2000) {
                                let info = self.info(depth as u32, pv_idx, Bound::Lower);
                                r.iteration(&info);
                            }
                        }
                    } else {
                        break;
                    }
                    delta += delta / 2 + 5;
                    if delta > param!(ASPIRATION_MAX_DELTA) {
                        alpha = -INF;
                        beta = INF;
                    }
                }
                // Keep the already chosen lines first.
                self.sort_root(0);
                if self.stopped {
                    break;
                }
            }
            if self.stopped {
                // Stopped inside an iteration: the completed iteration's best move stands unless
                // a move fully searched in this one beat it; then report that line, so that the
                // last line a GUI shows is the move played.
                if let (Some(r), Some(best)) = (reporter.as_deref_mut(), self.root_moves.first()) {
                    if last_best.is_some_and(|m| m != best.mv) && best.score > -INF {
                        r.iteration(&self.info(depth as u32, 0, best.bound));
                    }
                }
                break;
            }
            self.completed_depth = depth as u32;
            if let Some(best) = self.root_moves.first() {
                if best.score > -INF {
                    let eval = if self.pos.in_check() {
                        0
                    } else {
                        eval::evaluate(&self.pos)
                    };
                    self.tt_store(
                        self.pos.key(),
                        Some(best.mv),
                        score_to_tt(best.score, 0),
                        eval,
                        depth,
                        Bound::Exact,
                    );
                }
            }
            if let Some(r) = reporter.as_deref_mut() {
                for i in 0..multipv {
                    let info = self.info(depth as u32, i, Bound::Exact);
                    r.iteration(&info);
                }
            }
            if !self.is_main() {
                depth += 1;
                continue;
            }
            // Mate search limit.
            let best = &self.root_moves[0];
            if let Some(n) = limits.mate {
                if best.score > MATE_BOUND && MATE - best.score <= 2 * n as Score {
                    break;
                }
            }
            // Time: best-move stability and score trend.
            if last_best == Some(best.mv) {
                stable_iterations += 1;
            } else {
                best_changes += 1.0;
                stable_iterations = 0;
            }
            best_changes *= 0.5;
            let score_drop = (last_score - best.score).clamp(0, 200) as f64;
            last_best = Some(best.mv);
            last_score = best.score;
            // The share of the nodes spent on the best move: high when the other moves were
            // refuted quickly (a clear choice), low when they took a fight.
            let effort = best.nodes as f64 / self.nodes.max(1) as f64;
            if self.time_applies() {
                let forced = self.root_moves.len() == 1;
                let stability = match stable_iterations {
                    0 => 1.3,
                    1 => 1.1,
                    2 => 0.95,
                    3 => 0.8,
                    _ => 0.65,
                };
                let effort_factor = effort_factor(
                    effort,
                    param!(TIME_EFFORT_WEIGHT),
                    param!(TIME_EFFORT_PIVOT),
                );
                let opening_factor = opening_factor(
                    self.pos.game_ply() as usize,
                    param!(TIME_OPENING_BONUS),
                    param!(TIME_OPENING_PLIES),
                );
                let factor = param!(TIME_SOFT_SCALE)
                    * opening_factor
                    * stability
                    * (1.0 + best_changes)
                    * (1.0 + score_drop / 400.0)
                    * effort_factor;
                let main = self.main.as_ref();
                let over = main.is_some_and(|m| m.time.soft_exceeded(Instant::now(), factor));
                let has_time = main.is_some_and(|m| m.time.soft.is_some());
                if over || (forced && has_time) {
                    break;
                }
            }
            depth += 1;
        }
        self.shared.nodes[self.id].store(self.nodes, Ordering::Relaxed);
    }

    /// Nodes of every thread, with this thread's exact count.
    pub fn total_nodes(&self) -> u64 {
        let others: u64 = (self.shared.nodes.iter().enumerate())
            .filter(|(i, _)| *i != self.id)
            .map(|(_, n)| n.load(Ordering::Relaxed))
            .sum();
        others + self.nodes
    }

    fn sort_root(&mut self, from: usize) {
        if from < self.root_moves.len() {
            self.root_moves[from..].sort_by_key(|r| std::cmp::Reverse((r.score, r.prev_score)));
        }
    }

    /// The report for MultiPV line `i`.
    pub fn info(&self, depth: u32, i: usize, bound: Bound) -> IterationInfo {
        let rm = &self.root_moves[i.min(self.root_moves.len().saturating_sub(1))];
        let score = if rm.score == -INF {
            rm.prev_score
        } else {
            rm.score
        };
        IterationInfo {
            depth,
            seldepth: rm.seldepth.max(depth as usize) as u32,
            multipv: i as u32 + 1,
            score: score.clamp(-MATE, MATE),
            bound,
            nodes: self.total_nodes(),
            elapsed: self.shared.start.elapsed(),
            hashfull: self.shared.tt.hashfull(),
            pv: rm.pv.clone(),
        }
    }

    fn root_search<'r>(
        &mut self,
        mut alpha: Score,
        beta: Score,
        depth: i32,
        mut reporter: Option<&mut (dyn Reporter + 'r)>,
    ) -> Score {
        let mut best = -INF;
        self.pv_len[0] = 0;
        self.stack[0].psq = eval::psq_of(&self.pos);
        // Scores count only from this attempt: a move keeps `-INF` until it is fully searched
        // here, so that a stop in the middle cannot rank a move by a score left over from an
        // earlier iteration or window (its `prev_score` still orders the unsearched moves).
        for rm in &mut self.root_moves[self.pv_idx..] {
            rm.score = -INF;
        }
        let in_check = self.pos.in_check();
        for i in self.pv_idx..self.root_moves.len() {
            let mv = self.root_moves[i].mv;
            let number = (i + 1 - self.pv_idx) as u32;
            if let Some(r) = reporter.as_deref_mut() {
                if self.shared.start.elapsed() > Duration::from_millis(3000) {
                    r.current_move(mv, number, depth as u32);
                }
            }
            let gives_check = self.pos.gives_check(mv);
            let is_capture = self.pos.is_capture(mv);
            self.stack[0].mv = Some(mv);
            self.stack[0].piece = self.pos.piece_on(mv.from());
            self.stack[1].psq = eval::psq_after(&self.pos, self.stack[0].psq, mv);
            let nodes_before = self.nodes;
            self.pos.make_move_known_check(mv, gives_check);
            self.count_node();
            let new_depth = depth - 1 + gives_check as i32;
            let mut score;
            if i == self.pv_idx {
                score = -self.search::<true>(-beta, -alpha, new_depth, 1, false);
            } else {
                let r = if depth >= param!(ROOT_LMR_MIN_DEPTH)
                    && i >= self.pv_idx + param!(ROOT_LMR_MIN_INDEX)
                    && !is_capture
                    && !gives_check
                    && !in_check
                {
                    1
                } else {
                    0
                };
                score = -self.search::<false>(-alpha - 1, -alpha, new_depth - r, 1, true);
                if score > alpha && r > 0 {
                    score = -self.search::<false>(-alpha - 1, -alpha, new_depth, 1, true);
                }
                if score > alpha {
                    score = -self.search::<true>(-beta, -alpha, new_depth, 1, false);
                }
            }
            self.pos.unmake_move();
            if self.stopped {
                break;
            }
            let rm_seldepth = self.seldepth;
            let rm_nodes = self.nodes - nodes_before;
            let rm = &mut self.root_moves[i];
            rm.seldepth = rm_seldepth;
            rm.nodes += rm_nodes;
            if i == self.pv_idx || score > alpha {
                rm.score = score;
                rm.bound = if score >= beta {
                    Bound::Lower
                } else if score <= alpha {
                    Bound::Upper
                } else {
                    Bound::Exact
                };
                rm.pv.clear();
                rm.pv.push(mv);
                for p in 1..self.pv_len[1].max(1) {
                    match self.pv[1][p] {
                        Some(m) => rm.pv.push(m),
                        None => break,
                    }
                }
            } else {
                rm.score = -INF;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    #[inline]
    fn update_pv(&mut self, ply: usize, mv: Move) {
        self.pv[ply][ply] = Some(mv);
        let child_len = if ply < MAX_PLY {
            self.pv_len[ply + 1]
        } else {
            ply + 1
        };
        let end = child_len.max(ply + 1);
        for p in ply + 1..end.min(MAX_PLY + 1) {
            self.pv[ply][p] = self.pv[ply + 1][p];
        }
        self.pv_len[ply] = end;
    }

    /// The Chinese-rules verdict when the position repeats (not at the root): the side that
    /// perpetually checks or chases loses ([`rules::judge_cycle_with`]; 一将一捉 only if
    /// [`Shared::mixed_check_chase_loses`]), everything else is a draw.
    /// Wins and losses are scored ±[`PERPETUAL_WIN`] adjusted by ply, so that the engine prefers
    /// to win early and to vary late; such scores never go into the hash table.
    fn repetition_score(&mut self, ply: usize) -> Option<Score> {
        if self.pos.rule60_count() < 4 {
            return None;
        }
        let dist = self.pos.repetition_distance()?;
        let us = self.pos.side_to_move();
        let mixed_loses = self.shared.mixed_check_chase_loses;
        let value = rules::judge_cycle_with(&mut self.pos, dist, mixed_loses)
            .map_or(0, |j| j.verdict.value_for(us));
        Some(match value {
            1 => PERPETUAL_WIN - ply as Score,
            -1 => -PERPETUAL_WIN + ply as Score,
            _ => 0,
        })
    }

    /// Whether the natural move limit ends the game here (a draw unless the side to move has
    /// no legal move: mate or stalemate on the limiting move still counts).
    fn move_limit_score(&self, ply: usize) -> Option<Score> {
        let limit = self.shared.move_limit;
        if limit == 0
            || u32::from(self.pos.rule60_count()) < 2 * limit
            || !rules::move_limit_reached(&self.pos, limit)
        {
            return None;
        }
        Some(if movegen::has_legal_move(&self.pos) {
            0
        } else {
            -MATE + ply as Score
        })
    }

    /// Whether hash-table scores may be trusted here: not close to the move limit, where the
    /// same key can lead to a different result.
    #[inline]
    fn tt_scores_usable(&self) -> bool {
        let limit = self.shared.move_limit;
        limit == 0 || u32::from(self.pos.rule60_count()) + 20 < 2 * limit
    }

    /// Stores a hash entry unless the score is a repetition verdict (it depends on the path,
    /// not only on the position).
    #[inline]
    fn tt_store(
        &self,
        key: u64,
        mv: Option<Move>,
        score: Score,
        eval: Score,
        depth: i32,
        bound: Bound,
    ) {
        if !is_rule_score(score) {
            self.shared.tt.store(key, mv, score, eval, depth, bound);
        }
    }

    /// Continuation-history slices of the moves one and two plies before `ply`.
    #[inline]
    fn cont_slices(&self, ply: usize) -> [Option<usize>; 2] {
        let slice = |back: usize| {
            if ply < back {
                return None;
            }
            let e = &self.stack[ply - back];
            match (e.mv, e.piece) {
                (Some(m), Some(p)) => Some(ContinuationHistory::slice_of(p, m.to())),
                _ => None,
            }
        };
        [slice(1), slice(2)]
    }

    /// The quiet-move statistics seen through the continuation-history `slices`.
    #[inline]
    fn quiet_stats(&self, slices: [Option<usize>; 2]) -> QuietStats<'_> {
        QuietStats {
            history: &self.heur.history,
            cont: &self.heur.cont,
            slices,
        }
    }

    /// Rewards (or punishes, with a negative bonus) quiet move `mv` of side `us` in the
    /// butterfly and continuation histories. The move has not been made.
    #[inline]
    fn update_quiet_stats(&mut self, us: usize, slices: [Option<usize>; 2], mv: Move, bonus: i32) {
        update_history(
            &mut self.heur.history[us][mv.from().index()][mv.to().index()],
            bonus,
        );
        if let Some(piece) = self.pos.piece_on(mv.from()) {
            for s in slices.into_iter().flatten() {
                update_history(self.heur.cont.entry(s, piece, mv.to()), bonus);
            }
        }
    }

    fn has_null_material(&self) -> bool {
        let us = self.pos.side_to_move();
        let rooks = self.pos.pieces(us, PieceKind::Rook).count();
        let minors = (self.pos.pieces(us, PieceKind::Horse)
            | self.pos.pieces(us, PieceKind::Cannon))
        .count();
        rooks * 2 + minors >= 2
    }

    /// Null-move pruning: if passing still fails high at a reduced depth, so will a real move.
    /// Guarded against zugzwang by [`Worker::has_null_material`]; never right after a null
    /// move. Returns the cutoff score.
    fn null_move(
        &mut self,
        eval: Score,
        beta: Score,
        depth: i32,
        ply: usize,
        cut_node: bool,
    ) -> Option<Score> {
        if depth < param!(NMP_MIN_DEPTH)
            || eval < beta
            || beta.abs() >= MATE_BOUND
            || self.stack[ply - 1].mv.is_none()
            || !self.has_null_material()
        {
            return None;
        }
        let r = param!(NMP_BASE_REDUCTION)
            + depth / param!(NMP_DEPTH_DIVISOR)
            + ((eval - beta) / param!(NMP_EVAL_DIVISOR)).min(param!(NMP_EVAL_MAX));
        self.stack[ply].mv = None;
        self.stack[ply].piece = None;
        self.stack[ply + 1].psq = self.stack[ply].psq;
        self.pos.make_null_move();
        self.count_node();
        let s = -self.search::<false>(-beta, -beta + 1, depth - 1 - r, ply + 1, !cut_node);
        self.pos.unmake_null_move();
        if self.stopped || s < beta {
            return None;
        }
        Some(if s > MATE_BOUND { beta } else { s })
    }

    /// Move-loop pruning at a non-PV node not in check, once a move has scored above a mate:
    /// late move, futility, history and SEE pruning of quiet moves, SEE pruning of captures.
    /// Checks are never pruned.
    #[inline]
    fn prune_move(
        &self,
        node: &PruneNode,
        mv: Move,
        is_capture: bool,
        good_capture: bool,
        gives_check: bool,
        hist: i32,
    ) -> Prune {
        let depth = node.depth;
        if !is_capture && !gives_check {
            let lmp = (param!(LMP_BASE) + depth * depth) as usize
                * if node.improving { 3 } else { 2 }
                / 2;
            if depth <= param!(LMP_MAX_DEPTH) && node.move_count >= lmp {
                return Prune::RemainingQuiets;
            }
            if depth <= param!(FUTILITY_MAX_DEPTH)
                && node.eval + param!(FUTILITY_BASE) + param!(FUTILITY_PER_DEPTH) * depth
                    <= node.alpha
            {
                return Prune::RemainingQuiets;
            }
            if depth <= param!(HISTORY_PRUNE_MAX_DEPTH)
                && hist < -param!(HISTORY_PRUNE_PER_DEPTH) * depth
            {
                return Prune::Move;
            }
            if depth <= param!(SEE_QUIET_MAX_DEPTH)
                && see_below(&self.pos, mv, -param!(SEE_QUIET_PER_DEPTH2) * depth * depth)
            {
                return Prune::Move;
            }
        } else if is_capture
            && !gives_check
            && depth <= param!(SEE_PRUNE_MAX_DEPTH)
            && !good_capture
            && see_below(&self.pos, mv, -param!(SEE_CAPTURE_PER_DEPTH) * depth)
        {
            return Prune::Move;
        }
        Prune::Keep
    }

    /// Where the correction history keeps the node at `ply`.
    #[inline]
    fn correction_keys(&self, ply: usize) -> CorrectionKeys {
        let before = &self.stack[ply - 1];
        let previous = match (before.mv, before.piece) {
            (Some(m), Some(p)) => Some((p, m.to())),
            _ => None,
        };
        CorrectionKeys::of(&self.pos, previous)
    }

    /// `raw` corrected by the correction history, kept clear of mate scores.
    #[inline]
    fn corrected(&self, raw: Score, keys: &CorrectionKeys) -> Score {
        (raw + self.heur.correction.correction(keys)).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// The static evaluation at `ply` (not in check): the one stored with the hash entry `tte`
    /// when it has one (0 means none was stored), else computed.
    #[inline]
    fn static_eval(&self, tte: Option<TtEntry>, ply: usize) -> Score {
        match tte {
            Some(e) if e.eval != 0 && e.eval.abs() < MATE_BOUND => e.eval,
            _ => eval::evaluate_with(&self.pos, self.stack[ply].psq),
        }
    }

    fn search<const PV: bool>(
        &mut self,
        mut alpha: Score,
        mut beta: Score,
        depth: i32,
        ply: usize,
        cut_node: bool,
    ) -> Score {
        if depth <= 0 {
            return self.qsearch::<PV>(alpha, beta, ply);
        }
        if PV {
            self.pv_len[ply] = ply;
        }
        if self.stopped {
            return 0;
        }
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        if let Some(s) = self.repetition_score(ply) {
            return s;
        }
        if let Some(s) = self.move_limit_score(ply) {
            return s;
        }
        if rules::insufficient_material(&self.pos) {
            return 0;
        }
        let in_check = self.pos.in_check();
        if ply >= MAX_PLY - 2 {
            return if in_check {
                0
            } else {
                eval::evaluate_with(&self.pos, self.stack[ply].psq)
            };
        }
        // Mate distance pruning.
        alpha = alpha.max(-MATE + ply as Score);
        beta = beta.min(MATE - ply as Score - 1);
        if alpha >= beta {
            return alpha;
        }

        let key = self.pos.key();
        let excluded = self.stack[ply].excluded;
        let tte = self.shared.tt.probe(key);
        let tt_move = tte.and_then(|e| e.mv);
        if let Some(e) = tte {
            let s = score_from_tt(e.score, ply);
            if !PV
                && excluded.is_none()
                && e.depth >= depth
                && self.tt_scores_usable()
                && match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                }
            {
                // A quiet hash move that fails high earns the history a searched cutoff would.
                if s >= beta && e.bound != Bound::Upper {
                    if let Some(m) = tt_move.filter(|&m| !self.pos.is_capture(m)) {
                        let us = self.pos.side_to_move().index();
                        let slices = self.cont_slices(ply);
                        self.update_quiet_stats(us, slices, m, history_bonus(depth));
                    }
                }
                return s;
            }
        }

        // The static evaluation as computed (stored in the hash table), as corrected by what
        // the search learnt, and as bounded by the hash score.
        // In check there is no evaluation to correct, so no correction keys either.
        let corr_keys = (!in_check).then(|| self.correction_keys(ply));
        let (raw_eval, corrected_eval, eval) = match &corr_keys {
            None => (0, -INF, -INF),
            Some(keys) => {
                let raw = self.static_eval(tte, ply);
                let corrected = self.corrected(raw, keys);
                (raw, corrected, refine_by_tt(corrected, tte, ply))
            }
        };
        self.stack[ply].eval = eval;
        self.stack[ply + 1].killers = [None; 2];
        // Better than our last evaluation; when that node was in check (no evaluation), the
        // one before it decides.
        let improving = !in_check
            && ply >= 2
            && match self.stack[ply - 2].eval {
                e if e != -INF || ply < 4 => eval > e,
                _ => eval > self.stack[ply - 4].eval,
            };

        // A singular search asks about the other moves, which neither the static evaluation
        // nor a null move answers.
        if !PV && !in_check && excluded.is_none() {
            if reverse_futility_prunes(eval, beta, depth, improving) {
                return (eval + beta) / 2;
            }
            // Not when the hash table already says this node fails low.
            let tt_fails_low =
                tte.is_some_and(|e| e.bound == Bound::Upper && score_from_tt(e.score, ply) < beta);
            if !tt_fails_low {
                if let Some(s) = self.null_move(eval, beta, depth, ply, cut_node) {
                    return s;
                }
            }
        }

        let mut depth = depth;
        if tt_move.is_none() && depth >= param!(IIR_MIN_DEPTH) && (PV || cut_node) {
            depth -= 1;
        }

        let counter = match (self.stack[ply - 1].mv, self.stack[ply - 1].piece) {
            (Some(m), Some(p)) => self.heur.counter[p.index()][m.to().index()],
            _ => None,
        };
        let slices = self.cont_slices(ply);
        let tt_capture = tt_move.is_some_and(|m| self.pos.is_capture(m));
        let mut picker = MovePicker::new(&self.pos, tt_move, self.stack[ply].killers, counter);
        let mut best_score = -INF;
        let mut best_move: Option<Move> = None;
        let mut move_count = 0usize;
        let mut quiets = [None::<Move>; 64];
        let mut n_quiets = 0usize;
        let us = self.pos.side_to_move().index();

        while let Some(mv) = picker.next(&self.pos, &self.quiet_stats(slices)) {
            if excluded == Some(mv) {
                continue;
            }
            let is_capture = self.pos.is_capture(mv);
            // SEE ≥ 0 already established by the picker: no need to compute it again.
            let good_capture = picker.last_was_good_capture();
            let gives_check = self.pos.gives_check(mv);
            let hist = if is_capture {
                0
            } else {
                self.quiet_stats(slices).score(&self.pos, us, mv)
            };

            if !PV && best_score > -MATE_BOUND && !in_check {
                let node = PruneNode {
                    depth,
                    eval,
                    alpha,
                    improving,
                    move_count,
                };
                match self.prune_move(&node, mv, is_capture, good_capture, gives_check, hist) {
                    Prune::Keep => {}
                    Prune::Move => continue,
                    Prune::RemainingQuiets => {
                        picker.skip_quiets();
                        continue;
                    }
                }
            }

            // Check extension, sacrifices included (a piece given up with check is how most
            // attacks on the palace go), within a ply budget.
            let check_ext = (gives_check
                && ply < 2 * self.root_depth as usize + param!(CHECK_EXTENSION_SLACK))
                as i32;
            let mut ext = check_ext;
            if Some(mv) == tt_move && excluded.is_none() {
                match self.singular(tte, beta, depth, ply, cut_node) {
                    Singular::Extend => ext = 1,
                    Singular::MultiCut(s) => return s,
                    Singular::Reduce if check_ext == 0 => ext = -1,
                    Singular::Reduce | Singular::Plain => {}
                }
            }
            self.stack[ply].mv = Some(mv);
            self.stack[ply].piece = self.pos.piece_on(mv.from());
            self.shared.tt.prefetch(self.pos.key_after(mv));
            self.stack[ply + 1].psq = eval::psq_after(&self.pos, self.stack[ply].psq, mv);
            self.pos.make_move_known_check(mv, gives_check);
            self.count_node();
            move_count += 1;
            let new_depth = depth - 1 + ext;
            let mut score;
            if depth >= param!(LMR_MIN_DEPTH) && move_count > 1 + PV as usize && !is_capture {
                let mut r = self.lmr[(depth as usize).min(63)][move_count.min(63)] as i32;
                if PV {
                    r -= 1;
                }
                if !improving {
                    r += 1;
                }
                if cut_node {
                    r += 1;
                }
                if tt_capture {
                    r += 1;
                }
                if gives_check || in_check {
                    r -= 1;
                }
                if self.stack[ply].killers.contains(&Some(mv)) || counter == Some(mv) {
                    r -= 1;
                }
                r -= hist / param!(LMR_HISTORY_DIVISOR);
                let r = r.clamp(0, (new_depth - 1).max(0));
                score = -self.search::<false>(-alpha - 1, -alpha, new_depth - r, ply + 1, true);
                if score > alpha && r > 0 {
                    // Re-search one ply deeper when the reduced search beat the best score by
                    // far, one ply shallower when it barely did.
                    let full_depth = new_depth
                        + (score > best_score + param!(LMR_DEEPER_MARGIN) + 2 * new_depth) as i32
                        - (score < best_score + new_depth) as i32;
                    if full_depth > new_depth - r {
                        score = -self.search::<false>(
                            -alpha - 1,
                            -alpha,
                            full_depth,
                            ply + 1,
                            !cut_node,
                        );
                    }
                }
            } else if !PV || move_count > 1 {
                score = -self.search::<false>(-alpha - 1, -alpha, new_depth, ply + 1, !cut_node);
            } else {
                score = alpha + 1;
            }
            if PV && (move_count == 1 || score > alpha) {
                score = -self.search::<true>(-beta, -alpha, new_depth, ply + 1, false);
            }
            self.pos.unmake_move();
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(mv);
                    if PV {
                        self.update_pv(ply, mv);
                    }
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                }
            }
            if !is_capture && n_quiets < quiets.len() {
                quiets[n_quiets] = Some(mv);
                n_quiets += 1;
            }
        }

        if move_count == 0 {
            // Without the hash move nothing was searched: the singular search fails low.
            if excluded.is_some() {
                return alpha;
            }
            // Checkmate or stalemate: both lose in Xiangqi.
            return -MATE + ply as Score;
        }

        if best_score >= beta {
            if let Some(bm) = best_move {
                if !self.pos.is_capture(bm) {
                    let bonus = history_bonus(depth);
                    self.update_quiet_stats(us, slices, bm, bonus);
                    for q in quiets[..n_quiets].iter().flatten() {
                        if *q != bm {
                            self.update_quiet_stats(us, slices, *q, -bonus);
                        }
                    }
                    let k = &mut self.stack[ply].killers;
                    if k[0] != Some(bm) {
                        k[1] = k[0];
                        k[0] = Some(bm);
                    }
                    if let (Some(pm), Some(pp)) =
                        (self.stack[ply - 1].mv, self.stack[ply - 1].piece)
                    {
                        self.heur.counter[pp.index()][pm.to().index()] = Some(bm);
                    }
                }
            }
        }

        let bound = if best_score >= beta {
            Bound::Lower
        } else if PV && best_move.is_some() {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if excluded.is_some() {
            // A search without the hash move says nothing about the node itself.
            return best_score;
        }
        // Learn the evaluation's error (out of check, where there is one) where the score says
        // which way it went: not from a capture (the evaluation does not see those) or a
        // position already decided (mates and rule verdicts included: there the search's score
        // runs ahead of any evaluation as it finds the win, and a correction learnt from that
        // slows the search for the shortest mate).
        if let Some(keys) = corr_keys.filter(|_| {
            best_move.map_or(true, |m| !self.pos.is_capture(m))
                && best_score.abs() < CORRECTION_DECIDED
                && corrected_eval.abs() < CORRECTION_DECIDED
                && !(bound == Bound::Lower && best_score <= corrected_eval)
                && !(bound == Bound::Upper && best_score >= corrected_eval)
        }) {
            self.heur
                .correction
                .update(&keys, depth, best_score - corrected_eval);
        }
        self.tt_store(
            key,
            best_move,
            score_to_tt(best_score, ply),
            raw_eval,
            depth,
            bound,
        );
        best_score
    }

    /// Singular extension test for the hash move at a node of `depth`: search the node
    /// without it at half depth against a window below the hash score.
    fn singular(
        &mut self,
        tte: Option<TtEntry>,
        beta: Score,
        depth: i32,
        ply: usize,
        cut_node: bool,
    ) -> Singular {
        let Some(e) = tte else {
            return Singular::Plain;
        };
        let tt_score = score_from_tt(e.score, ply);
        if depth < param!(SE_MIN_DEPTH)
            || e.depth < depth - 3
            || e.bound == Bound::Upper
            || tt_score.abs() >= MATE_BOUND
            || is_rule_score(tt_score)
            || ply >= 2 * self.root_depth as usize
            || !self.tt_scores_usable()
        {
            return Singular::Plain;
        }
        let singular_beta = tt_score - param!(SE_MARGIN_PER_DEPTH) * depth;
        self.stack[ply].excluded = e.mv;
        let score = self.search::<false>(
            singular_beta - 1,
            singular_beta,
            (depth - 1) / 2,
            ply,
            cut_node,
        );
        self.stack[ply].excluded = None;
        if self.stopped {
            Singular::Plain
        } else if score < singular_beta {
            Singular::Extend
        } else if singular_beta >= beta {
            Singular::MultiCut(singular_beta)
        } else if tt_score >= beta {
            Singular::Reduce
        } else {
            Singular::Plain
        }
    }

    fn qsearch<const PV: bool>(&mut self, mut alpha: Score, beta: Score, ply: usize) -> Score {
        if PV {
            self.pv_len[ply] = ply;
        }
        if self.stopped {
            return 0;
        }
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        if let Some(s) = self.repetition_score(ply) {
            return s;
        }
        let in_check = self.pos.in_check();
        if ply >= MAX_PLY - 2 {
            return if in_check {
                0
            } else {
                eval::evaluate_with(&self.pos, self.stack[ply].psq)
            };
        }
        let key = self.pos.key();
        let tte = self.shared.tt.probe(key);
        if let Some(e) = tte {
            let s = score_from_tt(e.score, ply);
            if !PV
                && self.tt_scores_usable()
                && match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                }
            {
                return s;
            }
        }
        let mut best;
        let stand_pat;
        let mut raw_eval = 0;
        if in_check {
            best = -INF;
            stand_pat = -INF;
        } else {
            raw_eval = self.static_eval(tte, ply);
            let corrected = self.corrected(raw_eval, &self.correction_keys(ply));
            stand_pat = refine_by_tt(corrected, tte, ply);
            best = stand_pat;
            if best >= beta {
                return best;
            }
            alpha = alpha.max(best);
        }
        let mut picker = MovePicker::qsearch(&self.pos, tte.and_then(|e| e.mv));
        let mut best_move = None;
        let mut move_count = 0;
        while let Some(mv) = picker.next(&self.pos, &self.quiet_stats([None, None])) {
            if !in_check {
                // Delta pruning.
                let gain = self
                    .pos
                    .piece_on(mv.to())
                    .map_or(0, |p| see_value(p, mv.to()));
                if stand_pat + gain + param!(QS_DELTA_MARGIN) <= alpha && !self.pos.gives_check(mv)
                {
                    continue;
                }
            }
            self.shared.tt.prefetch(self.pos.key_after(mv));
            self.stack[ply + 1].psq = eval::psq_after(&self.pos, self.stack[ply].psq, mv);
            self.pos.make_move(mv);
            self.count_node();
            move_count += 1;
            let score = -self.qsearch::<PV>(-beta, -alpha, ply + 1);
            self.pos.unmake_move();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(mv);
                    if PV {
                        self.update_pv(ply, mv);
                    }
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                }
            }
        }
        if in_check && move_count == 0 {
            return -MATE + ply as Score;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else {
            Bound::Upper
        };
        self.tt_store(key, best_move, score_to_tt(best, ply), raw_eval, 0, bound);
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(score: Score, bound: Bound) -> Option<TtEntry> {
        Some(TtEntry {
            mv: None,
            score,
            eval: 0,
            depth: 5,
            bound,
        })
    }

    #[test]
    fn a_hash_bound_refines_the_evaluation_only_from_its_side() {
        assert_eq!(refine_by_tt(50, None, 3), 50);
        assert_eq!(refine_by_tt(50, entry(120, Bound::Lower), 3), 120);
        assert_eq!(refine_by_tt(50, entry(20, Bound::Lower), 3), 50);
        assert_eq!(refine_by_tt(50, entry(20, Bound::Upper), 3), 20);
        assert_eq!(refine_by_tt(50, entry(120, Bound::Upper), 3), 50);
        assert_eq!(refine_by_tt(50, entry(-30, Bound::Exact), 3), 50);
        assert_eq!(
            refine_by_tt(50, entry(MATE - 10, Bound::Lower), 3),
            50,
            "a mate score is not an evaluation"
        );
    }

    #[test]
    fn effort_scales_the_time_within_its_bounds() {
        for share in [0.0, 0.3, 0.7, 1.0] {
            assert_eq!(effort_factor(share, 0.0, 0.7), 1.0, "weight 0 is off");
        }
        assert_eq!(effort_factor(0.7, 2.0, 0.7), 1.0);
        assert!(
            effort_factor(0.4, 1.0, 0.7) > 1.0,
            "a contested choice gets more time"
        );
        assert!(
            effort_factor(0.95, 1.0, 0.7) < 1.0,
            "a clear choice gets less"
        );
        assert_eq!(effort_factor(0.0, 3.0, 1.0), 2.0);
        assert_eq!(effort_factor(1.0, 3.0, 0.2), 0.5);
    }

    #[test]
    fn opening_time_tapers_off_to_none() {
        assert_eq!(opening_factor(0, 0.5, 60), 1.5);
        assert_eq!(opening_factor(30, 0.5, 60), 1.25);
        assert_eq!(opening_factor(60, 0.5, 60), 1.0);
        assert_eq!(
            opening_factor(200, 0.5, 60),
            1.0,
            "never below 1 late in the game"
        );
        assert_eq!(opening_factor(0, 0.0, 60), 1.0, "bonus 0 is off");
    }

    #[test]
    fn history_bonus_grows_with_depth_up_to_its_cap() {
        assert!(history_bonus(2) < history_bonus(4));
        assert_eq!(history_bonus(100), param!(HISTORY_BONUS_MAX));
    }
}
