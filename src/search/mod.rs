//! Search: the engine's brain, driven by the protocol layer through [`Searcher`].
//!
//! Search never prints: it reports through the [`Reporter`] trait, and the protocol layer formats
//! UCCI or UCI text. It can be stopped from another thread through [`SearchControl`].
//!
//! THIS FILE IS THE PUBLIC API CONTRACT. The implementation behind it may change; the names and
//! signatures below are what `protocol` uses.

use crate::board::Position;
use crate::movegen;
use crate::types::Move;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Score in centipawn-like units from the side to move's point of view.
pub type Score = i32;

/// Mate score: a mate in `n` plies from the root scores `MATE - n`.
pub const MATE: Score = 30_000;
/// Scores above this (in absolute value) are mate scores.
pub const MATE_BOUND: Score = MATE - 1_000;

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

    /// Moves to mate (positive: we mate; negative: we are mated), if the score is a mate score.
    pub fn mate_in_moves(&self) -> Option<i32> {
        mate_in_moves(self.score)
    }
}

/// Moves to mate for a score (positive: we mate), if it is a mate score.
pub fn mate_in_moves(score: Score) -> Option<i32> {
    if score > MATE_BOUND {
        Some((MATE - score + 1) / 2)
    } else if score < -MATE_BOUND {
        Some(-((MATE + score + 1) / 2))
    } else {
        None
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
}

impl Default for SearchOptions {
    fn default() -> SearchOptions {
        SearchOptions {
            hash_mb: 16,
            threads: 1,
            multipv: 1,
            move_limit: 60,
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
}

impl Searcher {
    /// A searcher with these options.
    pub fn new(options: SearchOptions) -> Searcher {
        Searcher { options }
    }

    /// Current options.
    pub fn options(&self) -> &SearchOptions {
        &self.options
    }

    /// Resizes the hash table (clears it).
    pub fn set_hash_mb(&mut self, mb: usize) {
        self.options.hash_mb = mb.clamp(1, 4096);
    }

    /// Sets the number of search threads.
    pub fn set_threads(&mut self, threads: usize) {
        self.options.threads = threads.clamp(1, 256);
    }

    /// Sets the number of principal variations.
    pub fn set_multipv(&mut self, n: usize) {
        self.options.multipv = n.clamp(1, 128);
    }

    /// Sets the natural move limit (moves without capture; 0 = none).
    pub fn set_move_limit(&mut self, moves: u32) {
        self.options.move_limit = moves;
    }

    /// Forgets the hash table and history (new game).
    pub fn clear(&mut self) {}

    /// Looks the position up in the hash table.
    pub fn probe(&self, _pos: &Position) -> Option<HashProbe> {
        None
    }

    /// Searches `pos` (with its history, for repetitions) under `limits`, reporting to
    /// `reporter`, until a limit is reached or `control` says stop. Blocks the calling thread.
    pub fn search(
        &mut self,
        pos: &Position,
        limits: &Limits,
        control: &SearchControl,
        reporter: &mut dyn Reporter,
    ) -> SearchResult {
        let start = Instant::now();
        let mut list = movegen::legal_moves(pos);
        list.retain(|m| !limits.ban_moves.contains(&m));
        if !limits.search_moves.is_empty() {
            list.retain(|m| limits.search_moves.contains(&m));
        }
        let _ = control;
        let best = list.first().copied();
        if let Some(m) = best {
            reporter.iteration(&IterationInfo {
                depth: 1,
                seldepth: 1,
                multipv: 1,
                score: 0,
                bound: Bound::Exact,
                nodes: list.len() as u64,
                elapsed: start.elapsed(),
                hashfull: 0,
                pv: vec![m],
            });
        }
        SearchResult {
            best_move: best,
            ponder_move: None,
            score: 0,
            depth: 1,
            nodes: list.len() as u64,
            elapsed: start.elapsed(),
        }
    }
}

/// The fixed positions of `bench` (FENs).
pub const BENCH_FENS: &[&str] = &[crate::board::START_FEN];

/// Runs the bench: every bench position searched to `depth` on one thread with a fresh 16 MB
/// table. Returns (total nodes, elapsed).
pub fn bench(depth: u32) -> (u64, Duration) {
    let start = Instant::now();
    let mut nodes = 0;
    for fen in BENCH_FENS {
        if let Ok(pos) = Position::from_fen(fen) {
            let mut s = Searcher::new(SearchOptions::default());
            let limits = Limits {
                depth: Some(depth),
                ..Limits::default()
            };
            nodes += s
                .search(
                    &pos,
                    &limits,
                    &SearchControl::default(),
                    &mut SilentReporter,
                )
                .nodes;
        }
    }
    (nodes, start.elapsed())
}
