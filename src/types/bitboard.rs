//! A set of squares in one `u128`.

use super::Square;
use std::fmt;
use std::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign,
};

/// A set of squares: bit `i` stands for the square with index `i`. Bits 90–127 are always zero.
///
/// `u128` won over `bitvec` for this hot type (see `benches/bitboard.rs` and the README).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
#[repr(transparent)]
pub struct Bitboard(pub(crate) u128);

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 90 squares: the mask of used bits.
    pub const FULL: Bitboard = Bitboard((1u128 << 90) - 1);

    /// The set with exactly the bits of `bits` that name squares (bits 90–127 are dropped).
    #[inline]
    pub const fn from_bits(bits: u128) -> Bitboard {
        Bitboard(bits & Bitboard::FULL.0)
    }

    /// The raw bits.
    #[inline]
    pub const fn bits(self) -> u128 {
        self.0
    }

    /// The set holding only `sq`.
    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1u128 << sq.index())
    }

    /// All squares of rank `rank` (0–9).
    #[inline]
    pub const fn rank(rank: usize) -> Bitboard {
        Bitboard(0x1ffu128 << (rank * 9))
    }

    /// All squares of file `file` (0–8).
    #[inline]
    pub const fn file(file: usize) -> Bitboard {
        Bitboard(FILE_A << file)
    }

    /// Intersection (const form of `&`).
    #[inline]
    pub const fn and(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 & other.0)
    }

    /// Union (const form of `|`).
    #[inline]
    pub const fn or(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 | other.0)
    }

    /// Symmetric difference (const form of `^`).
    #[inline]
    pub const fn xor(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 ^ other.0)
    }

    /// Complement within the 90 squares (const form of `!`).
    #[inline]
    pub const fn not(self) -> Bitboard {
        Bitboard(!self.0 & Bitboard::FULL.0)
    }

    /// The set with `sq` added.
    #[inline]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | 1u128 << sq.index())
    }

    /// The set with `sq` removed.
    #[inline]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1u128 << sq.index()))
    }

    /// Whether `sq` is in the set.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 >> sq.index() & 1 != 0
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set has at least one square.
    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// Number of squares.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set has two or more squares.
    #[inline]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest-index square, or `None` if empty.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_unchecked(self.0.trailing_zeros() as u8))
        }
    }

    /// The highest-index square, or `None` if empty.
    #[inline]
    pub const fn last(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_unchecked(
                127 - self.0.leading_zeros() as u8,
            ))
        }
    }

    /// Iterates over the squares in index order.
    #[inline]
    pub const fn iter(self) -> BitboardIter {
        BitboardIter(self.0)
    }
}

/// Bits of file a.
const FILE_A: u128 = {
    let mut bits = 0u128;
    let mut r = 0;
    while r < 10 {
        bits |= 1u128 << (r * 9);
        r += 1;
    }
    bits
};

/// Iterator over the squares of a [`Bitboard`], lowest index first.
#[derive(Clone)]
pub struct BitboardIter(u128);

impl Iterator for BitboardIter {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = Square::from_index_unchecked(self.0.trailing_zeros() as u8);
        self.0 &= self.0 - 1;
        Some(sq)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for BitboardIter {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = BitboardIter;

    #[inline]
    fn into_iter(self) -> BitboardIter {
        self.iter()
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

impl From<Square> for Bitboard {
    #[inline]
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

macro_rules! impl_bit_ops {
    ($($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt;)*) => {$(
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $trait<Square> for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, rhs: Square) -> Bitboard {
                Bitboard(self.0 $op (1u128 << rhs.index()))
            }
        }
        impl $assign_trait for Bitboard {
            #[inline]
            fn $assign_method(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
        impl $assign_trait<Square> for Bitboard {
            #[inline]
            fn $assign_method(&mut self, rhs: Square) {
                self.0 = self.0 $op (1u128 << rhs.index());
            }
        }
    )*};
}

impl_bit_ops! {
    BitAnd, bitand, BitAndAssign, bitand_assign, &;
    BitOr, bitor, BitOrAssign, bitor_assign, |;
    BitXor, bitxor, BitXorAssign, bitxor_assign, ^;
}

impl Sub for Bitboard {
    type Output = Bitboard;
    /// Set difference: the squares of `self` not in `rhs`.
    #[inline]
    fn sub(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & !rhs.0)
    }
}

impl SubAssign for Bitboard {
    #[inline]
    fn sub_assign(&mut self, rhs: Bitboard) {
        self.0 &= !rhs.0;
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    /// Complement within the 90 squares.
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & Bitboard::FULL.0)
    }
}

impl fmt::Debug for Bitboard {
    /// A 10 × 9 grid, rank 9 at the top, `X` for members and `.` for the rest.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Bitboard(0x{:x})", self.0)?;
        for rank in (0..10).rev() {
            write!(f, "{rank} ")?;
            for file in 0..9 {
                let bit = self.0 >> (rank * 9 + file) & 1;
                f.write_str(if bit != 0 { " X" } else { " ." })?;
            }
            writeln!(f)?;
        }
        f.write_str("   a b c d e f g h i")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operators_stay_on_board() {
        let a = Bitboard::from_square(Square::A0) | Square::I9;
        assert_eq!(a.count(), 2);
        assert_eq!((!a).count(), 88);
        assert_eq!((!Bitboard::EMPTY), Bitboard::FULL);
        assert_eq!(Bitboard::from_bits(u128::MAX), Bitboard::FULL);
        assert_eq!(
            a - Bitboard::from_square(Square::A0),
            Bitboard::from_square(Square::I9)
        );
        assert!(a.more_than_one());
        assert_eq!(a.first(), Some(Square::A0));
        assert_eq!(a.last(), Some(Square::I9));
        assert_eq!(a.iter().collect::<Vec<_>>(), vec![Square::A0, Square::I9]);
        assert_eq!(Bitboard::file(4).count(), 10);
        assert_eq!(Bitboard::rank(9).count(), 9);
        assert_eq!(
            (Bitboard::file(4) & Bitboard::rank(0)).first(),
            Some(Square::E0)
        );
    }

    #[test]
    fn debug_grid() {
        let text = format!("{:?}", Bitboard::from_square(Square::E0));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 12);
        assert_eq!(lines[10], "0  . . . . X . . . .");
    }
}
