#!/usr/bin/env python3
"""GNU Go's own regression tests (ld_owl.tst, owl.tst, owl1.tst), as the corpus keeps them,
put to tsume's GTP mode and to GNU Go 3.8, each reply matched against the published one
(not run by CI; issue 35's GTP goal).

For each test of ../shared/corpus/answers.tsv whose source is gnugo (one per test: the
rows of a `dragon_status` test come in pairs), the published reply (notes: published=...)
decides the command, as the .tst file did:
  - `critical A D`, `alive`, `dead`  ->  dragon_status T
  - `N M` or `0`, question kill       ->  owl_attack T
  - `N M` or `0`, question live       ->  owl_defend T
Both engines get `loadsgf FILE` (the corpus's position, setup stones; the .tst loads the
game up to a move, so a ko's ban from the last move is not carried) and the command. A
reply agrees when it matches the published pattern whole, as GNU Go's regress.sh matches
it (alternatives `(A|B)` and all). Output: one line per test, then a table per command and
per class (ko replies 2/3 apart), as Markdown, and, with --json FILE, the rows.

  python3 scripts/gnugo_replies.py --corpus ../shared/corpus [--max-nodes 200000] [--every 1] [--ko-only]
"""
import argparse
import csv
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def published(row):
    for n in row["notes"].split(";"):
        if n.startswith("published="):
            return n[len("published="):].replace("_", " ")
    return None


def command(pub, question):
    head = pub.split()[0]
    if head in ("critical", "alive", "dead"):
        return "dragon_status"
    return "owl_attack" if question == "kill" else "owl_defend"


def reply(cmd, timeout):
    """The reply to the command with id 1 ('' if none), and the wall seconds."""
    t0 = time.time()
    try:
        p = subprocess.run(cmd[0], input=cmd[1], capture_output=True, text=True, timeout=timeout)
        out = p.stdout
    except subprocess.TimeoutExpired:
        out = ""
    for line in out.splitlines():
        if line.startswith("=1") or line.startswith("?1"):
            return line[2:].strip() if line.startswith("=1") else "?" + line[2:], time.time() - t0
    return "", time.time() - t0


def area_points(tsume, path, target):
    """The points in play of tsume's area for the target (None if it cannot say)."""
    try:
        p = subprocess.run([tsume, "solve", path, "--target", target, "--json", "--quiet",
                            "--max-nodes", "1", "--no-go", "--no-check"],
                           capture_output=True, text=True, timeout=60)
        return json.loads(p.stdout).get("region_points")
    except (subprocess.TimeoutExpired, ValueError):
        return None


def agrees(answer, pub):
    return re.fullmatch(pub, answer) is not None


def klass(pub):
    head = pub.split()[0]
    if head.strip("()") in ("2", "3", "2|3", "3|2"):
        return "ko (2/3)"
    if head == "critical":
        return "critical"
    return {"0": "fails (0)", "1": "succeeds (1)"}.get(head, head)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", default=os.path.join(HERE, "..", "..", "shared", "corpus"))
    ap.add_argument("--tsume", default=os.path.join(HERE, "..", "target", "release", "tsume"))
    ap.add_argument("--gnugo", default="/usr/games/gnugo")
    ap.add_argument("--time-limit", type=float, default=60.0, help="tsume's --time-limit (s)")
    ap.add_argument("--max-nodes", type=int, default=200000,
                    help="tsume's --max-nodes (each search; deterministic, unlike the time limit; 0: none)")
    ap.add_argument("--ko-only", action="store_true",
                    help="only the tests published with a ko code (2 or 3)")
    ap.add_argument("--every", type=int, default=1, help="every n-th test only")
    ap.add_argument("--json", help="write the rows to this file")
    ap.add_argument("--from-json", help="summarise the rows of an earlier run's --json")
    args = ap.parse_args()
    if args.from_json:
        summarise(json.load(open(args.from_json)))
        return 0
    rows, seen = [], set()
    for r in csv.DictReader(open(os.path.join(args.corpus, "answers.tsv")), delimiter="\t"):
        if not r["source"].startswith("gnugo") or r["source"] in seen:
            continue
        pub = published(r)
        if pub is None:
            continue
        seen.add(r["source"])
        rows.append((r, pub))
    if args.ko_only:
        rows = [(r, pub) for r, pub in rows if klass(pub) == "ko (2/3)"]
    rows = rows[::args.every]
    out = []
    for r, pub in rows:
        verb = command(pub, r["question"])
        gtp = f"loadsgf {os.path.join(args.corpus, r['file'])}\n1 {verb} {r['target_gtp']}\nquit\n"
        t_cmd = [args.tsume, "gtp", "--ko-rule", "basic", "--time-limit", str(args.time_limit)]
        t_cmd += ["--max-nodes", str(args.max_nodes)] if args.max_nodes > 0 else []
        t, t_wall = reply((t_cmd, gtp), args.time_limit * 4 + 30)
        g, g_wall = reply(([args.gnugo, "--mode", "gtp", "--quiet"], gtp), 600)
        pts = area_points(args.tsume, os.path.join(args.corpus, r["file"]), r["target_gtp"])
        row = {"source": r["source"], "points": pts, "command": f"{verb} {r['target_gtp']}", "published": pub,
               "class": klass(pub), "tsume": t, "gnugo": g,
               "tsume_agrees": agrees(t, pub), "gnugo_agrees": agrees(g, pub),
               "tsume_unknown": t.startswith("?"), "tsume_wall": round(t_wall, 3),
               "gnugo_wall": round(g_wall, 3)}
        out.append(row)
        print(f"{r['source']:18} {row['command']:22} published {pub:28} tsume {t[:30]:30} "
              f"{'=' if row['tsume_agrees'] else 'x'}  gnugo {g[:30]:30} "
              f"{'=' if row['gnugo_agrees'] else 'x'}", flush=True)
    if args.json:
        json.dump(out, open(args.json, "w"), indent=1)
    summarise(out)


def status(reply):
    """What a reply says of the group: its first word (an owl code, or a dragon status)."""
    return reply.split()[0] if reply and not reply.startswith("?") else None


def summarise(out):
    for o in out:
        o["class"] = klass(o["published"])
        head = o["published"].split()[0]
        for who in ("tsume", "gnugo"):
            o[f"{who}_status_agrees"] = re.fullmatch(head, status(o[who]) or "") is not None
    print()

    def table(title, groups):
        print(f"| {title} | tests | tsume agrees | tsume unknown | tsume: code or status right, of answered "
              f"| GNU Go agrees | GNU Go: code or status right |")
        print("| --- | --- | --- | --- | --- | --- | --- |")
        for name, sel in groups:
            answered = [o for o in sel if not o["tsume_unknown"]]
            print(f"| {name} | {len(sel)} | {sum(o['tsume_agrees'] for o in sel)} | "
                  f"{len(sel) - len(answered)} | {sum(o['tsume_status_agrees'] for o in answered)} / {len(answered)} | "
                  f"{sum(o['gnugo_agrees'] for o in sel)} | {sum(o['gnugo_status_agrees'] for o in sel)} |")
        print()
    keys = sorted({(o["command"].split()[0], o["class"]) for o in out})
    table("command, published class", [(f"{v}, {c}", [o for o in out if o["command"].split()[0] == v
                                                      and o["class"] == c]) for v, c in keys]
          + [("all", out)])
    bins = [("< 50", 0, 50), ("50-99", 50, 100), ("100-150", 100, 151), ("> 150", 151, 10**9)]
    table("points in play (tsume's area)",
          [(b, [o for o in out if o["points"] is not None and lo <= o["points"] < hi]) for b, lo, hi in bins]
          + [("not known", [o for o in out if o["points"] is None])])


if __name__ == "__main__":
    sys.exit(main())
