#!/usr/bin/env python3
"""Fits the learned order of the defender's moves (dfpn::defender_score), 2026-11-26.

Input: CSV files in /tmp/dump/, one per solved problem, written by an experiment patch
of the unbounded search (not in the repository; the lab notebook (docs/experiments/), session of
2026-11-26 04:06, describes it): the problem is solved once to record, at every
defender node it disproved, the move that did it (the "oracle"); in a second solve,
at the first visit of each such node, one line per candidate move:

  node, rank, libs, captured, near, adjacent_to_last, empty_neighbours,
  touches_attacker_with_at_most_2_liberties, self_atari, own_liberties,
  joins_other_defender_group, vital_regions, is_pass, is_oracle

(libs and own_liberties counted to 8, vital_regions to 2). The fit is a conditional
logit (softmax over a node's moves) by plain gradient descent, files split in halves
for a held-out accuracy. Public tools only; not run by CI.
"""
import glob, math, random, sys
files = sorted(glob.glob('/tmp/dump/*.csv'))
def load(f):
    nodes = {}
    for line in open(f):
        v = [int(x) for x in line.strip().split(',')]
        nodes.setdefault(v[0], []).append(v[1:])
    return [n for n in nodes.values() if any(r[-1] for r in n)]
data = {f: load(f) for f in files}
random.seed(1)
fs = list(files); random.shuffle(fs)
train_f, test_f = fs[: len(fs)//2], fs[len(fs)//2:]
# features: rank, libs, cap, near, adjlast, empty_n, atk_atari, selfatari, libx, join_other, vital, pass
names = ['libs4','cap','empty_n','atk_atari','selfatari','libx4','join_other','libs=1']
def feats(r):
    rank, libs, cap, near, adjlast, empty_n, atk, selfa, libx, join, vital, pas, lab = r
    return [min(libs,4)/4, min(cap,4)/4, empty_n/4, atk, selfa, min(libx,4)/4, join, 1.0 if libs<=1 else 0.0]
def prep(fl):
    out = []
    for f in fl:
        for n in data[f]:
            # weight each file equally-ish: cap nodes per file
            out.append(([feats(r) for r in n], [r[-1] for r in n]))
    return out
def cap(nodes, k, seed):
    if len(nodes) <= k: return nodes
    r = random.Random(seed); return r.sample(nodes, k)
tr = []
for f in train_f: tr += [([feats(r) for r in n], [r[-1] for r in n]) for n in cap(data[f], 400, 7)]
te = prep(test_f)
def acc(nodes, w, k=1):
    ok = 0
    for X, y in nodes:
        s = [sum(a*b for a, b in zip(w, x)) for x in X]
        order = sorted(range(len(s)), key=lambda i: (-s[i], i))
        ok += any(y[i] for i in order[:k])
    return ok / len(nodes)
d = len(names)
print('train nodes', len(tr), 'test nodes', len(te))
w = [0.0]*d
lr = 0.5
for ep in range(60):
    g = [0.0]*d; ll = 0
    for X, y in tr:
        s = [sum(a*b for a, b in zip(w, x)) for x in X]
        m = max(s); e = [math.exp(v-m) for v in s]; Z = sum(e)
        p = [v/Z for v in e]
        # target: uniform over labelled (usually one)
        t = [yy/sum(y) for yy in y]
        for i, x in enumerate(X):
            c = p[i] - t[i]
            if c:
                for j in range(d): g[j] += c*x[j]
        ll -= sum(t[i]*math.log(p[i]+1e-12) for i in range(len(X)))
    w = [wj - lr*gj/len(tr) for wj, gj in zip(w, g)]
    if ep % 20 == 19: print(ep, 'loss %.3f' % (ll/len(tr)), 'train %.3f test %.3f test top3 %.3f' % (acc(tr, w), acc(te, w), acc(te, w, 3)))
print(' '.join('%s=%.2f' % (n, x) for n, x in zip(names, w)))
