// Chuhan web board. Draws the board in SVG and asks the server (JSON API under /api) for
// everything that needs the rules: legal moves, verdicts, notation, book, engine moves, analysis.
"use strict";

const SVGNS = "http://www.w3.org/2000/svg";
const CELL = 60, MARGIN = 60;
const FILES = "abcdefghi";
const GLYPHS = {
  K: "帅", A: "仕", B: "相", E: "相", N: "马", H: "马", R: "车", C: "炮", P: "兵",
  k: "將", a: "士", b: "象", e: "象", n: "馬", h: "馬", r: "車", c: "砲", p: "卒",
};
const NUM_RED = "九八七六五四三二一";

const ui = {
  state: null,        // the game state from the server
  flipped: false,
  selected: null,     // square name of the selected piece
  busy: false,        // waiting for the engine
  analysing: false,
  source: null,       // EventSource of the analysis
  lines: [],          // analysis lines by multipv index
  arrow: null,        // {from, to}
  drag: null,
};

const $ = (id) => document.getElementById(id);

function el(name, attrs, parent) {
  const e = document.createElementNS(SVGNS, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}

function xy(sq) {
  let f = FILES.indexOf(sq[0]);
  let r = Number(sq.slice(1));
  if (ui.flipped) { f = 8 - f; r = 9 - r; }
  return [MARGIN + f * CELL, MARGIN + (9 - r) * CELL];
}

function squareAt(x, y) {
  let f = Math.round((x - MARGIN) / CELL);
  let r = 9 - Math.round((y - MARGIN) / CELL);
  if (f < 0 || f > 8 || r < 0 || r > 9) return null;
  if (ui.flipped) { f = 8 - f; r = 9 - r; }
  return FILES[f] + r;
}

async function api(method, path, body) {
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  const res = await fetch(path, opts);
  let data = null;
  try { data = await res.json(); } catch (e) { data = { error: "bad answer from the server" }; }
  if (!res.ok) throw new Error((data && data.error) || res.statusText);
  return data;
}

function message(text) { $("message").textContent = text || ""; }

// ---- board drawing ---------------------------------------------------------------------

function drawGrid(svg) {
  el("rect", { x: 0, y: 0, width: 600, height: 660, rx: 10, fill: "#eccb8b" }, svg);
  el("rect", { x: 20, y: 20, width: 560, height: 620, rx: 6, fill: "#f1d59d", stroke: "#b5874a", "stroke-width": 2 }, svg);
  const g = el("g", { class: "grid" }, svg);
  const X = (f) => MARGIN + f * CELL, Y = (r) => MARGIN + r * CELL;
  el("rect", { class: "frame", x: X(0) - 6, y: Y(0) - 6, width: 8 * CELL + 12, height: 9 * CELL + 12, fill: "none", stroke: "#5b3a1a", "stroke-width": 3 }, g);
  for (let r = 0; r < 10; r++) el("line", { x1: X(0), y1: Y(r), x2: X(8), y2: Y(r) }, g);
  for (let f = 0; f < 9; f++) {
    if (f === 0 || f === 8) el("line", { x1: X(f), y1: Y(0), x2: X(f), y2: Y(9) }, g);
    else {
      el("line", { x1: X(f), y1: Y(0), x2: X(f), y2: Y(4) }, g);
      el("line", { x1: X(f), y1: Y(5), x2: X(f), y2: Y(9) }, g);
    }
  }
  // palaces
  for (const [a, b] of [[0, 2], [7, 9]]) {
    el("line", { x1: X(3), y1: Y(a), x2: X(5), y2: Y(b) }, g);
    el("line", { x1: X(5), y1: Y(a), x2: X(3), y2: Y(b) }, g);
  }
  // position marks for cannons and pawns
  const marks = [[1, 2], [7, 2], [1, 7], [7, 7], [0, 3], [2, 3], [4, 3], [6, 3], [8, 3], [0, 6], [2, 6], [4, 6], [6, 6], [8, 6]];
  for (const [f, r] of marks) {
    const cx = X(f), cy = Y(r), d = 5, l = 12;
    for (const sx of [-1, 1]) {
      if ((f === 0 && sx < 0) || (f === 8 && sx > 0)) continue;
      for (const sy of [-1, 1]) {
        el("polyline", { points: `${cx + sx * (d + l)},${cy + sy * d} ${cx + sx * d},${cy + sy * d} ${cx + sx * d},${cy + sy * (d + l)}` }, g);
      }
    }
  }
  const ry = Y(4.5);
  el("text", { class: "river", x: X(1.5), y: ry + 12, "text-anchor": "middle" }, svg).textContent = "楚 河";
  el("text", { class: "river", x: X(6.5), y: ry + 12, "text-anchor": "middle" }, svg).textContent = "汉 界";
  // file numbers: Red's 九…一 at the bottom, Black's 1…9 at the top (from the viewer's side)
  for (let f = 0; f < 9; f++) {
    const bottom = ui.flipped ? String(9 - f) : NUM_RED[f];
    const top = ui.flipped ? NUM_RED[8 - f] : String(f + 1);
    el("text", { class: "coord", x: X(f), y: 648, "text-anchor": "middle" }, svg).textContent = bottom;
    el("text", { class: "coord", x: X(f), y: 24, "text-anchor": "middle" }, svg).textContent = top;
  }
}

function parseFen(fen) {
  const board = {};
  const rows = fen.split(" ")[0].split("/");
  rows.forEach((row, i) => {
    const r = 9 - i;
    let f = 0;
    for (const ch of row) {
      if (ch >= "1" && ch <= "9") f += Number(ch);
      else { board[FILES[f] + r] = ch; f++; }
    }
  });
  return board;
}

function drawPiece(layer, sq, ch) {
  const [x, y] = xy(sq);
  const red = ch === ch.toUpperCase();
  const g = el("g", { class: "piece " + (red ? "red" : "black"), "data-sq": sq, "data-piece": ch, transform: `translate(${x},${y})` }, layer);
  if (ui.selected === sq) g.classList.add("selected");
  el("circle", { class: "outer", r: 27, cx: 0, cy: 0 }, g);
  el("circle", { class: "inner", r: 22, cx: 0, cy: 0 }, g);
  el("text", { x: 0, y: 1 }, g).textContent = GLYPHS[ch] || "?";
  return g;
}

function render() {
  const svg = $("board");
  svg.textContent = "";
  drawGrid(svg);
  const st = ui.state;
  if (!st) return;
  const board = parseFen(st.fen);
  const marks = el("g", {}, svg);
  if (st.last_move) {
    for (const sq of [st.last_move.slice(0, 2), st.last_move.slice(2, 4)]) {
      const [x, y] = xy(sq);
      el("rect", { class: "last", x: x - 30, y: y - 30, width: 60, height: 60, rx: 6 }, marks);
    }
  }
  const pieces = el("g", { id: "pieces" }, svg);
  for (const sq in board) drawPiece(pieces, sq, board[sq]);
  if (st.check) {
    const [x, y] = xy(st.check);
    el("circle", { class: "check", cx: x, cy: y, r: 31 }, svg);
  }
  if (ui.selected && st.legal[ui.selected]) {
    for (const to of st.legal[ui.selected]) {
      const [x, y] = xy(to);
      if (board[to]) el("circle", { class: "dest capture", cx: x, cy: y, r: 29, "data-dest": to }, svg);
      else el("circle", { class: "dest", cx: x, cy: y, r: 9, "data-dest": to }, svg);
    }
  }
  if (ui.arrow) {
    const [x1, y1] = xy(ui.arrow.from), [x2, y2] = xy(ui.arrow.to);
    const defs = el("defs", {}, svg);
    const m = el("marker", { id: "head", markerWidth: 4, markerHeight: 4, refX: 2, refY: 2, orient: "auto" }, defs);
    el("path", { d: "M0,0 L4,2 L0,4 z", fill: "#1769c9", opacity: .7 }, m);
    el("line", { id: "best-arrow", class: "arrow", x1, y1, x2, y2, "marker-end": "url(#head)" }, svg);
  }
  // hit targets on every point, on top
  const hits = el("g", { id: "hits" }, svg);
  for (let r = 0; r < 10; r++) {
    for (let f = 0; f < 9; f++) {
      const sq = FILES[f] + r;
      const [x, y] = xy(sq);
      el("rect", { class: "hit", x: x - 30, y: y - 30, width: 60, height: 60, "data-sq": sq }, hits);
    }
  }
}

// ---- moving ----------------------------------------------------------------------------

function humanToMove() {
  const st = ui.state;
  if (!st || st.result || ui.busy) return false;
  return st.human === "both" || st.human === st.side_to_move;
}

function ownPiece(sq) {
  return ui.state && ui.state.legal[sq] !== undefined;
}

async function tryMove(from, to) {
  const st = ui.state;
  if (!st.legal[from] || !st.legal[from].includes(to)) return false;
  ui.selected = null;
  try {
    setState(await api("POST", `/api/games/${st.id}/move`, { move: from + to }));
    message("");
  } catch (e) { message(e.message); render(); return true; }
  await maybeEngineMove();
  return true;
}

async function clickSquare(sq) {
  if (!humanToMove()) return;
  if (ui.selected && ui.selected !== sq && await tryMove(ui.selected, sq)) return;
  ui.selected = ownPiece(sq) && ui.selected !== sq ? sq : null;
  render();
}

function svgPoint(evt) {
  const svg = $("board");
  const pt = svg.createSVGPoint();
  pt.x = evt.clientX; pt.y = evt.clientY;
  return pt.matrixTransform(svg.getScreenCTM().inverse());
}

function setupPointer() {
  const svg = $("board");
  svg.addEventListener("pointerdown", (evt) => {
    const p = svgPoint(evt);
    const sq = squareAt(p.x, p.y);
    if (!sq || !humanToMove()) return;
    if (ownPiece(sq)) {
      const g = svg.querySelector(`.piece[data-sq="${sq}"]`);
      ui.drag = { from: sq, g, x: p.x, y: p.y, moved: false };
    } else ui.drag = null;
  });
  svg.addEventListener("pointermove", (evt) => {
    const d = ui.drag;
    if (!d || !d.g) return;
    const p = svgPoint(evt);
    if (!d.moved && Math.hypot(p.x - d.x, p.y - d.y) < 8) return;
    if (!d.moved) {
      d.moved = true;
      ui.selected = d.from;
      render();
      d.g = svg.querySelector(`.piece[data-sq="${d.from}"]`);
      if (!d.g) return;
      d.g.classList.add("dragging");
      svg.querySelector("#pieces").appendChild(d.g);
    }
    d.g.setAttribute("transform", `translate(${p.x},${p.y})`);
  });
  svg.addEventListener("pointerup", async (evt) => {
    const d = ui.drag;
    ui.drag = null;
    const p = svgPoint(evt);
    const sq = squareAt(p.x, p.y);
    if (d && d.moved) {
      if (!sq || !(await tryMove(d.from, sq))) { ui.selected = d.from; render(); }
      return;
    }
    if (sq) clickSquare(sq);
  });
}

// ---- game state ------------------------------------------------------------------------

function sideName(c) { return c === "red" ? "红方 Red" : "黑方 Black"; }

function setState(st) {
  ui.state = st;
  if (ui.selected && !st.legal[ui.selected]) ui.selected = null;
  ui.arrow = null;
  ui.lines = [];
  $("anl-stats").textContent = "";
  render();
  renderStatus();
  renderMoves();
  renderBook();
  renderLines();
  renderGraph();
  if (ui.analysing) startAnalysis();
}

function renderStatus() {
  const st = ui.state, s = $("status");
  s.className = "status";
  if (!st) return;
  if (st.result) {
    s.classList.add("game-over");
    s.textContent = `${st.result.zh} · ${st.result.en} (${st.result.score})`;
  } else if (ui.busy) {
    s.classList.add("thinking");
    s.textContent = "电脑思考中… The engine is thinking…";
  } else {
    const who = st.human === "both" || st.human === st.side_to_move ? "你走 your move" : "电脑走 engine to move";
    s.textContent = `${sideName(st.side_to_move)} 走棋 · ${who}` + (st.check ? " · 将军 check!" : "");
  }
}

function renderMoves() {
  const st = ui.state, box = $("moves");
  box.textContent = "";
  const start = document.createElement("div");
  start.className = "start";
  start.textContent = "开局 start";
  start.onclick = () => goTo(0);
  box.appendChild(start);
  let row = null;
  const firstBlack = st.moves.length && st.moves[0].color === "black";
  st.moves.forEach((m, i) => {
    const ply = i + 1;
    if (m.color === "red" || i === 0) {
      row = document.createElement("div");
      row.className = "row";
      const num = document.createElement("span");
      num.className = "num";
      num.textContent = Math.floor((i + (firstBlack ? 1 : 0)) / 2) + 1 + ".";
      row.appendChild(num);
      if (m.color === "black") {
        const pad = document.createElement("span");
        pad.className = "move";
        pad.textContent = "…";
        row.appendChild(pad);
      }
      box.appendChild(row);
    }
    const span = document.createElement("span");
    span.className = `move ${m.color}` + (ply === st.ply ? " current" : "") + (ply > st.ply ? " future" : "");
    span.textContent = m.chinese;
    span.title = m.iccs;
    span.dataset.ply = ply;
    span.dataset.iccs = m.iccs;
    span.onclick = () => goTo(ply);
    row.appendChild(span);
  });
  const cur = box.querySelector(".current");
  if (cur) cur.scrollIntoView({ block: "nearest" });
}

function renderBook() {
  const st = ui.state, b = $("book");
  if (!st.book.length) { b.textContent = "棋谱 Book: —"; return; }
  b.textContent = "棋谱 Book: " + st.book.map((m) => `${m.chinese} (${m.iccs}) ${m.percent}%`).join(" · ");
}

function scoreText(l) {
  if (l.mate !== null && l.mate !== undefined) return (l.mate > 0 ? "+M" : "-M") + Math.abs(l.mate);
  return (l.score > 0 ? "+" : "") + l.score;
}

function renderLines() {
  const tb = $("lines").querySelector("tbody");
  tb.textContent = "";
  for (const l of ui.lines) {
    if (!l) continue;
    const tr = document.createElement("tr");
    const sc = document.createElement("td");
    sc.className = "score";
    sc.textContent = scoreText(l);
    const pv = document.createElement("td");
    pv.textContent = l.pv.map((m) => m.chinese).join(" ");
    const ic = document.createElement("div");
    ic.className = "iccs";
    ic.textContent = `d${l.depth} · ` + l.pv.map((m) => m.iccs).join(" ");
    pv.appendChild(ic);
    tr.append(sc, pv);
    tb.appendChild(tr);
  }
}

function renderGraph() {
  const st = ui.state, svg = $("graph");
  svg.textContent = "";
  const W = 400, H = 120, n = Math.max(st.evals.length - 1, 1);
  el("line", { x1: 0, y1: H / 2, x2: W, y2: H / 2, stroke: "#bbb", "stroke-width": 1 }, svg);
  const X = (i) => (i / n) * W;
  const Y = (s) => H / 2 - (Math.max(-800, Math.min(800, s)) / 800) * (H / 2 - 4);
  let pts = [];
  const flush = () => {
    if (pts.length > 1) el("polyline", { points: pts.join(" "), fill: "none", stroke: "#b8231b", "stroke-width": 2, "vector-effect": "non-scaling-stroke" }, svg);
    pts = [];
  };
  st.evals.forEach((e, i) => {
    if (e === null) { flush(); return; }
    pts.push(`${X(i)},${Y(e)}`);
    el("circle", { cx: X(i), cy: Y(e), r: 4, fill: "#b8231b", class: "eval-point", "data-ply": i }, svg);
  });
  flush();
  el("line", { x1: X(st.ply), y1: 0, x2: X(st.ply), y2: H, stroke: "#1769c9", "stroke-width": 1, "vector-effect": "non-scaling-stroke" }, svg);
  svg.onclick = (evt) => {
    const r = svg.getBoundingClientRect();
    const ply = Math.round(((evt.clientX - r.left) / r.width) * n);
    goTo(Math.max(0, Math.min(st.moves.length, ply)));
  };
}

// ---- actions ---------------------------------------------------------------------------

function level() { return Number($("level").value); }

async function maybeEngineMove() {
  const st = ui.state;
  if (!st || st.result || st.human === "both" || st.human === st.side_to_move) return;
  await engineMove();
}

async function engineMove() {
  const st = ui.state;
  if (!st || st.result || ui.busy) return;
  ui.busy = true;
  renderStatus();
  try {
    const r = await api("POST", `/api/games/${st.id}/engine`, { level: level() });
    ui.busy = false;
    setState(r.state);
    message(`电脑 ${r.move.chinese} (${r.move.iccs})` + (r.source === "book" ? " · 棋谱 book" : ""));
  } catch (e) {
    ui.busy = false;
    message(e.message);
    renderStatus();
  }
}

async function newGame(human, text) {
  stopAnalysis(true);
  const body = { human };
  if (text !== undefined) body.text = text;
  try {
    const st = await api("POST", "/api/games", body);
    ui.flipped = st.human === "black";
    ui.selected = null;
    setState(st);
    message("");
    await maybeEngineMove();
  } catch (e) { message(e.message); }
}

async function goTo(ply) {
  if (ui.busy) return;
  try { setState(await api("POST", `/api/games/${ui.state.id}/goto`, { ply })); } catch (e) { message(e.message); }
}

async function takeBack() {
  const st = ui.state;
  if (!st || ui.busy) return;
  const plies = st.human !== "both" && st.human === st.side_to_move && st.ply >= 2 && !st.result ? 2 : 1;
  try { setState(await api("POST", `/api/games/${st.id}/takeback`, { plies })); } catch (e) { message(e.message); }
}

async function exportGame(kind) {
  try {
    const r = await api("GET", `/api/games/${ui.state.id}/export`);
    const text = r[kind];
    $("export-text").value = text;
    try { await navigator.clipboard.writeText(text); message("已复制 copied"); } catch (e) { message(""); }
  } catch (e) { message(e.message); }
}

// ---- analysis --------------------------------------------------------------------------

function stopAnalysis(keepFlag) {
  if (ui.source) { ui.source.close(); ui.source = null; }
  if (!keepFlag) {
    ui.analysing = false;
    $("analysis-toggle").textContent = "开始分析 · Start";
  }
  if (ui.state) fetch(`/api/games/${ui.state.id}/stop`, { method: "POST" }).catch(() => {});
}

function startAnalysis() {
  const st = ui.state;
  if (ui.source) { ui.source.close(); ui.source = null; }
  if (!st || st.result || ui.busy) return;
  ui.analysing = true;
  $("analysis-toggle").textContent = "停止分析 · Stop";
  const src = new EventSource(`/api/games/${st.id}/analysis?multipv=${$("multipv").value}`);
  ui.source = src;
  src.addEventListener("info", (evt) => {
    const l = JSON.parse(evt.data);
    if (l.bound !== "exact") return;
    if (l.multipv === 1) ui.lines = ui.lines.filter((x) => x && x.depth >= l.depth - 1);
    ui.lines[l.multipv - 1] = l;
    $("anl-stats").textContent = `深度 depth ${l.depth}/${l.seldepth} · ${Math.round(l.nps / 1000)} kN/s · ${l.nodes} nodes · ${(l.time_ms / 1000).toFixed(1)} s`;
    if (l.multipv === 1 && l.pv.length) {
      ui.arrow = { from: l.pv[0].iccs.slice(0, 2), to: l.pv[0].iccs.slice(2, 4) };
      if (ui.state.evals.length > ui.state.ply) ui.state.evals[ui.state.ply] = l.mate ? (l.mate > 0 ? 800 : -800) : l.score;
      render();
      renderGraph();
    }
    renderLines();
  });
  src.addEventListener("done", () => { src.close(); if (ui.source === src) ui.source = null; });
  src.onerror = () => { src.close(); if (ui.source === src) ui.source = null; };
}

// ---- start -----------------------------------------------------------------------------

function setup() {
  const sel = $("level");
  for (let i = 1; i <= 20; i++) {
    const o = document.createElement("option");
    o.value = i;
    o.textContent = i === 20 ? "20 (全力 full)" : i === 1 ? "1 (入门 beginner)" : String(i);
    sel.appendChild(o);
  }
  sel.value = localStorage.getItem("chuhan-level") || "8";
  sel.onchange = () => localStorage.setItem("chuhan-level", sel.value);
  $("new-red").onclick = () => newGame("red");
  $("new-black").onclick = () => newGame("black");
  $("new-both").onclick = () => newGame("both");
  $("engine-move").onclick = () => engineMove();
  $("takeback").onclick = () => takeBack();
  $("flip").onclick = () => { ui.flipped = !ui.flipped; render(); };
  $("load").onclick = () => {
    const human = ui.state && ui.state.human === "both" ? "both" : "auto";
    newGame(human, $("load-text").value);
  };
  $("copy-fen").onclick = () => exportGame("fen_moves");
  $("copy-pgn").onclick = () => exportGame("pgn_chinese");
  $("copy-pgn-iccs").onclick = () => exportGame("pgn_iccs");
  $("analysis-toggle").onclick = () => (ui.analysing ? stopAnalysis(false) : startAnalysis());
  $("multipv").onchange = () => { if (ui.analysing) startAnalysis(); };
  setupPointer();
  api("GET", "/api/info").then((i) => { $("engine-name").textContent = i.name; }).catch(() => {});
  newGame("red");
}

window.addEventListener("load", setup);
