//! Runtime search parameters (cargo feature `tune`): advertised as options, set with
//! `setoption`, bad values refused with one message, and a changed value changes the search.
//!
//! Run with `cargo test --release --features tune --test tune`. The parameters are
//! process-wide, so everything is one test (tests of one file run in parallel threads).
#![cfg(feature = "tune")]

use chuhan::search::params::{self, ALL};
use std::io::{BufRead, Read, Write};
use std::sync::mpsc::{channel, Receiver};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A writer whose bytes the test reads afterwards.
#[derive(Clone, Default)]
struct Sink(Arc<Mutex<Vec<u8>>>);

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Input fed line by line from the test (a search must end before `quit` is read).
struct Feed {
    rx: Receiver<String>,
    buf: Vec<u8>,
    pos: usize,
}

impl Read for Feed {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let n = {
            let data = self.fill_buf()?;
            let n = data.len().min(out.len());
            out[..n].copy_from_slice(&data[..n]);
            n
        };
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Feed {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if self.pos >= self.buf.len() {
            match self.rx.recv() {
                Ok(line) => {
                    self.buf = format!("{line}\n").into_bytes();
                    self.pos = 0;
                }
                Err(_) => return Ok(&[]),
            }
        }
        Ok(&self.buf[self.pos..])
    }
    fn consume(&mut self, n: usize) {
        self.pos += n;
    }
}

/// Runs one engine session: sends the lines of `input`, after each `go` waiting for its
/// `bestmove`; returns the output lines.
fn session(input: &str) -> Vec<String> {
    let out = Sink::default();
    let (tx, rx) = channel();
    let feed = Feed {
        rx,
        buf: Vec::new(),
        pos: 0,
    };
    let sink = out.clone();
    let engine = std::thread::spawn(move || chuhan::protocol::engine::run(feed, Box::new(sink)));
    let text = |out: &Sink| {
        let bytes = out.0.lock().unwrap_or_else(|e| e.into_inner()).clone();
        String::from_utf8_lossy(&bytes).into_owned()
    };
    for line in input.lines() {
        let answers = text(&out).matches("bestmove").count();
        tx.send(line.to_string()).expect("engine reads");
        if line.starts_with("go") {
            let deadline = Instant::now() + Duration::from_secs(60);
            while text(&out).matches("bestmove").count() == answers {
                assert!(Instant::now() < deadline, "no bestmove: {}", text(&out));
                std::thread::sleep(Duration::from_millis(5));
            }
        }
    }
    drop(tx);
    assert_eq!(engine.join().expect("engine thread"), 0);
    text(&out).lines().map(str::to_string).collect()
}

/// The node count of the last `info … nodes N` line.
fn last_nodes(lines: &[String]) -> u64 {
    lines
        .iter()
        .rev()
        .find_map(|l| {
            let mut it = l.split_whitespace().skip_while(|w| *w != "nodes");
            it.next()?;
            it.next()?.parse().ok()
        })
        .unwrap_or_else(|| panic!("no nodes in {lines:?}"))
}

#[test]
fn tune_params_are_uci_options() {
    // Advertised with default and range, in both dialects.
    let lines = session("uci\nquit\n");
    assert!(
        lines.contains(&"option name RFP_MARGIN type spin default 80 min 20 max 300".to_string()),
        "{lines:?}"
    );
    for p in ALL {
        let line = format!("option name {} type spin default", p.name());
        assert!(lines.iter().any(|l| l.starts_with(&line)), "{line}");
    }
    let lines = session("ucci\nquit\n");
    assert!(
        lines.contains(&"option RFP_MARGIN type spin min 20 max 300 default 80".to_string()),
        "{lines:?}"
    );

    // The search with the defaults, then with one changed value.
    let search =
        "setoption name UseBook value false\nposition startpos moves h2e2 h9g7\ngo depth 9\n";
    let base = last_nodes(&session(&format!("uci\n{search}isready\nquit\n")));

    // Setting a value changes it (the name is case-insensitive) and keeps the engine serving.
    let lines = session(&format!(
        "uci\nsetoption name lmr_base value 150\n{search}isready\nquit\n"
    ));
    assert_eq!(params::LMR_BASE.param.value(), 150);
    assert_eq!(params::LMR_BASE.get(), 1.5);
    assert!(
        lines.iter().all(|l| !l.starts_with("info string")),
        "{lines:?}"
    );
    assert!(lines.contains(&"readyok".to_string()));
    let changed = last_nodes(&lines);
    assert_ne!(changed, base, "LMR_BASE 1.5 searched like the default");

    // Out of range or not a number: one message each, value unchanged, still serving.
    let lines = session(
        "uci\nsetoption name RFP_MARGIN value 301\nsetoption name RFP_MARGIN value x\n\
         setoption name RFP_MARGIN value -5\nisready\nquit\n",
    );
    let messages: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info string option"))
        .collect();
    assert_eq!(messages.len(), 3, "{lines:?}");
    assert_eq!(
        messages[0],
        "info string option RFP_MARGIN: 301 is out of range 20..300; value unchanged"
    );
    assert!(messages[1].contains("not a whole number"), "{lines:?}");
    assert!(lines.contains(&"readyok".to_string()));
    assert_eq!(params::RFP_MARGIN.get(), 80);

    // UCCI form; then back to the defaults, which search as before.
    session("ucci\nsetoption RFP_MARGIN 100\nquit\n");
    assert_eq!(params::RFP_MARGIN.get(), 100);
    for p in ALL {
        p.reset();
    }
    assert_eq!(
        last_nodes(&session(&format!("uci\n{search}isready\nquit\n"))),
        base
    );
}
