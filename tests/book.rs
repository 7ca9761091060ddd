//! The opening book: the shipped source and compiled book, probing (mirror images included),
//! weighted random choice, repetition avoidance, ElephantEye files and corrupt files.

use chuhan::board::Position;
use chuhan::book::source::compile;
use chuhan::book::{eleeye, Book, BookError, BookFormat, BookRng};
use chuhan::movegen::legal_moves;
use chuhan::notation::parse_move;
use chuhan::types::Move;
use std::path::PathBuf;

fn manifest(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(path)
}

fn temp_file(name: &str, bytes: &[u8]) -> PathBuf {
    let path = std::env::temp_dir().join(format!("chuhan-test-{}-{name}", std::process::id()));
    std::fs::write(&path, bytes).expect("write temp file");
    path
}

fn play(moves: &str) -> Position {
    let mut pos = Position::startpos();
    for tok in moves.split_whitespace() {
        let mv = parse_move(&pos, tok).unwrap_or_else(|e| panic!("{tok}: {e}"));
        pos.make_move(mv);
    }
    pos
}

/// The position with files a↔i swapped, through FEN.
fn mirror(pos: &Position) -> Position {
    let fen = pos.to_fen();
    let (board, rest) = fen.split_once(' ').expect("fen has fields");
    let ranks: Vec<String> = board
        .split('/')
        .map(|r| {
            let mut cells = Vec::new();
            for c in r.chars() {
                match c.to_digit(10) {
                    Some(n) => cells.extend(std::iter::repeat('1').take(n as usize)),
                    None => cells.push(c),
                }
            }
            cells.reverse();
            cells.into_iter().collect()
        })
        .collect();
    Position::from_fen(&format!("{} {rest}", ranks.join("/"))).expect("mirrored fen is valid")
}

#[test]
fn shipped_source_is_legal_and_matches_the_compiled_book() {
    let text = std::fs::read_to_string(manifest("book/openings.txt")).expect("source");
    let compiled = compile(&text);
    assert!(compiled.errors.is_empty(), "{:?}", compiled.errors);
    assert!(
        compiled.variations.len() >= 300,
        "{}",
        compiled.variations.len()
    );
    assert!(compiled.openings.len() >= 15);
    let shipped = std::fs::read(manifest("book/chuhan.book")).expect("compiled book");
    assert_eq!(
        compiled.book.to_chuhan_bytes().as_deref(),
        Some(&shipped[..]),
        "book/chuhan.book is stale: run `chuhan book build`"
    );
    assert!(shipped.len() < 100_000);
}

#[test]
fn start_position_has_moves_for_both_colours() {
    let book = Book::open(manifest("book/chuhan.book")).expect("book opens");
    assert_eq!(book.format(), BookFormat::Chuhan);
    let start = book.probe(&Position::startpos());
    assert!(start.len() >= 3);
    assert_eq!(
        start[0].mv.to_string(),
        "h2e2",
        "central cannon is the main move"
    );
    for reply in ["h2e2", "c3c4", "g0e2", "b2e2", "g3g4"] {
        let pos = play(reply);
        let moves = book.probe(&pos);
        assert!(!moves.is_empty(), "no book reply to {reply}");
        let legal = legal_moves(&pos);
        assert!(moves.iter().all(|b| legal.contains(&b.mv)));
    }
    assert!(Book::default_path().is_some());
}

#[test]
fn mirror_images_are_found_from_either_side() {
    let book = Book::open(manifest("book/chuhan.book")).expect("book opens");
    let pos = play("炮二平五 马8进7 马二进三 车9平8 车一平二 马2进3 兵七进一 卒7进1");
    let here = book.probe(&pos);
    assert!(!here.is_empty());
    let there = book.probe(&mirror(&pos));
    assert_eq!(here.len(), there.len());
    for (a, b) in here.iter().zip(&there) {
        assert_eq!(a.mv.mirror_file(), b.mv);
        assert_eq!(a.weight, b.weight);
    }
}

#[test]
fn picks_follow_the_weights() {
    let compiled = compile("30: h2e2\n10: b0c2\n");
    assert!(compiled.errors.is_empty());
    let book = compiled.book;
    let pos = Position::startpos();
    let count = |randomness: f64| {
        let mut rng = BookRng::new(7);
        let mut cannon = 0;
        for _ in 0..4000 {
            let pick = book.pick(&pos, &mut rng, randomness).expect("in book");
            if pick.mv.to_string() == "h2e2" {
                cannon += 1;
            } else {
                assert_eq!(pick.mv.to_string(), "b0c2");
            }
        }
        cannon
    };
    let plain = count(0.0);
    assert!((2850..=3150).contains(&plain), "{plain}");
    let flat = count(100.0);
    assert!((1850..=2150).contains(&flat), "{flat}");
    let sharp = count(-0.9);
    assert!(sharp > 3800, "{sharp}");
    // Same seed, same choices.
    let mut a = BookRng::new(99);
    let mut b = BookRng::new(99);
    for _ in 0..50 {
        assert_eq!(book.pick(&pos, &mut a, 0.0), book.pick(&pos, &mut b, 0.0));
    }
    // Out of book.
    let off = play("a3a4");
    assert_eq!(book.pick(&off, &mut a, 0.0), None);
    assert!(book.probe(&off).is_empty());
}

#[test]
fn never_repeats_a_position_a_third_time() {
    let shuffle = "h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9";
    let compiled = compile(&format!("50: {shuffle}\n1: c3c4\n"));
    assert!(compiled.errors.is_empty());
    assert!(compiled
        .warnings
        .iter()
        .any(|w| w.message.contains("conflict")));
    // The start position has occurred twice; h0g2 would bring the position after it a third time.
    let pos = play(shuffle);
    let mut rng = BookRng::new(1);
    for _ in 0..100 {
        let pick = compiled
            .book
            .pick(&pos, &mut rng, 0.0)
            .expect("c3c4 is left");
        assert_eq!(pick.mv.to_string(), "c3c4");
    }
}

#[test]
fn source_problems_are_reported() {
    let text = "# test\n10: h2e2 h9g7\n10: h2e2 h9g7\n5: h2e2\n10: h2e2 h9h1\n0: h2e2\n10: 炮二平五 马8进6\n";
    let c = compile(text);
    let lines: Vec<usize> = c.errors.iter().map(|e| e.line_no).collect();
    assert_eq!(lines, vec![5, 6, 7]);
    assert!(c
        .warnings
        .iter()
        .any(|w| w.line_no == 3 && w.message.contains("duplicate")));
    assert!(c
        .warnings
        .iter()
        .any(|w| w.line_no == 4 && w.message.contains("contained")));
    // A mirror image of an existing line is a duplicate too.
    let c = compile("h2e2 h9g7\nb2e2 b9c7\n");
    assert!(c.warnings.iter().any(|w| w.line_no == 2));
}

#[test]
fn reads_an_elephanteye_book() {
    let start = Position::startpos();
    let after = play("h2e2");
    let (start_lock, _) = eleeye::locks(&start);
    let (after_lock, after_mirror_lock) = eleeye::locks(&after);
    assert_ne!(after_lock, after_mirror_lock);
    // Values confirmed with ElephantEye itself: given a BOOK.DAT holding a3a4 under the first
    // lock and i6i5 under the second, it answers `go` with a3a4 at the start and a6a5 after h2e2.
    assert_eq!(start_lock, 0x0526_56d5);
    assert_eq!(after_mirror_lock, 0x5396_644f);
    let code = |iccs: &str| {
        let from = iccs[0..2].parse().expect("square");
        let to = iccs[2..4].parse().expect("square");
        eleeye::move_to_ee(Move::new(from, to))
    };
    // ElephantEye's move code for h2e2: from (x 10, y 10) to (x 7, y 10).
    assert_eq!(code("h2e2"), 0xA7 << 8 | 0xAA);
    // The reply is stored only under the mirror image (b2e2, answered by b9c7).
    let mut records = vec![
        (start_lock, code("h2e2"), 40),
        (start_lock, code("c3c4"), 10),
        (after_mirror_lock, code("b9c7"), 7),
        (after_lock ^ 0x5555, code("a0a1"), 1),
    ];
    let path = temp_file("ee.dat", &eleeye::encode(&mut records));
    let book = Book::open(&path).expect("ElephantEye book opens");
    let _ = std::fs::remove_file(&path);
    assert_eq!(book.format(), BookFormat::ElephantEye);
    let moves: Vec<(String, u16)> = book
        .probe(&start)
        .iter()
        .map(|b| (b.mv.to_string(), b.weight))
        .collect();
    assert_eq!(moves, vec![("h2e2".into(), 40), ("c3c4".into(), 10)]);
    let reply: Vec<String> = book
        .probe(&after)
        .iter()
        .map(|b| b.mv.to_string())
        .collect();
    assert_eq!(reply, vec!["h9g7"]);
}

#[test]
fn bad_files_are_rejected_with_clear_errors() {
    let missing = std::env::temp_dir().join("chuhan-no-such-book.book");
    let e = Book::open(&missing).expect_err("missing");
    assert!(matches!(e, BookError::NotFound(_)));
    assert!(e.to_string().contains("not found"));

    let mut header = b"CHUHANBK".to_vec();
    header.extend_from_slice(&1u16.to_le_bytes());
    header.extend_from_slice(&0u16.to_le_bytes());
    header.extend_from_slice(&10u32.to_le_bytes());
    let mut truncated = header.clone();
    truncated.extend_from_slice(&[0u8; 12 * 3]);
    let path = temp_file("truncated.book", &truncated);
    let e = Book::open(&path).expect_err("truncated");
    assert!(
        matches!(
            e,
            BookError::Truncated {
                expected: 136,
                actual: 52,
                ..
            }
        ),
        "{e:?}"
    );
    assert!(e.to_string().contains("truncated"), "{e}");
    assert!(e.to_string().contains("truncated.book"), "{e}");
    let _ = std::fs::remove_file(&path);

    let mut version = header.clone();
    version[8] = 9;
    assert!(matches!(
        Book::from_bytes(&version),
        Err(BookError::UnsupportedVersion(_, 9))
    ));

    let mut unsorted = b"CHUHANBK".to_vec();
    unsorted.extend_from_slice(&1u16.to_le_bytes());
    unsorted.extend_from_slice(&0u16.to_le_bytes());
    unsorted.extend_from_slice(&2u32.to_le_bytes());
    let code = Move::new("h2".parse().expect("sq"), "e2".parse().expect("sq")).to_u16();
    for key in [5u64, 3] {
        unsorted.extend_from_slice(&key.to_le_bytes());
        unsorted.extend_from_slice(&code.to_le_bytes());
        unsorted.extend_from_slice(&1u16.to_le_bytes());
    }
    assert!(matches!(
        Book::from_bytes(&unsorted),
        Err(BookError::Corrupt(..))
    ));

    for junk in [&b"hello world!!"[..], &[0xffu8; 16][..], &[][..]] {
        let path = temp_file("junk.book", junk);
        let e = Book::open(&path).expect_err("junk");
        assert!(matches!(e, BookError::BadMagic(_)), "{e:?}");
        assert!(e.to_string().contains("not an opening book"));
        let _ = std::fs::remove_file(&path);
    }
    // Eight-byte records with locks out of order are not an ElephantEye book.
    let mut records = Vec::new();
    for lock in [9u32, 2] {
        records.extend_from_slice(&lock.to_le_bytes());
        records.extend_from_slice(&(0xA7u16 << 8 | 0xAA).to_le_bytes());
        records.extend_from_slice(&1u16.to_le_bytes());
    }
    assert!(matches!(
        Book::from_bytes(&records),
        Err(BookError::BadMagic(_))
    ));
}

#[test]
fn book_commands_check_and_build_the_shipped_source() {
    let exe = env!("CARGO_BIN_EXE_chuhan");
    let source = manifest("book/openings.txt");
    let check = std::process::Command::new(exe)
        .args(["book", "check", "--source"])
        .arg(&source)
        .output()
        .expect("run chuhan book check");
    let text = String::from_utf8_lossy(&check.stdout);
    assert!(check.status.success(), "{text}");
    assert!(text.contains("0 errors, 0 warnings"), "{text}");
    assert!(text.contains("中炮对屏风马"), "{text}");
    let out = std::env::temp_dir().join(format!("chuhan-test-{}-built.book", std::process::id()));
    let build = std::process::Command::new(exe)
        .args(["book", "build", "--source"])
        .arg(&source)
        .arg("--out")
        .arg(&out)
        .output()
        .expect("run chuhan book build");
    assert!(build.status.success());
    let built = std::fs::read(&out).expect("built book");
    let _ = std::fs::remove_file(&out);
    let shipped = std::fs::read(manifest("book/chuhan.book")).expect("shipped book");
    assert_eq!(built, shipped);
}

/// A huge file is refused by its size, an endless one (`/dev/zero`, whose reported size is 0)
/// after reading at most the limit: neither hangs nor fills the memory.
#[test]
fn huge_and_endless_files_are_refused() {
    let path = std::env::temp_dir().join(format!("chuhan-test-{}-huge.book", std::process::id()));
    let file = std::fs::File::create(&path).expect("temp file");
    file.set_len(chuhan::book::MAX_FILE_LEN + 1)
        .expect("sparse file");
    drop(file);
    let e = Book::open(&path).expect_err("huge");
    let _ = std::fs::remove_file(&path);
    assert!(matches!(e, BookError::TooLarge(_)), "{e:?}");
    assert!(e.to_string().contains("larger than"), "{e}");
    let zero = std::path::Path::new("/dev/zero");
    if zero.exists() {
        let e = Book::open(zero).expect_err("endless");
        assert!(matches!(e, BookError::TooLarge(_)), "{e:?}");
    }
}

#[test]
fn random_bytes_never_panic() {
    let mut rng = BookRng::new(5);
    let pos = Position::startpos();
    for round in 0..2000 {
        let len = (rng.next_u64() % 64) as usize * if round % 3 == 0 { 8 } else { 1 };
        let mut bytes: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
        if round % 2 == 0 && bytes.len() >= 16 {
            bytes[..8].copy_from_slice(b"CHUHANBK");
            bytes[8..10].copy_from_slice(&1u16.to_le_bytes());
            let count = ((bytes.len() - 16) / 12) as u32;
            bytes[12..16].copy_from_slice(&count.to_le_bytes());
        }
        if let Ok(book) = Book::from_bytes(&bytes) {
            let _ = book.probe(&pos);
            let _ = book.pick(&pos, &mut rng, 0.5);
        }
    }
}
