#!/usr/bin/env bash
# The level ladder: each level against the one STEP above, N games per pair (colours alternate
# over the built-in openings), at a clock loose enough that the levels' node budgets decide.
# Lopsided games are adjudicated (score <= -600 for 3 moves resigns; 240 plies draw) to keep
# the run cheap. Results go to docs/ladder/ (one summary line per pair). Needs
# /work/shared/tools (or XQTOOLS) set up.
#   usage: docs/ladder.sh [games per pair] [first level] [last level] [step]
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=${1:-16}
FIRST=${2:-1}
LAST=${3:-20}
STEP=${4:-1}
TOOLS=${XQTOOLS:-/work/shared/tools}
ENGINE=${ENGINE:-./target/release/chuhan}
mkdir -p docs/ladder
for ((a = FIRST; a < LAST; a += STEP)); do
    b=$((a + STEP > LAST ? LAST : a + STEP))
    nice -n 15 python3 "$TOOLS/xqmatch.py" \
        --e1 "$ENGINE" --p1 uci --init1 "setoption name Skill Level value $b" \
        --e2 "$ENGINE" --p2 uci --init2 "setoption name Skill Level value $a" \
        --games "$GAMES" --tc 10000+100 --openings builtin --concurrency 1 \
        --resign-score 600 --resign-moves 3 --max-plies 240 \
        --pgn "docs/ladder/L$b-vs-L$a.pgn" --json "docs/ladder/L$b-vs-L$a.json" --quiet \
        | tee "docs/ladder/L$b-vs-L$a.txt"
done
