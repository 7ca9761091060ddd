#!/usr/bin/env python3
"""SPSA tuner for Chuhan's search parameters (src/search/params.rs).

Standard SPSA as Fishtest runs it. Each iteration k perturbs every tuned parameter by
+-c_k (a random sign per parameter), plays a small match theta+ against theta- with the
same engine binary (built with `cargo build --release --features tune`, which makes the
parameters UCI options) through ../shared/tools/xqmatch.py, and moves

    theta_i += a_k / c_k,i * (W - L) * sign_i        (W, L: games theta+ won and lost)

with a_k = a_i / (A + k)^0.602 and c_k,i = c_i / k^0.101. By default c_i is 1/20 of the
parameter's range (at least 1), A is 10 % of the iterations, and a_i is chosen as Fishtest
does from r_end (default 0.002): a_i = r_end * c_end,i^2 * (A + N)^0.602, c_end,i the last
iteration's c. Values sent to the engine are clamped to the option's range and rounded
stochastically (so small perturbations still act on integer options).

The state (theta, iteration, schedule, results) is written to --state after every
iteration; running the same command again resumes from it. The current theta is printed
every --report-every iterations and at the end, as `setoption` lines and as the lines of
params.rs; `--apply` writes the state's theta into src/search/params.rs.

Python 3.11, standard library only. Examples:

    cargo build --release --features tune
    python3 tools/spsa.py --iterations 2000 --nodes 20000 --concurrency 2
    python3 tools/spsa.py --params RFP_MARGIN,FUTILITY_BASE --iterations 500 --state rfp.json
    python3 tools/spsa.py --dry-run                       # print the first mini-match only
    python3 tools/spsa.py --state spsa_state.json --apply # write the result into params.rs
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import re
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEFAULT_ENGINE = REPO / "target" / "release" / ("chuhan.exe" if os.name == "nt" else "chuhan")
DEFAULT_XQMATCH = REPO.parent / "shared" / "tools" / "xqmatch.py"
PARAMS_RS = REPO / "src" / "search" / "params.rs"

OPTION_RE = re.compile(
    r"^option name (\S+) type spin default (-?\d+) min (-?\d+) max (-?\d+)\s*$"
)
# A declaration in params.rs: `    NAME: Type = 20, 5..=100;` or `= 50 / 100, 0..=200;`.
DECL_RE = re.compile(
    r"^(?P<indent>\s*)(?P<name>[A-Z][A-Z0-9_]*)\s*:\s*(?P<ty>[^=]+?)\s*=\s*"
    r"(?P<value>-?[\d_]+)(?P<scale>\s*/\s*\d+)?\s*,\s*(?P<range>-?[\d_]+\s*\.\.=\s*-?[\d_]+)\s*;"
)

ALPHA = 0.602
GAMMA = 0.101


class SpsaError(Exception):
    """A problem the user can fix (bad option, engine without the tune feature, ...)."""


def engine_params(engine: str) -> dict[str, dict[str, int]]:
    """The tunable parameters the engine advertises: name -> default, min, max."""
    try:
        out = subprocess.run(
            shlex.split(engine) if not Path(engine).exists() else [engine],
            input="uci\nquit\n",
            capture_output=True,
            text=True,
            timeout=60,
        ).stdout
    except (OSError, subprocess.TimeoutExpired) as e:
        raise SpsaError(f"cannot run the engine {engine!r}: {e}") from e
    params = {}
    for line in out.splitlines():
        m = OPTION_RE.match(line.strip())
        # Search parameters are the UPPER_CASE options (Hash, MultiPV, UCI_Elo are not).
        if m and re.fullmatch(r"[A-Z][A-Z0-9_]*", m.group(1)):
            d, lo, hi = (int(m.group(i)) for i in (2, 3, 4))
            params[m.group(1)] = {"default": d, "min": lo, "max": hi}
    if not params:
        raise SpsaError(
            f"{engine} advertises no search parameters: build it with "
            "`cargo build --release --features tune`"
        )
    return params


def new_state(args: argparse.Namespace, advertised: dict[str, dict[str, int]]) -> dict:
    names = list(advertised)
    if args.params:
        wanted = [n.strip() for n in args.params.split(",") if n.strip()]
        unknown = [n for n in wanted if n not in advertised]
        if unknown:
            raise SpsaError(
                f"unknown parameter(s) {', '.join(unknown)}; the engine has {', '.join(names)}"
            )
        names = wanted
    n = args.iterations
    big_a = args.A if args.A is not None else 0.1 * n
    params = {}
    for name in names:
        p = advertised[name]
        c = args.c if args.c is not None else max((p["max"] - p["min"]) / args.c_div, 1.0)
        c_end = c / n**GAMMA
        a = args.a if args.a is not None else args.r_end * c_end**2 * (big_a + n) ** ALPHA
        params[name] = {**p, "theta": float(p["default"]), "c": c, "a": a}
    return {
        "version": 1,
        "iterations": n,
        "A": big_a,
        "k": 0,
        "seed": args.seed,
        "params": params,
        "results": [],
    }


def stochastic_round(x: float, rng: random.Random) -> int:
    f = math.floor(x)
    return int(f) + (1 if rng.random() < x - f else 0)


def clamp(x: float, p: dict) -> float:
    return min(max(x, p["min"]), p["max"])


def xqmatch_command(args, plus: dict[str, int], minus: dict[str, int], k: int, json_path: str,
                    pgn_path: str) -> list[str]:
    engine = shlex.quote(args.engine) if Path(args.engine).exists() else args.engine
    cmd = [sys.executable, str(args.xqmatch), "--e1", engine, "--e2", engine,
           "--p1", "uci", "--p2", "uci", "--name1", "theta+", "--name2", "theta-"]
    for flag, values in (("--init1", plus), ("--init2", minus)):
        cmd += [flag, "setoption name UseBook value false"]
        for name, v in values.items():
            cmd += [flag, f"setoption name {name} value {v}"]
    if args.tc:
        cmd += ["--tc", args.tc]
    else:
        cmd += ["--nodes", str(args.nodes)]
    cmd += ["--games", str(args.games), "--concurrency", str(args.concurrency)]
    seed = args.seed * 1_000_003 + k
    if args.openings:
        cmd += ["--openings", args.openings, "--shuffle", "--seed", str(seed)]
    else:
        cmd += ["--random-openings", str(args.random_openings), "--seed", str(seed)]
    cmd += ["--json", json_path, "--pgn", pgn_path, "--quiet", "--report-every", "0"]
    cmd += args.xqmatch_arg
    return cmd


def run_match(cmd: list[str]) -> tuple[int, int, int]:
    json_path = cmd[cmd.index("--json") + 1]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    try:
        with open(json_path, encoding="utf-8") as f:
            r = json.load(f)
        return int(r["wins"]), int(r["draws"]), int(r["losses"])
    except (OSError, ValueError, KeyError) as e:
        tail = "\n".join((proc.stdout + proc.stderr).splitlines()[-10:])
        raise SpsaError(f"xqmatch failed (exit {proc.returncode}): {e}\n{tail}") from e


def rust_lines(state: dict, params_rs: Path) -> list[str]:
    """params.rs declaration lines with theta as the default (as found in params.rs)."""
    decls = {}
    if params_rs.exists():
        for line in params_rs.read_text(encoding="utf-8").splitlines():
            m = DECL_RE.match(line)
            if m:
                decls[m.group("name")] = m
    out = []
    for name, p in state["params"].items():
        v = round(p["theta"])
        m = decls.get(name)
        if m:
            out.append(f"{m.group('indent')}{name}: {m.group('ty')} = {v}"
                       f"{m.group('scale') or ''}, {m.group('range')};")
        else:
            out.append(f"    {name}: _ = {v}, {p['min']}..={p['max']};")
    return out


def report(state: dict, params_rs: Path) -> None:
    k = state["k"]
    print(f"--- theta after {k} iteration(s) (default -> current):")
    for name, p in state["params"].items():
        print(f"  {name:<26} {p['default']:>6} -> {p['theta']:9.2f}")
    print("--- as UCI options:")
    for name, p in state["params"].items():
        print(f"setoption name {name} value {round(p['theta'])}")
    print(f"--- as lines of {params_rs.relative_to(REPO) if params_rs.is_relative_to(REPO) else params_rs}:")
    for line in rust_lines(state, params_rs):
        print(line)
    sys.stdout.flush()


def apply(state: dict, params_rs: Path) -> int:
    text = params_rs.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    wanted = {name: round(p["theta"]) for name, p in state["params"].items()}
    changed = 0
    for i, line in enumerate(lines):
        m = DECL_RE.match(line)
        if m and m.group("name") in wanted:
            v = wanted.pop(m.group("name"))
            new = line[: m.start("value")] + str(v) + line[m.end("value"):]
            changed += new != line
            lines[i] = new
    params_rs.write_text("".join(lines), encoding="utf-8")
    if wanted:
        print(f"not found in {params_rs}: {', '.join(wanted)}", file=sys.stderr)
    print(f"{params_rs}: {changed} value(s) changed")
    return 0


def save(state: dict, path: Path) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(state, indent=1) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="\n\n".join(__doc__.split("\n\n")[1:]))
    ap.add_argument("--engine", default=str(DEFAULT_ENGINE),
                    help="engine built with --features tune (default %(default)s)")
    ap.add_argument("--xqmatch", default=os.environ.get("XQMATCH", str(DEFAULT_XQMATCH)),
                    help="match runner (default $XQMATCH or %(default)s)")
    ap.add_argument("--params", default="",
                    help="comma-separated parameters to tune (default: all the engine offers)")
    ap.add_argument("--iterations", type=int, default=1000, help="SPSA iterations N")
    ap.add_argument("--games", type=int, default=2,
                    help="games per iteration, an even number (default 2: one opening, both colours)")
    lim = ap.add_mutually_exclusive_group()
    lim.add_argument("--nodes", type=int, default=20000, help="nodes per move (default 20000)")
    lim.add_argument("--tc", help="time control BASE_MS+INC_MS instead of --nodes")
    ap.add_argument("--concurrency", type=int, default=1, help="games played at once")
    ap.add_argument("--random-openings", type=int, default=8, metavar="PLIES",
                    help="random opening plies per game pair (default 8)")
    ap.add_argument("--openings", help="opening file for xqmatch instead of random openings")
    ap.add_argument("--seed", type=int, default=1, help="random seed (signs, rounding, openings)")
    ap.add_argument("--state", default="spsa_state.json",
                    help="checkpoint file, resumed when it exists (default %(default)s)")
    ap.add_argument("--fresh", action="store_true", help="ignore an existing --state file")
    ap.add_argument("--report-every", type=int, default=50, metavar="N",
                    help="print theta every N iterations (default 50)")
    ap.add_argument("--c-div", type=float, default=20.0,
                    help="c_i = (max - min) / C_DIV, at least 1 (default 20)")
    ap.add_argument("--c", type=float, metavar="C_ALL", help="the same c for every parameter")
    ap.add_argument("--r-end", type=float, default=0.002,
                    help="Fishtest's r_end: a_i = r_end * c_end^2 * (A + N)^0.602 (default 0.002)")
    ap.add_argument("--a", type=float, metavar="A_ALL", help="the same a for every parameter (overrides --r-end)")
    ap.add_argument("--A", type=float, metavar="STABILITY", help="stability constant A (default 0.1 * iterations)")
    ap.add_argument("--xqmatch-arg", action="append", default=[], metavar="ARG",
                    help="extra argument for xqmatch (repeatable), e.g. --xqmatch-arg=--max-plies=300")
    ap.add_argument("--params-rs", default=str(PARAMS_RS), help="params.rs for the printed lines")
    ap.add_argument("--dry-run", action="store_true",
                    help="print the parameters and the first mini-match command; play nothing")
    ap.add_argument("--apply", action="store_true",
                    help="write theta of --state into --params-rs and exit")
    args = ap.parse_args(argv)
    params_rs = Path(args.params_rs)
    state_path = Path(args.state)

    try:
        if args.apply:
            if not state_path.exists():
                raise SpsaError(f"no state file {state_path}")
            return apply(json.loads(state_path.read_text(encoding="utf-8")), params_rs)
        if args.games < 2 or args.games % 2:
            raise SpsaError("--games must be even and at least 2 (each opening with both colours)")
        if args.iterations < 1:
            raise SpsaError("--iterations must be at least 1")
        if not Path(args.xqmatch).exists():
            raise SpsaError(f"xqmatch not found at {args.xqmatch} (use --xqmatch or $XQMATCH)")

        if state_path.exists() and not args.fresh:
            state = json.loads(state_path.read_text(encoding="utf-8"))
            print(f"resuming {state_path} at iteration {state['k'] + 1}/{state['iterations']}")
        else:
            state = new_state(args, engine_params(args.engine))
        params = state["params"]
        n, big_a = state["iterations"], state["A"]
        print(f"SPSA: {len(params)} parameter(s), {n} iterations of {args.games} games, "
              + (f"tc {args.tc}" if args.tc else f"{args.nodes} nodes/move")
              + f", A={big_a:g}")

        with tempfile.TemporaryDirectory(prefix="spsa-") as tmp:
            json_path = os.path.join(tmp, "match.json")
            pgn_path = os.path.join(tmp, "match.pgn")
            while state["k"] < n:
                k = state["k"] + 1
                rng = random.Random(f"{state['seed']}:{k}")
                a_k_base = (big_a + k) ** ALPHA
                c_k_base = k**GAMMA
                plus, minus, deltas = {}, {}, {}
                for name, p in params.items():
                    delta = rng.choice((-1, 1))
                    c_k = p["c"] / c_k_base
                    deltas[name] = (delta, c_k)
                    plus[name] = stochastic_round(clamp(p["theta"] + delta * c_k, p), rng)
                    minus[name] = stochastic_round(clamp(p["theta"] - delta * c_k, p), rng)
                cmd = xqmatch_command(args, plus, minus, k, json_path, pgn_path)
                if args.dry_run:
                    print("parameters:", ", ".join(
                        f"{m}={p['theta']:g} [{p['min']}, {p['max']}] c={p['c']:.3g} a={p['a']:.3g}"
                        for m, p in params.items()))
                    print("iteration 1 would run:", shlex.join(cmd))
                    return 0
                start = time.monotonic()
                w, d, l = run_match(cmd)
                result = w - l
                for name, p in params.items():
                    delta, c_k = deltas[name]
                    a_k = p["a"] / a_k_base
                    p["theta"] = clamp(p["theta"] + a_k / c_k * result * delta, p)
                state["k"] = k
                state["results"].append([w, d, l])
                save(state, state_path)
                tot = [sum(r[i] for r in state["results"]) for i in range(3)]
                print(f"iteration {k}/{n}: theta+ W-D-L {w}-{d}-{l} "
                      f"({time.monotonic() - start:.1f} s); total {tot[0]}-{tot[1]}-{tot[2]}",
                      flush=True)
                if args.report_every > 0 and k % args.report_every == 0 and k < n:
                    report(state, params_rs)
        report(state, params_rs)
        return 0
    except SpsaError as e:
        print(f"spsa: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"\ninterrupted; state kept in {state_path}", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
