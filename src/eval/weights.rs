//! Every evaluation weight in one place. Material is the rules' piece values (in centipawn-like
//! units); the piece-square tables and the named scalars below are Texel-tuned with
//! `examples/tune.rs` on self-play positions from `examples/datagen.rs` (see the README).
//!
//! Scores are `S(midgame, endgame)` pairs interpolated by the game phase. Piece-square tables
//! are written from Red's point of view as the board is drawn: the first row is rank 9 (the
//! enemy's back rank), the last row rank 0 (our own back rank); Black reads them mirrored.

use super::S;

/// Material per piece kind (King, Advisor, Elephant, Horse, Rook, Cannon, Pawn).
/// The cannon is worth more in the opening, the horse in the endgame (开局炮胜马，残局马胜炮).
pub const MATERIAL: [S; 7] = [
    S(0, 0),
    S(200, 190),
    S(200, 190),
    S(390, 440),
    S(900, 950),
    S(470, 420),
    S(70, 90),
];

/// Phase weight per piece kind; the opening has `PHASE_MAX`.
pub const PHASE_WEIGHT: [i32; 7] = [0, 0, 0, 3, 6, 3, 0];
/// Phase of the full set of attacking pieces (4 rooks, 4 horses, 4 cannons).
pub const PHASE_MAX: i32 = 48;

/// Bonus for the side to move.
pub const TEMPO: S = S(20, -5);

/// Rook mobility per reachable point above `ROOK_MOB_BASE`.
pub const ROOK_MOB: S = S(6, 6);
/// Points a rook is expected to reach.
pub const ROOK_MOB_BASE: i32 = 6;
/// Horse mobility per move above `HORSE_MOB_BASE` (a hobbled horse, 蹩马腿, is weak).
pub const HORSE_MOB: S = S(16, 2);
/// Moves a horse is expected to have.
pub const HORSE_MOB_BASE: i32 = 4;
/// Cannon mobility per quiet point above `CANNON_MOB_BASE`.
pub const CANNON_MOB: S = S(3, -1);
/// Points a cannon is expected to reach.
pub const CANNON_MOB_BASE: i32 = 6;

/// Per missing advisor, per enemy horse (缺士怕马).
pub const MISSING_ADVISOR_VS_HORSE: S = S(48, -5);
/// Per missing elephant, per enemy cannon (缺相怕炮).
pub const MISSING_ELEPHANT_VS_CANNON: S = S(-17, 19);
/// An enemy cannon facing our king on the central file with nothing between (空头炮).
pub const HOLLOW_CANNON: S = S(269, -81);
/// The same on a side file of the palace (the king has already stepped aside).
pub const HOLLOW_CANNON_SIDE: S = S(233, -46);
/// A central cannon whose two screens include our horse on the palace centre (炮镇窝心马).
pub const CANNON_ON_CENTRE_HORSE: S = S(487, 359);
/// An enemy cannon on our back rank with a clear line to the king at home (沉底炮).
pub const BOTTOM_CANNON: S = S(72, -49);
/// A missing advisor when the enemy still has both rooks (缺士怕双车).
pub const MISSING_ADVISOR_VS_ROOKS: S = S(-172, 380);
/// Per unit of enemy attack pressure (rook across the river 2, horse across 1, cannon 1, pawn
/// near the palace 1; capped at `ATTACK_PRESSURE_MAX`).
pub const ATTACK_PRESSURE: S = S(127, 19);
/// Cap on attack pressure units.
pub const ATTACK_PRESSURE_MAX: i32 = 8;
/// An enemy cannon on our king's file with exactly two screens (central cannon, 中炮).
pub const CENTRAL_CANNON: S = S(55, 54);
/// An enemy rook on our king's file with nothing of ours between (open file toward the king).
pub const ROOK_OPEN_KING_FILE: S = S(184, 84);
/// Attack units of enemy pieces that hit our palace: King, Advisor, Elephant, Horse, Rook,
/// Cannon, Pawn.
pub const PALACE_ATTACK_UNITS: [i32; 7] = [0, 0, 0, 20, 24, 16, 12];
/// Cap on palace danger (units × attackers, counted when at least two pieces attack).
pub const PALACE_ATTACK_MAX: i32 = 400;
/// Penalty per 64 units of palace danger.
pub const PALACE_DANGER: S = S(29, 31);

/// A rook, horse or cannon attacked and not defended, per piece (a rook counts twice).
/// Set by hand at first, tuned with the rest since.
pub const LOOSE_PIECE: S = S(63, 40);
/// A rook attacked by a horse, cannon or pawn. Set by hand at first, tuned with the rest since.
pub const ROOK_ATTACKED_BY_MINOR: S = S(36, -112);
/// A horse or cannon attacked by a pawn. Set by hand at first, tuned with the rest since.
pub const MINOR_ATTACKED_BY_PAWN: S = S(147, 30);
/// A horse or cannon with no safe point to go to (every point it can reach is attacked, unless
/// it takes a rook, horse or cannon there): once across the river, twice when attacked where
/// it stands. Set by hand at first, tuned with the rest since.
pub const TRAPPED_PIECE: S = S(17, 37);

/// When the side ahead has no piece able to cross the river and attack, divide its advantage by
/// this.
pub const NO_ATTACKER_DIVISOR: i32 = 8;

/// The unit of the drawish-ending factors below (`eval::DrawishEnding`): the side ahead keeps
/// `factor / SCALE_ONE` of its advantage. Set by hand from NewGG's depth-6 scores of such
/// endings in `tools/label.py` data, where they stay within about 0.5 pawns of a draw while
/// material alone says +2 to +8.
pub const SCALE_ONE: i32 = 16;
/// No more attacking force than the other side (车 against 车 with advisors and elephants).
pub const EQUAL_FORCES_SCALE: i32 = 2;
/// One pawn up against both advisors (车兵 against 车双士).
pub const PAWN_UP_SCALE: i32 = 4;
/// A rook and a minor against a rook with full defence (车炮 against 车士象全).
pub const MINOR_UP_SCALE: i32 = 5;
/// A lone horse or cannon against advisors and elephants (马 against 双士).
pub const LONE_MINOR_SCALE: i32 = 2;

// The piece-square tables below, and the scalars above that `tune` moves, were first tuned on
// 1.38 M self-play positions labelled with the game result, then twice on self-play positions
// labelled with NewGG's depth-6 score by `tools/label.py` (the teacher's search score credits
// the side to move with about 100 units, which `TEMPO` absorbs during tuning and does not
// keep). The last round (269,589 positions from `datagen --games 1200 --nodes 6000`, seeds 941
// and 942; `tune --epochs 600 --lambda 1e-10 --lambda-rules 1e-9 --keep TEMPO`) pulled the
// piece-square points toward the rules' placement: none but the pawn's crossing. Without that
// pull a constant on all of a kind's points is free, and the tables had drifted to stand in for
// material (a rook on its own half +4.9 pawns in the midgame, on the other half −0.1, the
// difference paid back by attack pressure). They hold the pawn's gain on crossing the river on
// top of its material value, and are symmetric left-right.
// Texel-tuned: K = 0.003848; training loss 0.021295 -> 0.020667, held out 0.022637 -> 0.021915
// (with `TEMPO` restored: 0.021612 and 0.022815)

/// Piece-square bonuses (Red's view, rank 9 first) per kind, midgame.
#[rustfmt::skip]
pub const PST_MG: [[i16; 90]; 7] = [
    [
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,-123, -84,-123,   0,   0,   0,
           0,   0,   0, -20,   2, -20,   0,   0,   0,
           0,   0,   0,  56, 142,  56,   0,   0,   0,
    ],
    [
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,  92,   0,  92,   0,   0,   0,
           0,   0,   0,   0,  96,   0,   0,   0,   0,
           0,   0,   0,  83,   0,  83,   0,   0,   0,
    ],
    [
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,  33,   0,   0,   0,  33,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
          22,   0,   0,   0,  93,   0,   0,   0,  22,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,  54,   0,   0,   0,  54,   0,   0,
    ],
    [
           5,  13,  19,   6,   5,   6,  19,  13,   5,
           5,   6, 114,  61,  14,  61, 114,   6,   5,
          79,  25,  25,  90, 101,  90,  25,  25,  79,
         -23,  63, -20, 133, -12, 133, -20,  63, -23,
         -15,  22,  -3,  61,  27,  61,  -3,  22, -15,
          22, 126, 181, 142,  90, 142, 181, 126,  22,
          30,  -9,  49,  44, 114,  44,  49,  -9,  30,
          80,   0,  82,  77,  71,  77,  82,   0,  80,
           2, -16,   2,  46,  35,  46,   2, -16,   2,
         -14, -22,  42,  19,   0,  19,  42, -22, -14,
    ],
    [
         -18, -35,  -7,  22,  16,  22,  -7, -35, -18,
         -12, -36, -45, -22,  47, -22, -45, -36, -12,
         -30, -66, -39,   6,  40,   6, -39, -66, -30,
          -9,  -1,  49,  18,   2,  18,  49,  -1,  -9,
         -23, -53,   1, -12,  14, -12,   1, -53, -23,
         154, 190, 231, 216, 186, 216, 231, 190, 154,
         119, 164, 207, 214, 151, 214, 207, 164, 119,
          93, 153, 122, 182,  55, 182, 122, 153,  93,
          79, 106,  81, 138,  12, 138,  81, 106,  79,
          62, 157, 128, 176,   0, 176, 128, 157,  62,
    ],
    [
          62,  52, -43, -61,  -8, -61, -43,  52,  62,
           3, -75, -22, -32, -29, -32, -22, -75,   3,
          -7, -43,  -2, -41, -75, -41,  -2, -43,  -7,
          10, -11,  17, -25,  22, -25,  17, -11,  10,
           5, -21, -37, -23,  22, -23, -37, -21,   5,
         -30, -54,  -8, -37,  -9, -37,  -8, -54, -30,
          -5, -42,   1, -29,  31, -29,   1, -42,  -5,
          -3, -35,  32,   2,  38,   2,  32, -35,  -3,
          -1, -34,  54,  -6,  40,  -6,  54, -34,  -1,
         -27, -22,  22,  -5,  -6,  -5,  22, -22, -27,
    ],
    [
         -11,  -4, -12,  11,   2,  11, -12,  -4, -11,
         104,  79,  99, 219, 203, 219,  99,  79, 104,
          89, 143,  59, 159, 148, 159,  59, 143,  89,
          84, 138, 192, 198, 192, 198, 192, 138,  84,
          36, 102, 107, 121, 151, 121, 107, 102,  36,
         -23,   0,  31,   0,  26,   0,  31,   0, -23,
         -28,   0, -16,   0,  31,   0, -16,   0, -28,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
    ],
];
/// Piece-square bonuses (Red's view, rank 9 first) per kind, endgame.
#[rustfmt::skip]
pub const PST_EG: [[i16; 90]; 7] = [
    [
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0, -34, -26, -34,   0,   0,   0,
           0,   0,   0,  17,  29,  17,   0,   0,   0,
           0,   0,   0,  24, -10,  24,   0,   0,   0,
    ],
    [
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,-205,   0,-205,   0,   0,   0,
           0,   0,   0,   0,-160,   0,   0,   0,   0,
           0,   0,   0,-178,   0,-178,   0,   0,   0,
    ],
    [
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,-182,   0,   0,   0,-182,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
        -185,   0,   0,   0,-160,   0,   0,   0,-185,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,-171,   0,   0,   0,-171,   0,   0,
    ],
    [
         -33, -17,   0,  -4,  -1,  -4,   0, -17, -33,
         -11,  -9,  30,   6,   4,   6,  30,  -9, -11,
          16,  -2, -27, -51,  49, -51, -27,  -2,  16,
         -18,   8,   5, -12,  13, -12,   5,   8, -18,
         -22,   1,   2, -14,   2, -14,   2,   1, -22,
          11,   6,   8,  29,  28,  29,   8,   6,  11,
         -37,  35,  19,  24,  29,  24,  19,  35, -37,
         -48,   1, -18,  41,  12,  41, -18,   1, -48,
         -51, -25,  -8, -31, -55, -31,  -8, -25, -51,
         -17, -31,  -9, -43,  -3, -43,  -9, -31, -17,
    ],
    [
           7,   2,  10,  12,  11,  12,  10,   2,   7,
         -17, -10,  12,  24,  55,  24,  12, -10, -17,
          11, -12,   7,  29,  19,  29,   7, -12,  11,
          18,  25,  25,   5,  73,   5,  25,  25,  18,
           9,   9,  14,  -8,  23,  -8,  14,   9,   9,
          71,  86,  66,  59, 109,  59,  66,  86,  71,
         104,  95,  99,  77, 168,  77,  99,  95, 104,
          26,  37,  68,  17,  72,  17,  68,  37,  26,
          47,  56,  53,  60,  21,  60,  53,  56,  47,
          25,  42,  46,  25,  17,  25,  46,  42,  25,
    ],
    [
         -23, -24, -18,   0, -20,   0, -18, -24, -23,
          -6, -14, -39, -30,   6, -30, -39, -14,  -6,
         -23, -17, -35, -35, -35, -35, -35, -17, -23,
         -16, -24, -20, -32, -29, -32, -20, -24, -16,
          -6,  -2,  -4, -16,   9, -16,  -4,  -2,  -6,
           2,  -5, -16, -15,  -8, -15, -16,  -5,   2,
          -6,  -5, -10,  -8, -13,  -8, -10,  -5,  -6,
          23,  -1,  -4,  19,  26,  19,  -4,  -1,  23,
          -5,   4,  -8,  -3,  -5,  -3,  -8,   4,  -5,
         -12, -28,   0,  -4,  -7,  -4,   0, -28, -12,
    ],
    [
          15, -17, -55, -33, -35, -33, -55, -17,  15,
          81, 101,  68,  84, 203,  84,  68, 101,  81,
          83, 110,  90, 187, 114, 187,  90, 110,  83,
          90, 111, 119,  97, 120,  97, 119, 111,  90,
         102, 128, 124, 139, 128, 139, 124, 128, 102,
          71,   0,  54,   0,  68,   0,  54,   0,  71,
          65,   0,  35,   0,  64,   0,  35,   0,  65,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
    ],
];
