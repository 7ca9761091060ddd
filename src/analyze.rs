//! `chuhan analyze`: a human-facing analysis of one position.
//!
//! Draws the board as text, then searches and prints the engine's lines as they deepen, each
//! with its score and its principal variation in Chinese notation next to ICCS:
//!
//! ```text
//!  depth    score     time      nodes  principal variation (Red to move)
//!   8/14      +35    0.41s       212k  1. 炮二平五(h2e2) 马8进7(h9g7) 2. 马二进三(h0g2)
//! ```
//!
//! The drawing uses only the piece glyphs, ASCII and spaces, so it reads without colour: Red
//! pieces stand in round brackets `(车)`, Black pieces in square brackets `[车]`, and the kings,
//! advisors, elephants and pawns also have their own glyphs per side (帅仕相兵 / 将士象卒).
//! Box-drawing characters are avoided on purpose: East Asian terminals draw them two cells wide,
//! which would break the alignment against the CJK glyphs.
//!
//! The rendering functions ([`render_board`], [`format_iteration`], [`format_pv`] …) are pure;
//! [`analyze`] writes to any [`Write`] and [`main`] is what the command line runs.

use crate::board::{FenError, Position, START_FEN};
use crate::engine::{BestMove, Engine, GoOutcome, GoRequest};
use crate::movegen;
use crate::notation::{parse_move, to_chinese, NotationError};
use crate::search::{mate_in_moves, Bound, IterationInfo, Limits, Score, SearchOptions};
use crate::types::{Color, Move, Piece, Square};
use std::fmt;
use std::io::{IsTerminal, Write};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Depth searched when neither `--depth` nor `--time` is given.
pub const DEFAULT_DEPTH: u32 = 12;
/// Time limit when neither `--depth` nor `--time` is given (whichever comes first).
pub const DEFAULT_TIME: Duration = Duration::from_secs(5);

/// What to analyse and how long.
#[derive(Clone, Debug)]
pub struct AnalyzeArgs {
    /// Start position (default: the standard opening position).
    pub fen: Option<String>,
    /// Moves played from the start position (ICCS, WXF or Chinese, separated by spaces).
    pub moves: Option<String>,
    /// Depth limit in plies.
    pub depth: Option<u32>,
    /// Time limit.
    pub time: Option<Duration>,
    /// Number of lines to show.
    pub multipv: usize,
    /// Search threads.
    pub threads: usize,
    /// Hash table size in MB.
    pub hash_mb: usize,
}

impl Default for AnalyzeArgs {
    fn default() -> AnalyzeArgs {
        AnalyzeArgs {
            fen: None,
            moves: None,
            depth: None,
            time: None,
            multipv: 1,
            threads: 1,
            hash_mb: 64,
        }
    }
}

impl AnalyzeArgs {
    /// The search limits: the given depth and/or time, or the defaults when neither is given.
    pub fn limits(&self) -> Limits {
        let (depth, movetime) = match (self.depth, self.time) {
            (None, None) => (Some(DEFAULT_DEPTH), Some(DEFAULT_TIME)),
            (d, t) => (d, t),
        };
        Limits {
            depth,
            movetime,
            ..Limits::default()
        }
    }
}

/// Why an analysis could not start (or finish writing).
#[derive(Debug)]
pub enum AnalyzeError {
    /// The FEN was rejected.
    Fen(FenError),
    /// A move of `--moves` was rejected.
    Move {
        /// 1-based number of the move in the list.
        number: usize,
        /// The move as written.
        text: String,
        /// Why.
        error: NotationError,
    },
    /// Writing the output failed.
    Io(std::io::Error),
}

impl AnalyzeError {
    /// The process exit code: 2 for bad input, 1 for output failures.
    pub fn exit_code(&self) -> i32 {
        match self {
            AnalyzeError::Fen(_) | AnalyzeError::Move { .. } => 2,
            AnalyzeError::Io(_) => 1,
        }
    }
}

impl fmt::Display for AnalyzeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnalyzeError::Fen(e) => write!(f, "invalid FEN: {e}"),
            AnalyzeError::Move {
                number,
                text,
                error,
            } => write!(f, "move {number} ({text}) cannot be played: {error}"),
            AnalyzeError::Io(e) => write!(f, "cannot write the analysis: {e}"),
        }
    }
}

impl std::error::Error for AnalyzeError {}

impl From<std::io::Error> for AnalyzeError {
    fn from(e: std::io::Error) -> AnalyzeError {
        AnalyzeError::Io(e)
    }
}

/// Parses a `--time` value: seconds, fractional allowed (`2.5`), more than zero.
pub fn parse_seconds(text: &str) -> Result<Duration, String> {
    let secs: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a number of seconds"))?;
    if secs.is_nan() || secs <= 0.0 {
        return Err(format!("the time must be more than 0 seconds, not {text}"));
    }
    Duration::try_from_secs_f64(secs).map_err(|_| format!("{text} seconds is out of range"))
}

/// The start position from `fen` (default: the opening position) and the moves of `moves`
/// (ICCS, WXF or Chinese notation, separated by spaces) parsed in turn.
pub fn setup(
    fen: Option<&str>,
    moves: Option<&str>,
) -> Result<(Position, Vec<Move>), AnalyzeError> {
    let start = Position::from_fen(fen.unwrap_or(START_FEN)).map_err(AnalyzeError::Fen)?;
    let mut pos = start.clone();
    let mut played = Vec::new();
    for (i, text) in moves.unwrap_or("").split_whitespace().enumerate() {
        let mv = parse_move(&pos, text).map_err(|error| AnalyzeError::Move {
            number: i + 1,
            text: text.to_string(),
            error,
        })?;
        pos.make_move(mv);
        played.push(mv);
    }
    Ok((start, played))
}

// ---------------------------------------------------------------------------------------------
// Board drawing
// ---------------------------------------------------------------------------------------------

/// Cells per file in the drawing; a piece is `(车)` or `[车]` (a two-cell glyph in brackets).
const SLOT: usize = 4;
/// Cells of the grid (the last file's point is at cell `SLOT * 8 + 1`).
const GRID: usize = SLOT * 9;
/// Black's file numbers from Black's right (= ICCS file a) and Red's from Red's right (file i).
const RED_FILE_NUMERALS: [char; 9] = ['九', '八', '七', '六', '五', '四', '三', '二', '一'];

/// How a piece is drawn: Red in round brackets, Black in square brackets.
pub fn piece_token(piece: Piece) -> String {
    let c = piece.chinese_char();
    match piece.color() {
        Color::Red => format!("({c})"),
        Color::Black => format!("[{c}]"),
    }
}

/// One rank of points: pieces, or `+` joined by `-`.
fn point_row(pos: &Position, rank: i32) -> String {
    let mut s = String::with_capacity(GRID * 2);
    for file in 0..9 {
        match Square::from_file_rank(file, rank).and_then(|sq| pos.piece_on(sq)) {
            Some(p) => s.push_str(&piece_token(p)),
            None => {
                s.push(if file == 0 { ' ' } else { '-' });
                s.push('+');
                s.push_str(if file == 8 { "  " } else { "--" });
            }
        }
    }
    s
}

/// The lines between rank `upper` and the rank below it: files, palace diagonals, the river.
fn between_row(upper: i32) -> String {
    if upper == 5 {
        // The river: only the edge files cross it. 31 cells between the two edges.
        return format!(" |    楚 河{}汉 界    |  ", " ".repeat(13));
    }
    let mut cells = vec![' '; GRID];
    for file in 0..9 {
        cells[file * SLOT + 1] = '|';
    }
    let (left, right) = match upper {
        9 | 2 => ('\\', '/'),
        8 | 1 => ('/', '\\'),
        _ => (' ', ' '),
    };
    cells[3 * SLOT + 1 + SLOT / 2] = left;
    cells[4 * SLOT + 1 + SLOT / 2] = right;
    cells.into_iter().collect()
}

/// Draws the board with Red at the bottom: ICCS ranks 0–9 on both sides, ICCS files a–i and
/// Red's file numbers 九…一 below, Black's file numbers 1…9 above, and who is to move.
pub fn render_board(pos: &Position) -> String {
    let stm = pos.side_to_move();
    let to_move = |c: Color| if c == stm { "  <- to move" } else { "" };
    let mut out = String::new();
    let margin = "   ";
    // Black's file numbers, from Black's right (our left).
    out.push_str(margin);
    for n in 1..=9 {
        out.push_str(&format!(" {n}  "));
    }
    out.push_str(" 黑方 Black [将]");
    out.push_str(to_move(Color::Black));
    out.push('\n');
    for rank in (0..10).rev() {
        out.push_str(&format!(" {rank} {} {rank}\n", point_row(pos, rank)));
        if rank > 0 {
            out.push_str(&format!("{margin}{}\n", between_row(rank).trim_end()));
        }
    }
    out.push_str(margin);
    for file in 0..9u8 {
        out.push_str(&format!(" {}  ", (b'a' + file) as char));
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    out.push_str(margin);
    for n in RED_FILE_NUMERALS {
        out.push_str(&format!(" {n} "));
    }
    out.push_str(" 红方 Red (帅)");
    out.push_str(to_move(Color::Red));
    out.push('\n');
    out
}

// ---------------------------------------------------------------------------------------------
// Moves, scores and lines
// ---------------------------------------------------------------------------------------------

/// A side's name: `Red` / `Black`.
pub fn side_name(c: Color) -> &'static str {
    match c {
        Color::Red => "Red",
        Color::Black => "Black",
    }
}

/// Moves from `pos` as numbered Chinese notation with ICCS in brackets:
/// `1. 炮二平五(h2e2) 马8进7(h9g7)`, or `1. ... 马8进7(h9g7)` when Black moves first. Moves are
/// numbered from the position's move number. A move that is not legal where it stands (which a
/// correct search never reports) ends the list with `?`.
pub fn format_pv(pos: &Position, moves: &[Move]) -> String {
    let mut p = pos.clone();
    let mut out = String::new();
    for (i, &mv) in moves.iter().enumerate() {
        let number = p.game_ply() / 2 + 1;
        if !out.is_empty() {
            out.push(' ');
        }
        match p.side_to_move() {
            Color::Red => out.push_str(&format!("{number}. ")),
            Color::Black if i == 0 => out.push_str(&format!("{number}. ... ")),
            Color::Black => {}
        }
        if !movegen::legal_moves(&p).contains(&mv) {
            out.push_str(&format!("{mv}?"));
            break;
        }
        out.push_str(&format!("{}({mv})", to_chinese(&p, mv)));
        p.make_move(mv);
    }
    out
}

/// A score for people: `+35`, `-120`, `0`, `mate in 3` (the side to move mates), `mated in 2`.
pub fn format_score(score: Score) -> String {
    match mate_in_moves(score) {
        Some(n) if n > 0 => format!("mate in {n}"),
        Some(n) => format!("mated in {}", -n),
        None if score == 0 => "0".to_string(),
        None => format!("{score:+}"),
    }
}

/// A count with a k/M/G suffix: `950`, `12.3k`, `4.56M`.
pub fn format_count(n: u64) -> String {
    let f = n as f64;
    if n < 10_000 {
        n.to_string()
    } else if n < 1_000_000 {
        format!("{:.1}k", f / 1e3)
    } else if n < 1_000_000_000 {
        format!("{:.2}M", f / 1e6)
    } else {
        format!("{:.2}G", f / 1e9)
    }
}

/// The column header above the lines; scores are from the side to move's point of view.
pub fn header(pos: &Position, multipv: usize) -> String {
    let pv_col = if multipv > 1 { " pv" } else { "" };
    format!(
        "{pv_col} depth    score     time      nodes  principal variation (scores for {}, the side to move)",
        side_name(pos.side_to_move())
    )
}

/// One line of analysis: depth/seldepth, score (with `>=`/`<=` for bounds), time, nodes and
/// the principal variation from `pos` (the analysed position). `multipv` is how many lines
/// the analysis shows; above 1 each line starts with its number.
pub fn format_iteration(pos: &Position, info: &IterationInfo, multipv: usize) -> String {
    let bound = match info.bound {
        Bound::Exact => "",
        Bound::Lower => ">=",
        Bound::Upper => "<=",
    };
    let score = format!("{bound}{}", format_score(info.score));
    let depth = format!("{}/{}", info.depth, info.seldepth);
    let pv_col = if multipv > 1 {
        format!("{:>3}", info.multipv)
    } else {
        String::new()
    };
    format!(
        "{pv_col} {depth:>5} {score:>8} {:>7.2}s {:>10}  {}",
        info.elapsed.as_secs_f64(),
        format_count(info.nodes),
        format_pv(pos, &info.pv)
    )
}

/// The closing summary: best move, expected reply, score, depth, nodes and speed.
pub fn format_result(pos: &Position, result: &BestMove) -> String {
    let Some(best) = result.best else {
        return format!(
            "No legal move: {} has lost ({}).",
            side_name(pos.side_to_move()),
            if pos.in_check() {
                "checkmate"
            } else {
                "stalemate counts as a loss in Xiangqi"
            }
        );
    };
    let mut s = format!("Best move: {}", format_pv(pos, &[best]));
    if let Some(reply) = result.ponder {
        let mut after = pos.clone();
        after.make_move(best);
        if movegen::legal_moves(&after).contains(&reply) {
            s.push_str(&format!(
                "   expected reply: {}({reply})",
                to_chinese(&after, reply)
            ));
        }
    }
    let secs = result.elapsed.as_secs_f64();
    let nps = if secs > 0.0 {
        result.nodes as f64 / secs
    } else {
        0.0
    };
    s.push_str(&format!(
        "\nScore {}, depth {}, {} nodes in {secs:.2}s ({} nodes/s)",
        result
            .score
            .map_or_else(|| "unknown".to_string(), format_score),
        result.depth,
        format_count(result.nodes),
        format_count(nps as u64)
    ));
    s
}

/// What the analysis says before it starts thinking: the moves played (if any), the board,
/// the FEN and the limits.
pub fn format_intro(start: &Position, played: &[Move], pos: &Position, limits: &Limits) -> String {
    let mut s = String::new();
    if !played.is_empty() {
        s.push_str(&format!("Moves: {}\n\n", format_pv(start, played)));
    }
    s.push_str(&render_board(pos));
    s.push_str(&format!("\nFEN: {}\n", pos.to_fen()));
    let mut limit = Vec::new();
    if let Some(d) = limits.depth {
        limit.push(format!("depth {d}"));
    }
    if let Some(t) = limits.movetime {
        limit.push(format!("{} s", t.as_secs_f64()));
    }
    s.push_str(&format!(
        "{} to move{}. Analysing up to {}.\n",
        side_name(pos.side_to_move()),
        if pos.in_check() { ", in check" } else { "" },
        limit.join(" or ")
    ));
    s
}

// ---------------------------------------------------------------------------------------------
// Running
// ---------------------------------------------------------------------------------------------

/// Display width of text in a terminal: CJK glyphs take two cells.
fn display_width(s: &str) -> usize {
    s.chars().map(|c| if c >= '\u{1100}' { 2 } else { 1 }).sum()
}

/// The progress line shown on a terminal's stderr while the search thinks.
#[derive(Default)]
struct Status {
    /// Whether to draw it at all.
    enabled: bool,
    /// Width of the text now on screen (0 = nothing shown).
    shown: usize,
    depth: u32,
    current: Option<(String, u32)>,
    last: Option<String>,
}

impl Status {
    fn clear(&mut self, err: &mut impl Write) {
        if self.shown > 0 {
            let _ = write!(err, "\r{}\r", " ".repeat(self.shown));
            let _ = err.flush();
            self.shown = 0;
        }
    }

    fn draw(&mut self, err: &mut impl Write, elapsed: Duration, root_moves: usize) {
        if !self.enabled {
            return;
        }
        let mut text = format!("thinking {:.1}s", elapsed.as_secs_f64());
        if self.depth > 0 {
            text.push_str(&format!(", depth {}", self.depth));
        }
        if let Some((mv, n)) = &self.current {
            text.push_str(&format!(", move {n}/{root_moves} {mv}"));
        }
        if let Some(last) = &self.last {
            text.push_str(&format!(", score {last}"));
        }
        let width = display_width(&text);
        let pad = self.shown.saturating_sub(width);
        let _ = write!(err, "\r{text}{}", " ".repeat(pad));
        let _ = err.flush();
        self.shown = width;
    }
}

/// How often the status line is redrawn.
const STATUS_EVERY: Duration = Duration::from_millis(200);

/// What the engine core reports to the analysis, through a channel.
enum Report {
    Update(IterationInfo),
    Current(Move, u32, u32),
    Done(BestMove),
}

/// Prints an exact line of analysis and updates the status line.
fn show_iteration(
    pos: &Position,
    info: &IterationInfo,
    multipv: usize,
    status: &mut Status,
    out: &mut (dyn Write + Send),
) -> std::io::Result<()> {
    // After an exact line the search goes on with the next depth.
    status.depth = info.depth + u32::from(info.bound == Bound::Exact);
    status.current = None;
    if info.multipv == 1 {
        let bound = match info.bound {
            Bound::Exact => "",
            Bound::Lower => ">=",
            Bound::Upper => "<=",
        };
        status.last = Some(format!("{bound}{}", format_score(info.score)));
    }
    // Aspiration-window bounds only update the status line; the printed lines are exact.
    if info.bound != Bound::Exact {
        return Ok(());
    }
    status.clear(&mut std::io::stderr());
    writeln!(out, "{}", format_iteration(pos, info, multipv))?;
    out.flush()
}

/// Runs the analysis, writing the board and the lines to `out`. With `progress`, a status line
/// on stderr shows that the engine is thinking (meant for a terminal).
pub fn analyze(
    args: &AnalyzeArgs,
    out: &mut (dyn Write + Send),
    progress: bool,
) -> Result<BestMove, AnalyzeError> {
    let (start, played) = setup(args.fen.as_deref(), args.moves.as_deref())?;
    let mut pos = start.clone();
    for &mv in &played {
        pos.make_move(mv);
    }
    let limits = args.limits();
    let multipv = args.multipv.clamp(1, 128);
    writeln!(out, "{}", format_intro(&start, &played, &pos, &limits))?;
    let root_moves = movegen::legal_moves(&pos).len();
    if root_moves > 0 {
        writeln!(out, "{}", header(&pos, multipv))?;
    }
    out.flush()?;

    let mut engine = Engine::with_options(SearchOptions {
        hash_mb: args.hash_mb.clamp(1, 4096),
        threads: args.threads.clamp(1, 256),
        multipv,
        ..SearchOptions::default()
    });
    let (tx, rx) = mpsc::channel::<Report>();
    let t = tx.clone();
    engine.set_on_update(move |info| {
        let _ = t.send(Report::Update(info.clone()));
    });
    let t = tx.clone();
    engine.set_on_current_move(move |mv, number, depth| {
        let _ = t.send(Report::Current(mv, number, depth));
    });
    engine.set_on_bestmove(move |answer| {
        let _ = tx.send(Report::Done(answer.clone()));
    });
    // The moves were checked by `setup`: this cannot fail.
    let _ = engine.set_position(start, &played);
    let request = GoRequest {
        limits,
        use_book: false,
        ..GoRequest::default()
    };
    let mut status = Status {
        enabled: progress,
        ..Status::default()
    };
    let began = Instant::now();
    let mut last_draw = began;
    let mut error = None;
    let result = match engine.go(request) {
        Ok(GoOutcome::Answered(answer)) => answer,
        Ok(GoOutcome::Searching) => loop {
            // The status line is redrawn every 200 ms, however often reports come.
            if last_draw.elapsed() >= STATUS_EVERY {
                status.draw(&mut std::io::stderr(), began.elapsed(), root_moves);
                last_draw = Instant::now();
            }
            match rx.recv_timeout(STATUS_EVERY) {
                Ok(Report::Update(info)) => {
                    if error.is_none() {
                        if let Err(e) = show_iteration(&pos, &info, multipv, &mut status, out) {
                            // Nobody reads the rest (e.g. `| head`): stop.
                            error = Some(e);
                            engine.stop();
                        }
                    }
                }
                Ok(Report::Current(mv, number, depth)) => {
                    if status.enabled {
                        status.depth = depth;
                        status.current = Some((to_chinese(&pos, mv), number));
                    }
                }
                Ok(Report::Done(answer)) => break answer,
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(AnalyzeError::Io(std::io::Error::other(
                        "the search ended without an answer",
                    )));
                }
            }
        },
        Err(e) => {
            return Err(AnalyzeError::Io(std::io::Error::other(e.to_string())));
        }
    };
    engine.wait();
    status.clear(&mut std::io::stderr());
    if let Some(e) = error {
        return Err(e.into());
    }
    if root_moves > 0 {
        writeln!(out)?;
    }
    writeln!(out, "{}", format_result(&pos, &result))?;
    out.flush()?;
    Ok(result)
}

/// The `chuhan analyze` command: analysis on stdout, errors on stderr, a progress line on
/// stderr when it is a terminal. Returns the exit code (2 for a bad FEN or move).
pub fn main(args: &AnalyzeArgs) -> i32 {
    let progress = std::io::stderr().is_terminal();
    let mut out = std::io::stdout();
    match analyze(args, &mut out, progress) {
        Ok(_) => 0,
        Err(AnalyzeError::Io(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => 0,
        Err(e) => {
            eprintln!("error: {e}");
            e.exit_code()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_iccs;

    #[test]
    fn board_drawing_of_the_start_position() {
        let board = render_board(&Position::startpos());
        let lines: Vec<&str> = board.lines().collect();
        assert_eq!(lines.len(), 1 + 19 + 2, "{board}");
        assert_eq!(
            lines[0],
            "    1   2   3   4   5   6   7   8   9   黑方 Black [将]"
        );
        assert_eq!(lines[1], " 9 [车][马][象][士][将][士][象][马][车] 9");
        assert_eq!(lines[2], "    |   |   |   | \\ | / |   |   |   |");
        assert_eq!(lines[3], " 8  +---+---+---+---+---+---+---+---+   8");
        assert_eq!(lines[4], "    |   |   |   | / | \\ |   |   |   |");
        assert_eq!(lines[5], " 7  +--[炮]-+---+---+---+---+--[炮]-+   7");
        assert_eq!(lines[7], " 6 [卒]-+--[卒]-+--[卒]-+--[卒]-+--[卒] 6");
        assert_eq!(lines[10], "    |    楚 河             汉 界    |");
        assert_eq!(lines[13], " 3 (兵)-+--(兵)-+--(兵)-+--(兵)-+--(兵) 3");
        assert_eq!(lines[19], " 0 (车)(马)(相)(仕)(帅)(仕)(相)(马)(车) 0");
        assert_eq!(lines[20], "    a   b   c   d   e   f   g   h   i");
        assert_eq!(
            lines[21],
            "    九  八  七  六  五  四  三  二  一  红方 Red (帅)  <- to move"
        );
        // Every grid line has the same display width, so the columns line up.
        let width = display_width(lines[1]);
        for l in &lines[1..20] {
            if l.contains('+') || l.contains('(') || l.contains('[') {
                assert_eq!(display_width(l), width, "{l}");
            }
        }
    }

    #[test]
    fn red_and_black_differ_without_colour() {
        let mut tokens: Vec<String> = Piece::ALL.iter().map(|&p| piece_token(p)).collect();
        tokens.sort();
        tokens.dedup();
        assert_eq!(tokens.len(), 14);
    }

    #[test]
    fn scores_and_counts() {
        assert_eq!(format_score(35), "+35");
        assert_eq!(format_score(-120), "-120");
        assert_eq!(format_score(0), "0");
        assert_eq!(format_score(crate::search::MATE - 5), "mate in 3");
        assert_eq!(format_score(-crate::search::MATE + 4), "mated in 2");
        assert_eq!(format_count(950), "950");
        assert_eq!(format_count(12_345), "12.3k");
        assert_eq!(format_count(4_560_000), "4.56M");
    }

    #[test]
    fn pv_in_chinese_and_iccs() {
        let pos = Position::startpos();
        let pv: Vec<Move> = ["h2e2", "h9g7", "h0g2"]
            .iter()
            .scan(pos.clone(), |p, t| {
                let mv = parse_iccs(p, t).ok()?;
                p.make_move(mv);
                Some(mv)
            })
            .collect();
        assert_eq!(
            format_pv(&pos, &pv),
            "1. 炮二平五(h2e2) 马8进7(h9g7) 2. 马二进三(h0g2)"
        );
        let info = IterationInfo {
            depth: 7,
            seldepth: 12,
            multipv: 1,
            score: 35,
            bound: Bound::Exact,
            nodes: 123_456,
            elapsed: Duration::from_millis(410),
            hashfull: 0,
            pv: pv.clone(),
        };
        assert_eq!(
            format_iteration(&pos, &info, 1),
            "  7/12      +35    0.41s     123.5k  1. 炮二平五(h2e2) 马8进7(h9g7) 2. 马二进三(h0g2)"
        );
        // Black to move: numbering continues from the FEN's move number.
        let mut after = pos.clone();
        after.make_move(pv[0]);
        assert_eq!(
            format_pv(&after, &pv[1..]),
            "1. ... 马8进7(h9g7) 2. 马二进三(h0g2)"
        );
        // A move that is not legal is shown as ICCS and ends the line.
        assert_eq!(format_pv(&pos, &[pv[1]]), "1. h9g7?");
    }

    #[test]
    fn bad_input_is_reported() {
        let err = setup(Some("rnbakabnr/9/zzz w"), None).err();
        assert!(matches!(err, Some(AnalyzeError::Fen(_))));
        let err = setup(None, Some("h2e2 h9g7 h2h8")).err();
        match err {
            Some(e @ AnalyzeError::Move { number: 3, .. }) => {
                assert_eq!(e.exit_code(), 2);
                assert!(e.to_string().contains("h2h8"), "{e}");
            }
            other => panic!("{other:?}"),
        }
        assert!(parse_seconds("0").is_err());
        assert!(parse_seconds("-1").is_err());
        assert!(parse_seconds("NaN").is_err());
        assert!(parse_seconds("fast").is_err());
        assert_eq!(parse_seconds("2.5"), Ok(Duration::from_millis(2500)));
    }

    #[test]
    fn analyze_output_on_a_fixed_position() {
        let args = AnalyzeArgs {
            moves: Some("h2e2 马8进7".to_string()),
            depth: Some(2),
            hash_mb: 1,
            ..AnalyzeArgs::default()
        };
        let mut out = Vec::new();
        let result = analyze(&args, &mut out, false).expect("analysis runs");
        let text = String::from_utf8(out).expect("UTF-8");
        assert!(
            text.starts_with("Moves: 1. 炮二平五(h2e2) 马8进7(h9g7)\n"),
            "{text}"
        );
        assert!(
            text.contains(" 7  +--[炮]-+---+---+---+--[马][炮]-+   7"),
            "{text}"
        );
        assert!(
            text.contains(" 2  +--(炮)-+---+--(炮)-+---+---+---+   2"),
            "{text}"
        );
        assert!(
            text.contains("Red to move. Analysing up to depth 2."),
            "{text}"
        );
        assert!(text.contains("principal variation"), "{text}");
        // Each line of analysis gives the moves in Chinese with ICCS next to them.
        let lines: Vec<&str> = text
            .lines()
            .skip_while(|l| !l.contains("principal variation"))
            .skip(1)
            .take_while(|l| !l.is_empty())
            .collect();
        assert!(!lines.is_empty(), "{text}");
        for l in &lines {
            let pv = l.split("  ").last().unwrap_or_default();
            assert!(pv.starts_with("2. "), "{l}");
            let first = pv[3..].split(' ').next().unwrap_or_default();
            // `炮二平五(h2e2)`-like: four CJK characters, then ICCS in brackets.
            let (cn, iccs) = first.split_once('(').unwrap_or_default();
            assert_eq!(cn.chars().count(), 4, "{l}");
            assert!(cn.chars().all(|c| c >= '\u{4e00}'), "{l}");
            assert_eq!(iccs.len(), 5, "{l}");
        }
        let best = result.best.expect("a move");
        assert!(text.contains("Best move: 2. "), "{text}");
        assert!(text.contains(&format!("({best})")), "{text}");
    }
}
