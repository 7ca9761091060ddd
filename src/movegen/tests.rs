//! Rule tests for the move generator: each Xiangqi rule, pins, checks and evasions.

use super::*;
use crate::board::Position;
use crate::types::Square;

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn moves_of(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = legal_moves(p).iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

fn moves_from(p: &Position, from: Square) -> Vec<String> {
    let mut v: Vec<String> = legal_moves(p)
        .iter()
        .filter(|m| m.from() == from)
        .map(|m| m.to_string())
        .collect();
    v.sort();
    v
}

fn has(p: &Position, m: &str) -> bool {
    moves_of(p).iter().any(|x| x == m)
}

#[test]
fn horse_leg_blocks() {
    // Red horse on b0; its leg c0 holds a red elephant, so b0-d1 is blocked.
    let p = pos("3k5/9/9/9/9/9/9/9/9/1NB1K4 w");
    assert_eq!(moves_from(&p, Square::B0), vec!["b0a2", "b0c2"]);
    // Leg b1 blocked by an enemy piece: b0-a2 and b0-c2 blocked.
    let p = pos("3k5/9/9/9/9/9/9/9/1r7/1N2K4 w");
    assert_eq!(moves_from(&p, Square::B0), vec!["b0d1"]);
}

#[test]
fn elephant_eye_and_river() {
    let p = pos("3k5/9/9/9/9/2B6/9/9/9/4K4 w");
    // Elephant on c4 moves to a2 and e2 only; it never crosses the river to a6/e6.
    assert_eq!(moves_from(&p, Square::C4), vec!["c4a2", "c4e2"]);
    let p = pos("3k5/9/9/9/9/2B6/3p5/9/9/4K4 w");
    // A black pawn on d3 blocks the eye towards e2.
    assert_eq!(moves_from(&p, Square::C4), vec!["c4a2"]);
}

#[test]
fn king_and_advisor_stay_in_palace() {
    let p = pos("3k5/9/9/9/9/9/9/9/9/3AK4 w");
    assert_eq!(moves_from(&p, Square::D0), vec!["d0e1"]);
    let p = pos("5k3/9/9/9/9/9/9/9/9/3K5 w");
    assert_eq!(moves_from(&p, Square::D0), vec!["d0d1", "d0e0"]);
}

#[test]
fn pawn_sideways_only_after_river() {
    let p = pos("4k4/9/9/9/9/4P4/9/9/9/3K5 w");
    assert_eq!(moves_from(&p, Square::E4), vec!["e4e5"]);
    let p = pos("4k4/9/9/9/4P4/9/9/9/9/3K5 w");
    assert_eq!(moves_from(&p, Square::E5), vec!["e5d5", "e5e6", "e5f5"]);
    // On the last rank only sideways.
    let p = pos("5k3/9/9/9/9/9/9/9/9/3K1p3 b");
    assert_eq!(moves_from(&p, Square::F0), vec!["f0e0", "f0g0"]);
}

#[test]
fn cannon_needs_exactly_one_screen() {
    // Red cannon on b2, screen on b5, black rook on b7 behind it: it captures b7; the horse on
    // b9 is behind two screens and out of reach.
    let p = pos("1n2k4/9/1r7/9/1n7/9/9/1C7/9/3K5 w");
    let m = moves_from(&p, Square::B2);
    assert!(m.contains(&"b2b7".to_string()));
    assert!(!m.contains(&"b2b5".to_string()));
    assert!(!m.contains(&"b2b9".to_string()));
    assert!(m.contains(&"b2b4".to_string()));
}

#[test]
fn flying_general_is_illegal() {
    // The red king may not step onto the open file of the black king.
    let p = pos("3k5/9/9/9/9/9/9/9/9/4K4 w");
    assert!(!has(&p, "e0d0"));
    // A piece that is the only one between the kings is pinned.
    let p = pos("4k4/9/9/9/9/9/9/9/4N4/4K4 w");
    assert!(moves_from(&p, Square::E1).is_empty());
}

#[test]
fn rook_pin() {
    // Red horse on e2 pinned by black rook e7 against the red king e0.
    let p = pos("3k5/9/4r4/9/9/9/9/4N4/9/4K4 w");
    assert!(moves_from(&p, Square::E2).is_empty());
}

#[test]
fn cannon_pin_with_two_screens() {
    // Black cannon on e7, red pieces on e2 and e4: moving either off the file gives check.
    let p = pos("3k5/9/4c4/9/9/4R4/9/4N4/9/4K4 w");
    let horse = moves_from(&p, Square::E2);
    assert!(horse.is_empty(), "{horse:?}");
    // The rook may move along the file (it stays one of the two screens), not sideways.
    let rook = moves_from(&p, Square::E4);
    assert!(rook.iter().all(|m| m.as_bytes()[2] == b'e'), "{rook:?}");
    assert!(rook.contains(&"e4e7".to_string()));
}

#[test]
fn moving_onto_empty_cannon_line_is_illegal() {
    // Black cannon e7 faces the red king e0 on an open file (kings on different files).
    let p = pos("3k5/9/4c4/9/9/9/9/9/2R6/4K4 w");
    // Rook c1 to e1 would become a screen.
    assert!(!has(&p, "c1e1"));
    assert!(has(&p, "c1d1"));
    assert!(has(&p, "c1c7"));
}

#[test]
fn horse_leg_pin() {
    // The black horse on d2 would attack the red king on e0 through its leg d1, which a red
    // rook blocks: the rook may capture the horse but not otherwise leave the leg.
    let p = pos("3k5/9/9/9/9/9/9/3n5/3R5/4K4 w");
    let rook = moves_from(&p, Square::D1);
    assert_eq!(rook, vec!["d1d2"], "{rook:?}");
}

#[test]
fn cannon_check_evasions() {
    // Black cannon e7 checks the red king e0 over the screen on e3 (a red pawn).
    let p = pos("3k5/9/4c4/9/9/9/4P4/9/9/4K4 w");
    assert!(p.in_check());
    let m = moves_of(&p);
    // e0e1 stays on the cannon's file and e0d0 faces the black king: only e0f0.
    assert_eq!(m, vec!["e0f0"]);
    // Moving the screen forward keeps it a screen: still check, illegal.
    assert!(!m.contains(&"e3e4".to_string()));
    for mv in legal_moves(&p).iter() {
        let mut q = p.clone();
        q.make_move(*mv);
        assert!(q
            .attackers_to(
                q.king_square(crate::types::Color::Red),
                crate::types::Color::Black
            )
            .is_empty());
    }
}

#[test]
fn evasion_by_moving_the_screen() {
    // Cannon check over a red horse on e2: the horse may step off the file.
    let p = pos("3k5/9/4c4/9/9/9/9/4N4/9/3AK4 w");
    assert!(p.in_check());
    let m = moves_of(&p);
    assert!(m.contains(&"e2c3".to_string()), "{m:?}");
    assert!(m.contains(&"e2g1".to_string()), "{m:?}");
}

#[test]
fn evasion_by_second_screen_and_by_blocking_leg() {
    // Cannon check with screen e3; a red rook can drop a second screen on e1/e2.
    let p = pos("3k5/9/4c4/9/9/9/4P4/9/R8/4K4 w");
    assert!(has(&p, "a1e1"));
    // Horse check: black horse f2 attacks e0 via leg f1; blocking f1 is an evasion.
    let p = pos("3k5/9/9/9/9/9/9/5n3/6R2/3AK4 w");
    assert!(p.in_check());
    let m = moves_of(&p);
    assert!(m.contains(&"g1f1".to_string()), "{m:?}");
    assert!(!m.contains(&"g1g5".to_string()), "{m:?}");
    assert!(m.contains(&"e0f0".to_string()), "{m:?}");
}

#[test]
fn double_check() {
    // The black rook on e5 and the black horse on f2 both check the red king on e0: only a king
    // move helps, and only e0f0 is safe (d0 faces the black king, e1 stays on the rook's file).
    let p = pos("3k5/9/9/9/4r4/9/9/5n3/9/4K4 w");
    assert_eq!(p.checkers().count(), 2);
    assert_eq!(moves_of(&p), vec!["e0f0"]);
    // With a red rook that could capture either checker, still only the king moves.
    let p = pos("3k5/9/9/9/R3r4/9/9/5n3/9/4K4 w");
    assert_eq!(p.checkers().count(), 2);
    let m = moves_of(&p);
    assert!(
        !m.is_empty() && m.iter().all(|m| m.starts_with("e0")),
        "{m:?}"
    );
}

#[test]
fn stalemate_has_no_moves() {
    // The lone black king on d9: d8 is covered by the red rook on g8, e9 by the red king on e0
    // (flying general); it is not in check, so this is stalemate (a loss in Xiangqi).
    let p = pos("3k5/6R2/9/9/9/9/9/9/9/4K4 b");
    assert!(!p.in_check());
    assert_eq!(count_legal(&p), 0);
    assert!(legal_moves(&p).is_empty());
}

#[test]
fn captures_and_quiets_partition_legal() {
    let fens = [
        crate::board::START_FEN,
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
        "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w - - 0 1",
    ];
    for fen in fens {
        let p = pos(fen);
        let mut caps = MoveList::new();
        let mut quiets = MoveList::new();
        generate_captures(&p, &mut caps);
        generate_quiets(&p, &mut quiets);
        let all = legal_moves(&p);
        assert_eq!(caps.len() + quiets.len(), all.len());
        assert!(caps.iter().all(|&m| p.is_capture(m)));
        assert!(quiets.iter().all(|&m| !p.is_capture(m)));
        assert_eq!(count_legal(&p), all.len() as u64);
    }
}

fn walk(p: &mut Position, depth: u32) {
    if depth == 0 {
        return;
    }
    let list = legal_moves(p);
    let info = p.legality_info();
    let mut pseudo = MoveList::new();
    generate_pseudo(p, GenType::All, &mut pseudo);
    for &m in pseudo.iter() {
        assert!(p.is_pseudo_legal(m));
        assert_eq!(
            list.contains(&m),
            p.is_legal(m, &info) || (p.in_check() && p.king_safe_after(m.from(), m.to()))
        );
    }
    for &m in list.iter() {
        let before_fen = p.to_fen();
        let before_key = p.key();
        let gives = p.gives_check(m);
        // Half the moves trust `gives` for the new checkers: `is_consistent` recomputes them.
        if before_key & 1 == 0 {
            p.make_move_known_check(m, gives);
        } else {
            p.make_move(m);
        }
        assert!(p.is_consistent(), "after {m} from {before_fen}");
        assert_eq!(p.in_check(), gives, "gives_check {m} in {before_fen}");
        // The side that moved is never left in check.
        let mover = !p.side_to_move();
        assert!(p
            .attackers_to(p.king_square(mover), p.side_to_move())
            .is_empty());
        walk(p, depth - 1);
        p.unmake_move();
        assert_eq!(p.to_fen(), before_fen);
        assert_eq!(p.key(), before_key);
        assert!(p.is_consistent());
    }
}

#[test]
fn make_unmake_round_trip_over_trees() {
    let fens = [
        crate::board::START_FEN,
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
        "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
        "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1",
        "C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w - - 0 1",
    ];
    for fen in fens {
        let mut p = pos(fen);
        walk(&mut p, 3);
    }
}

#[test]
fn null_move_round_trip() {
    let mut p = Position::startpos();
    let key = p.key();
    p.make_null_move();
    assert_ne!(p.key(), key);
    assert!(p.is_consistent());
    p.unmake_null_move();
    assert_eq!(p.key(), key);
    assert!(p.is_consistent());
}

/// `key_after` (the key the search prefetches the child's hash entry with) equals the key
/// `make_move` produces, for every pseudo-legal move of the bench positions, captures included.
#[test]
fn key_after_matches_make_move() {
    let mut checked = 0;
    for fen in crate::board::BENCH_FENS {
        let mut p = pos(fen);
        let mut list = MoveList::new();
        generate_pseudo(&p, GenType::All, &mut list);
        for &mv in list.iter() {
            let predicted = p.key_after(mv);
            p.make_move(mv);
            assert_eq!(predicted, p.key(), "{fen} {mv}");
            p.unmake_move();
            checked += 1;
        }
    }
    assert!(checked > 1000, "only {checked} moves checked");
}
