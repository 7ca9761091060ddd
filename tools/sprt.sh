#!/usr/bin/env bash
# Self-play SPRT of one Chuhan build against another with the project's referee
# (../shared/tools/xqmatch.py; run ../shared/tools/setup.sh once for its virtualenv).
#
#   tools/sprt.sh NEW BASE [NAME]
#
# NEW and BASE are two `chuhan` binaries (copy each build out of target/ first). Settings come
# from the environment (defaults in brackets):
#   NODES [40000]  nodes per move (set TC instead, e.g. TC=10000+100, for a clock)
#   ELO0 [0] ELO1 [10]  the SPRT hypotheses, logistic Elo
#   GAMES [2000]  upper bound; the SPRT usually stops earlier
#   CONC [1]  games at a time (one per core at most; node-limited games are unaffected by load)
#   OPENINGS  xqmatch's opening options [--openings book/match-openings.txt]; for more than
#             336 games use e.g. OPENINGS="--random-openings 8 --seed 7" (node-limited games
#             between deterministic engines repeat once the opening list is used up)
#   OUT [sprt-results]  where NAME.log, NAME.pgn and NAME.json go
#   ADJUDICATE [on]  on: a game ends when both engines report 800 cp or more for the same side
#             for 3 moves each (won), or both report at most 8 cp for 10 moves each after move
#             40 (drawn); off: every game is played out (about 28 % more plies, and the
#             referee's replay of the game at every ply costs more CPU than the engines)
# Books are off and both sides get Hash 16. Watch it with `grep progress OUT/NAME.log | tail -1`.
set -eu
if [ $# -lt 2 ]; then
  sed -n '2,21p' "$0"
  exit 2
fi
NEW=$1 BASE=$2 NAME=${3:-sprt-$(date +%Y%m%d-%H%M%S)}
HERE=$(cd "$(dirname "$0")/.." && pwd)
REFEREE=${REFEREE:-$HERE/../shared/tools/xqmatch.py}
OUT=${OUT:-sprt-results}
mkdir -p "$OUT"
if [ -n "${TC:-}" ]; then LIMIT="--tc $TC"; else LIMIT="--nodes ${NODES:-40000}"; fi
case ${ADJUDICATE:-on} in
  on) ADJ="--resign-score 800 --resign-moves 3 --resign-twosided --draw-score 8 --draw-moves 10 --draw-after 40" ;;
  off) ADJ="" ;;
  *) echo "ADJUDICATE must be on or off" >&2; exit 2 ;;
esac
# shellcheck disable=SC2086 # LIMIT, ADJ and OPENINGS hold several words on purpose
python3 "$REFEREE" --e1 "$NEW" --p1 uci --e2 "$BASE" --p2 uci \
  --init1 'setoption name UseBook value false' --init2 'setoption name UseBook value false' \
  --init1 'setoption name Hash value 16' --init2 'setoption name Hash value 16' \
  $LIMIT --games "${GAMES:-2000}" --concurrency "${CONC:-1}" \
  ${OPENINGS:---openings $HERE/book/match-openings.txt} \
  --sprt "${ELO0:-0}" "${ELO1:-10}" --nmove-rule 60 $ADJ --report-every 10 \
  --pgn "$OUT/$NAME.pgn" --json "$OUT/$NAME.json" | tee "$OUT/$NAME.log"
