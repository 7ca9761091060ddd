//! The `chuhan` command line: perft output and error handling.

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
