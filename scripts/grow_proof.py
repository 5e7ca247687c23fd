#!/usr/bin/env python3
"""Grow a tsume proof file: unshare DAG nodes (copies of a node keep its children) in
breadth-first order until the tree has N nodes; the proof stays valid.
usage: grow_proof.py IN.json OUT.json N [compact]  (IN as `tsume solve --tree-out` writes it;
compact: no indentation). Used by docs/experiments/check-proof-streamed.md."""
import json, sys
from collections import deque
src, dst, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
data = json.load(open(src))
out = []
for w in data:
    t = w["tree"]
    nodes = t["nodes"]
    q = deque([0])
    claimed = {0}
    while q and len(nodes) < n:
        u = q.popleft()
        for e in nodes[u]["children"]:
            if len(nodes) >= n:
                break
            if e["node"] not in claimed:
                claimed.add(e["node"])
                q.append(e["node"])
                continue
            c = dict(nodes[e["node"]])
            c["children"] = [dict(x) for x in c["children"]]
            c["id"] = len(nodes)
            nodes.append(c)
            e["node"] = c["id"]
            q.append(c["id"])
    out.append(w)
json.dump(out, open(dst, "w"), indent=(2 if len(sys.argv) < 5 else None), separators=(None if len(sys.argv) < 5 else (",", ":")))
