"""Usage: scripts/gnugo_ko_codes.py [TSUME] [SECONDS] (not run by CI).

The corpus's gnugo rows with a published ko reply (published=2_X / 3_X): tsume gtp
--ko-rule basic's owl_attack/owl_defend code and move against the published reply."""
import csv
import os
import subprocess
import sys

corpus = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "corpus")
tsume = sys.argv[1] if len(sys.argv) > 1 else "target/release/tsume"
limit = sys.argv[2] if len(sys.argv) > 2 else "20"
rows = [r for r in csv.DictReader(open(os.path.join(corpus, "answers.tsv")), delimiter="\t")
        if r["source"].startswith("gnugo") and "published=" in r["notes"]]
ko_rows = [r for r in rows if any(n.startswith("published=2") or n.startswith("published=3")
                                  for n in r["notes"].split(";"))]
stats = {"code": 0, "code_and_move": 0, "ko_code": 0, "unknown": 0, "n": 0}
for r in ko_rows:
    pub = [n for n in r["notes"].split(";") if n.startswith("published=")][0][10:]
    pcode, _, pmove = pub.partition("_")
    verb = "owl_attack" if r["question"] == "kill" else "owl_defend"
    gtp = f"loadsgf {os.path.join(corpus, r['file'])}\n1 {verb} {r['target_gtp']}\nquit\n"
    p = subprocess.run([tsume, "gtp", "--ko-rule", "basic", "--time-limit", limit],
                       input=gtp, capture_output=True, text=True)
    reply = [l for l in p.stdout.splitlines() if l.startswith("=1") or l.startswith("?1")]
    reply = reply[0] if reply else "?"
    parts = reply.split()
    code = parts[1] if reply.startswith("=1") and len(parts) > 1 else None
    move = parts[2] if len(parts) > 2 else ""
    stats["n"] += 1
    stats["unknown"] += code is None
    stats["code"] += code == pcode
    stats["ko_code"] += code in ("2", "3")
    stats["code_and_move"] += code == pcode and move in pmove.strip("()").split("|")
    print(f"{r['source']:22} published {pub:10} tsume {reply[:70]}", flush=True)
print(stats)
