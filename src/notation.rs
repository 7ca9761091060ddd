//! Move notation: ICCS coordinates (`h2e2`) for the engine protocols, Chinese notation
//! (`炮二平五`, see [`chinese`]) and WXF notation (`C2.5`, see [`wxf`]) for people.
//!
//! [`parse_move`] accepts any of the three.

pub mod chinese;
mod describe;
pub mod wxf;

pub use chinese::{parse_chinese, to_chinese};
pub use wxf::{parse_wxf, to_wxf};

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

/// Why a Chinese or WXF move string was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// Not a move in that notation at all.
    Malformed {
        /// Which notation was expected ("Chinese", "WXF", "any").
        notation: &'static str,
        /// The start of the rejected text.
        text: String,
    },
    /// Well formed, but no legal move in the position fits it.
    NoSuchMove(String),
    /// Several legal moves fit it (e.g. `马二进三` with two horses on file 二 that both can).
    Ambiguous(String),
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Malformed { notation, text } => {
                write!(f, "malformed move {text:?}: not {notation} notation")
            }
            NotationError::NoSuchMove(t) => write!(f, "no legal move matches {t:?}"),
            NotationError::Ambiguous(t) => {
                write!(f, "{t:?} fits more than one legal move; say 前/后 (+/-)")
            }
        }
    }
}

impl std::error::Error for NotationError {}

impl From<MoveError> for NotationError {
    fn from(e: MoveError) -> NotationError {
        match e {
            MoveError::Malformed(text) => NotationError::Malformed {
                notation: "ICCS",
                text,
            },
            MoveError::Illegal(m) => NotationError::NoSuchMove(m.to_string()),
        }
    }
}

/// Parses a move in ICCS (`h2e2`), WXF (`C2.5`) or Chinese (`炮二平五`) notation, telling them
/// apart by their characters.
///
/// ```
/// use chuhan::board::Position;
/// use chuhan::notation::parse_move;
/// let pos = Position::startpos();
/// for text in ["h2e2", "C2.5", "炮二平五"] {
///     assert_eq!(parse_move(&pos, text).unwrap().to_string(), "h2e2");
/// }
/// ```
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let t = text.trim();
    if t.is_ascii() {
        if parse_iccs_syntax(t).is_ok() {
            return Ok(parse_iccs(pos, t)?);
        }
        return parse_wxf(pos, t);
    }
    // Full-width WXF (`Ｃ２．５`) is rare; anything with a CJK piece or verb is Chinese.
    match parse_chinese(pos, t) {
        Ok(m) => Ok(m),
        Err(e @ NotationError::Malformed { .. }) => parse_wxf(pos, t).map_err(|_| e),
        Err(e) => Err(e),
    }
}

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
