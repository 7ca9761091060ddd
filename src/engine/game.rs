//! The game: position with its history, banned moves, the opening book and the rule verdicts.

use crate::board::Position;
use crate::book::{Book, BookMove, BookRng};
use crate::movegen;
use crate::rules::{self, GameResult, RuleOptions};
use crate::types::Move;
use std::fmt;

/// Book randomness for each `randomness` level: level 0 follows the book's own weights, the
/// higher levels flatten them towards a uniform choice (see [`Book::pick`]).
pub const BOOK_RANDOMNESS: [f64; 6] = [0.0, 0.25, 0.5, 1.0, 2.0, 4.0];

/// A move of a move list that could not be played.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove {
    /// 1-based number of the move in the list.
    pub number: usize,
    /// The move.
    pub mv: Move,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {} (move {})", self.mv, self.number)
    }
}

impl std::error::Error for IllegalMove {}

/// Plays `moves` from `base`, stopping at the first illegal one: the position reached (with
/// the moves before it) and the illegal move, if any.
pub fn replay(base: Position, moves: &[Move]) -> (Position, Option<IllegalMove>) {
    let mut pos = base;
    for (i, &mv) in moves.iter().enumerate() {
        if !movegen::legal_moves(&pos).contains(&mv) {
            return (pos, Some(IllegalMove { number: i + 1, mv }));
        }
        pos.make_move(mv);
    }
    (pos, None)
}

/// How the opening book is used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookSettings {
    /// Consult the book before searching.
    pub enabled: bool,
    /// Book file(s), `;`-separated, first that opens wins; empty = the default book.
    pub files: String,
    /// Index into [`BOOK_RANDOMNESS`].
    pub randomness: usize,
}

impl Default for BookSettings {
    fn default() -> BookSettings {
        BookSettings {
            enabled: true,
            files: String::new(),
            randomness: 0,
        }
    }
}

/// The opening book as loaded for the current setting.
struct BookState {
    /// The files the book was (or failed to be) loaded for; `None` = not tried yet.
    loaded_for: Option<String>,
    book: Option<Book>,
    rng: BookRng,
}

/// The position of the game with its history, the banned moves and the book.
pub struct Game {
    pos: Position,
    ban_moves: Vec<Move>,
    book: BookState,
    /// How the rules judge the end of the game.
    pub rules: RuleOptions,
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

impl Game {
    /// The start position, the default book and rules.
    pub fn new() -> Game {
        Game {
            pos: Position::startpos(),
            ban_moves: Vec::new(),
            book: BookState {
                loaded_for: None,
                book: None,
                rng: BookRng::from_time(),
            },
            rules: RuleOptions::default(),
        }
    }

    /// The current position (its history holds the moves played since the base position).
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Sets the position; clears the banned moves.
    pub fn set(&mut self, pos: Position) {
        self.pos = pos;
        self.ban_moves.clear();
    }

    /// The moves banned at the root of the next search (UCCI `banmoves`).
    pub fn ban_moves(&self) -> &[Move] {
        &self.ban_moves
    }

    /// Bans root moves; returns the ones that are not legal here (those are ignored).
    pub fn ban(&mut self, moves: Vec<Move>) -> Vec<Move> {
        let legal = movegen::legal_moves(&self.pos);
        let (ok, bad): (Vec<Move>, Vec<Move>) = moves.into_iter().partition(|m| legal.contains(m));
        self.ban_moves = ok;
        bad
    }

    /// The legal moves of the current position.
    pub fn legal_moves(&self) -> Vec<Move> {
        movegen::legal_moves(&self.pos).to_vec()
    }

    /// Whether the rules have already decided the game, and how.
    pub fn result(&self) -> Option<GameResult> {
        let mut scratch = self.pos.clone();
        rules::game_result(&mut scratch, &self.rules)
    }

    /// A book move for the current position (never a banned one: the others are chosen
    /// instead), loading the book named in `settings` first if needed. Diagnostics (book
    /// loaded, book missing) go to `say`.
    pub fn book_move(
        &mut self,
        settings: &BookSettings,
        say: &mut dyn FnMut(String),
    ) -> Option<BookMove> {
        if !settings.enabled {
            return None;
        }
        self.load_book(&settings.files, say);
        let randomness = BOOK_RANDOMNESS[settings.randomness.min(BOOK_RANDOMNESS.len() - 1)];
        let book = self.book.book.as_ref()?;
        book.pick_excluding(&self.pos, &mut self.book.rng, randomness, &self.ban_moves)
    }

    /// Loads the book for `wanted` unless it was already tried: the first of a `;`-separated
    /// list that opens, or the default book. A missing or corrupt book is reported once.
    fn load_book(&mut self, wanted: &str, say: &mut dyn FnMut(String)) {
        if self.book.loaded_for.as_deref() == Some(wanted) {
            return;
        }
        self.book.loaded_for = Some(wanted.to_string());
        self.book.book = None;
        let candidates: Vec<std::path::PathBuf> = if wanted.trim().is_empty() {
            Book::default_path().into_iter().collect()
        } else {
            wanted
                .split(';')
                .map(str::trim)
                .filter(|p| !p.is_empty())
                .map(Into::into)
                .collect()
        };
        let mut errors = Vec::new();
        for path in &candidates {
            match Book::open(path) {
                Ok(b) => {
                    say(format!(
                        "book {} loaded: {} positions ({:?} format)",
                        path.display(),
                        b.positions(),
                        b.format()
                    ));
                    self.book.book = Some(b);
                    return;
                }
                Err(e) => errors.push(e.to_string()),
            }
        }
        let why = if errors.is_empty() {
            "no book file found".to_string()
        } else {
            errors.join("; ")
        };
        say(format!("opening book not used: {why}"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_iccs;

    #[test]
    fn replay_stops_at_the_first_illegal_move() {
        let start = Position::startpos();
        // h2e2 is legal; h2h8 (the cannon's own file, blocked) is not.
        let a = parse_iccs(&start, "h2e2").ok();
        let b = crate::notation::parse_iccs_syntax("h2h8").ok();
        let moves: Vec<Move> = a.into_iter().chain(b).collect();
        assert_eq!(moves.len(), 2);
        let (pos, bad) = replay(start.clone(), &moves);
        assert_eq!(pos.game_ply(), start.game_ply() + 1);
        assert_eq!(bad.map(|b| b.number), Some(2));
    }

    #[test]
    fn banned_book_move_gives_the_next_book_move() {
        let mut game = Game::new();
        let settings = BookSettings::default();
        let mut said = Vec::new();
        let first = game.book_move(&settings, &mut |s| said.push(s));
        let Some(first) = first else {
            // No book next to the crate: nothing to test.
            return;
        };
        let book = game.book.book.as_ref().map(|b| b.probe(game.position()));
        let all: Vec<Move> = book.unwrap_or_default().iter().map(|b| b.mv).collect();
        assert!(all.len() >= 2, "{all:?}");
        let banned: Vec<Move> = all[..all.len() - 1].to_vec();
        game.ban(banned.clone());
        for _ in 0..20 {
            let m = game.book_move(&settings, &mut |_| {});
            assert_eq!(m.map(|b| b.mv), all.last().copied(), "first was {first:?}");
        }
        game.ban(all.clone());
        assert!(game.book_move(&settings, &mut |_| {}).is_none());
    }
}
