//! The transposition table: buckets of lock-free entries shared by all search threads.
//!
//! Each entry is two `AtomicU64`s: the data word and the key XOR the data. A reader accepts an
//! entry only when `stored_key ^ data == key`, so a torn write (one word from one writer, one
//! from another) is rejected instead of returning a mixed entry. All accesses are `Relaxed`.

use super::{Bound, Score, MATE_BOUND};
use crate::types::Move;
use std::sync::atomic::{AtomicU64, Ordering};

const ENTRIES_PER_BUCKET: usize = 4;
const ENTRY_BYTES: usize = 16;

/// A decoded table entry.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TtEntry {
    /// Best or refuting move.
    pub mv: Option<Move>,
    /// Score, adjusted to be relative to the probing node (see [`score_from_tt`]).
    pub score: Score,
    /// Static evaluation of the position.
    pub eval: Score,
    /// Search depth.
    pub depth: i32,
    /// Bound type.
    pub bound: Bound,
}

#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// Four slots, 64 bytes. Deliberately not `repr(align(64))`: with the default alignment the
/// zeroed allocation goes through `calloc`, whose fresh pages the OS zeroes lazily, while an
/// over-aligned zeroed allocation is memset eagerly (seconds for a 4 GB table).
#[derive(Default)]
struct Bucket {
    slots: [Slot; ENTRIES_PER_BUCKET],
}

/// `n` zeroed buckets from the allocator, or `None` if it has no memory.
fn zeroed_buckets(n: usize) -> Option<Box<[Bucket]>> {
    let layout = std::alloc::Layout::array::<Bucket>(n).ok()?;
    if layout.size() == 0 {
        return None;
    }
    // SAFETY: `Bucket` consists only of `AtomicU64`s, for which all-zero bytes are a valid
    // value (an empty slot). The layout has a non-zero size, and the pointer, when not null,
    // comes from the global allocator with exactly the layout of `[Bucket; n]`, which is what
    // `Box<[Bucket]>` frees it with. Zeroed allocation lets the OS hand out zero pages lazily,
    // so a 4 GB table costs nothing until it is used.
    unsafe {
        let ptr = std::alloc::alloc_zeroed(layout).cast::<Bucket>();
        if ptr.is_null() {
            return None;
        }
        Some(Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, n)))
    }
}

/// Data word layout: move 16 | score 16 | eval 16 | depth 8 | bound 2 | age 6.
#[inline]
fn pack(mv: Option<Move>, score: Score, eval: Score, depth: i32, bound: Bound, age: u8) -> u64 {
    let m = mv.map_or(0, Move::to_u16) as u64;
    let s = (score.clamp(-32_000, 32_000) as i16) as u16 as u64;
    let e = (eval.clamp(-32_000, 32_000) as i16) as u16 as u64;
    let d = depth.clamp(0, 255) as u64;
    let b = match bound {
        Bound::Exact => 1u64,
        Bound::Lower => 2,
        Bound::Upper => 3,
    };
    m | (s << 16) | (e << 32) | (d << 48) | (b << 56) | (((age & 63) as u64) << 58)
}

#[inline]
fn unpack(d: u64) -> Option<(TtEntry, u8)> {
    let bound = match (d >> 56) & 3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        3 => Bound::Upper,
        _ => return None,
    };
    Some((
        TtEntry {
            mv: Move::from_u16(d as u16),
            score: (d >> 16) as u16 as i16 as Score,
            eval: (d >> 32) as u16 as i16 as Score,
            depth: ((d >> 48) & 0xff) as i32,
            bound,
        },
        (d >> 58) as u8 & 63,
    ))
}

/// Converts a score to its stored form: mate scores count from the node, not the root.
#[inline]
pub fn score_to_tt(score: Score, ply: usize) -> Score {
    if score > MATE_BOUND {
        score + ply as Score
    } else if score < -MATE_BOUND {
        score - ply as Score
    } else {
        score
    }
}

/// Converts a stored score back to a score relative to the root at `ply`.
#[inline]
pub fn score_from_tt(score: Score, ply: usize) -> Score {
    if score > MATE_BOUND {
        score - ply as Score
    } else if score < -MATE_BOUND {
        score + ply as Score
    } else {
        score
    }
}

/// The shared hash table.
pub struct TranspositionTable {
    buckets: Box<[Bucket]>,
    age: u8,
}

impl TranspositionTable {
    /// A table of about `mb` megabytes (at least one bucket). If the memory cannot be had,
    /// the size is halved until it can.
    pub fn new(mb: usize) -> TranspositionTable {
        let bytes = mb.clamp(1, 4096) * 1024 * 1024;
        let mut n = (bytes / (ENTRY_BYTES * ENTRIES_PER_BUCKET)).max(1);
        loop {
            if let Some(buckets) = zeroed_buckets(n) {
                return TranspositionTable { buckets, age: 0 };
            }
            if n == 1 {
                // Even one bucket failed: let the allocator report the failure.
                let mut v = Vec::new();
                v.resize_with(1, Bucket::default);
                return TranspositionTable {
                    buckets: v.into_boxed_slice(),
                    age: 0,
                };
            }
            n /= 2;
        }
    }

    /// Empties the table (by allocating a fresh zeroed one, which the OS provides lazily).
    pub fn clear(&mut self) {
        let n = self.buckets.len();
        self.buckets = Box::new([]);
        *self = match zeroed_buckets(n) {
            Some(buckets) => TranspositionTable { buckets, age: 0 },
            None => TranspositionTable::new((n * ENTRY_BYTES * ENTRIES_PER_BUCKET) >> 20),
        };
    }

    /// Starts a new search: entries of older searches become preferred victims.
    pub fn new_search(&mut self) {
        self.age = (self.age + 1) & 63;
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        let i = ((key as u128 * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[i.min(self.buckets.len() - 1)]
    }

    /// Asks the processor to start loading `key`'s bucket into the cache, so that the probe
    /// after the move is made finds it there instead of waiting for memory. A hint only: it
    /// changes no result, and it does nothing on processors other than x86-64.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let bucket: *const Bucket = self.bucket(key);
            // SAFETY: SSE is part of every x86-64 processor, and a prefetch never faults; the
            // pointer is a live bucket of the table in any case.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(bucket.cast::<i8>()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// Looks `key` up.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<TtEntry> {
        for s in &self.bucket(key).slots {
            let data = s.data.load(Ordering::Relaxed);
            let check = s.check.load(Ordering::Relaxed);
            if check ^ data == key && data != 0 {
                return unpack(data).map(|(e, _)| e);
            }
        }
        None
    }

    /// Stores an entry for `key`. A move of `None` keeps the move already stored for the key.
    #[inline]
    pub fn store(
        &self,
        key: u64,
        mv: Option<Move>,
        score: Score,
        eval: Score,
        depth: i32,
        bound: Bound,
    ) {
        let bucket = self.bucket(key);
        let mut victim = 0;
        let mut victim_value = i32::MAX;
        for (i, s) in bucket.slots.iter().enumerate() {
            let data = s.data.load(Ordering::Relaxed);
            let check = s.check.load(Ordering::Relaxed);
            if data == 0 {
                victim = i;
                break;
            }
            if check ^ data == key {
                let Some((old, _)) = unpack(data) else {
                    victim = i;
                    break;
                };
                // Keep a deeper exact entry of the same position unless this one is exact.
                if bound != Bound::Exact && old.depth > depth + 3 && old.bound == Bound::Exact {
                    return;
                }
                let mv = mv.or(old.mv);
                let d = pack(mv, score, eval, depth, bound, self.age);
                s.data.store(d, Ordering::Relaxed);
                s.check.store(key ^ d, Ordering::Relaxed);
                return;
            }
            let (depth_old, age_old) = unpack(data).map_or((0, 0), |(e, a)| (e.depth, a));
            let age_diff = ((self.age as i32 - age_old as i32) & 63) * 8;
            let value = depth_old - age_diff;
            if value < victim_value {
                victim_value = value;
                victim = i;
            }
        }
        let d = pack(mv, score, eval, depth, bound, self.age);
        let s = &bucket.slots[victim];
        s.data.store(d, Ordering::Relaxed);
        s.check.store(key ^ d, Ordering::Relaxed);
    }

    /// Permille of sampled entries written during the current search.
    pub fn hashfull(&self) -> u32 {
        let n = self.buckets.len().min(250);
        let mut used = 0;
        for b in &self.buckets[..n] {
            for s in &b.slots {
                let d = s.data.load(Ordering::Relaxed);
                if d != 0 && unpack(d).is_some_and(|(_, a)| a == self.age) {
                    used += 1;
                }
            }
        }
        (used * 1000 / (n * ENTRIES_PER_BUCKET).max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Square;

    #[test]
    fn store_and_probe_round_trip() {
        let tt = TranspositionTable::new(1);
        let mv = Move::new(Square::H2, Square::E2);
        tt.store(0x1234_5678_9abc_def0, Some(mv), -123, 45, 7, Bound::Lower);
        let e = tt.probe(0x1234_5678_9abc_def0);
        assert_eq!(
            e,
            Some(TtEntry {
                mv: Some(mv),
                score: -123,
                eval: 45,
                depth: 7,
                bound: Bound::Lower
            })
        );
        assert_eq!(tt.probe(0x1234_5678_9abc_def1), None);
    }

    /// What the hammer test stores for `key`: every field derived from the key, so an entry
    /// mixing two writes cannot pass for either.
    fn expected(key: u64) -> TtEntry {
        TtEntry {
            mv: None,
            score: (key % 20_000) as Score - 10_000,
            eval: ((key >> 16) % 20_000) as Score - 10_000,
            depth: ((key >> 32) % 200) as i32,
            bound: [Bound::Exact, Bound::Lower, Bound::Upper][((key >> 8) % 3) as usize],
        }
    }

    /// Several threads store and probe keys that all fall into a handful of buckets. Every
    /// probe must return nothing or the entry stored for that very key (never one mixed from
    /// two writes), and afterwards every slot whose words decode to one of the keys holds that
    /// key's entry.
    #[test]
    fn concurrent_writes_never_yield_torn_entries() {
        const THREADS: u64 = 4;
        const KEYS: u64 = 16;
        const ROUNDS: u64 = 500_000;
        let tt = TranspositionTable::new(1);
        // The top bits choose the bucket: keys differing only below bit 50 share one bucket.
        let key = |i: u64| (i + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 14;
        let keys: Vec<u64> = (0..KEYS).map(key).collect();
        let buckets: std::collections::HashSet<usize> = keys
            .iter()
            .map(|&k| std::ptr::from_ref(tt.bucket(k)) as usize)
            .collect();
        assert_eq!(buckets.len(), 1);
        let bad = AtomicU64::new(0);
        std::thread::scope(|scope| {
            for t in 0..THREADS {
                let (tt, keys, bad) = (&tt, &keys, &bad);
                scope.spawn(move || {
                    for r in 0..ROUNDS {
                        let k = keys[((r * 7 + t * 13) % KEYS) as usize];
                        let e = expected(k);
                        tt.store(k, e.mv, e.score, e.eval, e.depth, e.bound);
                        let k2 = keys[((r * 11 + t * 5 + 3) % KEYS) as usize];
                        if tt.probe(k2).is_some_and(|got| got != expected(k2)) {
                            bad.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                });
            }
        });
        assert_eq!(
            bad.load(Ordering::Relaxed),
            0,
            "torn entries returned by probe"
        );
        let mut found = 0;
        for &k in &keys {
            if let Some(got) = tt.probe(k) {
                assert_eq!(got, expected(k), "key {k:#x}");
                found += 1;
            }
        }
        for b in tt.buckets.iter() {
            for s in &b.slots {
                let (data, check) = (
                    s.data.load(Ordering::Relaxed),
                    s.check.load(Ordering::Relaxed),
                );
                let k = check ^ data;
                if data != 0 && keys.contains(&k) {
                    assert_eq!(
                        unpack(data).map(|(e, _)| e),
                        Some(expected(k)),
                        "slot of {k:#x}"
                    );
                }
            }
        }
        assert!(found >= 2, "only {found} keys found after the hammer");
    }

    #[test]
    fn mate_scores_adjust_by_ply() {
        let s = super::super::MATE - 10;
        assert_eq!(score_from_tt(score_to_tt(s, 4), 4), s);
        assert_eq!(score_from_tt(score_to_tt(s, 4), 6), s - 2);
        assert_eq!(score_from_tt(score_to_tt(-s, 3), 3), -s);
    }

    #[test]
    fn hashfull_and_clear() {
        let mut tt = TranspositionTable::new(1);
        for k in 0..100_000u64 {
            tt.store(
                k.wrapping_mul(0x9E37_79B9_7F4A_7C15),
                None,
                0,
                0,
                1,
                Bound::Exact,
            );
        }
        assert!(tt.hashfull() > 500);
        tt.clear();
        assert_eq!(tt.hashfull(), 0);
    }
}
