//! Chinese, WXF and ICCS notation: print → parse round trips over many positions, and the
//! disambiguation cases from the rules.

use chuhan::board::Position;
use chuhan::movegen::legal_moves;
use chuhan::notation::{
    parse_chinese, parse_iccs, parse_move, parse_wxf, to_chinese, to_iccs, to_wxf, NotationError,
};

/// Tiny deterministic generator for the random games.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// Three pawns on 五, two cannons on 八, two horses on 三; Black: three pawns on 3, two rooks on 9.
const TRIPLE: &str = "3k4r/9/8r/2p1P4/1Cp1P4/2p1P1N2/R8/1C4N2/9/R4K3 w - - 0 1";
/// Red pawns doubled on 七 and tripled on 三; five black pawns on file 2.
const TWO_FILES: &str = "5k3/9/6P2/2P3P2/2P3P2/1p7/1p7/1p7/1p7/1p1K5 w - - 0 1";
/// Four red pawns on 九; black pawns doubled on 3 and 7.
const FOUR: &str = "3k5/P8/P8/P8/P8/2p3p2/2p3p2/9/9/4K4 w - - 0 1";
/// Advisors, elephants, rooks and horses sharing files, for both sides.
const SHARED: &str = "1r1k1abn1/9/1r3a1n1/7R1/1N4b2/2B6/7R1/1N1A5/5K3/2BA5 w - - 0 1";

fn with_side(fen: &str, side: char) -> Position {
    let fen = fen.replacen(" w ", &format!(" {side} "), 1);
    Position::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn check_all_moves(pos: &Position) {
    let moves = legal_moves(pos);
    for &mv in moves.iter() {
        let iccs = to_iccs(mv);
        assert_eq!(parse_iccs(pos, &iccs), Ok(mv), "{pos:?} {iccs}");
        let zh = to_chinese(pos, mv);
        assert_eq!(parse_chinese(pos, &zh), Ok(mv), "{pos:?} {iccs} {zh}");
        assert_eq!(parse_move(pos, &zh), Ok(mv), "{pos:?} {iccs} {zh}");
        let wxf = to_wxf(pos, mv);
        assert_eq!(parse_wxf(pos, &wxf), Ok(mv), "{pos:?} {iccs} {wxf}");
        assert_eq!(parse_move(pos, &wxf), Ok(mv), "{pos:?} {iccs} {wxf}");
        assert_eq!(parse_move(pos, &iccs), Ok(mv));
    }
}

fn walk(pos: &mut Position, depth: u32) {
    check_all_moves(pos);
    if depth == 0 {
        return;
    }
    for &mv in legal_moves(pos).iter() {
        pos.make_move(mv);
        walk(pos, depth - 1);
        pos.unmake_move();
    }
}

#[test]
fn round_trip_start_tree() {
    walk(&mut Position::startpos(), 2);
}

#[test]
fn round_trip_perft_trees() {
    for fen in [TRIPLE, TWO_FILES, FOUR, SHARED] {
        for side in ['w', 'b'] {
            walk(&mut with_side(fen, side), 1);
        }
    }
}

#[test]
fn round_trip_random_games() {
    let mut rng = XorShift(0x1234_5678_9abc_def1);
    for _game in 0..24 {
        let mut pos = Position::startpos();
        for _ply in 0..100 {
            check_all_moves(&pos);
            let moves = legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            let mv = moves[(rng.next() % moves.len() as u64) as usize];
            pos.make_move(mv);
        }
    }
}

fn zh(fen_or_pos: &Position, iccs: &str) -> String {
    let mv = parse_iccs(fen_or_pos, iccs).expect("legal");
    to_chinese(fen_or_pos, mv)
}

fn wxf(pos: &Position, iccs: &str) -> String {
    to_wxf(pos, parse_iccs(pos, iccs).expect("legal"))
}

#[test]
fn opening_moves() {
    let mut pos = Position::startpos();
    let game = [
        ("h2e2", "炮二平五", "C2.5"),
        ("h9g7", "马8进7", "H8+7"),
        ("h0g2", "马二进三", "H2+3"),
        ("i9h9", "车9平8", "R9.8"),
        ("i0i1", "车一进一", "R1+1"),
        ("b9c7", "马2进3", "H2+3"),
        ("i1d1", "车一平六", "R1.6"),
        ("f9e8", "士6进5", "A6+5"),
        ("d1d7", "车六进六", "R6+6"),
        ("b7b5", "炮2进2", "C2+2"),
        ("d7d5", "车六退二", "R6-2"),
    ];
    for (iccs, chinese, w) in game {
        assert_eq!(zh(&pos, iccs), chinese);
        assert_eq!(wxf(&pos, iccs), w);
        let mv = parse_iccs(&pos, iccs).expect("legal");
        pos.make_move(mv);
    }
}

#[test]
fn tandem_pieces() {
    let red = with_side(TRIPLE, 'w');
    // Cannons on 八 (b2, b5): front and rear.
    assert_eq!(zh(&red, "b5b7"), "前炮进二");
    assert_eq!(wxf(&red, "b5b7"), "+C+2");
    assert_eq!(zh(&red, "b2e2"), "后炮平五");
    assert_eq!(wxf(&red, "b2e2"), "-C.5");
    // Horses on 三 (g2, g4).
    assert_eq!(zh(&red, "g4f6"), "前马进四");
    assert_eq!(zh(&red, "g2e1"), "后马退五");
    // Three pawns on 五: 前/中/后.
    assert_eq!(zh(&red, "e6e7"), "前兵进一");
    assert_eq!(zh(&red, "e5d5"), "中兵平六");
    assert_eq!(wxf(&red, "e5d5"), "2P.6");
    let black = with_side(TRIPLE, 'b');
    assert_eq!(zh(&black, "i7i8"), "前车退1");
    assert_eq!(zh(&black, "i9h9"), "后车平8");
    assert_eq!(wxf(&black, "i9h9"), "-R.8");
    assert_eq!(zh(&black, "c4c3"), "前卒进1");
    // Old-style and untagged input.
    assert_eq!(
        parse_chinese(&red, "前炮进2").map(|m| m.to_string()),
        Ok("b5b7".into())
    );
    assert_eq!(
        parse_chinese(&red, "馬三退五"),
        Err(NotationError::Ambiguous("馬三退五".into()))
    );

    assert_eq!(
        parse_chinese(&red, "二兵平六").map(|m| m.to_string()),
        Ok("e5d5".into())
    );
    assert_eq!(
        parse_chinese(&red, "炮八平五").map(|m| m.to_string()),
        Ok("b2e2".into())
    );
}

#[test]
fn pawns_on_two_files_details() {
    let red = with_side(TWO_FILES, 'w');
    let moves: Vec<String> = legal_moves(&red).iter().map(|m| m.to_string()).collect();
    assert!(moves.contains(&"c6b6".to_string()));
    assert_eq!(zh(&red, "c6b6"), "前七平八");
    assert_eq!(wxf(&red, "c6b6"), "+7.8");
    assert_eq!(zh(&red, "c5b5"), "后七平八");
    assert_eq!(zh(&red, "g7g8"), "前三进一");
    assert_eq!(zh(&red, "g6f6"), "中三平四");
    assert_eq!(wxf(&red, "g6f6"), "23.4");
    assert_eq!(zh(&red, "g5h5"), "后三平二");
    assert_eq!(
        parse_chinese(&red, "前兵七平八").map(|m| m.to_string()),
        Ok("c6b6".into())
    );
    // Five black pawns on file 2 (b0…b4): 前/二/三/四/五, front = nearest Red's side.
    let black = with_side(TWO_FILES, 'b');
    assert_eq!(zh(&black, "b0a0"), "前卒平1");
    assert_eq!(zh(&black, "b1a1"), "二卒平1");
    assert_eq!(zh(&black, "b2a2"), "三卒平1");
    assert_eq!(zh(&black, "b3a3"), "四卒平1");
    assert_eq!(zh(&black, "b4a4"), "五卒平1");
    assert_eq!(wxf(&black, "b4a4"), "5P.1");
    assert_eq!(
        parse_chinese(&black, "后卒平1").map(|m| m.to_string()),
        Ok("b4a4".into())
    );
    assert_eq!(
        parse_wxf(&black, "-P.1").map(|m| m.to_string()),
        Ok("b4a4".into())
    );
}

#[test]
fn four_pawns_and_black_two_files() {
    let red = with_side(FOUR, 'w');
    assert_eq!(zh(&red, "a8b8"), "前兵平八");
    assert_eq!(zh(&red, "a7b7"), "二兵平八");
    assert_eq!(zh(&red, "a6b6"), "三兵平八");
    assert_eq!(zh(&red, "a5b5"), "四兵平八");
    let black = with_side(FOUR, 'b');
    assert_eq!(zh(&black, "c3c2"), "前3进1");
    assert_eq!(zh(&black, "g4h4"), "后7平8");
    assert_eq!(wxf(&black, "g4h4"), "-7.8");
}

#[test]
fn advisors_and_elephants_keep_their_file() {
    let red = with_side(SHARED, 'w');
    assert_eq!(zh(&red, "d0e1"), "仕六进五");
    assert_eq!(zh(&red, "d2e1"), "仕六退五");
    assert_eq!(zh(&red, "c0e2"), "相七进五");
    assert_eq!(zh(&red, "c4e2"), "相七退五");
    assert_eq!(zh(&red, "h6h7"), "前车进一");
    assert_eq!(zh(&red, "h3h5"), "后车进二");
    assert_eq!(zh(&red, "b5c7"), "前马进七");
    assert_eq!(zh(&red, "b2d1"), "后马退六");
    let black = with_side(SHARED, 'b');
    assert_eq!(zh(&black, "f9e8"), "士6进5");
    assert_eq!(zh(&black, "f7e8"), "士6退5");
    assert_eq!(zh(&black, "h7f8"), "前马退6");
    assert_eq!(zh(&black, "h9g7"), "后马进7");
    assert_eq!(zh(&black, "b7b8"), "前车退1");
    assert_eq!(wxf(&black, "b7b8"), "+R-1");
}

#[test]
fn lenient_input_and_errors() {
    let pos = Position::startpos();
    let h2e2 = "h2e2".to_string();
    for text in [
        "炮二平五",
        "砲二平五",
        "炮2平5",
        "炮２平５",
        " 炮 二 平 五 ",
        "炮二平５",
    ] {
        assert_eq!(
            parse_chinese(&pos, text).map(|m| m.to_string()),
            Ok(h2e2.clone()),
            "{text}"
        );
    }
    for text in ["俥一進一", "車一上一", "车1进1"] {
        assert_eq!(
            parse_chinese(&pos, text).map(|m| m.to_string()),
            Ok("i0i1".into())
        );
    }
    for text in ["c2.5", "C2=5", "Ｃ２．５"] {
        assert_eq!(
            parse_wxf(&pos, text).map(|m| m.to_string()),
            Ok(h2e2.clone()),
            "{text}"
        );
    }
    assert_eq!(
        parse_wxf(&pos, "N2+3").map(|m| m.to_string()),
        Ok("h0g2".into())
    );
    assert_eq!(
        parse_wxf(&pos, "B3+5").map(|m| m.to_string()),
        Ok("g0e2".into())
    );
    assert!(matches!(
        parse_chinese(&pos, "炮二平"),
        Err(NotationError::Malformed { .. })
    ));
    assert!(matches!(
        parse_chinese(&pos, "炮二X五"),
        Err(NotationError::Malformed { .. })
    ));
    assert!(matches!(
        parse_chinese(&pos, "炮二进五"),
        Err(NotationError::NoSuchMove(_))
    ));
    assert!(matches!(
        parse_wxf(&pos, "C2.x"),
        Err(NotationError::NoSuchMove(_)) | Err(NotationError::Malformed { .. })
    ));
    assert!(matches!(
        parse_move(&pos, "h2h8"),
        Err(NotationError::NoSuchMove(_))
    ));
    assert!(parse_chinese(&pos, "").is_err());
    // Black's move written with Red's glyphs is still understood.
    let mut pos = pos;
    pos.make_move(parse_iccs(&pos, "h2e2").expect("legal"));
    assert_eq!(
        parse_chinese(&pos, "馬八進七").map(|m| m.to_string()),
        Ok("h9g7".into())
    );
}

/// Random text: no parser panics, and every move a parser accepts is legal in its position.
#[test]
fn random_text_never_panics_and_accepts_only_legal_moves() {
    let alphabet: Vec<char> =
        "车馬炮兵卒士仕相象将帅前中后二三五七九1２5平进退上下+-.=CHRPKAE1234567890 abc"
            .chars()
            .collect();
    let mut rng = XorShift(99);
    let positions = [
        Position::startpos(),
        with_side(TWO_FILES, 'b'),
        with_side(SHARED, 'w'),
    ];
    let mut accepted = 0;
    for i in 0..3000 {
        let text: String = if i % 2 == 0 {
            let len = (rng.next() % 7) as usize;
            (0..len)
                .map(|_| alphabet[(rng.next() % alphabet.len() as u64) as usize])
                .collect()
        } else {
            // A real move of one of the positions (so often not a move of the others), written
            // in one of the notations, with up to two characters replaced.
            let pos = &positions[(rng.next() % 3) as usize];
            let moves = legal_moves(pos);
            let mv = moves[(rng.next() % moves.len() as u64) as usize];
            let written = match rng.next() % 3 {
                0 => to_chinese(pos, mv),
                1 => to_wxf(pos, mv),
                _ => to_iccs(mv),
            };
            let mut chars: Vec<char> = written.chars().collect();
            for _ in 0..rng.next() % 3 {
                let at = (rng.next() % chars.len() as u64) as usize;
                chars[at] = alphabet[(rng.next() % alphabet.len() as u64) as usize];
            }
            chars.into_iter().collect()
        };
        for pos in &positions {
            let legal = legal_moves(pos);
            let results = [
                ("any", parse_move(pos, &text)),
                ("Chinese", parse_chinese(pos, &text)),
                ("WXF", parse_wxf(pos, &text)),
            ];
            for (which, result) in results {
                if let Ok(mv) = result {
                    accepted += 1;
                    assert!(
                        legal.contains(&mv),
                        "{which} {text:?} gave illegal {mv} in {}",
                        pos.to_fen()
                    );
                }
            }
        }
    }
    // The legality check must have been exercised.
    assert!(accepted > 100, "only {accepted} texts parsed");
}
