//! Attack tables for the seven piece kinds, built at compile time.
//!
//! * King and advisor: one step, kept inside the palace.
//! * Elephant and horse ("lame leapers"): a `[[Bitboard; 16]; 90]` table indexed by the occupancy of
//!   the four points that can block them (the elephant's eyes are its diagonal neighbours, the
//!   horse's legs its orthogonal neighbours). Elephants never cross the river.
//! * Reverse horse table: which horse squares attack a point; the leg of such a horse is a
//!   diagonal neighbour of the target, so it is indexed like the elephant table.
//! * Pawn: per colour, forward only until the river is crossed, then also sideways; plus the
//!   reverse table.
//! * Rook and cannon: line tables indexed by the 9-bit occupancy of a rank or the 10-bit occupancy
//!   of a file (ElephantEye's "bit rank / bit file" idea). One lookup gives both the rook's reach
//!   (up to and including the first blocker) and the cannon's captures (the piece beyond exactly
//!   one screen). File occupancy is read from a transposed occupancy board, see [`Occupancy`].

use crate::types::{Bitboard, Color, Square};

/// The occupied points in two layouts: rank-major (the normal [`Bitboard`]) and file-major
/// (`file * 10 + rank`), so that both a rank and a file can be read with one shift and mask.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct Occupancy {
    /// Rank-major occupancy.
    pub bb: Bitboard,
    /// File-major occupancy: bit `file * 10 + rank`.
    pub transposed: u128,
}

impl Occupancy {
    /// Builds both layouts from a bitboard.
    pub fn from_bitboard(bb: Bitboard) -> Occupancy {
        let transposed = bb.iter().fold(0u128, |t, sq| t | transposed_bit(sq));
        Occupancy { bb, transposed }
    }

    /// Toggles `sq` in both layouts.
    #[inline]
    pub fn toggle(&mut self, sq: Square) {
        self.bb ^= sq;
        self.transposed ^= transposed_bit(sq);
    }

    /// Sets `sq` in both layouts.
    #[inline]
    pub fn set(&mut self, sq: Square) {
        self.bb |= sq;
        self.transposed |= transposed_bit(sq);
    }

    /// The occupancy after a piece moves from `from` to `to` (capturing whatever stood there).
    #[inline]
    pub fn after_move(self, from: Square, to: Square) -> Occupancy {
        let mut o = self;
        o.toggle(from);
        o.set(to);
        o
    }
}

/// The file-major bit of `sq`.
#[inline]
pub const fn transposed_bit(sq: Square) -> u128 {
    1u128 << TRANSPOSED_INDEX[sq.index()]
}

const TRANSPOSED_INDEX: [u8; 90] = {
    let mut t = [0u8; 90];
    let mut i = 0;
    while i < 90 {
        t[i] = ((i % 9) * 10 + i / 9) as u8;
        i += 1;
    }
    t
};

const fn bit(file: i32, rank: i32) -> u128 {
    if file >= 0 && file < 9 && rank >= 0 && rank < 10 {
        1u128 << (rank * 9 + file)
    } else {
        0
    }
}

/// Index of the occupancy of the four orthogonal neighbours of `sq` (down, left, right, up).
#[inline]
pub const fn orth_index(occ: Bitboard, sq: Square) -> usize {
    let w = ((occ.0 << 9) >> sq.index()) as u32;
    ((w & 1) | (w >> 7 & 2) | (w >> 8 & 4) | (w >> 15 & 8)) as usize
}

/// Index of the occupancy of the four diagonal neighbours of `sq` (SW, SE, NW, NE).
#[inline]
pub const fn diag_index(occ: Bitboard, sq: Square) -> usize {
    let w = ((occ.0 << 10) >> sq.index()) as u32;
    ((w & 1) | (w >> 1 & 2) | (w >> 16 & 4) | (w >> 17 & 8)) as usize
}

/// Orthogonal unit steps in `orth_index` bit order.
const ORTH: [(i32, i32); 4] = [(0, -1), (-1, 0), (1, 0), (0, 1)];
/// Diagonal unit steps in `diag_index` bit order.
const DIAG: [(i32, i32); 4] = [(-1, -1), (1, -1), (-1, 1), (1, 1)];

const fn in_palace(file: i32, rank: i32, color: Color) -> bool {
    let rank_ok = match color {
        Color::Red => rank >= 0 && rank <= 2,
        Color::Black => rank >= 7 && rank <= 9,
    };
    rank_ok && file >= 3 && file <= 5
}

const fn palace_steps(steps: [(i32, i32); 4]) -> [Bitboard; 90] {
    let mut t = [Bitboard::EMPTY; 90];
    let mut i = 0;
    while i < 90 {
        let (f, r) = ((i % 9) as i32, (i / 9) as i32);
        let color = if r <= 4 { Color::Red } else { Color::Black };
        if in_palace(f, r, color) {
            let mut bits = 0u128;
            let mut d = 0;
            while d < 4 {
                let (nf, nr) = (f + steps[d].0, r + steps[d].1);
                if in_palace(nf, nr, color) {
                    bits |= bit(nf, nr);
                }
                d += 1;
            }
            t[i] = Bitboard(bits);
        }
        i += 1;
    }
    t
}

static KING_ATTACKS: [Bitboard; 90] = palace_steps(ORTH);
static ADVISOR_ATTACKS: [Bitboard; 90] = palace_steps(DIAG);

/// The three tables indexed by the occupancy of four blocking points.
#[derive(Copy, Clone)]
enum Leaper {
    /// Horse moves; blockers are the orthogonal neighbours (legs).
    Horse,
    /// Squares a horse attacks this point from; blockers are the diagonal neighbours.
    HorseAttackers,
    /// Elephant moves; blockers are the diagonal neighbours (eyes); never across the river.
    Elephant,
}

/// Targets of a `kind` leaper on (`f`, `r`) through blocking direction `d` when that blocker
/// is empty.
const fn leaper_targets(kind: Leaper, f: i32, r: i32, d: usize) -> u128 {
    match kind {
        Leaper::Horse => {
            let (dx, dy) = ORTH[d];
            if bit(f + dx, r + dy) == 0 {
                return 0;
            }
            // Two steps along the leg direction and one step across.
            bit(f + 2 * dx + dy, r + 2 * dy + dx) | bit(f + 2 * dx - dy, r + 2 * dy - dx)
        }
        Leaper::HorseAttackers => {
            let (ox, oy) = DIAG[d];
            if bit(f + ox, r + oy) == 0 {
                return 0;
            }
            // A horse whose leg is this diagonal neighbour and that lands on the target.
            bit(f + 2 * ox, r + oy) | bit(f + ox, r + 2 * oy)
        }
        Leaper::Elephant => {
            let (ox, oy) = DIAG[d];
            let (tf, tr) = (f + 2 * ox, r + 2 * oy);
            if (tr <= 4) == (r <= 4) {
                bit(tf, tr)
            } else {
                0
            }
        }
    }
}

const fn leaper_table(kind: Leaper) -> [[Bitboard; 16]; 90] {
    let mut t = [[Bitboard::EMPTY; 16]; 90];
    let mut i = 0;
    while i < 90 {
        let (f, r) = ((i % 9) as i32, (i / 9) as i32);
        let mut idx = 0;
        while idx < 16 {
            let mut bits = 0u128;
            let mut d = 0;
            while d < 4 {
                if idx & (1 << d) == 0 {
                    bits |= leaper_targets(kind, f, r, d);
                }
                d += 1;
            }
            t[i][idx] = Bitboard(bits);
            idx += 1;
        }
        i += 1;
    }
    t
}

static HORSE_ATTACKS: [[Bitboard; 16]; 90] = leaper_table(Leaper::Horse);
static HORSE_ATTACKERS: [[Bitboard; 16]; 90] = leaper_table(Leaper::HorseAttackers);
static ELEPHANT_ATTACKS: [[Bitboard; 16]; 90] = leaper_table(Leaper::Elephant);

const fn pawn_targets(i: usize, color: Color) -> u128 {
    let (f, r) = ((i % 9) as i32, (i / 9) as i32);
    let (forward, crossed) = match color {
        Color::Red => (1, r >= 5),
        Color::Black => (-1, r <= 4),
    };
    let mut bits = bit(f, r + forward);
    if crossed {
        bits |= bit(f - 1, r) | bit(f + 1, r);
    }
    bits
}

static PAWN_ATTACKS: [[Bitboard; 90]; 2] = {
    let mut t = [[Bitboard::EMPTY; 90]; 2];
    let mut i = 0;
    while i < 90 {
        t[0][i] = Bitboard(pawn_targets(i, Color::Red));
        t[1][i] = Bitboard(pawn_targets(i, Color::Black));
        i += 1;
    }
    t
};

static PAWN_ATTACKERS: [[Bitboard; 90]; 2] = {
    let mut t = [[Bitboard::EMPTY; 90]; 2];
    let mut from = 0;
    while from < 90 {
        let mut c = 0;
        while c < 2 {
            let color = if c == 0 { Color::Red } else { Color::Black };
            let mut targets = pawn_targets(from, color);
            while targets != 0 {
                let to = targets.trailing_zeros() as usize;
                t[c][to].0 |= 1u128 << from;
                targets &= targets - 1;
            }
            c += 1;
        }
        from += 1;
    }
    t
};

/// The palace points of `color` as bits.
const fn palace_bits(color: Color) -> u128 {
    let mut bits = 0u128;
    let mut i = 0usize;
    while i < 90 {
        if in_palace((i % 9) as i32, (i / 9) as i32, color) {
            bits |= 1u128 << i;
        }
        i += 1;
    }
    bits
}

/// Per colour: the points across the river from which a pawn of that colour attacks a point of
/// the enemy palace.
static PAWN_PALACE_ATTACKERS: [Bitboard; 2] = {
    let mut t = [Bitboard::EMPTY; 2];
    let mut i = 0;
    while i < 90 {
        let crossed_red = i >= 45;
        if crossed_red && pawn_targets(i, Color::Red) & palace_bits(Color::Black) != 0 {
            t[0].0 |= 1u128 << i;
        }
        if !crossed_red && pawn_targets(i, Color::Black) & palace_bits(Color::Red) != 0 {
            t[1].0 |= 1u128 << i;
        }
        i += 1;
    }
    t
};

/// Line table entry for a slider at `pos` on a line of `len` points with occupancy `occ`:
/// low 16 bits the rook's reach, high 16 bits the cannon's capture targets.
const fn line_entry(pos: i32, len: i32, occ: u32) -> u32 {
    let mut rook = 0u32;
    let mut cannon = 0u32;
    let mut dir = -1;
    while dir <= 1 {
        let mut p = pos + dir;
        let mut screens = 0;
        while p >= 0 && p < len {
            let occupied = occ >> p & 1 != 0;
            if screens == 0 {
                rook |= 1 << p;
                if occupied {
                    screens = 1;
                }
            } else if occupied {
                cannon |= 1 << p;
                break;
            }
            p += dir;
        }
        dir += 2;
    }
    rook | cannon << 16
}

static RANK_LINES: [[u32; 512]; 9] = {
    let mut t = [[0u32; 512]; 9];
    let mut pos = 0;
    while pos < 9 {
        let mut occ = 0;
        while occ < 512 {
            t[pos][occ] = line_entry(pos as i32, 9, occ as u32);
            occ += 1;
        }
        pos += 1;
    }
    t
};

static FILE_LINES: [[u32; 1024]; 10] = {
    let mut t = [[0u32; 1024]; 10];
    let mut pos = 0;
    while pos < 10 {
        let mut occ = 0;
        while occ < 1024 {
            t[pos][occ] = line_entry(pos as i32, 10, occ as u32);
            occ += 1;
        }
        pos += 1;
    }
    t
};

/// Spreads a 10-bit rank mask onto file a (bit `r` → square `r * 9`).
static FILE_SPREAD: [u128; 1024] = {
    let mut t = [0u128; 1024];
    let mut m = 0;
    while m < 1024 {
        let mut r = 0;
        while r < 10 {
            if m >> r & 1 != 0 {
                t[m] |= 1u128 << (r * 9);
            }
            r += 1;
        }
        m += 1;
    }
    t
};

/// The two line-table entries (rank, file) for a slider on `sq`.
#[inline]
fn line_entries(sq: Square, occ: &Occupancy) -> (u32, u32) {
    let (file, rank) = (sq.file().index(), sq.rank().index());
    let rank_occ = (occ.bb.0 >> (rank * 9)) as usize & 0x1ff;
    let file_occ = (occ.transposed >> (file * 10)) as usize & 0x3ff;
    (RANK_LINES[file][rank_occ], FILE_LINES[rank][file_occ])
}

#[inline]
fn expand(sq: Square, rank_bits: u32, file_bits: u32) -> Bitboard {
    let (file, rank) = (sq.file().index(), sq.rank().index());
    Bitboard(((rank_bits as u128) << (rank * 9)) | (FILE_SPREAD[file_bits as usize] << file))
}

/// Rook reach from `sq`: every point up to and including the first piece in each direction.
#[inline]
pub fn rook_attacks(sq: Square, occ: &Occupancy) -> Bitboard {
    let (r, f) = line_entries(sq, occ);
    expand(sq, r & 0xffff, f & 0xffff)
}

/// Cannon capture targets from `sq`: the first piece beyond exactly one screen in each direction.
#[inline]
pub fn cannon_attacks(sq: Square, occ: &Occupancy) -> Bitboard {
    let (r, f) = line_entries(sq, occ);
    expand(sq, r >> 16, f >> 16)
}

/// Rook reach and cannon captures from `sq` with one set of lookups.
#[inline]
pub fn rook_and_cannon_attacks(sq: Square, occ: &Occupancy) -> (Bitboard, Bitboard) {
    let (r, f) = line_entries(sq, occ);
    (
        expand(sq, r & 0xffff, f & 0xffff),
        expand(sq, r >> 16, f >> 16),
    )
}

/// King steps from `sq`, inside the palace that holds `sq` (empty outside both palaces).
#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    KING_ATTACKS[sq.index()]
}

/// Advisor steps from `sq`, inside the palace that holds `sq`.
#[inline]
pub fn advisor_attacks(sq: Square) -> Bitboard {
    ADVISOR_ATTACKS[sq.index()]
}

/// Elephant moves from `sq`: two points diagonally unless the eye is occupied, on its own half.
#[inline]
pub fn elephant_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    ELEPHANT_ATTACKS[sq.index()][diag_index(occ, sq)]
}

/// Horse moves from `sq` unless the leg next to the horse is occupied.
#[inline]
pub fn horse_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    HORSE_ATTACKS[sq.index()][orth_index(occ, sq)]
}

/// Points from which a horse would attack `sq` under occupancy `occ`.
#[inline]
pub fn horse_attackers(sq: Square, occ: Bitboard) -> Bitboard {
    HORSE_ATTACKERS[sq.index()][diag_index(occ, sq)]
}

/// Points a pawn of `color` on `sq` attacks.
#[inline]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    PAWN_ATTACKS[color.index()][sq.index()]
}

/// Every point some pawn of `color` in `pawns` attacks: the union of [`pawn_attacks`] over
/// `pawns`, with shifts instead of one lookup per pawn.
#[inline]
pub fn pawn_attacks_of(color: Color, pawns: Bitboard) -> Bitboard {
    const OWN_HALF_RED: u128 = (1u128 << 45) - 1;
    let p = pawns.0;
    let (forward, crossed) = match color {
        Color::Red => (p << 9, p & !OWN_HALF_RED),
        Color::Black => (p >> 9, p & OWN_HALF_RED),
    };
    let left = (crossed & !Bitboard::file(0).0) >> 1;
    let right = (crossed & !Bitboard::file(8).0) << 1;
    Bitboard::from_bits(forward | left | right)
}

/// Points across the river from which a pawn of `color` attacks a point of the enemy palace.
#[inline]
pub fn pawn_palace_attackers(color: Color) -> Bitboard {
    PAWN_PALACE_ATTACKERS[color.index()]
}

/// Points from which a pawn of `color` attacks `sq`.
#[inline]
pub fn pawn_attackers(color: Color, sq: Square) -> Bitboard {
    PAWN_ATTACKERS[color.index()][sq.index()]
}

/// The points strictly between `a` and `b` when they share a rank or a file; empty otherwise.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    let (lo, hi) = if a.index() < b.index() {
        (a, b)
    } else {
        (b, a)
    };
    let range = (1u128 << hi.index()) - (2u128 << lo.index());
    if lo.rank() == hi.rank() {
        Bitboard(range)
    } else if lo.file() == hi.file() {
        Bitboard(range) & Bitboard::file(lo.file().index())
    } else {
        Bitboard::EMPTY
    }
}

/// The (up to four) diagonal neighbours of each point.
static DIAGONAL_NEIGHBOURS: [Bitboard; 90] = {
    let mut t = [Bitboard::EMPTY; 90];
    let mut i = 0;
    while i < 90 {
        let (f, r) = ((i % 9) as i32, (i / 9) as i32);
        let mut d = 0;
        while d < 4 {
            t[i].0 |= bit(f + DIAG[d].0, r + DIAG[d].1);
            d += 1;
        }
        i += 1;
    }
    t
};

/// The diagonal neighbours of `sq`: among them are the legs of every horse that could attack it.
#[inline]
pub fn diagonal_neighbours(sq: Square) -> Bitboard {
    DIAGONAL_NEIGHBOURS[sq.index()]
}

/// The rank and file through `sq`, without `sq` itself.
#[inline]
pub fn lines_through(sq: Square) -> Bitboard {
    (Bitboard::rank(sq.rank().index()) | Bitboard::file(sq.file().index())).without(sq)
}

/// For a horse on `horse` that would attack `target` (a horse's move apart), its leg point.
#[inline]
pub fn horse_leg(horse: Square, target: Square) -> Option<Square> {
    let df = target.file().index() as i32 - horse.file().index() as i32;
    let dr = target.rank().index() as i32 - horse.rank().index() as i32;
    match (df.abs(), dr.abs()) {
        (1, 2) => horse.offset(0, dr.signum()),
        (2, 1) => horse.offset(df.signum(), 0),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn occ_of(squares: &[Square]) -> Occupancy {
        Occupancy::from_bitboard(squares.iter().copied().collect())
    }

    fn set(squares: &[Square]) -> Bitboard {
        squares.iter().copied().collect()
    }

    #[test]
    fn diagonal_neighbours_hold_every_horse_leg() {
        assert_eq!(diagonal_neighbours(Square::A0), set(&[Square::B1]));
        assert_eq!(
            diagonal_neighbours(Square::E1),
            set(&[Square::D0, Square::F0, Square::D2, Square::F2])
        );
        for target in (0..90).filter_map(Square::new) {
            for horse in horse_attackers(target, Bitboard::EMPTY) {
                let leg = horse_leg(horse, target);
                assert!(leg.is_some_and(|l| diagonal_neighbours(target).contains(l)));
            }
        }
    }

    #[test]
    fn king_stays_in_palace() {
        assert_eq!(
            king_attacks(Square::E0),
            set(&[Square::D0, Square::F0, Square::E1])
        );
        assert_eq!(king_attacks(Square::D2), set(&[Square::E2, Square::D1]));
        assert_eq!(
            king_attacks(Square::E8),
            set(&[Square::E9, Square::E7, Square::D8, Square::F8])
        );
        assert_eq!(king_attacks(Square::A0), Bitboard::EMPTY);
    }

    #[test]
    fn advisor_stays_in_palace() {
        assert_eq!(advisor_attacks(Square::D0), set(&[Square::E1]));
        assert_eq!(
            advisor_attacks(Square::E1),
            set(&[Square::D0, Square::F0, Square::D2, Square::F2])
        );
        assert_eq!(advisor_attacks(Square::F9), set(&[Square::E8]));
    }

    #[test]
    fn elephant_eye_and_river() {
        let empty = Bitboard::EMPTY;
        assert_eq!(
            elephant_attacks(Square::C0, empty),
            set(&[Square::A2, Square::E2])
        );
        // The river: an elephant on rank 4 cannot go to rank 6.
        assert_eq!(
            elephant_attacks(Square::C4, empty),
            set(&[Square::A2, Square::E2])
        );
        assert_eq!(
            elephant_attacks(Square::G5, empty),
            set(&[Square::E7, Square::I7])
        );
        // 塞象眼: a piece on d1 blocks c0-e2.
        assert_eq!(
            elephant_attacks(Square::C0, set(&[Square::D1])),
            set(&[Square::A2])
        );
        assert_eq!(
            elephant_attacks(Square::E2, set(&[Square::D1, Square::F3])),
            set(&[Square::C4, Square::G0])
        );
    }

    #[test]
    fn horse_leg_blocks() {
        let empty = Bitboard::EMPTY;
        assert_eq!(
            horse_attacks(Square::B0, empty),
            set(&[Square::A2, Square::C2, Square::D1])
        );
        assert_eq!(horse_attacks(Square::E4, empty).count(), 8);
        // 蹩马腿: a piece on e5 blocks both moves upward.
        let blocked = horse_attacks(Square::E4, set(&[Square::E5]));
        assert_eq!(blocked.count(), 6);
        assert!(!blocked.contains(Square::D6) && !blocked.contains(Square::F6));
        // A piece on a diagonal point does not block.
        assert_eq!(horse_attacks(Square::E4, set(&[Square::F5])).count(), 8);
        // Edge squares: left/right neighbours wrapping around must not matter.
        assert_eq!(horse_attacks(Square::A4, set(&[Square::I3])).count(), 4);
    }

    #[test]
    fn horse_attackers_match_forward_table() {
        let occs = [
            Bitboard::EMPTY,
            set(&[Square::E5, Square::D3, Square::F4, Square::B1]),
            set(&[Square::D5, Square::F5, Square::D3, Square::F3]),
        ];
        for occ in occs {
            for target in Square::all() {
                let expected: Bitboard = Square::all()
                    .filter(|&h| horse_attacks(h, occ).contains(target))
                    .collect();
                assert_eq!(horse_attackers(target, occ), expected, "target {target}");
            }
        }
    }

    #[test]
    fn pawn_moves() {
        assert_eq!(pawn_attacks(Color::Red, Square::C3), set(&[Square::C4]));
        assert_eq!(
            pawn_attacks(Color::Red, Square::C5),
            set(&[Square::C6, Square::B5, Square::D5])
        );
        assert_eq!(pawn_attacks(Color::Red, Square::A9), set(&[Square::B9]));
        assert_eq!(pawn_attacks(Color::Black, Square::C6), set(&[Square::C5]));
        assert_eq!(
            pawn_attacks(Color::Black, Square::C4),
            set(&[Square::C3, Square::B4, Square::D4])
        );
        for c in Color::ALL {
            for t in Square::all() {
                let expected: Bitboard = Square::all()
                    .filter(|&s| pawn_attacks(c, s).contains(t))
                    .collect();
                assert_eq!(pawn_attackers(c, t), expected);
            }
        }
    }

    /// `count` pseudo-random sets of points (xorshift from `seed`): two copies of the state,
    /// one rotated by `spread` bits, thinned by and-ing with themselves rotated by `thin`.
    fn random_sets(
        mut seed: u64,
        count: usize,
        spread: u32,
        thin: u32,
    ) -> impl Iterator<Item = Bitboard> {
        (0..count).map(move |_| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let bits = (seed as u128) << 40 ^ (seed.rotate_left(spread) as u128);
            Bitboard::from_bits(bits & bits.rotate_left(thin))
        })
    }

    #[test]
    fn pawn_sets_match_single_pawns() {
        for pawns in random_sets(0x0123_4567_89ab_cdef, 500, 29, 11) {
            for c in Color::ALL {
                let expected = pawns
                    .iter()
                    .fold(Bitboard::EMPTY, |a, sq| a | pawn_attacks(c, sq));
                assert_eq!(pawn_attacks_of(c, pawns), expected);
            }
        }
        for c in Color::ALL {
            let palace: Bitboard = Square::all().filter(|s| s.in_palace(!c)).collect();
            let expected: Bitboard = Square::all()
                .filter(|&s| !s.on_own_half(c) && (pawn_attacks(c, s) & palace).any())
                .collect();
            assert_eq!(pawn_palace_attackers(c), expected);
            assert_eq!(pawn_palace_attackers(c).count(), 18);
        }
    }

    #[test]
    fn rook_and_cannon() {
        let occ = occ_of(&[
            Square::E4,
            Square::E6,
            Square::E9,
            Square::B4,
            Square::A4,
            Square::H4,
        ]);
        let rook = rook_attacks(Square::E4, &occ);
        assert_eq!(
            rook,
            set(&[
                Square::E5,
                Square::E6,
                Square::E3,
                Square::E2,
                Square::E1,
                Square::E0,
                Square::D4,
                Square::C4,
                Square::B4,
                Square::F4,
                Square::G4,
                Square::H4
            ])
        );
        let cannon = cannon_attacks(Square::E4, &occ);
        assert_eq!(cannon, set(&[Square::E9, Square::A4]));
        let (r2, c2) = rook_and_cannon_attacks(Square::E4, &occ);
        assert_eq!((r2, c2), (rook, cannon));
    }

    #[test]
    fn sliders_match_naive_rays() {
        for bb in random_sets(0x1234_5678_9abc_def0, 200, 17, 7) {
            let occ = Occupancy::from_bitboard(bb);
            for s in Square::all() {
                let mut rook = Bitboard::EMPTY;
                let mut cannon = Bitboard::EMPTY;
                for (df, dr) in ORTH {
                    let mut screens = 0;
                    let mut cur = s.offset(df, dr);
                    while let Some(t) = cur {
                        if screens == 0 {
                            rook |= t;
                            if bb.contains(t) {
                                screens = 1;
                            }
                        } else if bb.contains(t) {
                            cannon |= t;
                            break;
                        }
                        cur = t.offset(df, dr);
                    }
                }
                assert_eq!(rook_attacks(s, &occ), rook);
                assert_eq!(cannon_attacks(s, &occ), cannon);
            }
        }
    }

    #[test]
    fn between_and_legs() {
        assert_eq!(
            between(Square::E0, Square::E3),
            set(&[Square::E1, Square::E2])
        );
        assert_eq!(
            between(Square::A0, Square::D0),
            set(&[Square::B0, Square::C0])
        );
        assert_eq!(between(Square::A0, Square::B1), Bitboard::EMPTY);
        assert_eq!(between(Square::E0, Square::E1), Bitboard::EMPTY);
        assert_eq!(horse_leg(Square::B0, Square::C2), Some(Square::B1));
        assert_eq!(horse_leg(Square::B0, Square::D1), Some(Square::C0));
        assert_eq!(horse_leg(Square::B0, Square::B2), None);
    }
}
