//! The engine loop: reads lines, executes commands, runs the search on its own thread.
//!
//! A reader thread turns input into `Event::Line`s; the search thread sends
//! `Event::SearchDone` with its `bestmove` line, which the main thread prints. The main loop
//! handles `stop`, `ponderhit`, `isready` and `quit` at once while a search runs and queues
//! everything else (`position`, `setoption`, `go` …) until the search has ended, like
//! ElephantEye's busy/idle split.

use super::command::{Command, GoParams, PositionSpec, ProtocolError};
use super::format::{self, Offer};
use super::options::{self, OptionId, OptionKind, Settings, MAX_HASH_MB, RANDOMNESS};
use super::Dialect;
use crate::board::Position;
use crate::book::{Book, BookRng};
use crate::movegen;
use crate::rules::{self, RuleOptions};
use crate::search::{
    Clock, IterationInfo, Limits, Reporter, Score, SearchControl, SearchOptions, SearchResult,
    Searcher,
};
use crate::types::{Color, Move};
use std::collections::VecDeque;
use std::io::{BufRead, Read, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Longest accepted input line in bytes (a 1000-move `position` line is about 5 KB).
pub const MAX_LINE: usize = 1 << 20;
/// Deepest `perft` accepted.
pub const MAX_PERFT_DEPTH: u32 = 8;
/// Deepest `go depth` passed to the search.
pub const MAX_DEPTH: u32 = 128;
/// A draw offer is accepted when our score is at most this ("dead equal or worse").
pub const DRAW_ACCEPT_SCORE: i32 = 20;
/// A position counts as a dead, quiet stretch when the scores of our last
/// [`QUIET_STRETCH_MOVES`] moves stayed within this of zero and at least
/// [`QUIET_STRETCH_PLIES`] plies passed without a capture.
pub const QUIET_SCORE: i32 = 15;
/// See [`QUIET_SCORE`].
pub const QUIET_STRETCH_MOVES: usize = 10;
/// See [`QUIET_SCORE`].
pub const QUIET_STRETCH_PLIES: u16 = 60;
/// `info currmove` lines are printed only after this much thinking.
const CURRMOVE_AFTER: Duration = Duration::from_millis(1000);

/// A shared, locked output: each line is written whole and flushed.
#[derive(Clone)]
pub struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    /// Wraps a writer.
    pub fn new(w: Box<dyn Write + Send>) -> Output {
        Output(Arc::new(Mutex::new(w)))
    }

    /// Writes one line and flushes. Errors (a GUI that went away) are ignored.
    pub fn line(&self, text: &str) {
        let mut w = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let _ = w.write_all(text.as_bytes());
        let _ = w.write_all(b"\n");
        let _ = w.flush();
    }

    /// Writes several lines at once (not interleaved with other threads' lines).
    pub fn lines(&self, lines: &[String]) {
        let mut w = self.0.lock().unwrap_or_else(|e| e.into_inner());
        for l in lines {
            let _ = w.write_all(l.as_bytes());
            let _ = w.write_all(b"\n");
        }
        let _ = w.flush();
    }
}

/// What the main loop waits for.
enum Event {
    /// One input line (already decoded), or an error such as a line that was too long.
    Line(Result<String, ProtocolError>),
    /// End of input.
    Eof,
    /// The search has ended: its `bestmove` line, and the searcher handed back. The main
    /// thread prints the line, so whatever the GUI sends after seeing it finds the engine idle.
    SearchDone(Box<Searcher>, String, Option<Score>),
}

/// Reads lines of bytes, decoding them lossily; never holds more than [`MAX_LINE`] bytes.
fn read_lines(mut input: impl BufRead, tx: Sender<Event>) {
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match (&mut input)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut buf)
        {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        }
        let event = if buf.len() > MAX_LINE && buf.last() != Some(&b'\n') {
            // Skip the rest of the overlong line.
            loop {
                buf.clear();
                match (&mut input)
                    .take(MAX_LINE as u64)
                    .read_until(b'\n', &mut buf)
                {
                    Ok(0) => break,
                    Ok(_) if buf.last() == Some(&b'\n') => break,
                    Ok(_) => {}
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                    Err(_) => break,
                }
            }
            Event::Line(Err(ProtocolError::LineTooLong(MAX_LINE)))
        } else {
            Event::Line(Ok(String::from_utf8_lossy(&buf).into_owned()))
        };
        if tx.send(event).is_err() {
            return;
        }
    }
    let _ = tx.send(Event::Eof);
}

/// Runs the engine on any input and output until `quit` or end of input; returns the exit code
/// (always 0: bad input never ends the engine).
pub fn run(input: impl BufRead + Send + 'static, output: Box<dyn Write + Send>) -> i32 {
    let (tx, rx) = channel();
    let reader_tx = tx.clone();
    let spawned = std::thread::Builder::new()
        .name("chuhan-input".into())
        .spawn(move || read_lines(input, reader_tx));
    let out = Output::new(output);
    if spawned.is_err() {
        out.line(&format::message(
            Dialect::Uci,
            "cannot start the input thread",
        ));
        return 1;
    }
    let mut engine = Engine::new(out, tx);
    engine.main_loop(&rx);
    0
}

/// A running search.
struct Running {
    control: Arc<SearchControl>,
    /// Set by `ponderhit draw`: the opponent offers a draw.
    draw_offer: Arc<AtomicBool>,
    handle: JoinHandle<()>,
}

/// The engine's state between commands.
struct Engine {
    out: Output,
    events: Sender<Event>,
    dialect: Option<Dialect>,
    pos: Position,
    ban_moves: Vec<Move>,
    settings: Settings,
    searcher: Option<Box<Searcher>>,
    search_options: SearchOptions,
    running: Option<Running>,
    queue: VecDeque<Command>,
    book: BookState,
    score_log: ScoreLog,
}

/// The opening book as loaded for the current `bookfiles` setting.
struct BookState {
    /// The setting the book was (or failed to be) loaded for; `None` = not tried yet.
    loaded_for: Option<String>,
    book: Option<Book>,
    rng: BookRng,
}

/// Book randomness for each `randomness` setting: `none` follows the book's own weights, the
/// larger settings flatten them towards a uniform choice (see [`Book::pick`]).
const BOOK_RANDOMNESS: [f64; 6] = [0.0, 0.25, 0.5, 1.0, 2.0, 4.0];

/// Whether the loop goes on.
#[derive(PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

impl Engine {
    fn new(out: Output, events: Sender<Event>) -> Engine {
        let search_options = SearchOptions::default();
        Engine {
            out,
            events,
            dialect: None,
            pos: Position::startpos(),
            ban_moves: Vec::new(),
            settings: Settings::default(),
            searcher: Some(Box::new(Searcher::new(search_options.clone()))),
            search_options,
            running: None,
            queue: VecDeque::new(),
            book: BookState {
                loaded_for: None,
                book: None,
                rng: BookRng::from_time(),
            },
            score_log: ScoreLog::default(),
        }
    }

    /// The dialect for output: UCI until `ucci` arrives.
    fn dialect(&self) -> Dialect {
        self.dialect.unwrap_or(Dialect::Uci)
    }

    fn say(&self, text: &str) {
        self.out.line(&format::message(self.dialect(), text));
    }

    fn main_loop(&mut self, rx: &Receiver<Event>) {
        while let Ok(event) = rx.recv() {
            let flow = match event {
                Event::Line(Ok(line)) => match Command::parse(&line, self.dialect()) {
                    Ok(cmd) => self.dispatch(cmd, rx),
                    Err(e) => {
                        self.say(&e.to_string());
                        Flow::Continue
                    }
                },
                Event::Line(Err(e)) => {
                    self.say(&e.to_string());
                    Flow::Continue
                }
                Event::Eof => {
                    self.finish_at_eof(rx);
                    Flow::Quit
                }
                Event::SearchDone(s, answer, score) => {
                    self.take_back(s, &answer, score);
                    self.drain(rx)
                }
            };
            if flow == Flow::Quit {
                return;
            }
        }
    }

    /// The search thread has finished: print its answer, keep its searcher, reap the thread.
    fn take_back(&mut self, searcher: Box<Searcher>, answer: &str, score: Option<Score>) {
        self.out.line(answer);
        if let Some(score) = score {
            self.score_log.record(self.pos.game_ply(), score);
        }
        self.searcher = Some(searcher);
        if let Some(r) = self.running.take() {
            let _ = r.handle.join();
        }
    }

    /// Waits for the running search (already told to stop) to finish; input that arrives
    /// meanwhile is dropped (used for `quit` and end of input).
    fn wait_search(&mut self, rx: &Receiver<Event>) {
        while self.running.is_some() {
            match rx.recv() {
                Ok(Event::SearchDone(s, answer, score)) => self.take_back(s, &answer, score),
                Ok(_) => {}
                Err(_) => return,
            }
        }
    }

    /// End of input: stop the search (its move is printed), run what was queued, exit.
    fn finish_at_eof(&mut self, rx: &Receiver<Event>) {
        loop {
            if let Some(r) = &self.running {
                r.control.stop();
                self.wait_search(rx);
            }
            if self.drain(rx) == Flow::Quit {
                return;
            }
            if self.running.is_none() && self.queue.is_empty() {
                return;
            }
        }
    }

    /// Runs queued commands until the queue is empty or one of them starts a search (then the
    /// rest waits, except commands handled while thinking when they come first).
    fn drain(&mut self, rx: &Receiver<Event>) -> Flow {
        while let Some(cmd) = self.queue.pop_front() {
            if self.running.is_some() {
                if !handled_while_thinking(&cmd) {
                    self.queue.push_front(cmd);
                    break;
                }
                if self.while_thinking(cmd, rx) == Flow::Quit {
                    return Flow::Quit;
                }
            } else if self.execute_guarded(cmd) == Flow::Quit {
                return Flow::Quit;
            }
        }
        Flow::Continue
    }

    /// Executes a new command now, or queues it while a search runs. `stop` and `ponderhit`
    /// concern the latest `go`: when another `go` is already queued they wait for it.
    fn dispatch(&mut self, cmd: Command, rx: &Receiver<Event>) -> Flow {
        if self.running.is_some() {
            let go_queued = self.queue.iter().any(|c| matches!(c, Command::Go(_)));
            let for_later = go_queued && matches!(cmd, Command::Stop | Command::PonderHit { .. });
            if handled_while_thinking(&cmd) && !for_later {
                return self.while_thinking(cmd, rx);
            }
            self.queue.push_back(cmd);
            return Flow::Continue;
        }
        self.execute_guarded(cmd)
    }

    /// A command that is answered while the search runs.
    fn while_thinking(&mut self, cmd: Command, rx: &Receiver<Event>) -> Flow {
        let Some(r) = &self.running else {
            return self.execute_guarded(cmd);
        };
        match cmd {
            Command::Stop => r.control.stop(),
            Command::PonderHit { draw } => {
                if draw {
                    r.draw_offer.store(true, Ordering::Relaxed);
                }
                r.control.ponderhit();
            }
            Command::IsReady => self.out.line("readyok"),
            Command::Help => self.out.lines(&format::help()),
            Command::Ucci | Command::Uci => self.handshake(&cmd),
            Command::Quit => {
                r.control.stop();
                self.wait_search(rx);
                return self.quit();
            }
            other => self.queue.push_back(other),
        }
        Flow::Continue
    }

    /// Executes a command while idle; a panic (a bug) is reported, never fatal.
    fn execute_guarded(&mut self, cmd: Command) -> Flow {
        match catch_unwind(AssertUnwindSafe(|| self.execute(cmd))) {
            Ok(flow) => flow,
            Err(_) => {
                if self.searcher.is_none() && self.running.is_none() {
                    self.searcher = Some(Box::new(Searcher::new(self.search_options.clone())));
                }
                self.say("internal error while executing the command; state kept");
                Flow::Continue
            }
        }
    }

    fn quit(&mut self) -> Flow {
        if self.dialect == Some(Dialect::Ucci) {
            self.out.line("bye");
        }
        Flow::Quit
    }

    fn handshake(&mut self, cmd: &Command) {
        let d = if matches!(cmd, Command::Ucci) {
            Dialect::Ucci
        } else {
            Dialect::Uci
        };
        if self.dialect.is_none() {
            self.dialect = Some(d);
        }
        self.out.lines(&format::handshake(d));
    }

    fn execute(&mut self, cmd: Command) -> Flow {
        match cmd {
            Command::Ucci | Command::Uci => self.handshake(&cmd),
            Command::IsReady => self.out.line("readyok"),
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::NewGame => {
                self.score_log = ScoreLog::default();
                self.with_searcher(Searcher::clear)
            }
            Command::Position(spec) => {
                if let Some(pos) = self.build_position(spec, "position") {
                    self.pos = pos;
                }
                self.ban_moves.clear();
            }
            Command::BanMoves(moves) => self.ban(moves),
            Command::Go(g) => self.go(&g),
            Command::PonderHit { .. } => {
                self.say("ponderhit ignored: not pondering");
            }
            Command::Stop => {
                if self.dialect() == Dialect::Ucci {
                    self.out.line("nobestmove");
                }
            }
            Command::Quit => return self.quit(),
            Command::Probe(spec) => {
                if let Some(pos) = self.build_position(spec, "probe") {
                    let probe = self.searcher.as_ref().and_then(|s| s.probe(&pos));
                    self.out.line(&format::pophash(probe.as_ref()));
                }
            }
            Command::Display => self.out.lines(&format::display(&self.pos, &self.ban_moves)),
            Command::Perft(depth) => self.perft(depth),
            Command::Bench(depth) => self.bench(depth),
            Command::Eval => self.out.lines(&format::eval_report(&self.pos)),
            Command::Help => self.out.lines(&format::help()),
            Command::Debug(on) => self.settings.debug = on,
        }
        Flow::Continue
    }

    fn with_searcher(&mut self, f: impl FnOnce(&mut Searcher)) {
        if let Some(s) = self.searcher.as_deref_mut() {
            f(s);
        }
    }

    /// Plays the moves of `spec` on its base position, stopping at the first bad one (which is
    /// reported in one line; the moves before it are kept).
    fn build_position(&self, spec: PositionSpec, what: &str) -> Option<Position> {
        let mut pos = spec.base;
        for (i, &mv) in spec.moves.iter().enumerate() {
            if !movegen::legal_moves(&pos).contains(&mv) {
                self.say(&format!(
                    "{what}: illegal move {mv} (move {}); kept the {i} moves before it",
                    i + 1
                ));
                return Some(pos);
            }
            pos.make_move(mv);
        }
        if let Some(bad) = spec.garbled {
            self.say(&format!(
                "{what}: malformed move {bad:?} (move {}); kept the {} moves before it",
                spec.moves.len() + 1,
                spec.moves.len()
            ));
        }
        Some(pos)
    }

    fn ban(&mut self, moves: Vec<Move>) {
        let legal = movegen::legal_moves(&self.pos);
        let (ok, bad): (Vec<Move>, Vec<Move>) = moves.into_iter().partition(|m| legal.contains(m));
        if !bad.is_empty() {
            let list: Vec<String> = bad.iter().map(Move::to_string).collect();
            self.say(&format!(
                "banmoves: ignored moves that are not legal here: {}",
                list.join(" ")
            ));
        }
        self.ban_moves = ok;
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let Some(spec) = options::lookup(name) else {
            self.say(&format!("unknown option {name:?} ignored"));
            return;
        };
        let value = value.map(str::trim).unwrap_or("");
        let label = match self.dialect() {
            Dialect::Ucci => spec.ucci.or(spec.uci),
            Dialect::Uci => spec.uci.or(spec.ucci),
        }
        .unwrap_or(name);
        match spec.kind {
            OptionKind::Button => self.with_searcher(Searcher::clear),
            OptionKind::Check(_) => {
                let Some(b) = options::parse_bool(value) else {
                    self.say(&format!("option {label}: {value:?} is not true or false"));
                    return;
                };
                match spec.id {
                    OptionId::UseMillisec => self.settings.use_millisec = b,
                    OptionId::Ponder => self.settings.ponder = b,
                    OptionId::UseBook => self.settings.use_book = b,
                    OptionId::Batch => self.settings.batch = b,
                    OptionId::Debug => self.settings.debug = b,
                    OptionId::DrawOffers => self.settings.draw_offers = b,
                    _ => {}
                }
            }
            OptionKind::Spin { min, max, .. } => {
                let Ok(v) = value.parse::<i64>() else {
                    self.say(&format!("option {label}: {value:?} is not a whole number"));
                    return;
                };
                let clamped = v.clamp(min, max);
                if clamped != v {
                    self.say(&format!(
                        "option {label}: {v} is out of range {min}..{max}; using {clamped}"
                    ));
                }
                let n = clamped as usize;
                match spec.id {
                    OptionId::Hash => {
                        self.search_options.hash_mb = n.min(MAX_HASH_MB as usize);
                        self.with_searcher(|s| s.set_hash_mb(n));
                    }
                    OptionId::Threads => {
                        self.search_options.threads = n;
                        self.with_searcher(|s| s.set_threads(n));
                    }
                    OptionId::MultiPv => {
                        self.search_options.multipv = n;
                        self.with_searcher(|s| s.set_multipv(n));
                    }
                    OptionId::MoveOverhead => self.settings.move_overhead_ms = n as u64,
                    OptionId::MoveLimit => {
                        self.settings.move_limit = n as u32;
                        self.search_options.move_limit = n as u32;
                        self.with_searcher(|s| s.set_move_limit(n as u32));
                    }
                    OptionId::ResignScore => self.settings.resign_score = n as i32,
                    OptionId::ResignMoves => self.settings.resign_moves = n,
                    _ => {}
                }
            }
            OptionKind::Text(_) => {
                if spec.id == OptionId::BookFiles {
                    self.settings.book_files = if value == "<empty>" {
                        String::new()
                    } else {
                        value.to_string()
                    };
                }
            }
            OptionKind::Combo { vars, .. } => {
                let lower = value.to_ascii_lowercase();
                let index = vars.iter().position(|v| *v == lower).or_else(|| {
                    value
                        .parse::<usize>()
                        .ok()
                        .map(|i| i.min(RANDOMNESS.len() - 1))
                });
                match index {
                    Some(i) if spec.id == OptionId::Randomness => self.settings.randomness = i,
                    Some(_) => {}
                    None => self.say(&format!(
                        "option {label}: {value:?} is not one of {}",
                        vars.join(", ")
                    )),
                }
            }
        }
    }

    /// The one place where the opening book is consulted before a search: loads the book named
    /// by `bookfiles` (the first of a `;`-separated list that opens) or the default book next to
    /// the executable / in the crate's `book/`, and picks a move by weight. A missing or corrupt
    /// book is reported once and the engine plays on without it.
    fn book_move(&mut self) -> Option<Move> {
        if !self.settings.use_book {
            return None;
        }
        let wanted = self.settings.book_files.clone();
        if self.book.loaded_for.as_deref() != Some(wanted.as_str()) {
            self.book.loaded_for = Some(wanted.clone());
            self.book.book = None;
            let candidates: Vec<std::path::PathBuf> = if wanted.trim().is_empty() {
                Book::default_path().into_iter().collect()
            } else {
                wanted
                    .split(';')
                    .map(str::trim)
                    .filter(|p| !p.is_empty())
                    .map(Into::into)
                    .collect()
            };
            let mut errors = Vec::new();
            for path in &candidates {
                match Book::open(path) {
                    Ok(b) => {
                        self.say(&format!(
                            "book {} loaded: {} positions ({:?} format)",
                            path.display(),
                            b.positions(),
                            b.format()
                        ));
                        self.book.book = Some(b);
                        break;
                    }
                    Err(e) => errors.push(e.to_string()),
                }
            }
            if self.book.book.is_none() {
                let why = if errors.is_empty() {
                    "no book file found".to_string()
                } else {
                    errors.join("; ")
                };
                self.say(&format!("opening book not used: {why}"));
            }
        }
        let randomness = BOOK_RANDOMNESS[self.settings.randomness.min(BOOK_RANDOMNESS.len() - 1)];
        let book = self.book.book.as_ref()?;
        let pick = book.pick(&self.pos, &mut self.book.rng, randomness)?;
        if self.ban_moves.contains(&pick.mv) {
            return None;
        }
        let chinese = crate::notation::to_chinese(&self.pos, pick.mv);
        self.say(&format!(
            "book move {} {} weight {}",
            pick.mv, chinese, pick.weight
        ));
        Some(pick.mv)
    }

    /// Converts `go` parameters to search limits (UCCI times in the `usemillisec` unit).
    fn limits(&self, g: &GoParams) -> Limits {
        let ucci_unit = if self.dialect() == Dialect::Ucci && !self.settings.use_millisec {
            1000.0
        } else {
            1.0
        };
        let ms = |v: f64, unit: f64| Duration::from_millis((v * unit).min(1e12) as u64);
        let mut limits = Limits {
            depth: g.depth,
            nodes: g.nodes,
            movetime: g.movetime.map(|t| ms(t, 1.0)),
            mate: g.mate,
            infinite: g.infinite || !g.has_limit(),
            ponder: g.ponder,
            search_moves: g.searchmoves.clone(),
            ban_moves: self.ban_moves.clone(),
            move_overhead: Duration::from_millis(self.settings.move_overhead_ms),
            ..Limits::default()
        };
        if let Some(d) = g.depth {
            let clamped = d.clamp(1, MAX_DEPTH);
            if clamped != d {
                self.say(&format!(
                    "go: depth {d} is out of range 1..{MAX_DEPTH}; using {clamped}"
                ));
            }
            limits.depth = Some(clamped);
        }
        if let Some(t) = g.time {
            limits.clock = Some(Clock {
                time: ms(t, ucci_unit),
                increment: ms(g.increment.unwrap_or(0.0), ucci_unit),
                moves_to_go: g.movestogo,
            });
            if let Some(ot) = g.opptime {
                limits.opponent_clock = Some(Clock {
                    time: ms(ot, ucci_unit),
                    increment: ms(g.oppincrement.unwrap_or(0.0), ucci_unit),
                    moves_to_go: g.oppmovestogo,
                });
            }
        } else {
            let (ours, theirs, our_inc, their_inc) = match self.pos.side_to_move() {
                Color::Red => (g.wtime, g.btime, g.winc, g.binc),
                Color::Black => (g.btime, g.wtime, g.binc, g.winc),
            };
            let clock = |t: Option<f64>, inc: Option<f64>| {
                t.map(|t| Clock {
                    time: ms(t, 1.0),
                    increment: ms(inc.unwrap_or(0.0), 1.0),
                    moves_to_go: g.movestogo,
                })
            };
            limits.clock = clock(ours, our_inc);
            limits.opponent_clock = clock(theirs, their_inc);
            if limits.clock.is_none() && theirs.is_some() {
                // Only the opponent's clock: think as in a movetime-less game with no clock.
                limits.infinite = !g.has_limit();
            }
        }
        limits
    }

    fn go(&mut self, g: &GoParams) {
        let dialect = self.dialect();
        let legal = movegen::legal_moves(&self.pos);
        let mut limits = self.limits(g);
        // Search moves must be legal; drop (and report) the others.
        if !limits.search_moves.is_empty() {
            let bad: Vec<String> = limits
                .search_moves
                .iter()
                .filter(|m| !legal.contains(m))
                .map(Move::to_string)
                .collect();
            if !bad.is_empty() {
                self.say(&format!(
                    "go: searchmoves not legal here: {}",
                    bad.join(" ")
                ));
            }
            limits.search_moves.retain(|m| legal.contains(m));
        }
        if self.settings.debug {
            self.say(&format!("debug: limits {limits:?}"));
        }
        // The book is for ordinary games: not when the GUI restricts the root moves.
        if !limits.ponder && !limits.infinite && limits.search_moves.is_empty() {
            if let Some(m) = self.book_move() {
                self.out
                    .line(&format::bestmove(dialect, Some(m), None, Offer::None));
                return;
            }
        }
        if legal.is_empty() && !limits.ponder && !limits.infinite {
            self.out.line(&format::no_move(dialect));
            return;
        }
        if dialect == Dialect::Ucci && !limits.ponder && !limits.infinite {
            let options = RuleOptions {
                move_limit: self.settings.move_limit,
                ..RuleOptions::default()
            };
            let mut scratch = self.pos.clone();
            if let Some(result) = rules::game_result(&mut scratch, &options) {
                self.say(&format!(
                    "the game is already over: {} ({:?})",
                    result.score_text(),
                    result.reason
                ));
                self.out.line(&format::no_move(dialect));
                return;
            }
        }
        let Some(mut searcher) = self.searcher.take() else {
            self.say("go: the searcher is busy");
            return;
        };
        let control = SearchControl::new();
        let pos = self.pos.clone();
        let out = self.out.clone();
        let events = self.events.clone();
        let thread_control = Arc::clone(&control);
        let draw_offer = Arc::new(AtomicBool::new(g.draw));
        let mut policy = OfferPolicy {
            draw_offered: g.draw,
            recent_scores: self.score_log.recent(self.pos.game_ply(), 10),
            resign_score: self.settings.resign_score,
            resign_moves: self.settings.resign_moves,
            draw_offers: self.settings.draw_offers,
            dead: rules::insufficient_material(&self.pos),
            plies_without_capture: self.pos.rule60_count(),
        };
        let thread_draw_offer = Arc::clone(&draw_offer);
        let options = self.search_options.clone();
        let spawned = std::thread::Builder::new()
            .name("chuhan-search".into())
            .spawn(move || {
                let mut reporter = ProtocolReporter {
                    out: out.clone(),
                    dialect,
                    start: Instant::now(),
                };
                let result = catch_unwind(AssertUnwindSafe(|| {
                    searcher.search(&pos, &limits, &thread_control, &mut reporter)
                }));
                let result = match result {
                    Ok(r) => Some(r),
                    Err(_) => {
                        out.line(&format::message(
                            dialect,
                            "internal error in the search; playing a legal move",
                        ));
                        *searcher = Searcher::new(options);
                        None
                    }
                };
                // `go infinite` and an unanswered `go ponder` must not answer before
                // `stop` / `ponderhit`, even when the search ends early.
                while !thread_control.is_stopped()
                    && (limits.infinite || (limits.ponder && !thread_control.is_ponderhit()))
                {
                    std::thread::sleep(Duration::from_millis(2));
                }
                policy.draw_offered = thread_draw_offer.load(Ordering::Relaxed);
                let answer = final_answer(dialect, &pos, &limits, result.as_ref(), &policy);
                let score = result
                    .as_ref()
                    .filter(|r| r.best_move.is_some())
                    .map(|r| r.score);
                if let Err(unsent) = events.send(Event::SearchDone(searcher, answer, score)) {
                    // The loop is gone (cannot happen while it waits for us); still answer.
                    if let Event::SearchDone(_, answer, _) = unsent.0 {
                        out.line(&answer);
                    }
                }
            });
        match spawned {
            Ok(handle) => {
                self.running = Some(Running {
                    control,
                    draw_offer,
                    handle,
                })
            }
            Err(_) => {
                // No thread: answer with a legal move at once rather than hang the GUI.
                self.searcher = Some(Box::new(Searcher::new(self.search_options.clone())));
                self.say("cannot start the search thread");
                let fallback = legal.iter().find(|m| !self.ban_moves.contains(m)).copied();
                self.out
                    .line(&format::bestmove(dialect, fallback, None, Offer::None));
            }
        }
    }

    fn perft(&self, depth: u32) {
        if depth > MAX_PERFT_DEPTH {
            self.say(&format!(
                "perft: depth {depth} is too deep (at most {MAX_PERFT_DEPTH})"
            ));
            return;
        }
        let threads = self.search_options.threads.max(1);
        let report = movegen::perft::perft_divide(&self.pos, depth, threads);
        let mut buf = Vec::new();
        let _ = movegen::perft::write_perft_report(&mut buf, &report, true);
        let lines: Vec<String> = String::from_utf8_lossy(&buf)
            .lines()
            .map(str::to_string)
            .collect();
        self.out.lines(&lines);
    }

    fn bench(&self, depth: Option<u32>) {
        let depth = depth
            .unwrap_or(crate::search::BENCH_DEPTH)
            .clamp(1, MAX_DEPTH);
        let (nodes, elapsed) = crate::search::bench(depth);
        let ms = elapsed.as_millis().max(1);
        self.out.lines(&[
            format!("Total time (ms) : {}", elapsed.as_millis()),
            format!("Nodes searched  : {nodes}"),
            format!("Nodes/second    : {}", u128::from(nodes) * 1000 / ms),
        ]);
    }
}

/// The final `bestmove` line: the search's move if it is legal and allowed, else a fallback,
/// so that the move printed is always legal.
fn final_answer(
    dialect: Dialect,
    pos: &Position,
    limits: &Limits,
    result: Option<&SearchResult>,
    policy: &OfferPolicy,
) -> String {
    let legal = movegen::legal_moves(pos);
    let allowed = |m: &Move| {
        legal.contains(m)
            && !limits.ban_moves.contains(m)
            && (limits.search_moves.is_empty() || limits.search_moves.contains(m))
    };
    let mut best = result.and_then(|r| r.best_move).filter(allowed);
    let mut ponder = result.and_then(|r| r.ponder_move);
    if best.is_none() {
        ponder = None;
        best = legal.iter().find(|m| allowed(m)).copied();
        if best.is_none() && dialect == Dialect::Uci {
            // UCI has no banmoves: never answer "(none)" while a legal move exists.
            best = legal.iter().next().copied();
        }
    }
    if let (Some(b), Some(p)) = (best, ponder) {
        let mut after = pos.clone();
        after.make_move(b);
        if !movegen::legal_moves(&after).contains(&p) {
            ponder = None;
        }
    }
    let offer = match (result, best) {
        (Some(r), Some(_)) if r.best_move.is_some() => policy.offer(r.score),
        _ => Offer::None,
    };
    format::bestmove(dialect, best, ponder, offer)
}

/// Our scores after each of our recent searches, by game ply, to decide draw offers and
/// resignation over several moves.
#[derive(Default)]
struct ScoreLog(Vec<(u32, Score)>);

impl ScoreLog {
    fn record(&mut self, ply: u32, score: Score) {
        // A new game or a take-back: forget what came after this point.
        self.0.retain(|&(p, _)| p < ply);
        self.0.push((ply, score));
        if self.0.len() > 64 {
            self.0.remove(0);
        }
    }

    /// Scores of our consecutive previous moves before `ply` (oldest first), at most `n`.
    fn recent(&self, ply: u32, n: usize) -> Vec<Score> {
        let mut out = Vec::new();
        let mut want = ply;
        for &(p, s) in self.0.iter().rev() {
            if want < 2 || p != want - 2 || out.len() == n {
                break;
            }
            out.push(s);
            want = p;
        }
        out.reverse();
        out
    }
}

/// What the engine says besides its move (UCCI only): accept or offer a draw, or resign.
#[derive(Clone, Debug)]
struct OfferPolicy {
    draw_offered: bool,
    recent_scores: Vec<Score>,
    resign_score: i32,
    resign_moves: usize,
    draw_offers: bool,
    dead: bool,
    plies_without_capture: u16,
}

impl OfferPolicy {
    /// The offer for a move whose search scored `score` (side to move's view).
    fn offer(&self, score: Score) -> Offer {
        let hopeless = |s: Score| self.resign_score > 0 && s <= -self.resign_score;
        if self.resign_score > 0
            && hopeless(score)
            && self.recent_scores.len() + 1 >= self.resign_moves
            && self
                .recent_scores
                .iter()
                .rev()
                .take(self.resign_moves.saturating_sub(1))
                .all(|&s| hopeless(s))
        {
            return Offer::Resign;
        }
        if self.draw_offered && score <= DRAW_ACCEPT_SCORE {
            return Offer::Draw;
        }
        let quiet = |s: Score| s.abs() <= QUIET_SCORE;
        if self.draw_offers
            && score <= DRAW_ACCEPT_SCORE
            && (self.dead
                || (self.plies_without_capture >= QUIET_STRETCH_PLIES
                    && self.recent_scores.len() >= QUIET_STRETCH_MOVES
                    && self.recent_scores.iter().all(|&s| quiet(s))
                    && quiet(score)))
        {
            return Offer::Draw;
        }
        Offer::None
    }
}

/// Commands answered at once while a search runs; the others wait for it to end.
fn handled_while_thinking(cmd: &Command) -> bool {
    matches!(
        cmd,
        Command::Stop
            | Command::PonderHit { .. }
            | Command::IsReady
            | Command::Help
            | Command::Ucci
            | Command::Uci
            | Command::Quit
    )
}

/// Formats the search's progress reports and writes them through the shared output.
struct ProtocolReporter {
    out: Output,
    dialect: Dialect,
    start: Instant,
}

impl Reporter for ProtocolReporter {
    fn iteration(&mut self, info: &IterationInfo) {
        self.out.lines(&format::iteration(self.dialect, info));
    }

    fn current_move(&mut self, mv: Move, number: u32, depth: u32) {
        if self.start.elapsed() >= CURRMOVE_AFTER {
            self.out
                .line(&format::current_move(self.dialect, mv, number, depth));
        }
    }

    fn message(&mut self, text: &str) {
        self.out.line(&format::message(self.dialect, text));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    /// A writer whose bytes the test can read afterwards.
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    fn session(input: &str) -> (i32, Vec<String>) {
        let out = Shared::default();
        let code = run(
            Cursor::new(input.as_bytes().to_vec()),
            Box::new(out.clone()),
        );
        let bytes = out.0.lock().unwrap_or_else(|e| e.into_inner()).clone();
        let text = String::from_utf8_lossy(&bytes).into_owned();
        (code, text.lines().map(str::to_string).collect())
    }

    #[test]
    fn in_memory_session() {
        let (code, lines) = session(
            "ucci\nsetoption usemillisec true\nposition startpos moves h2e2\ngo depth 1\n\
             isready\nquit\nisready\n",
        );
        assert_eq!(code, 0);
        assert!(lines.contains(&"ucciok".to_string()), "{lines:?}");
        assert!(
            lines.iter().any(|l| l.starts_with("bestmove ")),
            "{lines:?}"
        );
        assert_eq!(lines.last().map(String::as_str), Some("bye"));
        assert_eq!(lines.iter().filter(|l| *l == "readyok").count(), 1);
    }

    #[test]
    fn eof_while_thinking_answers_and_ends() {
        let (code, lines) = session("uci\nposition startpos\ngo infinite\nd\n");
        assert_eq!(code, 0);
        let best = lines.iter().position(|l| l.starts_with("bestmove"));
        let fen = lines.iter().position(|l| l.starts_with("Fen: "));
        assert!(best.is_some() && fen > best, "{lines:?}");
    }

    fn policy(recent: Vec<Score>) -> OfferPolicy {
        OfferPolicy {
            draw_offered: false,
            recent_scores: recent,
            resign_score: 1500,
            resign_moves: 5,
            draw_offers: true,
            dead: false,
            plies_without_capture: 0,
        }
    }

    #[test]
    fn resigns_only_after_several_hopeless_moves() {
        assert_eq!(policy(vec![-2000; 3]).offer(-2000), Offer::None);
        assert_eq!(policy(vec![-2000; 4]).offer(-2000), Offer::Resign);
        assert_eq!(
            policy(vec![-2000, -2000, -100, -2000]).offer(-2000),
            Offer::None
        );
        assert_eq!(policy(vec![-2000; 4]).offer(-300), Offer::None);
        let mut never = policy(vec![-2000; 10]);
        never.resign_score = 0;
        assert_eq!(never.offer(-29_000), Offer::None);
    }

    #[test]
    fn draw_offers_accepted_when_equal_or_worse() {
        let mut p = policy(vec![]);
        p.draw_offered = true;
        assert_eq!(p.offer(10), Offer::Draw);
        assert_eq!(p.offer(-400), Offer::Draw);
        assert_eq!(p.offer(120), Offer::None);
        let mut dead = policy(vec![]);
        dead.dead = true;
        assert_eq!(dead.offer(0), Offer::Draw);
        let mut quiet = policy(vec![5; 10]);
        assert_eq!(quiet.offer(0), Offer::None, "too soon after a capture");
        quiet.plies_without_capture = 80;
        assert_eq!(quiet.offer(0), Offer::Draw);
        assert_eq!(quiet.offer(90), Offer::None);
        quiet.draw_offers = false;
        assert_eq!(quiet.offer(0), Offer::None);
    }

    #[test]
    fn score_log_keeps_consecutive_moves_of_one_game() {
        let mut log = ScoreLog::default();
        for (ply, s) in [(0, 10), (2, 20), (4, 30), (6, 40)] {
            log.record(ply, s);
        }
        assert_eq!(log.recent(8, 10), vec![10, 20, 30, 40]);
        assert_eq!(log.recent(8, 2), vec![30, 40]);
        assert_eq!(log.recent(9, 10), Vec::<Score>::new());
        // A new game from the start forgets the old one.
        log.record(0, -5);
        assert_eq!(log.recent(2, 10), vec![-5]);
    }
}
