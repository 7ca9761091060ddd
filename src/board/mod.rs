//! The position: piece placement, side to move, Zobrist key, make/unmake, check detection and
//! the pin information used for legality tests.

mod bench_positions;
mod fen;
pub mod zobrist;

pub use bench_positions::BENCH_FENS;
pub use fen::FenError;

use crate::attacks::{self, Occupancy};
use crate::types::{Bitboard, Color, Move, Piece, PieceKind, Square};
use std::fmt;

/// FEN of the standard starting position.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// What `make_move` must remember to undo a move; also the game's key history.
#[derive(Copy, Clone, Debug)]
pub struct StateInfo {
    /// Zobrist key of the position before the move.
    pub key: u64,
    /// The move made from that position (`None` for a null move).
    pub mv: Option<Move>,
    /// The piece it captured, if any.
    pub captured: Option<Piece>,
    /// Plies without capture before the move.
    pub rule60: u16,
    /// Pieces giving check before the move.
    pub checkers: Bitboard,
}

/// Which of the mover's pieces and which target points need a full legality test.
///
/// Computed once per node while not in check: moving any other piece to any other point cannot
/// expose the king.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct LegalityInfo {
    /// Our pieces whose departure may expose our king: the only piece between it and an enemy
    /// rook or the facing king, one of exactly two pieces between it and an enemy cannon, or the
    /// leg of an enemy horse.
    pub blockers: Bitboard,
    /// Empty points between our king and an enemy cannon with nothing in between: a piece that
    /// lands there becomes a screen.
    pub screen_points: Bitboard,
}

/// A Xiangqi position with its move history since it was set up.
#[derive(Clone)]
pub struct Position {
    board: [Option<Piece>; 90],
    pieces: [[Bitboard; 7]; 2],
    colors: [Bitboard; 2],
    occ: Occupancy,
    kings: [Square; 2],
    side: Color,
    key: u64,
    rule60: u16,
    game_ply: u32,
    checkers: Bitboard,
    history: Vec<StateInfo>,
}

impl Position {
    /// The standard starting position.
    pub fn startpos() -> Position {
        match Position::from_fen(START_FEN) {
            Ok(p) => p,
            Err(e) => unreachable!("start FEN is valid: {e}"),
        }
    }

    /// An empty board with no kings; only for building positions that are then validated.
    fn empty(side: Color) -> Position {
        Position {
            board: [None; 90],
            pieces: [[Bitboard::EMPTY; 7]; 2],
            colors: [Bitboard::EMPTY; 2],
            occ: Occupancy::default(),
            kings: [Square::E0, Square::E9],
            side,
            key: zobrist::side_component(side),
            rule60: 0,
            game_ply: 0,
            checkers: Bitboard::EMPTY,
            history: Vec::with_capacity(256),
        }
    }

    fn put(&mut self, piece: Piece, sq: Square) {
        self.board[sq.index()] = Some(piece);
        let (c, k) = (piece.color().index(), piece.kind().index());
        self.pieces[c][k] |= sq;
        self.colors[c] |= sq;
        self.occ.set(sq);
        self.key ^= zobrist::piece_key(piece, sq);
        if piece.kind() == PieceKind::King {
            self.kings[c] = sq;
        }
    }

    // ----- queries -------------------------------------------------------------------------

    /// The piece on `sq`.
    #[inline]
    pub fn piece_on(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// Pieces of `color` and `kind`.
    #[inline]
    pub fn pieces(&self, color: Color, kind: PieceKind) -> Bitboard {
        self.pieces[color.index()][kind.index()]
    }

    /// All pieces of `color`.
    #[inline]
    pub fn color_bb(&self, color: Color) -> Bitboard {
        self.colors[color.index()]
    }

    /// All occupied points.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.occ.bb
    }

    /// The occupancy in both layouts, for the slider tables.
    #[inline]
    pub fn occupancy(&self) -> &Occupancy {
        &self.occ
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The Zobrist key.
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The Zobrist key the position will have after `mv` (a pseudo-legal move of the side to
    /// move), without making it: `make_move` takes its new key from here, and the search
    /// fetches the child's hash entry with it before making the move.
    #[inline]
    pub fn key_after(&self, mv: Move) -> u64 {
        let (from, to) = (mv.from(), mv.to());
        let Some(piece) = self.board[from.index()] else {
            return self.key;
        };
        let mut key = self.key
            ^ zobrist::side_key()
            ^ zobrist::piece_key(piece, from)
            ^ zobrist::piece_key(piece, to);
        if let Some(cap) = self.board[to.index()] {
            key ^= zobrist::piece_key(cap, to);
        }
        key
    }

    /// Where `color`'s king stands.
    #[inline]
    pub fn king_square(&self, color: Color) -> Square {
        self.kings[color.index()]
    }

    /// Enemy pieces attacking the side to move's king.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn in_check(&self) -> bool {
        self.checkers.any()
    }

    /// Plies since the last capture (the counter of the 60-move rule), seeded from the FEN.
    #[inline]
    pub fn rule60_count(&self) -> u16 {
        self.rule60
    }

    /// Plies played since the game began (derived from the FEN move number, then counted).
    #[inline]
    pub fn game_ply(&self) -> u32 {
        self.game_ply
    }

    /// Undo records of the moves made since the position was set up, oldest first.
    #[inline]
    pub fn history(&self) -> &[StateInfo] {
        &self.history
    }

    /// Pieces of colour `by` that attack `sq` under occupancy `occ`, ignoring pieces in `removed`.
    /// The enemy king counts as a rook on its file (the kings may not face each other).
    #[inline]
    pub fn attackers_with(
        &self,
        sq: Square,
        by: Color,
        occ: &Occupancy,
        removed: Bitboard,
    ) -> Bitboard {
        let p = &self.pieces[by.index()];
        let (rook_reach, cannon_caps) = attacks::rook_and_cannon_attacks(sq, occ);
        let found = (rook_reach & (p[PieceKind::Rook as usize] | p[PieceKind::King as usize]))
            | (cannon_caps & p[PieceKind::Cannon as usize])
            | (attacks::horse_attackers(sq, occ.bb) & p[PieceKind::Horse as usize])
            | (attacks::pawn_attackers(by, sq) & p[PieceKind::Pawn as usize]);
        found - removed
    }

    /// Pieces of colour `by` attacking `sq` in the current position.
    #[inline]
    pub fn attackers_to(&self, sq: Square, by: Color) -> Bitboard {
        self.attackers_with(sq, by, &self.occ, Bitboard::EMPTY)
    }

    fn compute_checkers(&self) -> Bitboard {
        let us = self.side;
        self.attackers_to(self.kings[us.index()], !us)
    }

    /// Pin information for the side to move (meaningful when not in check).
    pub fn legality_info(&self) -> LegalityInfo {
        let us = self.side;
        let them = !us;
        let king = self.kings[us.index()];
        let occ = self.occ.bb;
        let ours = self.colors[us.index()];
        let theirs = &self.pieces[them.index()];
        let lines = attacks::lines_through(king);
        let mut info = LegalityInfo::default();

        let snipers = (theirs[PieceKind::Rook as usize] | theirs[PieceKind::King as usize]) & lines;
        for s in snipers {
            let between = attacks::between(king, s) & occ;
            if between.count() == 1 {
                info.blockers |= between & ours;
            }
        }
        for c in theirs[PieceKind::Cannon as usize] & lines {
            let line = attacks::between(king, c);
            let between = line & occ;
            match between.count() {
                0 => info.screen_points |= line,
                2 => info.blockers |= between & ours,
                _ => {}
            }
        }
        let horses =
            attacks::horse_attackers(king, Bitboard::EMPTY) & theirs[PieceKind::Horse as usize];
        for h in horses {
            if let Some(leg) = attacks::horse_leg(h, king) {
                if ours.contains(leg) {
                    info.blockers |= leg;
                }
            }
        }
        info
    }

    /// Whether our king would be safe after moving `from` → `to` (a pseudo-legal move).
    #[inline]
    pub fn king_safe_after(&self, from: Square, to: Square) -> bool {
        let us = self.side;
        let occ = self.occ.after_move(from, to);
        let king = if from == self.kings[us.index()] {
            to
        } else {
            self.kings[us.index()]
        };
        self.attackers_with(king, !us, &occ, Bitboard::from_square(to))
            .is_empty()
    }

    /// Whether a pseudo-legal move is legal, given this node's [`LegalityInfo`].
    #[inline]
    pub fn is_legal(&self, mv: Move, info: &LegalityInfo) -> bool {
        let (from, to) = (mv.from(), mv.to());
        if self.checkers.any()
            || from == self.kings[self.side.index()]
            || info.blockers.contains(from)
            || info.screen_points.contains(to)
        {
            self.king_safe_after(from, to)
        } else {
            true
        }
    }

    /// Whether `mv` is a pseudo-legal move here: our piece, a destination it can reach, not our
    /// own piece there. Used to validate moves from the hash table or from outside.
    pub fn is_pseudo_legal(&self, mv: Move) -> bool {
        let (from, to) = (mv.from(), mv.to());
        let piece = match self.board[from.index()] {
            Some(p) if p.color() == self.side => p,
            _ => return false,
        };
        let target = self.board[to.index()];
        if matches!(target, Some(t) if t.color() == self.side) {
            return false;
        }
        self.piece_targets(piece, from).contains(to)
    }

    /// Every point `piece` on `from` may move to, ignoring what stands there (captures included).
    pub fn piece_targets(&self, piece: Piece, from: Square) -> Bitboard {
        let occ = &self.occ;
        match piece.kind() {
            PieceKind::King => attacks::king_attacks(from),
            PieceKind::Advisor => attacks::advisor_attacks(from),
            PieceKind::Elephant => attacks::elephant_attacks(from, occ.bb),
            PieceKind::Horse => attacks::horse_attacks(from, occ.bb),
            PieceKind::Rook => attacks::rook_attacks(from, occ),
            PieceKind::Cannon => {
                let (reach, caps) = attacks::rook_and_cannon_attacks(from, occ);
                (reach - occ.bb) | (caps & self.colors[(!piece.color()).index()])
            }
            PieceKind::Pawn => attacks::pawn_attacks(piece.color(), from),
        }
    }

    /// Whether the pseudo-legal move `mv` gives check.
    pub fn gives_check(&self, mv: Move) -> bool {
        let us = self.side;
        let them = !us;
        let (from, to) = (mv.from(), mv.to());
        let piece = match self.board[from.index()] {
            Some(p) => p,
            None => return false,
        };
        let target = self.kings[them.index()];
        // Fast path. Nothing of ours attacks their king before the move (it is our turn), and a
        // move that neither leaves nor enters the king's rank and file nor the legs of horses
        // that could reach it changes no other piece's attack on the king: only the moved piece
        // itself can give check, and only a horse or a pawn can from off those lines.
        let sensitive = attacks::lines_through(target) | attacks::diagonal_neighbours(target);
        if !sensitive.contains(from) && !sensitive.contains(to) {
            return match piece.kind() {
                PieceKind::Horse => attacks::horse_attackers(target, self.occ.bb).contains(to),
                PieceKind::Pawn => attacks::pawn_attackers(us, target).contains(to),
                _ => false,
            };
        }
        let occ = self.occ.after_move(from, to);
        let p = &self.pieces[us.index()];
        let moved = |kind: PieceKind| {
            let bb = p[kind as usize];
            if piece.kind() == kind {
                bb.without(from).with(to)
            } else {
                bb
            }
        };
        let (rook_reach, cannon_caps) = attacks::rook_and_cannon_attacks(target, &occ);
        ((rook_reach & (moved(PieceKind::Rook) | moved(PieceKind::King)))
            | (cannon_caps & moved(PieceKind::Cannon))
            | (attacks::horse_attackers(target, occ.bb) & moved(PieceKind::Horse))
            | (attacks::pawn_attackers(us, target) & moved(PieceKind::Pawn)))
        .any()
    }

    /// Whether `mv` captures a piece here.
    #[inline]
    pub fn is_capture(&self, mv: Move) -> bool {
        self.board[mv.to().index()].is_some()
    }

    // ----- make / unmake -------------------------------------------------------------------

    /// Plays a legal move. The move must be legal in this position (as produced by the move
    /// generator or checked with [`Position::is_pseudo_legal`] and [`Position::is_legal`]).
    #[inline]
    pub fn make_move(&mut self, mv: Move) {
        self.make_move_impl(mv, None);
    }

    /// [`Position::make_move`] for a caller that already knows whether `mv` gives check
    /// (`gives_check` must equal [`Position::gives_check`]`(mv)`): a quiet reply skips the
    /// attack test for the new side to move's king. The search knows it for every move.
    #[inline]
    pub fn make_move_known_check(&mut self, mv: Move, gives_check: bool) {
        self.make_move_impl(mv, Some(gives_check));
    }

    #[inline(always)]
    fn make_move_impl(&mut self, mv: Move, gives_check: Option<bool>) {
        let (from, to) = (mv.from(), mv.to());
        let Some(piece) = self.board[from.index()] else {
            debug_assert!(false, "make_move {mv}: no piece on {from}");
            return;
        };
        let captured = self.board[to.index()];
        self.history.push(StateInfo {
            key: self.key,
            mv: Some(mv),
            captured,
            rule60: self.rule60,
            checkers: self.checkers,
        });
        let us = self.side.index();
        let kind = piece.kind().index();
        let key = self.key_after(mv);
        if let Some(cap) = captured {
            let them = cap.color().index();
            self.pieces[them][cap.kind().index()] ^= to;
            self.colors[them] ^= to;
            self.occ.toggle(from);
            self.rule60 = 0;
        } else {
            self.occ.toggle(from);
            self.occ.toggle(to);
            self.rule60 = self.rule60.saturating_add(1);
        }
        let move_bb = Bitboard::from_square(from) | to;
        self.pieces[us][kind] ^= move_bb;
        self.colors[us] ^= move_bb;
        self.board[from.index()] = None;
        self.board[to.index()] = Some(piece);
        if kind == PieceKind::King as usize {
            self.kings[us] = to;
        }
        self.key = key;
        self.side = !self.side;
        self.game_ply += 1;
        self.checkers = match gives_check {
            Some(false) => Bitboard::EMPTY,
            _ => self.compute_checkers(),
        };
        debug_assert_eq!(self.checkers, self.compute_checkers(), "make_move {mv}");
    }

    /// Takes back the last move made with [`Position::make_move`] or [`Position::make_null_move`].
    /// Does nothing if there is no move to take back.
    pub fn unmake_move(&mut self) {
        let Some(st) = self.history.pop() else {
            return;
        };
        self.side = !self.side;
        self.game_ply -= 1;
        self.key = st.key;
        self.rule60 = st.rule60;
        self.checkers = st.checkers;
        let Some(mv) = st.mv else {
            return;
        };
        let (from, to) = (mv.from(), mv.to());
        let Some(piece) = self.board[to.index()] else {
            return;
        };
        let us = self.side.index();
        let kind = piece.kind().index();
        let move_bb = Bitboard::from_square(from) | to;
        self.pieces[us][kind] ^= move_bb;
        self.colors[us] ^= move_bb;
        self.board[from.index()] = Some(piece);
        self.board[to.index()] = st.captured;
        if let Some(cap) = st.captured {
            let them = cap.color().index();
            self.pieces[them][cap.kind().index()] ^= to;
            self.colors[them] ^= to;
            self.occ.toggle(from);
        } else {
            self.occ.toggle(from);
            self.occ.toggle(to);
        }
        if kind == PieceKind::King as usize {
            self.kings[us] = from;
        }
    }

    /// Passes the move (for null-move pruning). Must not be called while in check.
    pub fn make_null_move(&mut self) {
        self.history.push(StateInfo {
            key: self.key,
            mv: None,
            captured: None,
            rule60: self.rule60,
            checkers: self.checkers,
        });
        self.key ^= zobrist::side_key();
        self.side = !self.side;
        self.game_ply += 1;
        self.rule60 = self.rule60.saturating_add(1);
        // We were not in check, so the king of the side now to move is not attacked either:
        // a legal position never leaves the side that just moved in check.
        self.checkers = Bitboard::EMPTY;
        debug_assert_eq!(self.checkers, self.compute_checkers(), "null move");
    }

    /// Takes back a null move.
    pub fn unmake_null_move(&mut self) {
        self.unmake_move();
    }

    /// Recomputes the key from scratch (for tests).
    pub fn compute_key(&self) -> u64 {
        let mut key = zobrist::side_component(self.side);
        for sq in self.occ.bb {
            if let Some(p) = self.board[sq.index()] {
                key ^= zobrist::piece_key(p, sq);
            }
        }
        key
    }

    /// Checks every internal invariant (for tests): bitboards agree with the mailbox, the
    /// transposed occupancy with the normal one, the key with a fresh computation.
    pub fn is_consistent(&self) -> bool {
        let mut pieces = [[Bitboard::EMPTY; 7]; 2];
        for sq in Square::all() {
            if let Some(p) = self.board[sq.index()] {
                pieces[p.color().index()][p.kind().index()] |= sq;
            }
        }
        let colors = [0, 1].map(|c| pieces[c].iter().fold(Bitboard::EMPTY, |a, &b| a | b));
        pieces == self.pieces
            && colors == self.colors
            && self.occ == Occupancy::from_bitboard(colors[0] | colors[1])
            && self.key == self.compute_key()
            && self.checkers == self.compute_checkers()
            && self.pieces[0][0] == Bitboard::from_square(self.kings[0])
            && self.pieces[1][0] == Bitboard::from_square(self.kings[1])
    }

    /// Whether the position (same key) occurred before since the last capture or null move,
    /// counting back at most `rule60` plies. Returns the number of plies back to the most recent
    /// occurrence.
    pub fn repetition_distance(&self) -> Option<usize> {
        let limit = (self.rule60 as usize).min(self.history.len());
        let n = self.history.len();
        let mut back = 2;
        while back <= limit {
            let st = &self.history[n - back];
            // A null move breaks the chain: positions before it are not real repetitions.
            st.mv?;
            if st.key == self.key {
                return Some(back);
            }
            back += 2;
        }
        None
    }
}

impl PartialEq for Position {
    /// Two positions are equal when placement, side to move and rule-60 counter agree
    /// (history is ignored).
    fn eq(&self, other: &Position) -> bool {
        self.board == other.board && self.side == other.side && self.rule60 == other.rule60
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}

impl fmt::Display for Position {
    /// An ASCII diagram (rank 9 at the top), the FEN and the key.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "   +-------------------+")?;
        for rank in (0..10).rev() {
            write!(f, " {rank} |")?;
            for file in 0..9 {
                let c = Square::from_file_rank(file, rank)
                    .and_then(|sq| self.board[sq.index()])
                    .map_or('.', Piece::fen_char);
                write!(f, " {c}")?;
            }
            writeln!(f, " |")?;
            if rank == 5 {
                writeln!(f, "   |~~~~~~~~~~~~~~~~~~~|")?;
            }
        }
        writeln!(f, "   +-------------------+")?;
        writeln!(f, "     a b c d e f g h i")?;
        writeln!(f)?;
        writeln!(f, "Fen: {}", self.to_fen())?;
        write!(f, "Key: {:016X}", self.key)?;
        if self.in_check() {
            write!(f, "\nCheckers:")?;
            for sq in self.checkers {
                write!(f, " {sq}")?;
            }
        }
        Ok(())
    }
}
