//! Configurations f: T → {B, W, 0}, positions p = (f, a), and the moving function φ
//! (Crăşmaru §2).

use std::fmt;
use std::sync::Arc;

use smallvec::SmallVec;

use crate::board::{Board, Point};
use crate::zobrist::{ban_key, threats_key, WHITE_TO_MOVE};

/// A player, S* = {B, W}.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Color {
    /// Black, B.
    Black,
    /// White, W.
    White,
}

impl Color {
    /// x̄, the other player.
    #[inline]
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for Black, 1 for White.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// `B` or `W`.
    pub fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }

    /// Parses `B`/`W` (also `b`, `w`, `black`, `white`).
    pub fn from_letter(text: &str) -> Option<Color> {
        match text.to_ascii_lowercase().as_str() {
            "b" | "black" => Some(Color::Black),
            "w" | "white" => Some(Color::White),
            _ => None,
        }
    }

    /// `black` or `white`.
    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }

    /// "Black" or "White", for the start of a sentence.
    pub fn title(self) -> &'static str {
        match self {
            Color::Black => "Black",
            Color::White => "White",
        }
    }

    #[inline]
    fn code(self) -> u8 {
        self as u8 + 1
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A move: a point of T or `pass` (T* = T ∪ {pass}).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Move {
    /// Hand the turn over.
    Pass,
    /// Place a stone on this point (a pass if the point is occupied or the move is suicide).
    Play(Point),
}

impl Move {
    /// The point, unless a pass.
    pub fn point(self) -> Option<Point> {
        match self {
            Move::Pass => None,
            Move::Play(p) => Some(p),
        }
    }
}

/// What φ did with a move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Played {
    /// `pass`: φ((f, a), pass) = (f, ā).
    Pass,
    /// A move on an occupied point: the same as a pass.
    Occupied,
    /// A suicide (no capture, no liberty): the same as a pass.
    Suicide,
    /// Under a ko rule only ([`Position::with_ko`]): the ko recapture the rule forbids
    /// on this move ([`Position::ko_ban`]), to a player with no ko threat left: the same
    /// as a pass.
    Banned,
    /// A stone was placed and `captured` opposing stones were removed.
    Stone {
        /// Number of stones removed.
        captured: u32,
    },
}

impl Played {
    /// Whether the configuration is unchanged (pass, occupied point or suicide).
    pub fn is_pass(self) -> bool {
        !matches!(self, Played::Stone { .. })
    }
}

/// A configuration f: T → {B, W, 0}, freely buildable (it need not be legal).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Configuration {
    cells: Vec<Option<Color>>,
}

impl Configuration {
    /// The empty configuration f₀ on `len` points.
    pub fn empty(len: usize) -> Configuration {
        Configuration {
            cells: vec![None; len],
        }
    }

    /// A configuration from one entry per point.
    pub fn from_cells(cells: Vec<Option<Color>>) -> Configuration {
        Configuration { cells }
    }

    /// Number of points.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether there are no points at all.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// f(p).
    pub fn get(&self, p: Point) -> Option<Color> {
        self.cells[p.index()]
    }

    /// Sets f(p).
    pub fn set(&mut self, p: Point, c: Option<Color>) {
        self.cells[p.index()] = c;
    }

    /// All entries, indexed by point.
    pub fn cells(&self) -> &[Option<Color>] {
        &self.cells
    }
}

/// A configuration refused by [`Position::new`]: some groups have no liberty, so the
/// position is not in G(p₀) (Theorem 2).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct IllegalPosition {
    /// One entry per group without a liberty: its colour and the name of one of its
    /// points (GTP on grids).
    pub groups: Vec<(Color, String)>,
    /// Set instead when the configuration does not have one entry per point.
    pub size_mismatch: Option<(usize, usize)>,
}

impl fmt::Display for IllegalPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some((got, want)) = self.size_mismatch {
            return write!(f, "configuration has {got} points but the board has {want}");
        }
        write!(f, "illegal position: ")?;
        for (i, (c, name)) in self.groups.iter().enumerate() {
            if i > 0 {
                write!(
                    f,
                    "{}",
                    if i + 1 == self.groups.len() {
                        " and "
                    } else {
                        ", "
                    }
                )?;
            }
            write!(f, "{c} group at {name}")?;
        }
        let verb = if self.groups.len() == 1 {
            "has"
        } else {
            "have"
        };
        write!(f, " {verb} no liberties (Theorem 2)")
    }
}

impl std::error::Error for IllegalPosition {}

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

    /// φ in place, telling `w` every point whose cell it writes.
    #[inline(always)]
    fn play_noting<W: Writes>(&mut self, m: Move, w: &mut W) -> Played {
        let x = match m {
            Move::Pass => {
                self.hand_over();
                return Played::Pass;
            }
            Move::Play(x) => x,
        };
        let xi = x.index();
        if self.cells[xi].color != EMPTY {
            self.hand_over();
            return Played::Occupied;
        }
        if x.0 == self.ko.ban {
            if self.banned(x) {
                self.hand_over();
                return Played::Banned;
            }
            // A ko threat spent: the recapture stands for a threat, its answer and the
            // recapture.
            let mut left = self.ko.threats;
            left[self.to_move.index()] -= 1;
            self.set_threats(left);
        }
        let mut empty = 0;
        for y in self.board.neighbors(x) {
            if self.cells[y.index()].color == EMPTY {
                empty += 1;
            }
        }
        // Suicide (Capture(p, x) = ∅ and ‖G^x_g‖ = 0) is only possible without an empty
        // neighbour; then look at the neighbouring groups.
        if empty == 0 && !self.saved_or_capturing(x) {
            self.hand_over();
            return Played::Suicide;
        }
        // g: the stone on x. Each neighbouring group loses one liberty, x. Friendly
        // groups join x's group first, whose count is then made afresh; then each
        // opposing group left with no liberty is removed (h), every removed stone a new
        // liberty of each group of the mover next to it.
        let me = self.to_move.code();
        let board = &*self.board;
        let cells = &mut self.cells;
        let nbrs = board.neighbors(x);
        w.note(x.0);
        cells[xi] = Cell {
            color: me,
            head: x.0,
            next: x.0,
            libs: empty,
            size: 1,
        };
        let mut hash = self.hash ^ board.keys(x)[self.to_move.index()];
        let mut captured = 0;
        let mut friends = 0u32;
        let mut single_friend_libs = 0;
        for &y in nbrs {
            let cy = cells[y.index()];
            // (A group met at an earlier neighbour has joined x's already.)
            if cy.color != me || cy.head == cells[xi].head {
                continue;
            }
            friends += 1;
            single_friend_libs = cells[cy.head as usize].libs - 1;
            let a = cells[xi].head;
            merge(cells, a, cy.head, w);
        }
        if friends > 0 {
            // (merge has noted the joined group's head.)
            let a = cells[xi].head;
            cells[a as usize].libs = if friends == 1 {
                // x's empty neighbours that were not liberties of the one group joined.
                let fresh = nbrs
                    .iter()
                    .filter(|t| {
                        cells[t.index()].color == EMPTY
                            && !board.neighbors(**t).iter().any(|&u| {
                                u != x && cells[u.index()].color == me && cells[u.index()].head == a
                            })
                    })
                    .count() as u32;
                single_friend_libs + fresh
            } else {
                count_liberties(board, cells, a)
            };
            debug_assert_eq!(cells[a as usize].libs, count_liberties(board, cells, a));
        }
        for (i, &y) in nbrs.iter().enumerate() {
            let cy = cells[y.index()];
            if cy.color == EMPTY || cy.color == me {
                continue;
            }
            // Each opposing group once (its first neighbour of x), and not when removed
            // already.
            if nbrs[..i]
                .iter()
                .any(|z| cells[z.index()].head == cy.head && cells[z.index()].color == cy.color)
            {
                continue;
            }
            let h = cy.head as usize;
            w.note(cy.head);
            cells[h].libs -= 1;
            if cells[h].libs == 0 {
                captured += remove_group(board, cells, &mut hash, cy.head, w);
            }
        }
        self.hash = hash;
        self.hand_over();
        // A ko rule: one stone captured by a single stone left with one liberty (the
        // captured point) forbids the recapture there on the next move, to a player the
        // rule binds.
        if captured == 1 && self.ko.rule.binds(self.to_move) {
            let h = self.cells[xi].head as usize;
            if self.cells[h].size == 1 && self.cells[h].libs == 1 {
                let board = Arc::clone(&self.board);
                if let Some(&b) = board
                    .neighbors(x)
                    .iter()
                    .find(|y| self.cells[y.index()].color == EMPTY)
                {
                    self.set_ban(b);
                }
            }
        }
        Played::Stone { captured }
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

/// Joins the groups headed by `a` and `b` (union by size: the smaller list is relabelled).
#[inline]
fn merge<W: Writes>(cells: &mut [Cell], mut a: u32, mut b: u32, w: &mut W) {
    if cells[a as usize].size < cells[b as usize].size {
        std::mem::swap(&mut a, &mut b);
    }
    // a's and b's cells change too (next, size, libs): b is among the loop's stones.
    w.note(a);
    let mut s = b;
    loop {
        w.note(s);
        cells[s as usize].head = a;
        s = cells[s as usize].next;
        if s == b {
            break;
        }
    }
    let na = cells[a as usize].next;
    let nb = cells[b as usize].next;
    cells[a as usize].next = nb;
    cells[b as usize].next = na;
    // (The joined group's liberty count is made by the caller.)
    cells[a as usize].size += cells[b as usize].size;
}

/// ‖L‖ of the group headed by `h`, by walking it.
fn count_liberties(board: &Board, cells: &[Cell], h: u32) -> u32 {
    // Each liberty marked with this call's stamp as it is met (per thread, no
    // allocation once the board's size has been seen).
    SEEN.with(|seen| {
        let (stamp, marks) = &mut *seen.borrow_mut();
        if marks.len() < cells.len() || *stamp == u32::MAX {
            marks.clear();
            marks.resize(cells.len(), 0);
            *stamp = 0;
        }
        *stamp += 1;
        let stamp = *stamp;
        let mut n = 0;
        let mut s = h;
        loop {
            for &t in board.neighbors(Point(s)) {
                let i = t.index();
                if cells[i].color == EMPTY && marks[i] != stamp {
                    marks[i] = stamp;
                    n += 1;
                }
            }
            s = cells[s as usize].next;
            if s == h {
                return n;
            }
        }
    })
}

thread_local! {
    /// [`count_liberties`]'s marks: a stamp per point and the last stamp used.
    static SEEN: std::cell::RefCell<(u32, Vec<u32>)> = const { std::cell::RefCell::new((0, Vec::new())) };
}

/// Removes the group headed by `h` (its stones become empty, each a new liberty of
/// every group of the other colour next to it); returns its size.
fn remove_group<W: Writes>(
    board: &Board,
    cells: &mut [Cell],
    hash: &mut u64,
    h: u32,
    w: &mut W,
) -> u32 {
    let color = cells[h as usize].color;
    let key_index = (color - 1) as usize;
    let capturer = 3 - color;
    let size = cells[h as usize].size;
    let mut s = h;
    loop {
        let next = cells[s as usize].next;
        w.note(s);
        cells[s as usize] = Cell {
            head: s,
            next: s,
            ..Cell::default()
        };
        *hash ^= board.keys(Point(s))[key_index];
        let nbrs = board.neighbors(Point(s));
        for (i, &t) in nbrs.iter().enumerate() {
            let ct = cells[t.index()];
            // Each capturing group once (at its first neighbour of s).
            if ct.color == capturer
                && !nbrs[..i]
                    .iter()
                    .any(|u| cells[u.index()].color == capturer && cells[u.index()].head == ct.head)
            {
                w.note(ct.head);
                cells[ct.head as usize].libs += 1;
            }
        }
        s = next;
        if s == h {
            break;
        }
    }
    size
}

/// Where φ reports the points whose cells it writes: nowhere (`()`, the plain
/// [`Position::play_in_place`], compiled to nothing), or into a list
/// ([`Position::play_recorded`]).
trait Writes {
    fn note(&mut self, i: u32);
}

impl Writes for () {
    #[inline(always)]
    fn note(&mut self, _: u32) {}
}

impl Writes for Vec<u32> {
    #[inline(always)]
    fn note(&mut self, i: u32) {
        self.push(i);
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
