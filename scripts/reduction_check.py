#!/usr/bin/env python3
"""Random formulas through the two commands of the reduction's independent check.

Each formula (1..VARS variables, 1..CLAUSES clauses of 1-3 literals) is written as DIMACS,
turned into a graph board by `tsume reduce F.cnf -o F.graph`, and solved by `tsume solve
F.graph --to-move W --json --max-nodes N`; the verdict must be "alive" exactly when the
formula is satisfiable (brute force), and the proof must be replayed by the checker.

    python3 scripts/reduction_check.py --tsume target/release/tsume --seed 11 --count 300
"""
import argparse
import itertools
import json
import os
import random
import subprocess
import sys
import tempfile


def satisfiable(clauses, variables):
    for bits in itertools.product([False, True], repeat=len(variables)):
        a = dict(zip(variables, bits))
        if all(any(a[abs(l)] == (l > 0) for l in c) for c in clauses):
            return True
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tsume", default="target/release/tsume")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--vars", type=int, default=5)
    ap.add_argument("--clauses", type=int, default=12)
    ap.add_argument("--max-nodes", type=int, default=3_000_000)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    tmp = tempfile.mkdtemp()
    cnf, graph = os.path.join(tmp, "f.cnf"), os.path.join(tmp, "f.graph")
    counts = {"sat": 0, "unsat": 0, "wrong": 0, "unknown": 0, "unchecked": 0}
    for _ in range(a.count):
        nv, nc = rng.randint(1, a.vars), rng.randint(1, a.clauses)
        clauses = []
        for _ in range(nc):
            vs = rng.sample(range(1, nv + 1), rng.randint(1, min(3, nv)))
            clauses.append([v if rng.random() < 0.5 else -v for v in vs])
        sat = satisfiable(clauses, sorted({abs(l) for c in clauses for l in c}))
        counts["sat" if sat else "unsat"] += 1
        with open(cnf, "w") as f:
            f.write(f"p cnf {nv} {nc}\n" + "".join(" ".join(map(str, c)) + " 0\n" for c in clauses))
        subprocess.run([a.tsume, "reduce", cnf, "-o", graph], check=True, capture_output=True)
        out = subprocess.run(
            [a.tsume, "solve", graph, "--to-move", "W", "--json", "-q", "--max-nodes", str(a.max_nodes)],
            capture_output=True, text=True, check=True).stdout
        r = json.loads(out)
        if r["verdict"] == "unknown":
            counts["unknown"] += 1
        elif (r["verdict"] == "alive") != sat:
            counts["wrong"] += 1
            print("WRONG", clauses, "sat" if sat else "unsat", r["verdict"], flush=True)
        elif r["checked"] is not True:
            counts["unchecked"] += 1
            print("not replayed", clauses, r["results"][0].get("reason"), flush=True)
    print(" ".join(f"{k} {v}" for k, v in counts.items()))
    return 1 if counts["wrong"] or counts["unknown"] else 0


if __name__ == "__main__":
    sys.exit(main())
