//! Move notation. ICCS coordinates (`h2e2`) for the engine protocols.

use crate::board::Position;
use crate::movegen;
use crate::types::{Move, Square};
use std::fmt;

/// Why a move string was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// Not four characters of the form file-rank-file-rank (`h2e2`).
    Malformed(String),
    /// Well formed, but not a legal move in the position.
    Illegal(Move),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Malformed(s) => {
                write!(
                    f,
                    "malformed move {s:?}: expected ICCS coordinates such as h2e2"
                )
            }
            MoveError::Illegal(m) => write!(f, "illegal move {m}"),
        }
    }
}

impl std::error::Error for MoveError {}

/// Parses ICCS coordinates (`h2e2`, case-insensitive) without looking at a position.
pub fn parse_iccs_syntax(text: &str) -> Result<Move, MoveError> {
    let malformed = || MoveError::Malformed(text.chars().take(16).collect());
    if text.len() != 4 || !text.is_ascii() {
        return Err(malformed());
    }
    let from: Square = text[0..2].parse().map_err(|_| malformed())?;
    let to: Square = text[2..4].parse().map_err(|_| malformed())?;
    Ok(Move::new(from, to))
}

/// Parses ICCS coordinates and checks that the move is legal in `pos`.
pub fn parse_iccs(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let mv = parse_iccs_syntax(text)?;
    if movegen::legal_moves(pos).contains(&mv) {
        Ok(mv)
    } else {
        Err(MoveError::Illegal(mv))
    }
}

/// Formats a move as ICCS coordinates (the same as `Move`'s `Display`).
pub fn to_iccs(mv: Move) -> String {
    mv.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iccs() {
        let pos = Position::startpos();
        assert_eq!(
            parse_iccs(&pos, "h2e2"),
            Ok(Move::new(Square::H2, Square::E2))
        );
        assert_eq!(
            parse_iccs(&pos, "H2E2"),
            Ok(Move::new(Square::H2, Square::E2))
        );
        assert_eq!(
            parse_iccs(&pos, "h2h9"),
            Ok(Move::new(Square::H2, Square::H9))
        );
        assert_eq!(
            parse_iccs(&pos, "h2h8"),
            Err(MoveError::Illegal(Move::new(Square::H2, Square::H8)))
        );
        assert_eq!(
            parse_iccs(&pos, "e9e8"),
            Err(MoveError::Illegal(Move::new(Square::E9, Square::E8)))
        );
        for bad in [
            "", "h2", "h2e", "h2e2x", "j2e2", "h2e:", "h10e1", "é2e2", "h2\u{0}2",
        ] {
            assert!(
                matches!(parse_iccs(&pos, bad), Err(MoveError::Malformed(_))),
                "{bad:?}"
            );
        }
        assert_eq!(to_iccs(Move::new(Square::B0, Square::C2)), "b0c2");
    }
}
