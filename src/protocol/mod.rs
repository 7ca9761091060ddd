//! The UCCI / UCI front end: the only part of Chuhan that reads commands and writes text.
//!
//! - [`command`]: a pure parser from one line to a typed [`Command`] (or a [`ProtocolError`]).
//! - [`options`]: the engine options, their UCCI and UCI names, and the persistent [`Settings`].
//! - [`format`]: everything that differs between the dialects on output (UCCI vs UCI syntax).
//! - [`engine`]: the loop that executes commands, runs the search on its own thread and
//!   answers `stop`, `ponderhit`, `isready` and `quit` while it thinks.
//!
//! Scores: UCI prints `score cp <s>` or `score mate <n>` (moves); UCCI prints a plain number,
//! mate scores as ±([`crate::search::MATE`] − plies to mate), i.e. ±(30000 − plies).

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
