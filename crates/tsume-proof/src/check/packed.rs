//! Positions packed into bytes, so that the checker keeps one small record per tree node
//! and compares positions byte for byte.

use std::sync::Arc;

use tsume_board::{Board, Color, Configuration, KoRule, Point, Position};

/// A position packed into bytes: two bits per point ([`stone_bytes`] bytes), then the
/// [`PACKED_TAIL`]: the player to move, the ko rule (none, basic, Black or White the
/// master), the forbidden point (4 bytes, all ones for none) and each player's ko
/// threats left.
pub(super) fn pack(pos: &Position) -> Box<[u8]> {
    let n = pos.board().len();
    let s = stone_bytes(n);
    let mut out = vec![0u8; s + PACKED_TAIL];
    for p in pos.board().points() {
        let code = match pos.color(p) {
            None => 0u8,
            Some(Color::Black) => 1,
            Some(Color::White) => 2,
        };
        out[p.index() / 4] |= code << (2 * (p.index() % 4));
    }
    out[s] = pos.to_move().index() as u8;
    out[s + 1] = match pos.ko() {
        KoRule::None => 0,
        KoRule::Basic => 1,
        KoRule::Master(Color::Black) => 2,
        KoRule::Master(Color::White) => 3,
    };
    let ban = pos.ko_ban().map_or(u32::MAX, |b| b.index() as u32);
    out[s + 2..s + 6].copy_from_slice(&ban.to_le_bytes());
    out[s + 6] = pos.ko_threats(Color::Black);
    out[s + 7] = pos.ko_threats(Color::White);
    out.into_boxed_slice()
}

/// The bytes a packed position has after its stones: the player to move, the ko rule,
/// the forbidden point (4) and each player's ko threats left.
const PACKED_TAIL: usize = 8;

/// How many bytes of a packed position hold its stones.
pub(super) fn stone_bytes(board_len: usize) -> usize {
    board_len.div_ceil(4)
}

pub(super) fn unpack(board: &Arc<Board>, packed: &[u8]) -> Result<Position, String> {
    let n = board.len();
    let cells = (0..n)
        .map(|i| match (packed[i / 4] >> (2 * (i % 4))) & 3 {
            1 => Some(Color::Black),
            2 => Some(Color::White),
            _ => None,
        })
        .collect();
    let to_move = if packed[n.div_ceil(4)] == 0 {
        Color::Black
    } else {
        Color::White
    };
    let s = n.div_ceil(4);
    let rule = match packed[s + 1] {
        0 => KoRule::None,
        1 => KoRule::Basic,
        2 => KoRule::Master(Color::Black),
        3 => KoRule::Master(Color::White),
        r => return Err(format!("ko rule code {r}")),
    };
    let mut ban = [0u8; 4];
    ban.copy_from_slice(&packed[s + 2..s + 6]);
    let ban = match u32::from_le_bytes(ban) {
        u32::MAX => None,
        b if (b as usize) < n => Some(Point::from_index(b as usize)),
        b => return Err(format!("forbidden point {b} off the board")),
    };
    let p = Position::new(board.clone(), &Configuration::from_cells(cells), to_move)
        .map_err(|e| e.to_string())?;
    Ok(if rule == KoRule::None {
        p
    } else {
        p.with_ko(rule)
            .with_ko_threats(packed[s + 6], packed[s + 7])
            .with_ko_ban(ban)
    })
}
