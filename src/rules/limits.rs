//! The natural move limit (自然限着) and insufficient material.

use crate::board::Position;
use crate::types::{Color, PieceKind};

/// Checks per side that count towards the move limit by default; later ones do not.
pub const DEFAULT_COUNTED_CHECKS: u32 = 10;

/// Plies that count towards the natural move limit: the plies since the last capture (seeded
/// from the FEN's half-move field), minus each side's checking moves beyond the first
/// `counted_checks` in that stretch (`None`: every check counts).
///
/// Checks can only be seen in the recorded history: plies that the FEN's counter reports from
/// before the position was set up all count. Null moves count as plies and never as checks.
///
/// ```
/// use chuhan::board::Position;
/// use chuhan::rules::counted_plies;
///
/// let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/R8/3K5 w - - 37 60").unwrap();
/// assert_eq!(counted_plies(&pos, Some(10)), 37);
/// ```
pub fn counted_plies(pos: &Position, counted_checks: Option<u32>) -> u32 {
    let plies = u32::from(pos.rule60_count());
    let Some(cap) = counted_checks else {
        return plies;
    };
    let history = pos.history();
    let n = history.len();
    let window = (plies as usize).min(n);
    // A side needs more than `cap` checks in the window for anything to be discounted, and each
    // side moves on every other ply.
    if window < (cap as usize).saturating_mul(2).saturating_add(1) {
        return plies;
    }
    let mut checks = [0u32; 2];
    // The mover of history[n - k] is the side to move when k is even, the other side when odd.
    let side = pos.side_to_move();
    for k in 1..=window {
        let j = n - k;
        let gave_check = if k == 1 {
            pos.in_check()
        } else {
            history[j + 1].checkers.any()
        };
        if gave_check && history[j].mv.is_some() {
            let mover = if k % 2 == 0 { side } else { !side };
            checks[mover.index()] += 1;
        }
    }
    let excess = checks[0].saturating_sub(cap) + checks[1].saturating_sub(cap);
    plies.saturating_sub(excess)
}

/// Whether the natural move limit of `limit_moves` moves (`2 × limit_moves` plies) without a
/// capture has been reached, each side's checks beyond the tenth not counting. `0` disables the
/// limit. The caller must still look for a checkmate or stalemate first: the move that reaches the
/// limit wins if it mates.
///
/// Cheap when the counter is below the limit (one comparison); otherwise it scans at most the
/// plies since the last capture. It does not allocate.
///
/// ```
/// use chuhan::board::Position;
/// use chuhan::rules::move_limit_reached;
///
/// let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/R8/3K5 w - - 120 80").unwrap();
/// assert!(move_limit_reached(&pos, 60));
/// assert!(!move_limit_reached(&pos, 61));
/// ```
pub fn move_limit_reached(pos: &Position, limit_moves: u32) -> bool {
    if limit_moves == 0 {
        return false;
    }
    let limit = limit_moves.saturating_mul(2);
    u32::from(pos.rule60_count()) >= limit
        && counted_plies(pos, Some(DEFAULT_COUNTED_CHECKS)) >= limit
}

/// Whether neither side has a piece that can cross the river (only kings, advisors and
/// elephants remain): a dead draw.
///
/// ```
/// use chuhan::board::Position;
/// use chuhan::rules::insufficient_material;
///
/// assert!(insufficient_material(&Position::from_fen("2bak1b2/4a4/9/9/9/9/9/9/4A4/2B1KAB2 w").unwrap()));
/// assert!(!insufficient_material(&Position::from_fen("4k4/9/9/9/4C4/9/9/9/9/3K5 w").unwrap()));
/// ```
#[inline]
pub fn insufficient_material(pos: &Position) -> bool {
    Color::ALL.iter().all(|&c| {
        (pos.pieces(c, PieceKind::Rook)
            | pos.pieces(c, PieceKind::Horse)
            | pos.pieces(c, PieceKind::Cannon)
            | pos.pieces(c, PieceKind::Pawn))
        .is_empty()
    })
}
