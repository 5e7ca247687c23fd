//! The result under ordinary Go rules, beside the model's verdict: what a Go player
//! means by dead, alive, seki and ko (docs/design/ko-results.md).
//!
//! Crăşmaru's model has no ko rule, so a group that lives only by retaking a ko is
//! alive there. Ordinary Go forbids the immediate recapture and lets the external ko
//! threats decide. The two extremes are ko masters ([`KoRule::Master`]: the basic ban
//! binds the other player only):
//! - A = `Can_kill` with the defender the master. A kills: **dead** (even against
//!   unlimited ko threats).
//! - B = `Can_kill` with the attacker the master. B fails: **alive** or **seki** (even
//!   against unlimited ko threats).
//! - A fails and B kills: **ko**: the result depends on the threats. Then also who wins
//!   under the basic rule with no threats, and how many external threats each side
//!   needs (the basic rule, that side allowed to ignore the ban that many times; 0:
//!   it wins taking first). Approach moves count as GoTools counts them: a side that
//!   must approach before it can take needs a threat for each move the other side
//!   gains.
//! - Alive against seki: alive when the defender can force its group unconditionally
//!   alive (Benson) with the attacker the master resisting ([`crate::unconditional`]),
//!   seki when the attacker keeps it from that for ever.
//!
//! Shortcut: a checked tree of the model that is repetition-free (no line plays into a
//! position it met before) holds under every ko rule (every rule here only forbids
//! recaptures that would repeat the position before the previous move; the checker's
//! `repetition_free`), so its claim is A's (a kill) or B's (life) at no cost. Beside it,
//! two lemmas on the model's trees: a proof without a ko rule holds with the attacker
//! the master (the rule takes moves from the defender only, and never makes the
//! attacker's capture illegal), a disproof holds with the defender the master.
//!
//! Every result rests on trees the independent checker accepts under the rule they
//! claim ([`GoEvidence`]); a search out of budget, or a tree too large to check, leaves
//! the result unknown.

use std::fmt;
use std::time::Instant;

use tsume_board::{Color, KoRule, Move, Point, Position};
use tsume_proof::{CheckReport, Claim, Tree};

use crate::unconditional::{Outcome, Settle};
use crate::{Answer, Options, Verdict};

mod ko;
use ko::ko_detail;

/// The result under ordinary Go rules, for one player moving first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum GoResult {
    /// The attacker kills even if the defender has unlimited ko threats; also a ko
    /// the defender cannot win with [`MAX_THREATS`] external threats (it could live
    /// only by retaking for ever, a threat spent each round).
    Dead,
    /// The group lives even against an attacker with unlimited ko threats, and the
    /// defender can make it unconditionally alive (Benson).
    Alive,
    /// Alive, but no play of the defender ever makes the group unconditionally alive
    /// against the attacker's resistance, while the attacker cannot kill it.
    Seki,
    /// The result depends on who has more ko threats.
    Ko,
    /// Not settled (a search out of budget, a tree too large to check).
    Unknown,
}

impl GoResult {
    /// `dead`, `alive`, `seki`, `ko` or `unknown`.
    pub fn as_str(self) -> &'static str {
        match self {
            GoResult::Dead => "dead",
            GoResult::Alive => "alive",
            GoResult::Seki => "seki",
            GoResult::Ko => "ko",
            GoResult::Unknown => "unknown",
        }
    }
}

impl fmt::Display for GoResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A tree behind a Go result: the position it is about (the problem's, under the rule
/// and threats it claims), the tree, and the checker's report.
#[derive(Clone, Debug)]
pub struct GoEvidence {
    /// What the tree shows, in words.
    pub what: String,
    /// The rule the result claims (the tree's own, or, for the model's tree reused,
    /// the rule a lemma carries it to: see [`GoEvidence::lemma`]).
    pub rule: KoRule,
    /// The root position of the tree, with the rule and threats it was checked under.
    pub root: Position,
    /// The tree.
    pub tree: Tree,
    /// What the checker found.
    pub report: CheckReport,
    /// For the model's tree carried to another rule: the reason it holds there.
    pub lemma: Option<&'static str>,
}

/// How many external ko threats a side needs to win a ko.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Threats {
    /// Exactly this many (0: it wins taking first, or without threats).
    Needs(u8),
    /// More than this many, the most counted ([`MAX_THREATS`]): with that many it
    /// still loses.
    MoreThan(u8),
    /// Not known (a search out of budget).
    Unknown,
}

/// A ko's details: who wins with no threats, and the threats each side needs.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct KoDetail {
    /// Who wins under the basic ko rule when neither side has a threat (None: unknown).
    pub winner_without_threats: Option<Color>,
    /// The external ko threats the attacker needs to kill (the defender having none).
    pub attacker_threats: Threats,
    /// The same for the defender to live (the attacker having none).
    pub defender_threats: Threats,
}

/// The most external ko threats counted for one side.
pub const MAX_THREATS: u8 = 5;

/// Nodes each search of a Go result may spend when no node limit is given (each is
/// unknown beyond).
pub const GO_NODE_CAP: u64 = 2_000_000;

/// Nodes the search that tells alive from seki ([`Settle`]) may spend when no node
/// limit is given (unknown beyond: "alive or seki"). Measured (issue 49, round 2,
/// docs/experiments/the-go-result-s-searches-profiled.md): every `Settle` that
/// answered on d180cf (11 of 13) and on a sample of 143 GNU Go and Cho rows (19 of 20)
/// did so within 572 442 nodes; the two d180cf rows that spent [`GO_NODE_CAP`] stayed
/// unknown there too (one ends unknown at 2.24 M nodes under a 20 M cap).
pub const SETTLE_NODE_CAP: u64 = 1_000_000;

/// The largest bound of the searches under a ko rule (twice the model's, at most this).
pub const KO_DEPTH_CAP: u32 = 500;

/// The answer under ordinary Go rules.
///
/// A ko the defender cannot win with [`MAX_THREATS`] external threats is reported
/// [`GoResult::Dead`] (with its [`KoDetail`] kept): under the master rule the defender
/// lives only by retaking for ever, a threat spent on each round.
#[derive(Clone, Debug)]
pub struct GoAnswer {
    /// dead, alive, seki, ko or unknown.
    pub result: GoResult,
    /// The winning first moves of the player to move under ordinary rules (for a ko:
    /// those that start the ko it needs the fewest threats for); empty when it loses or
    /// the result is unknown.
    pub moves: Vec<Move>,
    /// For a ko.
    pub ko: Option<KoDetail>,
    /// Whether each disproof the result rests on holds for every α (false: within α).
    pub every_alpha: bool,
    /// The trees the result rests on, each checked.
    pub evidence: Vec<GoEvidence>,
    /// Nodes of the searches made beyond the model's.
    pub nodes: u64,
    /// How the result was reached, or why it is unknown.
    pub note: String,
}

/// The answer already found for the same position, with the checker's report on its
/// tree: the model's (without a ko rule), or the question's own under the basic ko rule
/// with no threats and no forbidden point (then it is the basic rule's search of the
/// ko's details, and a lemma carries it to one ko master: [`go_result`]).
pub struct Model<'a> {
    /// The answer of [`crate::solve`] for the position under its own rule.
    pub answer: &'a Answer,
    /// The checker's report on `answer.tree` (None: [`go_result`] checks it itself).
    pub report: Option<CheckReport>,
}

/// What one search under a rule gave: the verdict with its checked tree.
struct Searched {
    verdict: Verdict,
    moves: Vec<Move>,
    evidence: Option<GoEvidence>,
    every_alpha: bool,
    note: Option<String>,
}

impl Searched {
    /// B's answer (the attacker as the ko master) from the basic rule's kill (a lemma);
    /// the basic rule's tree is kept once, with the ko's details, so this carries none.
    fn kill_from_basic(s: &Searched) -> Searched {
        Searched {
            verdict: Verdict::Dead,
            moves: s.moves.clone(),
            evidence: None,
            every_alpha: true,
            note: None,
        }
    }
}

/// The result under ordinary Go rules for the player to move in `p` (any ko rule of
/// `p` is replaced by each rule in turn), with `opts`' depth and budgets for each
/// search. `model` is the answer already found for `p` under `p`'s own rule, if known:
/// without a ko rule, its checked tree can save searches (the shortcut and lemmas of
/// the module docs); under the basic rule (no threats, no forbidden point), it is the
/// basic rule's search, not run again, and its kill is the attacker's as the master, its
/// life for every α the defender's as the master (lemmas). Any other rule: not used.
pub fn go_result(
    p: &Position,
    target: Point,
    opts: &Options,
    model: Option<Model<'_>>,
) -> GoAnswer {
    let mut out = GoAnswer {
        result: GoResult::Unknown,
        moves: Vec::new(),
        ko: None,
        every_alpha: true,
        evidence: Vec::new(),
        nodes: 0,
        note: String::new(),
    };
    let Some(defender) = p.color(target) else {
        out.note = "the target point is empty".into();
        return out;
    };
    let attacker = defender.opponent();
    let mover = p.to_move();
    // One time limit for all the searches below, not one each.
    let deadline = opts.limits.time_limit.map(|t| Instant::now() + t);
    let base = p.with_ko(KoRule::None);
    // The question's own answer under the basic rule: the basic rule's search (its
    // moves at this bound are the ones the search at twice the bound would need to
    // better; a life within the bound only says nothing of twice the bound: not used).
    let mut basic: Option<Searched> = None;
    let model = match model {
        Some(m) if p.ko() == KoRule::Basic => {
            basic = from_basic(p, target, &m);
            None
        }
        Some(m) if p.ko() == KoRule::None => Some(m),
        _ => None,
    };
    let basic_given = basic.is_some();
    // The model's tree, checked.
    let model = model.and_then(|m| {
        let tree = m.answer.tree.as_ref()?;
        let report = match m.report {
            Some(r) => r,
            None => tsume_proof::check(&base, target, tree).ok()?,
        };
        let every_alpha = tree.root().is_some_and(|r| r.remaining.is_none());
        Some((m.answer, tree, report, every_alpha))
    });
    let model_evidence = |what: &str, rule: KoRule, lemma: Option<&'static str>| {
        model.map(|(_, tree, report, _)| GoEvidence {
            what: what.to_string(),
            rule,
            root: base.clone(),
            tree: tree.clone(),
            report,
            lemma,
        })
    };
    // A tree's first move; at a Benson leaf the pass (the group is unconditionally
    // alive already: no move is needed, and the pass keeps it so).
    let first_move = |t: &Tree| {
        let root = t.nodes.first()?;
        match root.leaf {
            Some(tsume_proof::Leaf::Benson | tsume_proof::Leaf::Safe) => Some(Move::Pass),
            _ => root.children.first().map(|c| c.0),
        }
    };

    // A: the kill with the defender the master; B: with the attacker the master.
    let mut a: Option<Searched> = None;
    let mut b: Option<Searched> = None;
    if let Some((answer, tree, report, every_alpha)) = model {
        let free = report.repetition_free;
        let from_model = |verdict: Verdict, ev: Option<GoEvidence>, moves: Vec<Move>| Searched {
            verdict,
            moves,
            evidence: ev,
            every_alpha: verdict == Verdict::Dead || every_alpha,
            note: None,
        };
        let mover_wins = (answer.verdict == Verdict::Dead) == (mover == attacker);
        let moves = if !mover_wins {
            Vec::new()
        } else if crate::reference::in_d0(&base, target) {
            // A capture leaf at the root: the capture is the move.
            base.liberties(target)
                .first()
                .map(|&l| Move::Play(l))
                .into_iter()
                .collect()
        } else {
            first_move(tree).into_iter().collect()
        };
        match answer.verdict {
            Verdict::Dead if free => {
                let ev = model_evidence(
                    "the kill without a ko rule, repetition-free",
                    KoRule::Master(defender),
                    Some(LEMMA_FREE),
                );
                a = Some(from_model(Verdict::Dead, ev, moves));
            }
            Verdict::Dead => {
                let ev = model_evidence(
                    "the kill without a ko rule",
                    KoRule::Master(attacker),
                    Some(LEMMA_PROOF),
                );
                b = Some(from_model(Verdict::Dead, ev, moves));
            }
            Verdict::Alive if free => {
                let ev = model_evidence(
                    "the life without a ko rule, repetition-free",
                    KoRule::Master(attacker),
                    Some(LEMMA_FREE),
                );
                b = Some(from_model(Verdict::Alive, ev, moves));
            }
            Verdict::Alive => {
                let ev = model_evidence(
                    "the life without a ko rule",
                    KoRule::Master(defender),
                    Some(LEMMA_DISPROOF),
                );
                a = Some(from_model(Verdict::Alive, ev, moves));
            }
            Verdict::Unknown => {}
        }
    }
    // The basic rule's answer given: its kill is B's, its life for every α A's (lemmas;
    // the tree is kept once, with the ko's details).
    let mut a_from_basic = false;
    if let Some(s) = basic.as_ref() {
        match s.verdict {
            Verdict::Dead => b = Some(Searched::kill_from_basic(s)),
            Verdict::Alive => {
                a_from_basic = true;
                a = Some(Searched {
                    verdict: Verdict::Alive,
                    moves: s.moves.clone(),
                    evidence: s.evidence.clone().map(|e| GoEvidence {
                        what: format!("{} (carried to the defender as the ko master)", e.what),
                        rule: KoRule::Master(defender),
                        lemma: Some(LEMMA_BASIC_DISPROOF),
                        ..e
                    }),
                    every_alpha: true,
                    note: None,
                });
            }
            Verdict::Unknown => {}
        }
    }
    // The attacker to move where the model's life repeats a position: most likely a
    // ko the attacker takes first. The basic rule's search first: its kill is B's
    // (a lemma), and it is the ko's "without threats" search as well.
    if mover == attacker
        && basic.is_none()
        && b.is_none()
        && a.as_ref().is_some_and(|s| s.verdict == Verdict::Alive)
    {
        let s = search(
            p,
            target,
            KoRule::Basic,
            [0, 0],
            &left(opts, deadline),
            &mut out.nodes,
        );
        if s.verdict == Verdict::Dead {
            b = Some(Searched::kill_from_basic(&s));
        }
        basic = Some(s);
    }
    let a_done = a.as_ref().is_some_and(|s| s.verdict == Verdict::Dead);
    if a.is_none() && !b.as_ref().is_some_and(|s| s.verdict == Verdict::Alive) {
        a = Some(search(
            p,
            target,
            KoRule::Master(defender),
            [0, 0],
            &left(opts, deadline),
            &mut out.nodes,
        ));
    }
    if a_done || a.as_ref().is_some_and(|s| s.verdict == Verdict::Dead) {
        let Some(a) = a else { return out };
        out.result = GoResult::Dead;
        out.moves = a.moves;
        out.evidence.extend(a.evidence);
        out.note = "the attacker kills even with the defender the ko master".into();
        return out;
    }
    if b.is_none() {
        b = Some(search(
            p,
            target,
            KoRule::Master(attacker),
            [0, 0],
            &left(opts, deadline),
            &mut out.nodes,
        ));
    }
    let (Some(b), a) = (b, a) else {
        return out;
    };
    match (b.verdict, a.as_ref().map(|a| a.verdict)) {
        (Verdict::Alive, _) => {
            out.every_alpha = b.every_alpha;
            out.evidence.extend(b.evidence);
            seki_or_alive(p, target, &left(opts, deadline), b.moves, &mut out);
        }
        (Verdict::Dead, Some(Verdict::Alive)) => {
            let Some(a) = a else { return out };
            out.every_alpha = a.every_alpha;
            out.evidence.extend(b.evidence.clone());
            // (A's life carried from the basic rule's tree: that tree is kept once,
            // with the ko's details.)
            if !a_from_basic {
                out.evidence.extend(a.evidence.clone());
            }
            out.result = GoResult::Ko;
            // The mover's winning moves as the ko master (A's for the defender, B's for
            // the attacker), if its least-threat search gives none.
            let fallback = if mover == attacker { b.moves } else { a.moves };
            let b_from_basic = basic.is_some() && b.evidence.is_none();
            ko_detail(p, target, opts, deadline, basic, fallback, &mut out);
            if b_from_basic {
                out.note += &format!(
                    " (the attacker's kill as the master is the basic rule's: {LEMMA_BASIC})"
                );
            }
            if a_from_basic {
                out.note += &format!(
                    " (the defender's life as the master is the basic rule's: \
                     {LEMMA_BASIC_DISPROOF})"
                );
            }
            if basic_given {
                out.note += " (the basic rule's search is the question's own)";
            }
        }
        _ => {
            out.note = [a.and_then(|a| a.note), b.note]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>()
                .join("; ");
        }
    }
    out
}

/// Why a repetition-free tree of the model holds under every ko rule.
const LEMMA_FREE: &str = "no line of the tree repeats a position, and every ko rule \
    only forbids recaptures that repeat the position before the previous move";
/// Why a proof of the model holds with the attacker the ko master.
const LEMMA_PROOF: &str = "the rule forbids recaptures to the defender only: the \
    attacker's moves and captures are the model's, the defender's fewer";
/// Why a proof under the basic rule holds with the attacker the ko master.
const LEMMA_BASIC: &str = "the master rule lifts the bans on the attacker only: the \
    attacker's moves and captures are the basic rule's or more, the defender's the same";
/// Why a disproof under the basic rule holds with the defender the ko master.
const LEMMA_BASIC_DISPROOF: &str = "the master rule lifts the bans on the defender only: \
    the defender's moves are the basic rule's or more, the attacker's moves and captures \
    the same";
/// Why a disproof of the model holds with the defender the ko master.
const LEMMA_DISPROOF: &str = "the rule forbids recaptures to the attacker only: the \
    defender's moves are the model's, the attacker's and its captures fewer";

/// `opts` with the time left before `deadline` as its time limit (none left: zero, so
/// the search answers unknown at once).
fn left(opts: &Options, deadline: Option<Instant>) -> Options {
    let mut o = opts.clone();
    if let Some(d) = deadline {
        o.limits.time_limit = Some(d.saturating_duration_since(Instant::now()));
    }
    o
}

/// The question's own answer under the basic rule as the basic rule's search of
/// [`go_result`]: a kill (within the bound, so within twice it), or a life for every α;
/// its tree checked. None when `p` has threats or a forbidden point (the searches here
/// start from neither), or the answer holds within the bound only, or has no tree the
/// checker accepts.
fn from_basic(p: &Position, target: Point, m: &Model<'_>) -> Option<Searched> {
    if p.ko_ban().is_some() || p.ko_threats(Color::Black) > 0 || p.ko_threats(Color::White) > 0 {
        return None;
    }
    let tree = m.answer.tree.as_ref()?;
    let every_alpha = tree.root().is_some_and(|r| r.remaining.is_none());
    let what = match m.answer.verdict {
        Verdict::Dead => "the kill",
        Verdict::Alive if every_alpha => "the life",
        _ => return None,
    };
    let report = match m.report {
        Some(r) => r,
        None => tsume_proof::check(p, target, tree).ok()?,
    };
    Some(Searched {
        verdict: m.answer.verdict,
        moves: m.answer.moves.clone(),
        evidence: Some(GoEvidence {
            what: format!("{what} under the ko rule {}", KoRule::Basic),
            rule: KoRule::Basic,
            root: p.clone(),
            tree: tree.clone(),
            report,
            lemma: None,
        }),
        every_alpha: true,
        note: None,
    })
}

/// `Can_kill` under `rule` with `threats` (black, white), the tree checked; the nodes
/// spent added to `nodes`.
fn search(
    p: &Position,
    target: Point,
    rule: KoRule,
    threats: [u8; 2],
    opts: &Options,
    nodes: &mut u64,
) -> Searched {
    let q = p.with_ko(rule).with_ko_threats(threats[0], threats[1]);
    // Twice the model's bound: under a ko rule a ko taken back costs two plies more
    // (a threat and its answer, or two passes), so kills through kos run longer.
    let mut o = Options {
        depth: opts.depth.saturating_mul(2).min(KO_DEPTH_CAP),
        want_tree: true,
        progress: None,
        ..opts.clone()
    };
    o.limits.max_nodes = Some(opts.limits.max_nodes.unwrap_or(GO_NODE_CAP));
    let mut s = Searched {
        verdict: Verdict::Unknown,
        moves: Vec::new(),
        evidence: None,
        every_alpha: false,
        note: None,
    };
    let Ok(a) = crate::solve(&q, target, &o) else {
        return s;
    };
    *nodes += a.stats.nodes;
    let what = match a.verdict {
        Verdict::Dead => "the kill",
        Verdict::Alive => "the life",
        Verdict::Unknown => {
            s.note = Some(format!(
                "{}: {}",
                rule,
                a.reason.map(|r| r.to_string()).unwrap_or_default()
            ));
            return s;
        }
    };
    let Some(tree) = a.tree else {
        s.note = Some(format!(
            "{rule}: no tree ({})",
            a.reason.map(|r| r.to_string()).unwrap_or_default()
        ));
        return s;
    };
    let report = match tsume_proof::check(&q, target, &tree) {
        Ok(r) => r,
        Err(e) => {
            s.note = Some(format!("{rule}: the checker rejected the tree: {e}"));
            return s;
        }
    };
    let mut words = format!("{what} under the ko rule {rule}");
    for c in [Color::Black, Color::White] {
        if q.ko_threats(c) > 0 {
            words += &format!(", {} with {} ko threats", c.name(), q.ko_threats(c));
        }
    }
    s.every_alpha =
        a.verdict == Verdict::Dead || tree.root().is_some_and(|r| r.remaining.is_none());
    s.verdict = a.verdict;
    s.moves = a.moves;
    s.evidence = Some(GoEvidence {
        what: words,
        rule,
        root: q,
        tree,
        report,
        lemma: None,
    });
    s
}

/// The nodes [`seki_or_alive`] may spend: the node limit given, else [`SETTLE_NODE_CAP`].
fn settle_budget(opts: &Options) -> u64 {
    opts.limits.max_nodes.unwrap_or(SETTLE_NODE_CAP)
}

/// The group cannot be killed even with the attacker the master: alive if the defender
/// can force it unconditionally alive (the attacker the master resisting), seki if the
/// attacker keeps it from that for ever, else unknown. `moves`: the defender's living
/// moves, if it moves.
fn seki_or_alive(
    p: &Position,
    target: Point,
    opts: &Options,
    moves: Vec<Move>,
    out: &mut GoAnswer,
) {
    let Some(defender) = p.color(target) else {
        return;
    };
    let q = p.with_ko(KoRule::Master(defender.opponent()));
    let limits = &opts.limits;
    let max_nodes = settle_budget(opts);
    let max_rem = opts.depth.saturating_add(1).max(8);
    let outcome = std::thread::scope(|s| {
        let run = || {
            let mut settle = Settle::new(
                target,
                defender,
                max_nodes,
                limits.time_limit,
                limits.stop.as_deref(),
            );
            let o = settle.run(&q, max_rem, opts.forever_nodes.max(1_000));
            (o, settle.nodes)
        };
        std::thread::Builder::new()
            .stack_size(64 * 1024 * 1024)
            .spawn_scoped(s, run)
            .map(|h| h.join())
    });
    let (outcome, nodes) = match outcome {
        Ok(Ok(r)) => r,
        Ok(Err(e)) => std::panic::resume_unwind(e),
        Err(_) => (Outcome::Open("no thread for the search".into()), 0),
    };
    out.nodes += nodes;
    let check = |t: &Tree| tsume_proof::check(&q, target, t);
    match outcome {
        Outcome::Forces(tree, first) => {
            let Ok(report) = check(&tree) else { return };
            out.result = GoResult::Alive;
            // A move that makes the group unconditionally alive is a living move too.
            out.moves = first.map_or(moves, |m| vec![m]);
            out.note = "the attacker cannot kill even as the ko master, and the defender \
                        forces unconditional life"
                .into();
            out.evidence.push(GoEvidence {
                what: "the defender forces unconditional life (Benson), the attacker the ko master"
                    .into(),
                rule: q.ko(),
                root: q.clone(),
                tree,
                report,
                lemma: None,
            });
        }
        Outcome::Never(tree) => {
            let Ok(report) = check(&tree) else { return };
            debug_assert_eq!(tree.claim, Claim::NeverUnconditional);
            out.result = GoResult::Seki;
            out.moves = moves;
            out.note = "the attacker cannot kill even as the ko master, nor let the \
                        group become unconditionally alive"
                .into();
            out.evidence.push(GoEvidence {
                what: "the attacker keeps the group from unconditional life for ever, as the ko master"
                    .into(),
                rule: q.ko(),
                root: q.clone(),
                tree,
                report,
                lemma: None,
            });
        }
        Outcome::Open(why) => {
            out.result = GoResult::Unknown;
            // The group lives whatever the threats (B's disproof): its living moves win,
            // seki or not.
            out.moves = moves;
            out.note =
                format!("alive or seki: the attacker cannot kill even as the ko master; {why}");
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::left;
    use crate::Options;

    /// The Go searches share one time limit: each gets what is left before the deadline,
    /// none once it has passed, and no limit stays no limit.
    #[test]
    fn each_search_gets_the_time_left() {
        let mut o = Options::default();
        o.limits.time_limit = Some(Duration::from_secs(100));
        assert_eq!(
            left(&o, None).limits.time_limit,
            Some(Duration::from_secs(100))
        );
        let past = Instant::now();
        std::thread::sleep(Duration::from_millis(2));
        assert_eq!(left(&o, Some(past)).limits.time_limit, Some(Duration::ZERO));
        let soon = Instant::now() + Duration::from_secs(10);
        let t = left(&o, Some(soon)).limits.time_limit.expect("a limit");
        assert!(
            t <= Duration::from_secs(10) && t > Duration::from_secs(5),
            "{t:?}"
        );
        o.limits.time_limit = None;
        assert_eq!(left(&o, None).limits.time_limit, None);
    }
}
