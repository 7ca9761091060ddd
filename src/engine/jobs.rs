//! Long jobs other than a search that run on the engine's worker thread and can be stopped:
//! `perft` (with its per-move divide) and `bench` (the node-count signature).

use crate::board::{Position, BENCH_FENS};
use crate::movegen::perft::{perft_divide_until, PerftReport};
use crate::search::{Limits, SearchControl, SearchOptions, Searcher, SilentReporter};
use std::time::{Duration, Instant};

/// Default depth of `bench`.
pub const BENCH_DEPTH: u32 = 10;
/// Deepest `bench` accepted (deeper requests are clamped).
pub const MAX_BENCH_DEPTH: u32 = 64;

/// What a finished perft or bench job reports.
#[derive(Clone, Debug)]
pub enum JobReport {
    /// `perft`: the divide of the root moves counted in full.
    Perft {
        /// Depth asked for.
        depth: u32,
        /// The counts; when stopped, only the root moves counted in full.
        report: PerftReport,
        /// Whether every root move was counted (false: stopped).
        complete: bool,
    },
    /// `bench`.
    Bench(BenchReport),
}

/// The result of a bench run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BenchReport {
    /// Depth searched.
    pub depth: u32,
    /// Positions searched (fewer than all when stopped).
    pub positions: usize,
    /// Total nodes: the signature of the search when `complete`.
    pub nodes: u64,
    /// Wall time of the searches alone: setting up each position's fresh searcher (zeroing a
    /// 16 MB hash table and the history tables) is not counted, so nodes/s measures the search.
    pub elapsed: Duration,
    /// Whether every position was searched to the depth (false: stopped).
    pub complete: bool,
}

impl BenchReport {
    /// Nodes per second.
    pub fn nodes_per_second(&self) -> u64 {
        let ms = self.elapsed.as_millis().max(1);
        (u128::from(self.nodes) * 1000 / ms) as u64
    }
}

/// Runs the bench: every bench position searched to `depth` (clamped to 1..=64) on one thread
/// with a fresh 16 MB table, until done or `control` says stop.
pub fn bench(depth: u32, control: &SearchControl) -> BenchReport {
    let depth = depth.clamp(1, MAX_BENCH_DEPTH);
    let mut elapsed = Duration::ZERO;
    let mut nodes = 0;
    let mut positions = 0;
    for fen in BENCH_FENS {
        if control.is_stopped() {
            break;
        }
        if let Ok(pos) = Position::from_fen(fen) {
            let mut s = Searcher::new(SearchOptions::default());
            let limits = Limits {
                depth: Some(depth),
                ..Limits::default()
            };
            let start = Instant::now();
            nodes += s.search(&pos, &limits, control, &mut SilentReporter).nodes;
            elapsed += start.elapsed();
            positions += 1;
        }
    }
    BenchReport {
        depth,
        positions,
        nodes,
        elapsed,
        complete: !control.is_stopped() && positions == BENCH_FENS.len(),
    }
}

/// Perft with the divide of the root moves over `threads` threads, stopped by `control`:
/// the report then holds the root moves counted in full, and `complete` is false.
pub fn perft(pos: &Position, depth: u32, threads: usize, control: &SearchControl) -> JobReport {
    let (report, complete) = perft_divide_until(pos, depth, threads, &|| control.is_stopped());
    JobReport::Perft {
        depth,
        report,
        complete,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bench_is_deterministic() {
        let a = bench(3, &SearchControl::default());
        let b = bench(3, &SearchControl::default());
        assert_eq!(a.nodes, b.nodes);
        assert!(a.nodes > 0 && a.complete);
        assert_eq!(a.positions, BENCH_FENS.len());
    }

    #[test]
    fn stopped_jobs_report_what_they_finished() {
        let control = SearchControl::default();
        control.stop();
        let b = bench(10, &control);
        assert!(!b.complete);
        assert_eq!(b.positions, 0);
        let JobReport::Perft {
            report, complete, ..
        } = perft(&Position::startpos(), 5, 1, &control)
        else {
            panic!("not a perft report");
        };
        assert!(!complete);
        assert!(report.divide.is_empty());
        let JobReport::Perft {
            report, complete, ..
        } = perft(&Position::startpos(), 3, 2, &SearchControl::default())
        else {
            panic!("not a perft report");
        };
        assert!(complete);
        assert_eq!(report.nodes, 79666);
        assert_eq!(report.divide.len(), 44);
    }
}
