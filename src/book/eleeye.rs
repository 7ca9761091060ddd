//! ElephantEye's opening book format (`BOOK.DAT`), as read by XiangQi Wizard and ElephantEye.
//!
//! The file is a flat array of 8-byte little-endian records `{ lock: u32, mv: u16, weight: u16 }`
//! sorted by `lock`. `lock` is the third 32-bit word ("lock 1") of ElephantEye's Zobrist triple
//! for the position. Those triples come from an RC4 keystream whose key is four zero bytes: the
//! side-to-move triple first, then one triple for each of 14 piece types (Red king, advisor,
//! elephant, horse, rook, cannon, pawn, then Black's in the same order) on each of 256 squares
//! of a 16×16 board; each triple is three 32-bit words made of four keystream bytes, low byte
//! first. A position's lock is the XOR of its pieces' locks, with the side triple's lock added
//! when Black is to move.
//!
//! Squares on the 16×16 board are `x + 16 * y`, with `x = file + 3` (file a = 0) and
//! `y = 12 - rank` (rank 0 = Red's back rank), so Black's back rank is `y = 3`. A move is
//! `from + 256 * to`. Only one of a position and its mirror image needs to be stored: a reader
//! looks the position up, and if it is absent, looks up the mirror image and mirrors the moves
//! back.

use crate::board::Position;
use crate::types::{Color, Move, Square};
use std::sync::LazyLock;

/// RC4 keystream generator.
struct Rc4 {
    s: [u8; 256],
    i: u8,
    j: u8,
}

impl Rc4 {
    fn new(key: &[u8]) -> Rc4 {
        let mut s = [0u8; 256];
        for (i, v) in s.iter_mut().enumerate() {
            *v = i as u8;
        }
        let mut j = 0u8;
        for i in 0..256 {
            j = j.wrapping_add(s[i]).wrapping_add(key[i % key.len()]);
            s.swap(i, j as usize);
        }
        Rc4 { s, i: 0, j: 0 }
    }

    fn byte(&mut self) -> u8 {
        self.i = self.i.wrapping_add(1);
        self.j = self.j.wrapping_add(self.s[self.i as usize]);
        self.s.swap(self.i as usize, self.j as usize);
        let t = self.s[self.i as usize].wrapping_add(self.s[self.j as usize]);
        self.s[t as usize]
    }

    fn word(&mut self) -> u32 {
        u32::from_le_bytes([self.byte(), self.byte(), self.byte(), self.byte()])
    }

    /// One Zobrist triple; only its lock-1 word matters for books.
    fn lock1(&mut self) -> u32 {
        let _key = self.word();
        let _lock0 = self.word();
        self.word()
    }
}

struct Locks {
    side: u32,
    pieces: Box<[[u32; 256]; 14]>,
}

static LOCKS: LazyLock<Locks> = LazyLock::new(|| {
    let mut rc4 = Rc4::new(&[0, 0, 0, 0]);
    let side = rc4.lock1();
    let mut pieces = Box::new([[0u32; 256]; 14]);
    for row in pieces.iter_mut() {
        for v in row.iter_mut() {
            *v = rc4.lock1();
        }
    }
    Locks { side, pieces }
});

/// ElephantEye's 16×16 square number of `sq`.
pub fn square_to_ee(sq: Square) -> u16 {
    let x = sq.file().index() as u16 + 3;
    let y = 12 - sq.rank().index() as u16;
    x + 16 * y
}

/// The square for ElephantEye square number `ee`, if it lies on the board.
pub fn square_from_ee(ee: u16) -> Option<Square> {
    let (x, y) = ((ee & 15) as i32, (ee >> 4) as i32);
    if !(3..=11).contains(&x) || !(3..=12).contains(&y) {
        return None;
    }
    Square::from_file_rank(x - 3, 12 - y)
}

/// ElephantEye's encoding of `mv`.
pub fn move_to_ee(mv: Move) -> u16 {
    square_to_ee(mv.from()) | square_to_ee(mv.to()) << 8
}

/// The move for an ElephantEye move code, if both squares lie on the board.
pub fn move_from_ee(code: u16) -> Option<Move> {
    let from = square_from_ee(code & 0xff)?;
    let to = square_from_ee(code >> 8)?;
    (from != to).then(|| Move::new(from, to))
}

/// ElephantEye's book lock of `pos` and of its mirror image.
pub fn locks(pos: &Position) -> (u32, u32) {
    let t = &*LOCKS;
    let side = match pos.side_to_move() {
        Color::Red => 0,
        Color::Black => t.side,
    };
    let (mut k, mut m) = (side, side);
    for sq in Square::all() {
        if let Some(p) = pos.piece_on(sq) {
            let row = &t.pieces[p.index()];
            k ^= row[square_to_ee(sq) as usize];
            m ^= row[square_to_ee(sq.mirror_file()) as usize];
        }
    }
    (k, m)
}

/// Encodes records as an ElephantEye book file (sorting them by lock). For tests and tools.
pub fn encode(records: &mut [(u32, u16, u16)]) -> Vec<u8> {
    records.sort();
    let mut out = Vec::with_capacity(records.len() * 8);
    for &(lock, mv, weight) in records.iter() {
        out.extend_from_slice(&lock.to_le_bytes());
        out.extend_from_slice(&mv.to_le_bytes());
        out.extend_from_slice(&weight.to_le_bytes());
    }
    out
}
