#!/usr/bin/env python3
"""An independent oracle for linear Go (1xn), written apart from crates/tsume-linear:
Tromp-Taylor rules as docs/linear.md pins them (no suicide, positional superko with the
start seen, area scoring, komi 0, two passes in a row end the game), plain minimax
memoised on the whole state (seen positions, position, player to move, passes).

  python3 scripts/linear_oracle.py empty 3     # values of the empty 1x1..1x3 lines
  python3 scripts/linear_oracle.py cex4        # seed 000's theorem fails on 1x4
"""
import sys
from functools import lru_cache

sys.setrecursionlimit(100000)


def blocks(pos):
    out, i = [], 0
    while i < len(pos):
        j = i
        while j + 1 < len(pos) and pos[j + 1] == pos[i]:
            j += 1
        out.append((i, j, pos[i]))
        i = j + 1
    return out


def has_liberty(pos, i, j):
    return (i > 0 and pos[i - 1] == '-') or (j + 1 < len(pos) and pos[j + 1] == '-')


def play(pos, c, me):
    """The position after `me` plays on cell c (0-based), or None if illegal (occupied,
    suicide); superko is the caller's."""
    if pos[c] != '-':
        return None
    opp = 'o' if me == 'x' else 'x'
    p = pos[:c] + me + pos[c + 1:]
    for i, j, k in blocks(p):
        if k == opp and not has_liberty(p, i, j):
            p = p[:i] + '-' * (j - i + 1) + p[j + 1:]
    for i, j, k in blocks(p):
        if k == me and i <= c <= j and not has_liberty(p, i, j):
            return None
    return p


def score(pos):
    t = 0
    for i, j, k in blocks(pos):
        size = j - i + 1
        if k == 'x':
            t += size
        elif k == 'o':
            t -= size
        else:
            nb = set()
            if i > 0:
                nb.add(pos[i - 1])
            if j + 1 < len(pos):
                nb.add(pos[j + 1])
            t += size if nb == {'x'} else -size if nb == {'o'} else 0
    return t


@lru_cache(maxsize=None)
def value(seen, pos, me, passes):
    """Black's area minus White's under perfect play."""
    if passes == 2:
        return score(pos)
    opp = 'o' if me == 'x' else 'x'
    vals = [value(seen, pos, opp, passes + 1)]
    for c in range(len(pos)):
        q = play(pos, c, me)
        if q is not None and q not in seen:
            vals.append(value(seen | frozenset([q]), q, opp, 0))
    return max(vals) if me == 'x' else min(vals)


def state_after(n, moves):
    """The state after `moves` (0-based cells, None a pass) from the empty line."""
    pos, seen, me, passes = '-' * n, {'-' * n}, 'x', 0
    for m in moves:
        if m is None:
            passes += 1
        else:
            q = play(pos, m, me)
            assert q is not None and q not in seen, (pos, m)
            pos, passes = q, 0
            seen.add(q)
        me = 'o' if me == 'x' else 'x'
    return frozenset(seen), pos, me, passes


if __name__ == '__main__':
    if sys.argv[1] == 'empty':
        for n in range(1, int(sys.argv[2]) + 1):
            print(f'1x{n}: {value(frozenset(["-" * n]), "-" * n, "x", 0)}')
    elif sys.argv[1] == 'cex4':
        # tsume linear 4 --verify-pruning's counterexample (cells from 0 here):
        # x:3 o:pass x:1 o:pass x:4 o:2 x:pass o:3 x:pass o:4 x:1 o:4, and its interchange.
        P = None
        for line in ([2, P, 0, P, 3, 1, P, 2, P, 3, 0, 3], [2, P, 1, P, 3, 0, P, 2, P, 3, 1, 3]):
            st = state_after(4, line)
            print(f'{st[1]}, {st[2]} to move: value {value(*st)} (Black)')
