//! `chuhan serve`: a local web board to play and analyse, in the same binary.
//!
//! An HTTP server (axum on a tokio runtime) serves one page, its script and style sheet (all
//! embedded in the binary: no files are read at run time, no CDN) and the JSON API of [`api`].
//! The page draws the board in SVG and asks the API for everything that needs the rules: legal
//! moves, verdicts, notation, the book, the engine's moves and analysis (Server-Sent Events).
//!
//! The server binds to loopback unless told otherwise. Only available with the `web` feature
//! (on by default).

pub mod api;
pub mod game;
pub mod think;

use crate::book::Book;
use axum::extract::DefaultBodyLimit;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::{get, post};
use axum::Router;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;

const INDEX_HTML: &str = include_str!("assets/index.html");
const APP_JS: &str = include_str!("assets/app.js");
const STYLE_CSS: &str = include_str!("assets/style.css");
const FAVICON_SVG: &str = include_str!("assets/favicon.svg");
/// The opening book compiled from `book/openings.txt`, embedded so the board needs no files.
const BOOK: &[u8] = include_bytes!("../../book/chuhan.book");

/// Where and how to serve.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// Address to bind (default: loopback).
    pub host: IpAddr,
    /// Port (0 = any free port).
    pub port: u16,
    /// Open the page in the default browser.
    pub open: bool,
}

impl Default for ServeOptions {
    fn default() -> ServeOptions {
        ServeOptions {
            host: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 8080,
            open: false,
        }
    }
}

fn asset(content_type: &'static str, body: &'static str) -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
}

/// The router: the page, its assets and the API, with a body size limit.
pub fn router(state: api::App) -> Router {
    Router::new()
        .route(
            "/",
            get(|| async { asset("text/html; charset=utf-8", INDEX_HTML) }),
        )
        .route(
            "/app.js",
            get(|| async { asset("text/javascript; charset=utf-8", APP_JS) }),
        )
        .route(
            "/style.css",
            get(|| async { asset("text/css; charset=utf-8", STYLE_CSS) }),
        )
        .route(
            "/favicon.svg",
            get(|| async { asset("image/svg+xml", FAVICON_SVG) }),
        )
        .route("/api/info", get(api::info))
        .route("/api/games", post(api::new_game))
        .route("/api/games/{id}", get(api::get_game))
        .route("/api/games/{id}/move", post(api::play))
        .route("/api/games/{id}/engine", post(api::engine_move))
        .route("/api/games/{id}/takeback", post(api::take_back))
        .route("/api/games/{id}/goto", post(api::go_to))
        .route("/api/games/{id}/stop", post(api::stop))
        .route("/api/games/{id}/export", get(api::export))
        .route("/api/games/{id}/analysis", get(api::analysis))
        .fallback(api::not_found)
        .layer(DefaultBodyLimit::max(api::MAX_BODY))
        .with_state(state)
}

/// The embedded opening book.
pub fn embedded_book() -> Option<Book> {
    Book::from_bytes(BOOK).ok()
}

/// Why the server could not run.
#[derive(Debug)]
pub enum ServeError {
    /// The async runtime could not start.
    Runtime(std::io::Error),
    /// The address could not be bound.
    Bind(SocketAddr, std::io::Error),
    /// The server stopped with an error.
    Serve(std::io::Error),
}

impl std::fmt::Display for ServeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ServeError::Runtime(e) => write!(f, "cannot start the server runtime: {e}"),
            ServeError::Bind(a, e) => write!(f, "cannot listen on {a}: {e}"),
            ServeError::Serve(e) => write!(f, "server error: {e}"),
        }
    }
}

impl std::error::Error for ServeError {}

/// Runs the server until the process ends. `on_ready` gets the bound address (the port is
/// known only then when 0 was asked).
pub fn serve(options: &ServeOptions, on_ready: impl FnOnce(SocketAddr)) -> Result<(), ServeError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(ServeError::Runtime)?;
    runtime.block_on(async {
        let addr = SocketAddr::new(options.host, options.port);
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|e| ServeError::Bind(addr, e))?;
        let bound = listener.local_addr().map_err(ServeError::Serve)?;
        on_ready(bound);
        let state = Arc::new(api::AppState::new(embedded_book()));
        axum::serve(listener, router(state))
            .await
            .map_err(ServeError::Serve)
    })
}

/// The page's address for a bound socket (an unspecified host is shown as loopback).
pub fn page_url(addr: SocketAddr) -> String {
    let host = match addr.ip() {
        IpAddr::V4(ip) if ip.is_unspecified() => IpAddr::V4(Ipv4Addr::LOCALHOST),
        IpAddr::V6(ip) if ip.is_unspecified() => IpAddr::V4(Ipv4Addr::LOCALHOST),
        ip => ip,
    };
    match host {
        IpAddr::V6(ip) => format!("http://[{ip}]:{}/", addr.port()),
        IpAddr::V4(ip) => format!("http://{ip}:{}/", addr.port()),
    }
}

/// Opens `url` in the default browser (best effort).
pub fn open_browser(url: &str) -> std::io::Result<()> {
    let mut cmd = if cfg!(target_os = "windows") {
        let mut c = std::process::Command::new("cmd");
        c.args(["/C", "start", "", url]);
        c
    } else if cfg!(target_os = "macos") {
        let mut c = std::process::Command::new("open");
        c.arg(url);
        c
    } else {
        let mut c = std::process::Command::new("xdg-open");
        c.arg(url);
        c
    };
    cmd.stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .map(|_| ())
}

/// `chuhan serve`: prints the address, optionally opens the browser, serves. Returns the exit
/// code.
pub fn main(options: &ServeOptions) -> i32 {
    let open = options.open;
    let result = serve(options, |addr| {
        let url = page_url(addr);
        println!("Chuhan board: {url}");
        if !addr.ip().is_loopback() {
            println!(
                "warning: listening on {}, not only this computer",
                addr.ip()
            );
        }
        println!("(Ctrl+C to stop)");
        use std::io::Write;
        let _ = std::io::stdout().flush();
        if open {
            if let Err(e) = open_browser(&url) {
                eprintln!("cannot open a browser: {e}");
            }
        }
    });
    match result {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: {e}");
            2
        }
    }
}
