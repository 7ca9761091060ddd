//! The structure shared by Chinese and WXF notation: which piece moves (by file, or by its place
//! among identical pieces on one file), in which direction, and how far or to which file.

use crate::board::Position;
use crate::types::{Color, Move, PieceKind, Square};

/// Direction of a move seen from the mover: 进 `+`, 退 `-`, 平 `.`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Dir {
    Forward,
    Backward,
    Sideways,
}

/// How the moving piece is named.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Origin {
    /// By the file it stands on (`炮二`, `C2`).
    File(u8),
    /// By its place `index` (0 = front) among `count` identical pieces on one file (`前马`, `+H`).
    Tagged { index: u8, count: u8 },
    /// Pawns doubled on two or more files: place on its file plus the file (`前九`, `+9`).
    TaggedFile { index: u8, count: u8, file: u8 },
}

/// A move described the way a player reads it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Description {
    pub color: Color,
    pub kind: PieceKind,
    pub origin: Origin,
    /// File of the moving piece (1–9 from the mover's right), also kept when tagged.
    pub file: u8,
    pub dir: Dir,
    /// Destination file for sideways and diagonal moves, number of ranks otherwise (1–9).
    pub target: u8,
}

/// File number 1–9 counted from `color`'s right: Red's right is file `i`, Black's right is `a`.
pub(crate) fn file_number(sq: Square, color: Color) -> u8 {
    let f = sq.file().index() as u8;
    match color {
        Color::Red => 9 - f,
        Color::Black => f + 1,
    }
}

/// How far in front `sq` is for `color` (higher is further forward).
fn forwardness(sq: Square, color: Color) -> i32 {
    let r = sq.rank().index() as i32;
    match color {
        Color::Red => r,
        Color::Black => 9 - r,
    }
}

/// Squares holding `color`'s pieces of `kind` on file index `file`, front first.
fn on_file_front_first(pos: &Position, color: Color, kind: PieceKind, file: usize) -> Vec<Square> {
    let mut v: Vec<Square> = pos
        .pieces(color, kind)
        .iter()
        .filter(|s| s.file().index() == file)
        .collect();
    v.sort_by_key(|&s| -forwardness(s, color));
    v
}

/// Describes `mv`, a move of the side to move in `pos`; `None` if no piece of that side stands on
/// its origin.
pub(crate) fn describe(pos: &Position, mv: Move) -> Option<Description> {
    let (from, to) = (mv.from(), mv.to());
    let piece = pos.piece_on(from)?;
    let color = piece.color();
    if color != pos.side_to_move() {
        return None;
    }
    let kind = piece.kind();
    let file = file_number(from, color);
    let df = forwardness(to, color) - forwardness(from, color);
    let dir = match df {
        0 => Dir::Sideways,
        d if d > 0 => Dir::Forward,
        _ => Dir::Backward,
    };
    let diagonal = matches!(
        kind,
        PieceKind::Advisor | PieceKind::Elephant | PieceKind::Horse
    );
    let target = if dir == Dir::Sideways || diagonal {
        file_number(to, color)
    } else {
        df.unsigned_abs() as u8
    };
    // Advisors and elephants sharing a file are told apart by the direction alone (the lower
    // one can only advance, the upper one only retreat), so they keep their file number.
    let origin = if matches!(
        kind,
        PieceKind::Rook | PieceKind::Horse | PieceKind::Cannon | PieceKind::Pawn
    ) {
        let same = on_file_front_first(pos, color, kind, from.file().index());
        let count = same.len() as u8;
        let index = same.iter().position(|&s| s == from).unwrap_or(0) as u8;
        if count < 2 {
            Origin::File(file)
        } else if kind == PieceKind::Pawn && doubled_pawn_files(pos, color) >= 2 {
            Origin::TaggedFile { index, count, file }
        } else {
            Origin::Tagged { index, count }
        }
    } else {
        Origin::File(file)
    };
    Some(Description {
        color,
        kind,
        origin,
        file,
        dir,
        target,
    })
}

/// Number of files holding two or more of `color`'s pawns.
fn doubled_pawn_files(pos: &Position, color: Color) -> usize {
    let mut per_file = [0u8; 9];
    for s in pos.pieces(color, PieceKind::Pawn) {
        per_file[s.file().index()] += 1;
    }
    per_file.iter().filter(|&&n| n >= 2).count()
}

/// Every legal move of `pos` with its description (the candidates a notation parser matches).
pub(crate) fn describe_legal(pos: &Position) -> Vec<(Move, Description)> {
    crate::movegen::legal_moves(pos)
        .iter()
        .filter_map(|&m| describe(pos, m).map(|d| (m, d)))
        .collect()
}
