//! # Chuhan (楚河)
//!
//! A Xiangqi (Chinese chess) engine: bitboard move generation on a 90-point `u128` board,
//! perft, alpha-beta search, a hand-written evaluation, Chinese rules, an opening book and the
//! UCCI/UCI front end.
//!
//! Modules depend on each other in one direction:
//! `types → attacks → board → movegen → eval → search → protocol`; `notation` and `book` sit on
//! `board`/`movegen`, and `rules` (repetition verdicts, move limit, game end) on `board` and
//! `movegen`.
//!
//! ```
//! use chuhan::board::Position;
//! use chuhan::movegen::perft::perft;
//!
//! let mut pos = Position::startpos();
//! assert_eq!(perft(&mut pos, 2), 1920);
//! ```

#![warn(missing_docs)]

pub mod analyze;
pub mod attacks;
pub mod board;
pub mod book;
pub mod engine;
pub mod eval;
pub mod movegen;
pub mod notation;
pub mod rules;
pub mod types;
#[cfg(feature = "web")]
pub mod web;

/// The engine's name and version, as reported to GUIs.
pub const ENGINE_NAME: &str = concat!("Chuhan ", env!("CARGO_PKG_VERSION"));

pub mod cli;
pub mod protocol;
pub mod search;
