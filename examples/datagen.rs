//! Self-play data for evaluation tuning: plays fast games and writes quiet positions with the
//! game result, one `FEN;RESULT` line each (RESULT from Red's view: 1, 0.5 or 0).
//!
//! ```sh
//! cargo run --release --example datagen -- --games 2000 --nodes 4000 --seed 1 --openings book/openings.txt > data.txt
//! ```
//!
//! Each game starts from a book line (the text source, cut at a random length of 4–12 plies)
//! followed by two random legal moves, then both sides search `--nodes` nodes a move. Positions
//! are kept when the side to move is not in check and the chosen move is not a capture (a crude
//! quietness filter), from ply 16 on. Games end by the rules, by adjudication (both searches
//! agree on a score beyond ±1500 for four plies, or a 400-ply cap as a draw).

use chuhan::board::Position;
use chuhan::rules::{self, RuleOptions};
use chuhan::search::{Limits, SearchControl, SearchOptions, Searcher, SilentReporter};
use chuhan::types::Color;
use std::io::Write;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn arg(args: &[String], name: &str) -> Option<String> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1).cloned())
}

fn book_lines(path: &str) -> Vec<Vec<String>> {
    let Ok(text) = std::fs::read_to_string(path) else {
        return Vec::new();
    };
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#') && !l.starts_with(';'))
        .map(|l| {
            let body = l.split_once(':').map_or(l, |(_, b)| b);
            body.split_whitespace().map(str::to_string).collect()
        })
        .collect()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: usize = arg(&args, "--games")
        .and_then(|s| s.parse().ok())
        .unwrap_or(100);
    let nodes: u64 = arg(&args, "--nodes")
        .and_then(|s| s.parse().ok())
        .unwrap_or(4000);
    let seed: u64 = arg(&args, "--seed")
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let openings =
        book_lines(&arg(&args, "--openings").unwrap_or_else(|| "book/openings.txt".into()));
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let out = std::io::stdout();
    let mut out = out.lock();
    let rule_options = RuleOptions::default();
    let mut searcher = Searcher::new(SearchOptions::default());
    for _ in 0..games {
        searcher.clear();
        let mut pos = Position::startpos();
        if !openings.is_empty() {
            let line = &openings[rng.below(openings.len())];
            let plies = 4 + rng.below(9);
            for tok in line.iter().take(plies) {
                match chuhan::notation::parse_move(&pos, tok) {
                    Ok(m) => pos.make_move(m),
                    Err(_) => break,
                }
            }
        }
        for _ in 0..2 {
            let moves = chuhan::movegen::legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            pos.make_move(moves[rng.below(moves.len())]);
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
