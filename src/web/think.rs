//! The one place where the web board starts a search: on its own thread, reporting each
//! iteration to a listener and the result to another, stoppable through a [`SearchControl`].
//!
//! Everything else in `web/` goes through [`spawn_search`], so moving the board onto the shared
//! engine core changes only this file.

use crate::board::Position;
use crate::search::{IterationInfo, Limits, Reporter, SearchControl, SearchResult, Searcher};
use std::sync::{Arc, Mutex};

/// Hash table size of a game's searcher, in MB (kept small: many games may be open).
pub const HASH_MB: usize = 16;

/// A game's searcher, created on its first search.
pub type SharedSearcher = Arc<Mutex<Option<Searcher>>>;

/// Called with every completed iteration (or MultiPV line) of a search.
pub type OnInfo = Box<dyn FnMut(&IterationInfo) + Send>;
/// Called once with the search's answer.
pub type OnDone = Box<dyn FnOnce(SearchResult) + Send>;

struct Listener(OnInfo);

impl Reporter for Listener {
    fn iteration(&mut self, info: &IterationInfo) {
        (self.0)(info);
    }
}

/// Starts a search of `pos` on a new thread. The caller makes sure one search per game runs
/// at a time. Fails only when the thread cannot be created.
pub fn spawn_search(
    searcher: SharedSearcher,
    pos: Position,
    limits: Limits,
    multipv: usize,
    control: Arc<SearchControl>,
    on_info: OnInfo,
    on_done: OnDone,
) -> std::io::Result<()> {
    std::thread::Builder::new()
        .name("chuhan-web-search".into())
        .stack_size(8 << 20)
        .spawn(move || {
            let mut guard = searcher.lock().unwrap_or_else(|e| e.into_inner());
            let s = guard.get_or_insert_with(|| {
                Searcher::new(crate::search::SearchOptions {
                    hash_mb: HASH_MB,
                    ..Default::default()
                })
            });
            s.set_multipv(multipv.clamp(1, 5));
            let mut listener = Listener(on_info);
            let result = s.search(&pos, &limits, &control, &mut listener);
            drop(guard);
            on_done(result);
        })
        .map(|_| ())
}
