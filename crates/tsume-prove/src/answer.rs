//! The answer to one question: the root settled ([`crate::settle`]), then the winning
//! moves, the principal variation, the proof or disproof tree, the closure and the exact
//! solver for "alive within α" only, and for an unknown answer what smaller bounds proved.

use tsume_board::{Color, Move, Point, Position};
use tsume_proof::Tree;

use crate::dfpn::{Abort, Known, Search, INF_HOLD};
use crate::settle::{close_checked, settle};
use crate::{exact, reference, tree, Answer, ClosedFrom, Options, Reason, Stats, Verdict};

pub(crate) fn solve_here(p: &Position, target: Point, defender: Color, opts: &Options) -> Answer {
    let stop = opts.limits.stop.as_deref();
    let mut search = Search::new(p, target, defender, &opts.limits, stop);
    search.use_benson = opts.tuning.benson;
    search.use_safe = opts.tuning.benson && opts.tuning.safe_leaves;
    search.pn_rule = opts.tuning.pn_rule;
    search.reprobe_all = opts.tuning.reprobe_all;
    search.ko_captures = opts.tuning.ko_captures;
    search.learned_order = opts.tuning.learned_order;
    search.eye_potential = opts.tuning.eye_potential;
    search.record_moves_from = opts.tuning.record_moves_from;
    if opts.tuning.zones {
        search.zones = Some(crate::zone::Zones::new(search.table.capacity));
    }
    let table_on = opts.tuning.zone_table;
    if (opts.tuning.posthoc_zones || table_on) && crate::posthoc::applies(p) {
        search.posthoc = Some(crate::posthoc::Store::fewest_plies(search.table.capacity));
        search.posthoc_life = Some(crate::posthoc::LifeStore::first_found(
            search.table.capacity,
        ));
        if opts.tuning.bounded_life_zones {
            let cap = search.table.capacity;
            search.posthoc_bounded = Some(crate::posthoc::BoundedLifeStore::longest_hold(cap));
        }
        search.life_pass_first = opts.tuning.attacker_pass_first;
        if table_on {
            // Each pattern keeps its position: a sixteenth of the table's entries.
            let cap = (search.table.capacity / 16).min(1 << 16);
            search.ztable = Some(crate::ztable::ZoneTable::new(cap));
        }
    }
    let progress = opts.progress.clone();
    let progress_fn = progress.as_deref().map(|f| f as &(dyn Fn(&Stats) + Sync));
    search.progress = progress_fn;
    let rem = crate::root_plies(opts.depth);
    let (root, closed) = settle(&mut search, p, target, rem, opts, 0);
    let attacker_moves = p.to_move() != defender;
    let mut answer = Answer {
        verdict: Verdict::Unknown,
        exact: false,
        kill_plies: None,
        moves: Vec::new(),
        all_moves: false,
        pv: Vec::new(),
        tree: None,
        stats: Stats::default(),
        reason: None,
        survives: None,
        survives_tree: None,
        move_trees: Vec::new(),
        // (The root's call of the unbounded search is the only one so far.)
        settled_unbounded: search.stats.unbounded_settled > 0,
    };
    match root {
        Known::Proven(need) => {
            answer.verdict = Verdict::Dead;
            answer.exact = true;
            answer.kill_plies = Some(need);
        }
        Known::Disproven(hold) => {
            answer.verdict = Verdict::Alive;
            answer.exact = hold == INF_HOLD;
            if let Some((t, r)) = &closed {
                let from = r.map_or(ClosedFrom::Unbounded, ClosedFrom::Bound);
                answer.reason = Some(Reason::Closed(t.nodes.len(), from));
            } else if answer.exact {
                // (The search leaves out the attacker's ko captures retaken at once, so a
                // line may also go round such a ko: the tree shows it as a cycle.)
                answer.reason = Some(Reason::EveryLineBenson);
            }
        }
        Known::Open(..) => {
            answer.reason = Some(match search.abort {
                Some(Abort::Nodes) => Reason::NodeLimit(search.stats.nodes),
                Some(Abort::Time) => Reason::TimeLimit(search.stats.nodes),
                Some(Abort::Stopped) => Reason::Stopped,
                Some(Abort::Memory) => Reason::MemoryLimit(search.stats.nodes),
                None => Reason::Unsolved,
            });
        }
    }
    if answer.verdict != Verdict::Unknown {
        // The losing side has no winning move: the empty list is complete.
        answer.all_moves = opts.all_moves;
        let winning_side_moves = (answer.verdict == Verdict::Dead) == attacker_moves;
        // In D_0 the attacker's capture wins at once (the target's last liberty); the
        // other moves are searched only when every winning move is asked for.
        let capture = (winning_side_moves && reference::in_d0(p, target))
            .then(|| p.liberties(target).first().copied())
            .flatten()
            .map(Move::Play);
        answer.moves.extend(capture);
        if winning_side_moves && rem > 0 && (capture.is_none() || opts.all_moves) {
            let kids = search.children(p);
            let mut complete = true;
            let mut settled = Vec::new();
            for c in kids.iter().filter(|c| Some(c.info.mv) != capture) {
                let k = if opts.all_moves {
                    settle(&mut search, &c.pos, target, rem - 1, opts, 1).0
                } else {
                    search.probe(&c, rem - 1)
                };
                if opts.all_moves && opts.want_tree {
                    // (The move only: its position is made again below.)
                    settled.push((c.info.mv, k));
                }
                let wins = match verdict_of(k) {
                    Some(v) => v == answer.verdict,
                    None => {
                        complete = false;
                        false
                    }
                };
                if wins {
                    answer.moves.push(c.info.mv);
                    if !opts.all_moves {
                        break;
                    }
                }
            }
            answer.all_moves &= complete;
            search.abort = None;
            for (mv, k) in settled {
                let Some(v) = verdict_of(k) else { continue };
                let t = build_tree(&mut search, &p.play(mv), rem - 1, v, opts.max_tree_nodes);
                answer.move_trees.push((mv, t));
                search.abort = None;
            }
        }
        // Settling the moves one by one may have closed a strategy for every α through
        // this position (a ko's cycle returns here); the table keeps only checked
        // closures and Benson's test for every α.
        if answer.verdict == Verdict::Alive && !answer.exact {
            if let Known::Disproven(INF_HOLD) = search.lookup(p, rem) {
                answer.exact = true;
                answer.reason = Some(Reason::ClosedSettlingMoves);
            }
        }
        answer.pv = principal_variation(&mut search, p, rem, answer.verdict);
        if opts.want_tree {
            // A strategy closed while deepening is the tree; otherwise read it off the table.
            answer.tree = match closed {
                // With life zones, the tree read off the table (where the closure's
                // positions are now alive for every α) when it is smaller: the closure
                // has no zones, and the zoned search leaves it positions it never searched.
                Some((t, _)) if search.posthoc_on() => {
                    let built =
                        build_tree(&mut search, p, rem, answer.verdict, opts.max_tree_nodes);
                    let forever = |b: &Tree| b.nodes.first().is_some_and(|n| n.remaining.is_none());
                    Some(
                        built
                            .filter(|b| forever(b) && b.nodes.len() < t.nodes.len())
                            .unwrap_or(t),
                    )
                }
                Some((t, _)) => Some(t),
                None => build_tree(&mut search, p, rem, answer.verdict, opts.max_tree_nodes),
            };
            if answer.tree.is_none() {
                answer.reason = Some(Reason::NoTree(opts.max_tree_nodes));
            }
        }
    }
    // "Alive within α" only: try to close the defender's strategy into a set of
    // positions that holds for every α (ko retaken forever, seki), kept only if the
    // independent checker accepts it.
    if answer.verdict == Verdict::Alive && !answer.exact && opts.forever_nodes > 0 {
        search.abort = None;
        // Spend at most as many nodes again as the search did (and at least 100 000).
        let budget = search.stats.nodes.max(100_000);
        let closed = close_checked(&mut search, p, target, rem, opts.forever_nodes, budget);
        search.abort = None;
        if let Some((t, _)) = closed {
            answer.exact = true;
            answer.reason = Some(Reason::Closed(t.nodes.len(), ClosedFrom::Answer));
            if opts.want_tree {
                answer.tree = Some(t);
            }
        }
    }
    // The retrograde solver enumerates configurations, which know no ko ban.
    if answer.verdict == Verdict::Alive && !answer.exact && opts.exact_positions > 0 && !p.ko_rule()
    {
        match exact::kill_rank_until(p, target, opts.exact_positions, search.deadline()) {
            Ok(None) => {
                answer.exact = true;
                answer.reason = Some(Reason::Retrograde);
            }
            Ok(Some(k)) => {
                answer.reason = Some(Reason::RetrogradeKill(k));
            }
            Err(_) => {}
        }
    }
    // Unknown: what the smaller bounds proved, if anything (read off the table, so the
    // tree needs no more search unless the table lost part of it).
    if answer.verdict == Verdict::Unknown {
        if let Some(h) = search.root_hold(p).filter(|&h| h > 0 && h < rem) {
            answer.survives = Some(h);
            if opts.want_tree && search.abort != Some(Abort::Stopped) {
                // The table holds the disproof but for the attacker's passes, which the
                // search leaves out and the tree needs: a few nodes more.
                search.grace = SURVIVES_GRACE;
                answer.survives_tree =
                    build_tree(&mut search, p, h, Verdict::Alive, opts.max_tree_nodes);
                search.grace = 0;
            }
        }
    }
    search.stats.seconds = search.elapsed();
    search.stats.tt_clears = search.table.clears;
    search.stats.tt_solved = search.table.solved.len() as u64;
    answer.stats = search.stats;
    answer
}

/// Nodes the tree behind an unknown answer's partial result may spend beyond the node
/// limit (see [`Answer::survives`]).
const SURVIVES_GRACE: u64 = 100_000;

/// The verdict a solved node gives (`None` while it is open).
fn verdict_of(k: Known) -> Option<Verdict> {
    match k {
        Known::Proven(_) => Some(Verdict::Dead),
        Known::Disproven(_) => Some(Verdict::Alive),
        Known::Open(..) => None,
    }
}

fn build_tree(
    search: &mut Search<'_>,
    p: &Position,
    rem: u32,
    v: Verdict,
    max: usize,
) -> Option<Tree> {
    search.abort = None;
    match v {
        Verdict::Dead => tree::Builder::new(search, max).proof(p, rem),
        Verdict::Alive => {
            let t = tree::Builder::new(search, max).disproof(p, rem);
            if t.is_some() {
                return t;
            }
            let mut b = tree::Builder::new(search, max);
            b.forever = false;
            b.disproof(p, rem)
        }
        Verdict::Unknown => None,
    }
}

/// A principal variation read off the table: the attacker's fastest kill against the
/// defender's longest resistance, ending with the capture, or the defender's surviving
/// line.
fn principal_variation(search: &mut Search<'_>, p: &Position, rem: u32, v: Verdict) -> Vec<Move> {
    let mut line = Vec::new();
    let mut q = p.clone();
    let mut r = rem;
    while r > 0 && !reference::in_d0(&q, search.target) && line.len() < 64 {
        let kids = search.children(&q);
        let attacker = q.to_move() != search.defender;
        let mut pick: Option<(i64, usize)> = None;
        for (i, c) in kids.iter().enumerate() {
            let score = match (v, search.probe(&c, r - 1)) {
                (Verdict::Dead, Known::Proven(n)) => {
                    if attacker {
                        -i64::from(n)
                    } else {
                        i64::from(n)
                    }
                }
                (Verdict::Alive, Known::Disproven(h)) => {
                    if attacker {
                        // The attacker's try that the defender holds for the shortest.
                        -i64::from(h.min(1 << 20))
                    } else {
                        i64::from(h.min(1 << 20))
                    }
                }
                // A ko capture that the defender retakes at once is not searched (the
                // retake returns here) and may have no entry: the attacker's sharpest
                // try, the ko.
                (Verdict::Alive, Known::Open(..)) if attacker && c.info.retaken => 0,
                _ => continue,
            };
            let better = match pick {
                None => true,
                Some((s, _)) => score > s,
            };
            if better {
                pick = Some((score, i));
            }
        }
        let Some((_, i)) = pick else { break };
        if v == Verdict::Alive && attacker && kids.info(i).mv == Move::Pass && line.len() > 1 {
            break;
        }
        line.push(kids.info(i).mv);
        q = kids.get(i).pos;
        r -= 1;
        if v == Verdict::Alive && crate::static_leaf(&q, search.target, search.use_safe).is_some() {
            break;
        }
    }
    // A kill's line ends with the capture itself (D₀: the target's last liberty).
    if v == Verdict::Dead && reference::in_d0(&q, search.target) {
        line.extend(q.liberties(search.target).first().map(|&l| Move::Play(l)));
    }
    line
}
