//! Endgame scaling (the `Endgame` line of the breakdown, applied between `Sum` and `Final`):
//! a side without a rook, horse, cannon or pawn cannot win, so its
//! advantage is divided by [`NO_ATTACKER_DIVISOR`], and when neither side has one the score is
//! 0 (insufficient material).
//!
//! In the small endgames the side ahead can only win with more attacking force than the other
//! side's: advisors and elephants defend, they do not mate. Four kinds of ending are scaled down
//! ([`DrawishEnding`]): no more attacking force than the defender (车 against 车 with any
//! advisors and elephants), one pawn more against a defender who keeps his advisors (车兵 against
//! 车双士), a rook and a minor piece against a rook with both advisors and both elephants
//! (车马 or 车炮 against 车士象全), and a lone horse or cannon against advisors and elephants.
//! While both sides have a pawn short of the last rank, the side ahead can still play for
//! pawns and exchanges, and the factor is milder ([`DrawishEnding::PawnsOnBothSides`]).

use super::weights::{
    EQUAL_FORCES_SCALE, LONE_MINOR_SCALE, MINOR_UP_SCALE, NO_ATTACKER_DIVISOR,
    PAWNS_ON_BOTH_SIDES_SCALE, PAWN_UP_SCALE, SCALE_ONE,
};
use crate::board::Position;
use crate::types::{Bitboard, Color, PieceKind};
use std::fmt;

/// Whether `color` has a rook, horse, cannon or pawn (a piece that can attack across the river).
#[inline]
pub fn has_attackers(pos: &Position, color: Color) -> bool {
    (pos.pieces(color, PieceKind::Rook)
        | pos.pieces(color, PieceKind::Horse)
        | pos.pieces(color, PieceKind::Cannon)
        | pos.pieces(color, PieceKind::Pawn))
    .any()
}

/// What the endgame scaling does to Red's sum of the terms (the `Endgame` line of the
/// breakdown).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Scaling {
    /// Nothing: the side ahead has a piece that can attack.
    None,
    /// Neither side has a piece that can attack (insufficient material): 0.
    Draw,
    /// The side ahead, this one, has no piece that can attack: its advantage is divided by
    /// [`NO_ATTACKER_DIVISOR`].
    NoAttacker(Color),
    /// The side ahead, this one, is in an ending that is mostly drawn: its advantage is
    /// multiplied by [`DrawishEnding::scale`] / [`SCALE_ONE`].
    Drawish(Color, DrawishEnding),
}

/// Small endgames that the side ahead seldom wins.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DrawishEnding {
    /// At most a rook or two minor pieces, and no more attacking force (rooks, minors, pawns
    /// short of the last rank) than the other side: 车 against 车, 马 against 炮, whatever the
    /// advisors and elephants.
    EqualForces,
    /// As [`DrawishEnding::EqualForces`] but one pawn more, against a side with both advisors
    /// or three defenders (车兵 against 车双士; with pawns alone, against any defender), or two
    /// pawns more against both advisors and both elephants.
    PawnUp,
    /// A rook and a minor piece, no more pawns, against a rook with both advisors and both
    /// elephants (车马 or 车炮 against 车士象全), or against a rook with any defender when the
    /// side ahead has none (its king is open to perpetual checks).
    MinorUpAgainstRook,
    /// A lone minor piece against defenders only: a horse against two of them (马 against 双士),
    /// a cannon against two, or with no advisor of its own to screen it.
    LoneMinor,
    /// Any of the above with a pawn short of the last rank on each side (车兵 against 车卒双士,
    /// 马炮兵 against 马炮卒): the side ahead can still play for the pawns and exchanges, and
    /// keeps more of its advantage.
    PawnsOnBothSides,
}

impl DrawishEnding {
    /// The factor on the side ahead's advantage, in [`SCALE_ONE`]ths.
    pub const fn scale(self) -> i32 {
        match self {
            DrawishEnding::EqualForces => EQUAL_FORCES_SCALE,
            DrawishEnding::PawnUp => PAWN_UP_SCALE,
            DrawishEnding::MinorUpAgainstRook => MINOR_UP_SCALE,
            DrawishEnding::LoneMinor => LONE_MINOR_SCALE,
            DrawishEnding::PawnsOnBothSides => PAWNS_ON_BOTH_SIDES_SCALE,
        }
    }
}

impl fmt::Display for DrawishEnding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DrawishEnding::EqualForces => "no more attacking force than the other side",
            DrawishEnding::PawnUp => "a pawn or two up against the advisors",
            DrawishEnding::MinorUpAgainstRook => {
                "a rook and a minor piece against a rook that defends"
            }
            DrawishEnding::LoneMinor => "a lone minor piece against defenders",
            DrawishEnding::PawnsOnBothSides => "a drawish ending with a pawn on each side",
        })
    }
}

/// What one side has to attack with, counted for [`drawish_ending`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Force {
    rooks: u32,
    horses: u32,
    cannons: u32,
    /// Pawns short of the last rank (a pawn on the last rank cannot help to mate).
    pawns: u32,
    advisors: u32,
    elephants: u32,
}

impl Force {
    fn of(pos: &Position, color: Color) -> Force {
        let last_rank = match color {
            Color::Red => Bitboard::rank(9),
            Color::Black => Bitboard::rank(0),
        };
        Force {
            rooks: pos.pieces(color, PieceKind::Rook).count(),
            horses: pos.pieces(color, PieceKind::Horse).count(),
            cannons: pos.pieces(color, PieceKind::Cannon).count(),
            pawns: (pos.pieces(color, PieceKind::Pawn) & !last_rank).count(),
            advisors: pos.pieces(color, PieceKind::Advisor).count(),
            elephants: pos.pieces(color, PieceKind::Elephant).count(),
        }
    }

    /// Horses and cannons.
    fn minors(self) -> u32 {
        self.horses + self.cannons
    }

    /// Rooks count as two minor pieces.
    fn heavy(self) -> u32 {
        2 * self.rooks + self.minors()
    }

    fn defenders(self) -> u32 {
        self.advisors + self.elephants
    }
}

/// The drawish ending, if any, for `strong` (the side ahead) against `weak`.
fn drawish_ending(strong: Force, weak: Force) -> Option<DrawishEnding> {
    let ending = drawish_material(strong, weak)?;
    Some(if strong.pawns > 0 && weak.pawns > 0 {
        DrawishEnding::PawnsOnBothSides
    } else {
        ending
    })
}

/// The drawish ending that the pieces alone make, before [`DrawishEnding::PawnsOnBothSides`].
fn drawish_material(strong: Force, weak: Force) -> Option<DrawishEnding> {
    let keeps_advisors = weak.advisors == 2 || weak.defenders() >= 3;
    // Two minor pieces hold a rook only behind their advisors.
    let same_heavy = strong.heavy() <= 2
        && weak.heavy() >= strong.heavy()
        && (weak.rooks >= strong.rooks || keeps_advisors);
    if same_heavy && strong.pawns <= weak.pawns {
        return Some(DrawishEnding::EqualForces);
    }
    let full_defence = weak.advisors == 2 && weak.elephants == 2;
    if same_heavy
        && ((strong.pawns == weak.pawns + 1
            && (keeps_advisors || (strong.heavy() == 0 && weak.defenders() > 0)))
            || (strong.pawns == weak.pawns + 2 && full_defence))
    {
        return Some(DrawishEnding::PawnUp);
    }
    if strong.rooks == 1
        && strong.minors() == 1
        && weak.rooks == 1
        && weak.minors() == 0
        && strong.pawns <= weak.pawns
        && (full_defence || (strong.defenders() == 0 && weak.defenders() > 0))
    {
        return Some(DrawishEnding::MinorUpAgainstRook);
    }
    if strong.rooks == 0
        && strong.minors() == 1
        && strong.pawns == 0
        && weak.heavy() == 0
        && (weak.defenders() >= 2 || (strong.horses == 0 && strong.advisors == 0))
    {
        return Some(DrawishEnding::LoneMinor);
    }
    None
}

impl Scaling {
    /// Red's score `red` after this scaling.
    #[inline]
    pub fn apply(self, red: i32) -> i32 {
        match self {
            Scaling::None => red,
            Scaling::Draw => 0,
            Scaling::NoAttacker(_) => red / NO_ATTACKER_DIVISOR,
            Scaling::Drawish(_, ending) => red * ending.scale() / SCALE_ONE,
        }
    }
}

impl fmt::Display for Scaling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Scaling::None => f.write_str("none"),
            Scaling::Draw => f.write_str("no attacking piece on either side, score 0"),
            Scaling::NoAttacker(c) => write!(
                f,
                "{c} is ahead without an attacking piece, score / {NO_ATTACKER_DIVISOR}"
            ),
            Scaling::Drawish(c, ending) => write!(
                f,
                "{c} is ahead with {ending}, score × {}/{SCALE_ONE}",
                ending.scale()
            ),
        }
    }
}

/// The scaling that applies to Red's score `red` in `pos`.
#[inline]
pub(super) fn scaling(pos: &Position, red: i32) -> Scaling {
    let red_att = has_attackers(pos, Color::Red);
    let black_att = has_attackers(pos, Color::Black);
    if !red_att && !black_att {
        Scaling::Draw
    } else if red > 0 && !red_att {
        Scaling::NoAttacker(Color::Red)
    } else if red < 0 && !black_att {
        Scaling::NoAttacker(Color::Black)
    } else if red == 0 {
        Scaling::None
    } else {
        let strong = if red > 0 { Color::Red } else { Color::Black };
        let pieces = pos.pieces(strong, PieceKind::Rook)
            | pos.pieces(strong, PieceKind::Horse)
            | pos.pieces(strong, PieceKind::Cannon);
        // Every drawish ending has at most two rooks, horses or cannons on the side ahead.
        if pieces.count() > 2 {
            return Scaling::None;
        }
        match drawish_ending(Force::of(pos, strong), Force::of(pos, !strong)) {
            Some(ending) => Scaling::Drawish(strong, ending),
            None => Scaling::None,
        }
    }
}

/// Red's score after scaling for insufficient or non-attacking material.
pub(super) fn scale(pos: &Position, red: i32) -> i32 {
    scaling(pos, red).apply(red)
}

#[cfg(test)]
mod tests {
    use super::super::tests::eval_fen;
    use super::*;

    #[test]
    fn insufficient_material_is_zero() {
        assert_eq!(eval_fen("3aka3/9/4b4/9/9/9/9/4B4/4A4/3AK4 w - - 0 1"), 0);
    }

    #[test]
    fn scaling_names_the_side_without_attackers() {
        // Red has a rook, Black only its defenders.
        let fen = "3akab2/9/4b4/9/9/9/9/4B4/4A4/2BAK1R2 b - - 0 1";
        assert_eq!(scaling_at(fen, 500), Scaling::None);
        assert_eq!(scaling_at(fen, -80), Scaling::NoAttacker(Color::Black));
        assert_eq!(Scaling::NoAttacker(Color::Black).apply(-80), -10);
        let bare = "3aka3/9/4b4/9/9/9/9/4B4/4A4/3AK4 w - - 0 1";
        assert_eq!(scaling_at(bare, 30), Scaling::Draw);
        assert_eq!(Scaling::Draw.apply(30), 0);
    }

    /// The scaling for Red ahead (`red > 0`) or Black ahead (`red < 0`) in `fen`.
    fn scaling_at(fen: &str, red: i32) -> Scaling {
        scaling(&Position::from_fen(fen).expect("test FEN"), red)
    }

    /// Asserts that Red, ahead by `red`, is in the drawish `ending` in `fen`.
    fn assert_red_drawish(fen: &str, red: i32, ending: DrawishEnding) {
        assert_eq!(
            scaling_at(fen, red),
            Scaling::Drawish(Color::Red, ending),
            "{fen}"
        );
    }

    #[test]
    fn rook_against_rook_is_drawish_whatever_the_defenders() {
        // 车士象全 against a bare 车.
        let fen = "4k4/9/9/9/9/9/9/4B4/4A4/2BAK1R1r w - - 0 1";
        assert_red_drawish(fen, 300, DrawishEnding::EqualForces);
        assert_eq!(scaling_at(fen, 300).apply(320), 40);
        // The same seen from Black: Black has the defenders.
        let fen = "r1bak1b2/4a4/9/9/9/9/9/9/9/4K3R w - - 0 1";
        assert_eq!(
            scaling_at(fen, -300),
            Scaling::Drawish(Color::Black, DrawishEnding::EqualForces)
        );
    }

    #[test]
    fn a_pawn_up_draws_only_against_both_advisors() {
        // 车兵 against 车双士: drawish.
        let fen = "3akar2/9/9/9/2P6/9/9/9/9/3K2R2 w - - 0 1";
        assert_red_drawish(fen, 200, DrawishEnding::PawnUp);
        // 车兵 against 车单士: a win, not scaled.
        let fen = "3ak1r2/9/9/9/2P6/9/9/9/9/3K2R2 w - - 0 1";
        assert_eq!(scaling_at(fen, 200), Scaling::None);
        // A pawn on the last rank does not count: 车底兵 against 车单士 is no more force.
        let fen = "2Pak1r2/9/9/9/9/9/9/9/9/3K2R2 w - - 0 1";
        assert_red_drawish(fen, 200, DrawishEnding::EqualForces);
    }

    #[test]
    fn a_pawn_on_each_side_keeps_more_of_the_advantage() {
        // 车兵 against 车卒双士: more than 车 against 车双士 or 车兵 against 车双士 keep.
        let fen = "3akar2/9/9/9/2P6/6p2/9/9/9/3K2R2 w - - 0 1";
        assert_red_drawish(fen, 200, DrawishEnding::PawnsOnBothSides);
        assert!(DrawishEnding::PawnsOnBothSides.scale() > DrawishEnding::PawnUp.scale());
        // 马炮兵 against 马炮卒 with the same material.
        let fen = "3akab2/9/4n4/9/2P6/4c2p1/9/4N4/4C4/3AKAB2 w - - 0 1";
        assert_red_drawish(fen, 150, DrawishEnding::PawnsOnBothSides);
        // Black's pawn on Red's last rank does not count: 车兵 against 车底卒双士 is scaled.
        let fen = "3akar2/9/9/9/2P6/9/9/9/9/3K2Rp1 w - - 0 1";
        assert_red_drawish(fen, 200, DrawishEnding::PawnUp);
    }

    #[test]
    fn two_pawns_up_draw_only_against_full_defence() {
        // 车双兵 against 车士象全.
        let fen = "r1bakab2/9/9/9/2P1P4/9/9/9/9/3K2R2 w - - 0 1";
        assert_red_drawish(fen, 300, DrawishEnding::PawnUp);
        // Against 车双士 only they win.
        let fen = "r2aka3/9/9/9/2P1P4/9/9/9/9/3K2R2 w - - 0 1";
        assert_eq!(scaling_at(fen, 300), Scaling::None);
    }

    #[test]
    fn two_minors_hold_a_rook_behind_their_advisors() {
        // 车 against 马炮双士: drawish; against bare 马炮 not.
        let fen = "3aka3/9/4n4/9/9/4c4/9/9/9/3K2R2 w - - 0 1";
        assert_red_drawish(fen, 200, DrawishEnding::EqualForces);
        let fen = "4k4/9/4n4/9/9/4c4/9/9/9/3K2R2 w - - 0 1";
        assert_eq!(scaling_at(fen, 200), Scaling::None);
    }

    #[test]
    fn a_rook_and_a_minor_win_unless_the_rook_has_full_defence() {
        // 车炮 against a bare 车 wins.
        let fen = "4k4/9/9/9/9/9/9/9/4C4/4K1R1r w - - 0 1";
        assert_eq!(scaling_at(fen, 500), Scaling::None);
        // 车炮士 against 车士象全 is mostly a draw.
        let fen = "r1bakab2/9/9/9/9/9/9/9/4C4/3AK1R2 w - - 0 1";
        assert_red_drawish(fen, 400, DrawishEnding::MinorUpAgainstRook);
        // 车炮 without a defender against 车 with one elephant: perpetual checks hold.
        let fen = "r1b1k4/9/9/9/9/9/9/9/4C4/4K1R2 w - - 0 1";
        assert_red_drawish(fen, 400, DrawishEnding::MinorUpAgainstRook);
        // A second minor piece is more force: not scaled.
        let fen = "r1bakab2/9/9/9/9/9/9/9/4C4/3AK1RN1 w - - 0 1";
        assert_eq!(scaling_at(fen, 700), Scaling::None);
    }

    #[test]
    fn a_lone_minor_draws_against_two_defenders() {
        // 马 against 双士.
        let fen = "3aka3/9/9/9/9/9/9/9/4N4/4K4 w - - 0 1";
        assert_red_drawish(fen, 400, DrawishEnding::LoneMinor);
        // 马 against 单士 wins.
        let fen = "3ak4/9/9/9/9/9/9/9/4N4/4K4 w - - 0 1";
        assert_eq!(scaling_at(fen, 400), Scaling::None);
        // A cannon with no advisor to screen it cannot win even against one elephant; with two
        // advisors it can.
        let fen = "2b1k4/9/9/9/9/9/9/9/4C4/4K4 w - - 0 1";
        assert_red_drawish(fen, 400, DrawishEnding::LoneMinor);
        let fen = "2b1k4/9/9/9/9/9/9/9/4AC3/3AK4 w - - 0 1";
        assert_eq!(scaling_at(fen, 400), Scaling::None);
    }

    #[test]
    fn drawish_endings_are_no_tuning_data() {
        let rook_ending = "4k4/9/9/9/9/9/9/4B4/4A4/2BAK1R1r w - - 0 1";
        let pos = Position::from_fen(rook_ending).expect("test FEN");
        assert!(super::super::features(&pos).is_none());
        let won = "4k4/9/9/9/9/9/9/9/4C4/4K1R1r w - - 0 1";
        let pos = Position::from_fen(won).expect("test FEN");
        assert!(super::super::features(&pos).is_some());
    }

    #[test]
    fn the_middlegame_is_never_scaled() {
        let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
        assert_eq!(scaling_at(start, 300), Scaling::None);
        assert_eq!(scaling_at(start, -300), Scaling::None);
    }

    #[test]
    fn drawish_scaling_reaches_the_evaluation() {
        // 车士象全 against 车: material alone is +8 pawns; the evaluation stays near a draw.
        let fen = "4k4/9/9/9/9/9/9/4B4/4A4/2BAK1R1r w - - 0 1";
        let score = eval_fen(fen);
        assert!(score.abs() < 100, "{score}");
    }
}
