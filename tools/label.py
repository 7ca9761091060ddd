#!/usr/bin/env python3
"""Label tuning positions with a teacher engine's search score.

    label.py --engine PATH [--protocol uci|ucci] [--option NAME=VALUE ...]
             [--depth D | --nodes N] [--scale 400] [--result-weight 0.0] [--jobs 1]
             [--timeout 60] < positions.txt > labelled.txt

Reads one position a line, `FEN` or `FEN;RESULT` (the `datagen` example's output; RESULT from
Red's view: 1, 0.5 or 0), has the teacher search it (a fresh `position fen` and `go depth` /
`go nodes` each time, hash kept), and writes `FEN;TARGET` for the `tune` example, where

    TARGET = w · RESULT + (1 − w) · 1 / (1 + 10^(−score / scale))

with `score` the teacher's last reported score in centipawns turned to Red's view (a mate score
counts as ±`--mate-cp`) and `w` the `--result-weight` (0 without a RESULT). A deeper search or a
stronger engine labels what self-play results alone cannot teach: which side stands better,
and by how much, in positions where the game result mostly says who was the stronger player.

Lines that are not a Xiangqi FEN, positions the teacher rejects (an `info string` saying
invalid, illegal or error) or does not score (no `info ... score`, or it dies) are reported on
stderr and skipped; a dead engine, or one that has not answered within `--timeout` seconds
(then killed), is restarted for the next line. Scores are read as `score cp N`, `score mate N`
or a bare `score N` (NewGG prints that). Standard library only.
"""
import argparse
import contextlib
import queue
import subprocess
import sys
import threading


class Teacher:
    """One engine process speaking UCI or UCCI."""

    def __init__(self, path, protocol, options, timeout):
        self.path, self.protocol, self.options = path, protocol, options
        self.timeout = timeout
        self.proc = None
        self.timed_out = False

    @contextlib.contextmanager
    def _watchdog(self):
        """Kills the engine if the block has not finished within `timeout` seconds."""
        proc = self.proc

        def kill():
            self.timed_out = True
            try:
                proc.kill()
            except OSError:
                pass

        timer = threading.Timer(self.timeout, kill)
        timer.daemon = True
        timer.start()
        try:
            yield
        finally:
            timer.cancel()

    def _ended(self, what):
        if self.timed_out:
            self.timed_out = False
            return EOFError(f'{self.path} did not answer within {self.timeout:g} s ({what})')
        return EOFError(f'{self.path} ended {what}')

    def start(self):
        self.timed_out = False
        self.proc = subprocess.Popen([self.path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        with self._watchdog():
            self.send(self.protocol)
            self.wait_for(self.protocol + 'ok')
            for name, value in self.options:
                if self.protocol == 'uci':
                    self.send(f'setoption name {name} value {value}')
                else:
                    self.send(f'setoption {name} {value}')
            self.send('isready')
            self.wait_for('readyok')

    def stop(self):
        if self.proc:
            try:
                self.send('quit')
                self.proc.wait(timeout=2)
            except (OSError, subprocess.TimeoutExpired, BrokenPipeError):
                self.proc.kill()
            self.proc = None

    def send(self, line):
        self.proc.stdin.write(line + '\n')
        self.proc.stdin.flush()

    def wait_for(self, token):
        for line in self.proc.stdout:
            if line.split()[:1] == [token]:
                return line
        raise self._ended(f'before "{token}"')

    def score(self, fen, limit):
        """The side to move's last reported score as ('cp', n) or ('mate', n), or None."""
        if self.proc is None:
            self.start()
        with self._watchdog():
            self.send(f'position fen {fen}')
            self.send(f'go {limit}')
            last = None
            rejected = False
            for line in self.proc.stdout:
                words = line.split()
                if words[:1] == ['bestmove'] or words[:1] == ['nobestmove']:
                    return None if rejected else last
                if words[:2] == ['info', 'string'] and any(
                        w in line.lower() for w in ('invalid', 'illegal', 'error')):
                    rejected = True
                if words[:1] == ['info'] and 'score' in words:
                    last = parse_score(words[words.index('score') + 1:]) or last
        raise self._ended('during a search')


def parse_score(words):
    """('cp', n) or ('mate', n) from the words after `score`: `cp N`, `mate N`, or a bare
    `N` (centipawns, as some engines print it)."""
    try:
        if words[:1] in (['cp'], ['mate']) and len(words) > 1:
            return words[0], int(words[1])
        if words:
            return 'cp', int(words[0])
    except ValueError:
        pass
    return None


def red_cp(fen, score, mate_cp):
    """The score in centipawns from Red's view."""
    kind, value = score
    cp = max(-mate_cp, min(mate_cp, value)) if kind == 'cp' else (
        mate_cp if value > 0 else -mate_cp)
    fields = fen.split()
    black_to_move = len(fields) > 1 and fields[1] == 'b'
    return -cp if black_to_move else cp


def fen_error(fen):
    """Why `fen` is not a Xiangqi FEN (board and side to move), or None. Engines answer a bad
    FEN by searching some other position, so bad lines never reach them."""
    fields = fen.split()
    if len(fields) < 2 or fields[1] not in ('w', 'b', 'r'):
        return 'no side to move (w or b) after the board'
    ranks = fields[0].split('/')
    if len(ranks) != 10:
        return 'the board needs 10 ranks'
    for r in ranks:
        width = 0
        for c in r:
            if c.isdigit():
                width += int(c)
            elif c.lower() in 'rnhbeakcp':
                width += 1
            else:
                return f'unknown piece {c!r}'
        if width != 9:
            return f'rank {r!r} is not 9 points wide'
    if fields[0].count('K') != 1 or fields[0].count('k') != 1:
        return 'each side needs exactly one king'
    return None


def parse(line):
    """(FEN, RESULT or None) of an input line, or None for a blank line."""
    line = line.strip()
    if not line:
        return None
    if ';' in line:
        fen, result = line.rsplit(';', 1)
        try:
            return fen.strip(), float(result)
        except ValueError:
            return line, None
    return line, None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--engine', required=True)
    ap.add_argument('--protocol', choices=('uci', 'ucci'), default='uci')
    ap.add_argument('--option', action='append', default=[], metavar='NAME=VALUE')
    limit = ap.add_mutually_exclusive_group()
    limit.add_argument('--depth', type=int)
    limit.add_argument('--nodes', type=int)
    ap.add_argument('--scale', type=float, default=400.0,
                    help='centipawns for a 10:1 winning chance (default 400)')
    ap.add_argument('--result-weight', type=float, default=0.0,
                    help='weight of the game result in the target, 0..1 (default 0)')
    ap.add_argument('--mate-cp', type=int, default=3000)
    ap.add_argument('--jobs', type=int, default=1, help='teacher processes in parallel')
    ap.add_argument('--timeout', type=float, default=60.0,
                    help='seconds an engine may take to answer before it is killed, the '
                    'position skipped and the engine restarted (default 60)')
    args = ap.parse_args()
    if not 0.0 <= args.result_weight <= 1.0:
        ap.error('--result-weight must lie in 0..1')
    if not args.timeout > 0:
        ap.error('--timeout must be positive')
    options = []
    for o in args.option:
        name, sep, value = o.partition('=')
        if not sep:
            ap.error(f'--option wants NAME=VALUE, got {o!r}')
        options.append((name, value))
    go = f'nodes {args.nodes}' if args.nodes else f'depth {args.depth or 8}'

    todo = queue.Queue()
    order = []
    for i, line in enumerate(sys.stdin):
        p = parse(line)
        if p:
            todo.put((i, p))
            order.append(i)
    # Lines are written in input order as soon as every earlier one is settled, so a long run
    # that is stopped keeps what it has labelled.
    lock = threading.Lock()
    settled = {}
    written = 0

    def settle(i, out):
        nonlocal written
        with lock:
            settled[i] = out
            while written < len(order) and order[written] in settled:
                line = settled.pop(order[written])
                if line is not None:
                    print(line, flush=True)
                written += 1

    def work():
        teacher = Teacher(args.engine, args.protocol, options, args.timeout)
        while True:
            try:
                i, (fen, result) = todo.get_nowait()
            except queue.Empty:
                break
            why = fen_error(fen)
            if why:
                print(f'line {i + 1}: skipped, {why}: {fen}', file=sys.stderr)
                settle(i, None)
                continue
            try:
                s = teacher.score(fen, go)
            except (EOFError, OSError, BrokenPipeError) as e:
                print(f'line {i + 1}: {e}', file=sys.stderr)
                teacher.stop()
                s = None
            if s is None:
                print(f'line {i + 1}: no score for {fen}', file=sys.stderr)
                settle(i, None)
                continue
            p = 1.0 / (1.0 + 10.0 ** (-red_cp(fen, s, args.mate_cp) / args.scale))
            if result is not None:
                p = args.result_weight * result + (1.0 - args.result_weight) * p
            settle(i, f'{fen};{p:.4f}')
        teacher.stop()

    threads = [threading.Thread(target=work) for _ in range(max(1, args.jobs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


if __name__ == '__main__':
    main()
