//! Basic value types: squares, colours, pieces, bitboards and moves.
//!
//! These have no dependencies on the rest of the crate.

mod bitboard;
mod color;
mod mv;
mod piece;
mod score;
mod square;

pub use bitboard::{Bitboard, BitboardIter};
pub use color::Color;
pub use mv::Move;
pub use piece::{Piece, PieceKind};
pub use score::{mate_in_moves, Score, MATE, MATE_BOUND};
pub use square::{File, Rank, Square};
