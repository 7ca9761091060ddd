//! The UCCI / UCI front end: the only part of Chuhan that reads commands and writes text.
//!
//! - [`command`]: a pure parser from one line to a typed [`Command`] (or a [`ProtocolError`]).
//! - [`options`]: the engine options, their UCCI and UCI names, and the persistent [`Settings`].
//! - [`format`](mod@format): everything that differs between the dialects on output (UCCI vs UCI syntax).
//! - [`engine`](mod@engine): the loop that executes commands on the engine core
//!   ([`crate::engine::Engine`], which searches on its worker thread) and answers `stop`,
//!   `ponderhit`, `isready` and `quit` while it thinks.
//!
//! Behaviour worth knowing for GUI authors:
//!
//! - Scores: UCI prints `score cp <s>` or `score mate <n>` (moves); UCCI prints a plain number,
//!   mate scores as ±([`crate::search::MATE`] − plies to mate), i.e. ±(30000 − plies).
//! - UCCI times are seconds unless the GUI sets `usemillisec`; UCI times are milliseconds.
//!   A `go` without any limit is `go infinite`. `go infinite` and `go ponder` never answer
//!   before `stop` / `ponderhit`, even if the search ends early.
//! - While thinking, `isready`, `stop`, `ponderhit`, `quit` (and `help`, handshakes) are
//!   answered at once; every other command waits until the search has ended and then runs in
//!   order. `stop`/`ponderhit` that follow a queued `go` apply to that `go`.
//! - `bestmove` is always legal (and not banned). UCCI only: a draw offer (`go draw`,
//!   `ponderhit draw`) is accepted with `bestmove … draw` when the score is at most
//!   +[`engine::DRAW_ACCEPT_SCORE`]; the engine offers a draw in dead positions and after long
//!   quiet equal stretches (`drawoffers`), resigns with `bestmove … resign` after `resignmoves`
//!   consecutive scores at or below −`resignscore` (0 = never), and answers `nobestmove` when
//!   the rules have already decided the game.
//! - `perft` and `bench` run on the worker thread like a search: `stop` ends them (perft prints
//!   the root moves counted in full), `isready` is answered, `quit` exits at once.
//! - The book answers only ordinary game moves (not MultiPV > 1, `infinite`, `ponder`, `mate`,
//!   `searchmoves` or a draw offer), with `info depth 0 score 0 pv <move>` before `bestmove`.
//!   With MultiPV above 1, UCCI `info` lines carry `multipv <k>` as UCI's do.
//! - `info currmove` comes only after 3 s of thinking (the search reports it from then on).
//! - Bad input of any kind gets one `info string …` (UCI) / `info message …` (UCCI) line.
//! - End of input stops the search (its move is printed) and ends the process with code 0.

pub mod command;
pub mod engine;
pub mod format;
pub mod options;

pub use command::{Command, GoParams, PositionSpec, ProtocolError};
pub use engine::run;
pub use options::Settings;

use std::io::IsTerminal;

/// The protocol spoken with the GUI.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Dialect {
    /// The Chinese Chess engine protocol (ElephantEye's UCCI 3.0).
    Ucci,
    /// UCI as spoken by Pikafish for Xiangqi.
    Uci,
}

/// Runs the engine loop on stdin/stdout; returns the exit code.
pub fn run_stdio() -> i32 {
    let stdin = std::io::stdin();
    if stdin.is_terminal() {
        eprintln!(
            "{} — a Xiangqi engine. Type ucci or uci, or help.",
            crate::ENGINE_NAME
        );
    }
    run(std::io::BufReader::new(stdin), Box::new(std::io::stdout()))
}
