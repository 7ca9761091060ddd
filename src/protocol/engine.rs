//! The engine loop: reads lines, executes commands, and drives the engine core
//! ([`crate::engine::Engine`]), which runs searches, `perft` and `bench` on its worker thread.
//!
//! A reader thread turns input into `Event::Line`s; the core's listeners print `info` lines
//! as they come and send the final answer (`Event::SearchDone`, `Event::JobDone`) back to the
//! main thread, which prints it. The main loop handles `stop`, `ponderhit`, `isready` and
//! `quit` at once while the worker is busy and queues everything else (`position`,
//! `setoption`, `go` …) until it is idle again, like ElephantEye's busy/idle split.

use super::command::{Command, GoParams, PositionSpec, ProtocolError};
use super::format;
use super::options::{self, OptionId, OptionKind, Settings, RANDOMNESS};
use super::Dialect;
use crate::board::Position;
use crate::engine::{self, BestMove, Engine, EngineError, GoOutcome, GoRequest, JobReport, Source};
use crate::rules::RepetitionRule;
use crate::search::level::{Level, Line};
use crate::search::{Bound, Clock, Limits};
use crate::types::{Color, Move};
use std::collections::BTreeMap;
use std::collections::VecDeque;
use std::io::{BufRead, Read, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

/// Longest accepted input line in bytes (a 1000-move `position` line is about 5 KB).
pub const MAX_LINE: usize = 1 << 20;
pub use crate::engine::offers::DRAW_ACCEPT_SCORE;
pub use crate::engine::{MAX_DEPTH, MAX_PERFT_DEPTH};

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
    /// The search has ended with this answer. The main thread prints it, so whatever the GUI
    /// sends after seeing it finds the engine idle.
    SearchDone(BestMove),
    /// A `perft` or `bench` job has ended.
    JobDone(JobReport),
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
    let mut session = Session::new(out, tx);
    session.main_loop(&rx);
    0
}

/// The protocol's state between commands; the game and the search live in the core.
struct Session {
    out: Output,
    /// Chosen by the first handshake; UCI until then.
    dialect: Arc<OnceLock<Dialect>>,
    /// The MultiPV setting, for the UCCI line index.
    lines: Arc<AtomicUsize>,
    /// The latest exact score of each line of the search, for a level's choice.
    level_lines: Arc<Mutex<BTreeMap<u32, Line>>>,
    /// The level of the running search (full strength: no choice).
    search_level: Level,
    /// Searches started, mixed into the level's random seed.
    searches: u64,
    settings: Settings,
    engine: Engine,
    /// Waiting for the worker's final report (`SearchDone` / `JobDone`).
    busy: bool,
    /// Timeouts in a row that found the worker idle while `busy` (see `check_worker`).
    idle_checks: u32,
    queue: VecDeque<Command>,
}

/// Whether the loop goes on.
#[derive(PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

/// The dialect for output: UCI until `ucci` arrives.
fn dialect_of(d: &OnceLock<Dialect>) -> Dialect {
    d.get().copied().unwrap_or(Dialect::Uci)
}

impl Session {
    fn new(out: Output, events: Sender<Event>) -> Session {
        let dialect: Arc<OnceLock<Dialect>> = Arc::new(OnceLock::new());
        let lines = Arc::new(AtomicUsize::new(1));
        let level_lines: Arc<Mutex<BTreeMap<u32, Line>>> = Arc::default();
        let mut engine = Engine::new();
        {
            let (out, d, n) = (out.clone(), Arc::clone(&dialect), Arc::clone(&lines));
            let collected = Arc::clone(&level_lines);
            engine.set_on_update(move |info| {
                if let (Bound::Exact, Some(&mv)) = (info.bound, info.pv.first()) {
                    let mut c = collected.lock().unwrap_or_else(|e| e.into_inner());
                    c.insert(
                        info.multipv,
                        Line {
                            mv,
                            score: info.score,
                        },
                    );
                }
                let k = n.load(Ordering::Relaxed);
                out.lines(&format::iteration(dialect_of(&d), info, k));
            });
        }
        {
            let (out, d) = (out.clone(), Arc::clone(&dialect));
            engine.set_on_current_move(move |mv, number, depth| {
                out.line(&format::current_move(dialect_of(&d), mv, number, depth));
            });
        }
        {
            let (out, d) = (out.clone(), Arc::clone(&dialect));
            engine.set_on_message(move |text| out.line(&format::message(dialect_of(&d), text)));
        }
        {
            let tx = Mutex::new(events.clone());
            engine.set_on_bestmove(move |answer| {
                let tx = tx.lock().unwrap_or_else(|e| e.into_inner());
                let _ = tx.send(Event::SearchDone(answer.clone()));
            });
        }
        {
            let tx = Mutex::new(events);
            engine.set_on_job_done(move |report| {
                let tx = tx.lock().unwrap_or_else(|e| e.into_inner());
                let _ = tx.send(Event::JobDone(report.clone()));
            });
        }
        Session {
            out,
            dialect,
            lines,
            level_lines,
            search_level: Level::MAX,
            searches: 0,
            settings: Settings::default(),
            engine,
            busy: false,
            idle_checks: 0,
            queue: VecDeque::new(),
        }
    }

    fn dialect(&self) -> Dialect {
        dialect_of(&self.dialect)
    }

    fn say(&self, text: &str) {
        self.out.line(&format::message(self.dialect(), text));
    }

    fn main_loop(&mut self, rx: &Receiver<Event>) {
        loop {
            let event = match rx.recv_timeout(Duration::from_millis(250)) {
                Ok(e) => e,
                Err(RecvTimeoutError::Timeout) => {
                    self.check_worker();
                    if !self.busy {
                        let _ = self.drain(rx);
                    }
                    continue;
                }
                Err(RecvTimeoutError::Disconnected) => return,
            };
            if self.handle(event, rx) == Flow::Quit {
                return;
            }
        }
    }

    fn handle(&mut self, event: Event, rx: &Receiver<Event>) -> Flow {
        match event {
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
            Event::SearchDone(answer) => {
                let answer = self.level_choice(answer);
                self.print_answer(&answer);
                self.busy = false;
                self.drain(rx)
            }
            Event::JobDone(report) => {
                self.print_job(&report);
                self.busy = false;
                self.drain(rx)
            }
        }
    }

    /// The worker ended without a final report (it cannot, short of a bug): say so, answer
    /// with a legal move, and go on. Called when no event came for a while; the report is sent
    /// before the worker ends, so a worker found idle twice in a row has sent none.
    fn check_worker(&mut self) {
        if !self.busy || self.engine.is_searching() {
            self.idle_checks = 0;
            return;
        }
        self.engine.wait();
        self.idle_checks += 1;
        if self.idle_checks < 2 {
            return;
        }
        self.idle_checks = 0;
        self.say("internal error: the worker thread ended without an answer");
        let legal = self.engine.legal_moves();
        let banned = self.engine.game().ban_moves().to_vec();
        let fallback = legal.iter().find(|m| !banned.contains(m)).copied();
        self.out.line(&format::bestmove(
            self.dialect(),
            fallback,
            None,
            engine::Offer::None,
        ));
        self.busy = false;
    }

    fn print_answer(&self, answer: &BestMove) {
        let d = self.dialect();
        if answer.source == Source::Book {
            if let Some(m) = answer.best {
                self.out.line(&format::book_info(d, m));
            }
        }
        self.out.line(&format::bestmove(
            d,
            answer.best,
            answer.ponder,
            answer.offer,
        ));
    }

    fn print_job(&self, report: &JobReport) {
        match report {
            JobReport::Perft {
                depth,
                report,
                complete,
            } => {
                if !complete {
                    self.say(&format!(
                        "perft {depth} stopped: {} root moves counted in full",
                        report.divide.len()
                    ));
                }
                self.out.lines(&format::perft_report(report));
            }
            JobReport::Bench(b) => {
                if !b.complete {
                    self.say(&format!("bench stopped after {} positions", b.positions));
                }
                self.out.lines(&format::bench_report(b));
            }
        }
    }

    /// Waits for the worker (already told to stop) to report; other input is dropped (used
    /// for `quit` and end of input).
    fn wait_worker(&mut self, rx: &Receiver<Event>) {
        while self.busy {
            match rx.recv_timeout(Duration::from_millis(250)) {
                Ok(Event::SearchDone(answer)) => {
                    self.print_answer(&answer);
                    self.busy = false;
                }
                Ok(Event::JobDone(report)) => {
                    self.print_job(&report);
                    self.busy = false;
                }
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => self.check_worker(),
                Err(RecvTimeoutError::Disconnected) => return,
            }
        }
    }

    /// End of input: stop the worker (its answer is printed), run what was queued, exit.
    fn finish_at_eof(&mut self, rx: &Receiver<Event>) {
        loop {
            if self.busy {
                self.engine.stop();
                self.wait_worker(rx);
            }
            if self.drain(rx) == Flow::Quit {
                return;
            }
            if !self.busy && self.queue.is_empty() {
                return;
            }
        }
    }

    /// Runs queued commands until the queue is empty or one of them starts the worker (then
    /// the rest waits, except commands handled while thinking when they come first).
    fn drain(&mut self, rx: &Receiver<Event>) -> Flow {
        while let Some(cmd) = self.queue.pop_front() {
            if self.busy {
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

    /// Executes a new command now, or queues it while the worker is busy. `stop` and
    /// `ponderhit` concern the latest `go`: when another `go` is already queued they wait.
    fn dispatch(&mut self, cmd: Command, rx: &Receiver<Event>) -> Flow {
        if self.busy {
            let go_queued = self
                .queue
                .iter()
                .any(|c| matches!(c, Command::Go(_) | Command::Perft(_) | Command::Bench(_)));
            let for_later = go_queued && matches!(cmd, Command::Stop | Command::PonderHit { .. });
            if handled_while_thinking(&cmd) && !for_later {
                return self.while_thinking(cmd, rx);
            }
            self.queue.push_back(cmd);
            return Flow::Continue;
        }
        self.execute_guarded(cmd)
    }

    /// A command that is answered while the worker is busy.
    fn while_thinking(&mut self, cmd: Command, rx: &Receiver<Event>) -> Flow {
        if !self.busy {
            return self.execute_guarded(cmd);
        }
        match cmd {
            Command::Stop => self.engine.stop(),
            Command::PonderHit { draw } => self.engine.ponderhit(draw),
            Command::IsReady => self.out.line("readyok"),
            Command::Help => self.out.lines(&format::help()),
            Command::Ucci | Command::Uci => self.handshake(&cmd),
            Command::Quit => {
                self.engine.stop();
                self.wait_worker(rx);
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
                self.say("internal error while executing the command; state kept");
                Flow::Continue
            }
        }
    }

    fn quit(&mut self) -> Flow {
        if self.dialect.get() == Some(&Dialect::Ucci) {
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
        let _ = self.dialect.set(d);
        self.out.lines(&format::handshake(d));
    }

    /// Reports a refusal of the core (the loop never asks while busy, so this is rare).
    fn check(&self, what: &str, r: Result<(), EngineError>) {
        if let Err(e) = r {
            self.say(&format!("{what}: {e}"));
        }
    }

    fn execute(&mut self, cmd: Command) -> Flow {
        match cmd {
            Command::Ucci | Command::Uci => self.handshake(&cmd),
            Command::IsReady => self.out.line("readyok"),
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::NewGame => {
                let r = self.engine.new_game();
                self.check("ucinewgame", r);
            }
            Command::Position(spec) => self.set_position(spec),
            Command::BanMoves(moves) => match self.engine.ban_moves(moves) {
                Ok(bad) if !bad.is_empty() => {
                    let list: Vec<String> = bad.iter().map(Move::to_string).collect();
                    self.say(&format!(
                        "banmoves: ignored moves that are not legal here: {}",
                        list.join(" ")
                    ));
                }
                Ok(_) => {}
                Err(e) => self.say(&format!("banmoves: {e}")),
            },
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
                let pos = self.build_position(spec, "probe");
                let probe = self.engine.probe(&pos);
                self.out.line(&format::pophash(probe.as_ref()));
            }
            Command::Display => self.out.lines(&format::display(
                self.engine.position(),
                self.engine.game().ban_moves(),
            )),
            Command::Perft(depth) => {
                let r = self.engine.perft(depth);
                self.busy = r.is_ok();
                self.check("perft", r);
            }
            Command::Bench(depth) => {
                let r = self.engine.bench(depth);
                self.busy = r.is_ok();
                self.check("bench", r);
            }
            Command::Eval => self.out.lines(&format::eval_report(self.engine.position())),
            Command::Help => self.out.lines(&format::help()),
            Command::Debug(on) => self.settings.debug = on,
        }
        Flow::Continue
    }

    /// Reports a malformed move of `spec` (the moves before it are kept).
    fn report_garbled(&self, spec: &PositionSpec, what: &str) {
        if let Some(bad) = &spec.garbled {
            self.say(&format!(
                "{what}: malformed move {bad:?} (move {}); kept the {} moves before it",
                spec.moves.len() + 1,
                spec.moves.len()
            ));
        }
    }

    fn set_position(&mut self, spec: PositionSpec) {
        let base = spec.base.clone();
        match self.engine.set_position(base, &spec.moves) {
            Ok(()) => self.report_garbled(&spec, "position"),
            Err(EngineError::Illegal(b)) => self.say(&format!(
                "position: illegal move {} (move {}); kept the {} moves before it",
                b.mv,
                b.number,
                b.number - 1
            )),
            Err(e) => self.say(&format!("position: {e}")),
        }
    }

    /// The position of `spec` for `probe` (moves after an illegal or malformed one dropped).
    fn build_position(&self, spec: PositionSpec, what: &str) -> Position {
        let (pos, bad) = engine::replay(spec.base.clone(), &spec.moves);
        match bad {
            Some(b) => self.say(&format!(
                "{what}: illegal move {} (move {}); kept the {} moves before it",
                b.mv,
                b.number,
                b.number - 1
            )),
            None => self.report_garbled(&spec, what),
        }
        pos
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let Some(spec) = options::lookup(name) else {
            #[cfg(feature = "tune")]
            if let Some(param) = crate::search::params::find(name) {
                self.set_search_param(param, value);
                return;
            }
            self.say(&format!("unknown option {name:?} ignored"));
            return;
        };
        let value = value.map(str::trim).unwrap_or("");
        let label = match self.dialect() {
            Dialect::Ucci => spec.ucci.or(spec.uci),
            Dialect::Uci => spec.uci.or(spec.ucci),
        }
        .unwrap_or(name);
        let mut book = self.engine.book_settings().clone();
        let mut offers = self.engine.offer_settings();
        match spec.kind {
            OptionKind::Button => {
                let r = if spec.id == OptionId::NewGame {
                    self.engine.new_game()
                } else {
                    self.engine.clear_hash()
                };
                self.check(label, r);
            }
            OptionKind::Check(_) => {
                let Some(b) = options::parse_bool(value) else {
                    self.say(&format!("option {label}: {value:?} is not true or false"));
                    return;
                };
                match spec.id {
                    OptionId::UseMillisec => self.settings.use_millisec = b,
                    OptionId::Ponder => self.settings.ponder = b,
                    OptionId::UseBook => book.enabled = b,
                    OptionId::Debug => self.settings.debug = b,
                    OptionId::DrawOffers => offers.draw_offers = b,
                    OptionId::LimitStrength => self.settings.limit_strength = b,
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
                let r = match spec.id {
                    OptionId::Hash => self.engine.set_hash_mb(n),
                    OptionId::Threads => self.engine.set_threads(n),
                    OptionId::MultiPv => {
                        let r = self.engine.set_multipv(n);
                        self.lines
                            .store(self.engine.search_options().multipv, Ordering::Relaxed);
                        r
                    }
                    OptionId::MoveOverhead => {
                        self.settings.move_overhead_ms = n as u64;
                        Ok(())
                    }
                    OptionId::MoveLimit => self.engine.set_move_limit(n as u32),
                    OptionId::ResignScore => {
                        offers.resign_score = n as i32;
                        Ok(())
                    }
                    OptionId::ResignMoves => {
                        offers.resign_moves = n;
                        Ok(())
                    }
                    OptionId::Level => {
                        self.settings.level = Level::new(clamped).unwrap_or(Level::MAX);
                        Ok(())
                    }
                    OptionId::Elo => {
                        self.settings.elo = clamped;
                        Ok(())
                    }
                    _ => Ok(()),
                };
                self.check(label, r);
            }
            OptionKind::Text(_) => {
                if spec.id == OptionId::BookFiles {
                    book.files = if value == "<empty>" {
                        String::new()
                    } else {
                        value.to_string()
                    };
                }
            }
            OptionKind::Combo { vars, .. } => {
                let lower = value.to_ascii_lowercase();
                let index = vars.iter().position(|v| *v == lower).or_else(|| {
                    // ElephantEye also takes `randomness` as a number.
                    (spec.id == OptionId::Randomness)
                        .then(|| value.parse::<usize>().ok())
                        .flatten()
                        .map(|i| i.min(RANDOMNESS.len() - 1))
                });
                match index {
                    Some(i) if spec.id == OptionId::Randomness => book.randomness = i,
                    Some(i) if spec.id == OptionId::RepetitionRule => {
                        // The option's values are `RepetitionRule::ALL`'s names, in its order.
                        let r = self.engine.set_repetition_rule(RepetitionRule::ALL[i]);
                        self.check(label, r);
                    }
                    Some(_) => {}
                    None => self.say(&format!(
                        "option {label}: {value:?} is not one of {}",
                        vars.join(", ")
                    )),
                }
            }
        }
        if book != *self.engine.book_settings() {
            self.engine.set_book_settings(book);
        }
        self.engine.set_offer_settings(offers);
    }

    /// Sets a search parameter (feature `tune`); a bad value leaves it unchanged.
    #[cfg(feature = "tune")]
    fn set_search_param(&self, param: &crate::search::params::Param, value: Option<&str>) {
        let value = value.map(str::trim).unwrap_or("");
        let Ok(v) = value.parse::<i64>() else {
            self.say(&format!(
                "option {}: {value:?} is not a whole number; value unchanged",
                param.name()
            ));
            return;
        };
        if let Err(e) = param.set(v) {
            self.say(&format!("option {e}"));
        } else if self.settings.debug {
            self.say(&format!("option {} set to {v}", param.name()));
        }
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
            move_overhead: Duration::from_millis(self.settings.move_overhead_ms),
            ..Limits::default()
        };
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
            let (ours, theirs, our_inc, their_inc) = match self.engine.position().side_to_move() {
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

    /// At a level below full strength, the move is chosen among the searched lines and the
    /// GUI's MultiPV setting comes back.
    fn level_choice(&mut self, mut answer: BestMove) -> BestMove {
        let level = self.reset_level();
        if level.is_full_strength() {
            return answer;
        }
        let mut lines: Vec<Line> = self
            .level_lines
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .values()
            .copied()
            .collect();
        if let (Source::Search, Some(best)) = (answer.source, answer.best) {
            lines.retain(|l| l.mv != best);
            lines.push(Line {
                mv: best,
                score: answer.score.unwrap_or(0),
            });
            let seed = self.searches ^ self.engine.position().key();
            if let Some(mv) = level.choose(&lines, seed) {
                if mv != best {
                    answer.best = Some(mv);
                    answer.ponder = None;
                }
            }
        }
        answer
    }

    /// Ends a level's search: the GUI's MultiPV setting comes back. Returns the level it had.
    fn reset_level(&mut self) -> Level {
        let level = std::mem::replace(&mut self.search_level, Level::MAX);
        if !level.is_full_strength() {
            let _ = self
                .engine
                .set_multipv(self.lines.load(Ordering::Relaxed).max(1));
        }
        level
    }

    /// Applies the playing level to a search: its node budget and depth cap (the smaller of
    /// them and the GUI's) and its number of lines to choose from.
    fn apply_level(&mut self, limits: &mut Limits) {
        let level = self.settings.playing_level();
        self.level_lines
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clear();
        self.searches += 1;
        if level.is_full_strength() || limits.infinite || limits.ponder {
            return;
        }
        let l = level.limits();
        limits.nodes = match (limits.nodes, l.nodes) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        limits.depth = match (limits.depth, l.depth) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let gui_lines = self.lines.load(Ordering::Relaxed).max(1);
        if gui_lines >= l.multipv || self.engine.set_multipv(l.multipv).is_ok() {
            self.search_level = level;
        }
    }

    fn go(&mut self, g: &GoParams) {
        let mut limits = self.limits(g);
        self.apply_level(&mut limits);
        if self.settings.debug {
            self.say(&format!("debug: limits {limits:?}"));
        }
        let request = GoRequest {
            limits,
            draw_offered: g.draw,
            use_book: true,
            refuse_finished_games: self.dialect() == Dialect::Ucci,
        };
        match self.engine.go(request) {
            Ok(GoOutcome::Searching) => self.busy = true,
            Ok(GoOutcome::Answered(answer)) => {
                let answer = self.level_choice(answer);
                self.print_answer(&answer);
            }
            Err(e) => {
                self.reset_level();
                self.say(&format!("go: {e}"));
                self.out.line(&format::no_move(self.dialect()));
            }
        }
    }
}

/// Commands answered at once while the worker is busy; the others wait for it to end.
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
}
