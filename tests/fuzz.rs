//! Fuzzing on stable Rust: a small generator and mutator drive the targets of
//! `tests/fuzz/targets.rs`.
//!
//! The default test run does a quick pass of each target (a few seconds in all). The long runs
//! are ignored; run one with its budget in inputs and/or seconds:
//!
//! ```text
//! CHUHAN_FUZZ_INPUTS=1000000 CHUHAN_FUZZ_SECS=600 \
//!     cargo test --release --test fuzz -- --ignored --nocapture fen_long
//! ```
//!
//! `CHUHAN_FUZZ_SEED` changes the random stream. A failing input is written to
//! `target/fuzz-failures/<target>-<n>.bin`; replay it with
//! `CHUHAN_FUZZ_REPLAY=<file> cargo test --release --test fuzz -- --ignored replay_<target>`.

#[path = "fuzz/targets.rs"]
mod targets;

use chuhan::board::Position;
use chuhan::movegen::legal_moves;
use chuhan::notation::{to_chinese, to_wxf};
use chuhan::types::{Move, Square};
use std::time::{Duration, Instant};
use targets::Bytes;

/// SplitMix64: small, fast, good enough to pick mutations.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn chance(&mut self, one_in: usize) -> bool {
        self.below(one_in) == 0
    }
    fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next() as u8).collect()
    }
}

/// Applies one to eight random edits to `data`: flip, set, insert, delete, duplicate, splice
/// from another seed, or insert a dictionary token.
fn mutate(rng: &mut Rng, data: &mut Vec<u8>, seeds: &[Vec<u8>], dict: &[&str]) {
    let edits = 1 + rng.below(8) * usize::from(rng.chance(3));
    for _ in 0..edits {
        let len = data.len();
        match rng.below(8) {
            0 if len > 0 => {
                let i = rng.below(len);
                data[i] ^= 1 << rng.below(8);
            }
            1 if len > 0 => {
                let i = rng.below(len);
                data[i] = [0, 0xff, b' ', b'/', b'0', b'9', 0x80, rng.next() as u8][rng.below(8)];
            }
            2 => {
                let i = rng.below(len + 1);
                let n = 1 + rng.below(4);
                let ins = rng.bytes(n);
                data.splice(i..i, ins);
            }
            3 if len > 0 => {
                let i = rng.below(len);
                let n = 1 + rng.below((len - i).min(16));
                data.drain(i..i + n);
            }
            4 if len > 0 => {
                let i = rng.below(len);
                let n = 1 + rng.below((len - i).min(16));
                let copy = data[i..i + n].to_vec();
                let at = rng.below(len + 1);
                data.splice(at..at, copy);
            }
            5 if !seeds.is_empty() => {
                let other = &seeds[rng.below(seeds.len())];
                if !other.is_empty() {
                    let i = rng.below(other.len());
                    let n = 1 + rng.below((other.len() - i).min(32));
                    let at = rng.below(len + 1);
                    let end = (at + n).min(len);
                    data.splice(at..end, other[i..i + n].iter().copied());
                }
            }
            6 if !dict.is_empty() => {
                let tok = dict[rng.below(dict.len())].as_bytes();
                let at = rng.below(len + 1);
                if rng.chance(2) && at < len {
                    let end = (at + tok.len()).min(len);
                    data.splice(at..end, tok.iter().copied());
                } else {
                    data.splice(at..at, tok.iter().copied());
                }
            }
            _ if len > 1 && rng.chance(4) => data.truncate(rng.below(len)),
            _ => {}
        }
    }
}

/// How long and how many inputs a run may take, and its seed.
struct Budget {
    inputs: u64,
    time: Duration,
    seed: u64,
}

fn env_u64(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|v| v.trim().parse().ok())
}

impl Budget {
    fn quick(inputs: u64) -> Budget {
        Budget {
            inputs,
            time: Duration::from_secs(3600),
            seed: env_u64("CHUHAN_FUZZ_SEED").unwrap_or(1),
        }
    }
    /// The long run: `CHUHAN_FUZZ_INPUTS` (default one million) and `CHUHAN_FUZZ_SECS`
    /// (default 600), whichever ends first.
    fn long() -> Budget {
        Budget {
            inputs: env_u64("CHUHAN_FUZZ_INPUTS").unwrap_or(1_000_000),
            time: Duration::from_secs(env_u64("CHUHAN_FUZZ_SECS").unwrap_or(600)),
            seed: env_u64("CHUHAN_FUZZ_SEED").unwrap_or_else(|| {
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(7, |d| d.as_secs())
            }),
        }
    }
}

/// Runs `target` on inputs from `generate` until the budget is spent; a panicking input is
/// saved and the run fails. Returns the number of inputs run.
fn drive(
    name: &str,
    budget: &Budget,
    target: fn(&[u8]) -> bool,
    mut generate: impl FnMut(&mut Rng) -> Vec<u8>,
) -> u64 {
    let mut rng = Rng(budget.seed ^ 0x5eed);
    let start = Instant::now();
    let (mut n, mut accepted) = (0, 0);
    while n < budget.inputs && start.elapsed() < budget.time {
        let input = generate(&mut rng);
        n += 1;
        let result = std::panic::catch_unwind(|| target(&input));
        accepted += u64::from(matches!(result, Ok(true)));
        if result.is_err() {
            let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
                .parent()
                .map_or_else(|| "fuzz-failures".into(), |t| t.join("fuzz-failures"));
            let _ = std::fs::create_dir_all(&dir);
            let file = dir.join(format!("{name}-{n}.bin"));
            let _ = std::fs::write(&file, &input);
            panic!(
                "fuzz target {name} failed on input {n} (seed {}), saved to {}",
                budget.seed,
                file.display()
            );
        }
    }
    println!(
        "fuzz {name}: {n} inputs ({accepted} accepted) in {:.1} s, 0 failures (seed {})",
        start.elapsed().as_secs_f64(),
        budget.seed
    );
    n
}

/// Mutates a random seed (or, now and then, starts from random bytes).
fn from_seeds<'a>(
    seeds: &'a [Vec<u8>],
    dict: &'a [&'a str],
    max_len: usize,
) -> impl FnMut(&mut Rng) -> Vec<u8> + 'a {
    move |rng| {
        let mut data = if rng.chance(16) {
            let n = rng.below(max_len.min(128));
            rng.bytes(n)
        } else {
            seeds[rng.below(seeds.len())].clone()
        };
        mutate(rng, &mut data, seeds, dict);
        data.truncate(max_len);
        data
    }
}

// ---------------------------------------------------------------------------------------------
// FEN

const FEN_DICT: &[&str] = &[
    "/",
    "9",
    "1",
    "k",
    "K",
    "a",
    "A",
    "b",
    "B",
    "e",
    "E",
    "n",
    "N",
    "h",
    "H",
    "r",
    "R",
    "c",
    "C",
    "p",
    "P",
    " w",
    " b",
    " r",
    " - - 0 1",
    " ",
    "4k4",
    "3K5",
    "0",
    "99999999999",
    "-1",
];

fn fen_seeds() -> Vec<Vec<u8>> {
    let mut v: Vec<Vec<u8>> = targets::all_fens()
        .iter()
        .map(|f| f.as_bytes().to_vec())
        .collect();
    // Positions from random games add variety (checks, captures, few pieces).
    let mut rng = Rng(3);
    for _ in 0..40 {
        let mut pos = Position::startpos();
        for _ in 0..rng.below(200) {
            let moves = legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            pos.make_move(moves[rng.below(moves.len())]);
        }
        v.push(pos.to_fen().into_bytes());
    }
    v
}

/// Moves, adds, removes or swaps pieces on the board of a FEN (keeps its syntax valid, so
/// that the position checks and the move generator are what gets exercised).
fn mutate_board(rng: &mut Rng, fen: &[u8]) -> Vec<u8> {
    let text = String::from_utf8_lossy(fen);
    let (board, rest) = text.split_once(' ').unwrap_or((&text, "w"));
    let mut cells: Vec<u8> = Vec::new();
    for c in board.bytes() {
        match c {
            b'1'..=b'9' => cells.extend(std::iter::repeat(b'.').take(usize::from(c - b'0'))),
            b'/' => {}
            c => cells.push(c),
        }
    }
    if cells.len() != 90 {
        return fen.to_vec();
    }
    for _ in 0..1 + rng.below(3) {
        let (i, j) = (rng.below(90), rng.below(90));
        match rng.below(4) {
            0 => cells.swap(i, j),
            1 => {
                cells[j] = cells[i];
                cells[i] = b'.';
            }
            2 => cells[i] = b"kKaAbBnNrRcCpP."[rng.below(15)],
            _ => cells[i] = b'.',
        }
    }
    let mut out = String::new();
    for (r, rank) in cells.chunks(9).enumerate() {
        if r > 0 {
            out.push('/');
        }
        let mut empty = 0;
        for &c in rank {
            if c == b'.' {
                empty += 1;
            } else {
                if empty > 0 {
                    out.push(char::from(b'0' + empty));
                    empty = 0;
                }
                out.push(char::from(c));
            }
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
    }
    let side = if rng.chance(2) { " w" } else { " b" };
    let rest = rest.split_once(' ').map_or("", |r| r.1);
    format!("{out}{side} {rest}").into_bytes()
}

fn run_fen(budget: &Budget) -> u64 {
    let seeds = fen_seeds();
    let mut bytes = from_seeds(&seeds, FEN_DICT, 200);
    let seeds2 = seeds.clone();
    drive("fen", budget, targets::fen, move |rng| {
        if rng.chance(2) {
            let seed = &seeds2[rng.below(seeds2.len())];
            mutate_board(rng, seed)
        } else {
            bytes(rng)
        }
    })
}

#[test]
fn fen_quick() {
    run_fen(&Budget::quick(20_000));
}

#[test]
#[ignore = "long fuzz run: CHUHAN_FUZZ_INPUTS / CHUHAN_FUZZ_SECS"]
fn fen_long() {
    run_fen(&Budget::long());
}

// ---------------------------------------------------------------------------------------------
// Move notation

const NOTATION_DICT: &[&str] = &[
    "车", "車", "马", "馬", "炮", "砲", "相", "象", "仕", "士", "帅", "将", "兵", "卒", "前", "中",
    "后", "後", "一", "二", "三", "四", "五", "六", "七", "八", "九", "１", "２", "９", "1", "5",
    "9", "0", "进", "進", "退", "平", "+", "-", ".", "=", "R", "H", "N", "C", "E", "B", "A", "K",
    "P", "a", "e", "i", "h2e2", " ", "Ｃ", "．",
];

/// Input layout of the notation target: position bytes (see [`targets::position_from`]),
/// then the text. The text is a real move of that position, written in one notation and
/// then mutated.
fn notation_input(rng: &mut Rng) -> Vec<u8> {
    let mut head = rng.bytes(2 + 2 * 64);
    head[1] %= 24;
    let (pos, _, moves) = targets::position_from(&mut Bytes::new(&head));
    head.truncate(2 + 2 * moves.len());
    let legal = legal_moves(&pos);
    let mut text = if legal.is_empty() || rng.chance(10) {
        let from = Square::new(rng.below(90) as u8).unwrap_or(Square::A0);
        let to = Square::new(rng.below(90) as u8).unwrap_or(Square::A0);
        Move::new(from, to).to_string()
    } else {
        let mv = legal[rng.below(legal.len())];
        match rng.below(3) {
            0 => to_chinese(&pos, mv),
            1 => to_wxf(&pos, mv),
            _ => mv.to_string(),
        }
    }
    .into_bytes();
    if rng.chance(8) {
        mutate(rng, &mut text, &[], NOTATION_DICT);
    } else if !rng.chance(6) {
        // Mostly whole-character edits, so the text stays (mostly) valid UTF-8.
        let mut chars: Vec<String> = String::from_utf8_lossy(&text)
            .chars()
            .map(String::from)
            .collect();
        for _ in 0..1 + rng.below(3) * usize::from(rng.chance(3)) {
            let tok = NOTATION_DICT[rng.below(NOTATION_DICT.len())].to_string();
            let i = rng.below(chars.len() + 1);
            match rng.below(3) {
                0 if i < chars.len() => chars[i] = tok,
                1 if i < chars.len() => {
                    chars.remove(i);
                }
                _ => chars.insert(i, tok),
            }
        }
        text = chars.concat().into_bytes();
    }
    head.extend_from_slice(&text);
    head
}

fn run_notation(budget: &Budget) -> u64 {
    drive("notation", budget, targets::notation, notation_input)
}

#[test]
fn notation_quick() {
    run_notation(&Budget::quick(10_000));
}

#[test]
#[ignore = "long fuzz run: CHUHAN_FUZZ_INPUTS / CHUHAN_FUZZ_SECS"]
fn notation_long() {
    run_notation(&Budget::long());
}

// ---------------------------------------------------------------------------------------------
// Book files

fn book_seeds() -> Vec<Vec<u8>> {
    let shipped = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/book/chuhan.book"))
        .expect("the shipped book");
    // Small Chuhan books: the header and a window of the shipped entries.
    let mut v = vec![shipped.clone()];
    let entries = (shipped.len() - 16) / 12;
    for start in [0, entries / 3, entries / 2, entries.saturating_sub(20)] {
        let n = 20.min(entries - start);
        let mut b = shipped[..16].to_vec();
        b[12..16].copy_from_slice(&(n as u32).to_le_bytes());
        b.extend_from_slice(&shipped[16 + 12 * start..16 + 12 * (start + n)]);
        v.push(b);
    }
    v.push(targets::eleeye_seed());
    v
}

/// Keeps a mutated Chuhan book's entry count consistent with its length now and then, so that
/// the entry checks (move codes, order) are reached and not only the length check.
fn fix_count(rng: &mut Rng, data: &mut [u8]) {
    if data.starts_with(b"CHUHANBK") && data.len() >= 16 && rng.chance(2) {
        data[8..10].copy_from_slice(&1u16.to_le_bytes());
        let count = ((data.len() - 16) / 12) as u32;
        data[12..16].copy_from_slice(&count.to_le_bytes());
    }
}

/// Rewrites whole entries of a valid book (move, weight, key) and keeps it sorted, so that
/// well-formed books with wrong or strange moves reach the probe.
fn mutate_entries(rng: &mut Rng, seed: &[u8]) -> Vec<u8> {
    let chuhan = seed.starts_with(b"CHUHANBK");
    let (head, size) = if chuhan { (16, 12) } else { (0, 8) };
    let mut entries: Vec<Vec<u8>> = seed[head..].chunks(size).map(<[u8]>::to_vec).collect();
    if entries.is_empty() {
        return seed.to_vec();
    }
    for _ in 0..1 + rng.below(4) {
        let i = rng.below(entries.len());
        let mv = Move::new(
            Square::new(rng.below(90) as u8).unwrap_or(Square::A0),
            Square::new(rng.below(90) as u8).unwrap_or(Square::A9),
        );
        let code = if chuhan {
            mv.to_u16()
        } else {
            chuhan::book::eleeye::move_to_ee(mv)
        };
        let m = if chuhan { 8 } else { 4 };
        match rng.below(5) {
            0 | 1 => entries[i][m..m + 2].copy_from_slice(&code.to_le_bytes()),
            2 => entries[i][m + 2..m + 4].copy_from_slice(&[rng.next() as u8, 0]),
            3 => {
                let e = entries[i].clone();
                entries.insert(rng.below(entries.len()), e);
            }
            _ => {
                let j = rng.below(entries.len());
                let key = entries[j][..m].to_vec();
                entries[i][..m].copy_from_slice(&key);
            }
        }
    }
    if chuhan {
        entries.sort_by_key(|e| {
            (
                u64::from_le_bytes(e[..8].try_into().unwrap_or([0; 8])),
                e[8],
                e[9],
            )
        });
    } else {
        entries.sort_by_key(|e| u32::from_le_bytes(e[..4].try_into().unwrap_or([0; 4])));
    }
    let mut out = seed[..head].to_vec();
    if chuhan {
        out[12..16].copy_from_slice(&(entries.len() as u32).to_le_bytes());
    }
    out.extend(entries.concat());
    out
}

fn run_book(budget: &Budget) -> u64 {
    let seeds = book_seeds();
    let seeds2 = seeds.clone();
    let mut inner = from_seeds(&seeds, &["CHUHANBK", "\u{1}\0\0\0"], 1 << 16);
    drive("book", budget, targets::book, move |rng| {
        if rng.chance(2) {
            let seed = &seeds2[rng.below(seeds2.len())];
            return mutate_entries(rng, seed);
        }
        let mut data = inner(rng);
        if !data.starts_with(b"CHUHANBK") && rng.chance(2) {
            // ElephantEye books are read only at a multiple of 8 bytes.
            data.truncate(data.len() / 8 * 8);
        }
        fix_count(rng, &mut data);
        data
    })
}

#[test]
fn book_quick() {
    run_book(&Budget::quick(3000));
}

#[test]
#[ignore = "long fuzz run: CHUHAN_FUZZ_INPUTS / CHUHAN_FUZZ_SECS"]
fn book_long() {
    run_book(&Budget::long());
}

// ---------------------------------------------------------------------------------------------
// Engine sessions

fn run_session(budget: &Budget) -> u64 {
    drive("session", budget, targets::session, |rng| {
        let n = 16 + rng.below(400);
        rng.bytes(n)
    })
}

#[test]
fn session_quick() {
    run_session(&Budget::quick(20));
}

#[test]
#[ignore = "long fuzz run: CHUHAN_FUZZ_INPUTS / CHUHAN_FUZZ_SECS"]
fn session_long() {
    run_session(&Budget::long());
}

// ---------------------------------------------------------------------------------------------
// Replaying a saved input

fn replay(target: fn(&[u8]) -> bool) {
    let Ok(file) = std::env::var("CHUHAN_FUZZ_REPLAY") else {
        println!("set CHUHAN_FUZZ_REPLAY to an input file");
        return;
    };
    let data = std::fs::read(&file).unwrap_or_else(|e| panic!("{file}: {e}"));
    println!("accepted: {}", target(&data));
}

#[test]
#[ignore = "replays CHUHAN_FUZZ_REPLAY"]
fn replay_fen() {
    replay(targets::fen);
}

#[test]
#[ignore = "replays CHUHAN_FUZZ_REPLAY"]
fn replay_notation() {
    replay(targets::notation);
}

#[test]
#[ignore = "replays CHUHAN_FUZZ_REPLAY"]
fn replay_book() {
    replay(targets::book);
}

#[test]
#[ignore = "replays CHUHAN_FUZZ_REPLAY"]
fn replay_session() {
    replay(targets::session);
}

/// Regression (found by `session_long`): over UCI a `go` in a position without a legal move is
/// answered `bestmove (none)`, which the session target took for an illegal move.
#[test]
fn session_accepts_none_without_legal_moves() {
    let index = |fen: &str| {
        targets::all_fens()
            .iter()
            .position(|f| *f == fen)
            .expect("a start FEN") as u8
    };
    let (check, mated) = (targets::EXTRA_FENS[0], targets::EXTRA_FENS[1]);
    assert_eq!(
        legal_moves(&Position::from_fen(check).expect("valid")).len(),
        1
    );
    assert!(legal_moves(&Position::from_fen(mated).expect("valid")).is_empty());
    // UCI; `position fen <FEN>` without moves, not garbled; `go depth 1`, no `movestogo`,
    // nothing sent while it thinks, no `stop`; then `quit`.
    let input = |fen| [1, 1, index(fen), 0, 1, 6, 3, 0, 0, 1, 0, 1];
    assert!(targets::session(&input(check)), "the one move is played");
    assert!(!targets::session(&input(mated)), "no move to answer with");
}

/// Regression (found by `session_long`, four times in ten minutes): garbage such as
/// `isready fen` got an extra `readyok`, after which the session matched answers to the wrong
/// commands and reported a `nobestmove` or a late `bestmove` as the engine's fault.
#[test]
fn session_garbage_is_never_isready() {
    // Word mode, two words: WORDS[0] = "isready", WORDS[5] = "eval", WORDS[8] = "fen".
    assert_eq!(
        targets::random_garbage(&mut Bytes::new(&[1, 1, 0, 0, 0, 8])),
        None
    );
    assert_eq!(
        targets::random_garbage(&mut Bytes::new(&[1, 1, 0, 5, 0, 0])).as_deref(),
        Some("eval isready")
    );
    let mut rng = Rng(5);
    for _ in 0..100_000 {
        let bytes = rng.bytes(64);
        if let Some(line) = targets::random_garbage(&mut Bytes::new(&bytes)) {
            let first = line.split_whitespace().next().unwrap_or("");
            assert!(!first.eq_ignore_ascii_case("isready"), "{line:?}");
        }
    }
}

/// The targets check what they claim: a corrupted input of each kind is noticed.
#[test]
fn targets_accept_their_seeds() {
    for seed in fen_seeds() {
        targets::fen(&seed);
        let text = String::from_utf8(seed).expect("FEN seeds are text");
        assert!(Position::from_fen(&text).is_ok(), "{text}");
    }
    for seed in book_seeds() {
        targets::book(&seed);
        assert!(chuhan::book::Book::from_bytes(&seed).is_ok());
    }
}
