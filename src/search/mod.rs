//! Search: the engine's brain, driven by the protocol layer through [`Searcher`].
//!
//! Search never prints: it reports through the [`Reporter`] trait, and the protocol layer formats
//! UCCI or UCI text. It can be stopped from another thread through [`SearchControl`].
//!
//! The items in this file are the public API that `protocol` and `analyze` use; the workers
//! (`worker`), move ordering (`movepick`), hash table (`tt`) and clock (`time`) sit behind it.
//! Repetitions and the move limit are judged by [`crate::rules`].

pub mod correction;
pub mod level;
pub mod movepick;
pub mod params;
pub mod time;
pub mod tt;
pub mod worker;

use crate::board::Position;
use crate::movegen;
use crate::rules;
use crate::types::Move;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use time::TimeManager;
use tt::TranspositionTable;
use worker::{Heuristics, MainInfo, RootMove, Shared, Worker};

pub use crate::board::BENCH_FENS;
pub use crate::types::{mate_in_moves, Score, MATE, MATE_BOUND};

/// A clock for one side.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left on the clock.
    pub time: Duration,
    /// Increment per move.
    pub increment: Duration,
    /// Moves until the next time control (`None` = sudden death or increment).
    pub moves_to_go: Option<u32>,
}

/// What limits a search. Everything `None`/`false` means "think until stopped".
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Maximum depth in plies.
    pub depth: Option<u32>,
    /// Maximum nodes.
    pub nodes: Option<u64>,
    /// Exact time to spend.
    pub movetime: Option<Duration>,
    /// Our clock.
    pub clock: Option<Clock>,
    /// The opponent's clock (informational).
    pub opponent_clock: Option<Clock>,
    /// Search for a mate in this many moves.
    pub mate: Option<u32>,
    /// Think until `stop`, whatever the other limits.
    pub infinite: bool,
    /// Pondering: do not stop on time until `ponderhit` (see [`SearchControl::ponderhit`]).
    pub ponder: bool,
    /// Only these root moves (empty = all).
    pub search_moves: Vec<Move>,
    /// Never play these root moves (UCCI `banmoves`).
    pub ban_moves: Vec<Move>,
    /// Time kept in reserve for communication per move.
    pub move_overhead: Duration,
}

/// Whether a score is exact or a bound.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    /// Exact score.
    Exact,
    /// The true score is at least this (fail high).
    Lower,
    /// The true score is at most this (fail low).
    Upper,
}

/// Progress of one iteration (or one MultiPV line of it).
#[derive(Clone, Debug)]
pub struct IterationInfo {
    /// Nominal depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// 1-based MultiPV index.
    pub multipv: u32,
    /// Score from the side to move's point of view.
    pub score: Score,
    /// Exactness of `score`.
    pub bound: Bound,
    /// Nodes searched by all threads.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// Hash table fill in permille.
    pub hashfull: u32,
    /// Principal variation.
    pub pv: Vec<Move>,
}

impl IterationInfo {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        let ms = self.elapsed.as_millis() as u64;
        (self.nodes * 1000).checked_div(ms).unwrap_or(0)
    }
}

/// The final answer of a search.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// Best move (`None` when there is no legal move).
    pub best_move: Option<Move>,
    /// Expected reply, for pondering.
    pub ponder_move: Option<Move>,
    /// Score of the best move.
    pub score: Score,
    /// Depth completed.
    pub depth: u32,
    /// Nodes searched by all threads.
    pub nodes: u64,
    /// Time used.
    pub elapsed: Duration,
}

/// Receives progress reports; implemented by the protocol layer.
pub trait Reporter: Send {
    /// A completed iteration (or MultiPV line), or an aspiration-window bound.
    fn iteration(&mut self, info: &IterationInfo);
    /// The root move being searched now (1-based number).
    fn current_move(&mut self, _mv: Move, _number: u32, _depth: u32) {}
    /// A free-form diagnostic.
    fn message(&mut self, _text: &str) {}
}

/// A reporter that ignores everything.
pub struct SilentReporter;

impl Reporter for SilentReporter {
    fn iteration(&mut self, _info: &IterationInfo) {}
}

/// Flags shared between the thread that runs a search and the one that controls it.
#[derive(Debug, Default)]
pub struct SearchControl {
    stop: AtomicBool,
    ponderhit: AtomicBool,
}

impl SearchControl {
    /// New control with no flag set.
    pub fn new() -> Arc<SearchControl> {
        Arc::new(SearchControl::default())
    }

    /// Asks the search to stop as soon as possible and return its best move.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether stop was requested.
    pub fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// The opponent played the pondered move: the search now runs under its normal time limits.
    pub fn ponderhit(&self) {
        self.ponderhit.store(true, Ordering::Relaxed);
    }

    /// Whether ponderhit arrived.
    pub fn is_ponderhit(&self) -> bool {
        self.ponderhit.load(Ordering::Relaxed)
    }
}

/// Engine settings that persist between searches.
#[derive(Clone, Debug)]
pub struct SearchOptions {
    /// Hash table size in MB.
    pub hash_mb: usize,
    /// Search threads.
    pub threads: usize,
    /// Number of principal variations to report.
    pub multipv: usize,
    /// Natural move limit in moves without capture (0 = none).
    pub move_limit: u32,
    /// How repetitions that mix checks and chases (一将一捉) are scored, see
    /// [`rules::RepetitionRule`].
    pub repetition_rule: rules::RepetitionRule,
}

impl Default for SearchOptions {
    fn default() -> SearchOptions {
        SearchOptions {
            hash_mb: 16,
            threads: 1,
            multipv: 1,
            move_limit: 60,
            repetition_rule: rules::RepetitionRule::Asian,
        }
    }
}

/// A hash-table entry as seen from outside (UCCI `probe`).
#[derive(Clone, Debug)]
pub struct HashProbe {
    /// Stored move.
    pub best_move: Option<Move>,
    /// Stored score.
    pub score: Score,
    /// Stored depth.
    pub depth: u32,
    /// Bound type.
    pub bound: Bound,
}

/// The search engine: hash table, threads and persistent heuristics.
pub struct Searcher {
    options: SearchOptions,
    tt: TranspositionTable,
    heuristics: Vec<Box<Heuristics>>,
}

impl Searcher {
    /// A searcher with these options.
    pub fn new(options: SearchOptions) -> Searcher {
        let mut options = options;
        options.hash_mb = options.hash_mb.clamp(1, 4096);
        options.threads = options.threads.clamp(1, 256);
        options.multipv = options.multipv.clamp(1, 128);
        let heuristics = (0..options.threads)
            .map(|_| Heuristics::new_boxed())
            .collect();
        Searcher {
            tt: TranspositionTable::new(options.hash_mb),
            options,
            heuristics,
        }
    }

    /// Resizes the hash table (clears it).
    pub fn set_hash_mb(&mut self, mb: usize) {
        self.options.hash_mb = mb.clamp(1, 4096);
        // Free the old table before allocating the new one.
        self.tt = TranspositionTable::new(1);
        self.tt = TranspositionTable::new(self.options.hash_mb);
    }

    /// Sets the number of search threads.
    pub fn set_threads(&mut self, threads: usize) {
        self.options.threads = threads.clamp(1, 256);
        self.heuristics
            .resize_with(self.options.threads, Heuristics::new_boxed);
    }

    /// Sets the number of principal variations.
    pub fn set_multipv(&mut self, n: usize) {
        self.options.multipv = n.clamp(1, 128);
    }

    /// Sets the natural move limit (moves without capture; 0 = none).
    pub fn set_move_limit(&mut self, moves: u32) {
        self.options.move_limit = moves;
    }

    /// Sets the repetition rule for 一将一捉 (see [`rules::RepetitionRule`]).
    pub fn set_repetition_rule(&mut self, rule: rules::RepetitionRule) {
        self.options.repetition_rule = rule;
    }

    /// Forgets the hash table and history (new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        for h in &mut self.heuristics {
            **h = *Heuristics::new_boxed();
        }
    }

    /// Looks the position up in the hash table.
    pub fn probe(&self, pos: &Position) -> Option<HashProbe> {
        self.tt.probe(pos.key()).map(|e| HashProbe {
            best_move: e.mv.filter(|&m| pos.is_pseudo_legal(m)),
            score: tt::score_from_tt(e.score, 0),
            depth: e.depth.max(0) as u32,
            bound: e.bound,
        })
    }

    /// Searches `pos` (with its history, for repetitions) under `limits`, reporting to
    /// `reporter`, until a limit is reached or `control` says stop. Blocks the calling thread.
    ///
    /// With `limits.infinite`, or while pondering without ponderhit, the search does not return
    /// before `stop` even when it has reached its depth limit. After `ponderhit` the time limits
    /// count from the moment the search noticed it. If every legal move is banned, or the
    /// position has no legal move, `best_move` is `None`.
    pub fn search(
        &mut self,
        pos: &Position,
        limits: &Limits,
        control: &SearchControl,
        reporter: &mut dyn Reporter,
    ) -> SearchResult {
        let start = Instant::now();
        let legal = movegen::legal_moves(pos);
        let mut list = legal.clone();
        list.retain(|m| !limits.ban_moves.contains(&m));
        if !limits.search_moves.is_empty() {
            let mut restricted = list.clone();
            restricted.retain(|m| limits.search_moves.contains(&m));
            if !restricted.is_empty() {
                list = restricted;
            }
        }
        // Never choose a move that loses by the repetition rules (perpetual check or chase)
        // while another move exists.
        let mut scratch = pos.clone();
        let us = pos.side_to_move();
        let mixed_loses = self.options.repetition_rule.mixed_check_chase_loses();
        let rule_losing = |m: &Move| {
            rules::verdict_after_with(&mut scratch, *m, 2, mixed_loses)
                == Some(rules::RepetitionVerdict::Loss(us))
        };
        let losing: Vec<Move> = list.iter().copied().filter(rule_losing).collect();
        if !losing.is_empty() && losing.len() < list.len() {
            list.retain(|m| !losing.contains(&m));
            reporter.message(&format!(
                "avoiding moves that lose by the repetition rules: {}",
                losing
                    .iter()
                    .map(Move::to_string)
                    .collect::<Vec<_>>()
                    .join(" ")
            ));
        }
        if list.is_empty() {
            wait_for_stop(limits, control);
            let in_check = pos.in_check();
            return SearchResult {
                best_move: None,
                ponder_move: None,
                score: if legal.is_empty() || in_check {
                    -MATE
                } else {
                    0
                },
                depth: 0,
                nodes: 0,
                elapsed: start.elapsed(),
            };
        }
        // Order the root moves by a cheap static exchange score for the first iteration.
        let mut root: Vec<RootMove> = list.iter().map(|&m| RootMove::new(m)).collect();
        root.sort_by_key(|rm| -movepick::see(pos, rm.mv));

        self.tt.new_search();
        for h in &mut self.heuristics {
            h.age();
        }
        let threads = self.options.threads.max(1);
        // `go mate n`: a mate in n moves needs 2n - 1 plies; allow some slack for pruning.
        let mate_depth = limits
            .mate
            .map_or(u32::MAX, |n| n.max(1).saturating_mul(2).saturating_add(4));
        let max_depth = limits
            .depth
            .unwrap_or(worker::MAX_PLY as u32)
            .min(mate_depth)
            .clamp(1, worker::MAX_PLY as u32 - 10);
        let multipv = self.options.multipv;
        let shared = Shared {
            tt: &self.tt,
            control,
            abort: AtomicBool::new(false),
            nodes: (0..threads).map(|_| AtomicU64::new(0)).collect(),
            start,
            move_limit: self.options.move_limit,
            mixed_check_chase_loses: self.options.repetition_rule.mixed_check_chase_loses(),
        };
        let main_info = MainInfo {
            time: TimeManager::new(limits, start),
            node_limit: limits.nodes,
            pondering: limits.ponder,
            infinite: limits.infinite,
        };
        let (first, helpers) = self.heuristics.split_at_mut(1);
        let main_heur: &mut Heuristics = &mut first[0];
        let mut result_moves: Vec<RootMove> = Vec::new();
        let mut completed = 0;
        let mut main_nodes = 0;
        std::thread::scope(|scope| {
            let shared = &shared;
            let mut handles = Vec::new();
            for (i, h) in helpers.iter_mut().enumerate() {
                let p = pos.clone();
                let rm = root.clone();
                let builder = std::thread::Builder::new().stack_size(8 << 20);
                let spawned = builder.spawn_scoped(scope, move || {
                    let mut w = Worker::new(i + 1, shared, h, p, rm, None);
                    w.iterate(max_depth, 1, limits, None);
                });
                if let Ok(handle) = spawned {
                    handles.push(handle);
                }
            }
            let mut w = Worker::new(0, shared, main_heur, pos.clone(), root, Some(main_info));
            w.iterate(max_depth, multipv, limits, Some(reporter));
            // With `infinite` or an unanswered ponder the answer waits for `stop`/`ponderhit`.
            wait_for_stop(limits, control);
            shared.abort.store(true, Ordering::Relaxed);
            for h in handles {
                let _ = h.join();
            }
            completed = w.completed_depth;
            main_nodes = w.nodes;
            result_moves = std::mem::take(&mut w.root_moves);
        });
        let nodes = shared.total_nodes().max(main_nodes);
        let best = result_moves.first();
        let best_move = best.map(|r| r.mv);
        let mut ponder_move = best.and_then(|r| r.pv.get(1).copied());
        if ponder_move.is_none() {
            if let Some(m) = best_move {
                let mut p = pos.clone();
                p.make_move(m);
                ponder_move = self
                    .tt
                    .probe(p.key())
                    .and_then(|e| e.mv)
                    .filter(|&r| p.is_pseudo_legal(r) && p.king_safe_after(r.from(), r.to()));
            }
        }
        let score = best.map_or(0, |r| {
            if r.score == -worker::INF {
                r.prev_score
            } else {
                r.score
            }
        });
        SearchResult {
            best_move,
            ponder_move,
            score: score.clamp(-MATE, MATE),
            depth: completed,
            nodes,
            elapsed: start.elapsed(),
        }
    }
}

/// Blocks while the protocol still expects thinking: infinite search, or pondering before
/// ponderhit. Returns at once otherwise.
fn wait_for_stop(limits: &Limits, control: &SearchControl) {
    while (limits.infinite || (limits.ponder && !control.is_ponderhit())) && !control.is_stopped() {
        std::thread::sleep(Duration::from_millis(1));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bench_fens_are_valid_and_varied() {
        assert!(BENCH_FENS.len() >= 30);
        for fen in BENCH_FENS {
            let pos = Position::from_fen(fen);
            assert!(pos.is_ok(), "{fen}: {:?}", pos.err());
            if let Ok(p) = pos {
                assert!(!movegen::legal_moves(&p).is_empty(), "{fen}: no legal move");
            }
        }
    }

    #[test]
    fn probe_finds_searched_root() {
        let pos = Position::startpos();
        let mut s = Searcher::new(SearchOptions::default());
        let limits = Limits {
            depth: Some(4),
            ..Limits::default()
        };
        let r = s.search(
            &pos,
            &limits,
            &SearchControl::default(),
            &mut SilentReporter,
        );
        assert!(r.best_move.is_some());
        let p = s.probe(&pos);
        assert!(p.is_some_and(|p| p.depth >= 1 && p.best_move.is_some()));
        s.clear();
        assert!(s.probe(&pos).is_none());
    }
}
