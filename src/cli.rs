//! Command-line front end: `chuhan` (engine loop), `chuhan perft …`, `chuhan bench [depth]`.

use crate::board::{Position, START_FEN};
use crate::movegen::perft::{perft_divide, PerftReport};
use clap::{Parser, Subcommand};
use std::ffi::OsString;
use std::io::Write;

#[derive(Parser, Debug)]
#[command(
    name = "chuhan",
    version,
    about = "Chuhan (楚河): a Xiangqi engine speaking UCCI and UCI"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Search the fixed bench positions to a fixed depth (one thread, fresh tables) and print
    /// the node count, a signature of the search.
    Bench {
        /// Depth in plies.
        #[arg(default_value_t = crate::search::BENCH_DEPTH)]
        depth: u32,
    },
    /// Count the leaves of the legal move tree (move-generator test and benchmark).
    Perft {
        /// Depth in plies.
        depth: u32,
        /// Start position (default: the standard opening position).
        #[arg(long)]
        fen: Option<String>,
        /// Print the count below each root move.
        #[arg(long)]
        divide: bool,
        /// Worker threads over the root moves.
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
}

/// Runs the program with `args` (including the program name); returns the exit code.
pub fn run<I: IntoIterator<Item = OsString>>(args: I) -> i32 {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return code;
        }
    };
    match cli.command {
        None => crate::protocol::run_stdio(),
        Some(Command::Bench { depth }) => run_bench(depth),
        Some(Command::Perft {
            depth,
            fen,
            divide,
            threads,
        }) => run_perft(depth, fen.as_deref(), divide, threads),
    }
}

fn run_bench(depth: u32) -> i32 {
    let depth = depth.clamp(1, 64);
    let (nodes, elapsed) = crate::search::bench(depth);
    let ms = elapsed.as_millis().max(1);
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let _ = writeln!(out, "Nodes searched: {nodes}");
    let _ = writeln!(out, "Time: {ms} ms");
    let _ = writeln!(out, "Nodes/second: {}", nodes as u128 * 1000 / ms);
    0
}

fn run_perft(depth: u32, fen: Option<&str>, divide: bool, threads: usize) -> i32 {
    let fen = fen.unwrap_or(START_FEN);
    let pos = match Position::from_fen(fen) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: invalid FEN: {e}");
            return 2;
        }
    };
    if depth > 12 {
        eprintln!("error: depth {depth} is too deep for perft (at most 12)");
        return 2;
    }
    let report = perft_divide(&pos, depth, threads.clamp(1, 1024));
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let _ = write_perft_report(&mut out, &report, divide);
    let _ = writeln!(
        out,
        "Time: {} ms  Speed: {} nodes/s",
        report.elapsed.as_millis(),
        report.nodes_per_second()
    );
    0
}

/// Writes `move: count` lines (if `divide`), then `Nodes searched: N`.
pub fn write_perft_report(
    out: &mut impl Write,
    report: &PerftReport,
    divide: bool,
) -> std::io::Result<()> {
    if divide {
        for (mv, n) in &report.divide {
            writeln!(out, "{mv}: {n}")?;
        }
        writeln!(out)?;
    }
    writeln!(out, "Nodes searched: {}", report.nodes)
}
