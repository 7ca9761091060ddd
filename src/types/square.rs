//! Points of the board.

use std::fmt;
use std::str::FromStr;

/// A file (column) `a`–`i`, numbered 0–8 from Red's left.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct File(u8);

/// A rank (row) `0`–`9`, numbered from Red's back rank.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rank(u8);

impl File {
    /// Number of files.
    pub const COUNT: usize = 9;

    /// The file with index `index` (0–8), or `None`.
    #[inline]
    pub const fn new(index: u8) -> Option<File> {
        if index < 9 {
            Some(File(index))
        } else {
            None
        }
    }

    /// Index 0–8.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The ICCS letter `a`–`i`.
    pub const fn char(self) -> char {
        (b'a' + self.0) as char
    }
}

impl Rank {
    /// Number of ranks.
    pub const COUNT: usize = 10;

    /// The rank with index `index` (0–9), or `None`.
    #[inline]
    pub const fn new(index: u8) -> Option<Rank> {
        if index < 10 {
            Some(Rank(index))
        } else {
            None
        }
    }

    /// Index 0–9.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The ICCS digit `0`–`9`.
    pub const fn char(self) -> char {
        (b'0' + self.0) as char
    }
}

/// One of the 90 points, numbered rank-major from Red's bottom-left: `index = rank * 9 + file`.
///
/// Names follow ICCS: `a0` is Red's left rook's point, `i9` Black's left rook's point.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

macro_rules! square_consts {
    ($($name:ident = $idx:expr),* $(,)?) => {
        impl Square {
            $(
                #[doc = concat!("The point `", stringify!($name), "`.")]
                pub const $name: Square = Square($idx);
            )*
        }
    };
}

square_consts!(
    A0 = 0,
    B0 = 1,
    C0 = 2,
    D0 = 3,
    E0 = 4,
    F0 = 5,
    G0 = 6,
    H0 = 7,
    I0 = 8,
    A1 = 9,
    B1 = 10,
    C1 = 11,
    D1 = 12,
    E1 = 13,
    F1 = 14,
    G1 = 15,
    H1 = 16,
    I1 = 17,
    A2 = 18,
    B2 = 19,
    C2 = 20,
    D2 = 21,
    E2 = 22,
    F2 = 23,
    G2 = 24,
    H2 = 25,
    I2 = 26,
    A3 = 27,
    B3 = 28,
    C3 = 29,
    D3 = 30,
    E3 = 31,
    F3 = 32,
    G3 = 33,
    H3 = 34,
    I3 = 35,
    A4 = 36,
    B4 = 37,
    C4 = 38,
    D4 = 39,
    E4 = 40,
    F4 = 41,
    G4 = 42,
    H4 = 43,
    I4 = 44,
    A5 = 45,
    B5 = 46,
    C5 = 47,
    D5 = 48,
    E5 = 49,
    F5 = 50,
    G5 = 51,
    H5 = 52,
    I5 = 53,
    A6 = 54,
    B6 = 55,
    C6 = 56,
    D6 = 57,
    E6 = 58,
    F6 = 59,
    G6 = 60,
    H6 = 61,
    I6 = 62,
    A7 = 63,
    B7 = 64,
    C7 = 65,
    D7 = 66,
    E7 = 67,
    F7 = 68,
    G7 = 69,
    H7 = 70,
    I7 = 71,
    A8 = 72,
    B8 = 73,
    C8 = 74,
    D8 = 75,
    E8 = 76,
    F8 = 77,
    G8 = 78,
    H8 = 79,
    I8 = 80,
    A9 = 81,
    B9 = 82,
    C9 = 83,
    D9 = 84,
    E9 = 85,
    F9 = 86,
    G9 = 87,
    H9 = 88,
    I9 = 89,
);

impl Square {
    /// Number of points on the board.
    pub const COUNT: usize = 90;

    /// The square with index `index` (0–89), or `None`.
    #[inline]
    pub const fn new(index: u8) -> Option<Square> {
        if index < 90 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square with index `index`; the caller guarantees `index < 90` (checked in debug builds).
    #[inline]
    pub const fn from_index_unchecked(index: u8) -> Square {
        debug_assert!(index < 90);
        Square(index)
    }

    /// The square on `file` and `rank`.
    #[inline]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square(rank.0 * 9 + file.0)
    }

    /// The square at file index `file` (0–8) and rank index `rank` (0–9), or `None` if off the board.
    #[inline]
    pub const fn from_file_rank(file: i32, rank: i32) -> Option<Square> {
        if file >= 0 && file < 9 && rank >= 0 && rank < 10 {
            Some(Square((rank * 9 + file) as u8))
        } else {
            None
        }
    }

    /// Index 0–89.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file.
    #[inline]
    pub const fn file(self) -> File {
        File(self.0 % 9)
    }

    /// The rank.
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank(self.0 / 9)
    }

    /// The square seen from the other side: rank `r` becomes `9 - r`, the file stays.
    #[inline]
    pub const fn flip_rank(self) -> Square {
        Square((9 - self.0 / 9) * 9 + self.0 % 9)
    }

    /// The square mirrored left-right: file `f` becomes `8 - f`.
    #[inline]
    pub const fn mirror_file(self) -> Square {
        Square((self.0 / 9) * 9 + (8 - self.0 % 9))
    }

    /// The square moved by `df` files and `dr` ranks, or `None` if that leaves the board.
    #[inline]
    pub const fn offset(self, df: i32, dr: i32) -> Option<Square> {
        Square::from_file_rank((self.0 % 9) as i32 + df, (self.0 / 9) as i32 + dr)
    }

    /// Whether the square lies on `color`'s half of the board (Red: ranks 0–4).
    #[inline]
    pub const fn on_own_half(self, color: super::Color) -> bool {
        match color {
            super::Color::Red => self.0 < 45,
            super::Color::Black => self.0 >= 45,
        }
    }

    /// Whether the square lies inside `color`'s palace (files d–f of its three back ranks).
    #[inline]
    pub const fn in_palace(self, color: super::Color) -> bool {
        let f = self.0 % 9;
        let r = self.0 / 9;
        let rank_ok = match color {
            super::Color::Red => r <= 2,
            super::Color::Black => r >= 7,
        };
        rank_ok && f >= 3 && f <= 5
    }

    /// All 90 squares in index order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..90u8).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Error for a square name that is not `a0`…`i9`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError;

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a square is a file a-i followed by a rank 0-9")
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        match s.as_bytes() {
            [f @ b'a'..=b'i', r @ b'0'..=b'9'] => Ok(Square((r - b'0') * 9 + (f - b'a'))),
            [f @ b'A'..=b'I', r @ b'0'..=b'9'] => Ok(Square((r - b'0') * 9 + (f - b'A'))),
            _ => Err(ParseSquareError),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Color;

    #[test]
    fn names_round_trip() {
        for sq in Square::all() {
            let name = sq.to_string();
            assert_eq!(name.parse::<Square>(), Ok(sq));
        }
        assert_eq!(Square::H2.to_string(), "h2");
        assert_eq!(Square::E9.to_string(), "e9");
        assert!("j0".parse::<Square>().is_err());
        assert!("a10".parse::<Square>().is_err());
        assert!("".parse::<Square>().is_err());
    }

    #[test]
    fn geometry() {
        assert_eq!(Square::E0.flip_rank(), Square::E9);
        assert_eq!(Square::A0.mirror_file(), Square::I0);
        assert!(Square::E1.in_palace(Color::Red));
        assert!(!Square::E1.in_palace(Color::Black));
        assert!(Square::D9.in_palace(Color::Black));
        assert!(!Square::C9.in_palace(Color::Black));
        assert!(Square::I4.on_own_half(Color::Red));
        assert!(Square::A5.on_own_half(Color::Black));
        assert_eq!(Square::A0.offset(-1, 0), None);
        assert_eq!(Square::A0.offset(1, 2), Some(Square::B2));
    }
}
