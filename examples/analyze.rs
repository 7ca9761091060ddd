//! Searches a FEN to a depth and prints each iteration: `cargo run --release --example analyze
//! -- "<fen>" [depth] [threads]`.

use chuhan::board::Position;
use chuhan::search::{IterationInfo, Limits, Reporter, SearchControl, SearchOptions, Searcher};

struct Print;

impl Reporter for Print {
    fn iteration(&mut self, i: &IterationInfo) {
        let pv: Vec<String> = i.pv.iter().map(|m| m.to_string()).collect();
        println!(
            "depth {} seldepth {} multipv {} score {} {:?} nodes {} time {} nps {} hashfull {} pv {}",
            i.depth,
            i.seldepth,
            i.multipv,
            i.score,
            i.bound,
            i.nodes,
            i.elapsed.as_millis(),
            i.nps(),
            i.hashfull,
            pv.join(" ")
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let fen = args.get(1).map_or(chuhan::board::START_FEN, |s| s.as_str());
    let depth = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(10);
    let threads = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1);
    let pos = match Position::from_fen(fen) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("bad FEN: {e}");
            return;
        }
    };
    let mut s = Searcher::new(SearchOptions {
        threads,
        multipv: std::env::var("MULTIPV")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(1),
        ..SearchOptions::default()
    });
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let r = s.search(&pos, &limits, &SearchControl::new(), &mut Print);
    println!("{:?}", r);
    println!("{}", chuhan::eval::trace(&pos));
}
