//! One game on the web board: its start position, the moves played, which ply the page is
//! looking at, and what the engine said about each position. Also the text formats going in and
//! out (a FEN and/or a move list in ICCS, WXF or Chinese; FEN + ICCS; PGN).
//!
//! Nothing here knows about HTTP: the API layer (`api.rs`) turns these values into JSON.

use crate::board::{Position, START_FEN};
use crate::notation::{parse_move, to_chinese};
use crate::rules::{self, EndReason, GameResult, RuleOptions};
use crate::types::{Color, Move, Score};
use std::fmt;

/// The most plies a game may have (a bound on request work; real games are far shorter).
pub const MAX_PLIES: usize = 1000;
/// The longest FEN accepted.
pub const MAX_FEN_LEN: usize = 200;

/// Why a game text, FEN or move was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// The FEN does not describe a legal position.
    BadFen(String),
    /// A move in the list could not be read or is illegal; `ply` is its 1-based index.
    BadMove {
        /// 1-based index of the move in the list.
        ply: usize,
        /// The move as written.
        text: String,
        /// Why.
        reason: String,
    },
    /// The game is over: no more moves.
    GameOver,
    /// More than [`MAX_PLIES`] moves.
    TooLong,
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::BadFen(e) => write!(f, "invalid FEN: {e}"),
            GameError::BadMove { ply, text, reason } => {
                write!(f, "move {ply} ({text:?}): {reason}")
            }
            GameError::GameOver => write!(f, "the game is over"),
            GameError::TooLong => write!(f, "too many moves (at most {MAX_PLIES})"),
        }
    }
}

impl std::error::Error for GameError {}

/// Parses a FEN for the board, with a length limit.
pub fn parse_fen(fen: &str) -> Result<Position, GameError> {
    let fen = fen.trim();
    if fen.len() > MAX_FEN_LEN {
        return Err(GameError::BadFen(format!(
            "too long ({} bytes, at most {MAX_FEN_LEN})",
            fen.len()
        )));
    }
    if fen.is_empty() || fen == "startpos" {
        return Position::from_fen(START_FEN).map_err(|e| GameError::BadFen(e.to_string()));
    }
    Position::from_fen(fen).map_err(|e| GameError::BadFen(e.to_string()))
}

/// Whether a token can be part of a FEN after its placement field.
fn is_fen_tail(tok: &str, index: usize) -> bool {
    match index {
        1 => matches!(tok, "w" | "b" | "r" | "W" | "B" | "R"),
        2 | 3 => tok == "-",
        _ => tok.chars().all(|c| c.is_ascii_digit()) && !tok.is_empty(),
    }
}

/// Strips what a move list may carry besides moves: move numbers (`1.`, `12...`), results
/// (`1-0`, `*`), and a number glued to a move (`1.h2e2`).
fn move_token(tok: &str) -> Option<&str> {
    let t = tok.trim_matches(|c: char| c == ',' || c == ';');
    if t.is_empty() || matches!(t, "1-0" | "0-1" | "1/2-1/2" | "*" | "moves") {
        return None;
    }
    // "12." / "12..." / "12．"
    let digits = t.trim_start_matches(|c: char| c.is_ascii_digit());
    if digits.len() < t.len() {
        let rest = digits.trim_start_matches(['.', '．', '、']);
        if rest.len() < digits.len() {
            return if rest.is_empty() { None } else { Some(rest) };
        }
    }
    Some(t)
}

/// Reads a game from text: a FEN, a move list (ICCS `h2e2`, WXF `C2.5`, Chinese `炮二平五`, with
/// or without move numbers), `FEN moves …`, `startpos moves …`, or a PGN (its `[FEN "…"]` tag
/// and its moves; comments in braces are skipped). Returns the start position and the moves.
pub fn parse_game_text(text: &str) -> Result<(Position, Vec<Move>), GameError> {
    let mut fen: Option<String> = None;
    let mut body = String::new();
    for line in text.lines() {
        let l = line.trim();
        if let Some(tag) = l.strip_prefix('[') {
            // A PGN tag: only [FEN "…"] matters.
            let tag = tag.trim_end_matches(']');
            if let Some(v) = tag.strip_prefix("FEN") {
                fen = Some(v.trim().trim_matches('"').to_string());
            }
            continue;
        }
        body.push_str(l);
        body.push(' ');
    }
    // Drop {comments} and (variations) from PGN bodies.
    let mut clean = String::with_capacity(body.len());
    let mut depth = 0usize;
    for c in body.chars() {
        match c {
            '{' | '(' => depth += 1,
            '}' | ')' => depth = depth.saturating_sub(1),
            _ if depth == 0 => clean.push(c),
            _ => {}
        }
    }
    let tokens: Vec<&str> = clean.split_whitespace().collect();
    let mut rest = &tokens[..];
    if rest.first() == Some(&"position") {
        rest = &rest[1..];
    }
    if matches!(rest.first(), Some(&"startpos") | Some(&"fen")) {
        rest = &rest[1..];
    }
    if fen.is_none() && rest.first().is_some_and(|t| t.contains('/')) {
        let mut n = 1;
        while n < rest.len() && n < 6 && is_fen_tail(rest[n], n) {
            n += 1;
        }
        fen = Some(rest[..n].join(" "));
        rest = &rest[n..];
    }
    let mut pos = parse_fen(fen.as_deref().unwrap_or(START_FEN))?;
    let start = pos.clone();
    let mut moves = Vec::new();
    for tok in rest.iter().filter_map(|t| move_token(t)) {
        if moves.len() >= MAX_PLIES {
            return Err(GameError::TooLong);
        }
        let bad = |reason: String| GameError::BadMove {
            ply: moves.len() + 1,
            text: tok.chars().take(16).collect(),
            reason,
        };
        if let Some(r) = rules::game_result(&mut pos, &RuleOptions::default()) {
            return Err(bad(format!(
                "the game is already over ({})",
                Verdict::new(r).en
            )));
        }
        let mv = parse_move(&pos, tok).map_err(|e| bad(e.to_string()))?;
        pos.make_move(mv);
        moves.push(mv);
    }
    Ok((start, moves))
}

/// The end of a game with its reason in Chinese and English.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The winner, `None` for a draw.
    pub winner: Option<Color>,
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub score: &'static str,
    /// A short code: `checkmate`, `stalemate`, `perpetual-check`, `perpetual-chase`,
    /// `repetition`, `move-limit`, `insufficient-material`.
    pub code: &'static str,
    /// The announcement in Chinese, e.g. `红胜：将死`.
    pub zh: String,
    /// The announcement in English, e.g. `Red wins by checkmate`.
    pub en: String,
}

impl Verdict {
    /// The verdict for a rules result.
    pub fn new(r: GameResult) -> Verdict {
        let (code, zh, en) = match r.reason {
            EndReason::Checkmate => ("checkmate", "将死", "checkmate"),
            EndReason::Stalemate => ("stalemate", "困毙", "stalemate (no legal move)"),
            EndReason::PerpetualCheck => ("perpetual-check", "长将判负", "perpetual check"),
            EndReason::PerpetualChase => ("perpetual-chase", "长捉判负", "perpetual chase"),
            EndReason::Repetition => ("repetition", "不变作和", "repetition"),
            EndReason::MoveLimit => ("move-limit", "六十回合自然限着", "the 60-move limit"),
            EndReason::InsufficientMaterial => (
                "insufficient-material",
                "双方无过河子力",
                "insufficient material",
            ),
        };
        let (zh, en) = match r.winner {
            Some(Color::Red) => (format!("红胜：{zh}"), format!("Red wins: {en}")),
            Some(Color::Black) => (format!("黑胜：{zh}"), format!("Black wins: {en}")),
            None => (format!("和棋：{zh}"), format!("Draw: {en}")),
        };
        Verdict {
            winner: r.winner,
            score: r.score_text(),
            code,
            zh,
            en,
        }
    }
}

/// Who the person at the board plays.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Human {
    /// Red; the engine answers for Black.
    Red,
    /// Black; the engine answers for Red.
    Black,
    /// Both sides (analysis board: the engine moves only when asked).
    Both,
}

impl Human {
    /// Parses `red`, `black` or `both`.
    pub fn parse(s: &str) -> Option<Human> {
        match s {
            "red" => Some(Human::Red),
            "black" => Some(Human::Black),
            "both" => Some(Human::Both),
            _ => None,
        }
    }

    /// The name used in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Human::Red => "red",
            Human::Black => "black",
            Human::Both => "both",
        }
    }
}

/// A move of the game with its notations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    /// ICCS (`h2e2`).
    pub iccs: String,
    /// Chinese (`炮二平五`).
    pub chinese: String,
    /// Who played it.
    pub color: Color,
}

/// The game: start position, moves, the ply shown, and scores per ply.
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    moves: Vec<Move>,
    cursor: usize,
    /// Who the person plays.
    pub human: Human,
    /// Score for Red of the position after each ply (index 0: the start), when searched.
    evals: Vec<Option<Score>>,
    /// Bumped on every change of the moves or the cursor, so a search started on an older
    /// state does not write into a newer one.
    generation: u64,
}

impl Game {
    /// A game from `start` with `moves` already checked to be legal; the cursor at the end.
    pub fn new(start: Position, moves: Vec<Move>, human: Human) -> Game {
        let n = moves.len();
        Game {
            start,
            cursor: n,
            evals: vec![None; n + 1],
            moves,
            human,
            generation: 0,
        }
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// All moves, including those after the cursor.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The ply shown (0 = start position).
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// The change counter.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// The scores for Red per ply (`None` where not searched).
    pub fn evals(&self) -> &[Option<Score>] {
        &self.evals
    }

    /// The position after `ply` moves, with its history (for the repetition rules).
    pub fn position_at(&self, ply: usize) -> Position {
        let mut pos = self.start.clone();
        for &mv in &self.moves[..ply.min(self.moves.len())] {
            pos.make_move(mv);
        }
        pos
    }

    /// The position shown.
    pub fn position(&self) -> Position {
        self.position_at(self.cursor)
    }

    /// The verdict in the position shown, if the game is over there.
    pub fn verdict(&self) -> Option<Verdict> {
        let mut pos = self.position();
        rules::game_result(&mut pos, &RuleOptions::default()).map(Verdict::new)
    }

    /// Plays `text` (ICCS, WXF or Chinese) at the cursor. Moves after the cursor are dropped
    /// unless the move is the next one already played.
    pub fn play_text(&mut self, text: &str) -> Result<Move, GameError> {
        let mut pos = self.position();
        let bad = |reason: String| GameError::BadMove {
            ply: self.cursor + 1,
            text: text.chars().take(16).collect(),
            reason,
        };
        if rules::game_result(&mut pos, &RuleOptions::default()).is_some() {
            return Err(GameError::GameOver);
        }
        let mv = parse_move(&pos, text).map_err(|e| bad(e.to_string()))?;
        self.play(mv)?;
        Ok(mv)
    }

    /// Plays a move known to be legal at the cursor.
    pub fn play(&mut self, mv: Move) -> Result<(), GameError> {
        if self.cursor >= MAX_PLIES {
            return Err(GameError::TooLong);
        }
        if self.moves.get(self.cursor) != Some(&mv) {
            self.moves.truncate(self.cursor);
            self.evals.truncate(self.cursor + 1);
            self.moves.push(mv);
            self.evals.push(None);
        }
        self.cursor += 1;
        self.generation += 1;
        Ok(())
    }

    /// Takes back `plies` moves: the moves are removed from the game.
    pub fn take_back(&mut self, plies: usize) {
        self.cursor = self.cursor.saturating_sub(plies);
        self.moves.truncate(self.cursor);
        self.evals.truncate(self.cursor + 1);
        self.generation += 1;
    }

    /// Shows the position after `ply` moves (kept moves after it can be replayed).
    pub fn go_to(&mut self, ply: usize) {
        self.cursor = ply.min(self.moves.len());
        self.generation += 1;
    }

    /// Records a score for Red at `ply`.
    pub fn set_eval(&mut self, ply: usize, score_for_red: Score) {
        if let Some(e) = self.evals.get_mut(ply) {
            *e = Some(score_for_red);
        }
    }

    /// The moves with their notations.
    pub fn move_list(&self) -> Vec<PlayedMove> {
        let mut pos = self.start.clone();
        let mut out = Vec::with_capacity(self.moves.len());
        for &mv in &self.moves {
            out.push(PlayedMove {
                iccs: mv.to_string(),
                chinese: to_chinese(&pos, mv),
                color: pos.side_to_move(),
            });
            pos.make_move(mv);
        }
        out
    }

    /// The game up to the cursor as `FEN moves m1 m2 …` (ICCS), which [`parse_game_text`] reads.
    pub fn fen_and_moves(&self) -> String {
        let mut s = self.start.to_fen();
        if self.cursor > 0 {
            s.push_str(" moves");
            for mv in &self.moves[..self.cursor] {
                s.push(' ');
                s.push_str(&mv.to_string());
            }
        }
        s
    }

    /// The game up to the cursor as a PGN in the usual Xiangqi form: Chinese moves with
    /// `[Format "Chinese"]`, or ICCS moves (`H2-E2`) with `[Format "ICCS"]`.
    pub fn pgn(&self, chinese: bool, date: &str) -> String {
        let result = self.verdict().map_or("*", |v| v.score);
        let (red, black) = match self.human {
            Human::Red => ("Player", crate::ENGINE_NAME),
            Human::Black => (crate::ENGINE_NAME, "Player"),
            Human::Both => ("Red", "Black"),
        };
        let mut s = String::new();
        s.push_str("[Game \"Chinese Chess\"]\n");
        s.push_str("[Event \"Chuhan board\"]\n");
        s.push_str(&format!("[Date \"{date}\"]\n"));
        s.push_str(&format!("[Red \"{red}\"]\n[Black \"{black}\"]\n"));
        s.push_str(&format!("[Result \"{result}\"]\n"));
        let start_fen = self.start.to_fen();
        if start_fen != START_FEN {
            s.push_str(&format!("[FEN \"{start_fen}\"]\n"));
        }
        s.push_str(if chinese {
            "[Format \"Chinese\"]\n\n"
        } else {
            "[Format \"ICCS\"]\n\n"
        });
        let mut pos = self.start.clone();
        let mut number = pos.game_ply() / 2 + 1;
        let mut line = String::new();
        for (i, &mv) in self.moves[..self.cursor].iter().enumerate() {
            let text = if chinese {
                to_chinese(&pos, mv)
            } else {
                let t = mv.to_string().to_ascii_uppercase();
                format!("{}-{}", &t[..2], &t[2..])
            };
            if pos.side_to_move() == Color::Red {
                line = format!("{number}. {text}");
            } else {
                if i == 0 {
                    line = format!("{number}. ...");
                }
                line.push(' ');
                line.push_str(&text);
                s.push_str(&line);
                s.push('\n');
                line.clear();
                number += 1;
            }
            pos.make_move(mv);
        }
        if !line.is_empty() {
            s.push_str(&line);
            s.push('\n');
        }
        s.push_str(result);
        s.push('\n');
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_form_of_game_text() {
        let forms = [
            "h2e2 h9g7 h0g2",
            "炮二平五 马8进7 马二进三",
            "C2.5 H8+7 H2+3",
            "1. 炮二平五 马8进7 2. 马二进三",
            "startpos moves h2e2 h9g7 h0g2",
            "position startpos moves h2e2 h9g7 h0g2",
            &format!("{START_FEN} moves h2e2 h9g7 h0g2"),
            "[Game \"Chinese Chess\"]\n[Format \"Chinese\"]\n\n1. 炮二平五 {good} 马8进7\n2. 马二进三 *\n",
        ];
        for f in forms {
            let (start, moves) = parse_game_text(f).unwrap_or_else(|e| panic!("{f}: {e}"));
            assert_eq!(start.to_fen(), START_FEN, "{f}");
            let iccs: Vec<String> = moves.iter().map(Move::to_string).collect();
            assert_eq!(iccs, ["h2e2", "h9g7", "h0g2"], "{f}");
        }
        let (start, moves) = parse_game_text("4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1").unwrap();
        assert!(moves.is_empty());
        assert_eq!(start.to_fen(), "4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1");
    }

    #[test]
    fn refuses_bad_text() {
        assert!(matches!(
            parse_game_text("rnbakabnr/9 w"),
            Err(GameError::BadFen(_))
        ));
        assert!(matches!(
            parse_game_text("h2e2 h2e2"),
            Err(GameError::BadMove { ply: 2, .. })
        ));
        let long = "x".repeat(300) + "/";
        assert!(parse_game_text(&long).is_err());
        // Moves after a mate.
        let mated = "3k5/9/9/9/3R5/9/9/9/9/4K4 b - - 0 1 moves d9e9";
        assert!(matches!(
            parse_game_text(mated),
            Err(GameError::BadMove { ply: 1, .. })
        ));
    }

    #[test]
    fn play_take_back_and_export() {
        let mut g = Game::new(Position::startpos(), Vec::new(), Human::Red);
        assert!(g.play_text("h2e2").is_ok());
        assert!(g.play_text("马8进7").is_ok());
        assert!(g.play_text("h2e2").is_err());
        assert_eq!(g.move_list()[1].chinese, "马8进7");
        assert_eq!(
            g.fen_and_moves(),
            format!("{START_FEN} moves h2e2 h9g7"),
            "round trip"
        );
        let pgn = g.pgn(true, "2026.01.01");
        assert!(pgn.contains("[Format \"Chinese\"]"));
        assert!(pgn.contains("1. 炮二平五 马8进7"));
        let pgn = g.pgn(false, "2026.01.01");
        assert!(pgn.contains("1. H2-E2 H9-G7"));
        let (_, back) = parse_game_text(&g.pgn(true, "x")).unwrap();
        assert_eq!(back, g.moves());
        g.go_to(1);
        assert_eq!(g.position().side_to_move(), Color::Black);
        assert!(g.play_text("h9g7").is_ok());
        assert_eq!(g.moves().len(), 2, "replaying the next move keeps the game");
        g.take_back(2);
        assert!(g.moves().is_empty());
        assert_eq!(g.evals().len(), 1);
    }

    #[test]
    fn verdicts_in_two_languages() {
        let (start, moves) = parse_game_text("3k5/9/9/9/3R5/9/9/9/9/4K4 b - - 0 1").unwrap();
        let g = Game::new(start, moves, Human::Red);
        let v = g.verdict().unwrap();
        assert_eq!(v.code, "checkmate");
        assert_eq!(v.zh, "红胜：将死");
        assert_eq!(v.en, "Red wins: checkmate");
        assert_eq!(v.score, "1-0");
    }
}
