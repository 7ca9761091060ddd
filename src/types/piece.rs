//! Piece kinds and coloured pieces.

use super::Color;
use std::fmt;

/// The seven kinds of piece.
///
/// Synonyms found in other sources: King = General (帅/将), Advisor = Guard/Assistant (仕/士),
/// Elephant = Bishop/Minister (相/象, FEN `B` or `E`), Horse = Knight (马, FEN `N` or `H`),
/// Rook = Chariot (车), Cannon (炮), Pawn = Soldier (兵/卒).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum PieceKind {
    /// 帅/将.
    King = 0,
    /// 仕/士.
    Advisor = 1,
    /// 相/象.
    Elephant = 2,
    /// 马.
    Horse = 3,
    /// 车.
    Rook = 4,
    /// 炮.
    Cannon = 5,
    /// 兵/卒.
    Pawn = 6,
}

impl PieceKind {
    /// All kinds in index order.
    pub const ALL: [PieceKind; 7] = [
        PieceKind::King,
        PieceKind::Advisor,
        PieceKind::Elephant,
        PieceKind::Horse,
        PieceKind::Rook,
        PieceKind::Cannon,
        PieceKind::Pawn,
    ];

    /// Index 0–6.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind with index `index & 7`; indices 7 map to Pawn (never produced by this crate).
    #[inline]
    pub const fn from_index(index: u8) -> PieceKind {
        match index & 7 {
            0 => PieceKind::King,
            1 => PieceKind::Advisor,
            2 => PieceKind::Elephant,
            3 => PieceKind::Horse,
            4 => PieceKind::Rook,
            5 => PieceKind::Cannon,
            _ => PieceKind::Pawn,
        }
    }

    /// The most pieces of this kind one side can have.
    pub const fn max_count(self) -> u32 {
        match self {
            PieceKind::King => 1,
            PieceKind::Pawn => 5,
            _ => 2,
        }
    }

    /// Lower-case FEN letter (Black's letter).
    pub const fn fen_char(self) -> char {
        match self {
            PieceKind::King => 'k',
            PieceKind::Advisor => 'a',
            PieceKind::Elephant => 'b',
            PieceKind::Horse => 'n',
            PieceKind::Rook => 'r',
            PieceKind::Cannon => 'c',
            PieceKind::Pawn => 'p',
        }
    }

    /// Parses a FEN letter of either case, accepting `e`/`h` for elephant/horse.
    pub const fn from_fen_char(c: char) -> Option<(PieceKind, Color)> {
        let color = if c.is_ascii_uppercase() {
            Color::Red
        } else {
            Color::Black
        };
        let kind = match c.to_ascii_lowercase() {
            'k' => PieceKind::King,
            'a' => PieceKind::Advisor,
            'b' | 'e' => PieceKind::Elephant,
            'n' | 'h' => PieceKind::Horse,
            'r' => PieceKind::Rook,
            'c' => PieceKind::Cannon,
            'p' => PieceKind::Pawn,
            _ => return None,
        };
        Some((kind, color))
    }
}

/// A piece of one colour. The discriminant is `color * 8 + kind`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Piece {
    RedKing = 0,
    RedAdvisor = 1,
    RedElephant = 2,
    RedHorse = 3,
    RedRook = 4,
    RedCannon = 5,
    RedPawn = 6,
    BlackKing = 8,
    BlackAdvisor = 9,
    BlackElephant = 10,
    BlackHorse = 11,
    BlackRook = 12,
    BlackCannon = 13,
    BlackPawn = 14,
}

impl Piece {
    /// All 14 pieces, Red's first.
    pub const ALL: [Piece; 14] = [
        Piece::RedKing,
        Piece::RedAdvisor,
        Piece::RedElephant,
        Piece::RedHorse,
        Piece::RedRook,
        Piece::RedCannon,
        Piece::RedPawn,
        Piece::BlackKing,
        Piece::BlackAdvisor,
        Piece::BlackElephant,
        Piece::BlackHorse,
        Piece::BlackRook,
        Piece::BlackCannon,
        Piece::BlackPawn,
    ];

    /// The piece of `color` and `kind`.
    #[inline]
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece::ALL[color as usize * 7 + kind as usize]
    }

    /// Its colour.
    #[inline]
    pub const fn color(self) -> Color {
        if (self as u8) < 8 {
            Color::Red
        } else {
            Color::Black
        }
    }

    /// Its kind.
    #[inline]
    pub const fn kind(self) -> PieceKind {
        PieceKind::from_index(self as u8 & 7)
    }

    /// A dense index 0–13 (Red's kinds 0–6, Black's 7–13), for tables.
    #[inline]
    pub const fn index(self) -> usize {
        let v = self as usize;
        (v & 7) + (v >> 3) * 7
    }

    /// The FEN letter: upper case for Red.
    pub const fn fen_char(self) -> char {
        let c = self.kind().fen_char();
        match self.color() {
            Color::Red => c.to_ascii_uppercase(),
            Color::Black => c,
        }
    }

    /// The Chinese character for the piece (Red: 帅仕相马车炮兵, Black: 将士象马车炮卒).
    pub const fn chinese_char(self) -> char {
        match (self.color(), self.kind()) {
            (Color::Red, PieceKind::King) => '帅',
            (Color::Red, PieceKind::Advisor) => '仕',
            (Color::Red, PieceKind::Elephant) => '相',
            (Color::Black, PieceKind::King) => '将',
            (Color::Black, PieceKind::Advisor) => '士',
            (Color::Black, PieceKind::Elephant) => '象',
            (_, PieceKind::Horse) => '马',
            (_, PieceKind::Rook) => '车',
            (_, PieceKind::Cannon) => '炮',
            (Color::Red, PieceKind::Pawn) => '兵',
            (Color::Black, PieceKind::Pawn) => '卒',
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.fen_char())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_round_trip() {
        for (i, p) in Piece::ALL.iter().enumerate() {
            assert_eq!(p.index(), i);
            assert_eq!(Piece::new(p.color(), p.kind()), *p);
            let (k, c) = PieceKind::from_fen_char(p.fen_char()).expect("valid letter");
            assert_eq!(Piece::new(c, k), *p);
        }
        assert_eq!(std::mem::size_of::<Option<Piece>>(), 1);
        assert_eq!(
            PieceKind::from_fen_char('E'),
            Some((PieceKind::Elephant, Color::Red))
        );
        assert_eq!(
            PieceKind::from_fen_char('h'),
            Some((PieceKind::Horse, Color::Black))
        );
        assert_eq!(PieceKind::from_fen_char('x'), None);
    }
}
