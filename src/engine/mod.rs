//! The engine core: one game with its searcher, shared by every front end.
//!
//! `protocol` (UCCI/UCI text), `analyze` (the terminal) and a web server all drive the engine
//! through [`Engine`]: set a position, start a search with [`Engine::go`], `stop` /
//! `ponderhit` it, and receive its progress and its answer through listeners, in the style of
//! Stockfish's `Engine::set_on_update_full` / `set_on_bestmove`. Nothing here prints: each
//! front end formats the structured reports itself.
//!
//! ```text
//! front ends:  protocol/ (UCCI, UCI) · analyze.rs (terminal) · web/
//!                            │
//! engine/      mod.rs      Engine: the face the front ends use, listeners, options
//!              game.rs     position + history + banned moves + book + rule verdicts
//!              thinker.rs  the worker thread: start / stop / ponderhit, panic recovery
//!              offers.rs   draw offers and resignation (ScoreLog, OfferPolicy)
//!              jobs.rs     perft and bench as stoppable jobs
//!                            │
//! below:       search/ · book/ · rules/ · movegen/ · eval/ · board/ · types/
//! ```
//!
//! Listeners are called on the worker thread (messages also on the caller's thread). They must
//! not lock the mutex that guards their own `Engine`: the next request to the engine joins the
//! finishing worker thread, so a listener waiting for that lock would deadlock. Send the report
//! through a channel instead, or copy what you need.
//!
//! ```
//! use chuhan::engine::{Engine, GoOutcome, GoRequest};
//! use chuhan::search::Limits;
//! use std::sync::mpsc::channel;
//!
//! let mut engine = Engine::new();
//! let (tx, rx) = channel();
//! engine.set_on_bestmove(move |answer| {
//!     let _ = tx.send(answer.best);
//! });
//! engine.set_position_text(None, "h2e2 h9g7").unwrap();
//! let request = GoRequest {
//!     limits: Limits { depth: Some(3), ..Limits::default() },
//!     use_book: false,
//!     ..GoRequest::default()
//! };
//! match engine.go(request).unwrap() {
//!     GoOutcome::Searching => assert!(rx.recv().unwrap().is_some()),
//!     GoOutcome::Answered(answer) => assert!(answer.best.is_some()),
//! }
//! engine.wait();
//! assert!(!engine.is_searching());
//! ```

pub mod game;
pub mod jobs;
pub mod offers;
mod thinker;

pub use game::{replay, BookSettings, Game, IllegalMove};
pub use jobs::{BenchReport, JobReport, BENCH_DEPTH};
pub use offers::{Offer, OfferPolicy, ScoreLog, DRAW_ACCEPT_SCORE};
pub use thinker::JobKind;

use crate::board::{FenError, Position, START_FEN};
use crate::movegen;
use crate::notation::{parse_move, NotationError};
use crate::rules::{self, GameResult, RepetitionRule};
use crate::search::{HashProbe, IterationInfo, Limits, Score, SearchOptions};
use crate::types::Move;
use std::fmt;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use thinker::{SearchJob, Thinker};

/// Deepest `go depth` passed to the search.
pub const MAX_DEPTH: u32 = 128;
/// Longest mate searched for by `go mate N` (larger N are clamped: the search cannot look
/// deeper anyway).
pub const MAX_MATE_MOVES: u32 = 60;
/// Deepest `perft` accepted.
pub const MAX_PERFT_DEPTH: u32 = 8;

/// Where an answer came from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// The search.
    Search,
    /// The opening book (no search).
    Book,
    /// The search failed or found nothing allowed: the first allowed legal move.
    Fallback,
    /// No legal (allowed) move: the side to move has lost, or every move is banned.
    NoMove,
    /// The rules had already decided the game before the search (see
    /// [`GoRequest::refuse_finished_games`]).
    GameOver(GameResult),
}

/// The final answer of a search: UCI/UCCI `bestmove`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestMove {
    /// The move to play (`None`: no move, see `source`).
    pub best: Option<Move>,
    /// The expected reply (legal after `best`), for pondering.
    pub ponder: Option<Move>,
    /// The search's score for the side to move (`None` for book, fallback and no-move answers).
    pub score: Option<Score>,
    /// Depth completed.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time used.
    pub elapsed: Duration,
    /// Draw offer / acceptance or resignation.
    pub offer: Offer,
    /// Where the answer came from.
    pub source: Source,
}

impl BestMove {
    fn immediate(best: Option<Move>, source: Source, offer: Offer) -> BestMove {
        BestMove {
            best,
            ponder: None,
            score: None,
            depth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
            offer,
            source,
        }
    }
}

/// What [`Engine::go`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GoOutcome {
    /// A search runs on the worker thread; its answer comes through `on_bestmove`.
    Searching,
    /// Answered at once without a search (book move, no legal move, game already decided,
    /// no thread): `on_bestmove` is not called.
    Answered(BestMove),
}

/// A search request.
#[derive(Clone, Debug)]
pub struct GoRequest {
    /// Depth, nodes, time, `infinite`, `ponder`, `mate`, `searchmoves` … (`ban_moves` is
    /// filled from the game's banned moves).
    pub limits: Limits,
    /// The opponent offers a draw (UCCI `go draw`): the answer accepts it or not.
    pub draw_offered: bool,
    /// Let the opening book answer an ordinary game move (never an analysis request:
    /// MultiPV > 1, `infinite`, `ponder`, `mate`, `searchmoves`, or a draw offer).
    pub use_book: bool,
    /// Answer "no move" at once when the rules have already decided the game (UCCI
    /// `nobestmove`); otherwise a legal move is searched anyway (UCI).
    pub refuse_finished_games: bool,
}

impl Default for GoRequest {
    fn default() -> GoRequest {
        GoRequest {
            limits: Limits::default(),
            draw_offered: false,
            use_book: true,
            refuse_finished_games: false,
        }
    }
}

/// Resignation and draw-offer settings (UCCI `resignscore`, `resignmoves`, `drawoffers`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct OfferSettings {
    /// Offer draws in dead positions and long quiet equal stretches.
    pub draw_offers: bool,
    /// Resign when the score stays at or below minus this (0 = never).
    pub resign_score: i32,
    /// How many consecutive moves (1..=100) the score must stay that low.
    pub resign_moves: usize,
}

impl Default for OfferSettings {
    fn default() -> OfferSettings {
        OfferSettings {
            draw_offers: true,
            resign_score: 1500,
            resign_moves: 5,
        }
    }
}

/// Why the engine refused a request.
#[derive(Debug)]
pub enum EngineError {
    /// A search or job is running: stop it (or wait) first.
    Busy,
    /// The FEN was rejected.
    Fen(FenError),
    /// A move of a move list could not be parsed or is illegal.
    Move {
        /// 1-based number of the move in the list.
        number: usize,
        /// The move as written.
        text: String,
        /// Why.
        error: NotationError,
    },
    /// A move of a move list is not legal where it stands (the moves before it were kept).
    Illegal(IllegalMove),
    /// `perft` deeper than [`MAX_PERFT_DEPTH`].
    TooDeep {
        /// Depth asked for.
        depth: u32,
        /// The limit.
        max: u32,
    },
    /// The worker thread could not be started.
    NoThread,
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Busy => write!(f, "the engine is busy with a search"),
            EngineError::Fen(e) => write!(f, "invalid FEN: {e}"),
            EngineError::Move {
                number,
                text,
                error,
            } => write!(f, "move {number} ({text}) cannot be played: {error}"),
            EngineError::Illegal(b) => write!(f, "{b}"),
            EngineError::TooDeep { depth, max } => {
                write!(f, "depth {depth} is too deep (at most {max})")
            }
            EngineError::NoThread => write!(f, "cannot start the search thread"),
        }
    }
}

impl std::error::Error for EngineError {}

type Listener<T> = Option<Arc<dyn Fn(&T) + Send + Sync>>;
/// The current-move listener: (move, 1-based number, depth).
type MoveListener = Option<Arc<dyn Fn(Move, u32, u32) + Send + Sync>>;

/// The callbacks the core reports through (all optional).
#[derive(Clone, Default)]
pub(crate) struct Listeners {
    update: Listener<IterationInfo>,
    current_move: MoveListener,
    message: Listener<str>,
    bestmove: Listener<BestMove>,
    job_done: Listener<JobReport>,
}

impl Listeners {
    fn update(&self, info: &IterationInfo) {
        if let Some(f) = &self.update {
            f(info);
        }
    }

    fn current_move(&self, mv: Move, number: u32, depth: u32) {
        if let Some(f) = &self.current_move {
            f(mv, number, depth);
        }
    }

    fn message(&self, text: &str) {
        if let Some(f) = &self.message {
            f(text);
        }
    }

    fn bestmove(&self, answer: &BestMove) {
        if let Some(f) = &self.bestmove {
            f(answer);
        }
    }

    fn job_done(&self, report: &JobReport) {
        if let Some(f) = &self.job_done {
            f(report);
        }
    }
}

/// One game and its searcher: the face every front end uses.
///
/// `Engine` is `Send`; a server keeps one per game behind a `Mutex`. Searches run on a worker
/// thread: [`Engine::go`] returns at once, the listeners report, [`Engine::stop`] ends the
/// search early. Changing options or the position while a search runs is refused with
/// [`EngineError::Busy`].
pub struct Engine {
    game: Game,
    thinker: Thinker,
    listeners: Listeners,
    search_options: SearchOptions,
    book: BookSettings,
    offers: OfferSettings,
    score_log: Arc<Mutex<ScoreLog>>,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new()
    }
}

impl Engine {
    /// The start position, default options (16 MB hash, one thread, one line, the default book).
    pub fn new() -> Engine {
        Engine::with_options(SearchOptions::default())
    }

    /// The start position with these search options.
    pub fn with_options(options: SearchOptions) -> Engine {
        let mut game = Game::new();
        game.rules.move_limit = options.move_limit;
        game.rules.mixed_check_chase_loses = options.repetition_rule.mixed_check_chase_loses();
        Engine {
            game,
            thinker: Thinker::new(&options),
            listeners: Listeners::default(),
            search_options: options,
            book: BookSettings::default(),
            offers: OfferSettings::default(),
            score_log: Arc::new(Mutex::new(ScoreLog::default())),
        }
    }

    // ---- listeners ------------------------------------------------------------------------

    /// Called for each completed iteration (and each MultiPV line, and aspiration bounds).
    pub fn set_on_update(&mut self, f: impl Fn(&IterationInfo) + Send + Sync + 'static) {
        self.listeners.update = Some(Arc::new(f));
    }

    /// Called with the root move being searched (move, 1-based number, depth); the search
    /// reports it only after a few seconds of thinking.
    pub fn set_on_current_move(&mut self, f: impl Fn(Move, u32, u32) + Send + Sync + 'static) {
        self.listeners.current_move = Some(Arc::new(f));
    }

    /// Called with diagnostics (book loaded, moves avoided, recovered failures …).
    pub fn set_on_message(&mut self, f: impl Fn(&str) + Send + Sync + 'static) {
        self.listeners.message = Some(Arc::new(f));
    }

    /// Called once at the end of every search started by [`Engine::go`] that returned
    /// [`GoOutcome::Searching`], with a legal move whenever one is allowed.
    pub fn set_on_bestmove(&mut self, f: impl Fn(&BestMove) + Send + Sync + 'static) {
        self.listeners.bestmove = Some(Arc::new(f));
    }

    /// Called once at the end of a [`Engine::perft`] or [`Engine::bench`] job.
    pub fn set_on_job_done(&mut self, f: impl Fn(&JobReport) + Send + Sync + 'static) {
        self.listeners.job_done = Some(Arc::new(f));
    }

    fn say(&self, text: &str) {
        self.listeners.message(text);
    }

    // ---- the game -------------------------------------------------------------------------

    /// The game: position, banned moves, rules.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// The legal moves of the current position.
    pub fn legal_moves(&self) -> Vec<Move> {
        self.game.legal_moves()
    }

    /// Whether the rules have decided the game (mate, stalemate, perpetual check/chase,
    /// repetition, move limit, insufficient material).
    pub fn game_result(&self) -> Option<GameResult> {
        self.game.result()
    }

    fn idle(&mut self) -> Result<(), EngineError> {
        self.thinker.reap(&self.search_options, &self.listeners);
        if self.thinker.is_busy() {
            Err(EngineError::Busy)
        } else {
            Ok(())
        }
    }

    /// Sets the position to `base` followed by `moves`, and clears the banned moves. At the
    /// first illegal move, the moves before it are kept (as GUIs expect) and the move is
    /// returned as the error; use [`replay`] first to refuse such lists entirely.
    pub fn set_position(&mut self, base: Position, moves: &[Move]) -> Result<(), EngineError> {
        self.idle()?;
        let (pos, bad) = replay(base, moves);
        self.game.set(pos);
        match bad {
            None => Ok(()),
            Some(b) => Err(EngineError::Illegal(b)),
        }
    }

    /// Sets the position from a FEN (`None`: the start position) and moves in ICCS, WXF or
    /// Chinese notation separated by spaces. On any error nothing changes.
    pub fn set_position_text(&mut self, fen: Option<&str>, moves: &str) -> Result<(), EngineError> {
        self.idle()?;
        let mut pos = Position::from_fen(fen.unwrap_or(START_FEN)).map_err(EngineError::Fen)?;
        for (i, text) in moves.split_whitespace().enumerate() {
            let mv = parse_move(&pos, text).map_err(|error| EngineError::Move {
                number: i + 1,
                text: text.to_string(),
                error,
            })?;
            pos.make_move(mv);
        }
        self.game.set(pos);
        Ok(())
    }

    /// Bans root moves for the next search (UCCI `banmoves`; cleared by the next position).
    /// Returns the moves that are not legal here, which are ignored.
    pub fn ban_moves(&mut self, moves: Vec<Move>) -> Result<Vec<Move>, EngineError> {
        self.idle()?;
        Ok(self.game.ban(moves))
    }

    /// A new game: clears the hash table, the history heuristics and the score log.
    pub fn new_game(&mut self) -> Result<(), EngineError> {
        self.clear_hash()?;
        *self.score_log.lock().unwrap_or_else(|e| e.into_inner()) = ScoreLog::default();
        Ok(())
    }

    // ---- options --------------------------------------------------------------------------

    /// The search options (hash, threads, MultiPV, move limit).
    pub fn search_options(&self) -> &SearchOptions {
        &self.search_options
    }

    fn with_searcher(
        &mut self,
        f: impl FnOnce(&mut crate::search::Searcher),
    ) -> Result<(), EngineError> {
        self.thinker
            .with_searcher(&self.search_options, &self.listeners, f)
            .ok_or(EngineError::Busy)
    }

    /// Clears the hash table and the history heuristics.
    pub fn clear_hash(&mut self) -> Result<(), EngineError> {
        self.with_searcher(crate::search::Searcher::clear)
    }

    /// Hash table size in MB (1..=4096; clears the table).
    pub fn set_hash_mb(&mut self, mb: usize) -> Result<(), EngineError> {
        let mb = mb.clamp(1, 4096);
        self.with_searcher(|s| s.set_hash_mb(mb))?;
        self.search_options.hash_mb = mb;
        Ok(())
    }

    /// Search threads (1..=256).
    pub fn set_threads(&mut self, threads: usize) -> Result<(), EngineError> {
        let threads = threads.clamp(1, 256);
        self.with_searcher(|s| s.set_threads(threads))?;
        self.search_options.threads = threads;
        Ok(())
    }

    /// Number of lines (MultiPV, 1..=128).
    pub fn set_multipv(&mut self, lines: usize) -> Result<(), EngineError> {
        let lines = lines.clamp(1, 128);
        self.with_searcher(|s| s.set_multipv(lines))?;
        self.search_options.multipv = lines;
        Ok(())
    }

    /// Natural move limit in moves without capture (0 = none), for the search and the rules.
    pub fn set_move_limit(&mut self, moves: u32) -> Result<(), EngineError> {
        self.with_searcher(|s| s.set_move_limit(moves))?;
        self.search_options.move_limit = moves;
        self.game.rules.move_limit = moves;
        Ok(())
    }

    /// The repetition rule for 一将一捉 (a side alternating checks and chases loses under
    /// [`RepetitionRule::Asian`], the default, and is allowed under [`RepetitionRule::Pyffish`]),
    /// for the search and the rules.
    pub fn set_repetition_rule(&mut self, rule: RepetitionRule) -> Result<(), EngineError> {
        self.with_searcher(|s| s.set_repetition_rule(rule))?;
        self.search_options.repetition_rule = rule;
        self.game.rules.mixed_check_chase_loses = rule.mixed_check_chase_loses();
        Ok(())
    }

    /// The opening-book settings.
    pub fn book_settings(&self) -> &BookSettings {
        &self.book
    }

    /// Sets the opening-book settings (the book is loaded when first needed).
    pub fn set_book_settings(&mut self, book: BookSettings) {
        self.book = book;
    }

    /// Resignation and draw-offer settings.
    pub fn offer_settings(&self) -> OfferSettings {
        self.offers
    }

    /// Sets the resignation and draw-offer settings (`resign_moves` clamped to 1..=100).
    pub fn set_offer_settings(&mut self, mut offers: OfferSettings) {
        offers.resign_moves = offers.resign_moves.clamp(1, offers::MAX_RESIGN_MOVES);
        self.offers = offers;
    }

    /// The hash-table entry of `pos` (`None` when absent or while a search runs).
    pub fn probe(&mut self, pos: &Position) -> Option<HashProbe> {
        self.thinker
            .with_searcher(&self.search_options, &self.listeners, |s| s.probe(pos))
            .flatten()
    }

    // ---- searching ------------------------------------------------------------------------

    /// Whether a search (or perft/bench job) is running: its final report has not been
    /// delivered yet.
    pub fn is_searching(&self) -> bool {
        self.thinker.is_busy()
    }

    /// What runs on the worker thread, if anything.
    pub fn running(&self) -> Option<JobKind> {
        self.thinker.running_kind()
    }

    /// Asks the running search or job to stop; its answer comes through the listener.
    pub fn stop(&self) {
        self.thinker.stop();
    }

    /// The opponent played the pondered move (`draw`: and offers a draw).
    pub fn ponderhit(&self, draw: bool) {
        self.thinker.ponderhit(draw);
    }

    /// Blocks until the running search or job has delivered its report.
    pub fn wait(&mut self) {
        self.thinker.wait(&self.search_options, &self.listeners);
    }

    /// Checks and completes the limits: illegal `searchmoves` dropped, depth and mate clamped,
    /// the game's banned moves added. Each correction is reported as a message.
    fn checked_limits(&self, mut limits: Limits) -> Limits {
        let legal = movegen::legal_moves(self.position());
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
        if let Some(d) = limits.depth {
            let clamped = d.clamp(1, MAX_DEPTH);
            if clamped != d {
                self.say(&format!(
                    "go: depth {d} is out of range 1..{MAX_DEPTH}; using {clamped}"
                ));
            }
            limits.depth = Some(clamped);
        }
        if let Some(n) = limits.mate {
            let clamped = n.clamp(1, MAX_MATE_MOVES);
            if clamped != n {
                self.say(&format!(
                    "go: mate {n} is out of range 1..{MAX_MATE_MOVES}; using {clamped}"
                ));
            }
            limits.mate = Some(clamped);
        }
        limits.ban_moves = self.game.ban_moves().to_vec();
        limits
    }

    /// Whether the book may answer this request: an ordinary game move, not analysis.
    fn book_allowed(&self, request: &GoRequest, limits: &Limits) -> bool {
        request.use_book
            && !request.draw_offered
            && !limits.ponder
            && !limits.infinite
            && limits.mate.is_none()
            && limits.search_moves.is_empty()
            && self.search_options.multipv <= 1
    }

    /// Starts a search of the current position, or answers at once (see [`GoOutcome`]).
    pub fn go(&mut self, request: GoRequest) -> Result<GoOutcome, EngineError> {
        self.idle()?;
        let limits = self.checked_limits(request.limits.clone());
        if self.book_allowed(&request, &limits) {
            let listeners = self.listeners.clone();
            let book = self.book.clone();
            if let Some(pick) = self.game.book_move(&book, &mut |s| listeners.message(&s)) {
                let chinese = crate::notation::to_chinese(self.position(), pick.mv);
                self.say(&format!(
                    "book move {} {} weight {}",
                    pick.mv, chinese, pick.weight
                ));
                return Ok(GoOutcome::Answered(BestMove::immediate(
                    Some(pick.mv),
                    Source::Book,
                    Offer::None,
                )));
            }
        }
        let waits = limits.ponder || limits.infinite;
        if !waits && !movegen::has_legal_move(self.position()) {
            return Ok(GoOutcome::Answered(BestMove::immediate(
                None,
                Source::NoMove,
                Offer::None,
            )));
        }
        if request.refuse_finished_games && !waits {
            if let Some(result) = self.game.result() {
                self.say(&format!(
                    "the game is already over: {} ({:?})",
                    result.score_text(),
                    result.reason
                ));
                return Ok(GoOutcome::Answered(BestMove::immediate(
                    None,
                    Source::GameOver(result),
                    Offer::None,
                )));
            }
        }
        let pos = self.position().clone();
        let ply = pos.game_ply();
        let needed = OfferPolicy::history_needed(self.offers.resign_moves);
        let recent = self
            .score_log
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .recent(ply, needed);
        let policy = OfferPolicy {
            draw_offered: request.draw_offered,
            recent_scores: recent,
            resign_score: self.offers.resign_score,
            resign_moves: self.offers.resign_moves,
            draw_offers: self.offers.draw_offers,
            dead: rules::insufficient_material(&pos),
            plies_without_capture: pos.rule60_count(),
        };
        let log = Arc::clone(&self.score_log);
        let record = Box::new(move |score: Score| {
            log.lock()
                .unwrap_or_else(|e| e.into_inner())
                .record(ply, score);
        });
        let job = SearchJob {
            pos: pos.clone(),
            limits: limits.clone(),
            policy,
            record,
        };
        let started = self.thinker.start_search(
            job,
            request.draw_offered,
            &self.search_options,
            &self.listeners,
        );
        match started {
            Ok(()) => Ok(GoOutcome::Searching),
            Err(()) => {
                self.say("cannot start the search thread; playing a legal move");
                Ok(GoOutcome::Answered(thinker::final_answer(
                    &pos,
                    &limits,
                    None,
                    None,
                    Instant::now(),
                )))
            }
        }
    }

    /// Starts `perft` of the current position on the worker thread (the threads option sets
    /// how many threads count); the report comes through `on_job_done`, partial when stopped.
    pub fn perft(&mut self, depth: u32) -> Result<(), EngineError> {
        if depth > MAX_PERFT_DEPTH {
            return Err(EngineError::TooDeep {
                depth,
                max: MAX_PERFT_DEPTH,
            });
        }
        self.idle()?;
        let pos = self.position().clone();
        let threads = self.search_options.threads.max(1);
        self.thinker
            .start_job(
                move |control| jobs::perft(&pos, depth, threads, control),
                &self.search_options,
                &self.listeners,
            )
            .map_err(|()| EngineError::NoThread)
    }

    /// Starts the bench (every bench position to `depth`, default [`BENCH_DEPTH`]) on the
    /// worker thread; the report comes through `on_job_done`.
    pub fn bench(&mut self, depth: Option<u32>) -> Result<(), EngineError> {
        self.idle()?;
        let depth = depth.unwrap_or(BENCH_DEPTH);
        self.thinker
            .start_job(
                move |control| JobReport::Bench(jobs::bench(depth, control)),
                &self.search_options,
                &self.listeners,
            )
            .map_err(|()| EngineError::NoThread)
    }
}

impl Drop for Engine {
    /// Stops a running search and waits for it, so that no thread outlives its engine.
    fn drop(&mut self) {
        self.thinker.stop();
        self.thinker.wait(&self.search_options, &self.listeners);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::mpsc::{channel, Receiver};

    /// An engine whose answers and messages arrive on channels.
    fn engine() -> (Engine, Receiver<BestMove>, Arc<Mutex<Vec<String>>>) {
        let mut e = Engine::with_options(SearchOptions {
            hash_mb: 1,
            ..SearchOptions::default()
        });
        let (tx, rx) = channel();
        e.set_on_bestmove(move |b| {
            let _ = tx.send(b.clone());
        });
        let said = Arc::new(Mutex::new(Vec::new()));
        let s = Arc::clone(&said);
        e.set_on_message(move |m| s.lock().unwrap_or_else(|e| e.into_inner()).push(m.into()));
        (e, rx, said)
    }

    fn depth(d: u32) -> GoRequest {
        GoRequest {
            limits: Limits {
                depth: Some(d),
                ..Limits::default()
            },
            use_book: false,
            ..GoRequest::default()
        }
    }

    fn answer(e: &mut Engine, rx: &Receiver<BestMove>, request: GoRequest) -> BestMove {
        match e.go(request) {
            Ok(GoOutcome::Searching) => {
                let b = rx.recv_timeout(Duration::from_secs(20)).expect("an answer");
                e.wait();
                b
            }
            Ok(GoOutcome::Answered(b)) => b,
            Err(err) => panic!("go refused: {err}"),
        }
    }

    /// A server keeps engines behind a mutex and moves them between threads.
    #[test]
    fn engine_is_send() {
        fn send<T: Send>() {}
        send::<Engine>();
        send::<Arc<Mutex<Engine>>>();
    }

    #[test]
    fn searches_answer_through_the_listener_and_the_engine_is_idle_after() {
        let (mut e, rx, _) = engine();
        e.set_position_text(None, "h2e2 h9g7").expect("moves");
        let b = answer(&mut e, &rx, depth(3));
        assert_eq!(b.source, Source::Search);
        assert!(b.best.is_some_and(|m| e.legal_moves().contains(&m)));
        assert!(!e.is_searching());
        // Options can change again.
        assert!(e.set_multipv(2).is_ok());
    }

    #[test]
    fn busy_engine_refuses_changes_and_stop_ends_the_search() {
        let (mut e, rx, _) = engine();
        let request = GoRequest {
            limits: Limits {
                infinite: true,
                ..Limits::default()
            },
            ..GoRequest::default()
        };
        assert_eq!(e.go(request).ok(), Some(GoOutcome::Searching));
        assert!(e.is_searching());
        assert!(matches!(e.set_hash_mb(2), Err(EngineError::Busy)));
        assert!(matches!(e.go(depth(1)), Err(EngineError::Busy)));
        std::thread::sleep(Duration::from_millis(50));
        assert!(rx.try_recv().is_err(), "infinite answers only after stop");
        e.stop();
        let b = rx.recv_timeout(Duration::from_secs(5)).expect("answer");
        assert!(b.best.is_some());
        e.wait();
        assert!(!e.is_searching());
    }

    /// A panic in a listener inside the search is caught: a legal move is still answered, the
    /// failure reported, and the next search runs on a fresh searcher.
    #[test]
    fn panic_in_the_search_still_answers_and_recovers() {
        let (mut e, rx, said) = engine();
        let calls = Arc::new(AtomicUsize::new(0));
        let c = Arc::clone(&calls);
        e.set_on_update(move |_| {
            if c.fetch_add(1, Ordering::SeqCst) == 0 {
                panic!("listener failure (test)");
            }
        });
        let b = answer(&mut e, &rx, depth(4));
        assert!(b.best.is_some_and(|m| e.legal_moves().contains(&m)));
        assert_eq!(b.source, Source::Fallback);
        let msgs = said.lock().unwrap_or_else(|e| e.into_inner()).clone();
        assert!(
            msgs.iter().any(|m| m.contains("internal error")),
            "{msgs:?}"
        );
        let b = answer(&mut e, &rx, depth(3));
        assert_eq!(b.source, Source::Search);
    }

    /// A panic outside the search (here in the answer's own listener) neither leaves the
    /// engine busy nor hangs `wait`; the next search works.
    #[test]
    fn panic_after_the_search_leaves_the_engine_usable() {
        let (mut e, _rx, _said) = engine();
        let (tx, rx) = channel();
        let calls = Arc::new(AtomicUsize::new(0));
        let c = Arc::clone(&calls);
        e.set_on_bestmove(move |b| {
            if c.fetch_add(1, Ordering::SeqCst) == 0 {
                panic!("bestmove listener failure (test)");
            }
            let _ = tx.send(b.clone());
        });
        assert_eq!(e.go(depth(2)).ok(), Some(GoOutcome::Searching));
        e.wait();
        assert!(!e.is_searching());
        let b = answer(&mut e, &rx, depth(2));
        assert!(b.best.is_some());
        assert!(calls.load(Ordering::SeqCst) >= 2);
    }

    #[test]
    fn book_answers_only_ordinary_moves() {
        let (mut e, rx, _) = engine();
        let ordinary = GoRequest {
            limits: Limits {
                depth: Some(2),
                ..Limits::default()
            },
            ..GoRequest::default()
        };
        let b = answer(&mut e, &rx, ordinary.clone());
        if b.source != Source::Book {
            // No book next to the crate: nothing more to test.
            return;
        }
        let mut analysis = Vec::new();
        for change in 0..3 {
            let mut r = ordinary.clone();
            match change {
                0 => r.limits.mate = Some(3),
                1 => r.limits.search_moves = e.legal_moves()[..2].to_vec(),
                _ => r.draw_offered = true,
            }
            analysis.push(r);
        }
        for r in analysis {
            let b = answer(&mut e, &rx, r);
            assert_eq!(b.source, Source::Search);
        }
        // A node limit is an ordinary game limit: the book still answers.
        let mut nodes = ordinary.clone();
        nodes.limits.depth = None;
        nodes.limits.nodes = Some(2000);
        assert_eq!(answer(&mut e, &rx, nodes).source, Source::Book);
        e.set_multipv(3).expect("idle");
        let b = answer(&mut e, &rx, ordinary);
        assert_eq!(b.source, Source::Search, "MultiPV 3 is analysis");
    }

    #[test]
    fn mate_and_depth_are_clamped() {
        let (e, _rx, said) = engine();
        let limits = e.checked_limits(Limits {
            mate: Some(u32::MAX),
            depth: Some(100_000),
            ..Limits::default()
        });
        assert_eq!(limits.mate, Some(MAX_MATE_MOVES));
        assert_eq!(limits.depth, Some(MAX_DEPTH));
        assert_eq!(said.lock().unwrap_or_else(|e| e.into_inner()).len(), 2);
    }

    #[test]
    fn resignation_after_many_hopeless_moves() {
        // The score log holds enough scores for `resign_moves` up to 100.
        let (mut e, _rx, _) = engine();
        e.set_offer_settings(OfferSettings {
            resign_moves: 500,
            ..OfferSettings::default()
        });
        assert_eq!(e.offer_settings().resign_moves, offers::MAX_RESIGN_MOVES);
    }
}
