//! `tools/label.py` with the real engine as the teacher (two at once): targets from Red's
//! view in input order, the game result blended in by `--result-weight`, bad lines skipped
//! with a message, a teacher that does not answer killed after `--timeout` and restarted.
//!
//! Needs a Python 3 interpreter (`python3`, or `python` where that is Python 3, as on Windows).

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A Python 3 interpreter, or `None` when the machine has none.
fn python() -> Option<&'static str> {
    ["python3", "python"].into_iter().find(|p| {
        Command::new(p)
            .args(["-c", "import sys; sys.exit(sys.version_info[0] != 3)"])
            .status()
            .is_ok_and(|s| s.success())
    })
}

/// Runs the tool on `input` with `args`; returns (stdout lines, stderr).
fn label(input: &str, args: &[&str]) -> (Vec<String>, String) {
    let python = python().expect("tools/label.py needs Python 3 (python3 or python on PATH)");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tools/label.py");
    let mut child = Command::new(python)
        .arg(script)
        .args([
            "--engine",
            env!("CARGO_BIN_EXE_chuhan"),
            "--option",
            "UseBook=false",
        ])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start tools/label.py");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write positions");
    // Read both pipes on their own threads and give the whole run a deadline, so that a tool
    // that hangs fails the test instead of stalling it.
    let stdout = read_all(child.stdout.take());
    let stderr = read_all(child.stderr.take());
    let deadline = Instant::now() + Duration::from_secs(90);
    let status = loop {
        if let Some(status) = child.try_wait().expect("label.py status") {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("label.py did not finish within 90 s");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let stdout = stdout.join().expect("stdout reader");
    let stderr = stderr.join().expect("stderr reader");
    assert!(status.success(), "label.py failed: {status}\n{stderr}");
    (stdout.lines().map(str::to_owned).collect(), stderr)
}

/// Reads `pipe` to the end on its own thread.
fn read_all<R: Read + Send + 'static>(pipe: Option<R>) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || {
        let mut text = String::new();
        if let Some(mut p) = pipe {
            p.read_to_string(&mut text).expect("utf-8 from label.py");
        }
        text
    })
}

fn target(line: &str) -> f64 {
    let (_, t) = line.rsplit_once(';').expect("FEN;TARGET");
    t.parse().expect("a number")
}

/// Red has a rook against the bare king: Red wins whoever is to move.
const RED_ROOK_RED: &str = "3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1";
const RED_ROOK_BLACK: &str = "3k5/9/9/9/9/9/9/9/R8/4K4 b - - 0 1";
/// Black has the rook.
const BLACK_ROOK: &str = "3k5/9/9/9/9/9/9/9/r8/4K4 b - - 0 1";

#[test]
fn targets_are_from_reds_view_and_bad_lines_are_skipped() {
    let input = format!(
        "{RED_ROOK_RED}\n{RED_ROOK_BLACK};0.5\n\nnot a fen;1\n\
         rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKAB/R w - - 0 1\n{BLACK_ROOK}\n"
    );
    let (lines, errors) = label(&input, &["--depth", "6", "--jobs", "2"]);
    assert_eq!(lines.len(), 3, "three good positions: {lines:?}\n{errors}");
    assert!(
        lines[0].starts_with(RED_ROOK_RED),
        "input order kept: {lines:?}"
    );
    assert!(lines[1].starts_with(RED_ROOK_BLACK), "{lines:?}");
    assert!(lines[2].starts_with(BLACK_ROOK), "{lines:?}");
    assert!(
        target(&lines[0]) > 0.95,
        "Red to move and winning: {}",
        lines[0]
    );
    assert!(
        target(&lines[1]) > 0.95,
        "Black to move, Red winning: {}",
        lines[1]
    );
    assert!(target(&lines[2]) < 0.05, "Black winning: {}", lines[2]);
    assert!(
        errors.contains("line 4: skipped") && errors.contains("line 5: skipped"),
        "bad FENs reported by line: {errors}"
    );
}

#[test]
fn the_result_weight_blends_the_game_result_in() {
    // A dead-lost position for Black whose game (say) Black won: half and half.
    let (lines, errors) = label(
        &format!("{RED_ROOK_RED};0\n"),
        &["--depth", "6", "--result-weight", "0.5"],
    );
    assert_eq!(lines.len(), 1, "{errors}");
    let t = target(&lines[0]);
    assert!((0.45..=0.5).contains(&t), "0.5 × 0 + 0.5 × (about 1): {t}");
}

#[test]
fn a_teacher_that_does_not_answer_is_killed_and_restarted() {
    // Depth 99 from the start position does not end within a second: both searches are cut
    // off, reported and skipped, and the run goes on (a fresh engine for the second line)
    // instead of waiting for ever. A search that ends in time is unaffected.
    let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    let (lines, errors) = label(
        &format!("{start}\n{start}\n"),
        &["--depth", "99", "--timeout", "1"],
    );
    assert!(lines.is_empty(), "{lines:?}");
    assert!(
        errors.contains("line 1: ") && errors.contains("line 2: "),
        "both reported: {errors}"
    );
    assert!(
        errors.matches("did not answer within 1 s").count() == 2,
        "timeouts reported: {errors}"
    );
    let (lines, errors) = label(
        &format!("{RED_ROOK_RED}\n"),
        &["--depth", "1", "--timeout", "1"],
    );
    assert_eq!(lines.len(), 1, "{errors}");
}
