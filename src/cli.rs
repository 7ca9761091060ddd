//! Command-line front end: `chuhan` (engine loop), `chuhan perft …`, `chuhan bench [depth]`,
//! `chuhan book …`, `chuhan analyze …`.

use crate::board::{Position, START_FEN};
use crate::movegen::perft::{perft_divide, write_perft_report};
use clap::{Parser, Subcommand};
use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};

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
    /// the node count, a signature of the search (the last line, `Nodes searched: N`).
    Bench {
        /// Depth in plies.
        #[arg(default_value_t = crate::engine::BENCH_DEPTH)]
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
    /// Analyse a position: draw the board and print the engine's lines as they deepen.
    Analyze {
        /// Start position (default: the standard opening position).
        #[arg(long)]
        fen: Option<String>,
        /// Moves played from that position (ICCS, WXF or Chinese, space-separated).
        #[arg(long)]
        moves: Option<String>,
        /// Search depth in plies (default: 12, or 5 seconds, whichever comes first).
        #[arg(long, conflicts_with = "time", value_parser = clap::value_parser!(u32).range(1..=64))]
        depth: Option<u32>,
        /// Thinking time in seconds, e.g. 2.5.
        #[arg(long, value_parser = crate::analyze::parse_seconds)]
        time: Option<std::time::Duration>,
        /// Number of lines (best moves) to show.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=128))]
        multipv: u32,
        /// Search threads.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
        threads: u32,
        /// Hash table size in MB.
        #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=4096))]
        hash: u32,
    },
    /// Serve the web board: play and analyse in a browser (loopback only unless --host says).
    #[cfg(feature = "web")]
    Serve {
        /// Port (0 = any free port).
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// Address to listen on.
        #[arg(long, default_value = "127.0.0.1")]
        host: std::net::IpAddr,
        /// Also open the page in the default browser.
        #[arg(long)]
        open: bool,
    },
    /// Opening book tools: compile the text source, check it, look positions up.
    Book {
        #[command(subcommand)]
        action: BookAction,
    },
}

#[derive(Subcommand, Debug)]
enum BookAction {
    /// Compile the text source into a binary book.
    Build {
        /// Text source (default: book/openings.txt).
        #[arg(long)]
        source: Option<PathBuf>,
        /// Output file (default: chuhan.book next to the source).
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Check that every line of the source is legal; report duplicates and conflicts.
    Check {
        /// Text source (default: book/openings.txt).
        #[arg(long)]
        source: Option<PathBuf>,
    },
    /// Show the book moves of a position (Chuhan or ElephantEye book).
    Probe {
        /// Book file (default: the engine's default book).
        #[arg(long)]
        book: Option<PathBuf>,
        /// Position (default: the start position).
        #[arg(long)]
        fen: Option<String>,
        /// Moves played from that position (ICCS, WXF or Chinese, space-separated).
        #[arg(long)]
        moves: Option<String>,
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
        Some(Command::Book { action }) => run_book(action),
        #[cfg(feature = "web")]
        Some(Command::Serve { port, host, open }) => {
            crate::web::main(&crate::web::ServeOptions { host, port, open })
        }
        Some(Command::Analyze {
            fen,
            moves,
            depth,
            time,
            multipv,
            threads,
            hash,
        }) => crate::analyze::main(&crate::analyze::AnalyzeArgs {
            fen,
            moves,
            depth,
            time,
            multipv: multipv as usize,
            threads: threads as usize,
            hash_mb: hash as usize,
        }),
    }
}

fn run_bench(depth: u32) -> i32 {
    let report = crate::engine::jobs::bench(depth, &crate::search::SearchControl::default());
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for line in crate::protocol::format::bench_report(&report) {
        let _ = writeln!(out, "{line}");
    }
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

/// The default book source: `book/openings.txt` under the current directory, else in the crate.
fn default_source() -> PathBuf {
    let local = Path::new("book").join("openings.txt");
    if local.is_file() {
        return local;
    }
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("book")
        .join("openings.txt")
}

fn read_source(path: &Path) -> Option<String> {
    match std::fs::read_to_string(path) {
        Ok(s) => Some(s),
        Err(e) => {
            eprintln!("error: cannot read book source {}: {e}", path.display());
            None
        }
    }
}

fn run_book(action: BookAction) -> i32 {
    use crate::book::source::compile;
    match action {
        BookAction::Build { source, out } => {
            let source = source.unwrap_or_else(default_source);
            let Some(text) = read_source(&source) else {
                return 2;
            };
            let compiled = compile(&text);
            for e in &compiled.errors {
                eprintln!("error: {}: {e}", source.display());
            }
            if !compiled.errors.is_empty() {
                eprintln!(
                    "error: {} bad lines; book not written",
                    compiled.errors.len()
                );
                return 1;
            }
            let out = out.unwrap_or_else(|| source.with_file_name("chuhan.book"));
            let Some(bytes) = compiled.book.to_chuhan_bytes() else {
                return 1;
            };
            if let Err(e) = std::fs::write(&out, &bytes) {
                eprintln!("error: cannot write {}: {e}", out.display());
                return 2;
            }
            println!(
                "wrote {}: {} variations, {} positions, {} moves, {} bytes",
                out.display(),
                compiled.variations.len(),
                compiled.book.positions(),
                compiled.book.len(),
                bytes.len()
            );
            0
        }
        BookAction::Check { source } => {
            let source = source.unwrap_or_else(default_source);
            let Some(text) = read_source(&source) else {
                return 2;
            };
            let compiled = compile(&text);
            for e in &compiled.errors {
                println!("error: {e}");
            }
            for w in &compiled.warnings {
                println!("warning: {w}");
            }
            for (name, n) in &compiled.openings {
                println!("{n:5}  {name}");
            }
            let longest = compiled.variations.iter().map(|v| v.moves.len()).max();
            println!(
                "{}: {} variations ({} openings, up to {} plies), {} positions, {} book moves; \
                 {} errors, {} warnings",
                source.display(),
                compiled.variations.len(),
                compiled.openings.len(),
                longest.unwrap_or(0),
                compiled.book.positions(),
                compiled.book.len(),
                compiled.errors.len(),
                compiled.warnings.len()
            );
            i32::from(!compiled.errors.is_empty())
        }
        BookAction::Probe { book, fen, moves } => {
            run_book_probe(book, fen.as_deref(), moves.as_deref())
        }
    }
}

fn run_book_probe(book: Option<PathBuf>, fen: Option<&str>, moves: Option<&str>) -> i32 {
    use crate::book::Book;
    use crate::notation::{parse_move, to_chinese, to_wxf};
    let Some(path) = book.or_else(Book::default_path) else {
        eprintln!("error: no book file found; give one with --book");
        return 2;
    };
    let book = match Book::open(&path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let mut pos = match Position::from_fen(fen.unwrap_or(START_FEN)) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: invalid FEN: {e}");
            return 2;
        }
    };
    for tok in moves.unwrap_or("").split_whitespace() {
        match parse_move(&pos, tok) {
            Ok(mv) => pos.make_move(mv),
            Err(e) => {
                eprintln!("error: {tok}: {e}");
                return 2;
            }
        }
    }
    let found = book.probe(&pos);
    println!(
        "{} ({:?}, {} positions): {} book moves",
        path.display(),
        book.format(),
        book.positions(),
        found.len()
    );
    let total: u32 = found.iter().map(|b| u32::from(b.weight)).sum();
    for b in found {
        let pct = f64::from(b.weight) * 100.0 / f64::from(total.max(1));
        println!(
            "{}  {:<10} {:<6} {:5}  {pct:5.1}%",
            b.mv,
            to_chinese(&pos, b.mv),
            to_wxf(&pos, b.mv),
            b.weight
        );
    }
    0
}
