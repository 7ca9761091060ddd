//! The one place where the web board starts a search, through the shared engine core
//! ([`crate::engine::Engine`]): the engine runs the search on its worker thread and reports
//! through its listeners, which this file forwards to the request that started the search.
//!
//! Each game has one engine, created on its first search. The API layer makes sure one search
//! per game runs at a time (see `api::GameEntry`); [`spawn_search`] only starts it.

use crate::board::Position;
use crate::engine::{BestMove, Engine, GoOutcome, GoRequest};
use crate::search::{IterationInfo, Limits, SearchOptions};
use crate::types::Move;
use std::sync::{Arc, Mutex, MutexGuard};

/// Hash table size of a game's engine, in MB (kept small: many games may be open).
pub const HASH_MB: usize = 16;

/// Called with every completed iteration (or MultiPV line) of a search.
pub type OnInfo = Box<dyn FnMut(&IterationInfo) + Send>;
/// Called once with the search's answer.
pub type OnDone = Box<dyn FnOnce(BestMove) + Send>;

#[derive(Default)]
struct Sink {
    on_info: Option<OnInfo>,
    on_done: Option<OnDone>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// A game's engine and where its listeners report to.
pub struct GameEngine {
    engine: Engine,
    sink: Arc<Mutex<Sink>>,
}

impl GameEngine {
    fn new() -> GameEngine {
        let mut engine = Engine::with_options(SearchOptions {
            hash_mb: HASH_MB,
            ..SearchOptions::default()
        });
        let sink = Arc::new(Mutex::new(Sink::default()));
        // The listeners run on the engine's worker thread; they lock only the sink.
        let s = Arc::clone(&sink);
        engine.set_on_update(move |info| {
            if let Some(f) = lock(&s).on_info.as_mut() {
                f(info);
            }
        });
        let s = Arc::clone(&sink);
        engine.set_on_bestmove(move |best| {
            let done = {
                let mut g = lock(&s);
                g.on_info = None;
                g.on_done.take()
            };
            if let Some(f) = done {
                f(best.clone());
            }
        });
        GameEngine { engine, sink }
    }
}

/// A game's engine, created on its first search.
pub type SharedSearcher = Arc<Mutex<Option<GameEngine>>>;

/// Why a search could not start.
#[derive(Debug)]
pub struct StartError(String);

impl std::fmt::Display for StartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot start a search: {}", self.0)
    }
}

impl std::error::Error for StartError {}

/// Starts a search of `start` followed by `moves` with `multipv` lines (never from the
/// engine's book: the board has its own). `on_info` gets every iteration, `on_done` the
/// answer exactly once (also when the engine answers without searching). Stop it with
/// [`stop`].
pub fn spawn_search(
    engine: &SharedSearcher,
    start: Position,
    moves: &[Move],
    limits: Limits,
    multipv: usize,
    on_info: OnInfo,
    on_done: OnDone,
) -> Result<(), StartError> {
    let mut slot = lock(engine);
    let ge = slot.get_or_insert_with(GameEngine::new);
    // The previous search (if any) has delivered its answer; let its thread end.
    ge.engine.stop();
    ge.engine.wait();
    ge.engine
        .set_position(start, moves)
        .map_err(|e| StartError(e.to_string()))?;
    ge.engine
        .set_multipv(multipv.clamp(1, 5))
        .map_err(|e| StartError(e.to_string()))?;
    *lock(&ge.sink) = Sink {
        on_info: Some(on_info),
        on_done: Some(on_done),
    };
    let request = GoRequest {
        limits,
        use_book: false,
        ..GoRequest::default()
    };
    match ge.engine.go(request) {
        Ok(GoOutcome::Searching) => Ok(()),
        Ok(GoOutcome::Answered(best)) => {
            let done = lock(&ge.sink).on_done.take();
            *lock(&ge.sink) = Sink::default();
            drop(slot);
            if let Some(f) = done {
                f(best);
            }
            Ok(())
        }
        Err(e) => {
            *lock(&ge.sink) = Sink::default();
            Err(StartError(e.to_string()))
        }
    }
}

/// Asks the game's running search, if any, to stop; its answer still comes to `on_done`.
pub fn stop(engine: &SharedSearcher) {
    if let Some(ge) = lock(engine).as_ref() {
        ge.engine.stop();
    }
}
