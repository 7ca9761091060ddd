//! The text source of Chuhan's book (`book/openings.txt`) and its compiler.
//!
//! One variation per line, from the standard start position:
//!
//! ```text
//! # 中炮对屏风马                       <- a header: the opening the following lines belong to
//! ; a comment                          <- lines starting with ';' are ignored, as are blank lines
//! 10: 炮二平五 马8进7 马二进三 车9平8   <- weight, colon, moves
//! 炮二平五 马8进7 h0g2 h9i9             <- no weight: 10; moves may be Chinese, WXF or ICCS
//! ```
//!
//! Moves are separated by spaces; move numbers such as `1.` are skipped. A weight is 1–1000.
//! A book move's weight is the sum of the weights of the lines that play it in that position
//! (mirror images count as the same position), capped at 65535.

use super::{key, Book};
use crate::board::Position;
use crate::notation::parse_move;
use crate::types::Move;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt;

/// Weight of a line that does not give one.
pub const DEFAULT_WEIGHT: u16 = 10;

/// One variation of the source.
#[derive(Clone, Debug)]
pub struct Variation {
    /// The opening header it stands under ("" before the first header).
    pub opening: String,
    /// 1-based line number in the source.
    pub line_no: usize,
    /// Its weight.
    pub weight: u16,
    /// Its moves from the start position.
    pub moves: Vec<Move>,
}

/// A problem at one line of the source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceIssue {
    /// 1-based line number.
    pub line_no: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for SourceIssue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line_no, self.message)
    }
}

/// The result of compiling a source.
#[derive(Clone, Debug)]
pub struct Compiled {
    /// The book (entries from every valid line; invalid lines are left out).
    pub book: Book,
    /// The valid variations.
    pub variations: Vec<Variation>,
    /// Lines that could not be used (bad weight, unknown or illegal move).
    pub errors: Vec<SourceIssue>,
    /// Duplicate lines (also as mirror images), lines contained in longer ones, and conflicts
    /// (a line that repeats a position of its own).
    pub warnings: Vec<SourceIssue>,
    /// Opening names with their number of valid variations, in order of first appearance (a
    /// name may head several sections).
    pub openings: Vec<(String, usize)>,
}

fn parse_line(text: &str) -> Result<(u16, Vec<&str>), String> {
    let (weight, rest) = match text.split_once([':', '：']) {
        Some((w, rest)) => {
            let w: u32 = w
                .trim()
                .parse()
                .map_err(|_| format!("weight {:?} is not a number", w.trim()))?;
            if !(1..=1000).contains(&w) {
                return Err(format!("weight {w} is outside 1–1000"));
            }
            (w as u16, rest)
        }
        None => (DEFAULT_WEIGHT, text),
    };
    let moves: Vec<&str> = rest
        .split_whitespace()
        .filter(|t| {
            !(t.ends_with('.') && t.trim_end_matches('.').chars().all(|c| c.is_ascii_digit()))
        })
        .collect();
    if moves.is_empty() {
        return Err("no moves".to_string());
    }
    Ok((weight, moves))
}

/// Compiles a book source (see the module docs).
pub fn compile(text: &str) -> Compiled {
    let mut opening = String::new();
    let mut openings: Vec<(String, usize)> = Vec::new();
    let mut variations = Vec::new();
    let mut errors = Vec::new();
    let mut warnings = Vec::new();
    let mut weights: BTreeMap<(u64, u16), u32> = BTreeMap::new();
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = raw.trim().trim_start_matches('\u{feff}');
        if line.is_empty() || line.starts_with(';') {
            continue;
        }
        if let Some(name) = line.strip_prefix('#') {
            opening = name.trim().to_string();
            if !openings.iter().any(|(n, _)| *n == opening) {
                openings.push((opening.clone(), 0));
            }
            continue;
        }
        let (weight, tokens) = match parse_line(line) {
            Ok(x) => x,
            Err(message) => {
                errors.push(SourceIssue { line_no, message });
                continue;
            }
        };
        let mut pos = Position::startpos();
        let mut moves = Vec::with_capacity(tokens.len());
        let mut seen = HashSet::new();
        seen.insert(key::normalized(&pos).0);
        let mut failed = None;
        for (ply, tok) in tokens.iter().enumerate() {
            match parse_move(&pos, tok) {
                Ok(mv) => {
                    moves.push(mv);
                    pos.make_move(mv);
                    if !seen.insert(key::normalized(&pos).0) {
                        warnings.push(SourceIssue {
                            line_no,
                            message: format!(
                                "conflict: {tok} (ply {}) repeats a position",
                                ply + 1
                            ),
                        });
                    }
                }
                Err(e) => {
                    failed = Some(format!("ply {}: {tok}: {e}", ply + 1));
                    break;
                }
            }
        }
        if let Some(message) = failed {
            errors.push(SourceIssue { line_no, message });
            continue;
        }
        let mut pos = Position::startpos();
        for &mv in &moves {
            let (k, mirrored) = key::normalized(&pos);
            *weights
                .entry((k, key::orient(mv, mirrored).to_u16()))
                .or_insert(0) += u32::from(weight);
            pos.make_move(mv);
        }
        if let Some(entry) = openings.iter_mut().find(|(n, _)| *n == opening) {
            entry.1 += 1;
        }
        variations.push(Variation {
            opening: opening.clone(),
            line_no,
            weight,
            moves,
        });
    }
    find_duplicates(&variations, &mut warnings);
    let entries = weights
        .into_iter()
        .map(|((k, mv), w)| (k, mv, w.min(u32::from(u16::MAX)) as u16))
        .collect();
    Compiled {
        book: Book::from_chuhan_entries(entries),
        variations,
        errors,
        warnings,
        openings,
    }
}

/// A variation's moves as codes, in whichever of its two mirror orientations sorts first.
fn canonical(moves: &[Move]) -> Vec<u16> {
    let a: Vec<u16> = moves.iter().map(|m| m.to_u16()).collect();
    let b: Vec<u16> = moves.iter().map(|m| m.mirror_file().to_u16()).collect();
    a.min(b)
}

fn find_duplicates(variations: &[Variation], warnings: &mut Vec<SourceIssue>) {
    let mut by_seq: HashMap<Vec<u16>, usize> = HashMap::new();
    let mut seqs: Vec<(Vec<u16>, usize)> = Vec::with_capacity(variations.len());
    for v in variations {
        let seq = canonical(&v.moves);
        if let Some(first) = by_seq.get(&seq) {
            warnings.push(SourceIssue {
                line_no: v.line_no,
                message: format!("duplicate of line {first} (or of its mirror image)"),
            });
        } else {
            by_seq.insert(seq.clone(), v.line_no);
            seqs.push((seq, v.line_no));
        }
    }
    seqs.sort();
    for pair in seqs.windows(2) {
        let (short, long) = (&pair[0], &pair[1]);
        if long.0.starts_with(&short.0) {
            warnings.push(SourceIssue {
                line_no: short.1,
                message: format!("contained in the longer line {}", long.1),
            });
        }
    }
}
