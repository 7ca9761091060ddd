//! Chinese move notation (中文记谱): `炮二平五`, `马8进7`, `前马退六`, `后炮平4`, `中兵进一`,
//! `前九平八`.
//!
//! Four characters: the piece, the file it stands on, the direction (进 forward, 退 back,
//! 平 sideways) and either the destination file (sideways moves, and always for 马, 相/象 and
//! 仕/士) or the number of ranks travelled. Red numbers files 一…九 from its own right, Black
//! 1…9 from its own right.
//!
//! Identical rooks, horses, cannons or pawns on one file are named by their place instead of the
//! file: 前/后 for two, 前/中/后 for three, 前/二/三/四/五 for four or five pawns (the front one
//! is the one furthest advanced). When pawns are doubled on two files, the piece name is left out
//! and the file kept: `前九平八`. Advisors and elephants sharing a file keep their file number,
//! since the direction already tells which one moves (`仕四进五`).
//!
//! Input is lenient: traditional and alternative glyphs (車 俥 馬 傌 砲 將 帥 進 後), 上/下 for
//! 进/退, any of Chinese numerals, ASCII or full-width digits for either side, spaces, the old
//! five-character form `前兵九平八`, and an untagged `马二进三` when only one legal move fits.

use super::describe::{describe, describe_legal, Description, Dir, Origin};
use super::NotationError;
use crate::board::Position;
use crate::types::{Color, Move, Piece, PieceKind};

const RED_NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// A notation symbol with glyph variants folded together.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Tok {
    Piece(PieceKind),
    Num(u8),
    Front,
    Middle,
    Back,
    Dir(Dir),
}

fn number_char(n: u8, color: Color) -> char {
    let n = n.clamp(1, 9);
    match color {
        Color::Red => RED_NUMERALS[n as usize - 1],
        Color::Black => (b'0' + n) as char,
    }
}

fn dir_char(d: Dir) -> char {
    match d {
        Dir::Forward => '进',
        Dir::Backward => '退',
        Dir::Sideways => '平',
    }
}

/// The Chinese tag for place `index` among `count` pieces.
fn tag_char(index: u8, count: u8) -> char {
    match (count, index) {
        (_, 0) => '前',
        (2, _) => '后',
        (3, 1) => '中',
        (3, _) => '后',
        (_, i) => RED_NUMERALS[(i as usize).min(8)],
    }
}

fn tag_tok(index: u8, count: u8) -> Tok {
    match (count, index) {
        (_, 0) => Tok::Front,
        (2, _) => Tok::Back,
        (3, 1) => Tok::Middle,
        (3, _) => Tok::Back,
        (_, i) => Tok::Num(i + 1),
    }
}

/// Formats `mv` (legal in `pos`) in Chinese notation; falls back to ICCS if no piece of the
/// side to move stands on its origin.
///
/// ```
/// use chuhan::board::Position;
/// use chuhan::notation::{parse_iccs, to_chinese};
/// let pos = Position::startpos();
/// let mv = parse_iccs(&pos, "h2e2").unwrap();
/// assert_eq!(to_chinese(&pos, mv), "炮二平五");
/// ```
pub fn to_chinese(pos: &Position, mv: Move) -> String {
    let Some(d) = describe(pos, mv) else {
        return mv.to_string();
    };
    let piece = Piece::new(d.color, d.kind).chinese_char();
    let mut s = String::with_capacity(12);
    match d.origin {
        Origin::File(f) => {
            s.push(piece);
            s.push(number_char(f, d.color));
        }
        Origin::Tagged { index, count } => {
            s.push(tag_char(index, count));
            s.push(piece);
        }
        Origin::TaggedFile { index, count, file } => {
            s.push(tag_char(index, count));
            s.push(number_char(file, d.color));
        }
    }
    s.push(dir_char(d.dir));
    s.push(number_char(d.target, d.color));
    s
}

/// The accepted token sequences for a description; the first is the canonical one.
fn forms(d: &Description) -> Vec<Vec<Tok>> {
    let tail = [Tok::Dir(d.dir), Tok::Num(d.target)];
    let piece = Tok::Piece(d.kind);
    let mut out = Vec::with_capacity(3);
    let with = |head: &[Tok]| -> Vec<Tok> { head.iter().chain(tail.iter()).copied().collect() };
    match d.origin {
        Origin::File(f) => out.push(with(&[piece, Tok::Num(f)])),
        Origin::Tagged { index, count } => {
            out.push(with(&[tag_tok(index, count), piece]));
            if count >= 4 && index + 1 == count {
                out.push(with(&[Tok::Back, piece]));
            }
            if count == 3 && index == 1 {
                out.push(with(&[Tok::Num(2), piece]));
            }
        }
        Origin::TaggedFile { index, count, file } => {
            let tag = tag_tok(index, count);
            out.push(with(&[tag, Tok::Num(file)]));
            out.push(with(&[tag, piece, Tok::Num(file)]));
        }
    }
    out
}

fn tokenize(text: &str) -> Option<Vec<Tok>> {
    let mut v = Vec::with_capacity(5);
    for c in text.chars() {
        let t = match c {
            c if c.is_whitespace() => continue,
            '帅' | '帥' | '将' | '將' => Tok::Piece(PieceKind::King),
            '仕' | '士' => Tok::Piece(PieceKind::Advisor),
            '相' | '象' => Tok::Piece(PieceKind::Elephant),
            '马' | '馬' | '傌' | '瑪' => Tok::Piece(PieceKind::Horse),
            '车' | '車' | '俥' | '伡' => Tok::Piece(PieceKind::Rook),
            '炮' | '砲' | '包' => Tok::Piece(PieceKind::Cannon),
            '兵' | '卒' => Tok::Piece(PieceKind::Pawn),
            '进' | '進' | '上' => Tok::Dir(Dir::Forward),
            '退' | '下' => Tok::Dir(Dir::Backward),
            '平' => Tok::Dir(Dir::Sideways),
            '前' => Tok::Front,
            '中' => Tok::Middle,
            '后' | '後' => Tok::Back,
            '1'..='9' => Tok::Num(c as u8 - b'0'),
            '１'..='９' => Tok::Num((c as u32 - '０' as u32) as u8),
            c => Tok::Num(RED_NUMERALS.iter().position(|&n| n == c)? as u8 + 1),
        };
        v.push(t);
    }
    Some(v)
}

/// Parses Chinese notation for the side to move in `pos`: `炮二平五`, `砲２平５` and `炮2平5`
/// all give `h2e2` at the start.
pub fn parse_chinese(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let malformed = || NotationError::Malformed {
        notation: "Chinese",
        text: text.chars().take(16).collect(),
    };
    let toks = tokenize(text).ok_or_else(malformed)?;
    if !(4..=5).contains(&toks.len()) {
        return Err(malformed());
    }
    let descs = describe_legal(pos);
    for (m, d) in &descs {
        if forms(d).contains(&toks) {
            return Ok(*m);
        }
    }
    // An untagged name (`马二进三` with two horses on file 二) is accepted when it fits one move.
    let mut fits = descs.iter().filter(|(_, d)| {
        toks == [
            Tok::Piece(d.kind),
            Tok::Num(d.file),
            Tok::Dir(d.dir),
            Tok::Num(d.target),
        ]
    });
    match (fits.next(), fits.next()) {
        (Some((m, _)), None) => Ok(*m),
        (Some(_), Some(_)) => Err(NotationError::Ambiguous(text.to_string())),
        _ => Err(NotationError::NoSuchMove(text.to_string())),
    }
}
