#!/usr/bin/env python3
"""Planarity of the reduction's graphs on random rectilinear formulas (not run by CI).

Designs D2 (crate docs), D4 and D5 (`crates/tsume-reduce/tests/rails.rs`), each without
its alive walls Z and W: on a grid they would be local copies, leaves of the graph,
which never change planarity. A rectilinear formula has its variables on a line and
each clause drawn as a comb above or below it without crossings; "monotone" puts the
positive clauses above and the negative ones below. Prints how many of the random
formulas give a planar graph, per design. Needs networkx (`pip install networkx`).

    python3 scripts/rail_planarity.py [--count 1500] [--seed 2]
"""
import argparse
import random

import networkx as nx


def lit_point(lit):
    return ("A" if lit > 0 else "B") + str(abs(lit))


def d2(clauses, m):
    g = nx.Graph([("L", "e"), ("L", "E"), ("E", "q")])
    for v in range(1, m + 1):
        g.add_edge(f"h{v}", "L")
        for lit in (v, -v):
            g.add_edge(lit_point(lit), f"h{v}")
            for j, c in enumerate(clauses):
                if lit in c:
                    g.add_edge(lit_point(lit), f"k{j}")
    for j in range(len(clauses)):
        g.add_edge(f"k{j}", "q")
    return g


def rails(clauses, m, with_omega):
    """D5 (a Λ rail), or D4 (Λ and Ω rails) with `with_omega`."""
    g = nx.Graph([("L", "e"), ("L", "E"), ("E", "q")])
    lam = lambda k: "L" if k == 0 else f"L{k}"
    om = lambda k: "q" if k == 0 else f"O{k}"
    for i in range(m):
        v = i + 1
        pieces = [i] + ([i + 1] if i + 1 < m else [])
        for lit in (v, -v):
            p = lit_point(lit)
            g.add_edge(p, f"h{v}")
            for k in pieces:
                g.add_edge(p, lam(k))
                if with_omega:
                    g.add_edge(p, om(k))
            for j, c in enumerate(clauses):
                if lit in c:
                    g.add_edge(p, f"k{j}")
    return g


def crosses(a, b):
    """Whether two combs on the same side of the line cross (legs sorted)."""
    def inside_one_gap_or_outside(x, y):
        if all(v < x[0] or v > x[-1] for v in y) and not (min(y) < x[0] and max(y) > x[-1]):
            return True
        return any(all(x[i] < v < x[i + 1] for v in y) for i in range(len(x) - 1))
    if set(a) & set(b):
        return not (a[-1] <= b[0] or b[-1] <= a[0])
    return not (inside_one_gap_or_outside(a, b) or inside_one_gap_or_outside(b, a))


def rectilinear(m, n, rng, monotone):
    up, down, clauses = [], [], []
    for _ in range(2000):
        if len(clauses) == n:
            break
        vs = sorted(rng.sample(range(1, m + 1), rng.randint(1, min(3, m))))
        side = rng.choice([up, down])
        if any(crosses(vs, c) for c in side):
            continue
        side.append(vs)
        if monotone:
            clauses.append([v if side is up else -v for v in vs])
        else:
            clauses.append([v if rng.random() < 0.5 else -v for v in vs])
    return clauses


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=1500)
    ap.add_argument("--seed", type=int, default=2)
    args = ap.parse_args()
    for monotone in (True, False):
        rng = random.Random(args.seed)
        planar = {"D2": 0, "D4": 0, "D5": 0}
        for _ in range(args.count):
            m, n = rng.randint(2, 7), rng.randint(2, 9)
            cl = rectilinear(m, n, rng, monotone)
            planar["D2"] += nx.check_planarity(d2(cl, m))[0]
            planar["D4"] += nx.check_planarity(rails(cl, m, True))[0]
            planar["D5"] += nx.check_planarity(rails(cl, m, False))[0]
        kind = "monotone" if monotone else "mixed signs"
        print(f"{args.count} random rectilinear formulas ({kind}), planar graphs: "
              + ", ".join(f"{k} {v}" for k, v in planar.items()))


if __name__ == "__main__":
    main()
