//! Compact moves.

use super::Square;
use std::fmt;
use std::num::NonZeroU16;

/// A move from one square to another, packed in 16 bits (`from | to << 7 | 1 << 14`).
///
/// The tag bit keeps the value non-zero, so `Option<Move>` is also two bytes.
/// Whether the move captures is a property of the position, not of the move.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Move(NonZeroU16);

const TAG: u16 = 1 << 14;

impl Move {
    /// The move from `from` to `to`.
    #[inline]
    pub const fn new(from: Square, to: Square) -> Move {
        let v = from.index() as u16 | (to.index() as u16) << 7 | TAG;
        match NonZeroU16::new(v) {
            Some(n) => Move(n),
            None => unreachable!(),
        }
    }

    /// The origin square.
    #[inline]
    pub const fn from(self) -> Square {
        Square::from_index_unchecked((self.0.get() & 0x7f) as u8)
    }

    /// The destination square.
    #[inline]
    pub const fn to(self) -> Square {
        Square::from_index_unchecked(((self.0.get() >> 7) & 0x7f) as u8)
    }

    /// The packed 16-bit value (for hash tables); never zero.
    #[inline]
    pub const fn to_u16(self) -> u16 {
        self.0.get()
    }

    /// Unpacks a value made by [`Move::to_u16`]; `None` for 0 or anything malformed.
    #[inline]
    pub const fn from_u16(v: u16) -> Option<Move> {
        let from = v & 0x7f;
        let to = (v >> 7) & 0x7f;
        if v & !0x7fff != 0 || v & TAG == 0 || from >= 90 || to >= 90 {
            return None;
        }
        match NonZeroU16::new(v) {
            Some(n) => Some(Move(n)),
            None => None,
        }
    }

    /// The move with both squares flipped top to bottom (for mirrored positions).
    pub const fn flip_rank(self) -> Move {
        Move::new(self.from().flip_rank(), self.to().flip_rank())
    }

    /// The move with both squares mirrored left to right.
    pub const fn mirror_file(self) -> Move {
        Move::new(self.from().mirror_file(), self.to().mirror_file())
    }
}

impl fmt::Display for Move {
    /// ICCS coordinates, e.g. `h2e2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing() {
        assert_eq!(std::mem::size_of::<Option<Move>>(), 2);
        for a in Square::all() {
            for b in [Square::A0, Square::E4, Square::I9, a] {
                let m = Move::new(a, b);
                assert_eq!(m.from(), a);
                assert_eq!(m.to(), b);
                assert_eq!(Move::from_u16(m.to_u16()), Some(m));
            }
        }
        assert_eq!(Move::from_u16(0), None);
        assert_eq!(Move::from_u16(0xffff), None);
        assert_eq!(Move::new(Square::H2, Square::E2).to_string(), "h2e2");
    }
}
