//! Scores: centipawn-like values from the side to move's point of view, and the mate scale.
//!
//! The evaluation produces them and the search combines them; both sit above this module, so
//! neither has to import the other for the type.

/// Score in centipawn-like units from the side to move's point of view.
pub type Score = i32;

/// Mate score: a mate in `n` plies from the root scores `MATE - n`.
pub const MATE: Score = 30_000;

/// Scores above this (in absolute value) are mate scores.
pub const MATE_BOUND: Score = MATE - 1_000;

/// Moves to mate for a score (positive: the side to move mates), if it is a mate score.
pub fn mate_in_moves(score: Score) -> Option<i32> {
    if score > MATE_BOUND {
        Some((MATE - score + 1) / 2)
    } else if score < -MATE_BOUND {
        Some(-((MATE + score + 1) / 2))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_in_moves_conversion() {
        assert_eq!(mate_in_moves(MATE - 1), Some(1));
        assert_eq!(mate_in_moves(MATE - 3), Some(2));
        assert_eq!(mate_in_moves(-MATE + 2), Some(-1));
        assert_eq!(mate_in_moves(100), None);
        assert_eq!(mate_in_moves(-MATE_BOUND), None);
    }
}
