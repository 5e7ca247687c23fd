#!/usr/bin/env python3
"""Side-by-side run of tsume, GNU Go and tsumego.js on d180cf's problems (not run by CI).

Each row of ../shared/corpus/answers.tsv whose source is d180cf is solved by
  - tsume:       tsume solve FILE --target T --to-move C --json
                 (--via gtp: `tsume gtp` with the GTP commands GNU Go gets)
  - GNU Go 3.8:  GTP `loadsgf FILE 1` then `owl_attack T` (kill) or `owl_defend T` (live)
  - tsumego.js:  new Solver(sgf).solve(C) and proofs(C)
and the script reports, per solver, how many first moves fall in the published set,
how many statuses agree (tsume's proven ones; GNU Go's owl result read as a status; not
tsumego.js's), the median
and total CPU seconds, and the ratios to tsume.

Setup (public tools only):
  apt-get install gnugo                 # /usr/games/gnugo
  (cd /some/dir && npm install tsumego.js@1.1.0); export NODE_PATH=/some/dir/node_modules
  cargo build --release -p tsume-cli
  python3 scripts/compare_peers.py --corpus ../shared/corpus
"""
import argparse
import csv
import json
import os
import resource
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def child_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run(cmd, timeout, stdin=None):
    """Runs cmd; returns (stdout or None on timeout/failure, cpu seconds, wall seconds)."""
    c0, w0 = child_cpu(), time.time()
    try:
        p = subprocess.run(cmd, input=stdin, capture_output=True, text=True, timeout=timeout)
        out = p.stdout if p.returncode == 0 else None
    except subprocess.TimeoutExpired:
        out = None
    return out, child_cpu() - c0, time.time() - w0


def sgf_to_gtp(sgf, size):
    letters = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
    x, y = ord(sgf[0]) - 97, ord(sgf[1]) - 97
    return f"{letters[x]}{size - y}"


def board_size(path):
    text = open(path, encoding="utf8", errors="replace").read()
    i = text.find("SZ[")
    if i < 0:
        return 19
    return int(text[i + 3:text.index("]", i)].split(":")[0])


def tsume(args, path, row):
    cmd = [args.tsume, "solve", path, "--target", row["target_gtp"], "--to-move",
           row["to_move"], "--json", "--quiet", "--time-limit", str(args.timeout),
           "--ko-rule", args.ko_rule]
    out, cpu, wall = run(cmd, args.timeout + 10)
    if out is None:
        return {"verdict": "error", "moves": [], "cpu": cpu, "wall": wall}
    j = json.loads(out)
    side = (j.get("results") or [{}])[0]
    if args.moves == "go":
        # The first of the winning moves under ordinary Go rules (go_moves).
        moves = [m["gtp"] for m in (j.get("go_moves") or [])][:1]
    else:
        moves = [m["gtp"] for m in j.get("moves", [])]
    return {"verdict": j.get("verdict"), "moves": moves, "cpu": cpu, "wall": wall,
            "nodes": j.get("nodes"), "go_nodes": side.get("go_nodes"),
            "go_result": j.get("go_result")}


def tsume_gtp(args, path, row):
    """tsume through its GTP mode, with the very commands GNU Go gets."""
    verb = "owl_attack" if row["question"] == "kill" else "owl_defend"
    gtp = f"loadsgf {path} 1\n1 {verb} {row['target_gtp']}\nquit\n"
    cmd = [args.tsume, "gtp", "--time-limit", str(args.timeout), "--ko-rule", args.ko_rule]
    out, cpu, wall = run(cmd, args.timeout + 10, gtp)
    verdict, moves = "error", []
    for line in (out or "").splitlines():
        if line.startswith("=1"):
            parts = line.split()
            wins = len(parts) > 1 and parts[1] == "1"
            moves = parts[2:3] if wins else []
            attacker_wins = wins == (row["question"] == "kill")
            verdict = "dead" if attacker_wins else "alive"
        elif line.startswith("?1"):
            verdict = "unknown" if "unknown" in line else "error"
    return {"verdict": verdict, "moves": moves, "cpu": cpu, "wall": wall}


def gnugo(args, path, row):
    verb = "owl_attack" if row["question"] == "kill" else "owl_defend"
    gtp = f"loadsgf {path} 1\n1 {verb} {row['target_gtp']}\nquit\n"
    out, cpu, wall = run([args.gnugo, "--mode", "gtp", "--quiet"], args.timeout, gtp)
    move, code = None, None
    for line in (out or "").splitlines():
        if line.startswith("=1"):
            parts = line.split()
            code = parts[1] if len(parts) > 1 else None
            move = parts[2] if len(parts) > 2 else None
    return {"code": code, "move": move, "cpu": cpu, "wall": wall}


def tsumegojs(args, path, row):
    out, cpu, wall = run(["node", os.path.join(HERE, "tsumegojs_solve.js"), path,
                          row["to_move"]], args.timeout)
    if out is None:
        return {"move": None, "proofs": [], "cpu": cpu, "wall": wall}
    j = json.loads(out)
    size = board_size(path)
    conv = lambda m: sgf_to_gtp(m[2:4], size) if m and len(m) >= 4 else None
    return {"move": conv(j["move"]), "proofs": [conv(m) for m in j["proofs"]],
            "cpu": cpu, "wall": wall}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", default=os.path.join(HERE, "..", "..", "shared", "corpus"))
    ap.add_argument("--tsume", default=os.path.join(HERE, "..", "target", "release", "tsume"))
    ap.add_argument("--gnugo", default="/usr/games/gnugo")
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--via", default="solve", choices=["solve", "gtp"],
                    help="run tsume as `tsume solve --json` (default) or as `tsume gtp` with "
                         "GNU Go's own GTP commands (loadsgf FILE 1, owl_attack/owl_defend)")
    ap.add_argument("--source", default="d180cf",
                    help="rows whose source starts with this: d180cf (default), cho, gnugo "
                         "(tsumego.js takes d180cf's enclosed problems only)")
    ap.add_argument("--every", type=int, default=1, help="every Nth row of the source")
    ap.add_argument("--skip", default="", help="comma list of peers to skip: gnugo,tsumegojs")
    ap.add_argument("--ko-rule", default="none", choices=["none", "basic"],
                    help="tsume's ko rule (basic: ordinary Go's, as the published answers assume)")
    ap.add_argument("--moves", default="model", choices=["model", "go"],
                    help="tsume's first moves compared: the model's (default) or the first "
                         "of go_moves, the result under ordinary Go rules")
    args = ap.parse_args()
    skip = set(filter(None, args.skip.split(",")))
    rows = [r for r in csv.DictReader(open(os.path.join(args.corpus, "answers.tsv")), delimiter="\t")
            if r["source"].startswith(args.source)]
    rows = rows[::args.every]
    res = {"tsume": [], "gnugo": [], "tsumegojs": []}
    print(f"{'problem':24} {'status':7} {'tsume':18} {'gnugo':12} {'tsumego.js':12}")
    for row in rows:
        path = os.path.join(args.corpus, row["file"])
        want = set(filter(None, row["first_moves"].split("|")))
        t = tsume_gtp(args, path, row) if args.via == "gtp" else tsume(args, path, row)
        t["status_ok"] = t["verdict"] in ("dead", "alive") and t["verdict"] == row["status"]
        t["move_ok"] = bool(want) and bool(set(t["moves"]) & want)
        res["tsume"].append(t)
        line = f"{row['file'].split('/', 1)[1][-24:]:24} {row['status']:7} {t['verdict'] or '-':6} {('ok' if t['move_ok'] else '--'):3} {t['cpu']:7.3f}s"
        if args.moves == "go":
            line += f" {t.get('go_result') or '-':7} {t.get('nodes') or 0:>8}+{t.get('go_nodes') or 0:<8}"
        if "gnugo" not in skip:
            g = gnugo(args, path, row)
            g["move_ok"] = g["code"] == "1" and g["move"] in want
            # GNU Go's claim as a status: owl_attack succeeding (1, or 2/3 through a
            # ko, which is a life in tsume's model) is "dead" for a kill question, and
            # owl_defend succeeding is "alive" for a life question.
            if g["code"] in ("0", "1", "2", "3"):
                wins = g["code"] == "1" or (g["code"] in ("2", "3") and row["question"] == "live")
                attacker_wins = wins == (row["question"] == "kill")
                g["status_ok"] = ("dead" if attacker_wins else "alive") == row["status"]
            res["gnugo"].append(g)
            line += f" {('ok' if g['move_ok'] else '--'):3} {g['cpu']:7.3f}s"
        if "tsumegojs" not in skip:
            j = tsumegojs(args, path, row)
            j["move_ok"] = j["move"] in want
            res["tsumegojs"].append(j)
            line += f" {('ok' if j['move_ok'] else '--'):3} {j['cpu']:7.3f}s"
        print(line, flush=True)
    print()
    print(f"{'solver':12} {'problems':>8} {'first move ok':>14} {'status ok':>10} {'median cpu':>11} {'total cpu':>10}")
    for name, rs in res.items():
        if not rs:
            continue
        cpus = [r["cpu"] for r in rs]
        status = sum(r.get("status_ok", False) for r in rs) if name != "tsumegojs" else "-"
        print(f"{name:12} {len(rs):8} {sum(r['move_ok'] for r in rs):14} {status!s:>10} "
              f"{statistics.median(cpus):10.3f}s {sum(cpus):9.2f}s")
    if args.moves == "go" and args.via == "solve":
        ts = res["tsume"]
        results = {}
        for r in ts:
            results[r.get("go_result")] = results.get(r.get("go_result"), 0) + 1
        print(f"tsume go_result: {results}; nodes: model {sum(r.get('nodes') or 0 for r in ts)}, "
              f"Go searches {sum(r.get('go_nodes') or 0 for r in ts)}; rows with Go searches: "
              f"{sum(1 for r in ts if r.get('go_nodes'))}")
    t_med = statistics.median(r["cpu"] for r in res["tsume"]) or 1e-9
    t_tot = sum(r["cpu"] for r in res["tsume"]) or 1e-9
    for name in ("gnugo", "tsumegojs"):
        if res[name]:
            m = statistics.median(r["cpu"] for r in res[name])
            s = sum(r["cpu"] for r in res[name])
            print(f"ratio {name}/tsume: median {m / t_med:.1f}x, total {s / t_tot:.1f}x")


if __name__ == "__main__":
    sys.exit(main())
