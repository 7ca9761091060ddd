#!/usr/bin/env python3
"""Endgame start positions for targeted matches, cut from finished games.

    endgame_openings.py GAMES.pgn [MORE.pgn ...] > endgames.txt

Replays every game of the PGN files (xqmatch's records: a FEN tag and ICCS moves) with the
referee's rules (pyffish, through ../shared/tools/xqmatch.py's own helpers; run
../shared/tools/setup.sh once and use its interpreter, ~/.cache/xqtools-venv/bin/python) and
writes the first position of each game that is an
endgame: after move 20, each side has at most three attack units (rook 2, horse 1, cannon 1) and
at least one, and the material (rook 9, cannon 4.5, horse 4, advisor and elephant 2, pawn 1)
differs by at most --max-diff. One FEN a line, duplicates removed, ready for
`xqmatch.py --openings FILE` (each opening is played with both colours). Evaluation changes
that only matter in endgames (scale factors, recognisers) show in such a match long before they
show in games from the opening.
"""
import argparse
import os
import re
import sys

# The referee's own rules helpers (pyffish, the start position, ICCS to pyffish's notation).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'shared', 'tools'))
from xqmatch import START_FEN, VARIANT, from_engine_move, sf  # noqa: E402

VALUES = {'r': 9.0, 'c': 4.5, 'n': 4.0, 'h': 4.0, 'a': 2.0, 'b': 2.0, 'e': 2.0, 'p': 1.0}
UNITS = {'r': 2, 'n': 1, 'h': 1, 'c': 1}


def games(path):
    """(start FEN, [ICCS moves]) of every game in a PGN file."""
    text = open(path, encoding='utf-8').read()
    for block in re.split(r'\n(?=\[Event )', text):
        fen = re.search(r'\[FEN "([^"]+)"\]', block)
        body = re.sub(r'\[[^\]]*\]', '', block)
        body = re.sub(r'\{[^}]*\}', '', body)
        moves = [t.lower() for t in body.split() if re.fullmatch(r'[a-iA-I]\d-?[a-iA-I]\d', t)]
        moves = [from_engine_move(m.replace('-', ''), 'iccs') for m in moves]
        if moves and None not in moves:
            yield (fen.group(1) if fen else START_FEN), moves


def side_material(board, upper):
    """(attack units, material) of one side in a FEN board field."""
    units, material = 0, 0.0
    for ch in board:
        if ch.isalpha() and ch.isupper() == upper:
            k = ch.lower()
            units += UNITS.get(k, 0)
            material += VALUES.get(k, 0.0)
    return units, material


def first_endgame(fen, moves, max_diff, min_ply):
    """The FEN of the first qualifying endgame position of a game, or None."""
    now = sf.get_fen(VARIANT, fen, moves[:min_ply])
    for ply in range(min_ply, len(moves)):
        if ply > min_ply:
            now = sf.get_fen(VARIANT, now, [moves[ply - 1]])
        board = now.split()[0]
        red_units, red_material = side_material(board, True)
        black_units, black_material = side_material(board, False)
        if not (1 <= red_units <= 3 and 1 <= black_units <= 3):
            continue
        if abs(red_material - black_material) > max_diff:
            return None
        if sf.legal_moves(VARIANT, now, []):
            return now
        return None
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('pgn', nargs='+')
    ap.add_argument('--max-diff', type=float, default=2.0,
                    help='largest material difference, in pawns (default 2)')
    ap.add_argument('--min-ply', type=int, default=40, help='first ply looked at (default 40)')
    args = ap.parse_args()
    seen = set()
    total = skipped = 0
    for path in args.pgn:
        for fen, moves in games(path):
            total += 1
            try:
                found = first_endgame(fen, moves, args.max_diff, args.min_ply)
            except Exception:  # a record pyffish cannot replay: count it and go on
                skipped += 1
                continue
            if found and found.rsplit(' ', 2)[0] not in seen:
                seen.add(found.rsplit(' ', 2)[0])
                print(found)
    print('# %d endgame positions from %d games (%d could not be replayed)'
          % (len(seen), total, skipped), file=sys.stderr)


if __name__ == '__main__':
    main()
