//! WXF notation (World Xiangqi Federation): `C2.5`, `H8+7`, `R1+1`, `+C-2`.
//!
//! Piece letter (K A E H R C P; B and N are accepted for E and H), the file it stands on (1–9
//! from the mover's right, for both sides), the direction (`+` forward, `-` backward, `.`
//! sideways; `=` is accepted for `.`) and the destination file or number of ranks, exactly as in
//! Chinese notation.
//!
//! Two identical rooks, horses, cannons or pawns on one file: `+` (front) or `-` (rear) replaces
//! the file and goes before the letter (`+C-2`). Three to five pawns on one file are numbered
//! from the front, `1P+1`, `2P.4`, `3P+1` (on input `+`/`-` are accepted for the first and
//! last). When pawns are doubled on two files the letter is left out and the file kept, as in
//! Chinese notation: `+9.8`, `-7+1`, `29.8` (second of three pawns on file 9).

use super::describe::{describe, describe_legal, Description, Dir, Origin};
use super::NotationError;
use crate::board::Position;
use crate::types::{Move, PieceKind};

fn letter(kind: PieceKind) -> char {
    match kind {
        PieceKind::King => 'K',
        PieceKind::Advisor => 'A',
        PieceKind::Elephant => 'E',
        PieceKind::Horse => 'H',
        PieceKind::Rook => 'R',
        PieceKind::Cannon => 'C',
        PieceKind::Pawn => 'P',
    }
}

fn dir_char(d: Dir) -> char {
    match d {
        Dir::Forward => '+',
        Dir::Backward => '-',
        Dir::Sideways => '.',
    }
}

fn digit(n: u8) -> char {
    (b'0' + n.min(9)) as char
}

fn tag(index: u8, count: u8) -> char {
    match (count, index) {
        (2, 0) => '+',
        (2, _) => '-',
        (_, i) => digit(i + 1),
    }
}

/// Accepted spellings (canonical first) for a description.
fn forms(d: &Description) -> Vec<String> {
    let tail: String = [dir_char(d.dir), digit(d.target)].iter().collect();
    let l = letter(d.kind);
    let mut out = Vec::with_capacity(2);
    match d.origin {
        Origin::File(f) => out.push(format!("{l}{}{tail}", digit(f))),
        Origin::Tagged { index, count } => {
            out.push(format!("{}{l}{tail}", tag(index, count)));
            if count > 2 && index == 0 {
                out.push(format!("+{l}{tail}"));
            }
            if count > 2 && index + 1 == count {
                out.push(format!("-{l}{tail}"));
            }
        }
        Origin::TaggedFile { index, count, file } => {
            out.push(format!("{}{}{tail}", tag(index, count), digit(file)));
            out.push(format!("{}{l}{}{tail}", tag(index, count), digit(file)));
        }
    }
    out
}

/// Formats `mv` (legal in `pos`) in WXF notation; falls back to ICCS if no piece of the side to
/// move stands on its origin.
pub fn to_wxf(pos: &Position, mv: Move) -> String {
    match describe(pos, mv) {
        Some(d) => forms(&d).swap_remove(0),
        None => mv.to_string(),
    }
}

fn normalize(text: &str) -> Option<String> {
    let mut s = String::with_capacity(text.len());
    for c in text.chars() {
        let c = match c {
            c if c.is_whitespace() => continue,
            // Full-width forms of ASCII (`Ｃ２．５`).
            '\u{ff01}'..='\u{ff5e}' => char::from_u32(c as u32 - 0xfee0)?,
            '−' => '-',
            c => c,
        };
        let c = match c.to_ascii_uppercase() {
            '=' => '.',
            c => c,
        };
        let c = match c {
            'B' => 'E',
            'N' => 'H',
            c => c,
        };
        if !c.is_ascii() {
            return None;
        }
        s.push(c);
    }
    Some(s)
}

/// Parses WXF notation for the side to move in `pos` (`h8+7` is `b0c2` at the start).
pub fn parse_wxf(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let malformed = || NotationError::Malformed {
        notation: "WXF",
        text: text.chars().take(16).collect(),
    };
    let norm = normalize(text).ok_or_else(malformed)?;
    if !(4..=5).contains(&norm.len()) {
        return Err(malformed());
    }
    let descs = describe_legal(pos);
    for (m, d) in &descs {
        if forms(d).contains(&norm) {
            return Ok(*m);
        }
    }
    let mut fits = descs.iter().filter(|(_, d)| {
        let plain = format!(
            "{}{}{}{}",
            letter(d.kind),
            digit(d.file),
            dir_char(d.dir),
            digit(d.target)
        );
        plain == norm
    });
    match (fits.next(), fits.next()) {
        (Some((m, _)), None) => Ok(*m),
        (Some(_), Some(_)) => Err(NotationError::Ambiguous(text.to_string())),
        _ => Err(NotationError::NoSuchMove(text.to_string())),
    }
}
