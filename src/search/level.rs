//! Playing levels for people: a strength setting from 1 (beginner) to 20 (full strength).
//!
//! A level below 20 plays weaker in two ways that look human rather than random:
//!
//! * it **sees less**: a node budget (and, at the lowest levels, a depth cap) that grows
//!   geometrically with the level, so a beginner looks one or two plies ahead and a strong level
//!   a few million nodes;
//! * it **chooses among near-best moves**: the search reports several lines (MultiPV) and
//!   [`Level::choose`] picks one of those whose score is within a margin of the best, with a
//!   probability that falls off with the loss. The margin shrinks with the level, and a move
//!   that lets itself be mated is never picked while the best line is not losing, so the top
//!   levels never make an absurd blunder.
//!
//! Level 20 is the engine itself: no budget, one line, no randomness. Given the same search
//! result and the same seed, [`Level::choose`] returns the same move (tests rely on it).
//!
//! ```
//! use chuhan::search::level::{Level, Line};
//! use chuhan::types::{Move, Square};
//!
//! let best = Move::new(Square::H2, Square::E2);
//! let other = Move::new(Square::B2, Square::E2);
//! let lines = [Line { mv: best, score: 40 }, Line { mv: other, score: -500 }];
//! // A 500-point loss is outside every margin: every level plays the best move.
//! for n in 1..=20 {
//!     let level = Level::new(n).unwrap();
//!     assert_eq!(level.choose(&lines, 7), Some(best));
//! }
//! ```

use crate::book::BookRng;
use crate::types::{Move, Score, MATE_BOUND};
use std::fmt;
use std::time::Duration;

/// A playing level, 1 (beginner) to 20 (full strength).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Level(u8);

/// A level outside 1–20.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct LevelError(pub i64);

impl fmt::Display for LevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "level {} is out of range: levels go from {} to {}",
            self.0,
            Level::MIN.0,
            Level::MAX.0
        )
    }
}

impl std::error::Error for LevelError {}

/// One candidate move of a MultiPV search and its score (side to move's view).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The first move of the line.
    pub mv: Move,
    /// Its score from the side to move's point of view.
    pub score: Score,
}

/// What a level asks of the search.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct LevelLimits {
    /// Node budget (`None`: no budget).
    pub nodes: Option<u64>,
    /// Depth cap (`None`: no cap).
    pub depth: Option<u32>,
    /// Number of lines to search (1 = no choice).
    pub multipv: usize,
}

impl Level {
    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// Full strength.
    pub const MAX: Level = Level(20);

    /// The level `n`, if it is in 1–20.
    pub fn new(n: i64) -> Result<Level, LevelError> {
        if (1..=20).contains(&n) {
            Ok(Level(n as u8))
        } else {
            Err(LevelError(n))
        }
    }

    /// Its number, 1–20.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// Whether this is full strength (the engine unchanged).
    pub const fn is_full_strength(self) -> bool {
        self.0 >= 20
    }

    /// The level for a target Elo (UCI `UCI_Elo`), by the ladder measured for the README:
    /// roughly 800 at level 1 and 100 more per level, clamped to 1–20.
    pub fn from_elo(elo: i64) -> Level {
        let n = (elo - 800).div_euclid(100) + 1;
        Level(n.clamp(1, 20) as u8)
    }

    /// The nominal Elo of the level (the inverse of [`Level::from_elo`]).
    pub const fn elo(self) -> i64 {
        800 + (self.0 as i64 - 1) * 100
    }

    /// The search limits of the level: a node budget of about 60 × 1.75^(level−1) nodes
    /// (60 at level 1, about 1.4 M at level 19), a depth cap of 1 + level/2 plies below level 12,
    /// and 4 lines to choose from up to level 10, then 3, then 2 from level 16.
    pub fn limits(self) -> LevelLimits {
        if self.is_full_strength() {
            return LevelLimits {
                nodes: None,
                depth: None,
                multipv: 1,
            };
        }
        let n = i32::from(self.0);
        let nodes = (60.0 * 1.75f64.powi(n - 1)) as u64;
        let depth = (n < 12).then_some(1 + n as u32 / 2);
        let multipv = match n {
            ..=10 => 4,
            11..=15 => 3,
            _ => 2,
        };
        LevelLimits {
            nodes: Some(nodes),
            depth,
            multipv,
        }
    }

    /// How much worse than the best (in centipawns) a chosen move may score: 300 at level 1,
    /// falling by 15 per level to 30 at level 19, 0 at level 20.
    pub const fn margin(self) -> Score {
        if self.is_full_strength() {
            0
        } else {
            300 - (self.0 as Score - 1) * 15
        }
    }

    /// A time limit that keeps a level's reply quick whatever the machine (a safety net: the
    /// node budget normally ends the search well before).
    pub const fn time_cap(self) -> Duration {
        Duration::from_secs(5)
    }

    /// Picks the move to play from the searched lines (best first or in any order), using
    /// `seed` for the random choice. Returns `None` only when `lines` is empty.
    ///
    /// A line is a candidate when its score is within [`Level::margin`] of the best and it is
    /// not a mate against us while the best line is not. Candidates are weighted by
    /// `exp(-loss / (margin / 3))`, so a move twice as bad is much rarer.
    pub fn choose(self, lines: &[Line], seed: u64) -> Option<Move> {
        let best = lines.iter().max_by_key(|l| l.score)?;
        let margin = self.margin();
        if margin == 0 || lines.len() == 1 {
            return Some(best.mv);
        }
        let best_is_lost = best.score < -MATE_BOUND;
        let candidates: Vec<&Line> = lines
            .iter()
            .filter(|l| best.score - l.score <= margin)
            .filter(|l| best_is_lost || l.score >= -MATE_BOUND)
            .collect();
        let temperature = f64::from(margin) / 3.0;
        let weights: Vec<f64> = candidates
            .iter()
            .map(|l| (-f64::from(best.score - l.score) / temperature).exp())
            .collect();
        let total: f64 = weights.iter().sum();
        let mut x = BookRng::new(seed).next_f64() * total;
        for (l, w) in candidates.iter().zip(&weights) {
            if x < *w {
                return Some(l.mv);
            }
            x -= w;
        }
        Some(best.mv)
    }
}

impl Default for Level {
    /// Full strength.
    fn default() -> Level {
        Level::MAX
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::{Square, MATE};

    fn mv(a: Square, b: Square) -> Move {
        Move::new(a, b)
    }

    #[test]
    fn range_and_elo() {
        assert!(Level::new(0).is_err());
        assert!(Level::new(21).is_err());
        assert_eq!(Level::new(7).map(Level::number), Ok(7));
        assert_eq!(Level::from_elo(800), Level(1));
        assert_eq!(Level::from_elo(100), Level(1));
        assert_eq!(Level::from_elo(2700), Level(20));
        assert_eq!(Level::from_elo(9999), Level(20));
        for n in 1..=20 {
            let l = Level(n);
            assert_eq!(Level::from_elo(l.elo()), l);
        }
        assert!(LevelError(0).to_string().contains("1 to 20"));
    }

    #[test]
    fn limits_grow_with_the_level() {
        let mut last = 0;
        for n in 1..20 {
            let l = Level(n).limits();
            let nodes = l.nodes.unwrap_or(0);
            assert!(nodes > last, "level {n}");
            last = nodes;
            assert!(Level(n).margin() > Level(n + 1).margin());
        }
        assert_eq!(
            Level::MAX.limits(),
            LevelLimits {
                nodes: None,
                depth: None,
                multipv: 1
            }
        );
    }

    #[test]
    fn choice_is_deterministic_and_stays_near_the_best() {
        let a = mv(Square::H2, Square::E2);
        let b = mv(Square::B2, Square::E2);
        let c = mv(Square::H0, Square::G2);
        let lines = [
            Line { mv: a, score: 30 },
            Line { mv: b, score: 10 },
            Line { mv: c, score: -200 },
        ];
        for seed in 0..200 {
            for n in 1..=20 {
                let l = Level(n);
                assert_eq!(l.choose(&lines, seed), l.choose(&lines, seed));
                let m = l.choose(&lines, seed);
                if n >= 10 {
                    assert_ne!(m, Some(c), "level {n} seed {seed}");
                }
            }
            assert_eq!(Level::MAX.choose(&lines, seed), Some(a));
        }
        // The low levels do vary.
        let picks: std::collections::HashSet<_> = (0..200)
            .filter_map(|s| Level(1).choose(&lines, s))
            .collect();
        assert!(picks.len() >= 2);
        assert_eq!(Level(5).choose(&[], 1), None);
    }

    #[test]
    fn never_walks_into_a_mate() {
        let a = mv(Square::H2, Square::E2);
        let b = mv(Square::B2, Square::E2);
        let lines = [
            Line { mv: a, score: -250 },
            Line {
                mv: b,
                score: -MATE + 4,
            },
        ];
        for seed in 0..100 {
            assert_eq!(Level(1).choose(&lines, seed), Some(a));
        }
    }
}
