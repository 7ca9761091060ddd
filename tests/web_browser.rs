//! End-to-end test of the web board in a real browser: headless Chromium driven over WebDriver
//! (chromedriver) against `chuhan serve`.
//!
//! Needs Debian's `chromium`, `chromium-driver` (and `fonts-noto-cjk` for the glyphs), so it is
//! ignored by default. Run it with
//!
//! ```text
//! cargo test --release --test web_browser -- --ignored
//! ```
//!
//! `CHROMEDRIVER` and `CHROMIUM` override the programs' paths. The screenshot goes to
//! `target/web-board.png`, and to `docs/board.png` with `CHUHAN_UPDATE_SCREENSHOT=1`.

#![cfg(feature = "web")]

mod web_support;

use fantoccini::actions::{InputSource, MouseActions, PointerAction, MOUSE_BUTTON_LEFT};
use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::json;
use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use web_support::Server;

/// Red to move mates in one with a5-d5.
const MATE_IN_ONE: &str = "3k5/9/9/9/R8/9/9/9/9/4K4 w - - 0 1";

struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

fn start_driver() -> (Driver, String) {
    let program = std::env::var("CHROMEDRIVER").unwrap_or_else(|_| "chromedriver".into());
    let port = free_port();
    let child = Command::new(&program)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| {
            panic!("cannot start {program}: {e} (apt-get install chromium-driver)")
        });
    let driver = Driver(child);
    let deadline = Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "chromedriver did not start");
        std::thread::sleep(Duration::from_millis(100));
    }
    (driver, format!("http://127.0.0.1:{port}"))
}

async fn connect(webdriver: &str, profile: &std::path::Path) -> Client {
    let mut args = vec![
        "--headless".to_string(),
        "--no-sandbox".into(),
        "--disable-gpu".into(),
        "--disable-quic".into(),
        "--no-first-run".into(),
        "--disable-background-networking".into(),
        "--disable-component-update".into(),
        "--disable-sync".into(),
        "--disable-dev-shm-usage".into(),
        "--window-size=1280,980".into(),
        "--lang=zh-CN".into(),
    ];
    args.push(format!("--user-data-dir={}", profile.display()));
    let mut options = json!({ "args": args });
    let binary = std::env::var("CHROMIUM").ok().or_else(|| {
        ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
            .iter()
            .find(|p| std::path::Path::new(p).exists())
            .map(|p| p.to_string())
    });
    if let Some(b) = binary {
        options["binary"] = json!(b);
    }
    let mut caps = serde_json::Map::new();
    caps.insert("browserName".into(), json!("chrome"));
    caps.insert("goog:chromeOptions".into(), options);
    ClientBuilder::new(HttpConnector::new())
        .capabilities(caps)
        .connect(webdriver)
        .await
        .expect("a WebDriver session")
}

/// Waits until `script` (a JS expression) is truthy; returns its value.
async fn wait_js(c: &Client, script: &str, what: &str) -> serde_json::Value {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let v = c
            .execute(&format!("return ({script});"), vec![])
            .await
            .unwrap_or(serde_json::Value::Null);
        let truthy = match &v {
            serde_json::Value::Null | serde_json::Value::Bool(false) => false,
            serde_json::Value::String(s) => !s.is_empty(),
            serde_json::Value::Number(n) => n.as_f64() != Some(0.0),
            _ => true,
        };
        if truthy {
            return v;
        }
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

async fn click_point(c: &Client, sq: &str) {
    c.find(Locator::Css(&format!("rect.hit[data-sq='{sq}']")))
        .await
        .unwrap_or_else(|e| panic!("point {sq}: {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("click {sq}: {e}"));
}

/// Drags the piece on `from` to `to` with the mouse (WebDriver actions).
async fn drag(c: &Client, from: &str, to: &str) {
    let find = |sq: &str| format!("rect.hit[data-sq='{sq}']");
    let a = c.find(Locator::Css(&find(from))).await.expect("from point");
    let b = c.find(Locator::Css(&find(to))).await.expect("to point");
    let actions = MouseActions::new("mouse".to_string())
        .then(PointerAction::MoveToElement {
            element: a,
            duration: None,
            x: 0.0,
            y: 0.0,
        })
        .then(PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        })
        .then(PointerAction::MoveToElement {
            element: b,
            duration: Some(Duration::from_millis(300)),
            x: 0.0,
            y: 0.0,
        })
        .then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        });
    c.perform_actions(actions).await.expect("drag");
}

fn moves_count_js(n: usize) -> String {
    format!("document.querySelectorAll('#moves .move[data-ply]').length >= {n}")
}

#[test]
#[ignore = "needs chromium and chromedriver (apt-get install chromium chromium-driver)"]
fn play_in_a_real_browser() {
    let server = Server::start();
    let (_driver, webdriver) = start_driver();
    let profile = std::env::temp_dir().join(format!("chuhan-chromium-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&profile);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(async {
        let c = connect(&webdriver, &profile).await;
        c.goto(&server.url()).await.expect("load the page");
        c.wait()
            .for_element(Locator::Css(".piece[data-sq='h2']"))
            .await
            .expect("the board is drawn");
        let title = c.title().await.unwrap_or_default();
        assert!(title.contains("Chuhan"), "{title}");
        assert_eq!(
            c.find_all(Locator::Css(".piece")).await.map(|v| v.len()).unwrap_or(0),
            32
        );
        // Legal destinations are shown for a selected piece.
        click_point(&c, "h2").await;
        let dests = wait_js(&c, "document.querySelectorAll('.dest').length", "destinations").await;
        assert!(dests.as_u64().unwrap_or(0) >= 10, "{dests}");
        click_point(&c, "e2").await;
        // The engine answers; the move list is in Chinese with ICCS on hover.
        wait_js(&c, &moves_count_js(2), "the engine's reply").await;
        let first = wait_js(
            &c,
            "document.querySelector('#moves .move[data-ply=\"1\"]').textContent",
            "first move",
        )
        .await;
        assert_eq!(first, "炮二平五");
        let hover = wait_js(
            &c,
            "document.querySelector('#moves .move[data-ply=\"1\"]').title",
            "ICCS title",
        )
        .await;
        assert_eq!(hover, "h2e2");
        let reply = wait_js(
            &c,
            "document.querySelector('#moves .move[data-ply=\"2\"]').textContent",
            "reply",
        )
        .await;
        let reply = reply.as_str().unwrap_or("");
        assert!(
            reply.chars().count() == 4 && !reply.is_ascii(),
            "Chinese notation expected: {reply:?}"
        );
        // A second move, dragged: the horse h0-g2 (马二进三) is legal whatever Black answered.
        wait_js(&c, "document.querySelector('.piece[data-sq=\"h0\"]')", "h0").await;
        drag(&c, "h0", "g2").await;
        wait_js(&c, &moves_count_js(4), "the second reply").await;
        let second = wait_js(
            &c,
            "document.querySelector('#moves .move[data-ply=\"3\"]').textContent",
            "third ply",
        )
        .await;
        assert_eq!(second, "马二进三");
        // Take back the engine's reply and our move, then play it again by clicking.
        c.find(Locator::Id("takeback"))
            .await
            .expect("take back button")
            .click()
            .await
            .expect("take back");
        wait_js(
            &c,
            "document.querySelectorAll('#moves .move[data-ply]').length === 2",
            "the take-back",
        )
        .await;
        click_point(&c, "h0").await;
        wait_js(&c, "document.querySelectorAll('.dest').length", "horse moves").await;
        click_point(&c, "g2").await;
        wait_js(&c, &moves_count_js(4), "the reply after the take-back").await;
        // Flip: Red's king goes to the top and back.
        let king_y = "(() => { const t = document.querySelector('.piece[data-sq=\"e0\"]').getAttribute('transform'); return Number(t.split(',')[1].replace(')', '')); })()";
        let before = wait_js(&c, king_y, "king position").await;
        c.find(Locator::Id("flip")).await.expect("flip").click().await.expect("flip");
        let after = wait_js(&c, king_y, "king position").await;
        assert!(
            before.as_f64() > Some(500.0) && after.as_f64() < Some(100.0),
            "{before} {after}"
        );
        c.find(Locator::Id("flip")).await.expect("flip").click().await.expect("flip");

        // Analysis: lines stream in and the best move is drawn as an arrow.
        c.find(Locator::Id("analysis-toggle"))
            .await
            .expect("analysis button")
            .click()
            .await
            .expect("start analysis");
        wait_js(&c, "document.querySelectorAll('#lines tr').length >= 2", "analysis lines").await;
        wait_js(&c, "document.getElementById('best-arrow')", "best-move arrow").await;
        wait_js(&c, "document.querySelectorAll('#graph .eval-point').length >= 1", "graph").await;
        tokio::time::sleep(Duration::from_millis(1500)).await;
        let png = c.screenshot().await.expect("screenshot");
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        let _ = std::fs::create_dir_all(root.join("target"));
        std::fs::write(root.join("target").join("web-board.png"), &png).expect("save screenshot");
        if std::env::var_os("CHUHAN_UPDATE_SCREENSHOT").is_some() {
            std::fs::write(root.join("docs").join("board.png"), &png).expect("docs/board.png");
        }
        c.find(Locator::Id("analysis-toggle"))
            .await
            .expect("analysis button")
            .click()
            .await
            .expect("stop analysis");

        // Load a mate in one, play it, see the announcement.
        let area = c.find(Locator::Id("load-text")).await.expect("load box");
        area.send_keys(MATE_IN_ONE).await.expect("type the FEN");
        c.find(Locator::Id("load"))
            .await
            .expect("load button")
            .click()
            .await
            .expect("load");
        wait_js(
            &c,
            "document.querySelectorAll('.piece').length === 3 && document.querySelector('.piece[data-sq=\"a5\"]')",
            "the loaded position",
        )
        .await;
        click_point(&c, "a5").await;
        wait_js(&c, "document.querySelectorAll('.dest').length", "rook moves").await;
        click_point(&c, "d5").await;
        let status = wait_js(
            &c,
            "document.getElementById('status').classList.contains('game-over') && document.getElementById('status').textContent",
            "the game-end message",
        )
        .await;
        let status = status.as_str().unwrap_or("");
        assert!(status.contains("将死"), "{status}");
        assert!(status.contains("checkmate"), "{status}");
        let png = c.screenshot().await.expect("screenshot");
        std::fs::write(root.join("target").join("web-board-mate.png"), &png).ok();
        c.close().await.ok();
    });
    let _ = std::fs::remove_dir_all(&profile);
}
