//! The Go Text Protocol (version 2) engine of `tsume gtp`: it reads commands from a
//! [`BufRead`] and writes replies to a [`Write`], so that a program or a GUI (GoGui,
//! Sabaki, a regression script written for GNU Go) asks tsume what it would ask GNU Go's
//! `owl_attack` and `owl_defend`, and gets proven answers. [`run`] is the engine; its
//! [`Settings`] are the caller's choices (the command line's flags).
//!
//! The board is a grid (`boardsize` 1 to 25, GTP's letters; `loadsgf` also takes
//! rectangles up to 25×25); `play` applies
//! Crăşmaru's φ but refuses, as GTP expects, a stone on an occupied point and a suicide
//! (in the model both are passes: play `pass` for that). The analysis commands cut the
//! problem's area out of the board as `tsume solve` does (`--region`, the target's
//! stone named in the command) and answer by a complete search whose proof is replayed
//! by the checker; a search out of budget is an error reply saying so, never a guess.
//! The commands and their replies: `tsume gtp --help` and docs/cli.md, "GTP".
#![deny(missing_docs)]

use std::io::{BufRead, Write};
use std::sync::Arc;

use tsume_board::{coord, diagram, Board, BoardError, Color, Move, Played, Point, Position};
use tsume_prove::go::{GoAnswer, GoResult, Threats};
use tsume_prove::Verdict;
use tsume_sgf::{problem_from_position, LoadOptions, Problem, RegionSpec};
use tsume_solve::{Side, Sides, Status};

mod answers;

use answers::*;

/// The commands this engine knows, in `list_commands` order.
const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "undo",
    "loadsgf",
    "showboard",
    "owl_attack",
    "owl_defend",
    "dragon_status",
    "tsume_status",
    "tsume_area",
    "tsume_moves",
    "tsume_pv",
    "tsume_target",
    "genmove",
    "reg_genmove",
    "gogui-analyze_commands",
];

/// GoGui's analyze commands (`gogui-analyze_commands`).
const ANALYZE: &str = "string/Tsume status/tsume_status %p
string/Owl attack/owl_attack %p
string/Owl defend/owl_defend %p
string/Dragon status/dragon_status %p
gfx/Tsume area/tsume_area %p
gfx/Tsume winning moves/tsume_moves %p
gfx/Tsume main line/tsume_pv %p
none/Tsume target/tsume_target %p";

/// Largest board side with GTP letters (A–Z without I).
const MAX_GTP_SIDE: u32 = 25;

struct Engine {
    settings: Settings,
    pos: Position,
    history: Vec<Position>,
    /// The group `genmove` plays for or against (`tsume_target`).
    target: Option<Target>,
    /// The area the last file loaded asks for (`GC[tsume: region=…]`), used while
    /// `--region` is left at its default, as `tsume solve` does.
    region_hint: Option<RegionSpec>,
}

/// The group in question of `genmove`.
#[derive(Clone, Copy)]
struct Target {
    /// A stone of it, and that stone's colour (the defender).
    point: Point,
    defender: Color,
    /// α when it was named, and the number of positions in the history then: a kill
    /// within α from there is a kill within α less the plies played since, so `genmove`
    /// never searches with a smaller bound than that (the default α of the current
    /// position can be smaller: it falls by 4 per stone).
    depth: u32,
    plies: usize,
}

/// One reply: success text or an error message.
type Reply = Result<String, String>;

/// The engine's settings: the caller's choices.
#[derive(Clone)]
pub struct Settings {
    /// How a target's area is cut out of the board (`region`, `no_frame`,
    /// `keep_sealed`; the target is the stone a command names) and which game tree
    /// `loadsgf` reads (`index`).
    pub load: LoadOptions,
    /// The basic ko rule: the analyses answer under ordinary Go rules (GNU Go's codes)
    /// and `play` refuses an immediate retake.
    pub ko_rule: bool,
    /// Every search's settings; `sides` and `depth` are set per command (`depth`: α,
    /// None for [`tsume_prove::default_depth`]). A stop flag in `limits` that is set
    /// during a command stops that command's search (its reply: unknown), not the
    /// engine: it is cleared after each command.
    pub solve: tsume_solve::Settings,
}

/// Why the engine stopped before `quit` or the end of its input.
#[derive(Debug)]
pub enum Error {
    /// The input could not be read.
    Read(std::io::Error),
    /// The starting board could not be built.
    Board(BoardError),
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Read(e) => write!(f, "cannot read the input: {e}"),
            Error::Board(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for Error {}

/// Runs the protocol on `input`, replies on `out`, until `quit` or the end of the
/// input; the board starts empty, 19×19.
pub fn run(settings: Settings, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<(), Error> {
    let pos = empty_board(19, 19, settings.ko_rule).map_err(Error::Board)?;
    let mut engine = Engine {
        pos,
        settings,
        history: Vec::new(),
        target: None,
        region_hint: None,
    };
    let mut line = Vec::new();
    let cap = tsume_board::input::MAX_GTP_LINE_BYTES;
    while let Some(whole) =
        tsume_board::input::read_line(input, &mut line, cap).map_err(Error::Read)?
    {
        let text = String::from_utf8_lossy(&line);
        let Some((id, command, args)) = preprocess(&text) else {
            continue;
        };
        // A line past the cap is answered (its id and command are in its first bytes)
        // with an error, its rest skipped unread: the engine goes on.
        let reply = if whole {
            engine.handle(&command, &args)
        } else {
            Err(format!(
                "command line longer than the {} read (docs/limits.md)",
                tsume_board::input::cap_words(cap)
            ))
        };
        // Ctrl-C stops the command's search (its reply: unknown), not the engine.
        if let Some(stop) = &engine.settings.solve.limits.stop {
            stop.store(false, std::sync::atomic::Ordering::SeqCst);
        }
        let id = id.unwrap_or_default();
        let (mark, body) = match &reply {
            Ok(s) => ('=', s.as_str()),
            Err(s) => ('?', s.as_str()),
        };
        let sep = if body.is_empty() { "" } else { " " };
        let _ = write!(out, "{mark}{id}{sep}{body}\n\n");
        let _ = out.flush();
        if command == "quit" {
            break;
        }
    }
    Ok(())
}

/// GTP's preprocessing (control characters dropped, tabs as spaces, `#` comments cut),
/// then the optional numeric id, the command name and its arguments; None for a line
/// with nothing left.
fn preprocess(line: &str) -> Option<(Option<String>, String, Vec<String>)> {
    let cleaned: String = line
        .split('#')
        .next()
        .unwrap_or("")
        .chars()
        .filter_map(|c| match c {
            '\t' => Some(' '),
            c if c.is_control() => None,
            c => Some(c),
        })
        .collect();
    let mut words = cleaned.split_whitespace().map(str::to_string);
    let first = words.next()?;
    let (id, command) = if first.chars().all(|c| c.is_ascii_digit()) {
        (Some(first), words.next().unwrap_or_default())
    } else {
        (None, first)
    };
    Some((id, command, words.collect()))
}

fn empty_board(width: u32, height: u32, ko_rule: bool) -> Result<Position, BoardError> {
    let board = Board::grid(width, height)?;
    Ok(Position::empty(Arc::new(board), Color::Black).with_ko_rule(ko_rule))
}

fn parse_color(text: &str) -> Result<Color, String> {
    match text.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Color::Black),
        "w" | "white" => Ok(Color::White),
        _ => Err(format!("invalid color \"{text}\"")),
    }
}

impl Engine {
    /// The board's width and height.
    fn size(&self) -> (u32, u32) {
        self.pos
            .board()
            .grid_info()
            .map_or((19, 19), |g| (g.width, g.height))
    }

    /// A GTP vertex (`C3`, case-insensitive) of the board, or None for `pass`.
    fn vertex(&self, text: &str) -> Result<Option<Point>, String> {
        if text.eq_ignore_ascii_case("pass") {
            return Ok(None);
        }
        let (w, h) = self.size();
        coord::parse_gtp(text, h)
            .and_then(|(x, y)| self.pos.board().point_at(x, y))
            .map(Some)
            .ok_or_else(|| format!("invalid vertex \"{text}\" (the board is {w}x{h})"))
    }

    /// A vertex holding a stone.
    fn stone(&self, args: &[String]) -> Result<Point, String> {
        let text = args.first().ok_or("missing vertex")?;
        match self.vertex(text)? {
            None => Err("the vertex must not be pass".to_string()),
            Some(p) if self.pos.color(p).is_none() => Err(format!("{text} is empty")),
            Some(p) => Ok(p),
        }
    }

    fn name(&self, m: Move) -> String {
        match m {
            Move::Pass => "PASS".to_string(),
            Move::Play(p) => self.pos.board().gtp(p),
        }
    }

    fn handle(&mut self, command: &str, args: &[String]) -> Reply {
        match command {
            "protocol_version" => Ok("2".to_string()),
            "name" => Ok("tsume".to_string()),
            "version" => Ok(env!("CARGO_PKG_VERSION").to_string()),
            "known_command" => Ok(args
                .first()
                .is_some_and(|c| COMMANDS.contains(&c.as_str()))
                .to_string()),
            "list_commands" => Ok(COMMANDS.join("\n")),
            "quit" => Ok(String::new()),
            "boardsize" => {
                let n: u32 = args
                    .first()
                    .and_then(|t| t.parse().ok())
                    .ok_or("boardsize: expected a number")?;
                if !(1..=MAX_GTP_SIDE).contains(&n) {
                    return Err("unacceptable size".to_string());
                }
                self.pos = empty_board(n, n, self.settings.ko_rule).map_err(|e| e.to_string())?;
                self.history.clear();
                self.target = None;
                self.region_hint = None;
                Ok(String::new())
            }
            "clear_board" => {
                let (w, h) = self.size();
                self.pos = empty_board(w, h, self.settings.ko_rule).map_err(|e| e.to_string())?;
                self.history.clear();
                self.target = None;
                self.region_hint = None;
                Ok(String::new())
            }
            "komi" => match args.first().map(|t| t.parse::<f64>()) {
                Some(Ok(_)) => Ok(String::new()),
                _ => Err("komi: expected a number".to_string()),
            },
            "play" => self.play(args),
            "undo" => match self.history.pop() {
                Some(p) => {
                    self.pos = p;
                    Ok(String::new())
                }
                None => Err("cannot undo".to_string()),
            },
            "loadsgf" => self.loadsgf(args),
            "showboard" => Ok(format!("\n{}", diagram::render(&self.pos).trim_end())),
            "owl_attack" | "owl_defend" => {
                let target = self.stone(args)?;
                let (problem, depth) = self.problem(target)?;
                let defender = problem.defender();
                let mover = if command == "owl_attack" {
                    defender.opponent()
                } else {
                    defender
                };
                if self.settings.ko_rule {
                    // Ordinary Go: GNU Go's codes, 2 and 3 for a win through a ko.
                    let [go] = self.go_answer(&problem, depth, Sides::One(mover))?;
                    return Ok(match owl_code(&problem, &go, mover)? {
                        (0, _) => "0".to_string(),
                        (code, m) => format!("{code} {}", self.name(m)),
                    });
                }
                let side = self.search(&problem, depth, mover)?;
                Ok(match winning_move(&problem, &side)? {
                    Some(m) => format!("1 {}", self.name(m)),
                    None => "0".to_string(),
                })
            }
            "dragon_status" => {
                // GNU Go's reply: alive (the attack fails), dead (the defence fails),
                // else critical with an attacking and a defending move.
                let target = self.stone(args)?;
                let (problem, depth) = self.problem(target)?;
                let defender = problem.defender();
                let (attack, defend) = if self.settings.ko_rule {
                    let [a, d] = self.go_answer(&problem, depth, Sides::Both)?;
                    (
                        owl_code(&problem, &a, defender.opponent())?,
                        owl_code(&problem, &d, defender)?,
                    )
                } else {
                    let [a, d] = self.search_both(&self.settings, &problem, depth)?;
                    let code = |s: &Side| -> Result<(u8, Move), String> {
                        Ok(winning_move(&problem, s)?.map_or((0, Move::Pass), |m| (1, m)))
                    };
                    (code(&a)?, code(&d)?)
                };
                Ok(match (attack, defend) {
                    ((0, _), _) => "alive".to_string(),
                    (_, (0, _)) => "dead".to_string(),
                    ((_, a), (_, d)) => format!("critical {} {}", self.name(a), self.name(d)),
                })
            }
            "tsume_status" => {
                let target = self.stone(args)?;
                let (problem, depth) = self.problem(target)?;
                // The two searches at once, as `tsume solve` runs them.
                let [attack, defend] = self.search_both(&self.settings, &problem, depth)?;
                let status = match Status::of(attack.answer.verdict, defend.answer.verdict) {
                    s @ (Status::Dead | Status::Alive | Status::Unsettled) => s.as_str(),
                    _ => return Err("the two searches contradict each other".to_string()),
                };
                let first = |s: &Side| {
                    winning_move(&problem, s)
                        .map(|m| m.map_or_else(|| "-".to_string(), |m| self.name(m)))
                };
                // Every life the status rests on holds for every α.
                let lives = [&attack, &defend]
                    .into_iter()
                    .filter(|s| s.answer.verdict == Verdict::Alive);
                let exact =
                    if lives.clone().count() > 0 && lives.into_iter().all(|s| s.answer.exact) {
                        " exact"
                    } else {
                        ""
                    };
                Ok(format!(
                    "{status} {}:{} {}:{}{exact}",
                    attack.to_move.letter(),
                    first(&attack)?,
                    defend.to_move.letter(),
                    first(&defend)?
                ))
            }
            "tsume_moves" => {
                // Every winning first move of each side, for GoGui's graphics.
                let target = self.stone(args)?;
                let (problem, depth) = self.problem(target)?;
                let defender = problem.defender();
                let mut all = self.settings.clone();
                all.solve.all_moves = true;
                let [attack, defend] = self.search_both(&all, &problem, depth)?;
                // Moves on the area's virtual points (the outside's wall and its eyes:
                // where every move wins, filling them does too) are not on the board.
                let names = |s: &Side, wins: bool| -> Vec<String> {
                    if !wins {
                        return Vec::new();
                    }
                    s.answer
                        .moves
                        .iter()
                        .filter_map(|&m| problem_move(&problem, m).ok().map(|m| self.name(m)))
                        .collect()
                };
                let kills = names(&attack, attack.answer.verdict == Verdict::Dead);
                let lives = names(&defend, defend.answer.verdict == Verdict::Alive);
                let list = |v: &[String]| {
                    if v.is_empty() {
                        "none".to_string()
                    } else {
                        v.join(" ")
                    }
                };
                // A point in both lists (the vital point) gets both marks.
                let on_board = |v: &[String]| {
                    v.iter()
                        .filter(|m| *m != "PASS")
                        .cloned()
                        .collect::<Vec<_>>()
                        .join(" ")
                };
                let mut out = String::new();
                if !on_board(&kills).is_empty() {
                    out.push_str(&format!("TRIANGLE {}\n", on_board(&kills)));
                }
                if !on_board(&lives).is_empty() {
                    out.push_str(&format!("CIRCLE {}\n", on_board(&lives)));
                }
                out.push_str(&format!(
                    "TEXT {} kills: {}; {} lives: {}",
                    defender.opponent().title(),
                    list(&kills),
                    defender.title(),
                    list(&lives)
                ));
                Ok(out)
            }
            "tsume_pv" => {
                // A principal variation from the current position, the player to move
                // (or the colour given) first, as GoGui's graphics.
                let target = self.stone(args)?;
                let color = match args.get(1) {
                    Some(c) => parse_color(c)?,
                    None => self.pos.to_move(),
                };
                let (problem, depth) = self.problem(target)?;
                let side = self.search(&problem, depth, color)?;
                let mut var = Vec::new();
                let mut mover = color;
                for &m in &side.answer.pv {
                    // A move on the area's virtual points ends what the board can show.
                    let Ok(m) = problem_move(&problem, m) else {
                        break;
                    };
                    let name = match m {
                        Move::Pass => "pass".to_string(),
                        Move::Play(_) => self.name(m),
                    };
                    var.push(format!("{} {name}", mover.letter().to_ascii_lowercase()));
                    mover = mover.opponent();
                }
                let verdict = match side.answer.verdict {
                    Verdict::Dead => "dead",
                    _ => "alive",
                };
                let mut out = String::new();
                if !var.is_empty() {
                    out.push_str(&format!("VAR {}\n", var.join(" ")));
                }
                out.push_str(&format!(
                    "TEXT {} to move: {verdict}; {}",
                    color.title(),
                    tsume_board::counted(var.len(), "move", "moves")
                ));
                Ok(out)
            }
            "tsume_area" => {
                let target = self.stone(args)?;
                let (problem, _) = self.problem(target)?;
                let board = self.pos.board();
                let points: Vec<String> = problem.region().iter().map(|&p| board.gtp(p)).collect();
                Ok(format!(
                    "SQUARE {}\nTEXT {} in play; {} defends {}",
                    points.join(" "),
                    tsume_board::counted(points.len(), "point", "points"),
                    problem.defender().title(),
                    board.gtp(target)
                ))
            }
            "tsume_target" => {
                if args.first().is_some_and(|a| a.eq_ignore_ascii_case("none")) {
                    self.target = None;
                    return Ok(String::new());
                }
                let point = self.stone(args)?;
                let defender = self.pos.color(point).ok_or("the vertex is empty")?;
                let (_, depth) = self.problem(point)?;
                self.target = Some(Target {
                    point,
                    defender,
                    depth,
                    plies: self.history.len(),
                });
                Ok(String::new())
            }
            "genmove" | "reg_genmove" => {
                let color = parse_color(args.first().ok_or("genmove: expected a color")?)?;
                let mv = self.best_move(color)?;
                if command == "genmove" {
                    if let Some(m) = mv {
                        self.apply(color, m)?;
                    }
                }
                Ok(mv.map_or_else(|| "resign".to_string(), |m| self.name(m)))
            }
            "gogui-analyze_commands" => Ok(ANALYZE.to_string()),
            "" => Err("missing command".to_string()),
            _ => Err("unknown command".to_string()),
        }
    }

    fn play(&mut self, args: &[String]) -> Reply {
        let (Some(c), Some(v)) = (args.first(), args.get(1)) else {
            return Err("play: expected a color and a vertex".to_string());
        };
        let color = parse_color(c)?;
        let point = self.vertex(v)?;
        self.apply(color, point.map_or(Move::Pass, Move::Play))?;
        Ok(String::new())
    }

    /// `color` plays `m` (φ, but a stone on an occupied point, a suicide and a forbidden
    /// retake are refused, as GTP expects), kept in the history for `undo`.
    fn apply(&mut self, color: Color, m: Move) -> Result<(), String> {
        // The ban holds for the player to move only; a colour playing twice clears it.
        let mut next = if color == self.pos.to_move() {
            self.pos.clone()
        } else {
            self.pos.with_to_move(color)
        };
        match next.play_in_place(m) {
            Played::Occupied => return Err("illegal move (occupied)".to_string()),
            Played::Suicide => return Err("illegal move (suicide)".to_string()),
            Played::Banned => return Err("illegal move (ko)".to_string()),
            Played::Pass | Played::Stone { .. } => {}
        }
        self.history.push(std::mem::replace(&mut self.pos, next));
        Ok(())
    }

    fn loadsgf(&mut self, args: &[String]) -> Reply {
        let file = args.first().ok_or("loadsgf: expected a file name")?;
        let before = match args.get(1) {
            None => None,
            Some(t) => match t.parse::<usize>() {
                Ok(n) if n >= 1 => Some(n),
                _ => return Err(format!("loadsgf: bad move number \"{t}\"")),
            },
        };
        let text = tsume_board::input::read_file(
            std::path::Path::new(file),
            tsume_board::input::MAX_SGF_BYTES,
        )
        .map_err(|e| format!("cannot load file {file}: {e}"))?;
        let read = tsume_sgf::parse_sgf_position(&text, file, self.settings.load.index, before)
            .map_err(|e| e.to_string())?;
        let pos = read.position;
        // GTP's vertices name 25 columns and rows at most; rectangles are welcome.
        match pos.board().grid_info() {
            Some(g) if g.width <= MAX_GTP_SIDE && g.height <= MAX_GTP_SIDE => {}
            _ => {
                return Err(format!(
                    "{file}: GTP vertices reach {MAX_GTP_SIDE}x{MAX_GTP_SIDE} at most"
                ))
            }
        }
        let to_move = pos.to_move();
        self.pos = pos.with_ko_rule(self.settings.ko_rule);
        self.history.clear();
        self.target = None;
        self.region_hint = read.region;
        Ok(to_move.title().to_lowercase())
    }
}

#[cfg(test)]
mod tests;
