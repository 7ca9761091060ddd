//! Test positions: searches every position of an EPD file and counts how often the engine
//! plays the `bm` move.
//!
//! ```sh
//! cargo run --release --example epd -- ../shared/strength/misjudged.epd --movetime-ms 1000
//! cargo run --release --example epd -- positions.epd --depth 12
//! ```
//!
//! A line is `FEN; bm MOVE [MOVE…]; c0 "comment"` (other operations such as `id` are shown or
//! ignored; `am MOVE` counts as found when the engine avoids the move). Moves are in ICCS
//! coordinates (`h2e2`). Empty lines and lines starting with `#` are skipped; a line that does
//! not parse is reported on stderr and skipped. Each position is searched from a cleared hash
//! table with the given limit (`--movetime-ms`, `--depth` and/or `--nodes`; 1000 ms when none is
//! given). Per position it prints the engine's move, its score in pawns for the side to move, the
//! depth, and whether the move is the `bm` one; then `k/N best moves found`. In a build with
//! `--features tune`, `--set NAME=VALUE` changes a search parameter first (for example
//! `--set FUTILITY_MAX_DEPTH=0` switches futility pruning off).

use chuhan::board::Position;
use chuhan::notation::parse_iccs;
use chuhan::search::{
    mate_in_moves, Limits, Score, SearchControl, SearchOptions, Searcher, SilentReporter,
};
use chuhan::types::Move;
use clap::Parser;
use std::time::{Duration, Instant};

#[derive(Parser)]
#[command(about = "Searches the positions of an EPD file and counts the best moves found")]
struct Args {
    /// The EPD file (`FEN; bm MOVE; c0 "…"` lines).
    file: String,
    /// Time per position in milliseconds (1000 when no limit is given).
    #[arg(long)]
    movetime_ms: Option<u64>,
    /// Depth per position.
    #[arg(long)]
    depth: Option<u32>,
    /// Nodes per position.
    #[arg(long)]
    nodes: Option<u64>,
    /// Hash table size in MB.
    #[arg(long, default_value_t = 64)]
    hash: usize,
    /// Search threads.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Sets a search parameter first, `NAME=VALUE` as in `src/search/params.rs` (repeatable;
    /// only in a build with `--features tune`), e.g. to see what one pruning costs.
    #[arg(long = "set", value_name = "NAME=VALUE")]
    set: Vec<String>,
}

/// Applies the `--set NAME=VALUE` options.
#[cfg(feature = "tune")]
fn set_params(settings: &[String]) -> Result<(), String> {
    for setting in settings {
        let (name, value) = setting
            .split_once('=')
            .ok_or_else(|| format!("--set {setting}: expected NAME=VALUE"))?;
        let param = chuhan::search::params::find(name.trim())
            .ok_or_else(|| format!("--set {setting}: no parameter {name}"))?;
        let value: i64 = value
            .trim()
            .parse()
            .map_err(|_| format!("--set {setting}: {value} is not an integer"))?;
        param
            .set(value)
            .map_err(|e| format!("--set {setting}: {e}"))?;
    }
    Ok(())
}

/// Without the feature `tune` the parameters are constants.
#[cfg(not(feature = "tune"))]
fn set_params(settings: &[String]) -> Result<(), String> {
    match settings.first() {
        None => Ok(()),
        Some(s) => Err(format!(
            "--set {s}: build with --features tune to set parameters"
        )),
    }
}

/// One test position.
struct Entry {
    /// 1-based line number in the file.
    line: usize,
    pos: Position,
    best: Vec<Move>,
    avoid: Vec<Move>,
    id: Option<String>,
    comment: Option<String>,
}

/// Splits the operations part of an EPD line at `;`, keeping `;` inside quotes.
fn operations(text: &str) -> Vec<String> {
    let mut ops = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    for c in text.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                cur.push(c);
            }
            ';' if !quoted => {
                ops.push(cur.trim().to_string());
                cur.clear();
            }
            _ => cur.push(c),
        }
    }
    if !cur.trim().is_empty() {
        ops.push(cur.trim().to_string());
    }
    ops.retain(|o| !o.is_empty());
    ops
}

/// Parses one EPD line (`None` for blank and comment lines).
fn parse_line(line: usize, text: &str) -> Option<Result<Entry, String>> {
    let text = text.trim();
    if text.is_empty() || text.starts_with('#') {
        return None;
    }
    let (fen, rest) = text.split_once(';').unwrap_or((text, ""));
    Some(parse_entry(line, fen.trim(), rest))
}

fn parse_entry(line: usize, fen: &str, rest: &str) -> Result<Entry, String> {
    let pos = Position::from_fen(fen).map_err(|e| format!("bad FEN {fen:?}: {e}"))?;
    let mut entry = Entry {
        line,
        pos,
        best: Vec::new(),
        avoid: Vec::new(),
        id: None,
        comment: None,
    };
    for op in operations(rest) {
        let (name, arg) = op.split_once(char::is_whitespace).unwrap_or((&op, ""));
        let arg = arg.trim();
        let unquoted = arg.trim_matches('"').to_string();
        match name {
            "bm" | "am" => {
                let mut moves = Vec::new();
                for word in arg.split_whitespace() {
                    let mv = parse_iccs(&entry.pos, word).map_err(|e| format!("{name}: {e}"))?;
                    moves.push(mv);
                }
                if moves.is_empty() {
                    return Err(format!("{name} without a move"));
                }
                if name == "bm" {
                    entry.best = moves;
                } else {
                    entry.avoid = moves;
                }
            }
            "id" => entry.id = Some(unquoted),
            "c0" => entry.comment = Some(unquoted),
            _ => {}
        }
    }
    if entry.best.is_empty() && entry.avoid.is_empty() {
        return Err("no bm or am operation".to_string());
    }
    Ok(entry)
}

/// A score in pawns for the side to move: `+0.64`, `-1.20`, `mate 3`, `-mate 2`.
fn pawns(score: Score) -> String {
    match mate_in_moves(score) {
        Some(n) if n > 0 => format!("mate {n}"),
        Some(n) => format!("-mate {}", -n),
        None => format!("{:+.2}", f64::from(score) / 100.0),
    }
}

fn list(moves: &[Move]) -> String {
    moves
        .iter()
        .map(Move::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

fn main() {
    let args = Args::parse();
    if let Err(e) = set_params(&args.set) {
        eprintln!("{e}");
        std::process::exit(2);
    }
    let text = match std::fs::read_to_string(&args.file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("cannot read {}: {e}", args.file);
            std::process::exit(1);
        }
    };
    let mut entries = Vec::new();
    for (i, line) in text.lines().enumerate() {
        match parse_line(i + 1, line) {
            None => {}
            Some(Ok(e)) => entries.push(e),
            Some(Err(e)) => eprintln!("{}:{}: {e}; line skipped", args.file, i + 1),
        }
    }
    if entries.is_empty() {
        eprintln!("{}: no positions", args.file);
        std::process::exit(1);
    }
    let movetime = match (args.movetime_ms, args.depth, args.nodes) {
        (None, None, None) => Some(1000),
        (t, _, _) => t,
    };
    let limits = Limits {
        depth: args.depth,
        nodes: args.nodes,
        movetime: movetime.map(Duration::from_millis),
        ..Limits::default()
    };
    let mut searcher = Searcher::new(SearchOptions {
        hash_mb: args.hash.max(1),
        threads: args.threads.max(1),
        ..SearchOptions::default()
    });
    let start = Instant::now();
    let mut found = 0;
    let n = entries.len();
    println!(
        "{:>3} {:>5}  {:<5} {:>7} {:>5}  {:<4} expected",
        "#", "line", "move", "score", "depth", "ok"
    );
    for (i, e) in entries.iter().enumerate() {
        searcher.clear();
        let r = searcher.search(
            &e.pos,
            &limits,
            &SearchControl::default(),
            &mut SilentReporter,
        );
        let ok = r
            .best_move
            .is_some_and(|m| (e.best.is_empty() || e.best.contains(&m)) && !e.avoid.contains(&m));
        found += usize::from(ok);
        let mv = r.best_move.map_or("-".to_string(), |m| m.to_string());
        let mut expected = String::new();
        if !e.best.is_empty() {
            expected.push_str(&format!("bm {}", list(&e.best)));
        }
        if !e.avoid.is_empty() {
            expected.push_str(&format!(" am {}", list(&e.avoid)));
        }
        for note in e.id.iter().chain(&e.comment) {
            expected.push_str(&format!("; {note}"));
        }
        println!(
            "{:>3} {:>5}  {:<5} {:>7} {:>5}  {:<4} {}",
            i + 1,
            e.line,
            mv,
            pawns(r.score),
            r.depth,
            if ok { "yes" } else { "no" },
            expected.trim_start()
        );
    }
    let limit = [
        movetime.map(|t| format!("{t} ms")),
        args.depth.map(|d| format!("depth {d}")),
        args.nodes.map(|n| format!("{n} nodes")),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join(", ");
    println!(
        "{found}/{n} best moves found ({limit} per position, {} thread(s), {:.1} s)",
        args.threads.max(1),
        start.elapsed().as_secs_f64()
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_epd_lines() {
        let line = "rnbakabr1/9/4c1nc1/p1p1p1p1p/9/6P2/P1P1P3P/1C2C1N2/9/RNBAKAB1R w - - 6 4; \
                    bm b0c2; c0 \"search horizon; NewGG +0.48\"";
        let e = parse_line(1, line).expect("a position").expect("parses");
        assert_eq!(list(&e.best), "b0c2");
        assert_eq!(e.comment.as_deref(), Some("search horizon; NewGG +0.48"));
        assert!(parse_line(2, "# comment").is_none());
        assert!(parse_line(3, "  ").is_none());
        let bad = parse_line(4, "rnbakab1r/9 w; bm a0a1").expect("a line");
        assert!(bad.is_err());
        let illegal =
            "rnbakabr1/9/4c1nc1/p1p1p1p1p/9/6P2/P1P1P3P/1C2C1N2/9/RNBAKAB1R w - - 6 4; bm a0a5";
        let e = parse_line(5, illegal).expect("a line");
        assert!(e.is_err_and(|m| m.contains("bm")));
        assert_eq!(pawns(64), "+0.64");
        assert_eq!(pawns(-120), "-1.20");
    }
}
