//! The search's tuning constants, named in one place: they are what a parameter tuner (SPSA)
//! turns. Depths are in plies, margins in centipawn-like score units.

use super::Score;

/// Half-width of the first aspiration window around the previous iteration's score.
pub const ASPIRATION_DELTA: Score = 20;
/// Widths beyond this give up the window (full-width search).
pub const ASPIRATION_MAX_DELTA: Score = 800;
/// Aspiration windows start at this depth.
pub const ASPIRATION_MIN_DEPTH: i32 = 4;

/// Root moves from this index on (counted from the current MultiPV line) are reduced by one
/// ply when quiet, at depth [`ROOT_LMR_MIN_DEPTH`] or more.
pub const ROOT_LMR_MIN_INDEX: usize = 4;
/// See [`ROOT_LMR_MIN_INDEX`].
pub const ROOT_LMR_MIN_DEPTH: i32 = 3;

/// Reverse futility pruning (static null move) applies up to this depth.
pub const RFP_MAX_DEPTH: i32 = 7;
/// Reverse futility margin per ply of depth.
pub const RFP_MARGIN: Score = 80;
/// Reverse futility margin taken off when the static evaluation is improving.
pub const RFP_IMPROVING: Score = 40;

/// Null move applies from this depth.
pub const NMP_MIN_DEPTH: i32 = 3;
/// Base null-move reduction.
pub const NMP_BASE_REDUCTION: i32 = 3;
/// One more ply of null-move reduction per this many plies of depth.
pub const NMP_DEPTH_DIVISOR: i32 = 4;
/// One more ply of null-move reduction per this much evaluation above beta…
pub const NMP_EVAL_DIVISOR: Score = 200;
/// …up to this many plies.
pub const NMP_EVAL_MAX: i32 = 3;

/// Internal iterative reduction: a node without a hash move is searched one ply shallower
/// from this depth (PV and expected cut nodes).
pub const IIR_MIN_DEPTH: i32 = 4;

/// Late move pruning applies up to this depth.
pub const LMP_MAX_DEPTH: i32 = 8;
/// Late move pruning count: `(LMP_BASE + depth²) × (3 if improving else 2) / 2` quiet moves.
pub const LMP_BASE: i32 = 4;

/// Futility pruning of quiet moves applies up to this depth…
pub const FUTILITY_MAX_DEPTH: i32 = 6;
/// …when the static evaluation plus this…
pub const FUTILITY_BASE: Score = 120;
/// …plus this per ply of depth does not reach alpha.
pub const FUTILITY_PER_DEPTH: Score = 90;

/// Quiet moves with a history score below `-HISTORY_PRUNE_PER_DEPTH × depth` are pruned up to
/// this depth.
pub const HISTORY_PRUNE_MAX_DEPTH: i32 = 3;
/// See [`HISTORY_PRUNE_MAX_DEPTH`].
pub const HISTORY_PRUNE_PER_DEPTH: i32 = 4000;

/// Captures losing more than `SEE_CAPTURE_PER_DEPTH × depth` are pruned up to this depth.
pub const SEE_PRUNE_MAX_DEPTH: i32 = 5;
/// See [`SEE_PRUNE_MAX_DEPTH`].
pub const SEE_CAPTURE_PER_DEPTH: i32 = 120;

/// Late move reductions apply from this depth.
pub const LMR_MIN_DEPTH: i32 = 3;
/// The reduction table is `LMR_BASE + ln(depth) × ln(move number) / LMR_DIVISOR`.
pub const LMR_BASE: f64 = 0.5;
/// See [`LMR_BASE`].
pub const LMR_DIVISOR: f64 = 2.6;
/// One ply less (or more) reduction per this much history score.
pub const LMR_HISTORY_DIVISOR: i32 = 10_000;

/// Checks are extended while the ply is below `2 × root depth + CHECK_EXTENSION_SLACK`.
pub const CHECK_EXTENSION_SLACK: usize = 8;

/// History bonus of a quiet move that caused a cutoff: `HISTORY_BONUS_PER_DEPTH2 × depth²`…
pub const HISTORY_BONUS_PER_DEPTH2: i32 = 24;
/// …at most this.
pub const HISTORY_BONUS_MAX: i32 = 2400;

/// Quiescence skips a capture when the standing evaluation plus the captured piece plus this
/// margin stays below alpha (delta pruning).
pub const QS_DELTA_MARGIN: Score = 200;
