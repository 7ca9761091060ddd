//! The rules that end a game besides checkmate: the repetition rules (棋例: perpetual check and
//! perpetual chase), the natural move limit (自然限着), insufficient material, and a
//! [`game_result`] helper that puts them together with checkmate and stalemate.
//!
//! This module depends only on `types`, `attacks`, `board` and `movegen`. It is written for two
//! callers: the referee/GUI side (protocol, tests), which asks "is the game over?" after each move,
//! and the search, which asks "how is this repetition inside the tree to be scored?" at many nodes.
//!
//! # Repetition (棋例)
//!
//! A *cycle* is the sequence of plies between an earlier occurrence of the current position (same
//! placement, same side to move, no capture or null move in between) and now. [`judge_cycle`]
//! replays the cycle and classifies every move:
//!
//! * **check** (将): the move leaves the opponent in check. A move that checks is judged as a check
//!   only, whatever else it does (凡走子兼具多种作用，从重定性).
//! * **chase** (捉): the move creates a threat to win material that did not exist before it
//!   (从没捉到捉, 细则 2–3). A piece *P* of the mover attacks an opponent piece *T* and
//!   - *T* is material (子力): rook, horse, cannon, advisor, elephant, or a pawn that has crossed the
//!     river — never the king or an uncrossed pawn (总纲 1(4));
//!   - *P* is not the king (通则 1: the king's own attacks are idle) and not a pawn (通则 3: a
//!     pawn's attacks are idle);
//!   - the capture *P*×*T* is legal (a pinned piece, or one whose capture would expose its king to
//!     the facing king, does not chase);
//!   - either *T* is worth more than *P* (rook > horse = cannon > advisor = elephant = crossed pawn,
//!     总纲 1(5): so horse/cannon attacking a rook, advisor/elephant attacking a rook, horse or
//!     cannon chase even when *T* is protected), or *T* is unprotected: no opponent piece can
//!     legally recapture on *T*'s point after *P*×*T* (a pinned defender, or a king that would step
//!     into an attack or face our king, does not protect);
//!   - an attack on an unprotected piece of the same kind that can legally capture *P* back is an
//!     offer to exchange (兑), not a chase (总纲 1(3));
//!   - the capture does not get the capturer mated at once (细则 7): if after *P*×*T* the
//!     opponent has a checking reply that leaves the capturer without a legal move, it is idle.
//!
//!   "Newly" is decided per target piece: the opponent pieces chased after the move, minus those
//!   already chased by the same side in the position before it (细则 6: 从捉到捉 is idle). When
//!   the mover stood in check before its move, the threats it had "before" are computed as if the
//!   checking pieces were absent, so evading a check does not turn a standing threat into a new
//!   chase.
//! * **idle** (闲): anything else.
//!
//! Each side's conduct over the cycle ([`Conduct`]):
//!
//! * *perpetual check* (长将): every one of its moves in the cycle checks;
//! * *perpetual chase* (长捉, and 一将一捉 when checks and chases alternate): every move is a check
//!   or a chase, at least one is a chase, and the chase moves all chase **the same opponent piece**
//!   (followed through its moves in the cycle);
//! * otherwise its moves are allowed (闲着, 数将一闲, 数捉一闲, …).
//!
//! The verdict ([`RepetitionVerdict`]), in this order (总则 1–4):
//!
//! 1. exactly one side checks perpetually → that side loses (单方面长将, whatever the other does);
//! 2. both sides check perpetually → draw;
//! 3. exactly one side chases perpetually (or mixes check and chase) → that side loses;
//! 4. otherwise (both forbidden, both allowed) → draw.
//!
//! ## How many occurrences
//!
//! The competition rules judge at the third occurrence of a position (循环反复三次). The referee
//! calls [`judge_repetition`] with `occurrences = 3` (what [`RuleOptions::default`] uses in
//! [`game_result`]): the judged span then covers both cycles back to the first occurrence, so a side
//! that varied in either cycle is not punished. The search calls [`judge_cycle`] (or
//! [`judge_first_repetition`]) as soon as the position repeats once inside the tree, judging that
//! single cycle: the cycle would simply be repeated by the same players.
//!
//! ## Covered and simplified
//!
//! Covered: 总则 1–4, 通则 1 (king's attacks idle), 通则 3 first half (pawn's attacks idle),
//! 通则 5 / 细则 12 (a check outweighs a chase in the same move), 细则 1 (unilateral perpetual check
//! always loses), 细则 2 and 6 (only new threats chase), 细则 3 (unprotected or more valuable
//! target), 细则 4 (a piece that is itself some other piece's protector still chases), 细则 5
//! (a chase that also offers an exchange is still a chase when the target cannot capture back), 细则
//! 7 (a capture that gets mated at once is idle, for mates by a checking reply), 细则 8 (both sides
//! forbidden → draw), 一将一捉 as a forbidden mix.
//!
//! Simplified or not covered:
//! * 长杀 (perpetual mate threats) and the mixes 一将一杀, 一杀一捉 are not detected: a mate threat
//!   that is neither a check nor a chase counts as idle.
//! * Chasing is per target piece: chasing two different pieces alternately (e.g. 捉双) is allowed
//!   here, while some rule books forbid it.
//! * Protection is one recapture deep (no exchange counting): a piece attacked twice and defended
//!   once is "protected"; a protected piece of equal value is never chased.
//! * Pawns: 通则 3 second half / 细则 11 (pawn attacks count as chases in mutual attacks, 互打) is
//!   not implemented; a pawn's attacks are always idle. A crossed pawn is worth the same as an
//!   advisor or elephant for the value comparison (its value "floats" in the rules).
//! * 通则 4 / 细则 13 (threats arising from occupying a defensive point that makes an obvious draw)
//!   are not recognised.
//! * A capture that is answered by a stalemating (non-checking) reply is not treated like 细则 7.
//!
//! ## Cross-check with pyffish
//!
//! pyffish 0.0.90 (Fairy-Stockfish 230826, the project's referee) was given the same start FEN and
//! move list as each cycle in `tests/rules.rs` (verdict from `is_optional_game_end` at the third
//! occurrence). It agrees on: rook perpetual check (checker loses), one check + one idle (draw),
//! rook chasing an unprotected cannon (chaser loses), rook attacking a protected cannon (draw),
//! horse chasing a protected rook (chaser loses), mutual perpetual check (draw), the king
//! attacking a crossed pawn (idle, draw), a pawn attacking a cannon (idle, draw), an unpinned rook
//! chasing a cannon (loses), rook-against-rook exchange offers (draw), a perpetual check against
//! an opponent's check-and-chase (checker loses), and mate on the 120th ply. Both sides chasing
//! perpetually (draw) is covered by a unit test of the verdict table only: no clean concrete
//! cycle was found.
//! It differs, by design, on:
//! * 一将一捉: pyffish draws; here the side alternating check and chase loses (as the 棋例 say).
//! * a pinned chaser: pyffish counts the pinned rook's attacks as a chase (red loses); here a
//!   capture that would be illegal is no threat (draw).
//! * 细则 7: pyffish counts an attack whose capture is answered by mate as a chase (red loses);
//!   here it is idle (draw).
//! * pyffish decides "newly attacked" from the moved piece and the lines it opens; here it is the
//!   difference between the threats before and after the move, so a move that removes the
//!   reason a standing attack was not a threat (a pin, a protector, a mate after the capture)
//!   also chases.
//! * its move limit is 50 moves (100 plies) without capture.
//!
//! A randomized cross-check (random small positions, a random 4-ply cycle played twice, 600
//! cycles per run: ~250 draws, ~300 perpetual checks, ~50–160 chases) agreed with pyffish on
//! every draw, perpetual check and pure perpetual chase; every disagreement was a 一将一捉 cycle.
//! With [`RuleOptions::mixed_check_chase_loses`] `= false` (or [`judge_cycle_with`]) all 600
//! verdicts agreed.
//!
//! # Integration
//!
//! * **Search**, at a node whose position repeats (e.g. [`Position::repetition_distance`] is
//!   `Some(d)`, inside the tree or against the game): `judge_cycle(pos, d)` and score
//!   `verdict.value_for(pos.side_to_move())` as a win/loss/draw by rule, adjusted by ply so that
//!   varying early is preferred. It costs ~0.1 µs when a perpetual check decides, a few µs
//!   otherwise (replay), and does not allocate. Before scoring a node by
//!   [`move_limit_reached`], look for a mate/stalemate (no legal move = loss) first. Rule
//!   verdicts depend on the path: do not store them in the hash table as exact scores (or mix
//!   [`Position::rule60_count`] into the key near the limit).
//! * **Root**: skip moves with `verdict_after(pos, mv, 2) == Some(Loss(us))` whenever another move
//!   exists (combine with `banmoves`).
//! * **Protocol/referee**: after `position … moves …`, `game_result(&mut pos, &options)` tells
//!   whether the game is over (e.g. answer `nobestmove`); [`insufficient_material`] and a long
//!   [`counted_plies`] stretch are the "dead position" signals for draw offers.
//!
//! # Natural move limit (自然限着)
//!
//! [`counted_plies`] counts the plies since the last capture (seeded from the FEN's half-move
//! field) minus each side's checks beyond the tenth in that stretch (only the check moves
//! themselves are discounted, not the replies; Pikafish also discounts the reply to such a
//! check). [`move_limit_reached`] compares it with `2 × limit_moves` (default 60 moves = 120
//! plies). A checkmate or stalemate delivered by the limiting move still decides the game:
//! [`game_result`] looks for that first.
//!
//! # Insufficient material
//!
//! [`insufficient_material`]: neither side has a rook, horse, cannon or pawn (only kings, advisors
//! and elephants, which can never cross the river).
//!
//! # Example
//!
//! ```
//! use chuhan::board::Position;
//! use chuhan::notation::parse_iccs;
//! use chuhan::rules::{self, RepetitionVerdict};
//! use chuhan::types::Color;
//!
//! // Red's rook checks from a1→a9, Black's king steps aside, and so on round and round.
//! let mut pos = Position::from_fen("4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1").unwrap();
//! for m in ["a1a9", "e9e8", "a9a8", "e8e9", "a8a9", "e9e8", "a9a8", "e8e9"] {
//!     let mv = parse_iccs(&pos, m).unwrap();
//!     pos.make_move(mv);
//! }
//! let judgement = rules::judge_first_repetition(&mut pos).unwrap();
//! assert_eq!(judgement.verdict, RepetitionVerdict::Loss(Color::Red));
//! ```

mod limits;
mod repetition;

pub use limits::{
    counted_plies, insufficient_material, move_limit_reached, DEFAULT_COUNTED_CHECKS,
};
pub use repetition::{
    chased_pieces, cycle_effects, judge_cycle, judge_cycle_with, judge_first_repetition,
    judge_repetition, judge_repetition_with, occurrence_distance, occurrences, verdict_after,
    verdict_after_with, Conduct, CycleJudgement, MoveEffect, RepetitionVerdict, SideReport,
};

use crate::board::Position;
use crate::movegen;
use crate::types::Color;

/// The default natural move limit, in moves (60 moves = 120 plies).
pub const DEFAULT_MOVE_LIMIT: u32 = 60;

/// Which repetition rule judges a side that alternates checks and chases (一将一捉).
///
/// ```
/// use chuhan::rules::RepetitionRule;
/// assert_eq!(RepetitionRule::Pyffish.name(), "pyffish");
/// assert!(RepetitionRule::default().mixed_check_chase_loses());
/// assert!(!RepetitionRule::Pyffish.mixed_check_chase_loses());
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum RepetitionRule {
    /// The Asian rules (棋例): 一将一捉 is forbidden, the side that does it loses. The default.
    #[default]
    Asian,
    /// As pyffish/Fairy-Stockfish and Pikafish judge: 一将一捉 is allowed, so such a repetition
    /// is a draw unless the other side broke a rule. Perpetual check and pure perpetual chase
    /// still lose.
    Pyffish,
}

impl RepetitionRule {
    /// Every rule, in the order the protocol lists them.
    pub const ALL: [RepetitionRule; 2] = [RepetitionRule::Asian, RepetitionRule::Pyffish];

    /// The protocol name: `asian` or `pyffish`.
    pub const fn name(self) -> &'static str {
        match self {
            RepetitionRule::Asian => "asian",
            RepetitionRule::Pyffish => "pyffish",
        }
    }

    /// Whether a side alternating checks and chases loses under this rule (the argument of
    /// [`judge_cycle_with`] and [`RuleOptions::mixed_check_chase_loses`]).
    pub fn mixed_check_chase_loses(self) -> bool {
        self == RepetitionRule::Asian
    }
}

/// How the game-ending rules are applied by [`game_result`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RuleOptions {
    /// Natural move limit in moves (a move = two plies) without a capture; 0 disables it.
    pub move_limit: u32,
    /// Checks per side that count towards the move limit (`None`: all count).
    pub counted_checks: Option<u32>,
    /// How many occurrences of a position (the current one included) trigger the repetition
    /// verdict; values below 2 are treated as 2.
    pub repetition_occurrences: u32,
    /// Whether a side alternating checks and chases (一将一捉) loses, as the 棋例 say (default
    /// `true`); `false` follows pyffish/Pikafish, which call such repetitions draws.
    pub mixed_check_chase_loses: bool,
}

impl Default for RuleOptions {
    /// 60 moves, checks beyond the tenth per side not counted, verdict at the third occurrence.
    fn default() -> RuleOptions {
        RuleOptions {
            move_limit: DEFAULT_MOVE_LIMIT,
            counted_checks: Some(DEFAULT_COUNTED_CHECKS),
            repetition_occurrences: 3,
            mixed_check_chase_loses: true,
        }
    }
}

/// Why a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The side to move is in check and has no legal move (将死).
    Checkmate,
    /// The side to move has no legal move but is not in check (困毙): it loses too.
    Stalemate,
    /// The loser checked perpetually (长将).
    PerpetualCheck,
    /// The loser chased perpetually, or mixed checks and chases (长捉, 一将一捉).
    PerpetualChase,
    /// A repetition in which neither side (or both) broke the rules: draw (不变作和).
    Repetition,
    /// The natural move limit (自然限着): draw.
    MoveLimit,
    /// Neither side has a piece that can cross the river: draw.
    InsufficientMaterial,
}

/// The end of a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct GameResult {
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub reason: EndReason,
}

impl GameResult {
    /// Whether the game is drawn.
    pub fn is_draw(&self) -> bool {
        self.winner.is_none()
    }

    /// `1-0`, `0-1` or `1/2-1/2` (Red first).
    pub fn score_text(&self) -> &'static str {
        match self.winner {
            Some(Color::Red) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

/// Whether the game is over in `pos` (whose history holds the game since its start position), and
/// how. Checked in this order:
///
/// 1. no legal move: the side to move loses (checkmate, or stalemate which also loses) — so a mate
///    delivered by the move that reaches the move limit or completes a repetition still wins;
/// 2. the position occurs for the `options.repetition_occurrences`-th time: the repetition verdict
///    (a perpetual checker or chaser loses, otherwise a draw);
/// 3. the natural move limit: draw;
/// 4. insufficient material: draw.
///
/// The position is restored before returning (it is replayed to judge a repetition).
///
/// ```
/// use chuhan::board::Position;
/// use chuhan::rules::{game_result, EndReason, RuleOptions};
/// use chuhan::types::Color;
///
/// // Black to move, checkmated by the rook and the facing king.
/// let mut pos = Position::from_fen("3k5/9/9/9/3R5/9/9/9/9/4K4 b - - 0 1").unwrap();
/// let r = game_result(&mut pos, &RuleOptions::default()).unwrap();
/// assert_eq!((r.winner, r.reason), (Some(Color::Red), EndReason::Checkmate));
/// ```
pub fn game_result(pos: &mut Position, options: &RuleOptions) -> Option<GameResult> {
    let side = pos.side_to_move();
    if !movegen::has_legal_move(pos) {
        let reason = if pos.in_check() {
            EndReason::Checkmate
        } else {
            EndReason::Stalemate
        };
        return Some(GameResult {
            winner: Some(!side),
            reason,
        });
    }
    let judged = judge_repetition_with(
        pos,
        options.repetition_occurrences,
        options.mixed_check_chase_loses,
    );
    if let Some(j) = judged {
        let result = match j.verdict {
            RepetitionVerdict::Draw => GameResult {
                winner: None,
                reason: EndReason::Repetition,
            },
            RepetitionVerdict::Loss(loser) => GameResult {
                winner: Some(!loser),
                reason: if j.sides[loser.index()].conduct == Conduct::PerpetualCheck {
                    EndReason::PerpetualCheck
                } else {
                    EndReason::PerpetualChase
                },
            },
        };
        return Some(result);
    }
    if options.move_limit > 0
        && counted_plies(pos, options.counted_checks) >= 2 * options.move_limit
    {
        return Some(GameResult {
            winner: None,
            reason: EndReason::MoveLimit,
        });
    }
    if insufficient_material(pos) {
        return Some(GameResult {
            winner: None,
            reason: EndReason::InsufficientMaterial,
        });
    }
    None
}

#[cfg(test)]
mod tests;
