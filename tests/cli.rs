//! The `chuhan` command line: perft output, `analyze` output, and error handling.

use std::process::Command;

fn chuhan(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_chuhan"))
        .args(args)
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn perft_divide_lines_and_total() {
    let (code, out, _) = chuhan(&["perft", "3", "--divide"]);
    assert_eq!(code, 0);
    let is_move_line = |l: &&str| {
        let b = l.as_bytes();
        b.len() > 6 && b[4] == b':' && (b'a'..=b'i').contains(&b[0]) && b[1].is_ascii_digit()
    };
    let divide: Vec<&str> = out.lines().filter(is_move_line).collect();
    assert_eq!(divide.len(), 44);
    assert!(divide.iter().any(|l| l.starts_with("h2e2: ")));
    let sum: u64 = divide
        .iter()
        .map(|l| l[6..].trim().parse::<u64>().expect("count"))
        .sum();
    assert_eq!(sum, 79666);
    assert!(out.contains("Nodes searched: 79666"));
    assert!(out.contains("nodes/s"));
}

#[test]
fn perft_with_fen_and_threads() {
    let fen = "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1";
    let (code, out, _) = chuhan(&["perft", "4", "--fen", fen, "--threads", "2"]);
    assert_eq!(code, 0);
    assert!(out.contains("Nodes searched: 326201"), "{out}");
}

#[test]
fn bad_input_exits_nonzero_with_message() {
    let (code, _, err) = chuhan(&["perft", "3", "--fen", "rnbakabnr/9/1c5c1/zzz w"]);
    assert_ne!(code, 0);
    assert!(err.contains("invalid FEN"), "{err}");
    let (code, _, err) = chuhan(&["perft", "deep"]);
    assert_ne!(code, 0);
    assert!(!err.is_empty());
    let (code, _, err) = chuhan(&["perft", "40"]);
    assert_ne!(code, 0);
    assert!(err.contains("too deep"), "{err}");
}

// ----- chuhan analyze -----

/// A middlegame with Red to move (a horse and a cannon each gone).
const FEN: &str = "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 4 3";

#[test]
fn analyze_draws_the_board_and_prints_lines() {
    let (code, out, err) = chuhan(&["analyze", "--fen", FEN, "--depth", "2"]);
    assert_eq!(code, 0, "{err}");
    // Not a terminal: no progress line on stderr.
    assert!(err.is_empty(), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    // Black's file numbers on top, Red's at the bottom, ICCS ranks on both sides.
    assert!(
        lines[0].starts_with("    1   2   3   4   5   6   7   8   9"),
        "{out}"
    );
    assert_eq!(lines[1], " 9 [车]-+--[象][士][将][士][象]-+--[车] 9");
    assert!(
        lines.contains(&"    a   b   c   d   e   f   g   h   i"),
        "{out}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("    九  八  七  六  五  四  三  二  一")),
        "{out}"
    );
    assert!(
        out.contains(" 0 (车)(马)(相)(仕)(帅)(仕)(相)-+--(车) 0"),
        "{out}"
    );
    assert!(out.contains(&format!("FEN: {FEN}")), "{out}");
    assert!(out.contains("Red to move"), "{out}");

    // Lines: depth, score, time, nodes, then moves numbered from move 3 in Chinese + ICCS.
    let analysis: Vec<&str> = lines
        .iter()
        .skip_while(|l| !l.contains("principal variation"))
        .skip(1)
        .take_while(|l| !l.is_empty())
        .copied()
        .collect();
    assert!(!analysis.is_empty(), "{out}");
    for l in &analysis {
        let fields: Vec<&str> = l.split_whitespace().collect();
        assert!(fields.len() >= 6, "{l}");
        let (d, sel) = fields[0].split_once('/').expect("depth/seldepth");
        assert!(d.parse::<u32>().is_ok_and(|d| (1..=2).contains(&d)), "{l}");
        assert!(sel.parse::<u32>().is_ok(), "{l}");
        assert!(fields[2].ends_with('s'), "{l}");
        assert_eq!(fields[4], "3.", "{l}");
        let (cn, iccs) = fields[5].split_once('(').expect("Chinese(ICCS)");
        assert_eq!(cn.chars().count(), 4, "{l}");
        assert!(cn.chars().all(|c| !c.is_ascii()), "{l}");
        assert!(iccs.ends_with(')') && iccs.len() == 5, "{l}");
    }
    assert!(out.contains("Best move: 3. "), "{out}");
}

#[test]
fn analyze_rejects_bad_input_with_exit_code_2() {
    let (code, out, err) = chuhan(&["analyze", "--fen", "rnbakabnr/9/zzz w", "--depth", "2"]);
    assert_eq!(code, 2);
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("invalid FEN"), "{err}");

    let (code, _, err) = chuhan(&["analyze", "--moves", "h2e2 h9g7 h2h8", "--depth", "2"]);
    assert_eq!(code, 2);
    assert!(err.contains("move 3") && err.contains("h2h8"), "{err}");

    let (code, _, err) = chuhan(&["analyze", "--time", "soon"]);
    assert_eq!(code, 2);
    assert!(!err.is_empty());

    let (code, _, _) = chuhan(&["analyze", "--depth", "3", "--time", "1"]);
    assert_eq!(code, 2);
}

#[test]
fn analyze_a_mated_side() {
    // The rook on e8 is guarded by the facing kings, the other rook holds f9, the horse d9.
    let fen = "4k4/1N2R4/9/9/9/9/9/9/9/4KR3 b - - 0 1";
    let (code, out, err) = chuhan(&["analyze", "--fen", fen, "--depth", "2"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Black to move, in check"), "{out}");
    assert!(
        out.contains("No legal move: Black has lost (checkmate)"),
        "{out}"
    );
}

/// `chuhan bench` and the engine's `bench` command are one implementation with one output:
/// the same lines, ending with the parseable `Nodes searched: N`.
#[test]
fn bench_subcommand_and_engine_command_agree() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::Stdio;
    let (code, out, _) = chuhan(&["bench", "3"]);
    assert_eq!(code, 0);
    let cli: Vec<&str> = out.lines().collect();
    let last = cli.last().copied().unwrap_or_default();
    let nodes: u64 = last
        .strip_prefix("Nodes searched: ")
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("last line {last:?}"));
    assert!(nodes > 0);
    let mut child = Command::new(env!("CARGO_BIN_EXE_chuhan"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let stdout = child.stdout.take().expect("stdout");
    let _ = stdin.write_all(b"bench 3\n");
    let _ = stdin.flush();
    // Read until the bench's last line (quit would stop the bench).
    let mut text = String::new();
    for line in BufReader::new(stdout).lines() {
        let Ok(line) = line else { break };
        text.push_str(&line);
        text.push('\n');
        if line.starts_with("Nodes searched") {
            break;
        }
    }
    let _ = stdin.write_all(b"quit\n");
    drop(stdin);
    let _ = child.wait();
    let engine: Vec<&str> = text.lines().filter(|l| !l.starts_with("info")).collect();
    assert_eq!(engine.len(), cli.len(), "{text}");
    for (a, b) in engine.iter().zip(&cli) {
        let key = |l: &str| l.split(':').next().unwrap_or_default().to_string();
        assert_eq!(key(a), key(b), "{text}");
    }
    assert_eq!(engine.last().copied(), Some(last), "same signature: {text}");
}
