//! Every evaluation weight in one place, so that they can be tuned later.
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
pub const TEMPO: S = S(24, -4);

/// Rook mobility per reachable point above `ROOK_MOB_BASE`.
pub const ROOK_MOB: S = S(13, -2);
/// Points a rook is expected to reach.
pub const ROOK_MOB_BASE: i32 = 6;
/// Horse mobility per move above `HORSE_MOB_BASE` (a hobbled horse, 蹩马腿, is weak).
pub const HORSE_MOB: S = S(42, -9);
/// Moves a horse is expected to have.
pub const HORSE_MOB_BASE: i32 = 4;
/// Cannon mobility per quiet point above `CANNON_MOB_BASE`.
pub const CANNON_MOB: S = S(4, -2);
/// Points a cannon is expected to reach.
pub const CANNON_MOB_BASE: i32 = 6;

/// Per missing advisor, per enemy horse (缺士怕马).
pub const MISSING_ADVISOR_VS_HORSE: S = S(174, -5);
/// Per missing elephant, per enemy cannon (缺相怕炮).
pub const MISSING_ELEPHANT_VS_CANNON: S = S(-18, -35);
/// An enemy cannon facing our king on the central file with nothing between (空头炮).
pub const HOLLOW_CANNON: S = S(474, -197);
/// The same on a side file of the palace (the king has already stepped aside).
pub const HOLLOW_CANNON_SIDE: S = S(234, -11);
/// A central cannon whose only screen is our horse on the palace centre (炮镇窝心马).
pub const CANNON_ON_CENTRE_HORSE: S = S(130, 70);
/// An enemy cannon on our back rank with a clear line to the king at home (沉底炮).
pub const BOTTOM_CANNON: S = S(169, -11);
/// A missing advisor when the enemy still has both rooks (缺士怕双车).
pub const MISSING_ADVISOR_VS_ROOKS: S = S(-162, 820);
/// Per unit of enemy attack pressure (rook across the river 2, horse across 1, cannon 1, pawn
/// near the palace 1; capped at `ATTACK_PRESSURE_MAX`).
pub const ATTACK_PRESSURE: S = S(376, 66);
/// Cap on attack pressure units.
pub const ATTACK_PRESSURE_MAX: i32 = 8;
/// An enemy cannon on our king's file with exactly one screen (central cannon, 中炮).
pub const CENTRAL_CANNON: S = S(20, 8);
/// An enemy rook on our king's file with nothing of ours between (open file toward the king).
pub const ROOK_OPEN_KING_FILE: S = S(186, 204);
/// Attack units of enemy pieces that hit our palace: King, Advisor, Elephant, Horse, Rook,
/// Cannon, Pawn.
pub const PALACE_ATTACK_UNITS: [i32; 7] = [0, 0, 0, 20, 24, 16, 12];
/// Cap on palace danger (units × attackers, counted when at least two pieces attack).
pub const PALACE_ATTACK_MAX: i32 = 400;
/// Penalty per 64 units of palace danger.
pub const PALACE_DANGER: S = S(36, 50);

/// When the side ahead has no piece able to cross the river and attack, divide its advantage by
/// this.
pub const NO_ATTACKER_DIVISOR: i32 = 8;

// The piece-square tables below come from `cargo run --release --example tune` (Texel tuning on
// self-play positions; see the example's docs), starting from hand-written tables. They hold
// the pawn's worth across the river (1 -> about 2, less again on the last rank) on top of its
// material value, and are symmetric left-right.
// Texel-tuned: K = 0.001893; training loss 0.076217 -> 0.064641, held out 0.076249 -> 0.064790

// The piece-square tables below come from `cargo run --release --example tune` (Texel tuning on
// self-play positions; see the example's docs), starting from hand-written tables. They hold
// the pawn's worth across the river (1 -> about 2, less again on the last rank) on top of its
// material value, and are symmetric left-right.
// Texel-tuned: K = 0.002035; training loss 0.074453 -> 0.072096, held out 0.073189 -> 0.072073

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
           0,   0,   0,-442,-258,-442,   0,   0,   0,
           0,   0,   0, -57,  41, -57,   0,   0,   0,
           0,   0,   0, 109, 172, 109,   0,   0,   0,
    ],
    [
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0, -44,   0, -44,   0,   0,   0,
           0,   0,   0,   0, 104,   0,   0,   0,   0,
           0,   0,   0, -26,   0, -26,   0,   0,   0,
    ],
    [
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0, 128,   0,   0,   0, 128,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
         142,   0,   0,   0, 293,   0,   0,   0, 142,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0, 190,   0,   0,   0, 190,   0,   0,
    ],
    [
         417,  33, -87, 208, 656, 208, -87,  33, 417,
        -186,  80, 304, 193, 409, 193, 304,  80,-186,
         119,  72,  75, 478, 352, 478,  75,  72, 119,
         -24, 427,   3, 256, -28, 256,   3, 427, -24,
         124, 164,  88, 167, 188, 167,  88, 164, 124,
         506, 356, 663, 399, 380, 399, 663, 356, 506,
         292, 104, 366, 285, 451, 285, 366, 104, 292,
         335, 292, 326, 352, 271, 352, 326, 292, 335,
         312, 388,  81, 291, 264, 291,  81, 388, 312,
        -639, 190, 360, 269,-767, 269, 360, 190,-639,
    ],
    [
         -19,  35,  -1, 181, 369, 181,  -1,  35, -19,
         -20,   4,  -5,  33, 211,  33,  -5,   4, -20,
          97,   2,  57,  29, 211,  29,  57,   2,  97,
          47,  16,  73,  69,  -1,  69,  73,  16,  47,
         -68, -43,  38,  35,  26,  35,  38, -43, -68,
         626, 731, 806, 757, 768, 757, 806, 731, 626,
         774, 693, 803, 807, 794, 807, 803, 693, 774,
         695, 716, 827, 792, 546, 792, 827, 716, 695,
         639, 654, 639, 678, 434, 678, 639, 654, 639,
         600, 715, 712, 761,-722, 761, 712, 715, 600,
    ],
    [
          84, 146, -24,-215, -25,-215, -24, 146,  84,
         215,  36, 136, -87,-573, -87, 136,  36, 215,
          30, -64, 113,-217,-286,-217, 113, -64,  30,
          86,  24,  67, -39, 175, -39,  67,  24,  86,
          -0,  19,  42,  39, 168,  39,  42,  19,  -0,
          54,   7,  99,  29,  75,  29,  99,   7,  54,
           8, -19,   3,  73, -36,  73,   3, -19,   8,
          53, -10,  96,  73, 101,  73,  96, -10,  53,
         -68, -14, 183,  11,  92,  11, 183, -14, -68,
        -206, -64, 153,-174,-588,-174, 153, -64,-206,
    ],
    [
         168, -20,-281, 139,  12, 139,-281, -20, 168,
         186, -37, 281, 517, 999, 517, 281, -37, 186,
         246, 349,  77, 109, 357, 109,  77, 349, 246,
           3, 205, 315, 269, 241, 269, 315, 205,   3,
          48, 163, 157, 235, 116, 235, 157, 163,  48,
         -27,   0,  67,   0,  42,   0,  67,   0, -27,
         -28,   0, -37,   0,  68,   0, -37,   0, -28,
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
           0,   0,   0,  53, -22,  53,   0,   0,   0,
           0,   0,   0,  26,  -7,  26,   0,   0,   0,
           0,   0,   0, -24, -49, -24,   0,   0,   0,
    ],
    [
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,-179,   0,-179,   0,   0,   0,
           0,   0,   0,   0,-200,   0,   0,   0,   0,
           0,   0,   0,-171,   0,-171,   0,   0,   0,
    ],
    [
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,-233,   0,   0,   0,-233,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
        -214,   0,   0,   0,-255,   0,   0,   0,-214,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,-214,   0,   0,   0,-214,   0,   0,
    ],
    [
        -336,-250,  39,-150,-470,-150,  39,-250,-336,
        -137,-140,-203,-184,-373,-184,-203,-140,-137,
         -91,-192,-142,-189,-161,-189,-142,-192, -91,
        -146,-225,-144,-206, -99,-206,-144,-225,-146,
        -217,-176,-110,-157,-204,-157,-110,-176,-217,
        -180, -14,-151, -26, -42, -26,-151, -14,-180,
          12, -56, -62, -38, -59, -38, -62, -56,  12,
        -124,-162, -93, -63, -52, -63, -93,-162,-124,
        -138,-226,  -8,-121,-159,-121,  -8,-226,-138,
         322, -38,-228, -33, 173, -33,-228, -38, 322,
    ],
    [
         286, 279, 324, 287,  62, 287, 324, 279, 286,
         322, 304, 342, 363, 259, 363, 342, 304, 322,
         336, 355, 358, 420, 363, 420, 358, 355, 336,
         374, 408, 407, 359, 425, 359, 407, 408, 374,
         428, 412, 376, 355, 430, 355, 376, 412, 428,
         553, 531, 470, 514, 506, 514, 470, 531, 553,
         523, 556, 524, 480, 561, 480, 524, 556, 523,
         422, 453, 380, 408, 515, 408, 380, 453, 422,
         532, 580, 508, 564, 341, 564, 508, 580, 532,
         510, 506, 448, 437,1038, 437, 448, 506, 510,
    ],
    [
        -173,-231,-145, -44,-350, -44,-145,-231,-173,
        -219,-172,-257,-266, 162,-266,-257,-172,-219,
        -144,-144,-225, -19,  49, -19,-225,-144,-144,
        -189,-155,-162,-166,-205,-166,-162,-155,-189,
        -143,-188,-103,-191,-238,-191,-103,-188,-143,
        -186,-140,-232,-166,-162,-166,-232,-140,-186,
        -144,-189,-208,-190,-137,-190,-208,-189,-144,
        -164,-116,-229,-194,-140,-194,-229,-116,-164,
         -96,-137,-207,-119,-244,-119,-207,-137, -96,
        -119,-217,-329,-143, -73,-143,-329,-217,-119,
    ],
    [
        -117,  11,-191,-215,-248,-215,-191,  11,-117,
         -23,  64, -69,-118, -15,-118, -69,  64, -23,
          75,  15, -10, 171,  19, 171, -10,  15,  75,
          95, 103,  88,  56,  75,  56,  88, 103,  95,
         124,  96, 157, 104, 105, 104, 157,  96, 124,
          80,   0,   6,   0, 159,   0,   6,   0,  80,
          98,   0,  85,   0,  75,   0,  85,   0,  98,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
    ],
];
