//! The web board's JSON API, against a running `chuhan serve --port 0`.

#![cfg(feature = "web")]

mod web_support;

use serde_json::Value;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};
use web_support::Server;

const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
/// Red to move mates in one: the rook goes a5-d5 (the black king cannot step onto the e-file,
/// which faces the red king).
const MATE_IN_ONE: &str = "3k5/9/9/9/R8/9/9/9/9/4K4 w - - 0 1";

fn new_game(s: &Server, body: &str) -> Value {
    let (status, v) = s.json("POST", "/api/games", body);
    assert_eq!(status, 201, "{v}");
    v
}

fn legal_count(state: &Value) -> usize {
    state["legal"].as_object().map_or(0, |m| {
        m.values().map(|v| v.as_array().map_or(0, Vec::len)).sum()
    })
}

fn error_of(v: &Value) -> &str {
    v["error"].as_str().unwrap_or("")
}

#[test]
fn new_game_legal_moves_and_a_move() {
    let s = Server::start();
    let g = new_game(&s, r#"{"human":"red"}"#);
    assert_eq!(g["fen"], START_FEN);
    assert_eq!(g["side_to_move"], "red");
    assert_eq!(legal_count(&g), 44);
    let cannon = g["legal"]["h2"].as_array().expect("h2 moves");
    assert!(cannon.iter().any(|t| t == "e2"));
    assert!(g["book"].as_array().is_some_and(|b| !b.is_empty()));
    let id = g["id"].as_str().expect("id");

    // Chinese notation is accepted too.
    let (status, st) = s.json(
        "POST",
        &format!("/api/games/{id}/move"),
        r#"{"move":"炮二平五"}"#,
    );
    assert_eq!(status, 200, "{st}");
    assert_eq!(st["moves"][0]["chinese"], "炮二平五");
    assert_eq!(st["moves"][0]["iccs"], "h2e2");
    assert_eq!(st["last_move"], "h2e2");
    assert_eq!(st["side_to_move"], "black");

    let (status, st) = s.json(
        "POST",
        &format!("/api/games/{id}/move"),
        r#"{"move":"h9g7"}"#,
    );
    assert_eq!(status, 200);
    assert_eq!(st["moves"][1]["chinese"], "马8进7");
    let (_, ex) = s.json("GET", &format!("/api/games/{id}/export"), "");
    assert_eq!(ex["fen_moves"], format!("{START_FEN} moves h2e2 h9g7"));
    let pgn = ex["pgn_chinese"].as_str().unwrap_or("");
    assert!(pgn.contains("[Format \"Chinese\"]") && pgn.contains("1. 炮二平五 马8进7"));
    assert!(ex["pgn_iccs"]
        .as_str()
        .is_some_and(|p| p.contains("[Format \"ICCS\"]") && p.contains("1. H2-E2 H9-G7")));

    // Take back one ply, go to the start, replay.
    let (_, st) = s.json("POST", &format!("/api/games/{id}/takeback"), "{}");
    assert_eq!(st["length"], 1);
    let (_, st) = s.json("POST", &format!("/api/games/{id}/goto"), r#"{"ply":0}"#);
    assert_eq!(
        (st["ply"].as_u64(), st["length"].as_u64()),
        (Some(0), Some(1))
    );
    assert_eq!(st["fen"], START_FEN);
}

#[test]
fn engine_replies_at_a_level_and_at_full_strength() {
    let s = Server::start();
    // Out of the book: a rare first move.
    let g = new_game(&s, r#"{"moves":"a3a4 a6a5","human":"black"}"#);
    let id = g["id"].as_str().expect("id");
    let (status, r) = s.json(
        "POST",
        &format!("/api/games/{id}/engine"),
        r#"{"level":20,"movetime_ms":300}"#,
    );
    assert_eq!(status, 200, "{r}");
    assert_eq!(r["source"], "search");
    let mv = r["move"]["iccs"].as_str().expect("a move");
    assert_eq!(r["state"]["moves"][2]["iccs"], mv);
    assert!(r["move"]["chinese"].as_str().is_some_and(|c| !c.is_empty()));
    // The searched score is recorded for the graph.
    assert!(
        r["state"]["evals"][2].is_number(),
        "{}",
        r["state"]["evals"]
    );

    // A beginner's reply, deterministic for a seed.
    let play = |seed: u64| {
        let g = new_game(&s, r#"{"moves":"a3a4 a6a5 i3i4","human":"red"}"#);
        let id = g["id"].as_str().expect("id").to_string();
        let (status, r) = s.json(
            "POST",
            &format!("/api/games/{id}/engine"),
            &format!(r#"{{"level":1,"seed":{seed}}}"#),
        );
        assert_eq!(status, 200, "{r}");
        r["move"]["iccs"].as_str().unwrap_or("").to_string()
    };
    assert_eq!(play(5), play(5));

    // From the book at the start.
    let g = new_game(&s, r#"{"human":"black"}"#);
    let id = g["id"].as_str().expect("id");
    let (_, r) = s.json(
        "POST",
        &format!("/api/games/{id}/engine"),
        r#"{"level":10}"#,
    );
    assert_eq!(r["source"], "book");
}

#[test]
fn rule_verdicts_end_the_game() {
    let s = Server::start();
    let g = new_game(&s, &format!(r#"{{"fen":"{MATE_IN_ONE}"}}"#));
    assert!(g["result"].is_null());
    let id = g["id"].as_str().expect("id");
    let (status, st) = s.json(
        "POST",
        &format!("/api/games/{id}/move"),
        r#"{"move":"a5d5"}"#,
    );
    assert_eq!(status, 200, "{st}");
    assert_eq!(st["result"]["code"], "checkmate");
    assert_eq!(st["result"]["zh"], "红胜：将死");
    assert_eq!(st["result"]["en"], "Red wins: checkmate");
    assert_eq!(st["result"]["score"], "1-0");
    assert_eq!(legal_count(&st), 0);
    // No move after the end, from the player or the engine.
    let (status, v) = s.json(
        "POST",
        &format!("/api/games/{id}/move"),
        r#"{"move":"d9d8"}"#,
    );
    assert_eq!(status, 400);
    assert!(error_of(&v).contains("over"), "{v}");
    let (status, _) = s.json("POST", &format!("/api/games/{id}/engine"), "{}");
    assert_eq!(status, 400);

    // Perpetual check: Red's rook checks from a1-a9 and back; at the third occurrence Red loses.
    let text =
        "4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1 moves a1a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9 a8a9";
    let body = serde_json::json!({ "text": text }).to_string();
    let g = new_game(&s, &body);
    assert_eq!(g["result"]["code"], "perpetual-check", "{}", g["result"]);
    assert_eq!(g["result"]["winner"], "black");
    assert!(g["result"]["zh"]
        .as_str()
        .is_some_and(|z| z.contains("长将")));

    // Insufficient material: kings, advisors and elephants only.
    let g = new_game(&s, r#"{"fen":"2bak4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1"}"#);
    assert_eq!(g["result"]["code"], "insufficient-material");
    assert_eq!(g["result"]["winner"], Value::Null);
}

#[test]
fn bad_requests_get_a_json_400_and_the_server_goes_on() {
    let s = Server::start();
    let (status, v) = s.json("POST", "/api/games", r#"{"fen":"rnbakabnr/9/9 w"}"#);
    assert_eq!(status, 400);
    assert!(error_of(&v).contains("FEN"), "{v}");
    let (status, v) = s.json(
        "POST",
        "/api/games",
        r#"{"fen":"4k4/9/9/9/9/9/9/9/9/4K4 w"}"#,
    );
    assert_eq!(status, 400, "kings facing: {v}");
    let (status, v) = s.json("POST", "/api/games", "this is not json");
    assert_eq!(status, 400);
    assert!(error_of(&v).contains("JSON"), "{v}");
    let (status, v) = s.json("POST", "/api/games", r#"{"human":"purple"}"#);
    assert_eq!(status, 400, "{v}");
    let (status, v) = s.json("POST", "/api/games", r#"{"moves":"h2e2 zz99"}"#);
    assert_eq!(status, 400);
    assert!(error_of(&v).contains("move 2"), "{v}");

    let g = new_game(&s, "{}");
    let id = g["id"].as_str().expect("id");
    for body in [
        r#"{"move":"h2h8"}"#,
        r#"{"move":"e9e8"}"#,
        r#"{"move":""}"#,
        r#"{"move":42}"#,
        r#"{"mv":"h2e2"}"#,
        "[1,2,3]",
        "\u{0}\u{1}garbage",
    ] {
        let (status, v) = s.json("POST", &format!("/api/games/{id}/move"), body);
        assert_eq!(status, 400, "{body}: {v}");
        assert!(!error_of(&v).is_empty(), "{body}: {v}");
    }
    for body in [r#"{"level":0}"#, r#"{"level":21}"#, r#"{"movetime_ms":1}"#] {
        let (status, v) = s.json("POST", &format!("/api/games/{id}/engine"), body);
        assert_eq!(status, 400, "{body}: {v}");
    }
    let (status, _) = s.json("POST", &format!("/api/games/{id}/goto"), r#"{"ply":5}"#);
    assert_eq!(status, 400);
    let (status, _) = s.json("GET", &format!("/api/games/{id}/analysis?multipv=9"), "");
    assert_eq!(status, 400);
    let (status, v) = s.json("GET", "/api/games/nope", "");
    assert_eq!(status, 404);
    assert!(error_of(&v).contains("game"));
    let (status, _) = s.json("GET", "/no/such/page", "");
    assert_eq!(status, 404);
    // Too large a body.
    let big = format!(r#"{{"text":"{}"}}"#, "h2e2 ".repeat(30_000));
    let (status, text) = s.request("POST", "/api/games", big.as_bytes());
    // The server answers 413 before reading the body; the client may see the connection
    // reset before it reads that answer.
    assert!(
        (status == 413 && text.contains("error")) || status == 0,
        "{status} {text}"
    );
    // Too many moves.
    let many = serde_json::json!({ "moves": "h0g2 h9g7 g2h0 g7h9 ".repeat(260) }).to_string();
    let (status, _) = s.json("POST", "/api/games", &many);
    assert_eq!(status, 400);

    // Still answering, and the game is untouched.
    let (status, info) = s.json("GET", "/api/info", "");
    assert_eq!(status, 200);
    assert!(info["name"]
        .as_str()
        .is_some_and(|n| n.starts_with("Chuhan")));
    let (status, st) = s.json("GET", &format!("/api/games/{id}"), "");
    assert_eq!(status, 200);
    assert_eq!(st["length"], 0);
    let (status, page) = s.request("GET", "/", b"");
    assert_eq!(status, 200);
    assert!(page.contains("楚河"));
}

#[test]
fn analysis_streams_lines_and_stops() {
    let s = Server::start();
    let g = new_game(&s, r#"{"human":"both"}"#);
    let id = g["id"].as_str().expect("id");
    let mut stream = TcpStream::connect(&s.addr).expect("connect");
    stream.set_read_timeout(Some(Duration::from_secs(30))).ok();
    let req = format!(
        "GET /api/games/{id}/analysis?multipv=3 HTTP/1.1\r\nHost: {}\r\nAccept: text/event-stream\r\n\r\n",
        s.addr
    );
    stream.write_all(req.as_bytes()).expect("write");
    let mut seen = Vec::new();
    let start = Instant::now();
    let mut buf = [0u8; 4096];
    let mut text = String::new();
    while start.elapsed() < Duration::from_secs(30) {
        let n = stream.read(&mut buf).unwrap_or(0);
        if n == 0 {
            break;
        }
        seen.extend_from_slice(&buf[..n]);
        text = String::from_utf8_lossy(&seen).to_string();
        if text.contains("\"multipv\":3") && text.matches("event: info").count() >= 9 {
            break;
        }
    }
    assert!(text.contains("text/event-stream"), "{text}");
    assert!(text.contains("event: info"), "{text}");
    assert!(text.contains("\"multipv\":3"), "{text}");
    assert!(text.contains("\"chinese\""), "{text}");
    // While it runs, the game says so; a stop ends it.
    let (_, st) = s.json("GET", &format!("/api/games/{id}"), "");
    assert_eq!(st["searching"], true);
    let (status, _) = s.json("POST", &format!("/api/games/{id}/stop"), "");
    assert_eq!(status, 200);
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let (_, st) = s.json("GET", &format!("/api/games/{id}"), "");
        if st["searching"] == false {
            assert!(st["evals"][0].is_number(), "{}", st["evals"]);
            break;
        }
        assert!(Instant::now() < deadline, "the analysis did not stop");
        std::thread::sleep(Duration::from_millis(50));
    }
    // The stream ends with a `done` event.
    let deadline = Instant::now() + Duration::from_secs(10);
    while !text.contains("event: done") && Instant::now() < deadline {
        let n = stream.read(&mut buf).unwrap_or(0);
        if n == 0 {
            break;
        }
        seen.extend_from_slice(&buf[..n]);
        text = String::from_utf8_lossy(&seen).to_string();
    }
    assert!(text.contains("event: done"), "{text}");

    // An engine move while analysing takes over the game's search.
    let mut stream2 = TcpStream::connect(&s.addr).expect("connect");
    let req = format!(
        "GET /api/games/{id}/analysis HTTP/1.1\r\nHost: {}\r\n\r\n",
        s.addr
    );
    stream2.write_all(req.as_bytes()).expect("write");
    std::thread::sleep(Duration::from_millis(200));
    let (status, r) = s.json("POST", &format!("/api/games/{id}/engine"), r#"{"level":5}"#);
    assert_eq!(status, 200, "{r}");
    drop(stream2);
}
