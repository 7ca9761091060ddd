//! Legal move generation: all moves, captures only, quiet moves only, check evasions, and a
//! bulk counter for perft.
//!
//! Moves are generated pseudo-legally per piece from the attack tables, then filtered with the
//! position's [`LegalityInfo`](crate::board::LegalityInfo): only king moves, moves of pieces that
//! shield the king (rook/king pins, cannon screens, horse legs) and moves onto an empty cannon
//! line need a full attack test. When in check every king move and every move that can answer
//! each check (capturing the checker, blocking a rook, blocking a horse's leg, adding a second
//! cannon screen, moving the cannon's screen away) gets the full test; the others cannot be legal.

mod movelist;
pub mod perft;

pub use movelist::{MoveList, MAX_MOVES};

use crate::attacks;
use crate::board::{LegalityInfo, Position};
use crate::types::{Bitboard, Move, PieceKind, Square};

/// Which pseudo-legal moves to produce.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GenType {
    /// Every move.
    All,
    /// Captures only.
    Captures,
    /// Non-captures only.
    Quiets,
}

/// Calls `f(from, targets)` for every piece of the side to move, with its pseudo-legal target
/// points restricted by `gen`.
#[inline(always)]
fn for_each_piece(pos: &Position, gen: GenType, mut f: impl FnMut(Square, Bitboard)) {
    let us = pos.side_to_move();
    let occ = pos.occupancy();
    let own = pos.color_bb(us);
    let enemy = pos.color_bb(!us);
    let empty = !occ.bb;
    let allowed = match gen {
        GenType::All => !own,
        GenType::Captures => enemy,
        GenType::Quiets => empty,
    };

    for from in pos.pieces(us, PieceKind::Rook) {
        f(from, attacks::rook_attacks(from, occ) & allowed);
    }
    for from in pos.pieces(us, PieceKind::Cannon) {
        let (reach, caps) = attacks::rook_and_cannon_attacks(from, occ);
        let targets = match gen {
            GenType::All => (reach & empty) | (caps & enemy),
            GenType::Captures => caps & enemy,
            GenType::Quiets => reach & empty,
        };
        f(from, targets);
    }
    for from in pos.pieces(us, PieceKind::Horse) {
        f(from, attacks::horse_attacks(from, occ.bb) & allowed);
    }
    for from in pos.pieces(us, PieceKind::Pawn) {
        f(from, attacks::pawn_attacks(us, from) & allowed);
    }
    for from in pos.pieces(us, PieceKind::Elephant) {
        f(from, attacks::elephant_attacks(from, occ.bb) & allowed);
    }
    for from in pos.pieces(us, PieceKind::Advisor) {
        f(from, attacks::advisor_attacks(from) & allowed);
    }
    let king = pos.king_square(us);
    f(king, attacks::king_attacks(king) & allowed);
}

/// Appends the pseudo-legal moves of kind `gen` (legality not checked).
pub fn generate_pseudo(pos: &Position, gen: GenType, list: &mut MoveList) {
    for_each_piece(pos, gen, |from, targets| {
        for to in targets {
            list.push(Move::new(from, to));
        }
    });
}

/// Appends the legal moves of kind `gen`.
pub fn generate(pos: &Position, gen: GenType, list: &mut MoveList) {
    if pos.in_check() {
        generate_evasions_of(pos, gen, list);
    } else {
        generate_with_info(pos, gen, list, &pos.legality_info());
    }
}

/// [`generate`] for a position not in check, with its [`LegalityInfo`] computed by the caller
/// (a caller that generates captures and quiet moves separately computes it once).
#[inline]
pub fn generate_with_info(pos: &Position, gen: GenType, list: &mut MoveList, info: &LegalityInfo) {
    debug_assert!(!pos.in_check());
    let king = pos.king_square(pos.side_to_move());
    for_each_piece(pos, gen, |from, targets| {
        if from == king || info.blockers.contains(from) {
            for to in targets {
                if pos.king_safe_after(from, to) {
                    list.push(Move::new(from, to));
                }
            }
        } else if (targets & info.screen_points).is_empty() {
            for to in targets {
                list.push(Move::new(from, to));
            }
        } else {
            for to in targets {
                if !info.screen_points.contains(to) || pos.king_safe_after(from, to) {
                    list.push(Move::new(from, to));
                }
            }
        }
    });
}

/// How a move other than the king's can answer the check of the piece on `checker`: by landing
/// on one of the returned target points (taking the checker, blocking a rook's or cannon's line,
/// adding a second cannon screen, blocking a horse's leg) or, against a cannon, by moving its one
/// screen away (the returned source points). A move doing neither leaves that check in place.
#[inline]
fn check_answers(pos: &Position, checker: Square, king: Square) -> (Bitboard, Bitboard) {
    let at = Bitboard::from_square(checker);
    match pos.piece_on(checker).map(|p| p.kind()) {
        // The enemy king checks like a rook along the file they share.
        Some(PieceKind::Rook | PieceKind::King) => {
            (at | attacks::between(king, checker), Bitboard::EMPTY)
        }
        Some(PieceKind::Cannon) => {
            let line = attacks::between(king, checker);
            (at | line, line & pos.occupied())
        }
        Some(PieceKind::Horse) => match attacks::horse_leg(checker, king) {
            Some(leg) => (at.with(leg), Bitboard::EMPTY),
            None => (at, Bitboard::EMPTY),
        },
        // A pawn can only be taken; anything else (never a checker) is left to the full test.
        Some(PieceKind::Pawn) => (at, Bitboard::EMPTY),
        _ => (Bitboard::FULL, Bitboard::EMPTY),
    }
}

/// The moves of kind `gen` when in check. A move that cannot answer every check (see
/// [`check_answers`]) is illegal and skipped; the others get the full king-safety test.
fn generate_evasions_of(pos: &Position, gen: GenType, list: &mut MoveList) {
    let king = pos.king_square(pos.side_to_move());
    let mut targets_all = Bitboard::FULL;
    let mut screens = Bitboard::EMPTY;
    for c in pos.checkers() {
        let (to, from) = check_answers(pos, c, king);
        targets_all &= to;
        screens |= from;
    }
    for_each_piece(pos, gen, |from, targets| {
        let candidates = if from == king {
            targets
        } else if screens.contains(from) {
            // A cannon's screen answers that cannon by leaving; the other checks still need
            // answering where it lands.
            let mut mask = targets;
            for c in pos.checkers() {
                let (to, screen) = check_answers(pos, c, king);
                if !screen.contains(from) {
                    mask &= to;
                }
            }
            mask
        } else {
            targets & targets_all
        };
        for to in candidates {
            if pos.king_safe_after(from, to) {
                list.push(Move::new(from, to));
            }
        }
    });
}

/// Appends every legal move.
pub fn generate_legal(pos: &Position, list: &mut MoveList) {
    generate(pos, GenType::All, list);
}

/// Appends the legal captures.
pub fn generate_captures(pos: &Position, list: &mut MoveList) {
    generate(pos, GenType::Captures, list);
}

/// Appends the legal non-captures.
pub fn generate_quiets(pos: &Position, list: &mut MoveList) {
    generate(pos, GenType::Quiets, list);
}

/// The legal moves as a new list.
pub fn legal_moves(pos: &Position) -> MoveList {
    let mut list = MoveList::new();
    generate_legal(pos, &mut list);
    list
}

/// Whether the side to move has at least one legal move.
pub fn has_legal_move(pos: &Position) -> bool {
    let mut list = MoveList::new();
    generate_legal(pos, &mut list);
    !list.is_empty()
}

/// Number of legal moves, counted without building a list where possible (for perft leaves).
pub fn count_legal(pos: &Position) -> u64 {
    if pos.in_check() {
        let mut list = MoveList::new();
        generate(pos, GenType::All, &mut list);
        return list.len() as u64;
    }
    let king = pos.king_square(pos.side_to_move());
    let info = pos.legality_info();
    let mut count = 0u64;
    for_each_piece(pos, GenType::All, |from, targets| {
        if from == king || info.blockers.contains(from) {
            for to in targets {
                count += pos.king_safe_after(from, to) as u64;
            }
        } else {
            count += (targets - info.screen_points).count() as u64;
            for to in targets & info.screen_points {
                count += pos.king_safe_after(from, to) as u64;
            }
        }
    });
    count
}

#[cfg(test)]
mod tests;
