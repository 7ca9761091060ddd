//! The worker thread: runs one search (or perft/bench job) at a time on its own thread,
//! answers stop/ponderhit, reports through the listeners, and survives its own panics.
//!
//! The searcher lives behind a mutex that the worker thread holds while it searches. The
//! thread's whole body is panic-safe: a panic inside the search is caught (a fresh searcher
//! replaces the broken one and a legal move is still answered), a panic anywhere else is caught
//! too, and a drop guard delivers the final answer even if the thread unwinds past everything.
//! If the thread died anyway (or left the searcher's mutex poisoned), the next call recovers
//! with a fresh searcher and says so through the message listener.

use super::jobs::JobReport;
use super::offers::{Offer, OfferPolicy};
use super::{BestMove, Listeners, Source};
use crate::board::Position;
use crate::movegen;
use crate::search::{
    IterationInfo, Limits, Reporter, Score, SearchControl, SearchOptions, SearchResult, Searcher,
};
use crate::types::Move;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// A search to run on the worker thread.
pub(crate) struct SearchJob {
    pub pos: Position,
    pub limits: Limits,
    pub policy: OfferPolicy,
    /// Called with the final score before `on_bestmove` (the score log).
    pub record: Box<dyn FnOnce(Score) + Send>,
}

/// What the worker thread is doing.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum JobKind {
    /// A search: ends with `on_bestmove`.
    Search,
    /// `perft` or `bench`: ends with `on_job_done`.
    Job,
}

struct Running {
    control: Arc<SearchControl>,
    /// Set by the thread just before it delivers its final report (it then ends at once):
    /// from then on the engine counts as idle, and the next request joins the thread, so it
    /// waits for the report's listener to return.
    done: Arc<AtomicBool>,
    draw_offer: Arc<AtomicBool>,
    handle: JoinHandle<()>,
    kind: JobKind,
}

/// The searcher and the thread that runs it.
pub(crate) struct Thinker {
    searcher: Arc<Mutex<Searcher>>,
    running: Option<Running>,
}

/// Locks the searcher; a poisoned lock (a thread died holding it) gets a fresh searcher.
fn lock_searcher<'a>(
    searcher: &'a Mutex<Searcher>,
    options: &SearchOptions,
    listeners: &Listeners,
) -> MutexGuard<'a, Searcher> {
    match searcher.lock() {
        Ok(g) => g,
        Err(poisoned) => {
            let mut g = poisoned.into_inner();
            *g = Searcher::new(options.clone());
            searcher.clear_poison();
            listeners.message("the search thread failed; continuing with a fresh searcher");
            g
        }
    }
}

impl Thinker {
    pub fn new(options: &SearchOptions) -> Thinker {
        Thinker {
            searcher: Arc::new(Mutex::new(Searcher::new(options.clone()))),
            running: None,
        }
    }

    /// Whether a search or job is running (its final report not yet being delivered).
    pub fn is_busy(&self) -> bool {
        self.running
            .as_ref()
            .is_some_and(|r| !r.done.load(Ordering::Acquire) && !r.handle.is_finished())
    }

    /// What is running, if anything.
    pub fn running_kind(&self) -> Option<JobKind> {
        self.running
            .as_ref()
            .filter(|r| !r.done.load(Ordering::Acquire) && !r.handle.is_finished())
            .map(|r| r.kind)
    }

    /// Reaps a finished thread (joining one that has delivered its report and is ending); a
    /// thread that died by a panic is reported and its searcher replaced.
    pub fn reap(&mut self, options: &SearchOptions, listeners: &Listeners) {
        if self.is_busy() {
            return;
        }
        if let Some(r) = self.running.take() {
            if r.handle.join().is_err() {
                listeners.message("the search thread died; continuing with a fresh searcher");
                let fresh = Searcher::new(options.clone());
                match self.searcher.lock() {
                    Ok(mut g) => *g = fresh,
                    Err(p) => {
                        *p.into_inner() = fresh;
                        self.searcher.clear_poison();
                    }
                }
            }
        }
    }

    /// Runs `f` on the idle searcher (options, hash probes); `None` while a search runs.
    pub fn with_searcher<R>(
        &mut self,
        options: &SearchOptions,
        listeners: &Listeners,
        f: impl FnOnce(&mut Searcher) -> R,
    ) -> Option<R> {
        self.reap(options, listeners);
        if self.is_busy() {
            return None;
        }
        let mut g = lock_searcher(&self.searcher, options, listeners);
        Some(f(&mut g))
    }

    pub fn stop(&self) {
        if let Some(r) = &self.running {
            r.control.stop();
        }
    }

    pub fn ponderhit(&self, draw: bool) {
        if let Some(r) = &self.running {
            if draw {
                r.draw_offer.store(true, Ordering::Relaxed);
            }
            r.control.ponderhit();
        }
    }

    /// Blocks until the running search or job has ended (its report delivered).
    pub fn wait(&mut self, options: &SearchOptions, listeners: &Listeners) {
        while self.is_busy() {
            std::thread::sleep(Duration::from_millis(1));
        }
        self.reap(options, listeners);
    }

    /// Starts a search on a new thread. Errors when the thread cannot be started (the job is
    /// handed back).
    pub fn start_search(
        &mut self,
        job: SearchJob,
        draw_offered: bool,
        options: &SearchOptions,
        listeners: &Listeners,
    ) -> Result<(), ()> {
        self.reap(options, listeners);
        let control = SearchControl::new();
        let done = Arc::new(AtomicBool::new(false));
        let thread_done = Arc::clone(&done);
        let draw_offer = Arc::new(AtomicBool::new(draw_offered));
        let thread_control = Arc::clone(&control);
        let thread_draw = Arc::clone(&draw_offer);
        let searcher = Arc::clone(&self.searcher);
        let options = options.clone();
        let listeners = listeners.clone();
        let spawned = std::thread::Builder::new()
            .name("chuhan-search".into())
            .spawn(move || {
                let flags = Flags {
                    control: &thread_control,
                    draw_offer: &thread_draw,
                    done: &thread_done,
                };
                search_thread(job, &searcher, &options, &listeners, flags);
            });
        match spawned {
            Ok(handle) => {
                self.running = Some(Running {
                    control,
                    done,
                    draw_offer,
                    handle,
                    kind: JobKind::Search,
                });
                Ok(())
            }
            Err(_) => Err(()),
        }
    }

    /// Starts a perft or bench job on a new thread.
    pub fn start_job(
        &mut self,
        job: impl FnOnce(&SearchControl) -> JobReport + Send + 'static,
        options: &SearchOptions,
        listeners: &Listeners,
    ) -> Result<(), ()> {
        self.reap(options, listeners);
        let control = SearchControl::new();
        let thread_control = Arc::clone(&control);
        let done = Arc::new(AtomicBool::new(false));
        let thread_done = Arc::clone(&done);
        let listeners = listeners.clone();
        let spawned = std::thread::Builder::new()
            .name("chuhan-job".into())
            .spawn(move || {
                let report = catch_unwind(AssertUnwindSafe(|| job(&thread_control)));
                thread_done.store(true, Ordering::Release);
                let _ = catch_unwind(AssertUnwindSafe(|| match report {
                    Ok(r) => listeners.job_done(&r),
                    Err(_) => listeners.message("internal error in the job; stopped"),
                }));
            });
        match spawned {
            Ok(handle) => {
                self.running = Some(Running {
                    control,
                    done,
                    draw_offer: Arc::new(AtomicBool::new(false)),
                    handle,
                    kind: JobKind::Job,
                });
                Ok(())
            }
            Err(_) => Err(()),
        }
    }
}

/// Passes the search's reports to the listeners.
struct ListenerReporter<'a> {
    listeners: &'a Listeners,
}

impl Reporter for ListenerReporter<'_> {
    fn iteration(&mut self, info: &IterationInfo) {
        self.listeners.update(info);
    }

    fn current_move(&mut self, mv: Move, number: u32, depth: u32) {
        self.listeners.current_move(mv, number, depth);
    }

    fn message(&mut self, text: &str) {
        self.listeners.message(text);
    }
}

/// Delivers a final answer when dropped without one (the thread unwound past everything).
struct AnswerGuard<'a> {
    listeners: &'a Listeners,
    done: &'a AtomicBool,
    pos: &'a Position,
    limits: &'a Limits,
    delivered: bool,
}

impl AnswerGuard<'_> {
    fn deliver(&mut self, answer: &BestMove) {
        self.delivered = true;
        self.done.store(true, Ordering::Release);
        self.listeners.bestmove(answer);
    }
}

impl Drop for AnswerGuard<'_> {
    fn drop(&mut self) {
        if !self.delivered {
            self.delivered = true;
            let answer = final_answer(self.pos, self.limits, None, None, Instant::now());
            self.done.store(true, Ordering::Release);
            self.listeners.bestmove(&answer);
        }
    }
}

/// The flags a search thread shares with its controller.
struct Flags<'a> {
    control: &'a SearchControl,
    draw_offer: &'a AtomicBool,
    done: &'a AtomicBool,
}

/// The body of the search thread.
fn search_thread(
    job: SearchJob,
    searcher: &Mutex<Searcher>,
    options: &SearchOptions,
    listeners: &Listeners,
    flags: Flags<'_>,
) {
    let Flags {
        control,
        draw_offer,
        done,
    } = flags;
    let start = Instant::now();
    let SearchJob {
        pos,
        limits,
        mut policy,
        record,
    } = job;
    let mut guard = AnswerGuard {
        listeners,
        done,
        pos: &pos,
        limits: &limits,
        delivered: false,
    };
    let body = catch_unwind(AssertUnwindSafe(|| {
        let result = {
            let mut s = lock_searcher(searcher, options, listeners);
            let mut reporter = ListenerReporter { listeners };
            let r = catch_unwind(AssertUnwindSafe(|| {
                s.search(&pos, &limits, control, &mut reporter)
            }));
            match r {
                Ok(r) => Some(r),
                Err(_) => {
                    listeners.message("internal error in the search; playing a legal move");
                    *s = Searcher::new(options.clone());
                    None
                }
            }
        };
        // `go infinite` and an unanswered `go ponder` must not answer before `stop` /
        // `ponderhit`, even when the search ends early.
        while !control.is_stopped()
            && (limits.infinite || (limits.ponder && !control.is_ponderhit()))
        {
            std::thread::sleep(Duration::from_millis(2));
        }
        policy.draw_offered = draw_offer.load(Ordering::Relaxed);
        let answer = final_answer(&pos, &limits, result.as_ref(), Some(&policy), start);
        if let Some(score) = answer.score.filter(|_| answer.source == Source::Search) {
            record(score);
        }
        answer
    }));
    match body {
        Ok(answer) => guard.deliver(&answer),
        Err(_) => {
            listeners.message("internal error in the search thread; playing a legal move");
            // The guard answers with a legal move when dropped.
        }
    }
}

/// The final answer: the search's move if it is legal and allowed, else a legal fallback.
pub(crate) fn final_answer(
    pos: &Position,
    limits: &Limits,
    result: Option<&SearchResult>,
    policy: Option<&OfferPolicy>,
    start: Instant,
) -> BestMove {
    let legal = movegen::legal_moves(pos);
    let allowed = |m: &Move| {
        legal.contains(m)
            && !limits.ban_moves.contains(m)
            && (limits.search_moves.is_empty() || limits.search_moves.contains(m))
    };
    let searched = result.and_then(|r| r.best_move).filter(allowed);
    let mut ponder = result.and_then(|r| r.ponder_move);
    let (best, source) = match searched {
        Some(m) => (Some(m), Source::Search),
        None => {
            ponder = None;
            let fallback = legal.iter().find(|m| allowed(m)).copied();
            let source = if fallback.is_some() {
                Source::Fallback
            } else {
                Source::NoMove
            };
            (fallback, source)
        }
    };
    if let (Some(b), Some(p)) = (best, ponder) {
        let mut after = pos.clone();
        after.make_move(b);
        if !movegen::legal_moves(&after).contains(&p) {
            ponder = None;
        }
    }
    let score = result.filter(|_| source == Source::Search).map(|r| r.score);
    let offer = match (score, policy) {
        (Some(s), Some(p)) => p.offer(s),
        _ => Offer::None,
    };
    BestMove {
        best,
        ponder,
        score,
        depth: result.map_or(0, |r| r.depth),
        nodes: result.map_or(0, |r| r.nodes),
        elapsed: result.map_or_else(|| start.elapsed(), |r| r.elapsed),
        offer,
        source,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A searcher whose lock was poisoned (a thread died holding it) is replaced by a fresh
    /// one, and the failure is reported.
    #[test]
    fn poisoned_searcher_is_replaced_and_reported() {
        let options = SearchOptions {
            hash_mb: 1,
            ..SearchOptions::default()
        };
        let mut t = Thinker::new(&options);
        let s = Arc::clone(&t.searcher);
        let died = std::thread::spawn(move || {
            let _g = s.lock();
            panic!("searcher thread failure (test)");
        })
        .join();
        assert!(died.is_err());
        assert!(t.searcher.is_poisoned());
        let said = Arc::new(Mutex::new(Vec::<String>::new()));
        let s2 = Arc::clone(&said);
        let listeners = Listeners {
            message: Some(Arc::new(move |m: &str| {
                s2.lock().unwrap_or_else(|e| e.into_inner()).push(m.into());
            })),
            ..Listeners::default()
        };
        let probe = t.with_searcher(&options, &listeners, |s| s.probe(&Position::startpos()));
        assert!(matches!(probe, Some(None)));
        assert!(!t.searcher.is_poisoned());
        let said = said.lock().unwrap_or_else(|e| e.into_inner()).clone();
        assert!(
            said.iter().any(|m| m.contains("fresh searcher")),
            "{said:?}"
        );
    }
}
