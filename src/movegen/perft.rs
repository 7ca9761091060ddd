//! Perft: counting the leaves of the legal move tree, the standard move-generator test.

use super::{count_legal, generate_legal, MoveList};
use crate::board::Position;
use crate::types::Move;
use rayon::prelude::*;
use std::io::Write;
use std::time::{Duration, Instant};

/// Number of leaf nodes `depth` plies below `pos`, bulk-counting the last ply.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    perft_until(pos, depth, &|| false).unwrap_or(0)
}

/// [`perft`] that asks `stop` before each interior node and gives `None` once it says yes.
/// (`stop` is generic, so `perft`'s never-stop closure costs nothing.)
pub fn perft_until<F: Fn() -> bool>(pos: &mut Position, depth: u32, stop: &F) -> Option<u64> {
    match depth {
        0 => Some(1),
        1 => Some(count_legal(pos)),
        _ => {
            if stop() {
                return None;
            }
            let mut list = MoveList::new();
            generate_legal(pos, &mut list);
            let mut nodes = 0;
            for &mv in list.iter() {
                pos.make_move(mv);
                let n = perft_until(pos, depth - 1, stop);
                pos.unmake_move();
                nodes += n?;
            }
            Some(nodes)
        }
    }
}

/// The outcome of a perft run with per-root-move counts.
#[derive(Clone, Debug)]
pub struct PerftReport {
    /// Each legal root move with the leaf count below it, in generation order.
    pub divide: Vec<(Move, u64)>,
    /// Total leaf count.
    pub nodes: u64,
    /// Wall time.
    pub elapsed: Duration,
}

impl PerftReport {
    /// Leaves per second.
    pub fn nodes_per_second(&self) -> u64 {
        let secs = self.elapsed.as_secs_f64();
        if secs > 0.0 {
            (self.nodes as f64 / secs) as u64
        } else {
            0
        }
    }
}

/// Perft with per-root-move counts, the root moves split over `threads` worker threads
/// (1 = run on the calling thread). `depth` 0 counts the root itself.
pub fn perft_divide(pos: &Position, depth: u32, threads: usize) -> PerftReport {
    perft_divide_until(pos, depth, threads, &|| false).0
}

/// [`perft_divide`] that can be stopped: once `stop` says yes, the report holds only the root
/// moves counted in full, and the second value (complete) is false.
pub fn perft_divide_until<F: Fn() -> bool + Sync>(
    pos: &Position,
    depth: u32,
    threads: usize,
    stop: &F,
) -> (PerftReport, bool) {
    let start = Instant::now();
    if depth == 0 {
        let report = PerftReport {
            divide: Vec::new(),
            nodes: 1,
            elapsed: start.elapsed(),
        };
        return (report, true);
    }
    let mut list = MoveList::new();
    generate_legal(pos, &mut list);
    let moves: Vec<Move> = list.to_vec();
    let count_one = |mv: Move| {
        let mut p = pos.clone();
        p.make_move(mv);
        perft_until(&mut p, depth - 1, stop).map(|n| (mv, n))
    };
    let counted: Vec<Option<(Move, u64)>> = if threads <= 1 {
        moves.iter().map(|&m| count_one(m)).collect()
    } else {
        match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
            Ok(pool) => pool.install(|| moves.par_iter().map(|&m| count_one(m)).collect()),
            Err(_) => moves.iter().map(|&m| count_one(m)).collect(),
        }
    };
    let complete = counted.iter().all(Option::is_some);
    let divide: Vec<(Move, u64)> = counted.into_iter().flatten().collect();
    let nodes = divide.iter().map(|&(_, n)| n).sum();
    let report = PerftReport {
        divide,
        nodes,
        elapsed: start.elapsed(),
    };
    (report, complete)
}

/// Writes `move: count` lines (if `divide`), then `Nodes searched: N`.
pub fn write_perft_report(
    out: &mut impl Write,
    report: &PerftReport,
    divide: bool,
) -> std::io::Result<()> {
    if divide {
        for (mv, n) in &report.divide {
            writeln!(out, "{mv}: {n}")?;
        }
        writeln!(out)?;
    }
    writeln!(out, "Nodes searched: {}", report.nodes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn startpos_shallow() {
        let mut pos = Position::startpos();
        assert_eq!(perft(&mut pos, 1), 44);
        assert_eq!(perft(&mut pos, 2), 1920);
        assert_eq!(perft(&mut pos, 3), 79666);
        let report = perft_divide(&pos, 3, 2);
        assert_eq!(report.nodes, 79666);
        assert_eq!(report.divide.len(), 44);
    }
}
