//! Configurations f: T → {B, W, 0}, positions p = (f, a), and the moving function φ
//! (Crăşmaru §2).

use std::fmt;
use std::sync::Arc;

use smallvec::SmallVec;

use crate::board::{Board, Point};

mod config;
mod phi;

use crate::zobrist::{ban_key, threats_key, WHITE_TO_MOVE};
pub use config::{Color, Configuration, IllegalPosition, Move, Played};
use phi::count_liberties;

const EMPTY: u8 = 0;

/// Per-point state. For a stone: its colour, the head (representative) of its group
/// and the next stone of the group (a circular list). At a head, also the group's
/// size and its liberty count ‖L^x_f‖ (distinct empty points next to the group), kept
/// exact by φ so that counting a group's liberties costs no walk.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
struct Cell {
    color: u8,
    head: u32,
    next: u32,
    libs: u32,
    size: u32,
}

/// A legal position p = (f, a) ∈ G(p₀): a configuration in which every group has a
/// liberty, and the player to move.
///
/// Built only by [`Position::new`] (which checks Theorem 2) or [`Position::empty`], and
/// changed only by φ, which keeps it legal. Equality and hashing look at (f, a) only,
/// and under a ko rule ([`Position::with_ko`]) at the forbidden point and the ko threats
/// left too.
pub struct Position {
    board: Arc<Board>,
    cells: Vec<Cell>,
    to_move: Color,
    hash: u64,
    ko: Ko,
}

/// The ko rules, options outside Crăşmaru's model (which has none: [`KoRule::None`], the
/// default).
///
/// Every rule here forbids some immediate ko recaptures and nothing else: a move that
/// captures exactly one stone with a single stone left with one liberty forbids the
/// opponent, on the next move only, to play on the captured point; φ treats the
/// forbidden move as a pass ([`Played::Banned`]). The rules differ in whom the ban binds.
/// A player with external ko threats left ([`Position::with_ko_threats`]) may ignore a
/// ban, spending one: the recapture then stands for a threat played elsewhere, answered,
/// and the recapture after it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum KoRule {
    /// Crăşmaru's model: no ko rule, a ko may be retaken at once.
    #[default]
    None,
    /// The basic ko rule: the ban binds both players.
    Basic,
    /// The basic ko rule for the other player only: this one is the ko master, with as
    /// many ko threats as it needs (the ban never binds it).
    Master(Color),
}

impl KoRule {
    /// `none`, `basic`, `master-black` or `master-white` (the JSON trees' names).
    pub fn name(self) -> &'static str {
        match self {
            KoRule::None => "none",
            KoRule::Basic => "basic",
            KoRule::Master(Color::Black) => "master-black",
            KoRule::Master(Color::White) => "master-white",
        }
    }

    /// The rule named by [`KoRule::name`].
    pub fn from_name(text: &str) -> Option<KoRule> {
        Some(match text {
            "none" => KoRule::None,
            "basic" => KoRule::Basic,
            "master-black" => KoRule::Master(Color::Black),
            "master-white" => KoRule::Master(Color::White),
            _ => return None,
        })
    }

    /// Whether a ban on `c` can be set at all (a ko rule holds and `c` is not its master).
    #[inline]
    pub fn binds(self, c: Color) -> bool {
        match self {
            KoRule::None => false,
            KoRule::Basic => true,
            KoRule::Master(m) => m != c,
        }
    }
}

impl fmt::Display for KoRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The ko state of a position: the rule, the point the player to move may not play on
/// (`NO_BAN` for none), and the external ko threats each player has left (indexed by
/// [`Color::index`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Ko {
    rule: KoRule,
    ban: u32,
    threats: [u8; 2],
}

const NO_BAN: u32 = u32::MAX;

impl Default for Ko {
    fn default() -> Self {
        Ko {
            rule: KoRule::None,
            ban: NO_BAN,
            threats: [0, 0],
        }
    }
}

impl Clone for Position {
    fn clone(&self) -> Position {
        Position {
            board: Arc::clone(&self.board),
            cells: self.cells.clone(),
            to_move: self.to_move,
            hash: self.hash,
            ko: self.ko,
        }
    }

    /// Reuses `self`'s cells (no allocation when the boards have the same size): the
    /// prover makes every successor of a node on one scratch position this way.
    fn clone_from(&mut self, source: &Position) {
        if !Arc::ptr_eq(&self.board, &source.board) {
            self.board = Arc::clone(&source.board);
        }
        self.cells.clone_from(&source.cells);
        self.to_move = source.to_move;
        self.hash = source.hash;
        self.ko = source.ko;
    }
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.to_move == other.to_move
            && self.ko == other.ko
            && self.cells.len() == other.cells.len()
            && self
                .cells
                .iter()
                .zip(&other.cells)
                .all(|(a, b)| a.color == b.color)
    }
}
impl Eq for Position {}

impl std::hash::Hash for Position {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

/// Liberties of one group, usually few.
pub type Liberties = SmallVec<[Point; 8]>;

impl Position {
    /// The empty board with `to_move` to play (p₀ when Black).
    pub fn empty(board: Arc<Board>, to_move: Color) -> Position {
        let n = board.len();
        let cells = (0..n as u32)
            .map(|i| Cell {
                head: i,
                next: i,
                ..Cell::default()
            })
            .collect();
        let hash = if to_move == Color::White {
            WHITE_TO_MOVE
        } else {
            0
        };
        Position {
            board,
            cells,
            to_move,
            hash,
            ko: Ko::default(),
        }
    }

    /// The position (f, a), if legal.
    ///
    /// # Errors
    /// [`IllegalPosition`] naming every group without a liberty (Theorem 2), or a
    /// configuration of the wrong size.
    pub fn new(
        board: Arc<Board>,
        config: &Configuration,
        to_move: Color,
    ) -> Result<Position, IllegalPosition> {
        if config.len() != board.len() {
            return Err(IllegalPosition {
                groups: Vec::new(),
                size_mismatch: Some((config.len(), board.len())),
            });
        }
        let mut pos = Position::empty(board, to_move);
        let mut stack = Vec::new();
        for p in pos.board.points() {
            if let Some(c) = config.get(p) {
                pos.cells[p.index()].color = c.code();
                pos.hash ^= pos.board.keys(p)[c.index()];
            }
        }
        // Build the groups by flood fill.
        let mut seen = vec![false; pos.cells.len()];
        let mut illegal = Vec::new();
        for p in pos.board.points() {
            let i = p.index();
            let color = pos.cells[i].color;
            if color == EMPTY || seen[i] {
                continue;
            }
            seen[i] = true;
            stack.push(p);
            let mut size = 0;
            while let Some(s) = stack.pop() {
                size += 1;
                pos.cells[s.index()].head = p.0;
                if s != p {
                    // Insert s after the head in the circular list.
                    pos.cells[s.index()].next = pos.cells[i].next;
                    pos.cells[i].next = s.0;
                }
                for &t in pos.board.neighbors(s) {
                    let ct = pos.cells[t.index()].color;
                    if ct == color && !seen[t.index()] {
                        seen[t.index()] = true;
                        stack.push(t);
                    }
                }
            }
            let libs = count_liberties(&pos.board, &pos.cells, p.0);
            pos.cells[i].size = size;
            pos.cells[i].libs = libs;
            if libs == 0 {
                let c = if color == 1 {
                    Color::Black
                } else {
                    Color::White
                };
                illegal.push((c, pos.board.gtp(p)));
            }
        }
        if illegal.is_empty() {
            Ok(pos)
        } else {
            Err(IllegalPosition {
                groups: illegal,
                size_mismatch: None,
            })
        }
    }

    /// The board.
    #[inline]
    pub fn board(&self) -> &Arc<Board> {
        &self.board
    }

    /// a, the player to move.
    #[inline]
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The same configuration with `c` to move (and no ko forbidden).
    pub fn with_to_move(&self, c: Color) -> Position {
        let mut p = self.clone();
        p.clear_ban();
        if p.to_move != c {
            p.to_move = c;
            p.hash ^= WHITE_TO_MOVE;
        }
        p
    }

    /// The same position under the basic ko rule (`on`) or under Crăşmaru's model
    /// without ko (the default), with no point forbidden and no ko threats:
    /// [`Position::with_ko`] with [`KoRule::Basic`] or [`KoRule::None`].
    pub fn with_ko_rule(&self, on: bool) -> Position {
        self.with_ko(if on { KoRule::Basic } else { KoRule::None })
    }

    /// The same position under `rule` ([`KoRule`]), with no point forbidden and no ko
    /// threats. Under a ko rule, a move that captures exactly one stone with a single
    /// stone left with one liberty forbids the opponent (if the rule binds it), on the
    /// next move only, to play on the captured point (the immediate recapture); φ treats
    /// that move as a pass ([`Played::Banned`]) unless the opponent has a ko threat left.
    /// Positions then include the forbidden point ([`Position::ko_ban`]) and the threats
    /// left: equality and the key see them.
    pub fn with_ko(&self, rule: KoRule) -> Position {
        let mut p = self.clone();
        p.clear_ban();
        p.set_threats([0, 0]);
        p.ko.rule = rule;
        p
    }

    /// The same position with `black` and `white` external ko threats left (each may
    /// ignore a ban that many times, one threat each time; without a ko rule they are
    /// kept but change nothing). The forbidden point stays.
    pub fn with_ko_threats(&self, black: u8, white: u8) -> Position {
        let mut p = self.clone();
        p.set_threats([black, white]);
        p
    }

    /// The same position with `ban` forbidden to the player to move (under a ko rule
    /// that binds that player; ignored otherwise). For rebuilding a position made by φ
    /// (the proof checker's packed positions), not for making new ones: it does not
    /// check that a ko capture made it.
    pub fn with_ko_ban(&self, ban: Option<Point>) -> Position {
        let mut p = self.clone();
        p.clear_ban();
        if let (true, Some(b)) = (p.ko.rule.binds(p.to_move), ban) {
            p.set_ban(b);
        }
        p
    }

    /// Whether a ko rule holds ([`Position::with_ko`]): any rule but [`KoRule::None`].
    #[inline]
    pub fn ko_rule(&self) -> bool {
        self.ko.rule != KoRule::None
    }

    /// The ko rule ([`Position::with_ko`]).
    #[inline]
    pub fn ko(&self) -> KoRule {
        self.ko.rule
    }

    /// The external ko threats `c` has left ([`Position::with_ko_threats`]).
    #[inline]
    pub fn ko_threats(&self, c: Color) -> u8 {
        self.ko.threats[c.index()]
    }

    /// The point the ko rule forbids to the player to move, if any (a player with ko
    /// threats left may still play there, spending one).
    #[inline]
    pub fn ko_ban(&self) -> Option<Point> {
        (self.ko.ban != NO_BAN).then_some(Point(self.ko.ban))
    }

    /// Whether the ban stops the player to move from playing on `x`: `x` is the
    /// forbidden point and the player has no ko threat left.
    #[inline]
    fn banned(&self, x: Point) -> bool {
        x.0 == self.ko.ban && self.ko.threats[self.to_move.index()] == 0
    }

    #[inline]
    fn set_threats(&mut self, threats: [u8; 2]) {
        for c in [Color::Black, Color::White] {
            let i = c.index();
            self.hash ^= threats_key(c, self.ko.threats[i]) ^ threats_key(c, threats[i]);
        }
        self.ko.threats = threats;
    }

    #[inline]
    fn clear_ban(&mut self) {
        if self.ko.ban != NO_BAN {
            self.hash ^= ban_key(self.ko.ban as usize);
            self.ko.ban = NO_BAN;
        }
    }

    #[inline]
    fn set_ban(&mut self, b: Point) {
        self.ko.ban = b.0;
        self.hash ^= ban_key(b.index());
    }

    /// Whether the group on `x` is in D₀ (Crăşmaru §3): it has exactly one liberty and
    /// the opponent is to move, who can take it; under a ko rule, that liberty must not
    /// be a point forbidden to the opponent (who has no ko threat left).
    pub fn in_d0(&self, x: Point) -> bool {
        match self.color(x) {
            Some(c) if c != self.to_move => {
                self.liberty_count_up_to(x, 2) == 1
                    && self
                        .ko_ban()
                        .is_none_or(|b| !self.banned(b) || !self.liberties(x).contains(&b))
            }
            _ => false,
        }
    }

    /// f(p).
    #[inline]
    pub fn color(&self, p: Point) -> Option<Color> {
        match self.cells[p.index()].color {
            1 => Some(Color::Black),
            2 => Some(Color::White),
            _ => None,
        }
    }

    /// Whether f(p) = 0.
    #[inline]
    pub fn is_empty_at(&self, p: Point) -> bool {
        self.cells[p.index()].color == EMPTY
    }

    /// Zobrist key of (f, a).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The configuration f.
    pub fn configuration(&self) -> Configuration {
        Configuration::from_cells(self.board.points().map(|p| self.color(p)).collect())
    }

    /// Number of stones on the board.
    pub fn stone_count(&self) -> usize {
        self.cells.iter().filter(|c| c.color != EMPTY).count()
    }

    /// A representative of the group G^x_f (the same point for every stone of the
    /// group). `None` on an empty point.
    #[inline]
    pub fn group_id(&self, x: Point) -> Option<Point> {
        let c = &self.cells[x.index()];
        (c.color != EMPTY).then_some(Point(c.head))
    }

    /// The stones of G^x_f (empty if `x` is empty).
    pub fn group(&self, x: Point) -> GroupStones<'_> {
        match self.group_id(x) {
            Some(h) => GroupStones {
                pos: self,
                head: h.0,
                cur: Some(h.0),
            },
            None => GroupStones {
                pos: self,
                head: 0,
                cur: None,
            },
        }
    }

    /// Number of stones of G^x_f (0 if `x` is empty).
    pub fn group_size(&self, x: Point) -> usize {
        self.group_id(x)
            .map_or(0, |h| self.cells[h.index()].size as usize)
    }

    /// One representative per group on the board.
    pub fn groups(&self) -> impl Iterator<Item = Point> + '_ {
        self.cells
            .iter()
            .enumerate()
            .filter(|(i, c)| c.color != EMPTY && c.head == *i as u32)
            .map(|(i, _)| Point(i as u32))
    }

    /// L^x_f, the liberties of the group of `x` (empty if `x` is empty).
    pub fn liberties(&self, x: Point) -> Liberties {
        let mut libs = Liberties::new();
        // The walk stops once it has found as many as the kept count.
        let all = self.liberty_count(x);
        if all == 0 {
            return libs;
        }
        for s in self.group(x) {
            for &t in self.board.neighbors(s) {
                if self.cells[t.index()].color == EMPTY && !libs.contains(&t) {
                    libs.push(t);
                    if libs.len() == all {
                        return libs;
                    }
                }
            }
        }
        debug_assert!(false, "kept liberty count above the group's liberties");
        libs
    }

    /// ‖G^x_f‖, the number of liberties of the group of `x` (the kept count).
    pub fn liberty_count(&self, x: Point) -> usize {
        self.liberty_count_up_to(x, usize::MAX)
    }

    /// min(‖G^x_f‖, limit): the count kept at the group's head, no walk (0 if `x` is
    /// empty).
    #[inline]
    pub fn liberty_count_up_to(&self, x: Point, limit: usize) -> usize {
        let c = &self.cells[x.index()];
        if c.color == EMPTY {
            return 0;
        }
        let n = self.cells[c.head as usize].libs as usize;
        debug_assert_eq!(n.min(limit), self.walked_liberty_count_up_to(x, limit));
        n.min(limit)
    }

    /// [`Position::liberty_count_up_to`] by walking the group (the obviously correct
    /// path, which debug builds check the kept count against at every query).
    fn walked_liberty_count_up_to(&self, x: Point, limit: usize) -> usize {
        let mut libs: SmallVec<[Point; 8]> = SmallVec::new();
        for s in self.group(x) {
            for &t in self.board.neighbors(s) {
                if self.cells[t.index()].color == EMPTY && !libs.contains(&t) {
                    libs.push(t);
                    if libs.len() >= limit {
                        return limit;
                    }
                }
            }
        }
        libs.len()
    }

    /// Whether `x` holds a stone whose group has exactly one liberty.
    pub fn in_atari(&self, x: Point) -> bool {
        self.group_id(x).is_some() && self.liberty_count_up_to(x, 2) == 1
    }

    /// Whether a stone of the player to move on the empty point `x` would be suicide:
    /// it captures nothing and its group would have no liberty.
    pub fn is_suicide(&self, x: Point) -> bool {
        // Fast path: a stone with an empty neighbour has a liberty.
        if self
            .board
            .neighbors(x)
            .iter()
            .any(|y| self.cells[y.index()].color == EMPTY)
        {
            return false;
        }
        !self.saved_or_capturing(x)
    }

    /// For an empty `x` whose neighbours are all stones: whether a stone there joins a
    /// friendly group that keeps a liberty or takes the last liberty of an opposing group
    /// (so that the move is no suicide). A neighbouring group loses exactly one
    /// liberty, `x`.
    #[inline]
    fn saved_or_capturing(&self, x: Point) -> bool {
        let me = self.to_move.code();
        self.board.neighbors(x).iter().any(|y| {
            let c = &self.cells[self.cells[y.index()].head as usize];
            if c.color == me {
                c.libs > 1
            } else {
                c.libs == 1
            }
        })
    }

    /// Whether φ(p, x) places a stone: `x` is empty, the move is no suicide and (under
    /// a ko rule) not a recapture forbidden to a player with no ko threat left.
    #[inline]
    pub fn is_legal(&self, x: Point) -> bool {
        self.is_empty_at(x) && !self.banned(x) && !self.is_suicide(x)
    }

    /// The empty points where the player to move can place a stone, in index order.
    /// With `pass`, these give Ψ(p) (Crăşmaru §2): each yields a different position.
    pub fn legal_moves(&self) -> impl Iterator<Item = Point> + '_ {
        self.board.points().filter(move |&x| self.is_legal(x))
    }

    /// Ψ({p}): the distinct positions reachable in one move, with the move that reaches
    /// each; stone moves in index order, then the pass.
    pub fn successors(&self) -> Vec<(Move, Position)> {
        let mut out: Vec<(Move, Position)> = self
            .legal_moves()
            .map(|x| (Move::Play(x), self.play(Move::Play(x))))
            .collect();
        out.push((Move::Pass, self.play(Move::Pass)));
        out
    }

    /// The stones a move of the player to move at `x` would capture (Capture(p, x)).
    pub fn captures_of(&self, x: Point) -> Vec<Point> {
        if !self.is_empty_at(x) {
            return Vec::new();
        }
        // Each opposing group whose one liberty is x, once.
        let opp = self.to_move.opponent().code();
        let mut heads: SmallVec<[u32; 8]> = SmallVec::new();
        for &y in self.board.neighbors(x) {
            let c = &self.cells[y.index()];
            if c.color == opp && self.cells[c.head as usize].libs == 1 && !heads.contains(&c.head) {
                heads.push(c.head);
            }
        }
        heads.iter().flat_map(|&h| self.group(Point(h))).collect()
    }

    /// The Zobrist key of φ(p, x) when the player to move can place a stone on `x` and
    /// it captures nothing; `None` otherwise (an occupied point, a suicide or a capture).
    /// Such a move changes only `x` and the player to move, so the key follows without
    /// making the position: the prover's successor keys.
    pub fn quiet_hash(&self, x: Point) -> Option<u64> {
        if !self.is_empty_at(x) {
            return None;
        }
        // One pass over the neighbours answers both questions: a neighbouring group
        // loses exactly one liberty, x.
        let me = self.to_move.code();
        let mut keeps_liberty = false;
        for y in self.board.neighbors(x) {
            let c = &self.cells[y.index()];
            if c.color == EMPTY {
                keeps_liberty = true;
                continue;
            }
            let libs = self.cells[c.head as usize].libs;
            if c.color == me {
                keeps_liberty |= libs > 1;
            } else if libs == 1 {
                return None; // a capture
            }
        }
        // A quiet move forbids nothing next, and lifts the ban it was made under (x is
        // never the forbidden point: that move would capture).
        let lifted = if self.ko.ban == NO_BAN {
            0
        } else {
            ban_key(self.ko.ban as usize)
        };
        keeps_liberty
            .then(|| self.hash ^ self.board.keys(x)[self.to_move.index()] ^ WHITE_TO_MOVE ^ lifted)
    }

    /// φ(p, m) (Crăşmaru §2, the moving function), as a new position.
    pub fn play(&self, m: Move) -> Position {
        let mut p = self.clone();
        p.play_in_place(m);
        p
    }

    /// φ(p, m) in place: a pass, a move on an occupied point and a suicide hand the turn
    /// over; otherwise the stone is placed and the opposing neighbour groups left
    /// without liberties are removed (Crăşmaru §2, def. of φ).
    ///
    /// # Panics
    /// If the point is not on this position's board.
    pub fn play_in_place(&mut self, m: Move) -> Played {
        self.play_noting(m, &mut ())
    }

    /// [`Position::play_in_place`], adding to `changed` the index of every point whose
    /// stored state the move writes (the stone, the groups it joins, captures, and the
    /// groups that regain liberties; a point may come twice), so that
    /// [`Position::restore_from`] can undo it by copying those points only. On large
    /// boards that is much cheaper than copying the whole position for every move tried.
    ///
    /// # Panics
    /// If the point is not on this position's board.
    pub fn play_recorded(&mut self, m: Move, changed: &mut Vec<u32>) -> Played {
        self.play_noting(m, changed)
    }

    /// Makes `self` equal to `before` again, internal state included, after
    /// [`Position::play_recorded`] made it from a position equal to `before` (on the
    /// same board) with `changed` recorded: the points in `changed`, the player to move,
    /// the hash and the ko ban are copied back.
    pub fn restore_from(&mut self, before: &Position, changed: &[u32]) {
        debug_assert!(Arc::ptr_eq(&self.board, &before.board));
        for &i in changed {
            self.cells[i as usize] = before.cells[i as usize];
        }
        self.to_move = before.to_move;
        self.hash = before.hash;
        self.ko = before.ko;
    }

    /// The turn passes to the opponent, and any ko ban lapses.
    #[inline]
    fn hand_over(&mut self) {
        self.clear_ban();
        self.to_move = self.to_move.opponent();
        self.hash ^= WHITE_TO_MOVE;
    }

    /// Whether the two positions are the same in every stored detail (each point's
    /// group links and counts, the hash, the player to move, the ko state), not only as
    /// (f, a): for tests of [`Position::restore_from`].
    #[doc(hidden)]
    pub fn same_state(&self, other: &Position) -> bool {
        Arc::ptr_eq(&self.board, &other.board)
            && self.cells == other.cells
            && self.to_move == other.to_move
            && self.hash == other.hash
            && self.ko == other.ko
    }

    /// Checks the incremental group structure against a recomputation from f
    /// (for tests). Returns a description of the first inconsistency.
    #[doc(hidden)]
    pub fn check_consistency(&self) -> Result<(), String> {
        let fresh = Position::new(Arc::clone(&self.board), &self.configuration(), self.to_move)
            .map_err(|e| format!("not legal: {e}"))?;
        let ban = self.ko_ban().map_or(0, |b| ban_key(b.index()));
        let threats = threats_key(Color::Black, self.ko.threats[0])
            ^ threats_key(Color::White, self.ko.threats[1]);
        if fresh.hash ^ ban ^ threats != self.hash {
            return Err("hash differs from recomputation".into());
        }
        for p in self.board.points() {
            let (a, b) = (self.group_id(p), fresh.group_id(p));
            if a.is_some() != b.is_some() {
                return Err(format!("emptiness differs at {}", self.board.name(p)));
            }
            if a.is_none() {
                continue;
            }
            let mut mine: Vec<Point> = self.group(p).collect();
            let mut theirs: Vec<Point> = fresh.group(p).collect();
            mine.sort();
            theirs.sort();
            if mine != theirs {
                return Err(format!("group of {} differs", self.board.name(p)));
            }
            let h = self.cells[p.index()].head as usize;
            let hf = fresh.cells[p.index()].head as usize;
            if self.cells[h].size != fresh.cells[hf].size
                || self.cells[h].libs != fresh.cells[hf].libs
            {
                return Err(format!(
                    "size or liberty count of the group of {} differ",
                    self.board.name(p)
                ));
            }
        }
        Ok(())
    }
}

/// Iterator over the stones of one group.
pub struct GroupStones<'a> {
    pos: &'a Position,
    head: u32,
    cur: Option<u32>,
}

impl Iterator for GroupStones<'_> {
    type Item = Point;
    #[inline]
    fn next(&mut self) -> Option<Point> {
        let c = self.cur?;
        let n = self.pos.cells[c as usize].next;
        self.cur = (n != self.head).then_some(n);
        Some(Point(c))
    }
}
