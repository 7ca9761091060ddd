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
pub const ROOK_MOB: S = S(9, 1);
/// Points a rook is expected to reach.
pub const ROOK_MOB_BASE: i32 = 6;
/// Horse mobility per move above `HORSE_MOB_BASE` (a hobbled horse, 蹩马腿, is weak).
pub const HORSE_MOB: S = S(18, -6);
/// Moves a horse is expected to have.
pub const HORSE_MOB_BASE: i32 = 4;
/// Cannon mobility per quiet point above `CANNON_MOB_BASE`.
pub const CANNON_MOB: S = S(1, 0);
/// Points a cannon is expected to reach.
pub const CANNON_MOB_BASE: i32 = 6;

/// Per missing advisor, per enemy horse (缺士怕马).
pub const MISSING_ADVISOR_VS_HORSE: S = S(77, -2);
/// Per missing elephant, per enemy cannon (缺相怕炮).
pub const MISSING_ELEPHANT_VS_CANNON: S = S(4, 21);
/// An enemy cannon facing our king on the central file with nothing between (空头炮).
pub const HOLLOW_CANNON: S = S(314, -72);
/// The same on a side file of the palace (the king has already stepped aside).
pub const HOLLOW_CANNON_SIDE: S = S(230, -41);
/// A central cannon whose two screens include our horse on the palace centre (炮镇窝心马).
pub const CANNON_ON_CENTRE_HORSE: S = S(504, 206);
/// An enemy cannon on our back rank with a clear line to the king at home (沉底炮).
pub const BOTTOM_CANNON: S = S(110, -76);
/// A missing advisor when the enemy still has both rooks (缺士怕双车).
pub const MISSING_ADVISOR_VS_ROOKS: S = S(-175, 512);
/// Per unit of enemy attack pressure (rook across the river 2, horse across 1, cannon 1, pawn
/// near the palace 1; capped at `ATTACK_PRESSURE_MAX`).
pub const ATTACK_PRESSURE: S = S(298, 57);
/// Cap on attack pressure units.
pub const ATTACK_PRESSURE_MAX: i32 = 8;
/// An enemy cannon on our king's file with exactly two screens (central cannon, 中炮).
pub const CENTRAL_CANNON: S = S(47, 61);
/// An enemy rook on our king's file with nothing of ours between (open file toward the king).
pub const ROOK_OPEN_KING_FILE: S = S(138, 90);
/// Attack units of enemy pieces that hit our palace: King, Advisor, Elephant, Horse, Rook,
/// Cannon, Pawn.
pub const PALACE_ATTACK_UNITS: [i32; 7] = [0, 0, 0, 20, 24, 16, 12];
/// Cap on palace danger (units × attackers, counted when at least two pieces attack).
pub const PALACE_ATTACK_MAX: i32 = 400;
/// Penalty per 64 units of palace danger.
pub const PALACE_DANGER: S = S(17, 25);

/// A rook, horse or cannon attacked and not defended, per piece (a rook counts twice).
/// Hand-set, not tuned.
pub const LOOSE_PIECE: S = S(86, 21);
/// A rook attacked by a horse, cannon or pawn. Hand-set, not tuned.
pub const ROOK_ATTACKED_BY_MINOR: S = S(30, -84);
/// A horse or cannon attacked by a pawn. Hand-set, not tuned.
pub const MINOR_ATTACKED_BY_PAWN: S = S(130, 32);
/// A horse or cannon with no safe point to go to (every point it can reach is attacked, unless
/// it takes a rook, horse or cannon there): once across the river, twice when attacked where
/// it stands. Hand-set, not tuned.
pub const TRAPPED_PIECE: S = S(31, 45);

/// When the side ahead has no piece able to cross the river and attack, divide its advantage by
/// this.
pub const NO_ATTACKER_DIVISOR: i32 = 8;

// The piece-square tables below, and the scalars above that `tune` moves, were first tuned on
// 1.38 M self-play positions labelled with the game result (`--lambda 1e-10 --epochs 800`,
// three rounds of data, from the hand-written tables), then retuned from those values on
// 255,566 self-play positions labelled with NewGG's depth-6 score by `tools/label.py`
// (`datagen --nodes 6000`, seeds 902, 911, 912; `tune --epochs 600 --lambda 1e-10 --keep
// TEMPO`: the teacher's search score credits the side to move with about 120 units, which
// `TEMPO` absorbs during tuning and does not keep). They hold the pawn's gain on crossing the
// river (more near the palace) on top of its material value, and are symmetric left-right.
// Texel-tuned: K = 0.003766; training loss 0.025157 -> 0.019837, held out 0.023299 -> 0.019607

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
           0,   0,   0,-352,-258,-352,   0,   0,   0,
           0,   0,   0, -39,  38, -39,   0,   0,   0,
           0,   0,   0,  99, 225,  99,   0,   0,   0,
    ],
    [
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,  50,   0,  50,   0,   0,   0,
           0,   0,   0,   0,  70,   0,   0,   0,   0,
           0,   0,   0,  55,   0,  55,   0,   0,   0,
    ],
    [
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0, 114,   0,   0,   0, 114,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
          89,   0,   0,   0, 183,   0,   0,   0,  89,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0, 115,   0,   0,   0, 115,   0,   0,
    ],
    [
         115, -13, 152,  66,  38,  66, 152, -13, 115,
          33, 105, 251, 130,  93, 130, 251, 105,  33,
         152, 153,  85, 273, 285, 273,  85, 153, 152,
         -28, 239,  22, 238,  -6, 238,  22, 239, -28,
         -11,  83,  85, 124,  88, 124,  85,  83, -11,
         187, 330, 445, 337, 312, 337, 445, 330, 187,
         204, 106, 254, 200, 334, 200, 254, 106, 204,
         249, 208, 267, 307, 240, 307, 267, 208, 249,
         184, 127, 134, 225, 191, 225, 134, 127, 184,
        -146, 138, 169, 209,   0, 209, 169, 138,-146,
    ],
    [
         -33, -58, -73, 112, 179, 112, -73, -58, -33,
         -72, -88, -53,  11, 143,  11, -53, -88, -72,
         -70, -77, -68,  30, 112,  30, -68, -77, -70,
         -20,   4,  71,  40, -18,  40,  71,   4, -20,
         -40, -54, -14,  -3,  21,  -3, -14, -54, -40,
         503, 570, 621, 606, 563, 606, 621, 570, 503,
         458, 515, 605, 589, 487, 589, 605, 515, 458,
         447, 520, 458, 536, 338, 536, 458, 520, 447,
         408, 454, 421, 473, 163, 473, 421, 454, 408,
         396, 514, 490, 579,  22, 579, 490, 514, 396,
    ],
    [
         127,  84, -79,-171,-109,-171, -79,  84, 127,
          -2, -48,   1, -51,-279, -51,   1, -48,  -2,
          -8, -34, -27, -36,-275, -36, -27, -34,  -8,
          43,  -3,  35, -25,  53, -25,  35,  -3,  43,
          -1, -54, -40, -23,  70, -23, -40, -54,  -1,
          -8, -47,  33, -21,  35, -21,  33, -47,  -8,
         -81, -42,  21,  17,   1,  17,  21, -42, -81,
          10, -42,  54,  36,  63,  36,  54, -42,  10,
          32, -15,  70,  22, 107,  22,  70, -15,  32,
        -126, -76,  55, -26, -79, -26,  55, -76,-126,
    ],
    [
         -50, -18,-117,  28,  52,  28,-117, -18, -50,
         190,  43,  74, 365, 531, 365,  74,  43, 190,
          84, 233,  13, 116, 204, 116,  13, 233,  84,
         114, 197, 251, 258, 291, 258, 251, 197, 114,
          73, 107, 128, 182, 209, 182, 128, 107,  73,
           1,   0,  47,   0,  42,   0,  47,   0,   1,
         -12,   0, -16,   0,  51,   0, -16,   0, -12,
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
           0,   0,   0,  20, -12,  20,   0,   0,   0,
           0,   0,   0,  18,   6,  18,   0,   0,   0,
           0,   0,   0,  14, -40,  14,   0,   0,   0,
    ],
    [
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,-175,   0,-175,   0,   0,   0,
           0,   0,   0,   0,-146,   0,   0,   0,   0,
           0,   0,   0,-163,   0,-163,   0,   0,   0,
    ],
    [
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,-214,   0,   0,   0,-214,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
        -215,   0,   0,   0,-208,   0,   0,   0,-215,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,-194,   0,   0,   0,-194,   0,   0,
    ],
    [
        -144, -41, -87, -82, -32, -82, -87, -41,-144,
        -102, -82, -74, -96, -22, -96, -74, -82,-102,
         -62,-112, -64,-114, -70,-114, -64,-112, -62,
         -58,-130, -37, -89,  -7, -89, -37,-130, -58,
         -63, -77, -58, -64, -48, -64, -58, -77, -63,
          34,  -2, -25,  29,  35,  29, -25,  -2,  34,
          21,  43,  -6,  31,   8,  31,  -6,  43,  21,
         -53,  -1, -15, -21,  -3, -21, -15,  -1, -53,
        -126,   0,  28, -82, -45, -82,  28,   0,-126,
        -173, -63,  21, -36, -38, -36,  21, -63,-173,
    ],
    [
          76, 131, 146,  55, -23,  55, 146, 131,  76,
         113, 168, 136, 121, 140, 121, 136, 168, 113,
         120, 118, 134, 125,  71, 125, 134, 118, 120,
         129, 137, 134, 106, 178, 106, 134, 137, 129,
         129, 153, 167, 101, 127, 101, 167, 153, 129,
         251, 247, 235, 194, 271, 194, 235, 247, 251,
         275, 275, 271, 226, 379, 226, 271, 275, 275,
         224, 209, 296, 198, 318, 198, 296, 209, 224,
         222, 244, 262, 253, 182, 253, 262, 244, 222,
         199, 203, 201, 156, 175, 156, 201, 203, 199,
    ],
    [
         -84, -83, -60,   7,-182,   7, -60, -83, -84,
         -36, -51, -70, -46, -39, -46, -70, -51, -36,
         -48, -31, -53,-143,   5,-143, -53, -31, -48,
         -65, -48, -64, -52, -74, -52, -64, -48, -65,
         -39, -43, -22, -57, -67, -57, -22, -43, -39,
         -38, -33, -59, -41, -31, -41, -59, -33, -38,
         -13, -19, -22, -42, -22, -42, -22, -19, -13,
         -33, -37, -52, -22, -36, -22, -52, -37, -33,
         -38, -52, -59, -46, -98, -46, -59, -52, -38,
         -64, -57, -62,  -1, -61,  -1, -62, -57, -64,
    ],
    [
          54,  38, -61, -91, -84, -91, -61,  38,  54,
           2, 159,  -4, -59,  60, -59,  -4, 159,   2,
          62,  76,  26, 203,  70, 203,  26,  76,  62,
          42,  78,  87,  85,  93,  85,  87,  78,  42,
          71, 115, 128, 121, 115, 121, 128, 115,  71,
          62,   0,  59,   0, 113,   0,  59,   0,  62,
          61,   0,  44,   0,  54,   0,  44,   0,  61,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
    ],
];
