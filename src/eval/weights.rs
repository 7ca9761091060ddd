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
pub const ROOK_MOB: S = S(11, 9);
/// Points a rook is expected to reach.
pub const ROOK_MOB_BASE: i32 = 6;
/// Horse mobility per move above `HORSE_MOB_BASE` (a hobbled horse, 蹩马腿, is weak).
pub const HORSE_MOB: S = S(34, -10);
/// Moves a horse is expected to have.
pub const HORSE_MOB_BASE: i32 = 4;
/// Cannon mobility per quiet point above `CANNON_MOB_BASE`.
pub const CANNON_MOB: S = S(3, -5);
/// Points a cannon is expected to reach.
pub const CANNON_MOB_BASE: i32 = 6;

/// Per missing advisor, per enemy horse (缺士怕马).
pub const MISSING_ADVISOR_VS_HORSE: S = S(138, -26);
/// Per missing elephant, per enemy cannon (缺相怕炮).
pub const MISSING_ELEPHANT_VS_CANNON: S = S(6, -40);
/// An enemy cannon facing our king on the central file with nothing between (空头炮).
pub const HOLLOW_CANNON: S = S(360, -132);
/// The same on a side file of the palace (the king has already stepped aside).
pub const HOLLOW_CANNON_SIDE: S = S(155, 17);
/// A central cannon whose only screen is our horse on the palace centre (炮镇窝心马).
pub const CANNON_ON_CENTRE_HORSE: S = S(130, 70);
/// An enemy cannon on our back rank with a clear line to the king at home (沉底炮).
pub const BOTTOM_CANNON: S = S(137, 2);
/// A missing advisor when the enemy still has both rooks (缺士怕双车).
pub const MISSING_ADVISOR_VS_ROOKS: S = S(-65, 561);
/// Per unit of enemy attack pressure (rook across the river 2, horse across 1, cannon 1, pawn
/// near the palace 1; capped at `ATTACK_PRESSURE_MAX`).
pub const ATTACK_PRESSURE: S = S(241, 39);
/// Cap on attack pressure units.
pub const ATTACK_PRESSURE_MAX: i32 = 8;
/// An enemy cannon on our king's file with exactly one screen (central cannon, 中炮).
pub const CENTRAL_CANNON: S = S(20, 8);
/// An enemy rook on our king's file with nothing of ours between (open file toward the king).
pub const ROOK_OPEN_KING_FILE: S = S(148, 135);
/// Attack units of enemy pieces that hit our palace: King, Advisor, Elephant, Horse, Rook,
/// Cannon, Pawn.
pub const PALACE_ATTACK_UNITS: [i32; 7] = [0, 0, 0, 20, 24, 16, 12];
/// Cap on palace danger (units × attackers, counted when at least two pieces attack).
pub const PALACE_ATTACK_MAX: i32 = 400;
/// Penalty per 64 units of palace danger.
pub const PALACE_DANGER: S = S(38, 61);

/// When the side ahead has no piece able to cross the river and attack, divide its advantage by
/// this.
pub const NO_ATTACKER_DIVISOR: i32 = 8;

// The piece-square tables below come from `cargo run --release --example tune` with
// LAMBDA=1e-10 EPOCHS=800 on 1.38 M self-play positions (three rounds of data), starting from the
// hand-written tables and pulled gently back toward them, so that rarely seen points keep
// sensible values. They hold the pawn's gain on crossing the river (more near the palace) on top
// of its material value, and are symmetric left-right.
// Texel-tuned: K = 0.002017; training loss 0.087595 -> 0.075548, held out 0.088701 -> 0.076910

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
           0,   0,   0,-332,-180,-332,   0,   0,   0,
           0,   0,   0, -53,  11, -53,   0,   0,   0,
           0,   0,   0, 125, 196, 125,   0,   0,   0,
    ],
    [
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0, -41,   0, -41,   0,   0,   0,
           0,   0,   0,   0,  79,   0,   0,   0,   0,
           0,   0,   0, -32,   0, -32,   0,   0,   0,
    ],
    [
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,  34,   0,   0,   0,  34,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
          43,   0,   0,   0, 202,   0,   0,   0,  43,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,  88,   0,   0,   0,  88,   0,   0,
    ],
    [
         151, -65,  20,  58,  34,  58,  20, -65, 151,
         -33, -26, 214,  68,  60,  68, 214, -26, -33,
          99,  26,  -7, 232, 210, 232,  -7,  26,  99,
         -18, 300, -25, 226, -47, 226, -25, 300, -18,
          33,  74, -13,  80, 109,  80, -13,  74,  33,
         116, 195, 435, 232, 196, 232, 435, 195, 116,
         120, -24, 193,  75, 246,  75, 193, -24, 120,
         144, 108, 146, 205, 124, 205, 146, 108, 144,
         121, 117, -13, 127,  66, 127, -13, 117, 121,
        -146,  10, 124,  90, -51,  90, 124,  10,-146,
    ],
    [
         -35, -26, -34,  34, 166,  34, -34, -26, -35,
         -17, -56, -48, -40, 104, -40, -48, -56, -17,
          36, -71,   9, -71, 117, -71,   9, -71,  36,
          -4,  -8,  26, -10, -42, -10,  26,  -8,  -4,
         -82, -78,   9, -42, -34, -42,   9, -78, -82,
         313, 416, 515, 422, 378, 422, 515, 416, 313,
         392, 372, 438, 412, 348, 412, 438, 372, 392,
         373, 405, 401, 444, 170, 444, 401, 405, 373,
         321, 303, 281, 345,  74, 345, 281, 303, 321,
         289, 386, 370, 447,  13, 447, 370, 386, 289,
    ],
    [
          64,  77, -79,-148, -71,-148, -79,  77,  64,
          68, -17,  20, -93,-111, -93,  20, -17,  68,
           6, -85,  42,-110,-140,-110,  42, -85,   6,
          57,  -1,  65, -38, 114, -38,  65,  -1,  57,
         -28, -18,  -6,   8, 128,   8,  -6, -18, -28,
         -36, -49,  26, -28,  44, -28,  26, -49, -36,
         -83, -32,  15,  39, -31,  39,  15, -32, -83,
          30, -38,  56,  60,  77,  60,  56, -38,  30,
         -64, -49,  88,  36,  90,  36,  88, -49, -64,
        -120, -87,  76,-132, -93,-132,  76, -87,-120,
    ],
    [
           2, 138, -76,  65,  18,  65, -76, 138,   2,
         130, 156, 271, 488, 378, 488, 271, 156, 130,
          64, 181, 206, 229, 235, 229, 206, 181,  64,
           7, 139, 290, 228, 215, 228, 290, 139,   7,
         -11, 113, 159, 205, 101, 205, 159, 113, -11,
         -55,   0,  42,   0,  42,   0,  42,   0, -55,
         -39,   0, -55,   0,  68,   0, -55,   0, -39,
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
           0,   0,   0,  46, -40,  46,   0,   0,   0,
           0,   0,   0,  30,   9,  30,   0,   0,   0,
           0,   0,   0,  -7, -41,  -7,   0,   0,   0,
    ],
    [
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,-173,   0,-173,   0,   0,   0,
           0,   0,   0,   0,-173,   0,   0,   0,   0,
           0,   0,   0,-162,   0,-162,   0,   0,   0,
    ],
    [
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,-202,   0,   0,   0,-202,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
        -195,   0,   0,   0,-223,   0,   0,   0,-195,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,-184,   0,   0,   0,-184,   0,   0,
    ],
    [
         -82,-118,  46,  17,  -5,  17,  46,-118, -82,
         -81,   2, -79, -43, -84, -43, -79,   2, -81,
          11, -70, -36,  -9,  -8,  -9, -36, -70,  11,
         -59,-104, -25, -95,  -8, -95, -25,-104, -59,
         -91, -52,   8, -42, -66, -42,   8, -52, -91,
           0,  54, -35,  49,  49,  49, -35,  54,   0,
          47,  -2,  14,  51,  29,  51,  14,  -2,  47,
         -13, -36,   1, -11,   7, -11,   1, -36, -13,
         -93, -53, -15, -66, -56, -66, -15, -53, -93,
        -176,  39, -67,   9, -85,   9, -67,  39,-176,
    ],
    [
          71,  71, 119, 100, -51, 100, 119,  71,  71,
         103,  96, 138, 155, 113, 155, 138,  96, 103,
         134, 125, 128, 213, 150, 213, 128, 125, 134,
         144, 144, 164, 129, 203, 129, 164, 144, 144,
         167, 157, 136, 127, 214, 127, 136, 157, 167,
         250, 215, 168, 219, 260, 219, 168, 215, 250,
         230, 255, 259, 234, 349, 234, 259, 255, 230,
         164, 137, 164, 135, 195, 135, 164, 137, 164,
         233, 272, 259, 249,  58, 249, 259, 272, 233,
         268, 207, 167, 112, 126, 112, 167, 207, 268,
    ],
    [
         -97,-119, -60, -27,-141, -27, -60,-119, -97,
         -69, -59,-117,-141, -37,-141,-117, -59, -69,
         -50, -20, -99, -91,  17, -91, -99, -20, -50,
         -76, -57,-110, -74, -87, -74,-110, -57, -76,
         -50, -70,  11, -84,-115, -84,  11, -70, -50,
         -39,  -9, -98, -56, -69, -56, -98,  -9, -39,
         -34, -62, -85, -89, -53, -89, -85, -62, -34,
         -72, -12,-144,-107, -80,-107,-144, -12, -72,
          -5, -35, -78, -70,-125, -70, -78, -35,  -5,
         -58,-108,-199, -74, -88, -74,-199,-108, -58,
    ],
    [
         -12,  20,-150,-124,-183,-124,-150,  20, -12,
         -13,  43,  -3, -52, 136, -52,  -3,  43, -13,
         110,  92,  -2, 204, 101, 204,  -2,  92, 110,
         107, 161,  98,  70,  82,  70,  98, 161, 107,
         143, 125, 150, 126, 117, 126, 150, 125, 143,
          98,   0,  27,   0, 131,   0,  27,   0,  98,
         101,   0,  89,   0,  63,   0,  89,   0, 101,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
    ],
];
