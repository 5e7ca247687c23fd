//! The value parsers of the numeric options: every number a user types is checked here,
//! by clap, before any command runs, so that no number can panic or overflow later
//! (`--time-limit 2e19` once panicked converting to a `Duration`; `--depth 4294967295`
//! wrapped the ply count to 0). Each refusal is one line naming the option and the range
//! (docs/limits.md lists them).

use std::time::Duration;

/// The longest `--time-limit`: a year of seconds (a `Duration` holds far more, an
/// `Instant` plus it must not overflow).
pub const MAX_SECONDS: f64 = 365.0 * 24.0 * 3600.0;

/// The largest `--tt-mb`: 1 TiB of table.
pub const MAX_TT_MB: usize = 1 << 20;

/// The most random formulas `verify-reduction` makes, and the most `--jobs`, `--every`.
pub const MAX_RANDOM: usize = 1_000_000;

/// The most variables and clauses of a random formula: what `reduce` reads from a file
/// (`tsume_reduce::DimacsLimits::REDUCE`; a random clause has at most 3 literals, so the
/// literals stay within that limit too).
const MAX_RANDOM_VARS: usize = tsume_reduce::DimacsLimits::REDUCE.vars as usize;
const MAX_RANDOM_CLAUSES: usize = tsume_reduce::DimacsLimits::REDUCE.clauses;

/// `--time-limit`: seconds, finite, above 0 and at most [`MAX_SECONDS`].
pub fn seconds(s: &str) -> Result<f64, String> {
    let t: f64 = s
        .trim()
        .parse()
        .map_err(|_| format!("expected a number of seconds, got \"{s}\""))?;
    if !(t.is_finite() && t > 0.0 && t <= MAX_SECONDS) {
        return Err(format!(
            "expected seconds above 0 and at most {MAX_SECONDS} (a year), got \"{s}\""
        ));
    }
    // (Cannot fail in this range; checked all the same.)
    Duration::try_from_secs_f64(t).map_err(|e| format!("{e}: \"{s}\""))?;
    Ok(t)
}

/// `--depth` (α): 0 to [`tsume_prove::MAX_DEPTH`].
pub fn depth(s: &str) -> Result<u32, String> {
    let max = tsume_prove::MAX_DEPTH;
    match s.trim().parse::<u64>() {
        Ok(d) if d <= u64::from(max) => Ok(d as u32),
        _ => Err(format!(
            "expected a whole number from 0 to {max}, got \"{s}\""
        )),
    }
}

/// `--tt-mb`: 1 to [`MAX_TT_MB`].
pub fn tt_mb(s: &str) -> Result<usize, String> {
    in_range(s, 1, MAX_TT_MB)
}

/// A count of at least 1 (`--jobs`, `--every`, `--count`).
pub fn positive(s: &str) -> Result<usize, String> {
    in_range(s, 1, MAX_RANDOM)
}

/// `--clauses` of `verify-reduction`: within what `reduce` reads.
pub fn random_clauses(s: &str) -> Result<usize, String> {
    in_range(s, 1, MAX_RANDOM_CLAUSES)
}

/// `--vars` of `verify-reduction`: within what `reduce` reads.
pub fn random_vars(s: &str) -> Result<u32, String> {
    in_range(s, 1, MAX_RANDOM_VARS).map(|v| v as u32)
}

/// A budget of nodes or positions (`--max-tree`, `--exact`, `--forever`, `--limit`):
/// 0 to 2⁴⁰ (memory bounds them further, see docs/limits.md).
pub fn budget(s: &str) -> Result<usize, String> {
    in_range(s, 0, 1 << 40)
}

/// `status --max-states`: 1 to 2³² − 1 (a state is numbered by a `u32`; the memory
/// budget, `--memory-mb`, bounds them further).
pub fn max_states(s: &str) -> Result<usize, String> {
    in_range(s, 1, u32::MAX as usize)
}

fn in_range(s: &str, lo: usize, hi: usize) -> Result<usize, String> {
    match s.trim().parse::<u128>() {
        Ok(n) if (lo as u128..=hi as u128).contains(&n) => Ok(n as usize),
        _ => Err(format!(
            "expected a whole number from {lo} to {hi}, got \"{s}\""
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// At the edges of each type and range: in or out, never a panic.
    #[test]
    fn edges() {
        assert_eq!(seconds("5"), Ok(5.0));
        assert_eq!(seconds(" 0.25 "), Ok(0.25));
        assert_eq!(seconds(&MAX_SECONDS.to_string()), Ok(MAX_SECONDS));
        for bad in [
            "2e19", "1e400", "inf", "NaN", "0", "-1", "-0", "", "x", "31536001",
        ] {
            let e = seconds(bad).unwrap_err();
            assert!(!e.contains('\n') && e.contains(bad), "{bad}: {e}");
        }
        assert_eq!(depth("0"), Ok(0));
        assert_eq!(
            depth(&tsume_prove::MAX_DEPTH.to_string()),
            Ok(tsume_prove::MAX_DEPTH)
        );
        for bad in [
            "250001",
            "4294967295",
            "4294967296",
            "18446744073709551616",
            "-1",
            "1.5",
        ] {
            assert!(depth(bad).is_err(), "{bad}");
        }
        assert_eq!(tt_mb("1"), Ok(1));
        assert_eq!(tt_mb("1048576"), Ok(MAX_TT_MB));
        for bad in [
            "0",
            "1048577",
            "18446744073709551615",
            "99999999999999999999999",
        ] {
            assert!(tt_mb(bad).is_err(), "{bad}");
        }
        assert_eq!(budget("0"), Ok(0));
        assert!(budget("1099511627777").is_err());
        assert!(positive("0").is_err());
        assert_eq!(random_vars("200000"), Ok(200_000));
        assert!(random_vars("200001").is_err());
        assert_eq!(random_clauses("200000"), Ok(200_000));
        assert!(random_clauses("200001").is_err());
        assert!(random_vars("4294967295").is_err());
        assert_eq!(max_states("1"), Ok(1));
        assert_eq!(max_states("4294967295"), Ok(u32::MAX as usize));
        for bad in ["0", "4294967296", "18446744073709551615", "-1"] {
            assert!(max_states(bad).is_err(), "{bad}");
        }
    }
}
