//! Output text: everything that differs between UCCI and UCI on the way out lives here.

use super::options::{OptionKind, OptionSpec, OPTIONS};
use super::Dialect;
use crate::board::Position;
use crate::engine::BenchReport;
pub use crate::engine::Offer;
use crate::movegen::perft::PerftReport;
use crate::search::{Bound, IterationInfo, Score, MATE_BOUND};
use crate::types::Move;
use std::fmt::Write as _;

/// The author line's text.
pub const AUTHOR: &str = "the Chuhan developers";

/// The handshake answer: `id` lines, options, then `ucciok` / `uciok`.
pub fn handshake(dialect: Dialect) -> Vec<String> {
    let mut lines = vec![
        format!("id name {}", crate::ENGINE_NAME),
        format!("id author {AUTHOR}"),
    ];
    lines.extend(OPTIONS.iter().filter_map(|o| option_line(o, dialect)));
    #[cfg(feature = "tune")]
    lines.extend(crate::search::params::ALL.iter().map(|p| {
        let (name, d, min, max) = (p.name(), p.default(), p.min(), p.max());
        match dialect {
            Dialect::Ucci => format!("option {name} type spin min {min} max {max} default {d}"),
            Dialect::Uci => format!("option name {name} type spin default {d} min {min} max {max}"),
        }
    }));
    lines.push(
        match dialect {
            Dialect::Ucci => "ucciok",
            Dialect::Uci => "uciok",
        }
        .to_string(),
    );
    lines
}

/// One `option` line (UCCI: `option <name> type …`; UCI: `option name <Name> type …`).
pub fn option_line(spec: &OptionSpec, dialect: Dialect) -> Option<String> {
    let mut s = match dialect {
        Dialect::Ucci => format!("option {}", spec.ucci?),
        Dialect::Uci => format!("option name {}", spec.uci?),
    };
    match spec.kind {
        OptionKind::Check(d) => {
            let _ = write!(s, " type check default {d}");
        }
        OptionKind::Spin { default, min, max } => {
            let _ = write!(s, " type spin default {default} min {min} max {max}");
            if dialect == Dialect::Ucci {
                // ElephantEye's order: min, max, default.
                s = format!(
                    "option {} type spin min {min} max {max} default {default}",
                    spec.ucci?
                );
            }
        }
        OptionKind::Button => s.push_str(" type button"),
        OptionKind::Text(d) => {
            let d = if d.is_empty() { "<empty>" } else { d };
            let _ = write!(s, " type string default {d}");
        }
        OptionKind::Combo { default, vars } => match dialect {
            Dialect::Uci => {
                let _ = write!(s, " type combo default {default}");
                for v in vars {
                    let _ = write!(s, " var {v}");
                }
            }
            Dialect::Ucci => {
                s.push_str(" type combo");
                for v in vars {
                    let _ = write!(s, " var {v}");
                }
                let _ = write!(s, " default {default}");
            }
        },
    }
    Some(s)
}

/// A diagnostic line: `info string …` (UCI) or `info message …` (UCCI), always one line.
pub fn message(dialect: Dialect, text: &str) -> String {
    let text: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    match dialect {
        Dialect::Ucci => format!("info message {text}"),
        Dialect::Uci => format!("info string {text}"),
    }
}

fn push_pv(s: &mut String, pv: &[Move]) {
    if !pv.is_empty() {
        s.push_str(" pv");
        for m in pv {
            let _ = write!(s, " {m}");
        }
    }
}

/// The UCI score field: `cp <s>` or `mate <moves>`, plus a bound marker.
pub fn uci_score(score: Score, bound: Bound) -> String {
    let mut s = match crate::search::mate_in_moves(score) {
        Some(m) if score.abs() > MATE_BOUND => format!("mate {m}"),
        _ => format!("cp {score}"),
    };
    match bound {
        Bound::Exact => {}
        Bound::Lower => s.push_str(" lowerbound"),
        Bound::Upper => s.push_str(" upperbound"),
    }
    s
}

/// The lines for one iteration report; `lines` is the MultiPV setting.
///
/// UCCI: `info depth <d> [multipv <k>] score <s> pv …` then `info time <ms> nodes <n>`; the
/// score is a plain number (mate = ±(MATE − plies)), and the line index `multipv <k>` is
/// given when more than one line is asked for. UCI: one line with depth, seldepth, multipv,
/// score, nodes, nps, hashfull, time, pv.
pub fn iteration(dialect: Dialect, info: &IterationInfo, lines: usize) -> Vec<String> {
    let ms = info.elapsed.as_millis();
    match dialect {
        Dialect::Ucci => {
            let mut s = format!("info depth {}", info.depth);
            if lines > 1 {
                let _ = write!(s, " multipv {}", info.multipv.max(1));
            }
            let _ = write!(s, " score {}", info.score);
            push_pv(&mut s, &info.pv);
            vec![s, format!("info time {ms} nodes {}", info.nodes)]
        }
        Dialect::Uci => {
            let mut s = format!(
                "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} time {ms}",
                info.depth,
                info.seldepth.max(info.depth),
                info.multipv.max(1),
                uci_score(info.score, info.bound),
                info.nodes,
                info.nps(),
                info.hashfull.min(1000),
            );
            push_pv(&mut s, &info.pv);
            vec![s]
        }
    }
}

/// The `info` line printed before a book move, so that GUIs showing the engine's line show
/// the book move: `info depth 0 score 0 pv <m>` (UCI: `score cp 0`).
pub fn book_info(dialect: Dialect, mv: Move) -> String {
    match dialect {
        Dialect::Ucci => format!("info depth 0 score 0 pv {mv}"),
        Dialect::Uci => format!("info depth 0 score cp 0 pv {mv}"),
    }
}

/// The `perft` report: `move: count` for each root move counted, a blank line, then
/// `Nodes searched: N`.
pub fn perft_report(report: &PerftReport) -> Vec<String> {
    let mut lines: Vec<String> = report
        .divide
        .iter()
        .map(|(mv, n)| format!("{mv}: {n}"))
        .collect();
    lines.push(String::new());
    lines.push(format!("Nodes searched: {}", report.nodes));
    lines
}

/// The bench report of both `chuhan bench` and the engine's `bench` command; the last line,
/// `Nodes searched: N`, is the signature.
pub fn bench_report(report: &BenchReport) -> Vec<String> {
    vec![
        format!("Positions: {}  Depth: {}", report.positions, report.depth),
        format!("Time (ms): {}", report.elapsed.as_millis()),
        format!("Nodes/second: {}", report.nodes_per_second()),
        format!("Nodes searched: {}", report.nodes),
    ]
}

/// `info currmove …` line.
pub fn current_move(dialect: Dialect, mv: Move, number: u32, depth: u32) -> String {
    match dialect {
        Dialect::Ucci => format!("info currmove {mv} currmovenumber {number}"),
        Dialect::Uci => format!("info depth {depth} currmove {mv} currmovenumber {number}"),
    }
}

/// `bestmove <m> [ponder <m>] [draw|resign]`, or the no-move answer when `best` is `None`
/// (UCCI `nobestmove`, UCI `bestmove (none)`).
pub fn bestmove(
    dialect: Dialect,
    best: Option<Move>,
    ponder: Option<Move>,
    offer: Offer,
) -> String {
    let Some(best) = best else {
        return no_move(dialect);
    };
    let mut s = format!("bestmove {best}");
    if let Some(p) = ponder {
        let _ = write!(s, " ponder {p}");
    }
    if dialect == Dialect::Ucci {
        match offer {
            Offer::None => {}
            Offer::Draw => s.push_str(" draw"),
            Offer::Resign => s.push_str(" resign"),
        }
    }
    s
}

/// The answer when there is no move to play.
pub fn no_move(dialect: Dialect) -> String {
    match dialect {
        Dialect::Ucci => "nobestmove".to_string(),
        Dialect::Uci => "bestmove (none)".to_string(),
    }
}

/// `pophash …` for UCCI `probe` (empty `pophash` when nothing is stored).
pub fn pophash(probe: Option<&crate::search::HashProbe>) -> String {
    let mut s = "pophash".to_string();
    if let Some(p) = probe {
        if let Some(m) = p.best_move {
            let _ = write!(s, " bestmove {m}");
        }
        if matches!(p.bound, Bound::Lower | Bound::Exact) {
            let _ = write!(s, " lowerbound {} depth {}", p.score, p.depth);
        }
        if matches!(p.bound, Bound::Upper | Bound::Exact) {
            let _ = write!(s, " upperbound {} depth {}", p.score, p.depth);
        }
    }
    s
}

/// The `d` command: the board diagram, FEN and key, and the banned moves if any.
pub fn display(pos: &Position, ban_moves: &[Move]) -> Vec<String> {
    let mut lines: Vec<String> = pos.to_string().lines().map(str::to_string).collect();
    lines.push(format!("Side to move: {}", pos.side_to_move()));
    if !ban_moves.is_empty() {
        let list: Vec<String> = ban_moves.iter().map(Move::to_string).collect();
        lines.push(format!("Banned moves: {}", list.join(" ")));
    }
    lines
}

/// The `eval` command. Add terms here as the evaluation exposes them.
pub fn eval_report(pos: &Position) -> Vec<String> {
    crate::eval::trace(pos)
        .to_string()
        .lines()
        .map(str::to_string)
        .collect()
}

/// The `help` text.
pub fn help() -> Vec<String> {
    [
        "Commands (UCCI and UCI; moves in ICCS coordinates such as h2e2):",
        "  ucci | uci                  handshake; the first one chooses the dialect",
        "  isready                     answers readyok (also while thinking)",
        "  setoption <name> [<value>]  UCCI form; UCI form: setoption name <N> [value <V>]",
        "  ucinewgame                  new game (UCCI: setoption newgame)",
        "  position {startpos | fen <FEN>} [moves m1 m2 ...]   (also bare fen/startpos lines)",
        "  banmoves m1 m2 ...          UCCI: forbid these root moves in the next search",
        "  go [ponder|draw] [depth d | nodes n | movetime ms | infinite | mate n",
        "     | time t [movestogo m | increment i]",
        "     | wtime w btime b [winc i binc i] [movestogo m]] [searchmoves m1 ...]",
        "  go perft <n> | perft <n>    move-path enumeration with per-move counts",
        "  ponderhit [draw] | stop     pondering / stopping",
        "  probe {startpos | fen <FEN>} [moves ...]   UCCI: show the hash entry (pophash)",
        "  d | eval | bench [depth]    board, static evaluation, benchmark",
        "  debug [on | off]           extra diagnostics (UCCI: setoption debug true)",
        "  quit                        exit (UCCI answers bye)",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::MATE;
    use std::time::Duration;

    #[test]
    fn handshakes() {
        let ucci = handshake(Dialect::Ucci);
        assert_eq!(ucci.last().map(String::as_str), Some("ucciok"));
        assert!(ucci.contains(&"option usemillisec type check default false".to_string()));
        assert!(ucci.contains(&"option hashsize type spin min 1 max 4096 default 16".to_string()));
        assert!(ucci
            .iter()
            .all(|l| !l.contains(" name ") || l.starts_with("id")));
        let uci = handshake(Dialect::Uci);
        assert_eq!(uci.last().map(String::as_str), Some("uciok"));
        assert!(uci.contains(&"option name Hash type spin default 16 min 1 max 4096".to_string()));
        assert!(uci
            .iter()
            .any(|l| l == "option name Clear Hash type button"));
    }

    #[test]
    fn scores() {
        assert_eq!(uci_score(35, Bound::Exact), "cp 35");
        assert_eq!(uci_score(MATE - 3, Bound::Exact), "mate 2");
        assert_eq!(uci_score(-(MATE - 2), Bound::Lower), "mate -1 lowerbound");
        let info = IterationInfo {
            depth: 3,
            seldepth: 5,
            multipv: 1,
            score: MATE - 1,
            bound: Bound::Exact,
            nodes: 1000,
            elapsed: Duration::from_millis(10),
            hashfull: 3,
            pv: vec![],
        };
        assert_eq!(
            iteration(Dialect::Ucci, &info, 1)[0],
            "info depth 3 score 29999"
        );
        assert_eq!(
            iteration(Dialect::Ucci, &info, 3)[0],
            "info depth 3 multipv 1 score 29999"
        );
        assert_eq!(message(Dialect::Ucci, "a\nb"), "info message a b");
        assert_eq!(
            bestmove(Dialect::Uci, None, None, Offer::None),
            "bestmove (none)"
        );
        assert_eq!(
            bestmove(Dialect::Ucci, None, None, Offer::None),
            "nobestmove"
        );
    }
}
