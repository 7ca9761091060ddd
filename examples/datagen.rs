//! Self-play data for evaluation tuning: plays fast games and writes quiet positions with the
//! game result, one `FEN;RESULT` line each (RESULT from Red's view: 1, 0.5 or 0).
//!
//! ```sh
//! cargo run --release --example datagen -- --games 2500 --nodes 6000 --seed 1 > data.txt
//! ```
//!
//! Each game starts from a variation of the book source (`--openings`, cut at a random length of
//! 4–12 plies) followed by two random legal moves, then both sides search `--nodes` nodes a move.
//! From the eighth searched ply on, a position is kept when the side to move is not in check,
//! the chosen move is not a capture (a crude quietness filter) and the score is within ±2000.
//! Games end by the rules, by adjudication (the searches agree on a score beyond ±1500 for four
//! plies) or at a 400-ply cap as a draw.

use chuhan::board::Position;
use chuhan::book::{source, BookRng};
use chuhan::rules::{self, RuleOptions};
use chuhan::search::{Limits, SearchControl, SearchOptions, Searcher, SilentReporter};
use chuhan::types::{Color, Move};
use clap::Parser;
use std::io::Write;

#[derive(Parser)]
#[command(about = "Self-play positions with game results for `tune`")]
struct Args {
    /// Games to play.
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// Nodes searched per move.
    #[arg(long, default_value_t = 4000)]
    nodes: u64,
    /// Seed of the opening and random-move choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Book source whose variations start the games.
    #[arg(long, default_value = "book/openings.txt")]
    openings: String,
}

/// A uniform index below `n` (0 when `n` is 0).
fn below(rng: &mut BookRng, n: usize) -> usize {
    (rng.next_u64() % n.max(1) as u64) as usize
}

fn main() {
    let args = Args::parse();
    let (games, nodes) = (args.games, args.nodes);
    let openings: Vec<Vec<Move>> = match std::fs::read_to_string(&args.openings) {
        Ok(text) => source::compile(&text)
            .variations
            .into_iter()
            .map(|v| v.moves)
            .collect(),
        Err(e) => {
            eprintln!(
                "cannot read {}: {e}; games start from the start position",
                args.openings
            );
            Vec::new()
        }
    };
    let mut rng = BookRng::new(args.seed);
    let out = std::io::stdout();
    let mut out = out.lock();
    let rule_options = RuleOptions::default();
    let mut searcher = Searcher::new(SearchOptions::default());
    for _ in 0..games {
        searcher.clear();
        let mut pos = Position::startpos();
        if !openings.is_empty() {
            let line = &openings[below(&mut rng, openings.len())];
            let plies = 4 + below(&mut rng, 9);
            for &m in line.iter().take(plies) {
                pos.make_move(m);
            }
        }
        for _ in 0..2 {
            let moves = chuhan::movegen::legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            pos.make_move(moves[below(&mut rng, moves.len())]);
        }
        let mut kept: Vec<String> = Vec::new();
        let mut decisive = 0i32;
        let mut result: Option<f32> = None;
        for ply in 0..400 {
            if let Some(r) = rules::game_result(&mut pos, &rule_options) {
                result = Some(match r.winner {
                    Some(Color::Red) => 1.0,
                    Some(Color::Black) => 0.0,
                    None => 0.5,
                });
                break;
            }
            let limits = Limits {
                nodes: Some(nodes),
                ..Limits::default()
            };
            let r = searcher.search(
                &pos,
                &limits,
                &SearchControl::default(),
                &mut SilentReporter,
            );
            let Some(mv) = r.best_move else {
                break;
            };
            let red_score = if pos.side_to_move() == Color::Red {
                r.score
            } else {
                -r.score
            };
            if red_score.abs() > 1500 {
                decisive = if red_score.signum() == decisive.signum() {
                    decisive + red_score.signum()
                } else {
                    red_score.signum()
                };
                if decisive.abs() >= 4 {
                    result = Some(if decisive > 0 { 1.0 } else { 0.0 });
                    break;
                }
            } else {
                decisive = 0;
            }
            if ply >= 8 && !pos.in_check() && !pos.is_capture(mv) && red_score.abs() < 2000 {
                kept.push(pos.to_fen());
            }
            pos.make_move(mv);
        }
        let result = result.unwrap_or(0.5);
        for fen in kept {
            let _ = writeln!(out, "{fen};{result}");
        }
        let _ = out.flush();
    }
}
