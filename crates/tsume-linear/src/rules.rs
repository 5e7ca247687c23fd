//! The obviously-correct path: Tromp–Taylor rules on a 1×n line written over the board
//! model (`tsume_board`'s φ, [`tsume_board::naive::play`], with its legality restricted),
//! and an exhaustive minimax with no table and no pruning. Slow; the fast solver
//! ([`crate::solver`]) is tested against it.
//!
//! [`Rules`] pins each reading of the rules (docs/linear.md, "The rules as read") and can
//! flip any one of them, so that the tests show each reading changes some value.

use tsume_board::{naive, Board, Color, Configuration, Move as BoardMove, Point};

use crate::line::{LinePosition, Move, Player};

/// The readings of the Tromp–Taylor rules that the text leaves open or that other rule
/// sets read otherwise. [`Rules::TROMP_TAYLOR`] is the one the project uses; each other
/// value flips one reading, for the tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// The start position counts as seen: no play may recreate it (TT rule 7, "a previous
    /// position" includes the initial one). Pinned: true.
    pub start_seen: bool,
    /// Superko compares situations (board and player to move) rather than boards alone.
    /// Pinned: false (positional superko).
    pub situational: bool,
    /// A pass is legal in every state, although the board after it repeats the current
    /// one (superko forbids plays, not passes). Pinned: true. Flipped: a pass is allowed
    /// only when no play is legal.
    pub pass_always_legal: bool,
    /// A play that leaves its own block without liberties removes it (TT's own rule 6)
    /// instead of being illegal. Pinned: false (no suicide).
    pub suicide_allowed: bool,
    /// The game ends after two passes *in a row*: a play resets the count. Pinned: true.
    /// Flipped: any two passes end the game.
    pub consecutive_passes: bool,
}

impl Rules {
    /// The rules the project uses: start seen, positional superko, passes always
    /// legal, no suicide, the game ends after two consecutive passes (area scoring,
    /// komi 0, in [`score`]).
    pub const TROMP_TAYLOR: Rules = Rules {
        start_seen: true,
        situational: false,
        pass_always_legal: true,
        suicide_allowed: false,
        consecutive_passes: true,
    };
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::TROMP_TAYLOR
    }
}

fn color(p: Player) -> Color {
    match p {
        Player::X => Color::Black,
        Player::O => Color::White,
    }
}

fn player(c: Color) -> Player {
    match c {
        Color::Black => Player::X,
        Color::White => Player::O,
    }
}

/// A position as a board-model configuration.
pub fn configuration(p: &LinePosition) -> Configuration {
    Configuration::from_cells(p.cells().iter().map(|c| c.map(color)).collect())
}

/// A board-model configuration as a line position.
pub fn line_position(f: &Configuration) -> LinePosition {
    LinePosition::from_cells(f.cells().iter().map(|c| c.map(player)).collect())
}

/// Tromp–Taylor area score, Black's area minus White's, komi 0: a player's area is
/// their stones plus the empty regions that reach their stones and no others (an empty
/// region reaching both colours, or none, counts for nobody). Computed with the board
/// model's groups (G^x_f of an empty point is its empty region).
pub fn score(board: &Board, f: &Configuration) -> i32 {
    let mut total = 0;
    for x in board.points() {
        match f.get(x) {
            Some(c) => total += player(c).sign(),
            None => {
                let region = naive::group(board, f, x);
                let mut reaches = [false; 2];
                for &y in &region {
                    for &z in board.neighbors(y) {
                        if let Some(c) = f.get(z) {
                            reaches[c.index()] = true;
                        }
                    }
                }
                match reaches {
                    [true, false] => total += 1,
                    [false, true] => total -= 1,
                    _ => {}
                }
            }
        }
    }
    total
}

/// A game in progress: the board, the current position, the player to move, the
/// positions seen (with the player to move after each, for situational superko) and
/// the passes counted toward the end.
#[derive(Clone, Debug)]
pub struct Game {
    board: Board,
    rules: Rules,
    current: Configuration,
    to_move: Color,
    seen: Vec<(Configuration, Color)>,
    passes: u32,
}

impl Game {
    /// A game starting at `start` with `to_move` to play; the start is the whole history.
    pub fn new(start: &LinePosition, to_move: Player, rules: Rules) -> Game {
        let n = u32::try_from(start.len()).unwrap_or(u32::MAX);
        let board = Board::line(n).unwrap_or_else(|_| unreachable_line());
        let current = configuration(start);
        let to_move = color(to_move);
        let seen = if rules.start_seen {
            vec![(current.clone(), to_move)]
        } else {
            Vec::new()
        };
        Game {
            board,
            rules,
            current,
            to_move,
            seen,
            passes: 0,
        }
    }

    /// The current position.
    pub fn position(&self) -> LinePosition {
        line_position(&self.current)
    }

    /// The player to move.
    pub fn to_move(&self) -> Player {
        player(self.to_move)
    }

    /// Whether the game is over (two passes, in a row under the pinned rules).
    pub fn is_over(&self) -> bool {
        self.passes >= 2
    }

    /// The final score if the game stopped now.
    pub fn score(&self) -> i32 {
        score(&self.board, &self.current)
    }

    /// The configuration after a play by the player to move on `x`, if the play is
    /// legal apart from superko: an empty point, no suicide (or, with suicide allowed,
    /// the own block removed). Uses φ for everything but that removal.
    fn place(&self, x: Point) -> Option<Configuration> {
        if self.current.get(x).is_some() {
            return None;
        }
        let (g, _, _) = naive::play(&self.board, &self.current, self.to_move, BoardMove::Play(x));
        if g != self.current {
            return Some(g); // a stone was placed (and maybe captured something)
        }
        // φ left the configuration unchanged: a suicide (Crăşmaru treats it as a pass).
        if !self.rules.suicide_allowed {
            return None;
        }
        let mut h = self.current.clone();
        h.set(x, Some(self.to_move));
        for s in naive::group(&self.board, &h, x) {
            h.set(s, None);
        }
        Some(h)
    }

    fn was_seen(&self, g: &Configuration, next: Color) -> bool {
        self.seen
            .iter()
            .any(|(h, c)| h == g && (!self.rules.situational || *c == next))
    }

    /// The legal moves, pass first, then plays from cell 0 up. Empty once the game is
    /// over.
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.is_over() {
            return Vec::new();
        }
        let next = self.to_move.opponent();
        let plays: Vec<Move> = self
            .board
            .points()
            .filter(|&x| self.place(x).is_some_and(|g| !self.was_seen(&g, next)))
            .map(|x| Move::Play(x.index()))
            .collect();
        let mut out = Vec::with_capacity(plays.len() + 1);
        if self.rules.pass_always_legal || plays.is_empty() {
            out.push(Move::Pass);
        }
        out.extend(plays);
        out
    }

    /// Plays `m`, which must be in [`Game::legal_moves`]; returns false (and changes
    /// nothing) otherwise.
    pub fn play(&mut self, m: Move) -> bool {
        if !self.legal_moves().contains(&m) {
            return false;
        }
        match m {
            Move::Pass => self.passes += 1,
            Move::Play(i) => {
                let Some(g) = self.place(Point::from_index(i)) else {
                    return false;
                };
                self.current = g;
                if self.rules.consecutive_passes {
                    self.passes = 0;
                }
                self.seen
                    .push((self.current.clone(), self.to_move.opponent()));
            }
        }
        self.to_move = self.to_move.opponent();
        true
    }

    /// The game after `m` (which must be legal).
    pub fn after(&self, m: Move) -> Game {
        let mut g = self.clone();
        let ok = g.play(m);
        debug_assert!(ok, "illegal move {m:?}");
        g
    }
}

#[cold]
fn unreachable_line() -> Board {
    // Board::line fails only for n = 0 or n > 52; positions are 1..=MAX_N long.
    Board::line(1).unwrap_or_else(|_| std::process::abort())
}

/// The exact minimax value (Black's area minus White's) by exhaustive search: every
/// legal move at every node, no table, no pruning. `budget` bounds the nodes visited;
/// `None` when it runs out.
pub fn minimax(game: &Game, budget: &mut u64) -> Option<i32> {
    if *budget == 0 {
        return None;
    }
    *budget -= 1;
    if game.is_over() {
        return Some(game.score());
    }
    let black = game.to_move() == Player::X;
    let mut best: Option<i32> = None;
    for m in game.legal_moves() {
        let v = minimax(&game.after(m), budget)?;
        best = Some(match best {
            None => v,
            Some(b) if black => b.max(v),
            Some(b) => b.min(v),
        });
    }
    best
}

/// The minimax value by textbook alpha-beta (fail-hard, window (alpha, beta), Black
/// maximising), no table: the same search as [`minimax`] with cut-offs, for boards
/// where the full tree is too big.
pub fn alpha_beta(game: &Game, mut alpha: i32, mut beta: i32, budget: &mut u64) -> Option<i32> {
    if *budget == 0 {
        return None;
    }
    *budget -= 1;
    if game.is_over() {
        return Some(game.score().clamp(alpha, beta));
    }
    let black = game.to_move() == Player::X;
    for m in game.legal_moves() {
        let v = alpha_beta(&game.after(m), alpha, beta, budget)?;
        if black {
            alpha = alpha.max(v);
        } else {
            beta = beta.min(v);
        }
        if alpha >= beta {
            break;
        }
    }
    Some(if black { alpha } else { beta })
}

/// The exact value of `game` by [`alpha_beta`] with the widest window.
pub fn value(game: &Game, budget: &mut u64) -> Option<i32> {
    let n = i32::try_from(game.position().len()).unwrap_or(i32::MAX);
    alpha_beta(game, -n, n, budget)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(s: &str) -> LinePosition {
        LinePosition::parse(s).unwrap()
    }

    fn board_score(s: &str) -> i32 {
        let p = pos(s);
        let b = Board::line(p.len() as u32).unwrap();
        score(&b, &configuration(&p))
    }

    #[test]
    fn area_scoring_by_hand() {
        assert_eq!(board_score("-----"), 0); // a region reaching no stone: nobody's
        assert_eq!(board_score("--x--"), 5);
        assert_eq!(board_score("-x-o-"), 0); // cell 2 reaches both: nobody's
        assert_eq!(board_score("x--o-"), -1); // x 1, o 2 (o and cell 4), cells 1-2 neutral
        assert_eq!(board_score("-o-o-"), -5);
        assert_eq!(board_score("xx-oo"), 0);
    }

    #[test]
    fn legal_moves_follow_tromp_taylor() {
        // 1×3 after Black in the centre: White's plays are both suicide.
        let g = Game::new(&pos("-x-"), Player::O, Rules::TROMP_TAYLOR);
        assert_eq!(g.legal_moves(), vec![Move::Pass]);
        // 1×2: White captures at once; Black's retake would recreate "x-".
        let mut g = Game::new(&pos("--"), Player::X, Rules::TROMP_TAYLOR);
        assert!(g.play(Move::Play(0)));
        assert!(g.play(Move::Play(1)));
        assert_eq!(g.position().to_string(), "-o");
        assert_eq!(g.legal_moves(), vec![Move::Pass]);
        // Two passes in a row end the game.
        assert!(g.play(Move::Pass));
        assert!(!g.is_over());
        assert!(g.play(Move::Pass));
        assert!(g.is_over());
        assert!(g.legal_moves().is_empty());
    }

    #[test]
    fn exhaustive_minimax_on_the_smallest_boards() {
        // Hayward's course notes: 1×1 0, 1×2 0, 1×3 3.
        for (n, want) in [(1, 0), (2, 0), (3, 3)] {
            let g = Game::new(&LinePosition::empty(n), Player::X, Rules::TROMP_TAYLOR);
            let mut budget = 10_000_000;
            assert_eq!(minimax(&g, &mut budget), Some(want), "1×{n}");
            let mut budget = 10_000_000;
            assert_eq!(value(&g, &mut budget), Some(want), "1×{n} alpha-beta");
        }
    }
}
