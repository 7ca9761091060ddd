//! Playing levels as GUIs set them: UCCI `setoption level N`, UCI `Skill Level`,
//! `UCI_LimitStrength` and `UCI_Elo` (the same levels as the web board's).

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

fn session(input: &str) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chuhan"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start chuhan");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(input.as_bytes()).expect("write");
    let waits = input.contains("\ngo ");
    let mut lines = Vec::new();
    let reader = BufReader::new(child.stdout.take().expect("stdout"));
    let mut stdin = Some(stdin);
    if !waits {
        if let Some(mut s) = stdin.take() {
            let _ = s.write_all(b"quit\n");
        }
    }
    for line in reader.lines().map_while(Result::ok) {
        let done = line.starts_with("bestmove");
        lines.push(line);
        // Quit only after the answer: a quit while thinking stops the search at once.
        if done {
            if let Some(mut s) = stdin.take() {
                let _ = s.write_all(b"quit\n");
            }
        }
    }
    let _ = child.wait();
    lines
}

fn bestmove(lines: &[String]) -> String {
    lines
        .iter()
        .find_map(|l| l.strip_prefix("bestmove "))
        .map(|m| m.split_whitespace().next().unwrap_or("").to_string())
        .unwrap_or_else(|| panic!("no bestmove in {lines:?}"))
}

const OUT_OF_BOOK: &str = "position startpos moves a3a4 a6a5 i3i4";

#[test]
fn options_are_advertised() {
    let uci = session("uci\n");
    for name in ["Skill Level", "UCI_LimitStrength", "UCI_Elo"] {
        assert!(
            uci.iter()
                .any(|l| l.starts_with(&format!("option name {name} type"))),
            "{name}: {uci:?}"
        );
    }
    let ucci = session("ucci\n");
    assert!(
        ucci.iter().any(|l| l.starts_with("option level type spin")),
        "{ucci:?}"
    );
}

#[test]
fn a_low_level_plays_a_legal_move_quickly_and_deterministically() {
    let input = format!("uci\nsetoption name Skill Level value 2\n{OUT_OF_BOOK}\ngo depth 20\n");
    let a = session(&input);
    let b = session(&input);
    let mv = bestmove(&a);
    assert_eq!(mv, bestmove(&b), "same session, same move");
    assert_eq!(mv.len(), 4, "{a:?}");
    // The level's depth cap (2 plies at level 2) applies although the GUI asked for 20.
    let deepest = a
        .iter()
        .filter_map(|l| l.strip_prefix("info depth "))
        .filter_map(|r| r.split_whitespace().next()?.parse::<u32>().ok())
        .max()
        .unwrap_or(0);
    assert!((1..=2).contains(&deepest), "{a:?}");
    // Several lines are searched to choose from.
    assert!(a.iter().any(|l| l.contains(" multipv 4 ")), "{a:?}");
}

#[test]
fn elo_and_ucci_level_work_and_full_strength_is_unchanged() {
    let elo = session(&format!(
        "uci\nsetoption name UCI_LimitStrength value true\nsetoption name UCI_Elo value 1000\n\
         {OUT_OF_BOOK}\ngo depth 20\n"
    ));
    assert_eq!(bestmove(&elo).len(), 4);
    assert!(elo.iter().any(|l| l.contains(" multipv 4 ")), "{elo:?}");

    let ucci = session(&format!(
        "ucci\nsetoption level 99\nsetoption level 3\n{OUT_OF_BOOK}\ngo depth 20\n"
    ));
    assert!(
        ucci.iter().any(|l| l.contains("out of range")),
        "level 99 is reported: {ucci:?}"
    );
    assert_eq!(bestmove(&ucci).len(), 4);

    // Level 20 (and the default) search as before: one line, the requested depth.
    let full = session(&format!(
        "uci\nsetoption name Skill Level value 20\n{OUT_OF_BOOK}\ngo depth 6\n"
    ));
    let plain = session(&format!("uci\n{OUT_OF_BOOK}\ngo depth 6\n"));
    assert_eq!(bestmove(&full), bestmove(&plain));
    assert!(!full.iter().any(|l| l.contains(" multipv 2 ")));
}
