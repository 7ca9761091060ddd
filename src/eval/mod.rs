//! Static evaluation (placeholder contract: `evaluate` from the side to move's point of view).

use crate::board::Position;
use crate::search::Score;

/// Static evaluation from the side to move's point of view.
pub fn evaluate(_pos: &Position) -> Score {
    0
}
