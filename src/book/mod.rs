//! Opening books: Chuhan's own compiled book (built from `book/openings.txt` by
//! `chuhan book build`) and ElephantEye's `BOOK.DAT`.
//!
//! ```no_run
//! use chuhan::board::Position;
//! use chuhan::book::{Book, BookRng};
//!
//! let book = Book::open(Book::default_path().expect("book file")).expect("readable book");
//! let pos = Position::startpos();
//! for m in book.probe(&pos) {
//!     println!("{} {}", m.mv, m.weight);
//! }
//! let mut rng = BookRng::new(42);
//! let choice = book.pick(&pos, &mut rng, 0.0);
//! ```
//!
//! # Chuhan's format (`*.book`)
//!
//! All integers little-endian. A 16-byte header: the magic `CHUHANBK`, a `u16` version (1), a
//! `u16` of flags (0), a `u32` entry count; then `count` entries of 12 bytes: `u64` position key
//! (see [`key`]), `u16` move (`Move::to_u16`, in the orientation of the stored key), `u16`
//! weight. Entries are sorted by key then move; a position's moves are found by binary search.
//! A position and its mirror image are stored once, under the smaller of their two keys.
//!
//! # Telling formats apart
//!
//! By content, never by name: a file starting with `CHUHANBK` is Chuhan's. Otherwise it is
//! taken for ElephantEye's when its size is a non-zero multiple of 8, its locks never decrease,
//! and every move code names two points on the board (ElephantEye's move codes are always
//! between 0x3333 and 0xCBCB); anything else is rejected.

pub mod eleeye;
pub mod key;
pub mod source;

use crate::board::Position;
use crate::movegen;
use crate::types::Move;
use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The magic bytes at the start of a Chuhan book.
pub const MAGIC: &[u8; 8] = b"CHUHANBK";
/// The version written by this crate.
pub const VERSION: u16 = 1;
const HEADER_LEN: usize = 16;
const ENTRY_LEN: usize = 12;
/// Book files larger than this are refused (a real book is a few MB at most).
pub const MAX_FILE_LEN: u64 = 256 << 20;

/// Why a book could not be opened.
#[derive(Debug)]
pub enum BookError {
    /// The file does not exist.
    NotFound(PathBuf),
    /// The file exists but could not be read.
    Io(PathBuf, std::io::Error),
    /// Neither Chuhan's magic nor the structure of an ElephantEye book.
    BadMagic(PathBuf),
    /// A Chuhan book shorter than its header says.
    Truncated {
        /// The file.
        path: PathBuf,
        /// Bytes the header promises.
        expected: u64,
        /// Bytes present.
        actual: u64,
    },
    /// A Chuhan book from a newer version of the format.
    UnsupportedVersion(PathBuf, u16),
    /// The content is inconsistent (unsorted keys, impossible moves, trailing bytes…).
    Corrupt(PathBuf, String),
    /// The file is larger than [`MAX_FILE_LEN`], or endless (such as `/dev/zero`).
    TooLarge(PathBuf),
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::NotFound(p) => write!(f, "book file {} not found", p.display()),
            BookError::Io(p, e) => write!(f, "cannot read book file {}: {e}", p.display()),
            BookError::BadMagic(p) => write!(
                f,
                "{} is not an opening book (neither a Chuhan book nor an ElephantEye BOOK.DAT)",
                p.display()
            ),
            BookError::Truncated {
                path,
                expected,
                actual,
            } => write!(
                f,
                "book file {} is truncated: {actual} bytes, the header promises {expected}",
                path.display()
            ),
            BookError::UnsupportedVersion(p, v) => write!(
                f,
                "book file {} has format version {v}; this Chuhan reads version {VERSION}",
                p.display()
            ),
            BookError::Corrupt(p, why) => {
                write!(f, "book file {} is corrupt: {why}", p.display())
            }
            BookError::TooLarge(p) => write!(
                f,
                "{} is larger than {} MB: not an opening book",
                p.display(),
                MAX_FILE_LEN >> 20
            ),
        }
    }
}

impl std::error::Error for BookError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BookError::Io(_, e) => Some(e),
            _ => None,
        }
    }
}

/// A book move and its weight (relative frequency).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// The move, legal in the probed position.
    pub mv: Move,
    /// Its weight; moves are picked in proportion to it.
    pub weight: u16,
}

/// Which kind of file a [`Book`] was read from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BookFormat {
    /// Chuhan's own format.
    Chuhan,
    /// ElephantEye's `BOOK.DAT`.
    ElephantEye,
}

#[derive(Clone, Debug)]
enum Entries {
    /// (key, move code, weight), sorted.
    Chuhan(Vec<(u64, u16, u16)>),
    /// (lock, ElephantEye move code, weight), sorted by lock.
    ElephantEye(Vec<(u32, u16, u16)>),
}

/// An opening book held in memory.
#[derive(Clone, Debug)]
pub struct Book {
    entries: Entries,
}

/// A small seedable random generator (xorshift64*) for choosing book moves.
#[derive(Clone, Debug)]
pub struct BookRng(u64);

impl BookRng {
    /// A generator from `seed` (any value, including 0).
    pub fn new(seed: u64) -> BookRng {
        BookRng(seed ^ 0x2545_F491_4F6C_DD1D | 1)
    }

    /// A generator seeded from the clock.
    pub fn from_time() -> BookRng {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0x1234_5678);
        BookRng::new(nanos ^ (std::process::id() as u64) << 32)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A uniform number in `[0, 1)`.
    pub fn next_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

impl Book {
    /// Reads a book file, telling Chuhan's format from ElephantEye's by its content.
    pub fn open(path: impl AsRef<Path>) -> Result<Book, BookError> {
        let path = path.as_ref();
        let io_err = |e: std::io::Error| {
            if e.kind() == std::io::ErrorKind::NotFound {
                BookError::NotFound(path.to_path_buf())
            } else {
                BookError::Io(path.to_path_buf(), e)
            }
        };
        // The size is checked while reading, not from the metadata: devices and pipes report
        // a length of 0 and may never end.
        let too_large = || BookError::TooLarge(path.to_path_buf());
        if std::fs::metadata(path).map_err(io_err)?.len() > MAX_FILE_LEN {
            return Err(too_large());
        }
        let file = std::fs::File::open(path).map_err(io_err)?;
        let mut bytes = Vec::new();
        file.take(MAX_FILE_LEN + 1)
            .read_to_end(&mut bytes)
            .map_err(io_err)?;
        if bytes.len() as u64 > MAX_FILE_LEN {
            return Err(too_large());
        }
        Book::from_bytes(&bytes).map_err(|e| e.with_path(path))
    }

    /// Reads a book from memory (the path in errors is empty).
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        if bytes.len() >= MAGIC.len() && &bytes[..MAGIC.len()] == MAGIC {
            return read_chuhan(bytes);
        }
        if let Some(entries) = read_eleeye(bytes) {
            return Ok(Book {
                entries: Entries::ElephantEye(entries),
            });
        }
        Err(BookError::BadMagic(PathBuf::new()))
    }

    /// A book in Chuhan's format from (normalized key, move code, weight) entries.
    pub(crate) fn from_chuhan_entries(mut entries: Vec<(u64, u16, u16)>) -> Book {
        entries.sort();
        Book {
            entries: Entries::Chuhan(entries),
        }
    }

    /// The book file Chuhan uses when none is configured: `chuhan.book` next to the executable
    /// (or in a `book/` folder there), else the crate's `book/chuhan.book` (the source tree this
    /// binary was built from). `None` if none of these exists.
    pub fn default_path() -> Option<PathBuf> {
        Book::default_candidates().into_iter().find(|p| p.is_file())
    }

    /// The places [`Book::default_path`] looks, in order.
    pub fn default_candidates() -> Vec<PathBuf> {
        let mut v = Vec::new();
        if let Some(dir) = std::env::current_exe()
            .ok()
            .and_then(|p| p.parent().map(Path::to_path_buf))
        {
            v.push(dir.join("chuhan.book"));
            v.push(dir.join("book").join("chuhan.book"));
        }
        v.push(
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("book")
                .join("chuhan.book"),
        );
        v
    }

    /// The format the book was read in.
    pub fn format(&self) -> BookFormat {
        match self.entries {
            Entries::Chuhan(_) => BookFormat::Chuhan,
            Entries::ElephantEye(_) => BookFormat::ElephantEye,
        }
    }

    /// Number of (position, move) entries.
    pub fn len(&self) -> usize {
        match &self.entries {
            Entries::Chuhan(e) => e.len(),
            Entries::ElephantEye(e) => e.len(),
        }
    }

    /// Whether the book has no entries.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Number of distinct stored positions.
    pub fn positions(&self) -> usize {
        fn distinct<K: PartialEq + Copy>(keys: impl Iterator<Item = K>) -> usize {
            let mut last = None;
            let mut n = 0;
            for k in keys {
                if last != Some(k) {
                    n += 1;
                    last = Some(k);
                }
            }
            n
        }
        match &self.entries {
            Entries::Chuhan(e) => distinct(e.iter().map(|x| x.0)),
            Entries::ElephantEye(e) => distinct(e.iter().map(|x| x.0)),
        }
    }

    /// The book moves for `pos` (legal moves only), heaviest first; empty if the position (or
    /// its mirror image) is not in the book.
    pub fn probe(&self, pos: &Position) -> Vec<BookMove> {
        let legal = movegen::legal_moves(pos);
        let mut out: Vec<BookMove> = Vec::new();
        let mut add = |mv: Move, weight: u16| {
            if legal.contains(&mv) && !out.iter().any(|b| b.mv == mv) {
                out.push(BookMove { mv, weight });
            }
        };
        match &self.entries {
            Entries::Chuhan(e) => {
                let (k, mirrored) = key::normalized(pos);
                for &(_, code, weight) in range(e, |x| x.0, k) {
                    if let Some(mv) = Move::from_u16(code) {
                        add(key::orient(mv, mirrored), weight);
                    }
                }
            }
            Entries::ElephantEye(e) => {
                let (k, m) = eleeye::locks(pos);
                let mut found = range(e, |x| x.0, k);
                let mut mirrored = false;
                if found.is_empty() {
                    found = range(e, |x| x.0, m);
                    mirrored = true;
                }
                for &(_, code, weight) in found {
                    if let Some(mv) = eleeye::move_from_ee(code) {
                        add(key::orient(mv, mirrored), weight);
                    }
                }
            }
        }
        out.sort_by_key(|b| std::cmp::Reverse(b.weight));
        out
    }

    /// Chooses a book move for `pos` at random in proportion to weight, or `None` if the
    /// position is not in the book.
    ///
    /// `randomness` reshapes the weights: each weight `w` counts as `w^(1/(1+r))` with `r`
    /// clamped to `[-0.9, 100]`. `0` follows the book's weights, larger values flatten them
    /// towards a uniform choice, negative values sharpen them towards the heaviest move.
    ///
    /// Never returns a move that would make a position occur for the third time in the game
    /// (the history kept by `pos`), nor a move of weight 0.
    pub fn pick(&self, pos: &Position, rng: &mut BookRng, randomness: f64) -> Option<BookMove> {
        self.pick_excluding(pos, rng, randomness, &[])
    }

    /// [`Book::pick`] among the book moves that are not in `excluded` (UCCI `banmoves`): a
    /// banned book move leaves the choice to the other book moves of the position.
    pub fn pick_excluding(
        &self,
        pos: &Position,
        rng: &mut BookRng,
        randomness: f64,
        excluded: &[Move],
    ) -> Option<BookMove> {
        let r = if randomness.is_finite() {
            randomness.clamp(-0.9, 100.0)
        } else {
            0.0
        };
        let exponent = 1.0 / (1.0 + r);
        let mut scratch = pos.clone();
        let candidates: Vec<(BookMove, f64)> = self
            .probe(pos)
            .into_iter()
            .filter(|b| b.weight > 0 && !excluded.contains(&b.mv))
            .filter(|b| !repeats_third_time(&mut scratch, b.mv))
            .map(|b| (b, f64::from(b.weight).powf(exponent)))
            .collect();
        let total: f64 = candidates.iter().map(|c| c.1).sum();
        if candidates.is_empty() || total <= 0.0 || !total.is_finite() {
            return None;
        }
        let mut x = rng.next_f64() * total;
        for &(b, w) in &candidates {
            if x < w {
                return Some(b);
            }
            x -= w;
        }
        candidates.last().map(|c| c.0)
    }

    /// Serializes the book in Chuhan's format; `None` for an ElephantEye book (its keys cannot
    /// be converted without the positions).
    pub fn to_chuhan_bytes(&self) -> Option<Vec<u8>> {
        let Entries::Chuhan(e) = &self.entries else {
            return None;
        };
        let mut out = Vec::with_capacity(HEADER_LEN + e.len() * ENTRY_LEN);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&0u16.to_le_bytes());
        out.extend_from_slice(&(e.len() as u32).to_le_bytes());
        for &(k, mv, w) in e {
            out.extend_from_slice(&k.to_le_bytes());
            out.extend_from_slice(&mv.to_le_bytes());
            out.extend_from_slice(&w.to_le_bytes());
        }
        Some(out)
    }
}

impl BookError {
    fn with_path(self, path: &Path) -> BookError {
        let p = path.to_path_buf();
        match self {
            BookError::BadMagic(_) => BookError::BadMagic(p),
            BookError::Truncated {
                expected, actual, ..
            } => BookError::Truncated {
                path: p,
                expected,
                actual,
            },
            BookError::UnsupportedVersion(_, v) => BookError::UnsupportedVersion(p, v),
            BookError::Corrupt(_, why) => BookError::Corrupt(p, why),
            other => other,
        }
    }
}

/// Whether playing `mv` in `pos` reaches a position that already occurred twice in its history.
fn repeats_third_time(pos: &mut Position, mv: Move) -> bool {
    pos.make_move(mv);
    let key = pos.key();
    let seen = pos.history().iter().filter(|s| s.key == key).count();
    pos.unmake_move();
    seen >= 2
}

/// The run of entries whose key is `k` (binary search on sorted entries).
fn range<T, K: Ord + Copy>(entries: &[T], key_of: impl Fn(&T) -> K, k: K) -> &[T] {
    let lo = entries.partition_point(|x| key_of(x) < k);
    let hi = entries.partition_point(|x| key_of(x) <= k);
    &entries[lo..hi.max(lo)]
}

fn u16_at(b: &[u8], i: usize) -> u16 {
    u16::from_le_bytes([b[i], b[i + 1]])
}

fn u32_at(b: &[u8], i: usize) -> u32 {
    u32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]])
}

fn u64_at(b: &[u8], i: usize) -> u64 {
    u64::from(u32_at(b, i)) | u64::from(u32_at(b, i + 4)) << 32
}

fn read_chuhan(bytes: &[u8]) -> Result<Book, BookError> {
    let corrupt = |why: String| BookError::Corrupt(PathBuf::new(), why);
    if bytes.len() < HEADER_LEN {
        return Err(BookError::Truncated {
            path: PathBuf::new(),
            expected: HEADER_LEN as u64,
            actual: bytes.len() as u64,
        });
    }
    let version = u16_at(bytes, 8);
    if version != VERSION {
        return Err(BookError::UnsupportedVersion(PathBuf::new(), version));
    }
    let count = u32_at(bytes, 12) as u64;
    let expected = HEADER_LEN as u64 + count * ENTRY_LEN as u64;
    let actual = bytes.len() as u64;
    if actual < expected {
        return Err(BookError::Truncated {
            path: PathBuf::new(),
            expected,
            actual,
        });
    }
    if actual > expected {
        return Err(corrupt(format!(
            "{} bytes after the last of {count} entries",
            actual - expected
        )));
    }
    let mut entries = Vec::with_capacity(count as usize);
    for (i, rec) in bytes[HEADER_LEN..].chunks_exact(ENTRY_LEN).enumerate() {
        let entry = (u64_at(rec, 0), u16_at(rec, 8), u16_at(rec, 10));
        if Move::from_u16(entry.1).is_none() {
            return Err(corrupt(format!("entry {i} has an invalid move code")));
        }
        if entries.last().is_some_and(|last| *last > entry) {
            return Err(corrupt(format!("entry {i} is out of order")));
        }
        entries.push(entry);
    }
    Ok(Book {
        entries: Entries::Chuhan(entries),
    })
}

/// ElephantEye records if `bytes` has their structure (see the module docs).
fn read_eleeye(bytes: &[u8]) -> Option<Vec<(u32, u16, u16)>> {
    if bytes.is_empty() || bytes.len() % 8 != 0 {
        return None;
    }
    let mut entries: Vec<(u32, u16, u16)> = Vec::with_capacity(bytes.len() / 8);
    for rec in bytes.chunks_exact(8) {
        let entry = (u32_at(rec, 0), u16_at(rec, 4), u16_at(rec, 6));
        eleeye::move_from_ee(entry.1)?;
        if entries.last().is_some_and(|last| last.0 > entry.0) {
            return None;
        }
        entries.push(entry);
    }
    Some(entries)
}
