//! FEN parsing and printing, in two stages: syntax first, then the position's validity.

use super::{zobrist, Position};
use crate::types::{Color, Piece, PieceKind, Square};
use std::fmt;

/// Why a FEN was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// The text is empty.
    Empty,
    /// A character that is not a piece letter, a digit 1–9 or `/` in the placement field.
    InvalidChar {
        /// The character.
        c: char,
        /// Its byte offset in the placement field.
        index: usize,
    },
    /// The placement does not have 10 ranks.
    RankCount {
        /// How many ranks it has.
        count: usize,
    },
    /// A rank does not describe exactly 9 points.
    RankLength {
        /// The rank (9 = the first one written).
        rank: u8,
        /// How many points it describes.
        length: usize,
    },
    /// The side-to-move field is not `w`, `r` or `b`.
    InvalidSide(String),
    /// A move counter is not a number in range.
    InvalidCounter(String),
    /// More than six fields.
    TooManyFields,
    /// A side has no king.
    MissingKing(Color),
    /// A side has more pieces of a kind than the game provides.
    TooMany {
        /// The side.
        color: Color,
        /// The kind.
        kind: PieceKind,
        /// How many there are.
        count: u32,
    },
    /// A piece stands on a point it can never reach (king or advisor outside the palace,
    /// elephant off its seven points, pawn behind its start or on an unreachable point).
    Unreachable {
        /// The piece.
        piece: Piece,
        /// Where it stands.
        square: Square,
    },
    /// The two kings face each other on an open file.
    KingsFacing,
    /// The side that is not to move is in check.
    OpponentInCheck,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => f.write_str("empty FEN"),
            FenError::InvalidChar { c, index } => {
                write!(
                    f,
                    "invalid character {c:?} at position {index} of the placement"
                )
            }
            FenError::RankCount { count } => {
                write!(f, "the placement has {count} ranks, expected 10")
            }
            FenError::RankLength { rank, length } => {
                write!(f, "rank {rank} describes {length} points, expected 9")
            }
            FenError::InvalidSide(s) => write!(f, "side to move {s:?} is not w, r or b"),
            FenError::InvalidCounter(s) => write!(f, "move counter {s:?} is not a valid number"),
            FenError::TooManyFields => f.write_str("too many fields (at most 6)"),
            FenError::MissingKing(c) => write!(f, "{c} has no king"),
            FenError::TooMany { color, kind, count } => {
                write!(
                    f,
                    "{color} has {count} pieces of kind {kind:?}, at most {}",
                    kind.max_count()
                )
            }
            FenError::Unreachable { piece, square } => {
                write!(f, "{piece} on {square} is on a point it can never reach")
            }
            FenError::KingsFacing => f.write_str("the kings face each other on an open file"),
            FenError::OpponentInCheck => f.write_str("the side not to move is in check"),
        }
    }
}

impl std::error::Error for FenError {}

/// The syntax stage: placement, side and counters, not yet checked for legality.
struct Setup {
    board: [Option<Piece>; 90],
    side: Color,
    rule60: u16,
    fullmove: u32,
}

fn parse_setup(fen: &str) -> Result<Setup, FenError> {
    let mut fields = fen.split_ascii_whitespace();
    let placement = fields.next().ok_or(FenError::Empty)?;
    let mut board = [None; 90];
    let ranks: Vec<&str> = placement.split('/').collect();
    let mut offset = 0;
    for (i, text) in ranks.iter().enumerate() {
        let rank = 9u8.saturating_sub(i as u8);
        let mut file = 0usize;
        for (j, c) in text.char_indices() {
            if let Some(d) = c.to_digit(10).filter(|d| (1..=9).contains(d)) {
                file += d as usize;
            } else if let Some((kind, color)) = PieceKind::from_fen_char(c) {
                if i < 10 && file < 9 {
                    board[rank as usize * 9 + file] = Some(Piece::new(color, kind));
                }
                file += 1;
            } else {
                return Err(FenError::InvalidChar {
                    c,
                    index: offset + j,
                });
            }
        }
        if i < 10 && file != 9 {
            return Err(FenError::RankLength { rank, length: file });
        }
        offset += text.len() + 1;
    }
    if ranks.len() != 10 {
        return Err(FenError::RankCount { count: ranks.len() });
    }
    let side = match fields.next() {
        None | Some("w") | Some("r") | Some("W") | Some("R") => Color::Red,
        Some("b") | Some("B") => Color::Black,
        Some(s) => return Err(FenError::InvalidSide(s.to_string())),
    };
    // Castling and en-passant placeholders (always "-" in Xiangqi); tolerate anything.
    let _ = fields.next();
    let _ = fields.next();
    let rule60 = match fields.next() {
        None => 0,
        Some(s) => s
            .parse::<u16>()
            .map_err(|_| FenError::InvalidCounter(s.to_string()))?,
    };
    let fullmove = match fields.next() {
        None => 1,
        Some(s) => s
            .parse::<u32>()
            .map_err(|_| FenError::InvalidCounter(s.to_string()))?,
    };
    if fullmove > 100_000 {
        return Err(FenError::InvalidCounter(fullmove.to_string()));
    }
    if fields.next().is_some() {
        return Err(FenError::TooManyFields);
    }
    Ok(Setup {
        board,
        side,
        rule60,
        fullmove: fullmove.max(1),
    })
}

/// Whether `piece` can ever stand on `sq` in a game from the start position.
pub(crate) fn reachable(piece: Piece, sq: Square) -> bool {
    let color = piece.color();
    // Work in Red's frame of reference.
    let rel = if color == Color::Red {
        sq
    } else {
        sq.flip_rank()
    };
    let (f, r) = (rel.file().index(), rel.rank().index());
    match piece.kind() {
        PieceKind::King => rel.in_palace(Color::Red),
        PieceKind::Advisor => matches!((f, r), (3, 0) | (5, 0) | (4, 1) | (3, 2) | (5, 2)),
        PieceKind::Elephant => {
            matches!(
                (f, r),
                (2, 0) | (6, 0) | (0, 2) | (4, 2) | (8, 2) | (2, 4) | (6, 4)
            )
        }
        PieceKind::Pawn => r >= 5 || ((r == 3 || r == 4) && f % 2 == 0),
        PieceKind::Horse | PieceKind::Rook | PieceKind::Cannon => true,
    }
}

impl Position {
    /// Parses a FEN such as `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1`.
    ///
    /// Accepts `E`/`H` for elephant/horse, `r` for Red to move, and missing trailing fields.
    /// Rejects positions that cannot arise in a game: see [`FenError`].
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let setup = parse_setup(fen)?;
        let mut pos = Position::empty(setup.side);
        let mut counts = [[0u32; 7]; 2];
        for sq in Square::all() {
            if let Some(piece) = setup.board[sq.index()] {
                let n = &mut counts[piece.color().index()][piece.kind().index()];
                *n += 1;
                if *n > piece.kind().max_count() {
                    return Err(FenError::TooMany {
                        color: piece.color(),
                        kind: piece.kind(),
                        count: *n,
                    });
                }
                if !reachable(piece, sq) {
                    return Err(FenError::Unreachable { piece, square: sq });
                }
                pos.put(piece, sq);
            }
        }
        for color in Color::ALL {
            if counts[color.index()][PieceKind::King.index()] == 0 {
                return Err(FenError::MissingKing(color));
            }
        }
        pos.rule60 = setup.rule60;
        pos.game_ply = (setup.fullmove - 1) * 2 + setup.side.index() as u32;
        let (red_king, black_king) = (pos.king_square(Color::Red), pos.king_square(Color::Black));
        if red_king.file() == black_king.file()
            && (crate::attacks::between(red_king, black_king) & pos.occupied()).is_empty()
        {
            return Err(FenError::KingsFacing);
        }
        let them = !pos.side;
        if pos.attackers_to(pos.king_square(them), pos.side).any() {
            return Err(FenError::OpponentInCheck);
        }
        pos.checkers = pos.compute_checkers();
        debug_assert_eq!(pos.key, pos.compute_key());
        debug_assert_eq!(
            zobrist::side_component(pos.side) ^ pos.key,
            pos.key ^ zobrist::side_component(pos.side)
        );
        Ok(pos)
    }

    /// The FEN of the position (side to move written `w` or `b`).
    pub fn to_fen(&self) -> String {
        let mut s = String::with_capacity(96);
        for rank in (0..10).rev() {
            let mut empty = 0;
            for file in 0..9 {
                match self.board[rank * 9 + file] {
                    Some(p) => {
                        if empty > 0 {
                            s.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        s.push(p.fen_char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                s.push('/');
            }
        }
        let fullmove = self.game_ply / 2 + 1;
        s.push_str(&format!(
            " {} - - {} {}",
            self.side.fen_char(),
            self.rule60,
            fullmove
        ));
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::START_FEN;

    #[test]
    fn round_trip() {
        let fens = [
            START_FEN,
            "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
            "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
            "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 b - - 12 40",
        ];
        for fen in fens {
            let pos = Position::from_fen(fen).expect(fen);
            assert_eq!(pos.to_fen(), fen);
            assert!(pos.is_consistent());
        }
    }

    #[test]
    fn aliases_and_missing_fields() {
        let a = Position::from_fen("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r")
            .expect("aliases");
        assert_eq!(a.to_fen(), START_FEN);
        let b = Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR")
            .expect("bare");
        assert_eq!(b.side_to_move(), Color::Red);
        let c = Position::from_fen(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 7 20",
        )
        .expect("b");
        assert_eq!(c.side_to_move(), Color::Black);
        assert_eq!(c.rule60_count(), 7);
        assert_eq!(c.game_ply(), 39);
    }

    #[test]
    fn each_error_kind() {
        use FenError::*;
        let cases: &[(&str, FenError)] = &[
            ("", Empty),
            ("   ", Empty),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w",
                InvalidChar { c: 'X', index: 58 },
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w",
                RankCount { count: 9 },
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/9/RNBAKABNR w",
                RankCount { count: 11 },
            ),
            (
                "rnbakabnr/8/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
                RankLength { rank: 8, length: 8 },
            ),
            (
                "rnbakabnrr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
                RankLength {
                    rank: 9,
                    length: 10,
                },
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x",
                InvalidSide("x".into()),
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - z 1",
                InvalidCounter("z".into()),
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 9",
                TooManyFields,
            ),
            (
                "rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
                MissingKing(Color::Black),
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBAKABNR w",
                TooMany {
                    color: Color::Red,
                    kind: PieceKind::King,
                    count: 2,
                },
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1CR4c1/9/RNBAKABNR w",
                TooMany {
                    color: Color::Red,
                    kind: PieceKind::Rook,
                    count: 3,
                },
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/4P4/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
                TooMany {
                    color: Color::Red,
                    kind: PieceKind::Pawn,
                    count: 6,
                },
            ),
            (
                "3k5/9/9/9/9/9/9/9/9/K8 w",
                Unreachable {
                    piece: Piece::RedKing,
                    square: Square::A0,
                },
            ),
            (
                "3k5/9/9/9/9/9/9/9/A8/4K4 w",
                Unreachable {
                    piece: Piece::RedAdvisor,
                    square: Square::A1,
                },
            ),
            (
                "3k5/9/9/9/9/9/9/9/4B4/4K4 w",
                Unreachable {
                    piece: Piece::RedElephant,
                    square: Square::E1,
                },
            ),
            (
                "3k5/9/9/9/9/9/9/9/9/3BK4 w",
                Unreachable {
                    piece: Piece::RedElephant,
                    square: Square::D0,
                },
            ),
            (
                "3k5/9/9/9/9/9/9/9/P8/4K4 w",
                Unreachable {
                    piece: Piece::RedPawn,
                    square: Square::A1,
                },
            ),
            (
                "3k5/9/9/9/9/9/1P7/9/9/4K4 w",
                Unreachable {
                    piece: Piece::RedPawn,
                    square: Square::B3,
                },
            ),
            (
                "3k5/9/9/1p7/9/9/9/9/9/4K4 w",
                Unreachable {
                    piece: Piece::BlackPawn,
                    square: Square::B6,
                },
            ),
            ("4k4/9/9/9/9/9/9/9/9/4K4 w", KingsFacing),
            ("3k5/9/9/9/9/9/9/9/9/3RK4 w", OpponentInCheck),
        ];
        for (fen, err) in cases {
            assert_eq!(Position::from_fen(fen).err().as_ref(), Some(err), "{fen}");
            assert!(!err.to_string().is_empty());
        }
        // A black pawn on i0 is reachable: it crossed the river and walked down to Red's back rank.
        assert!(Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K3p w").is_ok());
    }

    #[test]
    fn garbage_is_rejected_and_valid_text_parses() {
        let garbage = [
            "",
            "/////////",
            "9/9/9/9/9/9/9/9/9/9",
            "k/K",
            "\u{0}\u{ff}é/漢",
            "99/9/9/9/9/9/9/9/9/9 w",
            "4k4/9/9/9/9/9/9/9/9/3K5 w - - 99999999999999 1",
            "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 -3",
        ];
        for s in garbage {
            assert!(Position::from_fen(s).is_err(), "{s:?} parsed");
        }
        let valid = [
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1",
            "4k4/9/9/9/9/9/9/9/9/3K5 b",
            "3akab2/9/4b4/9/9/9/9/4B4/4A4/2BAK1R2 b - - 59 80",
        ];
        for s in valid {
            let pos = Position::from_fen(s).unwrap_or_else(|e| panic!("{s:?}: {e}"));
            assert!(pos.is_consistent(), "{s}");
        }
    }
}
