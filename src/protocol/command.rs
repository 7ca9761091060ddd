//! Parsing one input line into a typed [`Command`]. Pure: no I/O, no engine state.
//!
//! The parser is tolerant: it accepts the union of the UCCI and UCI vocabularies in either
//! dialect (GUIs mix them), keywords in any case, extra spaces and a trailing CR. What it
//! cannot make sense of is a [`ProtocolError`], which the engine reports in one line.

use super::Dialect;
use crate::board::{FenError, Position, START_FEN};
use crate::notation::{parse_iccs_syntax, MoveError};
use crate::types::Move;
use std::fmt;

/// Longest text quoted back in an error message (input may be arbitrarily long).
const QUOTE_MAX: usize = 40;

/// Where a `position` (or `probe`) starts from, and the moves played since.
#[derive(Clone, Debug)]
pub struct PositionSpec {
    /// The validated start position (`startpos` or the FEN).
    pub base: Position,
    /// The moves, syntactically valid ICCS; legality is checked when they are played.
    pub moves: Vec<Move>,
    /// The first move token that was not ICCS at all (the moves after it are dropped).
    pub garbled: Option<String>,
}

/// The parameters of `go`, in both dialects' vocabulary. Times are raw numbers in the unit the
/// GUI used (UCCI: seconds unless `usemillisec`; UCI: milliseconds); the engine converts them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GoParams {
    /// `go ponder`.
    pub ponder: bool,
    /// UCCI `go draw`: the opponent offers a draw.
    pub draw: bool,
    /// `go infinite`.
    pub infinite: bool,
    /// `depth <d>`.
    pub depth: Option<u32>,
    /// `nodes <n>`.
    pub nodes: Option<u64>,
    /// `movetime <t>` (milliseconds in both dialects).
    pub movetime: Option<f64>,
    /// `mate <n>` (moves).
    pub mate: Option<u32>,
    /// UCI `wtime` (Red's clock).
    pub wtime: Option<f64>,
    /// UCI `btime` (Black's clock).
    pub btime: Option<f64>,
    /// UCI `winc`.
    pub winc: Option<f64>,
    /// UCI `binc`.
    pub binc: Option<f64>,
    /// `movestogo` (both dialects).
    pub movestogo: Option<u32>,
    /// UCCI `time`: our clock.
    pub time: Option<f64>,
    /// UCCI `increment`.
    pub increment: Option<f64>,
    /// UCCI `opptime`.
    pub opptime: Option<f64>,
    /// UCCI `oppmovestogo`.
    pub oppmovestogo: Option<u32>,
    /// UCCI `oppincrement`.
    pub oppincrement: Option<f64>,
    /// UCI `searchmoves`.
    pub searchmoves: Vec<Move>,
    /// `go perft <n>`.
    pub perft: Option<u32>,
}

impl GoParams {
    /// Whether any limit (depth, nodes, time …) was given; a bare `go` has none.
    pub fn has_limit(&self) -> bool {
        self.depth.is_some()
            || self.nodes.is_some()
            || self.movetime.is_some()
            || self.mate.is_some()
            || self.wtime.is_some()
            || self.btime.is_some()
            || self.time.is_some()
    }
}

/// One command from the GUI.
#[derive(Clone, Debug)]
pub enum Command {
    /// `ucci`: handshake, chooses UCCI.
    Ucci,
    /// `uci`: handshake, chooses UCI.
    Uci,
    /// `isready`.
    IsReady,
    /// `setoption name <N> [value <V>]` or UCCI `setoption <N> [<V>]`.
    SetOption {
        /// Option name as sent (matched case-insensitively later).
        name: String,
        /// Value as sent, if any.
        value: Option<String>,
    },
    /// `ucinewgame`.
    NewGame,
    /// `position …`, or a bare `fen …` / `startpos …` line.
    Position(PositionSpec),
    /// UCCI `banmoves m1 m2 …`.
    BanMoves(Vec<Move>),
    /// `go …` (other than `go perft`).
    Go(GoParams),
    /// `ponderhit [draw]`.
    PonderHit {
        /// The opponent offers a draw.
        draw: bool,
    },
    /// `stop`.
    Stop,
    /// `quit`.
    Quit,
    /// UCCI `probe {startpos | fen …} [moves …]`.
    Probe(PositionSpec),
    /// `d`: draw the board.
    Display,
    /// `perft <n>` or `go perft <n>`.
    Perft(u32),
    /// `bench [depth]`.
    Bench(Option<u32>),
    /// `eval`.
    Eval,
    /// `help`.
    Help,
    /// UCI `debug [on | off]` (no argument: on).
    Debug(bool),
}

/// Why a line could not be understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProtocolError {
    /// An empty (or all-blank) line.
    Empty,
    /// The first word is not a command.
    UnknownCommand(String),
    /// A keyword that the command does not take.
    UnknownParameter {
        /// The command.
        command: &'static str,
        /// The offending token.
        token: String,
    },
    /// A keyword without the value it needs.
    MissingValue {
        /// The keyword.
        keyword: &'static str,
    },
    /// A value that is not a number in range.
    BadNumber {
        /// The keyword.
        keyword: &'static str,
        /// The text.
        text: String,
    },
    /// `position` without `startpos` or `fen`.
    MissingPosition,
    /// The FEN is not valid.
    BadFen(FenError),
    /// A move that is not ICCS coordinates.
    BadMove(MoveError),
    /// `setoption` without a name.
    MissingOptionName,
    /// The line was cut because it was too long.
    LineTooLong(usize),
}

fn quote(text: &str) -> String {
    let mut s: String = text.chars().take(QUOTE_MAX).collect();
    if text.chars().nth(QUOTE_MAX).is_some() {
        s.push('…');
    }
    s
}

impl fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProtocolError::Empty => f.write_str("empty line ignored"),
            ProtocolError::UnknownCommand(c) => {
                write!(f, "unknown command {:?} (type help)", quote(c))
            }
            ProtocolError::UnknownParameter { command, token } => {
                write!(f, "{command}: unknown parameter {:?}", quote(token))
            }
            ProtocolError::MissingValue { keyword } => write!(f, "{keyword}: missing value"),
            ProtocolError::BadNumber { keyword, text } => {
                write!(f, "{keyword}: {:?} is not a number in range", quote(text))
            }
            ProtocolError::MissingPosition => {
                f.write_str("position: expected startpos or fen <FEN>")
            }
            ProtocolError::BadFen(e) => write!(f, "invalid FEN: {e}"),
            ProtocolError::BadMove(e) => write!(f, "{e}"),
            ProtocolError::MissingOptionName => f.write_str("setoption: missing option name"),
            ProtocolError::LineTooLong(n) => {
                write!(f, "line too long (more than {n} bytes), ignored")
            }
        }
    }
}

impl std::error::Error for ProtocolError {}

/// A whitespace-separated token with its byte offset in the line (to slice raw values).
#[derive(Clone, Copy, Debug)]
struct Token<'a> {
    text: &'a str,
    start: usize,
}

fn tokenize(line: &str) -> Vec<Token<'_>> {
    let mut tokens = Vec::new();
    let mut start = None;
    for (i, c) in line.char_indices() {
        if c.is_whitespace() {
            if let Some(s) = start.take() {
                tokens.push(Token {
                    text: &line[s..i],
                    start: s,
                });
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        tokens.push(Token {
            text: &line[s..],
            start: s,
        });
    }
    tokens
}

fn is(token: &Token<'_>, keyword: &str) -> bool {
    token.text.eq_ignore_ascii_case(keyword)
}

impl Command {
    /// Parses one line (without its line end; a trailing CR and blanks are ignored).
    ///
    /// ```
    /// use chuhan::protocol::{Command, Dialect};
    /// let cmd = Command::parse("go time 60 increment 1", Dialect::Ucci).unwrap();
    /// assert!(matches!(cmd, Command::Go(ref g) if g.time == Some(60.0)));
    /// assert!(Command::parse("fly", Dialect::Uci).is_err());
    /// ```
    pub fn parse(line: &str, dialect: Dialect) -> Result<Command, ProtocolError> {
        let tokens = tokenize(line);
        let Some(first) = tokens.first() else {
            return Err(ProtocolError::Empty);
        };
        let rest = &tokens[1..];
        let keyword = first.text.to_ascii_lowercase();
        let cmd = match keyword.as_str() {
            "ucci" => Command::Ucci,
            "uci" => Command::Uci,
            "isready" => Command::IsReady,
            "ucinewgame" => Command::NewGame,
            "setoption" => parse_setoption(line, rest, dialect)?,
            "position" => Command::Position(parse_position(rest)?),
            "fen" | "startpos" => Command::Position(parse_position(&tokens)?),
            "probe" => Command::Probe(parse_position(rest)?),
            "banmoves" => {
                let moves = rest
                    .iter()
                    .map(|t| parse_iccs_syntax(t.text).map_err(ProtocolError::BadMove))
                    .collect::<Result<Vec<_>, _>>()?;
                Command::BanMoves(moves)
            }
            "go" => parse_go(rest)?,
            "ponderhit" => {
                let mut draw = false;
                for t in rest {
                    if is(t, "draw") {
                        draw = true;
                    } else {
                        return Err(ProtocolError::UnknownParameter {
                            command: "ponderhit",
                            token: t.text.to_string(),
                        });
                    }
                }
                Command::PonderHit { draw }
            }
            "stop" => Command::Stop,
            "quit" | "exit" => Command::Quit,
            "d" | "display" => Command::Display,
            "perft" => Command::Perft(parse_required(rest.first(), "perft")?),
            "bench" => Command::Bench(match rest.first() {
                Some(t) => Some(parse_num(t.text, "bench")?),
                None => None,
            }),
            "eval" => Command::Eval,
            "help" | "?" => Command::Help,
            "debug" => Command::Debug(match rest.first() {
                None => true,
                Some(t) if is(t, "on") => true,
                Some(t) if is(t, "off") => false,
                Some(t) => {
                    return Err(ProtocolError::UnknownParameter {
                        command: "debug",
                        token: t.text.to_string(),
                    })
                }
            }),
            _ => return Err(ProtocolError::UnknownCommand(first.text.to_string())),
        };
        Ok(cmd)
    }
}

fn parse_num<T: std::str::FromStr>(text: &str, keyword: &'static str) -> Result<T, ProtocolError> {
    text.parse().map_err(|_| ProtocolError::BadNumber {
        keyword,
        text: text.to_string(),
    })
}

fn parse_required<T: std::str::FromStr>(
    token: Option<&Token<'_>>,
    keyword: &'static str,
) -> Result<T, ProtocolError> {
    match token {
        Some(t) => parse_num(t.text, keyword),
        None => Err(ProtocolError::MissingValue { keyword }),
    }
}

/// A time value: a finite number (fractions allowed, negative clamped to 0 — some GUIs send a
/// negative remaining time when a clock ran out).
fn parse_time(token: Option<&Token<'_>>, keyword: &'static str) -> Result<f64, ProtocolError> {
    let t = token.ok_or(ProtocolError::MissingValue { keyword })?;
    let bad = || ProtocolError::BadNumber {
        keyword,
        text: t.text.to_string(),
    };
    let v: f64 = t.text.parse().map_err(|_| bad())?;
    if !v.is_finite() || v > 1e15 {
        return Err(bad());
    }
    Ok(v.max(0.0))
}

fn parse_setoption(
    line: &str,
    rest: &[Token<'_>],
    _dialect: Dialect,
) -> Result<Command, ProtocolError> {
    let Some(first) = rest.first() else {
        return Err(ProtocolError::MissingOptionName);
    };
    let raw_from = |t: &Token<'_>| line[t.start..].trim().to_string();
    if is(first, "name") {
        // UCI form: name tokens up to `value`, then the raw value (may contain spaces).
        let after = &rest[1..];
        let value_at = after.iter().position(|t| is(t, "value"));
        let name_tokens = &after[..value_at.unwrap_or(after.len())];
        if name_tokens.is_empty() {
            return Err(ProtocolError::MissingOptionName);
        }
        let name = name_tokens
            .iter()
            .map(|t| t.text)
            .collect::<Vec<_>>()
            .join(" ");
        let value = value_at
            .and_then(|i| after.get(i + 1))
            .map(raw_from)
            .filter(|v| !v.is_empty());
        Ok(Command::SetOption { name, value })
    } else {
        // UCCI form: `setoption <name> [<value>]`, the value being the rest of the line.
        let value = rest.get(1).map(raw_from).filter(|v| !v.is_empty());
        Ok(Command::SetOption {
            name: first.text.to_string(),
            value,
        })
    }
}

/// Parses `{startpos | fen <FEN>} [moves m1 m2 …]`.
fn parse_position(tokens: &[Token<'_>]) -> Result<PositionSpec, ProtocolError> {
    let Some(first) = tokens.first() else {
        return Err(ProtocolError::MissingPosition);
    };
    let moves_at = tokens.iter().position(|t| is(t, "moves"));
    let head = &tokens[..moves_at.unwrap_or(tokens.len())];
    let base = if is(first, "startpos") {
        if let Some(extra) = head.get(1) {
            return Err(ProtocolError::UnknownParameter {
                command: "position",
                token: extra.text.to_string(),
            });
        }
        Position::from_fen(START_FEN).map_err(ProtocolError::BadFen)?
    } else if is(first, "fen") {
        let fen = head[1..]
            .iter()
            .map(|t| t.text)
            .collect::<Vec<_>>()
            .join(" ");
        Position::from_fen(&fen).map_err(ProtocolError::BadFen)?
    } else {
        return Err(ProtocolError::MissingPosition);
    };
    let mut moves = Vec::new();
    let mut garbled = None;
    if let Some(i) = moves_at {
        for t in &tokens[i + 1..] {
            match parse_iccs_syntax(t.text) {
                Ok(m) => moves.push(m),
                Err(_) => {
                    garbled = Some(quote(t.text));
                    break;
                }
            }
        }
    }
    Ok(PositionSpec {
        base,
        moves,
        garbled,
    })
}

fn parse_go(rest: &[Token<'_>]) -> Result<Command, ProtocolError> {
    let mut g = GoParams::default();
    let mut i = 0;
    while i < rest.len() {
        let key = rest[i].text.to_ascii_lowercase();
        let next = rest.get(i + 1);
        i += 1;
        match key.as_str() {
            "ponder" => g.ponder = true,
            "draw" => g.draw = true,
            "infinite" => g.infinite = true,
            "depth" => g.depth = Some(parse_required(next, "depth")?),
            "nodes" => g.nodes = Some(parse_required(next, "nodes")?),
            "mate" => g.mate = Some(parse_required(next, "mate")?),
            "movestogo" => g.movestogo = Some(parse_required(next, "movestogo")?),
            "oppmovestogo" => g.oppmovestogo = Some(parse_required(next, "oppmovestogo")?),
            "perft" => g.perft = Some(parse_required(next, "perft")?),
            "movetime" => g.movetime = Some(parse_time(next, "movetime")?),
            "wtime" => g.wtime = Some(parse_time(next, "wtime")?),
            "btime" => g.btime = Some(parse_time(next, "btime")?),
            "winc" => g.winc = Some(parse_time(next, "winc")?),
            "binc" => g.binc = Some(parse_time(next, "binc")?),
            "time" => g.time = Some(parse_time(next, "time")?),
            "increment" => g.increment = Some(parse_time(next, "increment")?),
            "opptime" => g.opptime = Some(parse_time(next, "opptime")?),
            "oppincrement" => g.oppincrement = Some(parse_time(next, "oppincrement")?),
            "searchmoves" => {
                // Every following token that is a move.
                while let Some(t) = rest.get(i) {
                    match parse_iccs_syntax(t.text) {
                        Ok(m) => g.searchmoves.push(m),
                        Err(_) => break,
                    }
                    i += 1;
                }
                continue;
            }
            _ => {
                return Err(ProtocolError::UnknownParameter {
                    command: "go",
                    token: rest[i - 1].text.to_string(),
                })
            }
        }
        // Keywords with a value consume it.
        if !matches!(key.as_str(), "ponder" | "draw" | "infinite") {
            i += 1;
        }
    }
    Ok(match g.perft {
        Some(n) => Command::Perft(n),
        None => Command::Go(g),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Result<Command, ProtocolError> {
        Command::parse(line, Dialect::Ucci)
    }

    #[test]
    fn handshakes_and_simple() {
        assert!(matches!(parse("ucci"), Ok(Command::Ucci)));
        assert!(matches!(parse("  UCI \r"), Ok(Command::Uci)));
        assert!(matches!(parse("isready"), Ok(Command::IsReady)));
        assert!(matches!(parse("quit"), Ok(Command::Quit)));
        assert!(matches!(
            parse("ponderhit draw"),
            Ok(Command::PonderHit { draw: true })
        ));
        assert_eq!(parse("").err(), Some(ProtocolError::Empty));
        assert_eq!(parse(" \t \r").err(), Some(ProtocolError::Empty));
        assert!(matches!(
            parse("xyzzy"),
            Err(ProtocolError::UnknownCommand(_))
        ));
    }

    #[test]
    fn setoption_both_forms() {
        match parse("setoption hashsize 64") {
            Ok(Command::SetOption { name, value }) => {
                assert_eq!(name, "hashsize");
                assert_eq!(value.as_deref(), Some("64"));
            }
            other => panic!("{other:?}"),
        }
        match parse("setoption name Move Overhead value 30") {
            Ok(Command::SetOption { name, value }) => {
                assert_eq!(name, "Move Overhead");
                assert_eq!(value.as_deref(), Some("30"));
            }
            other => panic!("{other:?}"),
        }
        match parse("setoption bookfiles C:\\My Books\\a.obk") {
            Ok(Command::SetOption { value, .. }) => {
                assert_eq!(value.as_deref(), Some("C:\\My Books\\a.obk"))
            }
            other => panic!("{other:?}"),
        }
        match parse("setoption name Clear Hash") {
            Ok(Command::SetOption { name, value }) => {
                assert_eq!(name, "Clear Hash");
                assert_eq!(value, None);
            }
            other => panic!("{other:?}"),
        }
        assert!(parse("setoption").is_err());
        assert!(parse("setoption name value 3").is_err());
    }

    #[test]
    fn positions() {
        match parse("position startpos moves h2e2 h9g7") {
            Ok(Command::Position(p)) => assert_eq!(p.moves.len(), 2),
            other => panic!("{other:?}"),
        }
        match parse("fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves h2e2 zz h9g7") {
            Ok(Command::Position(p)) => {
                assert_eq!(p.moves.len(), 1);
                assert_eq!(p.garbled.as_deref(), Some("zz"));
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(parse("startpos"), Ok(Command::Position(_))));
        assert!(matches!(
            parse("position fen 9/9 w"),
            Err(ProtocolError::BadFen(_))
        ));
        assert!(matches!(
            parse("position"),
            Err(ProtocolError::MissingPosition)
        ));
        assert!(matches!(parse("probe startpos"), Ok(Command::Probe(_))));
    }

    #[test]
    fn go_forms() {
        let go = |l: &str| match parse(l) {
            Ok(Command::Go(g)) => g,
            other => panic!("{l}: {other:?}"),
        };
        let g = go("go time 300 increment 2 opptime 200 oppincrement 3");
        assert_eq!(g.time, Some(300.0));
        assert_eq!(g.increment, Some(2.0));
        assert_eq!(g.opptime, Some(200.0));
        assert_eq!(g.oppincrement, Some(3.0));
        let g = go("go ponder time 10 movestogo 5 opptime 10 oppmovestogo 4");
        assert!(g.ponder);
        assert_eq!(g.movestogo, Some(5));
        assert_eq!(g.oppmovestogo, Some(4));
        let g = go("go wtime 1000 btime -5 winc 10 binc 10 searchmoves h2e2 b2e2 depth 3");
        assert_eq!(g.btime, Some(0.0));
        assert_eq!(g.searchmoves.len(), 2);
        assert_eq!(g.depth, Some(3));
        assert!(!go("go").has_limit());
        assert!(go("go draw depth 5").draw);
        assert!(matches!(parse("go perft 3"), Ok(Command::Perft(3))));
        assert!(matches!(
            parse("go depth"),
            Err(ProtocolError::MissingValue { .. })
        ));
        assert!(matches!(
            parse("go depth -1"),
            Err(ProtocolError::BadNumber { .. })
        ));
        assert!(matches!(
            parse("go nodes 999999999999999999999999"),
            Err(ProtocolError::BadNumber { .. })
        ));
        assert!(matches!(
            parse("go time nan"),
            Err(ProtocolError::BadNumber { .. })
        ));
        assert!(matches!(
            parse("go fly"),
            Err(ProtocolError::UnknownParameter { .. })
        ));
    }

    /// Whatever the bytes, parsing returns (it never panics).
    #[test]
    fn never_panics() {
        let mut x: u64 = 0x1234_5678_9abc_def1;
        let words = [
            "go",
            "position",
            "fen",
            "startpos",
            "moves",
            "setoption",
            "name",
            "value",
            "depth",
            "time",
            "h2e2",
            "-",
            "w",
            "9",
            "searchmoves",
            "banmoves",
            "perft",
            "bench",
            "é",
        ];
        for _ in 0..20_000 {
            let mut line = String::new();
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let n = (x % 9) as usize;
            for i in 0..n {
                let w = words[((x >> (i * 5)) % words.len() as u64) as usize];
                line.push_str(w);
                if (x >> (i + 40)) & 1 == 1 {
                    line.push(char::from_u32(((x >> 20) % 0x2000) as u32).unwrap_or(' '));
                }
                line.push(' ');
            }
            let _ = Command::parse(&line, Dialect::Ucci);
            let _ = Command::parse(&line, Dialect::Uci);
        }
    }

    #[test]
    fn banmoves() {
        assert!(matches!(parse("banmoves h2e2 b2e2"), Ok(Command::BanMoves(v)) if v.len() == 2));
        assert!(matches!(
            parse("banmoves h2e2 x"),
            Err(ProtocolError::BadMove(_))
        ));
    }
}
