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
pub const TEMPO: S = S(21, -4);

/// Rook mobility per reachable point above `ROOK_MOB_BASE`.
pub const ROOK_MOB: S = S(12, 8);
/// Points a rook is expected to reach.
pub const ROOK_MOB_BASE: i32 = 6;
/// Horse mobility per move above `HORSE_MOB_BASE` (a hobbled horse, 蹩马腿, is weak).
pub const HORSE_MOB: S = S(43, -8);
/// Moves a horse is expected to have.
pub const HORSE_MOB_BASE: i32 = 4;
/// Cannon mobility per quiet point above `CANNON_MOB_BASE`.
pub const CANNON_MOB: S = S(1, -4);
/// Points a cannon is expected to reach.
pub const CANNON_MOB_BASE: i32 = 6;

/// Per missing advisor, per enemy horse (缺士怕马).
pub const MISSING_ADVISOR_VS_HORSE: S = S(190, -42);
/// Per missing elephant, per enemy cannon (缺相怕炮).
pub const MISSING_ELEPHANT_VS_CANNON: S = S(46, -42);
/// An enemy cannon facing our king on the central file with nothing between (空头炮).
pub const HOLLOW_CANNON: S = S(452, -149);
/// The same on a side file of the palace (the king has already stepped aside).
pub const HOLLOW_CANNON_SIDE: S = S(199, -2);
/// A central cannon whose only screen is our horse on the palace centre (炮镇窝心马).
pub const CANNON_ON_CENTRE_HORSE: S = S(130, 70);
/// An enemy cannon on our back rank with a clear line to the king at home (沉底炮).
pub const BOTTOM_CANNON: S = S(188, -6);
/// A missing advisor when the enemy still has both rooks (缺士怕双车).
pub const MISSING_ADVISOR_VS_ROOKS: S = S(116, 377);
/// Per unit of enemy attack pressure (rook across the river 2, horse across 1, cannon 1, pawn
/// near the palace 1; capped at `ATTACK_PRESSURE_MAX`).
pub const ATTACK_PRESSURE: S = S(200, 97);
/// Cap on attack pressure units.
pub const ATTACK_PRESSURE_MAX: i32 = 8;
/// An enemy cannon on our king's file with exactly one screen (central cannon, 中炮).
pub const CENTRAL_CANNON: S = S(20, 8);
/// An enemy rook on our king's file with nothing of ours between (open file toward the king).
pub const ROOK_OPEN_KING_FILE: S = S(230, 185);
/// Attack units of enemy pieces that hit our palace: King, Advisor, Elephant, Horse, Rook,
/// Cannon, Pawn.
pub const PALACE_ATTACK_UNITS: [i32; 7] = [0, 0, 0, 20, 24, 16, 12];
/// Cap on palace danger (units × attackers, counted when at least two pieces attack).
pub const PALACE_ATTACK_MAX: i32 = 400;
/// Penalty per 64 units of palace danger.
pub const PALACE_DANGER: S = S(41, 40);

/// When the side ahead has no piece able to cross the river and attack, divide its advantage by
/// this.
pub const NO_ATTACKER_DIVISOR: i32 = 8;

// The piece-square tables below come from `cargo run --release --example tune` (Texel tuning on
// self-play positions; see the example's docs), starting from hand-written tables. They hold
// the pawn's worth across the river (1 -> about 2, less again on the last rank) on top of its
// material value, and are symmetric left-right.
// Texel-tuned: K = 0.001893; training loss 0.076217 -> 0.064641, held out 0.076249 -> 0.064790

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
           0,   0,   0,-317,-249,-317,   0,   0,   0,
           0,   0,   0,-122, -36,-122,   0,   0,   0,
           0,   0,   0,  67, 132,  67,   0,   0,   0,
    ],
    [
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0, -33,   0, -33,   0,   0,   0,
           0,   0,   0,   0,  49,   0,   0,   0,   0,
           0,   0,   0, -69,   0, -69,   0,   0,   0,
    ],
    [
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,  -6,   0,   0,   0,  -6,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
         -34,   0,   0,   0, 112,   0,   0,   0, -34,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   7,   0,   0,   0,   7,   0,   0,
    ],
    [
         248,  86, 147,-118, 259,-118, 147,  86, 248,
        -228,  75, 345,  93, 100,  93, 345,  75,-228,
         158, 212, -28, 302, 225, 302, -28, 212, 158,
        -128, 143, -38, 168,   8, 168, -38, 143,-128,
          64, 180, 291,  83, 188,  83, 291, 180,  64,
         329,  94, 345, 149,  95, 149, 345,  94, 329,
         277,-135, 119,  23, 209,  23, 119,-135, 277,
         108,  40,  89,  96, 233,  96,  89,  40, 108,
         149, 169,-137,  98,   3,  98,-137, 169, 149,
        -327, -17, 171,  95,-373,  95, 171, -17,-327,
    ],
    [
         -18,  73, 138,  15, 325,  15, 138,  73, -18,
          19,  51,  13,  70, 282,  70,  13,  51,  19,
         126,  13, 148,  69, 232,  69, 148,  13, 126,
          30,  32, 138, 148,  65, 148, 138,  32,  30,
        -173,   9,  85,  69,  18,  69,  85,   9,-173,
         453, 364, 443, 425, 441, 425, 443, 364, 453,
         407, 373, 418, 453, 417, 453, 418, 373, 407,
         373, 328, 437, 465, 382, 465, 437, 328, 373,
         315, 283, 297, 370, 112, 370, 297, 283, 315,
         272, 370, 342, 394,-342, 394, 342, 370, 272,
    ],
    [
         -20, 141,  23,-273,  70,-273,  23, 141, -20,
          34, -37, -15,-134,-436,-134, -15, -37,  34,
         -61, -39, 112,-256,-349,-256, 112, -39, -61,
          43,  25,  14, -32, 187, -32,  14,  25,  43,
         -45, 166,  57,  66, 144,  66,  57, 166, -45,
           8,  49,  34,  69,  95,  69,  34,  49,   8,
         -61, -20,-171,  35, -67,  35,-171, -20, -61,
          -3,  12,  48,  39,  83,  39,  48,  12,  -3,
        -104, -81, 167, -30,  40, -30, 167, -81,-104,
         -42, -64, 313, -99,-353, -99, 313, -64, -42,
    ],
    [
        -227,-364,  16,  75, -24,  75,  16,-364,-227,
         265, -47, 289, 483, 557, 483, 289, -47, 265,
         179,  92, 200, 237, 437, 237, 200,  92, 179,
           9, 275, 285, 239, 145, 239, 285, 275,   9,
          60, 212, 197, 231, 148, 231, 197, 212,  60,
          54,   0,  67,   0,  36,   0,  67,   0,  54,
          45,   0, -32,   0,  52,   0, -32,   0,  45,
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
           0,   0,   0,   6, -29,   6,   0,   0,   0,
           0,   0,   0,  60,  18,  60,   0,   0,   0,
           0,   0,   0,  -6, -42,  -6,   0,   0,   0,
    ],
    [
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,-159,   0,-159,   0,   0,   0,
           0,   0,   0,   0,-163,   0,   0,   0,   0,
           0,   0,   0,-130,   0,-130,   0,   0,   0,
    ],
    [
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,-162,   0,   0,   0,-162,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
        -149,   0,   0,   0,-193,   0,   0,   0,-149,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,-155,   0,   0,   0,-155,   0,   0,
    ],
    [
         -66, -51, -78, -82,-259, -82, -78, -51, -66,
         -54, -46,-121,-134,-263,-134,-121, -46, -54,
          10,-158,   3,-104, -95,-104,   3,-158,  10,
         -77, -87, -29,-115,  27,-115, -29, -87, -77,
        -117, -97,-117, -58,-115, -58,-117, -97,-117,
        -136, 112,   3, 145,  89, 145,   3, 112,-136,
          61, 145,  37, 105,  84, 105,  37, 145,  61,
          21,  28,  62,  68, -84,  68,  62,  28,  21,
           5,  16, 119, -74,   2, -74, 119,  16,   5,
          32, 103, -20, 117, -64, 117, -20, 103,  32,
    ],
    [
          96,  68, 107, 130, 189, 130, 107,  68,  96,
         176, 129, 180, 145, 234, 145, 180, 129, 176,
         137, 148, 113, 177, 181, 177, 113, 148, 137,
         196, 189, 166, 113, 195, 113, 166, 189, 196,
         259, 181, 144, 155, 259, 155, 144, 181, 259,
         347, 376, 347, 372, 362, 372, 347, 376, 347,
         359, 390, 384, 378, 414, 378, 384, 390, 359,
         314, 327, 271, 323, 335, 323, 271, 327, 314,
         407, 454, 374, 393,  10, 393, 374, 454, 407,
         350, 375, 351, 296, 567, 296, 351, 375, 350,
    ],
    [
         -27,-125, -27,  81,-296,  81, -27,-125, -27,
         -44,-112,-145,-126, 111,-126,-145,-112, -44,
          -4, -37,-166,  43, 139,  43,-166, -37,  -4,
         -63, -50,  10, -64,-113, -64,  10, -50, -63,
          -9, -90,-117,-117,-135,-117,-117, -90,  -9,
         -64, -61,-114, -99, -79, -99,-114, -61, -64,
         -17, -58, -37, -63, -83, -63, -37, -58, -17,
          27,  21,  22, -68, -52, -68,  22,  21,  27,
          21,  16,-162, -21,-202, -21,-162,  16,  21,
         -41, -41,-324,-100, -68,-100,-324, -41, -41,
    ],
    [
         -41,  23,-119,-178,-194,-178,-119,  23, -41,
         183, 248, -10, -90,  75, -90, -10, 248, 183,
          65, 104,  14, 139,  13, 139,  14, 104,  65,
         131, 109, 143, 102, 135, 102, 143, 109, 131,
         167, 115, 145,  74,  95,  74, 145, 115, 167,
          56,   0,  17,   0, 133,   0,  17,   0,  56,
          83,   0,  83,   0, 113,   0,  83,   0,  83,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
    ],
];
