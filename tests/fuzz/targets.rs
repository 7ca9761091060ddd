//! The fuzz targets: each takes arbitrary bytes, feeds them to one input surface of the engine
//! and asserts what must hold for every input. Driven by the stable-Rust harness
//! (`tests/fuzz.rs`); a cargo-fuzz binary could include this file with `#[path]` (the crate in
//! `fuzz/` has only the `command_parse` target so far).
#![allow(dead_code)]

use chuhan::board::Position;
use chuhan::board::BENCH_FENS;
use chuhan::book::{eleeye, source, Book, BookRng};
use chuhan::movegen::{legal_moves, perft::perft};
use chuhan::notation::{parse_chinese, parse_iccs, parse_iccs_syntax, parse_move, parse_wxf};
use chuhan::types::Move;
use std::io::{BufReader, Read, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::sync::{LazyLock, Once};
use std::time::{Duration, Instant};

/// The start position's FEN.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// Extra FENs: few pieces, checks, a side without moves.
pub const EXTRA_FENS: &[&str] = &[
    // Red is in check from two rooks, with one way out (e0e1).
    "3k5/9/9/9/9/9/9/9/4r4/3rK4 w - - 0 1",
    // Red is mated (rook on e1 guarded by a pawn, f0 by a rook, d0 by the facing kings):
    // there is no legal move.
    "3k1r3/9/9/9/9/9/9/4p4/4r4/4K4 w - - 0 1",
    "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
    "4k4/4a4/9/9/9/9/9/9/4A4/3K5 b - - 0 1",
    "3akab2/9/4b4/9/9/9/9/4B4/4A4/2BAK1R2 b - - 59 80",
    "3k5/9/9/9/9/9/9/9/9/4K3p w - - 0 1",
    "r1bak1br1/4a1c2/9/p3p3p/1cp2np2/2P2n3/PR2P1P1P/C1N2C2N/9/R1BAKAB2 b - - 25 13",
];

/// Every FEN the targets start from.
pub fn all_fens() -> Vec<&'static str> {
    let mut v = vec![START_FEN];
    v.extend_from_slice(BENCH_FENS);
    v.extend_from_slice(EXTRA_FENS);
    v
}

/// Reads the input a byte at a time; past the end it yields zeros.
pub struct Bytes<'a> {
    data: &'a [u8],
    at: usize,
}

impl<'a> Bytes<'a> {
    /// Starts at the first byte.
    pub fn new(data: &'a [u8]) -> Bytes<'a> {
        Bytes { data, at: 0 }
    }
    /// The next byte (0 past the end).
    pub fn byte(&mut self) -> u8 {
        let b = self.data.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        b
    }
    /// A number below `n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        let v = usize::from(self.byte()) << 8 | usize::from(self.byte());
        v % n
    }
    /// Whether input is left.
    pub fn more(&self) -> bool {
        self.at < self.data.len()
    }
    /// The unread rest.
    pub fn rest(&self) -> &'a [u8] {
        &self.data[self.at.min(self.data.len())..]
    }
}

/// Whether the side that just moved left its king attacked or the kings facing.
fn mover_king_exposed(pos: &Position) -> bool {
    let mover = !pos.side_to_move();
    let (k, other) = (pos.king_square(mover), pos.king_square(pos.side_to_move()));
    if pos.attackers_to(k, pos.side_to_move()).any() {
        return true;
    }
    k.file() == other.file() && (chuhan::attacks::between(k, other) & pos.occupied()).is_empty()
}

/// Checks the invariants of a position reached from a FEN: consistency, every legal move
/// leaves the mover's king safe and is undone exactly, the FEN round trips.
fn check_position(pos: &mut Position) {
    assert!(pos.is_consistent(), "{}", pos.to_fen());
    let fen = pos.to_fen();
    let again = Position::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(again.to_fen(), fen);
    assert_eq!(again.key(), pos.key(), "{fen}");
    let key = pos.key();
    for &mv in legal_moves(pos).iter() {
        pos.make_move(mv);
        assert!(pos.is_consistent(), "{fen} {mv}");
        assert!(
            !mover_king_exposed(pos),
            "{fen}: {mv} leaves the king exposed"
        );
        pos.unmake_move();
        assert_eq!(pos.key(), key, "{fen} {mv}");
    }
    assert_eq!(pos.to_fen(), fen);
}

/// FEN parsing: never panics; what parses is a consistent position whose FEN parses to the
/// same position, with a move generator that only makes king-safe moves.
/// Returns whether the input was accepted (for the driver's statistics).
pub fn fen(data: &[u8]) -> bool {
    let text = String::from_utf8_lossy(data);
    let Ok(mut pos) = Position::from_fen(&text) else {
        return false;
    };
    check_position(&mut pos);
    let _ = perft(&mut pos, 2);
    true
}

/// The position a notation/session input starts with: a FEN chosen by the first byte, then
/// up to 63 moves chosen by the next bytes. Returns the moves too.
pub fn position_from(b: &mut Bytes) -> (Position, &'static str, Vec<Move>) {
    let fens = all_fens();
    let fen = fens[usize::from(b.byte()) % fens.len()];
    let mut pos = Position::from_fen(fen).expect("fixed FENs are valid");
    let plies = b.byte() % 64;
    let mut moves = Vec::new();
    for _ in 0..plies {
        let legal = legal_moves(&pos);
        if legal.is_empty() {
            break;
        }
        let mv = legal[b.below(legal.len())];
        pos.make_move(mv);
        moves.push(mv);
    }
    (pos, fen, moves)
}

/// Move parsing (ICCS, WXF, Chinese): never panics, and every accepted move is legal.
/// Returns whether some parser accepted the text.
pub fn notation(data: &[u8]) -> bool {
    let mut b = Bytes::new(data);
    let (pos, _, _) = position_from(&mut b);
    let text = String::from_utf8_lossy(b.rest());
    let legal = legal_moves(&pos);
    let fen = pos.to_fen();
    let results = [
        ("any", parse_move(&pos, &text)),
        ("Chinese", parse_chinese(&pos, &text)),
        ("WXF", parse_wxf(&pos, &text)),
        ("ICCS", parse_iccs(&pos, &text).map_err(Into::into)),
    ];
    let mut accepted = false;
    for (which, r) in results {
        if let Ok(mv) = r {
            accepted = true;
            assert!(
                legal.contains(&mv),
                "{which} {text:?} gave illegal {mv} in {fen}"
            );
        }
    }
    if let Ok(mv) = parse_iccs_syntax(&text) {
        assert_eq!(mv.to_string(), text.to_ascii_lowercase());
    }
    accepted
}

/// Positions the book target probes: the start and the positions along the shipped book
/// source's first lines.
pub static BOOK_POSITIONS: LazyLock<Vec<Position>> = LazyLock::new(|| {
    let text = include_str!("../../book/openings.txt");
    let compiled = source::compile(text);
    let mut out = vec![Position::startpos()];
    for v in compiled.variations.iter().take(40) {
        let mut pos = Position::startpos();
        for &mv in v.moves.iter().take(6) {
            pos.make_move(mv);
            out.push(pos.clone());
        }
    }
    out.sort_by_key(Position::key);
    out.dedup_by_key(|p| p.key());
    out
});

/// Book files (Chuhan's format and ElephantEye's BOOK.DAT): reading never panics; a book that
/// reads gives only legal, distinct moves, heaviest first; `pick` chooses among them; a
/// Chuhan book written back reads back the same. Returns whether the bytes read as a book.
pub fn book(data: &[u8]) -> bool {
    let Ok(book) = Book::from_bytes(data) else {
        return false;
    };
    let _ = book.positions();
    let mut rng = BookRng::new(u64::from(data.len() as u32));
    for pos in BOOK_POSITIONS.iter() {
        let moves = book.probe(pos);
        let legal = legal_moves(pos);
        for (i, m) in moves.iter().enumerate() {
            assert!(legal.contains(&m.mv), "illegal book move {}", m.mv);
            assert!(!moves[..i].iter().any(|x| x.mv == m.mv), "{} twice", m.mv);
            assert!(i == 0 || moves[i - 1].weight >= m.weight);
        }
        for r in [0.0, 1.0, -5.0, f64::NAN] {
            if let Some(p) = book.pick(pos, &mut rng, r) {
                assert!(moves.contains(&p) && p.weight > 0, "{p:?}");
            }
        }
    }
    if let Some(bytes) = book.to_chuhan_bytes() {
        let back = Book::from_bytes(&bytes).expect("a written book reads back");
        assert_eq!(back.len(), book.len());
        assert_eq!(back.to_chuhan_bytes().as_deref(), Some(&bytes[..]));
    }
    true
}

/// A valid ElephantEye book for [`BOOK_POSITIONS`] (for seeds).
pub fn eleeye_seed() -> Vec<u8> {
    let mut records = Vec::new();
    for (i, pos) in BOOK_POSITIONS.iter().enumerate() {
        let (lock, _) = eleeye::locks(pos);
        for (j, &mv) in legal_moves(pos).iter().enumerate().take(3) {
            records.push((lock, eleeye::move_to_ee(mv), ((i + j) % 7) as u16));
        }
    }
    eleeye::encode(&mut records)
}

// ---------------------------------------------------------------------------------------------
// The session target: a whole engine on in-memory pipes.

/// Panics seen by the hook (any thread); a session must not add to it.
static PANICS: AtomicUsize = AtomicUsize::new(0);

fn count_panics() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            PANICS.fetch_add(1, Ordering::SeqCst);
            default(info);
        }));
    });
}

/// The engine's input: chunks of bytes from a channel; end of input when the sender is dropped.
struct PipeIn {
    rx: Receiver<Vec<u8>>,
    buf: Vec<u8>,
    at: usize,
}

impl Read for PipeIn {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        while self.at == self.buf.len() {
            match self.rx.recv() {
                Ok(b) => {
                    self.buf = b;
                    self.at = 0;
                }
                Err(_) => return Ok(0),
            }
        }
        let n = out.len().min(self.buf.len() - self.at);
        out[..n].copy_from_slice(&self.buf[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// The engine's output, split into lines sent over a channel.
struct PipeOut {
    tx: Sender<String>,
    partial: Vec<u8>,
}

impl Write for PipeOut {
    fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
        for &c in data {
            if c == b'\n' {
                let line = String::from_utf8_lossy(&self.partial).into_owned();
                self.partial.clear();
                let _ = self.tx.send(line);
            } else {
                self.partial.push(c);
            }
        }
        Ok(data.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// How long an answer may take before the session counts as hung. Generous: the machine may be
/// busy, and every search the target starts is small.
const ANSWER_TIMEOUT: Duration = Duration::from_secs(60);

/// One engine, driven through [`chuhan::protocol::run`].
struct Session {
    input: Option<Sender<Vec<u8>>>,
    output: Receiver<String>,
    done: Receiver<i32>,
    transcript: Vec<String>,
    /// Every `bestmove` / `nobestmove` line read so far.
    answers: Vec<String>,
}

impl Session {
    fn start() -> Session {
        let (in_tx, in_rx) = channel();
        let (out_tx, out_rx) = channel();
        let (done_tx, done_rx) = channel();
        std::thread::spawn(move || {
            let input = BufReader::new(PipeIn {
                rx: in_rx,
                buf: Vec::new(),
                at: 0,
            });
            let output = Box::new(PipeOut {
                tx: out_tx,
                partial: Vec::new(),
            });
            let code = chuhan::protocol::run(input, output);
            let _ = done_tx.send(code);
        });
        Session {
            input: Some(in_tx),
            output: out_rx,
            done: done_rx,
            transcript: Vec::new(),
            answers: Vec::new(),
        }
    }

    fn send(&mut self, line: &str) {
        self.transcript.push(format!("> {line}"));
        if let Some(tx) = &self.input {
            let mut bytes = line.as_bytes().to_vec();
            bytes.push(b'\n');
            let _ = tx.send(bytes);
        }
    }

    fn fail(&self, why: &str) -> ! {
        let tail: Vec<&String> = self.transcript.iter().rev().take(60).collect();
        let tail: Vec<&str> = tail.into_iter().rev().map(String::as_str).collect();
        panic!("session: {why}\n{}", tail.join("\n"));
    }

    /// Reads output until a line satisfies `want`; returns the lines read (the match last).
    fn until(&mut self, what: &str, want: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + ANSWER_TIMEOUT;
        let mut got = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.output.recv_timeout(left) {
                Ok(line) => {
                    self.transcript.push(format!("< {line}"));
                    if is_answer(&line) {
                        self.answers.push(line.clone());
                    }
                    let hit = want(&line);
                    got.push(line);
                    if hit {
                        return got;
                    }
                }
                Err(RecvTimeoutError::Timeout) => self.fail(&format!("no {what}")),
                Err(RecvTimeoutError::Disconnected) => {
                    self.fail(&format!("output closed while waiting for {what}"))
                }
            }
        }
    }
}

fn is_answer(line: &str) -> bool {
    line.starts_with("bestmove") || line.starts_with("nobestmove")
}

/// What the session knows about the engine's position.
struct Known {
    pos: Option<Position>,
    bans: Vec<Move>,
}

/// Option names and values the session sets (small hash and few threads: the machine is shared).
fn random_option(b: &mut Bytes, ucci: bool) -> String {
    let book = concat!(env!("CARGO_MANIFEST_DIR"), "/book/chuhan.book");
    let values: &[(&str, &[&str])] = &[
        ("hashsize", &["1", "2", "16", "0", "-5", "x"]),
        ("Hash", &["1", "4", "16"]),
        ("threads", &["1", "2", "0"]),
        ("multipv", &["1", "2", "3", "0", "200"]),
        ("usebook", &["true", "false", "on"]),
        (
            "bookfiles",
            &[
                "",
                "none",
                "/nonexistent/x.book",
                book,
                "/dev/null",
                "/dev/zero",
                "Cargo.toml",
            ],
        ),
        ("randomness", &["none", "small", "large", "huge", "bad"]),
        ("movelimit", &["0", "1", "60", "300"]),
        (
            "repetitionrule",
            &["asian", "pyffish", "PyFFish", "fide", "1"],
        ),
        ("drawoffers", &["true", "false"]),
        ("resignscore", &["0", "1", "300"]),
        ("resignmoves", &["1", "5", "20"]),
        ("usemillisec", &["true", "false"]),
        ("debug", &["true", "false"]),
        ("Move Overhead", &["0", "10", "5000"]),
        ("ponder", &["true", "false"]),
        ("batch", &["true"]),
        ("clearhash", &[""]),
        ("newgame", &[""]),
        ("nonsense", &["1"]),
    ];
    let (name, vals) = values[b.below(values.len())];
    let value = vals[b.below(vals.len())];
    match (ucci, value.is_empty()) {
        (true, true) => format!("setoption {name}"),
        (true, false) => format!("setoption {name} {value}"),
        (false, true) => format!("setoption name {name}"),
        (false, false) => format!("setoption name {name} value {value}"),
    }
}

/// A `go` with a small limit (or none, for `infinite`/`ponder`, ended by the session).
fn random_go(b: &mut Bytes, ucci: bool) -> (String, bool) {
    let mut go = String::from("go");
    let mut open_ended = false;
    match b.byte() % 10 {
        0 => {
            go.push_str(" infinite");
            open_ended = true;
        }
        1 => {
            go.push_str(" ponder");
            open_ended = true;
        }
        2 if ucci => go.push_str(" draw"),
        _ => {}
    }
    let limit = match b.byte() % 7 {
        0 | 1 => format!(" depth {}", 1 + b.byte() % 5),
        2 => format!(" nodes {}", 1 + b.below(20_000)),
        3 => format!(" mate {}", 1 + b.byte() % 4),
        4 if ucci => format!(
            " time {} increment {} opptime {}",
            1 + b.byte() % 3,
            b.byte() % 2,
            b.byte() % 9
        ),
        4 => format!(
            " wtime {} btime {} winc {} binc {}",
            10 + b.below(500),
            10 + b.below(500),
            b.byte() % 20,
            b.byte() % 20
        ),
        5 if ucci => " movetime 0".to_string(),
        5 => format!(" movetime {}", 1 + b.byte() % 50),
        _ => format!(" depth {} nodes {}", 1 + b.byte() % 3, 1 + b.below(5000)),
    };
    go.push_str(&limit);
    if b.byte() % 8 == 0 {
        go.push_str(" movestogo 3");
    }
    (go, open_ended)
}

/// Garbage: random words and bytes, never a line that would start a search, change the
/// position, end the session or answer for the session (those come from the generator), nor an
/// `isready` (its `readyok` would be taken for the answer to a later `isready`, and the session
/// would lose track of which answer belongs to which command).
pub fn random_garbage(b: &mut Bytes) -> Option<String> {
    const WORDS: &[&str] = &[
        "isready",
        "setoption",
        "name",
        "value",
        "d",
        "eval",
        "help",
        "probe",
        "fen",
        "startpos",
        "moves",
        "h2e2",
        "h9g7",
        "zz",
        "-1",
        "0",
        "99999999999999999999",
        "debug",
        "on",
        "ucci",
        "uci",
        "banmoves",
        "ucinewgame",
        "\u{0}",
        "é",
        "炮二平五",
        "multipv",
        "\t",
    ];
    let mut line = String::new();
    if b.byte() % 3 == 0 {
        let n = b.byte() % 24;
        let bytes: Vec<u8> = (0..n).map(|_| b.byte()).filter(|&c| c != b'\n').collect();
        line.push_str(&String::from_utf8_lossy(&bytes));
    } else {
        for i in 0..1 + b.byte() % 6 {
            if i > 0 {
                line.push(' ');
            }
            line.push_str(WORDS[b.below(WORDS.len())]);
        }
    }
    let first = line
        .split_whitespace()
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    let forbidden = [
        "isready",
        "position",
        "fen",
        "startpos",
        "go",
        "quit",
        "exit",
        "stop",
        "ponderhit",
        "perft",
        "bench",
        "banmoves",
    ];
    (!forbidden.contains(&first.as_str())).then_some(line)
}

/// Checks a `bestmove` line against the position and bans of its `go`.
fn check_answer(s: &Session, line: &str, known: &Known) {
    let mut words = line.split_whitespace();
    if words.next() != Some("bestmove") {
        return;
    }
    let Some(pos) = &known.pos else {
        return;
    };
    let Some(text) = words.next() else {
        s.fail("bestmove without a move");
    };
    let legal = legal_moves(pos);
    // UCI's answer when the side to move has no legal move (mated or stalemated).
    if legal.is_empty() && text == "(none)" {
        return;
    }
    let mv = match parse_iccs_syntax(text) {
        Ok(mv) if legal.contains(&mv) => mv,
        _ => s.fail(&format!("illegal bestmove {text} in {}", pos.to_fen())),
    };
    if known.bans.contains(&mv) && legal.iter().any(|m| !known.bans.contains(m)) {
        s.fail(&format!("banned bestmove {mv}"));
    }
    if let (Some("ponder"), Some(p)) = (words.next(), words.next()) {
        let mut after = pos.clone();
        after.make_move(mv);
        if !parse_iccs_syntax(p).is_ok_and(|m| legal_moves(&after).contains(&m)) {
            s.fail(&format!("illegal ponder move {p} after {mv}"));
        }
    }
}

/// A whole engine session: a handshake, then commands chosen by the bytes (positions, `go`
/// with small limits, `stop`, `ponderhit`, options, `isready`, garbage), then `quit`.
/// Every `isready` is answered while the engine thinks or idles, every `go` gets one answer,
/// every `bestmove` is legal and not banned, no thread panics, and `quit` ends the engine.
/// Returns whether some `go` was answered with a move.
pub fn session(data: &[u8]) -> bool {
    count_panics();
    let panics_before = PANICS.load(Ordering::SeqCst);
    let mut b = Bytes::new(data);
    let ucci = b.byte() % 2 == 0;
    let mut s = Session::start();
    s.send(if ucci { "ucci" } else { "uci" });
    s.until("handshake", |l| l == "ucciok" || l == "uciok");
    let mut known = Known {
        pos: Some(Position::startpos()),
        bans: Vec::new(),
    };
    let mut ops = 0;
    while b.more() && ops < 40 {
        ops += 1;
        match b.byte() % 8 {
            0 => {
                s.send("isready");
                s.until("readyok", |l| l == "readyok");
            }
            1 | 2 => {
                let (pos, fen, moves) = position_from(&mut b);
                let mut line = if fen == START_FEN && b.byte() % 2 == 0 {
                    "position startpos".to_string()
                } else {
                    format!("position fen {fen}")
                };
                if !moves.is_empty() {
                    line.push_str(" moves");
                    for m in &moves {
                        line.push_str(&format!(" {m}"));
                    }
                }
                let garbled = b.byte() % 16 == 0;
                if garbled {
                    line.push_str(" a0a0");
                }
                s.send(&line);
                known = Known {
                    pos: (!garbled).then_some(pos),
                    bans: Vec::new(),
                };
            }
            3 if ucci => {
                if let Some(pos) = &known.pos {
                    let legal = legal_moves(pos);
                    if !legal.is_empty() {
                        let bans: Vec<Move> = (0..1 + b.byte() % 3)
                            .map(|_| legal[b.below(legal.len())])
                            .collect();
                        let words: Vec<String> = bans.iter().map(Move::to_string).collect();
                        s.send(&format!("banmoves {}", words.join(" ")));
                        known.bans = bans;
                    }
                }
            }
            3 => {}
            4 => {
                let line = random_option(&mut b, ucci);
                s.send(&line);
            }
            5 => {
                if let Some(line) = random_garbage(&mut b) {
                    s.send(&line);
                }
            }
            _ => {
                let (go, open_ended) = random_go(&mut b, ucci);
                let answered = s.answers.len();
                s.send(&go);
                // While it thinks: isready must be answered; options queue up.
                for _ in 0..b.byte() % 3 {
                    match b.byte() % 3 {
                        0 => {
                            s.send("isready");
                            s.until("readyok while thinking", |l| l == "readyok");
                        }
                        1 => {
                            let line = random_option(&mut b, ucci);
                            s.send(&line);
                        }
                        _ => {
                            if let Some(line) = random_garbage(&mut b) {
                                s.send(&line);
                            }
                        }
                    }
                }
                let end = b.byte() % 4;
                if open_ended || end == 0 {
                    let ponder = go.contains("ponder");
                    s.send(if ponder && end % 2 == 1 {
                        "ponderhit"
                    } else if ponder && ucci && end == 2 {
                        "ponderhit draw"
                    } else {
                        "stop"
                    });
                }
                if s.answers.len() == answered {
                    s.until("bestmove", is_answer);
                }
                let answer = s.answers[answered].clone();
                check_answer(&s, &answer, &known);
                // A `stop` that raced with the end of the search may add one `nobestmove`
                // (UCCI's answer to a stop when idle), never a second `bestmove`.
                s.send("isready");
                s.until("readyok after the search", |l| l == "readyok");
                if s.answers[answered + 1..]
                    .iter()
                    .any(|l| l.starts_with("bestmove"))
                {
                    s.fail("two answers to one go");
                }
            }
        }
    }
    s.send("isready");
    s.until("final readyok", |l| l == "readyok");
    if b.byte() % 2 == 0 {
        s.send("quit");
    } else {
        s.input = None;
    }
    match s.done.recv_timeout(ANSWER_TIMEOUT) {
        Ok(0) => {}
        Ok(code) => s.fail(&format!("exit code {code}")),
        Err(_) => s.fail("the engine did not end after quit / end of input"),
    }
    if PANICS.load(Ordering::SeqCst) != panics_before {
        s.fail("a thread panicked");
    }
    s.answers
        .iter()
        .any(|a| a.starts_with("bestmove") && a != "bestmove (none)")
}
