#!/bin/bash
# Dumps tsume's outputs (text, JSON, SGF, help) to compare a change that should not
# change them: run `dump` before and after, then `compare` (times, rates, the dump's own
# path and the order of SGF setup stones masked). Needs target/release/tsume (or $TSUME) and jq.
#   scripts/compare_outputs.sh dump /tmp/before   (repeat after the change into /tmp/after)
#   scripts/compare_outputs.sh compare /tmp/before /tmp/after
set -u
case "${1:-}" in
dump) ;;
compare)
  A=$2; B=$3
  norm() { sed -E "s#$3#DIR#g; s/[0-9]+\.[0-9]+/F/g; s/ +/ /g; s/(A[BW])((\[[a-z]{2}\])+)/\1[..]/g" "$1/$2"; }
  rc=0
  for f in $(cd "$A" && ls); do
    if ! diff <(norm "$A" "$f" "$A") <(norm "$B" "$f" "$B"); then echo "== $f"; rc=1; fi
  done
  for f in $(cd "$B" && ls); do [ -e "$A/$f" ] || { echo "only in $B: $f"; rc=1; }; done
  exit $rc ;;
*) sed -n 2,6p "$0"; exit 2 ;;
esac
OUT=$2; mkdir -p "$OUT"; T=${TSUME:-target/release/tsume}
C=../shared/corpus
[ -d "$C" ] || C=../../shared/corpus
J='walk(if type == "object" then del(.seconds, .nodes_per_second, .median_seconds, .total_seconds, .median_nodes_per_second) else . end)'
# text: strip times and rates
S='s/[0-9.]+ s\b/X s/g; s/[0-9.]+s /Xs /g; s/[0-9]+ k nodes\/s/X k nodes\/s/g; s/[0-9]+ k\/s/X k\/s/g; s/median [0-9.]+ s/median X s/g; s/overall [0-9]+ k/overall X k/g'
run() { name=$1; shift; "$T" "$@" >"$OUT/$name.raw" 2>"$OUT/$name.err"; echo "rc=$?" >>"$OUT/$name.err"; }
jq_() { jq -S "$J" "$OUT/$1.raw" >"$OUT/$1.json" 2>>"$OUT/$1.err"; rm -f "$OUT/$1.raw"; }
tx_() { sed -E "$S" "$OUT/$1.raw" >"$OUT/$1.txt"; rm -f "$OUT/$1.raw"; }
run solve_json solve problems/ --json; jq_ solve_json
run solve_txt solve problems/ -q; tx_ solve_txt
for f in 03_bent_three_corner 13_ko_is_alive 14_seki_one_eye_each 35_line_ko 08_rabbity_six; do
  run one_$f solve problems/$f.sgf -q; tx_ one_$f
  run onej_$f solve problems/$f.sgf --json --all-moves; jq_ onej_$f
  run oneb_$f solve problems/$f.sgf --json --to-move B --sgf-out $OUT/$f.sgf --tree-out $OUT/$f.tree.json; jq_ oneb_$f
  run onek_$f solve problems/$f.sgf --ko-rule basic --all-moves -q; tx_ onek_$f
  run cp_$f check-proof $OUT/$f.tree.json --problem problems/$f.sgf; tx_ cp_$f
  run cpj_$f check-proof $OUT/$f.tree.json --json; jq_ cpj_$f
done
run unknown_txt solve problems/08_rabbity_six.sgf --max-nodes 300 -q; tx_ unknown_txt
run unknown_json solve problems/08_rabbity_six.sgf --max-nodes 300 --json; jq_ unknown_json
run check_json check problems/ --json; jq_ check_json
run check_txt check problems/; tx_ check_txt
run check_one check problems/03_bent_three_corner.sgf --all-moves --sgf-out $OUT/check03.sgf --json; jq_ check_one
run bench_json bench --json; jq_ bench_json
run bench_txt bench; tx_ bench_txt
run d180_json solve $C/d180cf --json --max-nodes 200000; jq_ d180_json
run d180_check check $C/d180cf/cc1 --json --max-nodes 20000; jq_ d180_check
run corpus_json bench --corpus $C --source d180cf --every 4 --max-nodes 50000 --time-limit 100 --json; jq_ corpus_json
run corpus_txt bench --corpus $C --source d180cf --every 4 --max-nodes 50000 --time-limit 100 --confirm-first-moves --rows-out $OUT/corpus_rows.tsv; tx_ corpus_txt
sed -i -E 's/\t[0-9]+\.[0-9]+\t/\tX\t/' $OUT/corpus_rows.tsv
printf 'boardsize 9\nplay B C1\nplay W B1\nowl_attack B1\nowl_defend B1\ntsume_status B1\ntsume_moves B1\ntsume_pv B1\ntsume_area B1\nloadsgf problems/03_bent_three_corner.sgf\nshowboard\ntsume_target A1\ngenmove B\nquit\n' > $OUT/gtp.in
"$T" gtp < $OUT/gtp.in > $OUT/gtp.txt 2>$OUT/gtp.err
"$T" gtp --ko-rule basic --max-nodes 100 < $OUT/gtp.in > $OUT/gtpk.txt 2>$OUT/gtpk.err
printf 'p cnf 3 4\n1 2 3 0\n-1 -2 0\n-2 3 0\n-3 1 0\n' > $OUT/f.cnf
run reduce_json reduce $OUT/f.cnf -o $OUT/f.graph --json; jq_ reduce_json
run verify_txt verify-reduction --vars 3 --clauses 4 --count 4; tx_ verify_txt
run verify_json verify-reduction --vars 2 --clauses 3 --count 3 --grid --json; jq_ verify_json
run verify_all verify-reduction --all --vars 2 --clauses 3 --json; jq_ verify_all
run graph_solve solve $OUT/f.graph --to-move W --json; jq_ graph_solve
# pictures and the human report with its diagram (render.rs, draw_out.rs, check --html)
for f in 03_bent_three_corner 13_ko_is_alive 35_line_ko; do
  run pic_$f solve problems/$f.sgf --all-moves --svg $OUT/$f.svg --html $OUT/$f.html; tx_ pic_$f
done
run pic_unknown solve problems/08_rabbity_six.sgf --max-nodes 300 --svg $OUT/unknown.svg --html $OUT/unknown.html; tx_ pic_unknown
run pic_graph solve $OUT/f.graph --to-move W --svg $OUT/graph.svg; tx_ pic_graph
run check_html check problems/06_bulky_five.sgf --all-moves --html $OUT/check06.html; tx_ check_html
run check_dual check problems/01_straight_three_corner.sgf --all-moves; tx_ check_dual
run rsvg_d2 reduce $OUT/f.cnf -o $OUT/g2.graph --svg $OUT/d2.svg; tx_ rsvg_d2
run rsvg_grid reduce $OUT/f.cnf -o $OUT/g6.graph --grid --svg $OUT/grid.svg; tx_ rsvg_grid
run rsvg_sgf reduce $OUT/f.cnf -o $OUT/g.sgf --svg $OUT/gsgf.svg; tx_ rsvg_sgf
run reduce_txt reduce $OUT/f.cnf -o $OUT/f2.graph; tx_ reduce_txt
run reduce_grid reduce $OUT/f.cnf -o $OUT/f4.sgf; tx_ reduce_grid
run reduce_gridj reduce $OUT/f.cnf -o $OUT/f3.sgf --json; jq_ reduce_gridj
run reduce_stdout reduce $OUT/f.cnf --grid; tx_ reduce_stdout
run verify_grid verify-reduction --vars 2 --clauses 3 --count 2 --grid; tx_ verify_grid
run verify_allt verify-reduction --all --vars 2 --clauses 2; tx_ verify_allt
printf '(;GM[1]FF[4]SZ[2]AB[ab])' > $OUT/two.sgf
for s in "--point A1" "--point A1 --depth 17" "--point A1 --ko-rule basic" "--point A1 --max-states 5"; do
  n=$(echo "$s" | tr -d ' -'); run status_$n status $OUT/two.sgf $s; tx_ status_$n; run statusj_$n status $OUT/two.sgf $s --json; jq_ statusj_$n
done
run status_p3 status problems/01_straight_three_corner.sgf --max-states 200000; tx_ status_p3
for l in "5" "x-o-- --to-move x" "5 --prune" "6 --max-nodes 50" "3 --verify-pruning" "5 --verify-pruning --samples 2000"; do
  n=$(echo "$l" | tr -d ' -'); run linear_$n linear $l; tx_ linear_$n; run linearj_$n linear $l --json; jq_ linearj_$n
done
run bad7 linear 13; tx_ bad7
run bad8 status problems/ --ko-rule x; tx_ bad8
for c in solve check bench gtp check-proof verify-reduction reduce status linear; do "$T" $c --help > $OUT/help_$c.txt; done
"$T" --help > $OUT/help.txt
run bad1 solve problems/ --ko-rule x; tx_ bad1
run bad2 solve problems/ --region frob; tx_ bad2
run bad3 bench --ko-rule x; tx_ bad3
run bad4 solve problems/01_straight_three_corner.sgf --time-limit -1; tx_ bad4
run bad5 solve problems/01_straight_three_corner.sgf --pn x; tx_ bad5
run bad6 check problems/01_straight_three_corner.sgf --to-move both; tx_ bad6
