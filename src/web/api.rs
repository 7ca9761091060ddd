//! The JSON API of the web board, under `/api`.
//!
//! | method and path                    | body / query                        | answer                 |
//! |------------------------------------|-------------------------------------|------------------------|
//! | `GET /api/info`                    |                                     | name, levels, book     |
//! | `POST /api/games`                  | `{text?, fen?, moves?, human?}`     | game state             |
//! | `GET /api/games/{id}`              |                                     | game state             |
//! | `POST /api/games/{id}/move`        | `{move}` (ICCS, WXF or Chinese)     | game state             |
//! | `POST /api/games/{id}/engine`      | `{level?, seed?, movetime_ms?}`     | `{move, source, state}`|
//! | `POST /api/games/{id}/takeback`    | `{plies?}`                          | game state             |
//! | `POST /api/games/{id}/goto`        | `{ply}`                             | game state             |
//! | `GET /api/games/{id}/export`       |                                     | FEN + ICCS, two PGNs   |
//! | `GET /api/games/{id}/analysis`     | `?multipv=1..5`                     | Server-Sent Events     |
//! | `POST /api/games/{id}/stop`        |                                     | game state             |
//!
//! The game state carries the FEN shown, the move list (Chinese + ICCS), the legal moves from
//! the engine's generator (`{"h2": ["e2", …]}`), check, the last move, the rules' verdict in
//! Chinese and English, the book moves and the scores per ply. Every failure is a JSON
//! `{"error": "…"}` with a 4xx status; nothing a request carries reaches the file system.

use super::game::{parse_fen, parse_game_text, Game, GameError, Human, Verdict, MAX_PLIES};
use super::think::{self, spawn_search, SharedSearcher};
use crate::board::Position;
use crate::book::{Book, BookRng};
use crate::movegen;
use crate::notation::to_chinese;
use crate::search::level::{Level, Line};
use crate::search::{mate_in_moves, Bound, IterationInfo, Limits};
use crate::types::{Color, Move, Score};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::{BTreeMap, HashMap};
use std::convert::Infallible;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// The most games kept at once; the least recently used idle one is dropped for a new one.
pub const MAX_GAMES: usize = 32;
/// The largest request body, in bytes.
pub const MAX_BODY: usize = 64 * 1024;
/// The longest an analysis runs without being stopped.
pub const MAX_ANALYSIS: Duration = Duration::from_secs(600);
/// Thinking time at full strength unless the request says otherwise.
pub const DEFAULT_MOVETIME: Duration = Duration::from_millis(2000);

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// A failed request: a status and a message, sent as `{"error": message}`.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    message: String,
}

impl ApiError {
    fn bad(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
        }
    }

    fn not_found(what: &str) -> ApiError {
        ApiError {
            status: StatusCode::NOT_FOUND,
            message: format!("no such {what}"),
        }
    }

    fn conflict(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::CONFLICT,
            message: message.into(),
        }
    }

    fn unavailable(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: message.into(),
        }
    }
}

impl From<GameError> for ApiError {
    fn from(e: GameError) -> ApiError {
        ApiError::bad(e.to_string())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(json!({ "error": self.message }))).into_response()
    }
}

/// The answer of a 404 for a path outside the API and the page.
pub async fn not_found() -> ApiError {
    ApiError::not_found("page or API route")
}

type ApiResult = Result<Response, ApiError>;

/// Reads a JSON body (empty = `{}`), turning every failure into a 400/413 JSON error.
fn parse_body<T: for<'de> Deserialize<'de>>(
    body: Result<Bytes, BytesRejection>,
) -> Result<T, ApiError> {
    let bytes = body.map_err(|e| ApiError {
        status: if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            StatusCode::PAYLOAD_TOO_LARGE
        } else {
            StatusCode::BAD_REQUEST
        },
        message: format!("cannot read the request body: {e}"),
    })?;
    let text: &[u8] = if bytes.iter().all(u8::is_ascii_whitespace) {
        b"{}"
    } else {
        &bytes
    };
    serde_json::from_slice(text).map_err(|e| ApiError::bad(format!("invalid JSON body: {e}")))
}

/// One game and the search machinery attached to it.
pub struct GameEntry {
    game: Mutex<Game>,
    searcher: SharedSearcher,
    /// Held for the whole of a search: one search per game at a time.
    search_slot: Arc<tokio::sync::Mutex<()>>,
    /// Counts the searches started, so a page that went away stops only its own search.
    search_id: AtomicU64,
    last_used: Mutex<Instant>,
}

impl GameEntry {
    fn new(game: Game) -> GameEntry {
        GameEntry {
            game: Mutex::new(game),
            searcher: Arc::new(Mutex::new(None)),
            search_slot: Arc::new(tokio::sync::Mutex::new(())),
            search_id: AtomicU64::new(0),
            last_used: Mutex::new(Instant::now()),
        }
    }

    fn game(&self) -> MutexGuard<'_, Game> {
        *lock(&self.last_used) = Instant::now();
        lock(&self.game)
    }

    /// Asks the running search, if any, to stop.
    fn stop_search(&self) {
        think::stop(&self.searcher);
    }

    fn is_searching(&self) -> bool {
        self.search_slot.try_lock().is_err()
    }

    /// Waits for the game's search slot after stopping whatever runs in it.
    async fn take_slot(&self) -> tokio::sync::OwnedMutexGuard<()> {
        loop {
            self.stop_search();
            // The holder may not have started its search when asked to stop: ask again.
            let wait = self.search_slot.clone().lock_owned();
            if let Ok(guard) = tokio::time::timeout(Duration::from_millis(100), wait).await {
                return guard;
            }
        }
    }
}

/// Everything the handlers share.
pub struct AppState {
    games: Mutex<HashMap<String, Arc<GameEntry>>>,
    next_id: AtomicU64,
    book: Option<Book>,
    seed: u64,
}

impl AppState {
    /// A fresh state with the embedded opening book.
    pub fn new(book: Option<Book>) -> AppState {
        let seed = BookRng::from_time().next_u64();
        AppState {
            games: Mutex::new(HashMap::new()),
            next_id: AtomicU64::new(1),
            book,
            seed,
        }
    }

    fn get(&self, id: &str) -> Result<Arc<GameEntry>, ApiError> {
        lock(&self.games)
            .get(id)
            .cloned()
            .ok_or_else(|| ApiError::not_found("game"))
    }

    fn insert(&self, game: Game) -> Result<String, ApiError> {
        let mut games = lock(&self.games);
        if games.len() >= MAX_GAMES {
            let victim = games
                .iter()
                .filter(|(_, e)| !e.is_searching())
                .min_by_key(|(_, e)| *lock(&e.last_used))
                .map(|(k, _)| k.clone());
            match victim {
                Some(k) => {
                    games.remove(&k);
                }
                None => return Err(ApiError::unavailable("too many games are searching")),
            }
        }
        let n = self.next_id.fetch_add(1, Ordering::Relaxed);
        let id = format!("{:016x}", BookRng::new(self.seed ^ n).next_u64());
        games.insert(id.clone(), Arc::new(GameEntry::new(game)));
        Ok(id)
    }

    fn random_seed(&self) -> u64 {
        BookRng::from_time().next_u64() ^ self.seed
    }
}

/// The state handle the router passes to handlers.
pub type App = Arc<AppState>;

fn color_name(c: Color) -> &'static str {
    match c {
        Color::Red => "red",
        Color::Black => "black",
    }
}

fn verdict_json(v: &Verdict) -> Value {
    json!({
        "winner": v.winner.map(color_name),
        "score": v.score,
        "code": v.code,
        "zh": v.zh,
        "en": v.en,
    })
}

/// A score from the side to move's view, as Red's: centipawns, or moves to mate (+ = Red mates).
fn score_for_red(pos: &Position, score: Score) -> (Score, Option<i32>) {
    let s = if pos.side_to_move() == Color::Red {
        score
    } else {
        -score
    };
    (s, mate_in_moves(s))
}

fn book_json(book: Option<&Book>, pos: &Position) -> Value {
    let Some(book) = book else {
        return json!([]);
    };
    let moves = book.probe(pos);
    let total: u32 = moves.iter().map(|b| u32::from(b.weight)).sum();
    Value::Array(
        moves
            .iter()
            .map(|b| {
                json!({
                    "iccs": b.mv.to_string(),
                    "chinese": to_chinese(pos, b.mv),
                    "weight": b.weight,
                    "percent": (f64::from(b.weight) * 100.0 / f64::from(total.max(1))).round(),
                })
            })
            .collect(),
    )
}

fn state_json(app: &AppState, id: &str, entry: &GameEntry, game: &Game) -> Value {
    let pos = game.position();
    let verdict = game.verdict();
    let mut legal: BTreeMap<String, Vec<String>> = BTreeMap::new();
    if verdict.is_none() {
        for mv in movegen::legal_moves(&pos).iter() {
            legal
                .entry(mv.from().to_string())
                .or_default()
                .push(mv.to().to_string());
        }
    }
    let check = pos
        .in_check()
        .then(|| pos.king_square(pos.side_to_move()).to_string());
    let moves: Vec<Value> = game
        .move_list()
        .into_iter()
        .map(|m| json!({"iccs": m.iccs, "chinese": m.chinese, "color": color_name(m.color)}))
        .collect();
    let cursor = game.cursor();
    let last = cursor
        .checked_sub(1)
        .and_then(|i| game.moves().get(i))
        .map(Move::to_string);
    let book = book_json(app.book.as_ref(), &pos);
    let evals: Vec<Value> = game.evals().iter().map(|e| json!(e)).collect();
    json!({
        "id": id,
        "human": game.human.name(),
        "start_fen": game.start().to_fen(),
        "fen": pos.to_fen(),
        "side_to_move": color_name(pos.side_to_move()),
        "ply": cursor,
        "length": game.moves().len(),
        "moves": moves,
        "last_move": last,
        "check": check,
        "legal": legal,
        "result": verdict.as_ref().map(verdict_json),
        "book": book,
        "evals": evals,
        "searching": entry.is_searching(),
    })
}

fn state_response(app: &AppState, id: &str, entry: &GameEntry) -> Response {
    let game = entry.game();
    Json(state_json(app, id, entry, &game)).into_response()
}

/// `GET /api/info`.
pub async fn info(State(app): State<App>) -> Response {
    Json(json!({
        "name": crate::ENGINE_NAME,
        "levels": {"min": Level::MIN.number(), "max": Level::MAX.number()},
        "book": app.book.is_some(),
        "max_plies": MAX_PLIES,
    }))
    .into_response()
}

#[derive(Deserialize)]
struct NewGame {
    text: Option<String>,
    fen: Option<String>,
    moves: Option<String>,
    human: Option<String>,
}

/// `POST /api/games`: a new game from the start position, a FEN, moves, or free text.
pub async fn new_game(State(app): State<App>, body: Result<Bytes, BytesRejection>) -> ApiResult {
    let req: NewGame = parse_body(body)?;
    let human = req.human.as_deref().unwrap_or("red");
    let (start, moves) = match (&req.text, &req.fen, &req.moves) {
        (Some(t), None, None) => parse_game_text(t)?,
        (None, fen, moves) => {
            let start = parse_fen(fen.as_deref().unwrap_or(""))?;
            let text = format!(
                "{} moves {}",
                start.to_fen(),
                moves.as_deref().unwrap_or("")
            );
            parse_game_text(&text)?
        }
        _ => return Err(ApiError::bad("give either text, or fen and/or moves")),
    };
    // "auto": the person plays the side to move at the end of the loaded moves.
    let human = match (human, Human::parse(human)) {
        (_, Some(h)) => h,
        ("auto", None) => {
            let mut pos = start.clone();
            for &mv in &moves {
                pos.make_move(mv);
            }
            match pos.side_to_move() {
                Color::Red => Human::Red,
                Color::Black => Human::Black,
            }
        }
        (h, None) => {
            return Err(ApiError::bad(format!(
                "human must be red, black, both or auto, not {h:?}"
            )))
        }
    };
    let game = Game::new(start, moves, human);
    let id = app.insert(game)?;
    let entry = app.get(&id)?;
    Ok((StatusCode::CREATED, state_response(&app, &id, &entry)).into_response())
}

/// `GET /api/games/{id}`.
pub async fn get_game(State(app): State<App>, Path(id): Path<String>) -> ApiResult {
    let entry = app.get(&id)?;
    Ok(state_response(&app, &id, &entry))
}

#[derive(Deserialize)]
struct MoveReq {
    #[serde(rename = "move")]
    mv: String,
}

/// `POST /api/games/{id}/move`: plays a move at the shown ply.
pub async fn play(
    State(app): State<App>,
    Path(id): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult {
    let entry = app.get(&id)?;
    let req: MoveReq = parse_body(body)?;
    entry.stop_search();
    entry.game().play_text(&req.mv)?;
    Ok(state_response(&app, &id, &entry))
}

#[derive(Deserialize)]
struct TakeBack {
    plies: Option<usize>,
}

/// `POST /api/games/{id}/takeback`: removes the last `plies` moves (default 1).
pub async fn take_back(
    State(app): State<App>,
    Path(id): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult {
    let entry = app.get(&id)?;
    let req: TakeBack = parse_body(body)?;
    let plies = req.plies.unwrap_or(1);
    if plies > MAX_PLIES {
        return Err(ApiError::bad(format!("plies must be at most {MAX_PLIES}")));
    }
    entry.stop_search();
    entry.game().take_back(plies);
    Ok(state_response(&app, &id, &entry))
}

#[derive(Deserialize)]
struct GoTo {
    ply: usize,
}

/// `POST /api/games/{id}/goto`: shows the position after `ply` moves.
pub async fn go_to(
    State(app): State<App>,
    Path(id): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult {
    let entry = app.get(&id)?;
    let req: GoTo = parse_body(body)?;
    entry.stop_search();
    {
        let mut g = entry.game();
        if req.ply > g.moves().len() {
            return Err(ApiError::bad(format!(
                "ply {} is past the end of the game ({} moves)",
                req.ply,
                g.moves().len()
            )));
        }
        g.go_to(req.ply);
    }
    Ok(state_response(&app, &id, &entry))
}

/// `POST /api/games/{id}/stop`: stops the game's search (analysis or engine move).
pub async fn stop(State(app): State<App>, Path(id): Path<String>) -> ApiResult {
    let entry = app.get(&id)?;
    entry.stop_search();
    Ok(state_response(&app, &id, &entry))
}

/// `GET /api/games/{id}/export`.
pub async fn export(State(app): State<App>, Path(id): Path<String>) -> ApiResult {
    let entry = app.get(&id)?;
    let g = entry.game();
    let date = today();
    Ok(Json(json!({
        "fen_moves": g.fen_and_moves(),
        "pgn_chinese": g.pgn(true, &date),
        "pgn_iccs": g.pgn(false, &date),
    }))
    .into_response())
}

/// Today's date as `YYYY.MM.DD` (UTC), for PGN headers.
fn today() -> String {
    let days = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() / 86_400)
        .unwrap_or(0) as i64;
    // Civil from days (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}.{m:02}.{d:02}")
}

#[derive(Deserialize)]
struct EngineReq {
    level: Option<i64>,
    seed: Option<u64>,
    movetime_ms: Option<u64>,
}

/// The lines of a MultiPV search: the latest exact score per line.
#[derive(Default)]
struct Lines(BTreeMap<u32, Line>);

/// `POST /api/games/{id}/engine`: the engine plays a move at the shown ply, at a level.
pub async fn engine_move(
    State(app): State<App>,
    Path(id): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult {
    let entry = app.get(&id)?;
    let req: EngineReq = parse_body(body)?;
    let level = Level::new(req.level.unwrap_or(20)).map_err(|e| ApiError::bad(e.to_string()))?;
    let movetime = match req.movetime_ms {
        None => DEFAULT_MOVETIME,
        Some(ms @ 10..=60_000) => Duration::from_millis(ms),
        Some(ms) => {
            return Err(ApiError::bad(format!(
                "movetime_ms {ms} is out of range (10 to 60000)"
            )))
        }
    };
    let seed = req.seed.unwrap_or_else(|| app.random_seed());
    let slot = entry.take_slot().await;
    let (pos, start, moves, generation, ply) = {
        let g = entry.game();
        if let Some(v) = g.verdict() {
            return Err(ApiError::bad(format!("the game is over: {}", v.en)));
        }
        let ply = g.cursor();
        (
            g.position(),
            g.start().clone(),
            g.moves()[..ply].to_vec(),
            g.generation(),
            ply,
        )
    };
    let (mv, source, score) = if let Some(b) = app
        .book
        .as_ref()
        .and_then(|b| b.pick(&pos, &mut BookRng::new(seed), 0.0))
    {
        (b.mv, "book", None)
    } else {
        let lim = level.limits();
        let limits = Limits {
            depth: lim.depth,
            nodes: lim.nodes,
            movetime: Some(if level.is_full_strength() {
                movetime
            } else {
                level
                    .time_cap()
                    .min(movetime.max(Duration::from_millis(500)))
            }),
            ..Limits::default()
        };
        let lines = Arc::new(Mutex::new(Lines::default()));
        let collect = lines.clone();
        entry.search_id.fetch_add(1, Ordering::Relaxed);
        let (tx, rx) = tokio::sync::oneshot::channel();
        spawn_search(
            &entry.searcher,
            start,
            &moves,
            limits,
            lim.multipv,
            Box::new(move |info: &IterationInfo| {
                if info.bound == Bound::Exact {
                    if let Some(&mv) = info.pv.first() {
                        lock(&collect).0.insert(
                            info.multipv,
                            Line {
                                mv,
                                score: info.score,
                            },
                        );
                    }
                }
            }),
            Box::new(move |result| {
                let _ = tx.send(result);
            }),
        )
        .map_err(|e| ApiError::unavailable(e.to_string()))?;
        let result = rx
            .await
            .map_err(|_| ApiError::unavailable("the search ended without an answer"))?;
        let Some(best) = result.best else {
            return Err(ApiError::bad("no legal move"));
        };
        let best_score = result.score.unwrap_or(0);
        let mut found: Vec<Line> = lock(&lines).0.values().copied().collect();
        // The search's own answer is the best line, whatever the reports said.
        found.retain(|l| l.mv != best);
        found.push(Line {
            mv: best,
            score: best_score,
        });
        let mv = level.choose(&found, seed).unwrap_or(best);
        (mv, "search", result.score)
    };
    drop(slot);
    let chinese = to_chinese(&pos, mv);
    let mut g = entry.game();
    if g.generation() != generation {
        return Err(ApiError::conflict(
            "the game changed while the engine was thinking",
        ));
    }
    if let Some(s) = score {
        g.set_eval(ply, score_for_red(&pos, s).0);
    }
    g.play(mv)?;
    let state = state_json(&app, &id, &entry, &g);
    Ok(Json(json!({
        "move": {"iccs": mv.to_string(), "chinese": chinese},
        "source": source,
        "level": level.number(),
        "state": state,
    }))
    .into_response())
}

/// One analysis line as JSON: scores for Red, the PV in Chinese and ICCS.
fn info_json(pos: &Position, info: &IterationInfo) -> Value {
    let (score, mate) = score_for_red(pos, info.score);
    let mut p = pos.clone();
    let mut pv = Vec::new();
    for &mv in &info.pv {
        if !movegen::legal_moves(&p).contains(&mv) {
            break;
        }
        pv.push(json!({"iccs": mv.to_string(), "chinese": to_chinese(&p, mv)}));
        p.make_move(mv);
    }
    let bound = match info.bound {
        Bound::Exact => "exact",
        Bound::Lower if pos.side_to_move() == Color::Red => "lower",
        Bound::Upper if pos.side_to_move() == Color::Red => "upper",
        Bound::Lower => "upper",
        Bound::Upper => "lower",
    };
    json!({
        "depth": info.depth,
        "seldepth": info.seldepth,
        "multipv": info.multipv,
        "score": score,
        "mate": mate,
        "bound": bound,
        "nodes": info.nodes,
        "nps": info.nps(),
        "time_ms": info.elapsed.as_millis() as u64,
        "pv": pv,
    })
}

/// Stops a search when the page goes away (the event stream is dropped), unless another
/// search has started on the game since.
struct StopOnDrop {
    entry: Arc<GameEntry>,
    search_id: u64,
}

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        if self.entry.search_id.load(Ordering::Relaxed) == self.search_id {
            self.entry.stop_search();
        }
    }
}

enum Msg {
    Info(Value),
    Done(Value),
}

/// `GET /api/games/{id}/analysis?multipv=N`: analyses the shown position until stopped (or
/// for at most [`MAX_ANALYSIS`]), streaming `info` events (one per line and depth) and a final
/// `done` event.
pub async fn analysis(
    State(app): State<App>,
    Path(id): Path<String>,
    Query(query): Query<HashMap<String, String>>,
) -> ApiResult {
    let entry = app.get(&id)?;
    let multipv = match query.get("multipv") {
        None => 1,
        Some(v) => match v.parse::<usize>() {
            Ok(n @ 1..=5) => n,
            _ => return Err(ApiError::bad(format!("multipv must be 1 to 5, not {v:?}"))),
        },
    };
    let slot = entry.take_slot().await;
    let (pos, start, moves, generation, ply) = {
        let g = entry.game();
        let ply = g.cursor();
        (
            g.position(),
            g.start().clone(),
            g.moves()[..ply].to_vec(),
            g.generation(),
            ply,
        )
    };
    if !movegen::has_legal_move(&pos) {
        return Err(ApiError::bad("no legal move to analyse: the game is over"));
    }
    let search_id = entry.search_id.fetch_add(1, Ordering::Relaxed) + 1;
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel::<Msg>();
    let done_tx = tx.clone();
    let info_pos = pos.clone();
    let eval_entry = entry.clone();
    let done_pos = pos.clone();
    let limits = Limits {
        movetime: Some(MAX_ANALYSIS),
        ..Limits::default()
    };
    spawn_search(
        &entry.searcher,
        start,
        &moves,
        limits,
        multipv,
        Box::new(move |info: &IterationInfo| {
            if info.multipv == 1 && info.bound == Bound::Exact {
                let mut g = lock(&eval_entry.game);
                if g.generation() == generation {
                    g.set_eval(ply, score_for_red(&info_pos, info.score).0);
                }
            }
            let _ = tx.send(Msg::Info(info_json(&info_pos, info)));
        }),
        Box::new(move |result| {
            drop(slot);
            let best = result
                .best
                .map(|m| json!({"iccs": m.to_string(), "chinese": to_chinese(&done_pos, m)}));
            let _ = done_tx.send(Msg::Done(json!({
                "best": best,
                "depth": result.depth,
                "nodes": result.nodes,
            })));
        }),
    )
    .map_err(|e| ApiError::unavailable(e.to_string()))?;
    let guard = StopOnDrop {
        entry: entry.clone(),
        search_id,
    };
    let stream =
        futures_util::stream::unfold((rx, guard, false), |(mut rx, guard, ended)| async move {
            if ended {
                return None;
            }
            let msg = rx.recv().await?;
            let (event, ended) = match msg {
                Msg::Info(v) => (Event::default().event("info").data(v.to_string()), false),
                Msg::Done(v) => (Event::default().event("done").data(v.to_string()), true),
            };
            Some((Ok::<Event, Infallible>(event), (rx, guard, ended)))
        });
    Ok(Sse::new(stream)
        .keep_alive(KeepAlive::default())
        .into_response())
}
