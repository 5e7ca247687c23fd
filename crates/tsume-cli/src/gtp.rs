//! `tsume gtp`: the flags of the GTP engine (crate tsume-gtp), which reads standard
//! input and answers on standard output.

use std::io::{BufRead, Write};

use clap::Args;

use crate::args::{AreaArgs, BudgetArgs, KoRuleArg};
use crate::{Fail, EXIT_BAD_INPUT, EXIT_FAILURE, EXIT_OK};

/// Arguments of `tsume gtp`.
#[derive(Args, Debug, Clone)]
#[command(
    long_about = "Speak the Go Text Protocol (GTP version 2) on standard input and output.

For programs and GUIs that ask a Go engine about life and death. Besides the usual
commands (boardsize, clear_board, komi, play, undo, loadsgf, showboard, …) it answers,
for the group of the stone at a vertex:

  owl_attack C3     \"1 MOVE\" if the attacker, moving first, kills it (MOVE: a killing
                    first move), \"0\" if it cannot (GNU Go's command and reply)
  owl_defend C3     \"1 MOVE\" if the defender, moving first, saves it (MOVE may be
                    PASS), \"0\" if it cannot
                    (under --ko-rule basic both answer under ordinary Go rules, as
                    GNU Go does: \"2 MOVE\" for a win through a ko the mover wins
                    taking first, \"3 MOVE\" for one needing external ko threats;
                    see `tsume solve`'s go_result)
  dragon_status C3  \"alive\" (the attack fails), \"dead\" (the defence fails) or
                    \"critical ATTACK DEFENSE\", as GNU Go replies
  tsume_status C3   \"dead\", \"alive\" or \"unsettled\", then for each player moving
                    first the winning move or \"-\" (loses), e.g. \"unsettled B:A2 W:B1\",
                    and \"exact\" when the life holds for every depth bound
  tsume_area C3     the area in play, for GoGui's graphics (gogui-analyze_commands)
  tsume_moves C3    every winning first move of each side, as GoGui graphics:
                    TRIANGLE the attacker's kills, CIRCLE the defender's lives
  tsume_pv C3 [B|W] the principal variation, the player to move (or the colour
                    given) first, as GoGui's VAR graphics
  tsume_target C3   the group genmove plays for or against; then genmove B|W plays a
                    proven winning move for that colour (PASS once the group is
                    captured, \"resign\" when every move loses): a sparring partner
                    whose every move is proven, for a problem's author or solver

Answers are proven under Crăşmaru's model (no ko rule unless --ko-rule basic) on the
area in play (--region; the default cuts the target's corner out of the board as
`tsume solve` does) and replayed by the independent checker. A search that runs out of
budget (--max-nodes, --time-limit) replies with an error (\"? unknown: …\"), never a
guess; without a budget a search runs until it is settled.

Example:
  printf 'boardsize 9\\nplay B C1\\nplay W B1\\nowl_attack B1\\nquit\\n' | tsume gtp",
    mut_arg("max_nodes", |a| a.help("Stop each search after this many node expansions (the reply is then an error saying the answer is unknown)")),
    mut_arg("time_limit", |a| a.help("Stop each search after this many seconds (the reply is then an error saying the answer is unknown)"))
)]
pub struct GtpArgs {
    #[command(flatten)]
    pub budget: BudgetArgs,
    /// α, the depth bound of every search [default: 4 × empty points of the area + 12, at most 250].
    #[arg(long, value_name = "α", value_parser = crate::numbers::depth)]
    pub depth: Option<u32>,
    #[command(flatten)]
    pub ko_rule: KoRuleArg,
    /// Skip replaying proofs through the independent checker.
    #[arg(long)]
    pub no_check: bool,
    #[command(flatten)]
    pub area: AreaArgs,
}

/// Runs the engine on `input` until `quit` or the end of the input.
pub(crate) fn run(
    a: &GtpArgs,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let settings = match settings(a) {
        Ok(s) => s,
        Err(f) => {
            let _ = writeln!(err, "tsume gtp: {}", f.message);
            return f.code;
        }
    };
    match tsume_gtp::run(settings, input, out) {
        Ok(()) => EXIT_OK,
        Err(e) => {
            let _ = writeln!(err, "tsume gtp: {e}");
            match e {
                tsume_gtp::Error::Read(_) => EXIT_BAD_INPUT,
                tsume_gtp::Error::Board(_) => EXIT_FAILURE,
            }
        }
    }
}

fn settings(a: &GtpArgs) -> Result<tsume_gtp::Settings, Fail> {
    a.area.one_tree()?;
    Ok(tsume_gtp::Settings {
        load: a.area.load_options(None, None),
        ko_rule: a.ko_rule.basic(),
        solve: tsume_solve::Settings {
            depth: a.depth,
            limits: a.budget.limits()?,
            want_tree: !a.no_check,
            check: !a.no_check,
            // The model's replies (GNU Go's codes under --ko-rule basic: go_search).
            go: false,
            ..tsume_solve::Settings::default()
        },
    })
}
