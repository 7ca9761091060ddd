//! The search under the Chinese repetition rules: it varies instead of losing by perpetual
//! check, and it scores the opponent's forced perpetual check as a win.

use chuhan::board::Position;
use chuhan::notation::parse_iccs;
use chuhan::rules::RepetitionRule;
use chuhan::search::{Limits, SearchControl, SearchOptions, Searcher, SilentReporter};

fn position(fen: &str, moves: &[&str]) -> Position {
    let mut pos = Position::from_fen(fen).expect("fen");
    for m in moves {
        let mv = parse_iccs(&pos, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        pos.make_move(mv);
    }
    pos
}

fn search(pos: &Position, depth: u32) -> (String, i32) {
    let mut s = Searcher::new(SearchOptions::default());
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let r = s.search(pos, &limits, &SearchControl::default(), &mut SilentReporter);
    (
        r.best_move.map(|m| m.to_string()).unwrap_or_default(),
        r.score,
    )
}

#[test]
fn varies_instead_of_perpetual_check() {
    // Red's rook has checked on every move: a8a9+ now would repeat the cycle a third time and
    // lose by perpetual check. Red is two rooks up and should simply play on.
    let pos = position(
        "4k4/9/R8/9/9/9/9/9/9/3K4R w - - 0 1",
        &[
            "a7a9", "e9e8", "a9a8", "e8e9", "a8a9", "e9e8", "a9a8", "e8e9",
        ],
    );
    let (best, score) = search(&pos, 6);
    assert_ne!(best, "a8a9", "repeated the perpetual check");
    assert!(score > 500, "score {score}");
}

#[test]
fn opponents_forced_perpetual_check_is_a_win() {
    // Black, two rooks down, keeps checking with its rook; Red's king steps back and forth.
    // Repeating (e1e0) makes Black the side that must vary or lose.
    let pos = position(
        "3k5/9/9/8R/7R1/9/9/r8/9/4K4 b - - 0 1",
        &["a2a0", "e0e1", "a0a1", "e1e0", "a1a0", "e0e1", "a0a1"],
    );
    assert!(pos.in_check());
    let (_, score) = search(&pos, 6);
    assert!(score > 10_000, "score {score}");
}

#[test]
fn natural_move_limit_is_a_draw() {
    // Red is a rook up but 119 plies have passed without a capture: after any non-capturing
    // move the game is drawn, so the score is near zero unless a capture or mate is at hand.
    let pos = position("4k4/9/9/9/9/9/9/9/9/3K4R w - - 119 80", &[]);
    let (_, score) = search(&pos, 4);
    assert_eq!(score, 0, "score {score}");
}

/// Repetition verdicts depend on the path, so they never enter the hash table, also not from
/// quiescence. Here the rook checks from d5 (e5d5), the king steps aside (d9e9), and the rook
/// returns to e5 (d5e5) with a double check (rook, and the cannon on e1 behind it). The black
/// horse covers e5, so the check is not extended and the position is searched by quiescence
/// in check. The king must move; e9d9 repeats the root, where Red has checked on every move of
/// the cycle: a win for Black by the rules, but only along this path.
#[test]
fn quiescence_does_not_store_repetition_verdicts() {
    let fen = "3k5/9/5n3/9/4R4/9/9/9/4C4/5K3 w - - 0 1";
    let root = position(fen, &[]);
    let quiescence_node = position(fen, &["e5d5", "d9e9", "d5e5"]);
    assert!(quiescence_node.in_check());
    for depth in 2..=4 {
        let mut s = Searcher::new(SearchOptions::default());
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let r = s.search(
            &root,
            &limits,
            &SearchControl::default(),
            &mut SilentReporter,
        );
        assert!(r.best_move.is_some());
        if let Some(entry) = s.probe(&quiescence_node) {
            assert!(
                !chuhan::search::worker::is_rule_score(entry.score),
                "depth {depth}: the table holds the path-dependent score {}",
                entry.score
            );
        }
    }
}

#[test]
fn repetition_rule_option_scores_one_check_one_chase() {
    // Red's rook alternates a check from a9 with an attack on the unprotected cannon from a6
    // (一将一捉). Black to move can repeat with e8e9: by the 棋例 Red is the side that must vary
    // (a rule win for Black); under the `pyffish` rule the repetition is a draw.
    let pos = position(
        "4k4/9/9/R1c6/9/9/9/9/9/3K5 w - - 0 1",
        &["a6a9", "e9e8", "a9a6", "e8e9", "a6a9", "e9e8", "a9a6"],
    );
    let score = |rule: RepetitionRule| {
        let mut s = Searcher::new(SearchOptions {
            repetition_rule: rule,
            ..SearchOptions::default()
        });
        let limits = Limits {
            depth: Some(6),
            ..Limits::default()
        };
        s.search(
            &pos,
            &limits,
            &SearchControl::default(),
            &mut SilentReporter,
        )
        .score
    };
    assert!(score(RepetitionRule::Asian) > 10_000);
    assert_eq!(
        SearchOptions::default().repetition_rule,
        RepetitionRule::Asian
    );
    let draw = score(RepetitionRule::Pyffish);
    assert!(draw.abs() < 100, "score {draw}");
}
