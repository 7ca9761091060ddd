#!/usr/bin/env python3
"""Sum the shards of one self-play test and report them as one result.

    tools/sprt_sum.py [--sprt ELO0 ELO1] [--add 'LL LD WL+DD WD WW'] LOG...

An SPRT is often run as several shards (one `tools/sprt.sh` per core, each with its own
opening seed), and sometimes continued in a later session. Each LOG is a shard's log (the
last `progress:` line counts); `--add` adds a shard recorded only as its pentanomial counts
(from an earlier note), and may be given several times. Prints the summed pentanomial, W/D/L,
Elo with its 95 % error bar from the game pairs, and the SPRT's log-likelihood ratio with its
bounds, computed by the referee's own functions (../shared/tools/xqmatch.py).
"""
import argparse
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', '..', 'shared', 'tools'))
import xqmatch  # noqa: E402  (the referee; its path is only known at run time)

PROGRESS = re.compile(r'W=(\d+) D=(\d+) L=(\d+) .*ptnml\(0-2\)=\[(\d+) (\d+) (\d+) (\d+) (\d+)\]')


def last_progress(path):
    """(W, D, L, pentanomial) of a log's last progress line, or None."""
    found = None
    with open(path, encoding='utf-8', errors='replace') as f:
        for line in f:
            m = PROGRESS.search(line)
            if m:
                found = m
    if found is None:
        return None
    nums = [int(x) for x in found.groups()]
    return nums[:3], nums[3:]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('logs', nargs='*', help='shard logs written by tools/sprt.sh')
    ap.add_argument('--add', action='append', default=[],
                    help="a further shard as five pentanomial counts, 'LL LD WL+DD WD WW'")
    ap.add_argument('--sprt', nargs=2, type=float, default=(0.0, 10.0), metavar=('ELO0', 'ELO1'))
    args = ap.parse_args()

    penta = [0] * 5
    wdl = [0, 0, 0]
    for path in args.logs:
        got = last_progress(path)
        if got is None:
            print('%s: no progress line yet' % path, file=sys.stderr)
            continue
        g, p = got
        print('%s: ptnml [%s], W%d D%d L%d' % (path, ' '.join(map(str, p)), *g))
        wdl = [a + b for a, b in zip(wdl, g)]
        penta = [a + b for a, b in zip(penta, p)]
    for extra in args.add:
        try:
            p = [int(x) for x in extra.replace(',', ' ').split()]
        except ValueError:
            p = []
        if len(p) != 5 or min(p) < 0:
            ap.error("--add needs five counts, e.g. --add '5 31 74 24 14', got %r" % extra)
        print('added: ptnml [%s]' % ' '.join(map(str, p)))
        penta = [a + b for a, b in zip(penta, p)]
    pairs = sum(penta)
    if pairs == 0:
        ap.error('no game pairs to sum')
    elo, err = xqmatch.ptnml_elo_stats(penta)
    sprt = xqmatch.Sprt(*args.sprt)
    llr = sprt.llr(penta)
    print('total: %d pairs, ptnml [%s], %s +/- %s Elo (95 %%), LLR %.2f (%.2f, %.2f) [%g, %g]%s'
          % (pairs, ' '.join(map(str, penta)), xqmatch.fmt_elo(elo), xqmatch.fmt_err(err), llr,
             sprt.lower, sprt.upper, sprt.elo0, sprt.elo1,
             {'H1': ': H1 accepted', 'H0': ': H0 accepted', None: ''}[sprt.verdict(llr)]))
    if any(wdl):
        print('games from the logs: W%d D%d L%d' % tuple(wdl))


if __name__ == '__main__':
    main()
