//! The repetition rules (棋例), the natural move limit and game ends on concrete positions.
//!
//! Every move is checked for legality with the crate's move generator (`parse_iccs`). The
//! comment on each case gives pyffish's verdict for the same start FEN and move list (Fairy-Stockfish
//! 230826, the project's referee, asked with `is_optional_game_end` after the whole sequence).

use chuhan::board::Position;
use chuhan::movegen::legal_moves;
use chuhan::notation::parse_iccs;
use chuhan::rules::{
    self, counted_plies, cycle_effects, game_result, judge_first_repetition, move_limit_reached,
    occurrences, Conduct, EndReason, GameResult, RepetitionVerdict, RuleOptions,
};
use chuhan::types::{Color, Move, PieceKind, Square};
use std::collections::HashSet;

fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Plays `moves` (ICCS) from `fen`, asserting each is legal and none captures.
fn play(fen: &str, moves: &[&str]) -> Position {
    let mut pos = position(fen);
    for m in moves {
        let mv = parse_iccs(&pos, m).unwrap_or_else(|e| panic!("{fen} {m}: {e}"));
        assert!(!pos.is_capture(mv), "{m} captures");
        pos.make_move(mv);
    }
    pos
}

/// A 4-ply cycle played twice from `fen`: the start position occurs for the third time.
fn twice(cycle: [&str; 4]) -> Vec<&str> {
    cycle.iter().chain(cycle.iter()).copied().collect()
}

/// Judges after every ply the way the search does (first repetition) and at the end the way the
/// referee does (third occurrence), checking that both agree with `expected` and that the
/// position is left unchanged.
fn judge(fen: &str, moves: &[&str], expected: RepetitionVerdict) -> GameResult {
    let mut pos = position(fen);
    let mut first = None;
    for m in moves {
        let mv = parse_iccs(&pos, m).unwrap_or_else(|e| panic!("{fen} {m}: {e}"));
        assert!(!pos.is_capture(mv), "{m} captures");
        pos.make_move(mv);
        if first.is_none() && occurrences(&pos) == 2 {
            let before = (pos.key(), pos.to_fen(), pos.history().len());
            let j = judge_first_repetition(&mut pos).expect("a repetition");
            assert_eq!((pos.key(), pos.to_fen(), pos.history().len()), before);
            assert!(pos.is_consistent());
            first = Some(j.verdict);
        }
    }
    assert_eq!(first, Some(expected), "first repetition of {fen}");
    assert_eq!(occurrences(&pos), 3, "third occurrence");
    let before = (pos.key(), pos.to_fen(), pos.history().len());
    let result = game_result(&mut pos, &RuleOptions::default()).expect("game over");
    assert_eq!((pos.key(), pos.to_fen(), pos.history().len()), before);
    let (j, effects) = cycle_effects(&mut pos, 8).expect("an 8-ply span");
    assert_eq!(j.verdict, expected, "detailed judgement");
    assert_eq!(effects.len(), 8);
    assert_eq!((pos.key(), pos.to_fen(), pos.history().len()), before);
    match expected {
        RepetitionVerdict::Draw => assert_eq!(result.winner, None),
        RepetitionVerdict::Loss(loser) => assert_eq!(result.winner, Some(!loser)),
    }
    result
}

#[test]
fn rook_perpetual_check_loses() {
    // pyffish: red loses.
    let fen = "4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1";
    let moves = [
        "a1a9", "e9e8", "a9a8", "e8e9", "a8a9", "e9e8", "a9a8", "e8e9", "a8a9",
    ];
    let r = judge(fen, &moves, RepetitionVerdict::Loss(Color::Red));
    assert_eq!(r.reason, EndReason::PerpetualCheck);
    let mut pos = play(fen, &moves);
    let (j, effects) = cycle_effects(&mut pos, 8).unwrap();
    assert_eq!(j.side(Color::Red).conduct, Conduct::PerpetualCheck);
    assert_eq!(j.side(Color::Red).checks, 4);
    assert_eq!(j.side(Color::Black).conduct, Conduct::Allowed);
    assert!(effects.iter().all(|e| e.check == (e.side == Color::Red)));
}

#[test]
fn one_check_one_idle_is_a_draw() {
    // pyffish: draw.
    let fen = "4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1";
    let r = judge(
        fen,
        &twice(["a1a9", "e9e8", "a9a1", "e8e9"]),
        RepetitionVerdict::Draw,
    );
    assert_eq!(r.reason, EndReason::Repetition);
}

#[test]
fn rook_chasing_unprotected_cannon_loses() {
    // pyffish: red loses.
    let fen = "4k4/9/2c6/7R1/9/9/9/9/9/3K5 w - - 0 1";
    let moves = twice(["h6h7", "c7c6", "h7h6", "c6c7"]);
    let r = judge(fen, &moves, RepetitionVerdict::Loss(Color::Red));
    assert_eq!(r.reason, EndReason::PerpetualChase);
    let mut pos = play(fen, &moves);
    let (j, effects) = cycle_effects(&mut pos, 8).unwrap();
    let red = j.side(Color::Red);
    assert_eq!(
        (red.conduct, red.chases, red.checks),
        (Conduct::PerpetualChase, 4, 0)
    );
    // The chased cannon, followed through its moves, is back on c7.
    assert_eq!(red.chased, Square::C7.into());
    assert_eq!(j.side(Color::Black).conduct, Conduct::Allowed);
    let chased: Vec<_> = effects.iter().map(|e| e.chased.first()).collect();
    assert_eq!(
        chased,
        [Some(Square::C7), None, Some(Square::C6), None].repeat(2)
    );
}

#[test]
fn rook_attacking_protected_cannon_is_a_draw() {
    // The black rook on c9 protects the cannon on c7 and c6. pyffish: draw.
    let fen = "2r1k4/9/2c6/7R1/9/9/9/9/9/3K5 w - - 0 1";
    judge(
        fen,
        &twice(["h6h7", "c7c6", "h7h6", "c6c7"]),
        RepetitionVerdict::Draw,
    );
}

#[test]
fn horse_chasing_protected_rook_loses() {
    // The red horse jumps d8→b7 (attacking the rooks on a9 and c9, which protect each other)
    // and b7→d8 (attacking b9); the rook flees a9↔b9. A horse chases a rook even when the rook is
    // protected. pyffish: red loses.
    let fen = "r1r1k4/3N5/9/9/9/9/9/9/9/5K3 w - - 0 1";
    let moves = twice(["d8b7", "a9b9", "b7d8", "b9a9"]);
    let r = judge(fen, &moves, RepetitionVerdict::Loss(Color::Red));
    assert_eq!(r.reason, EndReason::PerpetualChase);
    let mut pos = play(fen, &moves);
    let (j, _) = cycle_effects(&mut pos, 8).unwrap();
    // The piece chased on every move is the rook that flees, now back on a9.
    assert_eq!(j.side(Color::Red).chased, Square::A9.into());
}

#[test]
fn attack_whose_capture_gets_mated_is_not_a_chase() {
    // The horse chase above with the red king on d0: taking the rook on a9 would be answered by
    // Rc9-d9 mate, so the attacks on a9 are idle (细则 7) and the chase of c9 and b9 are of
    // different pieces: draw. pyffish: red loses (it does not look for such mates).
    let fen = "r1r1k4/3N5/9/9/9/9/9/9/9/3K5 w - - 0 1";
    let moves = twice(["d8b7", "a9b9", "b7d8", "b9a9"]);
    judge(fen, &moves, RepetitionVerdict::Draw);
    let mut pos = play(fen, &moves);
    let (_, effects) = cycle_effects(&mut pos, 8).unwrap();
    assert_eq!(effects[0].chased, Square::C9.into());
    assert_eq!(effects[2].chased, Square::B9.into());
}

#[test]
fn offering_an_exchange_is_idle() {
    // Red's rook steps h5↔h6 onto the black rook's rank, which steps c6↔c5 onto the red rook's:
    // each attack can be answered by taking back, so every move offers an exchange (兑) and is
    // idle. pyffish: draw.
    judge(
        "4k4/9/9/2r6/7R1/9/9/9/9/3K5 w - - 0 1",
        &twice(["h5h6", "c6c5", "h6h5", "c5c6"]),
        RepetitionVerdict::Draw,
    );
}

#[test]
fn mutual_perpetual_check_is_a_draw() {
    // Red's rook blocks the black rook's check on f-file and uncovers the cannon on e1; Black's
    // cannon blocks in turn and checks along the f-file. Every move checks. pyffish: draw.
    let fen = "3n5/4k4/9/5r3/9/4c4/2N6/4R4/4CK3/9 w - - 0 1";
    let moves = twice(["e2f2", "e4f4", "f2e2", "f4e4"]);
    let r = judge(fen, &moves, RepetitionVerdict::Draw);
    assert_eq!(r.reason, EndReason::Repetition);
    let mut pos = play(fen, &moves);
    let (j, effects) = cycle_effects(&mut pos, 8).unwrap();
    assert!(effects.iter().all(|e| e.check));
    for c in Color::ALL {
        assert_eq!(j.side(c).conduct, Conduct::PerpetualCheck);
    }
}

#[test]
fn perpetual_check_outweighs_the_opponents_chase() {
    // Red's cannon steps e2↔c2: off the e-file it uncovers the rook's check, on it it checks over
    // the black horse. Black's horse c3↔e4 blocks and uncovers the rook's attack on the cannon
    // (a chase), then checks from c3 (一将一捉). Red's unilateral perpetual check loses
    // regardless. pyffish: red loses.
    let fen = "4k4/9/5a3/5N3/9/2r6/2n6/1c2C4/3K5/3AR4 w - - 0 1";
    let moves = twice(["e2c2", "c3e4", "c2e2", "e4c3"]);
    let r = judge(fen, &moves, RepetitionVerdict::Loss(Color::Red));
    assert_eq!(r.reason, EndReason::PerpetualCheck);
    let mut pos = play(fen, &moves);
    let (j, _) = cycle_effects(&mut pos, 8).unwrap();
    assert_eq!(j.side(Color::Red).conduct, Conduct::PerpetualCheck);
    assert_eq!(j.side(Color::Black).conduct, Conduct::PerpetualChase);
    assert_eq!(j.side(Color::Black).chased, Square::E2.into());
}

#[test]
fn king_attacks_are_idle() {
    // The red king follows a crossed black pawn e1↔f1, attacking it on every move from e2/f2
    // (the pawn is unprotected). The king's attacks are idle moves. pyffish: draw.
    let fen = "3k5/9/9/9/9/9/9/5K3/4p4/9 w - - 0 1";
    judge(
        fen,
        &twice(["f2e2", "e1f1", "e2f2", "f1e1"]),
        RepetitionVerdict::Draw,
    );
}

#[test]
fn pawn_attacks_are_idle() {
    // A crossed red pawn steps d5↔e5 attacking an unprotected cannon that steps e6↔d6.
    // pyffish: draw.
    let fen = "3k5/9/9/4c4/3P5/9/9/9/9/5K3 w - - 0 1";
    judge(
        fen,
        &twice(["d5e5", "e6d6", "e5d5", "d6e6"]),
        RepetitionVerdict::Draw,
    );
}

#[test]
fn pinned_rook_does_not_chase() {
    // The red rook on the d-file is pinned against its king by the black rook on d9, so its
    // attacks on the cannon along ranks 3 and 4 are not chases: draw.
    // pyffish: red loses (it does not exclude pinned chasers).
    let pinned = "3rk4/9/9/9/9/6c2/3R5/9/9/3K5 w - - 0 1";
    let moves = twice(["d3d4", "g4g3", "d4d3", "g3g4"]);
    judge(pinned, &moves, RepetitionVerdict::Draw);
    // The same without the pin: a chase, red loses. pyffish: red loses.
    let free = "4k4/9/9/9/9/6c2/3R5/9/9/3K5 w - - 0 1";
    let r = judge(free, &moves, RepetitionVerdict::Loss(Color::Red));
    assert_eq!(r.reason, EndReason::PerpetualChase);
}

#[test]
fn one_check_one_chase_loses() {
    // The rook alternates a check on a9 with an attack on the unprotected cannon from a6
    // (一将一捉): forbidden, red loses. pyffish: draw (it does not implement 一将一捉).
    let fen = "4k4/9/9/R1c6/9/9/9/9/9/3K5 w - - 0 1";
    let moves = twice(["a6a9", "e9e8", "a9a6", "e8e9"]);
    let r = judge(fen, &moves, RepetitionVerdict::Loss(Color::Red));
    assert_eq!(r.reason, EndReason::PerpetualChase);
    let mut pos = play(fen, &moves);
    let (j, _) = cycle_effects(&mut pos, 8).unwrap();
    let red = j.side(Color::Red);
    assert_eq!((red.checks, red.chases), (2, 2));
    // Under pyffish's reading the same cycle is a draw.
    let pyffish_rules = RuleOptions {
        mixed_check_chase_loses: false,
        ..RuleOptions::default()
    };
    let r = game_result(&mut pos, &pyffish_rules).unwrap();
    assert_eq!((r.winner, r.reason), (None, EndReason::Repetition));
    assert_eq!(
        rules::judge_cycle_with(&mut pos, 4, false).map(|j| j.verdict),
        Some(RepetitionVerdict::Draw)
    );
}

#[test]
fn not_a_repetition_yet() {
    let mut pos = play(
        "4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1",
        &["a1a9", "e9e8", "a9a8"],
    );
    assert_eq!(occurrences(&pos), 1);
    assert!(judge_first_repetition(&mut pos).is_none());
    assert!(rules::judge_cycle(&mut pos, 2).is_none());
    assert!(rules::judge_cycle(&mut pos, 3).is_none());
    assert!(rules::judge_cycle(&mut pos, 0).is_none());
    assert!(rules::judge_cycle(&mut pos, 100).is_none());
    assert_eq!(game_result(&mut pos, &RuleOptions::default()), None);
}

// ----- natural move limit ------------------------------------------------------------------

#[test]
fn move_limit_from_fen_counter() {
    let fen = "4k4/9/9/9/9/9/9/9/R8/3K5 w - - 118 80";
    let mut pos = play(fen, &["a1a2"]);
    assert!(!move_limit_reached(&pos, 60));
    assert_eq!(game_result(&mut pos, &RuleOptions::default()), None);
    let mut pos = play(fen, &["a1a2", "e9e8"]);
    assert_eq!(pos.rule60_count(), 120);
    assert!(move_limit_reached(&pos, 60));
    assert!(!move_limit_reached(&pos, 0));
    assert!(!move_limit_reached(&pos, 61));
    let r = game_result(&mut pos, &RuleOptions::default()).unwrap();
    assert_eq!((r.winner, r.reason), (None, EndReason::MoveLimit));
    // A shorter limit, as competition rules allow, and no limit at all.
    let options = RuleOptions {
        move_limit: 50,
        ..RuleOptions::default()
    };
    assert_eq!(
        game_result(&mut play(fen, &["a1a2"]), &options).map(|r| r.reason),
        Some(EndReason::MoveLimit)
    );
    let options = RuleOptions {
        move_limit: 0,
        ..RuleOptions::default()
    };
    assert_eq!(game_result(&mut pos, &options), None);
}

#[test]
fn checkmate_on_the_limiting_ply_wins() {
    // Ply 120 without a capture is a rook check on the d-file that mates (the kings may not
    // face each other on the e-file). pyffish: black has no legal move, black loses.
    let mut pos = play("3k5/9/9/9/9/9/9/9/R8/4K4 w - - 119 80", &["a1d1"]);
    assert_eq!(pos.rule60_count(), 120);
    assert!(move_limit_reached(&pos, 60));
    let r = game_result(&mut pos, &RuleOptions::default()).unwrap();
    assert_eq!(
        (r.winner, r.reason),
        (Some(Color::Red), EndReason::Checkmate)
    );
    assert_eq!(r.score_text(), "1-0");
}

/// The moves of `pos` that capture nothing, give check exactly when `check` says so, and lead to
/// a position that occurs at most twice (never-seen positions first).
fn quiet_moves(pos: &mut Position, check: bool, seen: &HashSet<u64>) -> Vec<Move> {
    let mut fresh = Vec::new();
    let mut again = Vec::new();
    for mv in legal_moves(pos).iter().copied() {
        if pos.is_capture(mv) || pos.gives_check(mv) != check {
            continue;
        }
        pos.make_move(mv);
        if !seen.contains(&pos.key()) {
            fresh.push(mv);
        } else if occurrences(pos) <= 2 {
            again.push(mv);
        }
        pos.unmake_move();
    }
    fresh.extend(again);
    fresh
}

/// Plays `plies` plies without captures and without any position occurring three times: Red
/// checks on every other move until it has given `red_checks` checks and never otherwise
/// (preferring pawn moves then, which never repeat), choosing moves after which Black has such a
/// quiet reply; Black never checks. Each move is the first suitable one.
fn long_quiet_game(fen: &str, plies: usize, red_checks: usize) -> Position {
    let mut pos = position(fen);
    let mut seen = HashSet::new();
    seen.insert(pos.key());
    let (mut red_moves, mut checks) = (0, 0);
    for ply in 0..plies {
        let red = pos.side_to_move() == Color::Red;
        let want_check = red && red_moves % 2 == 0 && checks < red_checks;
        let mut candidates = quiet_moves(&mut pos, want_check, &seen);
        candidates.sort_by_key(|mv| {
            pos.piece_on(mv.from())
                .is_some_and(|p| p.kind() != PieceKind::Pawn)
        });
        let mv = candidates
            .into_iter()
            .find(|&mv| {
                pos.make_move(mv);
                seen.insert(pos.key());
                let ok = !red || !quiet_moves(&mut pos, false, &seen).is_empty();
                seen.remove(&pos.key());
                pos.unmake_move();
                ok
            })
            .unwrap_or_else(|| panic!("no suitable move at ply {ply}: {}", pos.to_fen()));
        pos.make_move(mv);
        seen.insert(pos.key());
        if red {
            red_moves += 1;
            checks += usize::from(want_check);
        }
    }
    pos
}

#[test]
fn checks_beyond_the_tenth_do_not_count() {
    let fen = "4k4/9/9/2p3p2/9/9/2P3P1P/9/R8/3K5 w - - 0 1";
    // 12 red checks in 120 plies: two are not counted, the limit is not reached yet.
    let mut pos = long_quiet_game(fen, 120, 12);
    assert_eq!(pos.rule60_count(), 120);
    assert_eq!(counted_plies(&pos, Some(10)), 118);
    assert_eq!(counted_plies(&pos, None), 120);
    assert!(!move_limit_reached(&pos, 60));
    assert_eq!(game_result(&mut pos, &RuleOptions::default()), None);
    let all_count = RuleOptions {
        counted_checks: None,
        ..RuleOptions::default()
    };
    assert_eq!(
        game_result(&mut pos, &all_count).map(|r| r.reason),
        Some(EndReason::MoveLimit)
    );
    // Two more quiet plies reach it.
    let mut pos = long_quiet_game(fen, 122, 12);
    assert_eq!(counted_plies(&pos, Some(10)), 120);
    assert!(move_limit_reached(&pos, 60));
    assert_eq!(
        game_result(&mut pos, &RuleOptions::default()).map(|r| r.reason),
        Some(EndReason::MoveLimit)
    );
    // Exactly ten checks all count.
    let pos = long_quiet_game(fen, 120, 10);
    assert_eq!(counted_plies(&pos, Some(10)), 120);
    assert!(move_limit_reached(&pos, 60));
}

// ----- other game ends ---------------------------------------------------------------------

#[test]
fn stalemate_loses_and_material_draws() {
    // Black's king on d9 has no move and is not in check.
    let mut pos = position("3k5/8R/9/9/9/9/9/9/9/4K4 b - - 0 1");
    let r = game_result(&mut pos, &RuleOptions::default()).unwrap();
    assert_eq!(
        (r.winner, r.reason),
        (Some(Color::Red), EndReason::Stalemate)
    );
    let mut pos = position("2bak1b2/4a4/9/9/9/9/9/9/4A4/2B1KAB2 w - - 0 1");
    let r = game_result(&mut pos, &RuleOptions::default()).unwrap();
    assert_eq!(
        (r.winner, r.reason),
        (None, EndReason::InsufficientMaterial)
    );
    assert!(game_result(&mut Position::startpos(), &RuleOptions::default()).is_none());
}
