//! Unit tests for the rules module: the chase criteria on single positions, occurrences and the
//! move-limit counter. Whole repetition cycles are tested in `tests/rules.rs`.

use super::*;
use crate::notation::parse_iccs;
use crate::types::{Bitboard, Square};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn chased(fen: &str, by: Color) -> Bitboard {
    let mut p = pos(fen);
    let before = (p.key(), p.history().len());
    let c = chased_pieces(&mut p, by);
    assert_eq!((p.key(), p.history().len()), before, "position restored");
    assert!(p.is_consistent());
    c
}

fn set(squares: &[Square]) -> Bitboard {
    squares.iter().copied().collect()
}

#[test]
fn unprotected_and_protected_targets() {
    // Rook h6 attacks the cannon c6: unprotected → chased; protected by the rook c9 → not.
    assert_eq!(
        chased("4k4/9/9/2c4R1/9/9/9/9/9/3K5 b", Color::Red),
        set(&[Square::C6])
    );
    assert!(chased("2r1k4/9/9/2c4R1/9/9/9/9/9/3K5 b", Color::Red).is_empty());
    // A defender that is pinned does not protect: the horse on d8 defends c6 but is pinned by
    // the red rook on d0 against its king on d9.
    assert_eq!(
        chased("3k5/3n5/9/2c4R1/9/9/9/9/9/3R1K3 b", Color::Red),
        set(&[Square::C6])
    );
    // The king protects a piece next to it, unless recapturing would face the other king.
    assert!(chased("4k4/4c2R1/9/9/9/9/9/9/9/3K5 b", Color::Red).is_empty());
    assert_eq!(
        chased("4k4/4c2R1/9/9/9/9/9/9/9/4K4 b", Color::Red),
        set(&[Square::E8])
    );
}

#[test]
fn stronger_targets_are_chased_even_when_protected() {
    // A red horse on b7 attacks the black rooks on a9 and c9, which protect each
    // other. The red king on f0 is safe after the capture.
    assert_eq!(
        chased("r1r1k4/9/1N7/9/9/9/9/9/9/5K3 b", Color::Red),
        set(&[Square::A9, Square::C9])
    );
    // An advisor attacking a horse protected by the rook on e5 chases it.
    assert_eq!(
        chased("3k5/9/9/9/4r4/9/9/9/4n4/3AK4 b", Color::Red),
        set(&[Square::E1])
    );
}

#[test]
fn capture_that_gets_mated_is_idle() {
    // Same as above with the red king on d0: after Nxa9, Rc9-d9 mates (the kings may not face
    // on the e-file), so the attack on a9 is not a chase (细则 7); c9 still is.
    assert_eq!(
        chased("r1r1k4/9/1N7/9/9/9/9/9/9/3K5 b", Color::Red),
        set(&[Square::C9])
    );
}

#[test]
fn exchange_offers_kings_and_pawns() {
    // Rook against an unprotected rook that can take back: an offer to exchange, not a chase.
    assert!(chased("4k4/9/9/2r4R1/9/9/9/9/9/3K5 b", Color::Red).is_empty());
    // Uncrossed pawns and the king are never chased; a crossed pawn is.
    assert!(chased("4k4/9/9/9/2p4R1/9/9/9/9/3K5 b", Color::Red).is_empty());
    assert_eq!(
        chased("4k4/9/9/9/9/2p4R1/9/9/9/3K5 b", Color::Red),
        set(&[Square::C4])
    );
    // The king's and pawns' own attacks are idle.
    assert!(chased("3k5/9/9/9/9/9/9/5K3/4p4/9 w", Color::Red).is_empty());
    assert!(chased("3k5/9/9/9/4c4/4P4/9/9/9/5K3 b", Color::Red).is_empty());
}

#[test]
fn pinned_attacker_does_not_chase() {
    assert!(chased("3rk4/9/9/9/9/3R2c2/9/9/9/3K5 b", Color::Red).is_empty());
    assert_eq!(
        chased("4k4/9/9/9/9/3R2c2/9/9/9/3K5 b", Color::Red),
        set(&[Square::G4])
    );
}

#[test]
fn occurrences_stop_at_captures() {
    let mut p = pos("4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1");
    for m in [
        "a1a2", "e9e8", "a2a1", "e8e9", "a1a2", "e9e8", "a2a1", "e8e9",
    ] {
        let mv = parse_iccs(&p, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        p.make_move(mv);
    }
    assert_eq!(occurrences(&p), 3);
    assert_eq!(occurrence_distance(&p, 1), Some(4));
    assert_eq!(occurrence_distance(&p, 2), Some(8));
    assert_eq!(occurrence_distance(&p, 3), None);
    assert_eq!(occurrence_distance(&p, 0), None);
    assert_eq!(
        judge_repetition(&mut p, 3).map(|j| (j.plies, j.verdict)),
        Some((8, RepetitionVerdict::Draw))
    );
    assert!(judge_repetition(&mut p, 4).is_none());
    // A null move cuts the chain.
    p.make_null_move();
    p.make_null_move();
    assert_eq!(occurrences(&p), 1);
}

#[test]
fn counted_plies_only_sees_the_history() {
    // The FEN's counter seeds the count; checks before the setup cannot be seen.
    let p = pos("4k4/9/9/9/9/9/9/9/R8/3K5 w - - 119 80");
    assert_eq!(counted_plies(&p, Some(10)), 119);
    assert_eq!(counted_plies(&p, Some(0)), 119);
    assert!(!move_limit_reached(&p, 60));
    assert!(move_limit_reached(&p, 59));
}
