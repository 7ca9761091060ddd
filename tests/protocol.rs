//! The UCCI / UCI front end, driven through the real binary over pipes.
//!
//! Every read has a timeout, so a hung engine fails a test instead of hanging the suite.

use chuhan::board::{Position, START_FEN};
use chuhan::movegen::legal_moves;
use chuhan::notation::parse_iccs;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

const TIMEOUT: Duration = Duration::from_secs(10);

struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every line received so far (for failure messages).
    log: Vec<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_chuhan"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start engine");
        let stdout = child.stdout.take().expect("stdout");
        let stdin = child.stdin.take();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines: rx,
            log: Vec::new(),
        }
    }

    fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("write to engine");
        stdin.flush().expect("flush");
    }

    /// Next line, or `None` after `timeout`.
    fn next_line(&mut self, timeout: Duration) -> Option<String> {
        match self.lines.recv_timeout(timeout) {
            Ok(l) => {
                self.log.push(l.clone());
                Some(l)
            }
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Reads lines until one satisfies `pred`; returns all lines read (the match last).
    fn until(&mut self, what: &str, pred: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + TIMEOUT;
        let mut got = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.next_line(left) {
                Some(l) => {
                    let done = pred(&l);
                    got.push(l);
                    if done {
                        return got;
                    }
                }
                None => panic!(
                    "timed out waiting for {what}; last lines: {:?}",
                    &self.log[self.log.len().saturating_sub(20)..]
                ),
            }
        }
    }

    fn until_line(&mut self, exact: &str) -> Vec<String> {
        self.until(exact, |l| l == exact)
    }

    fn bestmove(&mut self) -> Vec<String> {
        self.until("bestmove", |l| {
            l.starts_with("bestmove") || l == "nobestmove"
        })
    }

    /// Sends `isready`, returns the lines before `readyok`.
    fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.until_line("readyok");
        lines.pop();
        lines
    }

    /// Asserts that no `bestmove` arrives within `wait` (other lines may).
    fn no_bestmove_for(&mut self, wait: Duration) {
        let deadline = Instant::now() + wait;
        while let Some(l) = self.next_line(deadline.saturating_duration_since(Instant::now())) {
            assert!(
                !l.starts_with("bestmove") && l != "nobestmove",
                "early answer {l:?}"
            );
        }
    }

    fn close_stdin(&mut self) {
        self.stdin = None;
    }

    fn wait_exit(&mut self) -> ExitStatus {
        let deadline = Instant::now() + TIMEOUT;
        loop {
            if let Ok(Some(st)) = self.child.try_wait() {
                return st;
            }
            assert!(Instant::now() < deadline, "engine did not exit");
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn ucci() -> Engine {
    let mut e = Engine::start();
    e.send("ucci");
    e.until_line("ucciok");
    e
}

fn uci() -> Engine {
    let mut e = Engine::start();
    e.send("uci");
    e.until_line("uciok");
    e
}

/// The move of a `bestmove` line (`None` for `nobestmove` / `(none)`).
fn best_of(line: &str) -> Option<String> {
    let mut t = line.split_whitespace();
    match (t.next(), t.next()) {
        (Some("bestmove"), Some(m)) if m != "(none)" => Some(m.to_string()),
        _ => None,
    }
}

fn position_after(fen: &str, moves: &[&str]) -> Position {
    let mut pos = Position::from_fen(fen).expect("fen");
    for m in moves {
        let mv = parse_iccs(&pos, m).expect("legal");
        pos.make_move(mv);
    }
    pos
}

fn assert_legal(pos: &Position, line: &str) {
    let m = best_of(line).unwrap_or_else(|| panic!("no move in {line:?}"));
    assert!(
        parse_iccs(pos, &m).is_ok(),
        "illegal bestmove {m} in {}",
        pos.to_fen()
    );
    // The ponder move, if any, must be legal after it.
    let t: Vec<&str> = line.split_whitespace().collect();
    if let Some(i) = t.iter().position(|w| *w == "ponder") {
        let mut after = pos.clone();
        after.make_move(parse_iccs(pos, &m).expect("legal"));
        assert!(
            parse_iccs(&after, t[i + 1]).is_ok(),
            "illegal ponder in {line}"
        );
    }
}

#[test]
fn ucci_handshake() {
    let mut e = Engine::start();
    e.send("ucci");
    let lines = e.until_line("ucciok");
    assert!(lines[0].starts_with("id name Chuhan"), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("id author")));
    let opts: Vec<&String> = lines.iter().filter(|l| l.starts_with("option")).collect();
    assert!(
        opts.iter().all(|l| !l.starts_with("option name")),
        "{opts:?}"
    );
    for name in [
        "usemillisec",
        "hashsize",
        "threads",
        "usebook",
        "bookfiles",
        "newgame",
        "debug",
        "randomness",
        "multipv",
    ] {
        assert!(
            opts.iter()
                .any(|l| l.starts_with(&format!("option {name} type"))),
            "option {name} missing: {opts:?}"
        );
    }
    // Options that would do nothing are not offered: UCCI `ponder` (the GUI decides when to
    // ponder) and `batch`.
    for name in ["ponder", "batch"] {
        assert!(
            !opts
                .iter()
                .any(|l| l.starts_with(&format!("option {name} "))),
            "option {name} offered: {opts:?}"
        );
    }
    assert!(lines.contains(&"option usemillisec type check default false".to_string()));
    assert!(e.sync().is_empty());
    e.send("quit");
    e.until_line("bye");
    assert!(e.wait_exit().success());
}

#[test]
fn uci_handshake() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.until_line("uciok");
    assert!(lines[0].starts_with("id name Chuhan"));
    for name in [
        "Hash",
        "Threads",
        "Ponder",
        "MultiPV",
        "Move Overhead",
        "Clear Hash",
        "UseBook",
        "BookFile",
    ] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {name} type"))),
            "option {name} missing: {lines:?}"
        );
    }
    e.send("ucinewgame");
    assert!(e.sync().is_empty());
    e.send("quit");
    assert!(e.wait_exit().success());
    assert!(!e.log.iter().any(|l| l == "bye"));
}

#[test]
fn both_handshakes_answered_first_one_chooses() {
    let mut e = ucci();
    e.send("uci");
    e.until_line("uciok");
    // Still UCCI: diagnostics are `info message`, stop while idle is `nobestmove`.
    e.send("nonsense");
    let l = e.sync();
    assert!(l.len() == 1 && l[0].starts_with("info message"), "{l:?}");
    e.send("stop");
    e.until_line("nobestmove");
}

#[test]
fn before_handshake_commands_work_as_uci() {
    let mut e = Engine::start();
    e.send("position startpos moves h2e2");
    e.send("go depth 2");
    let l = e.bestmove();
    assert_legal(
        &position_after(START_FEN, &["h2e2"]),
        l.last().expect("line"),
    );
    e.send("bogus");
    let l = e.sync();
    assert!(l.len() == 1 && l[0].starts_with("info string"), "{l:?}");
}

#[test]
fn setoption_forms_and_values() {
    let mut e = ucci();
    for line in [
        "setoption usemillisec true",
        "setoption hashsize 32",
        "setoption threads 1",
        "setoption ponder false",
        "setoption usebook false",
        "setoption bookfiles C:\\books\\my book.obk",
        "setoption newgame",
        "setoption debug false",
        "setoption randomness small",
        "setoption multipv 1",
        "setoption name Hash value 16",
        "setoption name HASHSIZE value 8",
        "SetOption HashSize 8",
        "setoption name Clear Hash",
        "setoption name Move Overhead value 20",
        "setoption repetitionrule pyffish",
        "setoption name Repetition Rule value Asian",
    ] {
        e.send(line);
        let l = e.sync();
        assert!(l.is_empty(), "{line}: {l:?}");
    }
    // Unknown options and bad values: one line each, nothing breaks.
    for line in [
        "setoption frobnicate 3",
        "setoption name Frobnicate value 3",
        "setoption hashsize lots",
        "setoption hashsize 0",
        "setoption usemillisec maybe",
        "setoption randomness extreme",
        "setoption repetitionrule fide",
        "setoption repetitionrule 1",
        "setoption",
    ] {
        e.send(line);
        let l = e.sync();
        assert!(
            l.len() == 1 && l[0].starts_with("info message"),
            "{line}: {l:?}"
        );
    }
}

#[test]
fn position_forms_and_display() {
    let mut e = ucci();
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    for line in [
        "position startpos moves h2e2 h9g7".to_string(),
        format!("position fen {fen} moves h2e2 h9g7"),
        format!("fen {fen} moves h2e2 h9g7"),
        "startpos moves h2e2 h9g7".to_string(),
        "  position   startpos   moves   h2e2   h9g7  \r".to_string(),
    ] {
        e.send(&line);
        e.send("d");
        let l = e.sync();
        let want = position_after(START_FEN, &["h2e2", "h9g7"]).to_fen();
        assert!(
            l.iter().any(|x| x == &format!("Fen: {want}")),
            "{line}: {l:?}"
        );
    }
}

#[test]
fn position_with_illegal_move_keeps_prefix_and_reports() {
    let mut e = uci();
    e.send("position startpos moves h2e2 h9g7 e2e9 b0c2");
    let l = e.sync();
    assert!(l.len() == 1 && l[0].starts_with("info string"), "{l:?}");
    assert!(l[0].contains("e2e9"), "{l:?}");
    e.send("d");
    let l = e.sync();
    let want = position_after(START_FEN, &["h2e2", "h9g7"]).to_fen();
    assert!(l.iter().any(|x| x == &format!("Fen: {want}")), "{l:?}");
    // Garbled move.
    e.send("position startpos moves h2e2 xyzzy h9g7");
    let l = e.sync();
    assert!(l.len() == 1 && l[0].contains("xyzzy"), "{l:?}");
    // Malformed FEN: reported, previous position kept.
    e.send("position fen rnbakabnr/9/9 w");
    let l = e.sync();
    assert!(l.len() == 1 && l[0].contains("FEN"), "{l:?}");
    e.send("d");
    let l = e.sync();
    let want = position_after(START_FEN, &["h2e2"]).to_fen();
    assert!(l.iter().any(|x| x == &format!("Fen: {want}")), "{l:?}");
}

#[test]
fn go_variants_ucci() {
    let mut e = ucci();
    e.send("position startpos");
    for go in [
        "go depth 2",
        "go nodes 1000",
        "go time 2 increment 0",
        "go time 3 movestogo 10 opptime 3 oppmovestogo 10",
        "go time 3 increment 1 opptime 3 oppincrement 1",
        "go draw depth 1",
        "go movetime 100",
    ] {
        e.send(go);
        let l = e.bestmove();
        assert_legal(&Position::startpos(), l.last().expect("line"));
        assert!(
            l.iter()
                .filter(|x| x.starts_with("info depth"))
                .all(|x| !x.contains(" cp ")),
            "UCCI scores are plain numbers: {l:?}"
        );
        if go.contains("draw") {
            assert_draw_answer(&l);
        }
    }
    e.send("go infinite");
    e.no_bestmove_for(Duration::from_millis(300));
    e.send("stop");
    let l = e.bestmove();
    assert_legal(&Position::startpos(), l.last().expect("line"));
    // Bare `go` is infinite too.
    e.send("go");
    e.no_bestmove_for(Duration::from_millis(200));
    e.send("stop");
    let l = e.bestmove();
    assert_legal(&Position::startpos(), l.last().expect("line"));
}

#[test]
fn go_variants_uci() {
    let mut e = uci();
    let pos = position_after(START_FEN, &["h2e2"]);
    e.send("position startpos moves h2e2");
    for go in [
        "go depth 2",
        "go nodes 500",
        "go movetime 100",
        "go wtime 3000 btime 3000 winc 100 binc 100",
        "go wtime 3000 btime 3000 movestogo 20",
        "go mate 2 depth 3",
        "go depth 2 searchmoves h9g7 b9c7",
    ] {
        e.send(go);
        let l = e.bestmove();
        let last = l.last().expect("line");
        assert_legal(&pos, last);
        if go.contains("searchmoves") {
            let m = best_of(last).expect("move");
            assert!(m == "h9g7" || m == "b9c7", "{last}");
        }
        for info in l.iter().filter(|x| x.starts_with("info depth")) {
            if info.starts_with("info depth 0 ") {
                // A book move: its line says so and nothing else.
                let m = best_of(last).expect("move");
                assert_eq!(info, &format!("info depth 0 score cp 0 pv {m}"));
                continue;
            }
            assert!(
                info.contains(" score cp ") || info.contains(" score mate "),
                "{info}"
            );
            for key in [" nodes ", " nps ", " time ", " multipv ", " seldepth "] {
                assert!(info.contains(key), "{info}");
            }
        }
    }
}

#[test]
fn go_time_units() {
    // Seconds by default in UCCI, milliseconds with usemillisec (seen through debug output).
    let mut e = ucci();
    e.send("setoption debug true");
    e.send("position startpos");
    e.send("go time 5 increment 2");
    let l = e.bestmove();
    let dbg = l
        .iter()
        .find(|x| x.contains("debug: limits"))
        .expect("debug line");
    assert!(
        dbg.contains("time: 5s") && dbg.contains("increment: 2s"),
        "{dbg}"
    );
    e.send("setoption usemillisec true");
    e.send("go time 5000 increment 250");
    let l = e.bestmove();
    let dbg = l
        .iter()
        .find(|x| x.contains("debug: limits"))
        .expect("debug line");
    assert!(
        dbg.contains("time: 5s") && dbg.contains("increment: 250ms"),
        "{dbg}"
    );
    e.send("go time 5 increment 1");
    let l = e.bestmove();
    let dbg = l
        .iter()
        .find(|x| x.contains("debug: limits"))
        .expect("debug line");
    assert!(dbg.contains("time: 5ms"), "{dbg}");
}

#[test]
fn ponder_then_ponderhit() {
    for (mut e, hit, go) in [
        (ucci(), "ponderhit", "go ponder time 6 increment 0"),
        (uci(), "ponderhit", "go ponder wtime 6000 btime 6000"),
        (ucci(), "ponderhit draw", "go ponder depth 5"),
    ] {
        e.send("position startpos moves h2e2 h9g7");
        let from = e.log.len();
        e.send(go);
        // No move before ponderhit; isready is answered meanwhile.
        e.no_bestmove_for(Duration::from_millis(300));
        e.send("isready");
        let l = e.until("readyok", |l| l == "readyok" || l.starts_with("bestmove"));
        assert_eq!(l.last().map(String::as_str), Some("readyok"), "{l:?}");
        e.send(hit);
        let l = e.bestmove();
        assert_legal(
            &position_after(START_FEN, &["h2e2", "h9g7"]),
            l.last().expect("line"),
        );
        if hit == "ponderhit draw" {
            assert_draw_answer(&e.log[from..]);
        }
    }
}

#[test]
fn ponder_then_stop() {
    for mut e in [ucci(), uci()] {
        e.send("position startpos moves h2e2");
        e.send("go ponder wtime 60000 btime 60000");
        e.no_bestmove_for(Duration::from_millis(200));
        e.send("stop");
        let l = e.bestmove();
        // A stopped ponder search still answers with a legal move.
        assert_legal(
            &position_after(START_FEN, &["h2e2"]),
            l.last().expect("line"),
        );
        // Then a normal search still works.
        e.send("position startpos moves h2e2 h9g7");
        e.send("go depth 1");
        let l = e.bestmove();
        assert_legal(
            &position_after(START_FEN, &["h2e2", "h9g7"]),
            l.last().expect("line"),
        );
    }
}

#[test]
fn stop_latency_and_commands_while_thinking() {
    let mut e = ucci();
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    // isready is answered while thinking; position and setoption wait for the search.
    e.send("setoption hashsize 8");
    e.send("position startpos moves h2e2");
    e.send("isready");
    e.until_line("readyok");
    assert!(!e.log.iter().any(|l| l.starts_with("bestmove")));
    let t = Instant::now();
    e.send("stop");
    let l = e.bestmove();
    let latency = t.elapsed();
    assert!(latency < Duration::from_secs(2), "stop took {latency:?}");
    assert_legal(&Position::startpos(), l.last().expect("line"));
    // The queued position is now in force.
    e.send("d");
    let l = e.sync();
    let want = position_after(START_FEN, &["h2e2"]).to_fen();
    assert!(l.iter().any(|x| x == &format!("Fen: {want}")), "{l:?}");
}

#[test]
fn stop_while_idle() {
    let mut e = ucci();
    e.send("stop");
    e.until_line("nobestmove");
    let mut e = uci();
    e.send("stop");
    assert!(e.sync().is_empty());
}

#[test]
fn banmoves_honoured_and_cleared_by_position() {
    let mut e = ucci();
    let pos = Position::startpos();
    let legal: Vec<String> = legal_moves(&pos).iter().map(|m| m.to_string()).collect();
    let keep = "h0g2";
    let banned: Vec<&str> = legal
        .iter()
        .map(String::as_str)
        .filter(|m| *m != keep)
        .collect();
    e.send("position startpos");
    e.send(&format!("banmoves {}", banned.join(" ")));
    e.send("go depth 2");
    let l = e.bestmove();
    assert_eq!(
        best_of(l.last().expect("line")).as_deref(),
        Some(keep),
        "{l:?}"
    );
    // Banning every move: nothing left to play.
    e.send(&format!("banmoves {}", legal.join(" ")));
    e.send("go depth 2");
    let l = e.bestmove();
    assert_eq!(l.last().map(String::as_str), Some("nobestmove"));
    // `position` clears the list.
    e.send("position startpos");
    e.send("go depth 1");
    let l = e.bestmove();
    assert_legal(&pos, l.last().expect("line"));
}

#[test]
fn go_mate_finds_mate_in_one() {
    // Red mates with i4i9 (the a8 rook guards rank 8, the red king the d-file); it is the
    // only mate in one, so `go mate 1` must end with it.
    let fen = "4k4/R8/9/9/9/8R/9/9/9/3K5 w - - 0 1";
    let pos = Position::from_fen(fen).expect("fen");
    let mut e = uci();
    e.send(&format!("position fen {fen}"));
    e.send("go mate 1 movetime 5000");
    let l = e.bestmove();
    assert_legal(&pos, l.last().expect("line"));
    assert_eq!(
        best_of(l.last().expect("line")).as_deref(),
        Some("i4i9"),
        "{l:?}"
    );
    assert!(
        l.iter().any(|x| x.contains(" score mate 1 ")),
        "the mate is reported: {l:?}"
    );
}

#[test]
fn go_mate_with_a_huge_count_is_clamped() {
    // `go mate 4294967295` used to overflow to a tiny depth and answer after depth 2.
    let mut e = uci();
    e.send("position startpos moves h2e2 h9g7");
    e.send("go mate 4294967295");
    let l = e.until("clamp message", |x| x.starts_with("info string go: mate"));
    assert!(l.last().is_some_and(|x| x.contains("using 60")), "{l:?}");
    e.no_bestmove_for(Duration::from_millis(700));
    e.send("stop");
    let l = e.bestmove();
    assert_legal(
        &position_after(START_FEN, &["h2e2", "h9g7"]),
        l.last().expect("line"),
    );
}

/// The last UCCI score printed before the answer.
fn last_ucci_score(l: &[String]) -> Option<i32> {
    l.iter()
        .rev()
        .filter(|x| x.starts_with("info depth "))
        .find_map(|x| x.split(" score ").nth(1))
        .and_then(|x| x.split(' ').next())
        .and_then(|x| x.parse().ok())
}

/// A UCCI answer to a draw offer accepts it exactly when the score is at most +20.
fn assert_draw_answer(l: &[String]) {
    let score = last_ucci_score(l).unwrap_or_else(|| panic!("no score: {l:?}"));
    let last = l.last().expect("line");
    assert_eq!(offers_draw(last), score <= 20, "score {score}: {l:?}");
}

/// The UCCI draw flag of a `bestmove` line.
fn offers_draw(line: &str) -> bool {
    line.starts_with("bestmove ") && line.ends_with(" draw")
}

#[test]
fn draw_offers_are_answered_by_the_score() {
    // Red has a rook against two advisors: Red to move declines a draw, Black accepts it.
    let winning = "3ak4/4a4/9/9/9/9/9/9/4A4/R2AK4 w - - 0 1";
    let losing = "3ak4/4a4/9/9/9/9/9/9/4A4/R2AK4 b - - 0 1";
    let mut e = ucci();
    e.send("setoption usebook false");
    e.send(&format!("position fen {winning}"));
    e.send("go draw depth 4");
    let l = e.bestmove();
    let last = l.last().expect("line");
    assert!(best_of(last).is_some() && !offers_draw(last), "{l:?}");
    e.send(&format!("position fen {losing}"));
    e.send("go draw depth 4");
    let l = e.bestmove();
    assert!(offers_draw(l.last().expect("line")), "{l:?}");
    // The same through `ponderhit draw`.
    e.send(&format!("position fen {losing}"));
    e.send("go ponder depth 4");
    e.no_bestmove_for(Duration::from_millis(100));
    e.send("ponderhit draw");
    let l = e.bestmove();
    assert!(offers_draw(l.last().expect("line")), "{l:?}");
    e.send(&format!("position fen {winning}"));
    e.send("go ponder depth 4");
    e.no_bestmove_for(Duration::from_millis(100));
    e.send("ponderhit draw");
    let l = e.bestmove();
    assert!(!offers_draw(l.last().expect("line")), "{l:?}");
    // Without an offer, a merely losing side plays on.
    e.send(&format!("position fen {losing}"));
    e.send("go depth 4");
    let l = e.bestmove();
    assert!(!offers_draw(l.last().expect("line")), "{l:?}");
}

#[test]
fn draw_offer_in_a_book_position_is_answered_by_a_search() {
    // A draw offer used to be ignored when the book answered: now the search answers it,
    // and the draw flag follows the score (accepted at most +20).
    let mut e = ucci();
    e.send("position startpos moves h2e2");
    e.send("go draw depth 3");
    let l = e.bestmove();
    assert!(!l.iter().any(|x| x.contains("book move")), "{l:?}");
    let score: i32 = l
        .iter()
        .rev()
        .find_map(|x| x.strip_prefix("info depth 3 score "))
        .and_then(|x| x.split(' ').next())
        .and_then(|x| x.parse().ok())
        .unwrap_or_else(|| panic!("no depth-3 score: {l:?}"));
    let last = l.last().expect("line");
    assert_eq!(offers_draw(last), score <= 20, "{l:?}");
}

#[test]
fn banned_book_move_gives_another_book_move() {
    let mut e = ucci();
    e.send("position startpos");
    e.send("go depth 20");
    let l = e.bestmove();
    let first = best_of(l.last().expect("line")).expect("move");
    assert!(l.iter().any(|x| x.contains("book move")), "{l:?}");
    // Ban it: another book move comes, still without a search.
    for _ in 0..5 {
        e.send("position startpos");
        e.send(&format!("banmoves {first}"));
        e.send("go depth 20");
        let l = e.bestmove();
        let m = best_of(l.last().expect("line")).expect("move");
        assert_ne!(m, first, "{l:?}");
        assert!(l.iter().any(|x| x.contains("book move")), "{l:?}");
        assert!(
            !l.iter()
                .any(|x| x.starts_with("info depth") && !x.starts_with("info depth 0")),
            "{l:?}"
        );
    }
}

#[test]
fn book_never_answers_analysis() {
    // In the book: MultiPV 3, go infinite, go ponder, go mate and searchmoves all search.
    let moves = "position startpos moves h2e2 h9g7";
    let after = position_after(START_FEN, &["h2e2", "h9g7"]);
    for dialect in ["ucci", "uci"] {
        let mut e = if dialect == "ucci" { ucci() } else { uci() };
        let multipv = if dialect == "ucci" {
            "setoption multipv 3"
        } else {
            "setoption name MultiPV value 3"
        };
        e.send(multipv);
        e.send(moves);
        e.send("go depth 5");
        let l = e.bestmove();
        assert!(!l.iter().any(|x| x.contains("book move")), "{l:?}");
        for k in 1..=3 {
            assert!(
                l.iter().any(
                    |x| x.starts_with("info depth 5 ") && x.contains(&format!(" multipv {k} "))
                ),
                "line {k} of depth 5 missing: {l:?}"
            );
        }
        assert_legal(&after, l.last().expect("line"));
        e.send(if dialect == "ucci" {
            "setoption multipv 1"
        } else {
            "setoption name MultiPV value 1"
        });
        for go in [
            "go infinite",
            "go ponder depth 30",
            "go mate 2",
            "go depth 3 searchmoves a0a1",
        ] {
            e.send(moves);
            e.send(go);
            if go.contains("infinite") || go.contains("ponder") {
                e.no_bestmove_for(Duration::from_millis(200));
                e.send("stop");
            }
            let l = e.bestmove();
            assert!(!l.iter().any(|x| x.contains("book move")), "{go}: {l:?}");
            assert_legal(&after, l.last().expect("line"));
        }
    }
}

#[test]
fn book_move_comes_with_an_info_line() {
    let mut e = uci();
    e.send("position startpos");
    e.send("go depth 20");
    let l = e.bestmove();
    let m = best_of(l.last().expect("line")).expect("move");
    let n = l.len();
    assert_eq!(l[n - 2], format!("info depth 0 score cp 0 pv {m}"), "{l:?}");
}

#[test]
fn perft_runs_on_the_worker_and_can_be_stopped() {
    let mut e = ucci();
    e.send("position startpos");
    e.send("go perft 7");
    // isready is answered while perft counts.
    let t = Instant::now();
    e.send("isready");
    e.until_line("readyok");
    assert!(t.elapsed() < Duration::from_secs(2), "{:?}", t.elapsed());
    std::thread::sleep(Duration::from_millis(300));
    let t = Instant::now();
    e.send("stop");
    let l = e.until("perft total", |x| x.starts_with("Nodes searched"));
    assert!(
        t.elapsed() < Duration::from_secs(2),
        "stop took {:?}",
        t.elapsed()
    );
    assert!(
        l.iter().any(|x| x.contains("perft 7 stopped")),
        "the partial divide is announced: {l:?}"
    );
    // The partial divide adds up to the total printed.
    let sum: u64 = l
        .iter()
        .filter_map(|x| x.split_once(": "))
        .filter(|(m, _)| m.len() == 4)
        .filter_map(|(_, n)| n.parse::<u64>().ok())
        .sum();
    let total: u64 = l
        .last()
        .and_then(|x| x.strip_prefix("Nodes searched: "))
        .and_then(|x| x.parse().ok())
        .expect("total");
    assert_eq!(sum, total, "{l:?}");
    // The engine goes on normally.
    e.send("perft 2");
    let l = e.until("perft total", |x| x.starts_with("Nodes searched"));
    assert_eq!(l.last().map(String::as_str), Some("Nodes searched: 1920"));
    // `quit` during a long perft exits at once.
    e.send("go perft 8");
    std::thread::sleep(Duration::from_millis(200));
    let t = Instant::now();
    e.send("quit");
    e.until_line("bye");
    assert!(e.wait_exit().success());
    assert!(
        t.elapsed() < Duration::from_secs(3),
        "quit took {:?}",
        t.elapsed()
    );
}

#[test]
fn bench_runs_on_the_worker_and_can_be_stopped() {
    let mut e = uci();
    e.send("bench 40");
    e.send("isready");
    e.until_line("readyok");
    let t = Instant::now();
    e.send("stop");
    let l = e.until("bench total", |x| x.starts_with("Nodes searched: "));
    assert!(
        t.elapsed() < Duration::from_secs(3),
        "stop took {:?}",
        t.elapsed()
    );
    assert!(l.iter().any(|x| x.contains("bench stopped")), "{l:?}");
    e.send("bench 2");
    let l = e.until("bench total", |x| x.starts_with("Nodes searched: "));
    assert!(l.iter().any(|x| x.starts_with("Nodes/second: ")), "{l:?}");
}

#[test]
fn no_legal_move() {
    // Black is mated: rook e5 checks, rook f4 guards the f-file, the red king the d-file.
    let fen = "4k4/9/9/9/4R4/5R3/9/9/9/3K5 b - - 0 1";
    let pos = Position::from_fen(fen).expect("fen");
    assert!(legal_moves(&pos).is_empty());
    let mut e = ucci();
    e.send(&format!("position fen {fen}"));
    e.send("go depth 3");
    e.until_line("nobestmove");
    let mut e = uci();
    e.send(&format!("position fen {fen}"));
    e.send("go depth 3");
    e.until_line("bestmove (none)");
}

#[test]
fn probe_perft_bench_eval_help() {
    let mut e = ucci();
    e.send("probe startpos moves h2e2");
    let l = e.until("pophash", |l| l.starts_with("pophash"));
    assert_eq!(l.len(), 1, "{l:?}");
    e.send("position startpos");
    e.send("perft 2");
    let l = e.until("perft total", |l| l.starts_with("Nodes searched"));
    assert_eq!(l.last().map(String::as_str), Some("Nodes searched: 1920"));
    assert_eq!(l.iter().filter(|x| x.contains(": ")).count(), 44 + 1);
    e.send("go perft 1");
    let l = e.until("perft total", |l| l.starts_with("Nodes searched"));
    assert_eq!(l.last().map(String::as_str), Some("Nodes searched: 44"));
    e.send("bench 1");
    e.until("bench", |l| l.starts_with("Nodes/second"));
    e.send("eval");
    let l = e.sync();
    for family in [
        "Material",
        "Placement",
        "Mobility",
        "King safety",
        "Tempo",
        "Endgame:",
    ] {
        assert!(l.iter().any(|x| x.starts_with(family)), "{family}: {l:?}");
    }
    assert!(
        l.iter().any(|x| x.starts_with("Final (side to move)")),
        "{l:?}"
    );
    e.send("help");
    let l = e.sync();
    assert!(
        l.len() > 5 && l.iter().any(|x| x.contains("banmoves")),
        "{l:?}"
    );
}

#[test]
fn eof_stops_search_and_exits_cleanly() {
    let mut e = ucci();
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    e.close_stdin();
    let l = e.bestmove();
    assert_legal(&Position::startpos(), l.last().expect("line"));
    assert!(e.wait_exit().success());
}

#[test]
fn quit_while_thinking() {
    let mut e = ucci();
    e.send("go infinite");
    e.send("quit");
    e.until_line("bye");
    assert!(e.wait_exit().success());
}

/// Plays games of moves chosen by a seeded generator and checks every `bestmove`.
#[test]
fn bestmove_always_legal() {
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    for dialect in ["uci", "ucci"] {
        let mut e = if dialect == "uci" { uci() } else { ucci() };
        let mut pos = Position::startpos();
        let mut moves: Vec<String> = Vec::new();
        for ply in 0..60 {
            let legal = legal_moves(&pos);
            if legal.is_empty() {
                break;
            }
            e.send(&format!("position startpos moves {}", moves.join(" ")));
            let go = match ply % 3 {
                0 => "go depth 2".to_string(),
                1 => "go movetime 30".to_string(),
                _ if dialect == "uci" => "go wtime 2000 btime 2000 winc 10 binc 10".to_string(),
                _ => "go time 2 increment 0 opptime 2 oppincrement 0".to_string(),
            };
            e.send(&go);
            let l = e.bestmove();
            assert_legal(&pos, l.last().expect("line"));
            let mv = legal[rng.below(legal.len())];
            pos.make_move(mv);
            moves.push(mv.to_string());
        }
    }
}

#[test]
fn multipv_line_count() {
    let mut e = uci();
    e.send("setoption name MultiPV value 3");
    e.send("setoption name UseBook value false");
    e.send("position startpos");
    e.send("go depth 3");
    let l = e.bestmove();
    let at_depth3: Vec<&String> = l
        .iter()
        .filter(|x| x.starts_with("info depth 3 ") && x.contains(" pv "))
        .collect();
    for k in 1..=3 {
        assert!(
            at_depth3
                .iter()
                .any(|x| x.contains(&format!(" multipv {k} "))),
            "{l:?}"
        );
    }
}

/// Each kind of bad input gets exactly one diagnostic line, and the engine keeps serving.
#[test]
fn bad_input_one_line_each() {
    for (mut e, prefix) in [(ucci(), "info message"), (uci(), "info string")] {
        let long = "x".repeat(200_000);
        let lines: Vec<Vec<u8>> = vec![
            b"".to_vec(),
            b"   \t ".to_vec(),
            b"\r".to_vec(),
            b"frobnicate".to_vec(),
            b"go depth".to_vec(),
            b"go depth -3".to_vec(),
            b"go depth 99999999999999999999".to_vec(),
            b"go nodes abc".to_vec(),
            b"go time 1e999".to_vec(),
            b"go sideways".to_vec(),
            b"position".to_vec(),
            b"position fen".to_vec(),
            b"position fen rnbakabnr/9/9/9/9/9/9/9/9/9 w".to_vec(),
            b"position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x".to_vec(),
            b"position startpos moves h2e2 h2e2".to_vec(),
            b"position startpos moves h2e2 \xff\xfe".to_vec(),
            b"position startpos moves z9z9".to_vec(),
            b"banmoves h2e2 qq".to_vec(),
            b"perft".to_vec(),
            b"perft 99".to_vec(),
            b"perft -1".to_vec(),
            b"\xff\xfe\xfd".to_vec(),
            b"isready\xff".to_vec(),
            b"\x00\x01\x02\x1b[31m".to_vec(),
            long.into_bytes(),
            b"setoption name".to_vec(),
            b"ponderhit now".to_vec(),
        ];
        for bytes in lines {
            let mut b = bytes.clone();
            b.push(b'\n');
            e.send_bytes(&b);
            let l = e.sync();
            assert!(
                l.len() == 1 && l[0].starts_with(prefix),
                "{:?}: {l:?}",
                String::from_utf8_lossy(&bytes)
                    .chars()
                    .take(60)
                    .collect::<String>()
            );
        }
        // CRLF line ends are fine.
        e.send_bytes(b"position startpos moves h2e2\r\nd\r\n");
        let l = e.sync();
        assert!(l.iter().any(|x| x.starts_with("Fen: ")), "{l:?}");
        assert!(!l.iter().any(|x| x.starts_with(prefix)), "{l:?}");
    }
}

/// A few thousand random and mutated lines, then `isready` must still be answered.
#[test]
fn bad_input_fuzz() {
    let mut rng = XorShift(12345);
    let words = [
        "ucci",
        "uci",
        "isready",
        "setoption",
        "name",
        "value",
        "hashsize",
        "Hash",
        "position",
        "startpos",
        "fen",
        "moves",
        "banmoves",
        "go",
        "depth",
        "nodes",
        "time",
        "movetime",
        "increment",
        "opptime",
        "wtime",
        "btime",
        "ponderhit",
        "stop",
        "probe",
        "d",
        "eval",
        "h2e2",
        "h9g7",
        "b0c2",
        "a0a1",
        "e9e8",
        "zz",
        "-1",
        "0",
        "1",
        "2",
        "99999999999999999999",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR",
        "w",
        "b",
        "-",
        "\u{0}",
        "é",
        "\u{1b}",
        "ucinewgame",
        "multipv",
        "threads",
        "usemillisec",
        "true",
    ];
    let mut e = Engine::start();
    let mut input = Vec::new();
    for i in 0..3000 {
        let mut line: Vec<u8> = Vec::new();
        match rng.below(4) {
            0 => {
                let n = rng.below(40);
                for _ in 0..n {
                    // Random bytes, but never a line end.
                    let b = (rng.next() & 0xff) as u8;
                    line.push(if b == b'\n' { b' ' } else { b });
                }
            }
            _ => {
                let n = 1 + rng.below(8);
                for j in 0..n {
                    if j > 0 {
                        let spaces = line.len() + 1 + rng.below(3);
                        line.resize(spaces, b' ');
                    }
                    line.extend_from_slice(words[rng.below(words.len())].as_bytes());
                }
            }
        }
        // Keep searches finite: every `go` gets a depth limit; drop lines that would quit.
        let text = String::from_utf8_lossy(&line).to_ascii_lowercase();
        let first = text.split_whitespace().next().unwrap_or("");
        if first == "quit" || first == "exit" {
            continue;
        }
        if first == "go" {
            line.extend_from_slice(b" depth 1");
        }
        if i % 7 == 0 {
            line.push(b'\r');
        }
        line.push(b'\n');
        input.extend_from_slice(&line);
    }
    // Write from a thread so a full pipe cannot deadlock us while the engine answers.
    let mut stdin = e.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
        let _ = stdin.write_all(b"stop\n");
        let _ = stdin.flush();
        stdin
    });
    let stdin = writer.join().expect("writer");
    e.stdin = Some(stdin);
    // Drain until the engine has caught up, then check it still answers.
    e.send("stop");
    e.send("isready");
    e.until("readyok after fuzz", |l| l == "readyok");
    let mut tries = 0;
    loop {
        e.send("isready");
        let got = e.until("readyok", |l| l == "readyok");
        if got.len() == 1 || tries > 50 {
            break;
        }
        tries += 1;
    }
    e.send("position startpos");
    e.send("go depth 1");
    let l = e.bestmove();
    assert_legal(&Position::startpos(), l.last().expect("line"));
    e.send("quit");
    assert!(e.wait_exit().success());
}

/// A small deterministic generator (xorshift64*), so the tests need no `rand`.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

#[test]
fn opening_book_used_by_default_and_can_be_turned_off() {
    let mut e = ucci();
    e.send("position startpos");
    e.send("go depth 20");
    let l = e.bestmove();
    assert!(
        l.iter().any(|x| x.starts_with("info message book move")),
        "{l:?}"
    );
    // A book move needs no search: one info line shows the move as the engine's line.
    let infos: Vec<&String> = l.iter().filter(|x| x.starts_with("info depth")).collect();
    let m = best_of(l.last().expect("line")).expect("move");
    assert_eq!(infos, [&format!("info depth 0 score 0 pv {m}")], "{l:?}");
    assert_legal(&Position::startpos(), l.last().expect("line"));
    // Black gets book moves too.
    e.send("position startpos moves h2e2");
    e.send("go depth 20");
    let l = e.bestmove();
    assert!(
        l.iter().any(|x| x.starts_with("info message book move")),
        "{l:?}"
    );
    // Off: the engine searches.
    e.send("setoption usebook false");
    e.send("position startpos");
    e.send("go depth 2");
    let l = e.bestmove();
    assert!(!l.iter().any(|x| x.contains("book move")), "{l:?}");
    assert!(l.iter().any(|x| x.starts_with("info depth")), "{l:?}");
}

#[test]
fn missing_book_file_is_reported_and_play_goes_on() {
    let mut e = uci();
    e.send("setoption name BookFile value /no/such/dir/book.dat");
    e.send("position startpos");
    e.send("go depth 2");
    let l = e.bestmove();
    assert!(
        l.iter()
            .any(|x| x.starts_with("info string opening book not used")),
        "{l:?}"
    );
    assert_legal(&Position::startpos(), l.last().expect("line"));
}

#[test]
fn ucci_nobestmove_when_the_game_is_already_decided() {
    // Only kings and advisors: a dead draw by insufficient material.
    let mut e = ucci();
    e.send("position fen 3ak4/4a4/9/9/9/9/9/9/4A4/3AK4 w - - 0 1");
    e.send("go depth 3");
    let l = e.until("nobestmove", |x| {
        x.starts_with("nobestmove") || x.starts_with("bestmove")
    });
    assert_eq!(l.last().map(String::as_str), Some("nobestmove"), "{l:?}");
    assert!(l.iter().any(|x| x.contains("already over")), "{l:?}");
    // UCI has no such answer: it plays a legal move.
    let mut u = uci();
    u.send("position fen 3ak4/4a4/9/9/9/9/9/9/4A4/3AK4 w - - 0 1");
    u.send("go depth 3");
    let l = u.bestmove();
    assert!(l.last().is_some_and(|x| x != "bestmove (none)"), "{l:?}");
}

#[test]
fn resignation_after_many_moves() {
    // Black is two rooks down. `resignmoves` above 11 used to disable resignation (the score
    // log handed only 10 previous scores to the test).
    let fen =
        |n: u32| format!("1nbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 {n}");
    for moves in [5u32, 20] {
        let mut e = ucci();
        e.send("setoption usebook false");
        e.send("setoption resignscore 300");
        e.send(&format!("setoption resignmoves {moves}"));
        for i in 1..=moves {
            // Consecutive moves of ours: the move number goes up by one each time.
            e.send(&format!("position fen {}", fen(10 + i)));
            e.send("go depth 2");
            let l = e.bestmove();
            let last = l.last().expect("line");
            assert!(best_of(last).is_some(), "{l:?}");
            assert_eq!(
                last.ends_with(" resign"),
                i == moves,
                "move {i} of {moves}: {l:?}"
            );
        }
    }
}

/// The 一将一捉 cycle of `tests/rules.rs` (`one_check_one_chase_loses`): Red's rook alternates a
/// check from a9 with an attack on the unprotected cannon from a6.
const MIXED_FEN: &str = "4k4/9/9/R1c6/9/9/9/9/9/3K5 w - - 0 1";
const MIXED_MOVES: &str = "a6a9 e9e8 a9a6 e8e9 a6a9 e9e8 a9a6 e8e9";

/// The score of the last `info … score cp N` line.
fn last_uci_score(lines: &[String]) -> Option<i32> {
    lines.iter().rev().find_map(|l| {
        let t: Vec<&str> = l.split_whitespace().collect();
        let i = t.iter().position(|w| *w == "cp")?;
        t.get(i + 1)?.parse().ok()
    })
}

#[test]
fn repetition_rule_decides_one_check_one_chase_in_search_and_verdict() {
    // Black to move, one ply before the third occurrence: e8e9 repeats the cycle. By the 棋例
    // (`asian`, the default) Red's 一将一捉 loses, so Black scores a rule win; under `pyffish`
    // the repetition is a draw (Black, a rook for a cannon down, takes it).
    let seven = &MIXED_MOVES[..MIXED_MOVES.len() - " e8e9".len()];
    for (setting, win) in [
        (None, true),
        (Some("asian"), true),
        (Some("pyffish"), false),
    ] {
        let mut e = uci();
        if let Some(v) = setting {
            e.send(&format!("setoption name Repetition Rule value {v}"));
        }
        assert!(e.sync().is_empty(), "{setting:?}");
        e.send(&format!("position fen {MIXED_FEN} moves {seven}"));
        e.send("go depth 6");
        let l = e.bestmove();
        let score = last_uci_score(&l).unwrap_or_else(|| panic!("no score: {l:?}"));
        if win {
            assert!(score > 10_000, "{setting:?}: score {score}: {l:?}");
        } else {
            assert!(score.abs() < 100, "{setting:?}: score {score}: {l:?}");
        }
    }
    // The engine's own verdict at the third occurrence (UCCI answers `nobestmove`).
    for (setting, verdict) in [
        (None, "0-1 (PerpetualChase)"),
        (Some("pyffish"), "1/2-1/2 (Repetition)"),
        (Some("asian"), "0-1 (PerpetualChase)"),
    ] {
        let mut e = ucci();
        if let Some(v) = setting {
            e.send(&format!("setoption repetitionrule {v}"));
        }
        e.send(&format!("position fen {MIXED_FEN} moves {MIXED_MOVES}"));
        e.send("go depth 3");
        let l = e.until("nobestmove", |x| {
            x.starts_with("nobestmove") || x.starts_with("bestmove")
        });
        assert_eq!(l.last().map(String::as_str), Some("nobestmove"), "{l:?}");
        let over = format!("info message the game is already over: {verdict}");
        assert!(l.contains(&over), "{setting:?}: {l:?}");
    }
}

#[test]
fn repetition_rule_bad_value_is_reported_and_ignored() {
    let mut e = uci();
    e.send("setoption name Repetition Rule value pyffish");
    assert!(e.sync().is_empty());
    // Bad values: one line each, and the rule stays `pyffish`.
    for bad in ["fide", "1", ""] {
        e.send(&format!("setoption name Repetition Rule value {bad}"));
        let l = e.sync();
        assert!(
            l.len() == 1 && l[0].starts_with("info string") && l[0].contains("asian, pyffish"),
            "{bad:?}: {l:?}"
        );
    }
    let seven = &MIXED_MOVES[..MIXED_MOVES.len() - " e8e9".len()];
    e.send(&format!("position fen {MIXED_FEN} moves {seven}"));
    e.send("go depth 6");
    let l = e.bestmove();
    let score = last_uci_score(&l).unwrap_or_else(|| panic!("no score: {l:?}"));
    assert!(score.abs() < 100, "score {score}: {l:?}");
    assert!(e.sync().is_empty());
}
