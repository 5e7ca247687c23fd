#!/usr/bin/env python3
"""The Go result's cost, side by side in one run (issue 49; not run by CI).

Each d180cf row of CORPUS/answers.tsv is run by every command in turn, so that the
machine's load falls alike on all: `tsume solve ROW --target T --to-move C --json
--quiet --time-limit 60` with the command's flags, or GNU Go's `owl_attack`/`owl_defend`
(as scripts/compare_peers.py asks it). Per command: total and median CPU, the search's
and the Go result's nodes and their ratio, verdicts and go_results counted; rows where
two tsume builds with the same flags (names `X-flags`, `Y-flags`) differ are listed.

  python3 scripts/go_result_cost.py "old-basic=/tmp/tsume-old --ko-rule basic" \
      "new-basic=target/release/tsume --ko-rule basic" "gnugo=/usr/games/gnugo --mode gtp --quiet"

CORPUS is $TSUME_CORPUS or ../shared/corpus; the time limit $TSUME_TIME_LIMIT or 60 s (a
loaded machine reaches it by the wall clock: then the nodes are not the node-capped ones).
"""
import csv, json, os, resource, statistics, subprocess, sys
C = os.environ.get("TSUME_CORPUS", "../shared/corpus")
cmds = {}  # name -> argv prefix (binary + flags)
for a in sys.argv[1:]:
    name, rest = a.split("=", 1)
    cmds[name] = rest.split()
rows = [r for r in csv.DictReader(open(f"{C}/answers.tsv"), delimiter="\t") if r["source"].startswith("d180cf")]
def cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN); return r.ru_utime + r.ru_stime
res = {n: [] for n in cmds}
for r in rows:
    for n, argv in cmds.items():
        c0 = cpu()
        if argv[0].endswith("gnugo"):
            verb = "owl_attack" if r["question"] == "kill" else "owl_defend"
            subprocess.run(argv, input=f"loadsgf {C}/{r['file']} 1\n1 {verb} {r['target_gtp']}\nquit\n", capture_output=True, text=True)
            res[n].append((cpu() - c0, 0, 0, None, None)); continue
        p = subprocess.run(argv[:1] + ["solve"] + argv[1:] + [f"{C}/{r['file']}", "--target", r["target_gtp"], "--to-move", r["to_move"], "--json", "--quiet", "--time-limit", os.environ.get("TSUME_TIME_LIMIT", "60")], capture_output=True, text=True)
        j = json.loads(p.stdout); s = j["results"][0]
        res[n].append((cpu() - c0, s.get("nodes") or 0, s.get("go_nodes") or 0, j.get("verdict"), j.get("go_result")))
print(f"{'command':10} {'total cpu':>9} {'median':>7} {'search nodes':>12} {'Go nodes':>10} {'Go/search':>9} verdicts go_results")
for n, rs in res.items():
    t = sum(x[0] for x in rs); m = statistics.median(x[0] for x in rs)
    sn = sum(x[1] for x in rs); gn = sum(x[2] for x in rs)
    v = {}; g = {}
    for x in rs:
        v[x[3]] = v.get(x[3], 0) + 1; g[x[4]] = g.get(x[4], 0) + 1
    print(f"{n:10} {t:8.2f}s {m:6.3f}s {sn:12} {gn:10} {gn / max(sn, 1):8.2f}x {v} {g}")
names = list(cmds)
# Per class of row (the first tsume command's go_result): rows, each command's total CPU,
# the search's and the Go result's nodes, so that a goal's distance is seen per class.
first = next((n for n in names if res[n][0][3] is not None), None)
if first:
    print(f"per class of row ({first}'s go_result): rows, then per command total CPU, search nodes, Go nodes")
    for cls in sorted({str(x[4]) for x in res[first]}):
        idx = [i for i, x in enumerate(res[first]) if str(x[4]) == cls]
        cols = [f"{n} {sum(res[n][i][0] for i in idx):.2f}s {sum(res[n][i][1] for i in idx)} {sum(res[n][i][2] for i in idx)}" for n in names]
        print(f"  {cls:8} {len(idx):3} | " + " | ".join(cols))
for a in names:
    for b in names:
        if a < b and a.split("-", 1)[-1] == b.split("-", 1)[-1] and res[a][0][3] is not None:
            d = [rows[i]["file"] for i in range(len(rows)) if res[a][i][3:] != res[b][i][3:]]
            if d: print(f"{a} vs {b}: verdict or go_result differ on {d}")
