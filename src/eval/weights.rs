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
pub const MISSING_ELEPHANT_VS_CANNON: S = S(5, -39);
/// An enemy cannon facing our king on the central file with nothing between (空头炮).
pub const HOLLOW_CANNON: S = S(394, -130);
/// The same on a side file of the palace (the king has already stepped aside).
pub const HOLLOW_CANNON_SIDE: S = S(154, 18);
/// A central cannon whose two screens include our horse on the palace centre (炮镇窝心马).
pub const CANNON_ON_CENTRE_HORSE: S = S(282, 129);
/// An enemy cannon on our back rank with a clear line to the king at home (沉底炮).
pub const BOTTOM_CANNON: S = S(137, 3);
/// A missing advisor when the enemy still has both rooks (缺士怕双车).
pub const MISSING_ADVISOR_VS_ROOKS: S = S(-66, 561);
/// Per unit of enemy attack pressure (rook across the river 2, horse across 1, cannon 1, pawn
/// near the palace 1; capped at `ATTACK_PRESSURE_MAX`).
pub const ATTACK_PRESSURE: S = S(240, 38);
/// Cap on attack pressure units.
pub const ATTACK_PRESSURE_MAX: i32 = 8;
/// An enemy cannon on our king's file with exactly two screens (central cannon, 中炮).
pub const CENTRAL_CANNON: S = S(22, 32);
/// An enemy rook on our king's file with nothing of ours between (open file toward the king).
pub const ROOK_OPEN_KING_FILE: S = S(149, 135);
/// Attack units of enemy pieces that hit our palace: King, Advisor, Elephant, Horse, Rook,
/// Cannon, Pawn.
pub const PALACE_ATTACK_UNITS: [i32; 7] = [0, 0, 0, 20, 24, 16, 12];
/// Cap on palace danger (units × attackers, counted when at least two pieces attack).
pub const PALACE_ATTACK_MAX: i32 = 400;
/// Penalty per 64 units of palace danger.
pub const PALACE_DANGER: S = S(35, 61);

/// A rook, horse or cannon attacked and not defended, per piece (a rook counts twice).
/// Hand-set, not tuned.
pub const LOOSE_PIECE: S = S(30, 30);
/// A rook attacked by a horse, cannon or pawn. Hand-set, not tuned.
pub const ROOK_ATTACKED_BY_MINOR: S = S(50, 50);
/// A horse or cannon attacked by a pawn. Hand-set, not tuned.
pub const MINOR_ATTACKED_BY_PAWN: S = S(40, 40);
/// A horse or cannon with no safe point to go to (every point it can reach is attacked, unless
/// it takes a rook, horse or cannon there): once across the river, twice when attacked where
/// it stands. Hand-set, not tuned.
pub const TRAPPED_PIECE: S = S(40, 40);

/// When the side ahead has no piece able to cross the river and attack, divide its advantage by
/// this.
pub const NO_ATTACKER_DIVISOR: i32 = 8;

// The piece-square tables below come from `cargo run --release --example tune -- --lambda
// 1e-10 --epochs 800` on 1.38 M self-play positions (three rounds of data), starting from the
// hand-written tables and pulled gently back toward them, so that rarely seen points keep
// sensible values. They hold the pawn's gain on crossing the river (more near the palace) on top
// of its material value, and are symmetric left-right.
// Texel-tuned: K = 0.002018; training loss 0.087485 -> 0.075478, held out 0.088574 -> 0.076791

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
           0,   0,   0,-334,-180,-334,   0,   0,   0,
           0,   0,   0, -58,  12, -58,   0,   0,   0,
           0,   0,   0, 119, 199, 119,   0,   0,   0,
    ],
    [
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0, -40,   0, -40,   0,   0,   0,
           0,   0,   0,   0,  75,   0,   0,   0,   0,
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
          44,   0,   0,   0, 201,   0,   0,   0,  44,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,  89,   0,   0,   0,  89,   0,   0,
    ],
    [
         150, -65,  20,  59,  34,  59,  20, -65, 150,
         -33, -25, 210,  69,  60,  69, 210, -25, -33,
          99,  27,  -6, 233, 211, 233,  -6,  27,  99,
         -17, 301, -21, 227, -42, 227, -21, 301, -17,
          33,  74, -14,  82, 111,  82, -14,  74,  33,
         120, 197, 435, 233, 198, 233, 435, 197, 120,
         121, -23, 193,  75, 243,  75, 193, -23, 121,
         144, 109, 147, 204, 121, 204, 147, 109, 144,
         122, 115, -10, 128,  98, 128, -10, 115, 122,
        -146,  11, 125,  90, -51,  90, 125,  11,-146,
    ],
    [
         -34, -25, -35,  34, 166,  34, -35, -25, -34,
         -15, -53, -45, -38, 105, -38, -45, -53, -15,
          34, -68,  11, -67, 117, -67,  11, -68,  34,
          -5,  -8,  28,  -9, -37,  -9,  28,  -8,  -5,
         -82, -79,  11, -41, -31, -41,  11, -79, -82,
         312, 416, 515, 422, 379, 422, 515, 416, 312,
         392, 372, 435, 414, 347, 414, 435, 372, 392,
         374, 404, 400, 447, 173, 447, 400, 404, 374,
         320, 301, 279, 345,  73, 345, 279, 301, 320,
         288, 386, 370, 447,  14, 447, 370, 386, 288,
    ],
    [
          66,  79, -78,-148, -73,-148, -78,  79,  66,
          67, -14,  23, -87,-116, -87,  23, -14,  67,
           7, -81,  44,-105,-150,-105,  44, -81,   7,
          58,   0,  68, -34,  61, -34,  68,   0,  58,
         -25, -16,  -3,   9,  94,   9,  -3, -16, -25,
         -34, -46,  29, -25,  10, -25,  29, -46, -34,
         -84, -31,  16,  41, -49,  41,  16, -31, -84,
          31, -37,  56,  62,  71,  62,  56, -37,  31,
         -63, -47,  89,  39,  85,  39,  89, -47, -63,
        -119, -84,  75,-130, -97,-130,  75, -84,-119,
    ],
    [
           2, 138, -78,  66,  18,  66, -78, 138,   2,
         131, 156, 268, 487, 378, 487, 268, 156, 131,
          63, 184, 205, 230, 235, 230, 205, 184,  63,
           5, 139, 290, 224, 216, 224, 290, 139,   5,
         -11, 113, 159, 204, 100, 204, 159, 113, -11,
         -55,   0,  42,   0,  39,   0,  42,   0, -55,
         -38,   0, -55,   0,  63,   0, -55,   0, -38,
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
           0,   0,   0,  31,   8,  31,   0,   0,   0,
           0,   0,   0,  -7, -42,  -7,   0,   0,   0,
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
           0,   0,   0,   0,-172,   0,   0,   0,   0,
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
        -196,   0,   0,   0,-222,   0,   0,   0,-196,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,-185,   0,   0,   0,-185,   0,   0,
    ],
    [
         -82,-117,  46,  16,  -5,  16,  46,-117, -82,
         -80,   2, -78, -41, -84, -41, -78,   2, -80,
          11, -69, -35,  -9,  -8,  -9, -35, -69,  11,
         -59,-104, -24, -94,  -8, -94, -24,-104, -59,
         -90, -51,  10, -41, -65, -41,  10, -51, -90,
           0,  54, -35,  49,  48,  49, -35,  54,   0,
          47,  -3,  14,  52,  30,  52,  14,  -3,  47,
         -15, -37,   0,  -9,   9,  -9,   0, -37, -15,
         -94, -53, -15, -65, -32, -65, -15, -53, -94,
        -177,  38, -67,   9, -85,   9, -67,  38,-177,
    ],
    [
          72,  72, 121, 102, -51, 102, 121,  72,  72,
         104,  97, 138, 156, 113, 156, 138,  97, 104,
         136, 125, 129, 213, 151, 213, 129, 125, 136,
         145, 146, 165, 130, 203, 130, 165, 146, 145,
         168, 159, 136, 128, 214, 128, 136, 159, 168,
         251, 215, 169, 219, 260, 219, 169, 215, 251,
         230, 254, 260, 233, 350, 233, 260, 254, 230,
         163, 137, 164, 134, 195, 134, 164, 137, 163,
         232, 273, 260, 249,  57, 249, 260, 273, 232,
         268, 207, 167, 113, 126, 113, 167, 207, 268,
    ],
    [
         -98,-120, -61, -27,-142, -27, -61,-120, -98,
         -69, -59,-118,-142, -39,-142,-118, -59, -69,
         -51, -21,-100, -92,  14, -92,-100, -21, -51,
         -76, -57,-111, -76, -85, -76,-111, -57, -76,
         -51, -72,   9, -86,-119, -86,   9, -72, -51,
         -40,  -9, -98, -59, -72, -59, -98,  -9, -40,
         -34, -63, -85, -92, -58, -92, -85, -63, -34,
         -72, -13,-144,-110, -88,-110,-144, -13, -72,
          -6, -36, -79, -75,-133, -75, -79, -36,  -6,
         -58,-108,-199, -77, -92, -77,-199,-108, -58,
    ],
    [
         -12,  20,-149,-124,-181,-124,-149,  20, -12,
         -13,  43,  -1, -51, 137, -51,  -1,  43, -13,
         110,  91,  -1, 204, 102, 204,  -1,  91, 110,
         107, 160,  98,  72,  82,  72,  98, 160, 107,
         143, 126, 149, 126, 117, 126, 149, 126, 143,
          98,   0,  27,   0, 132,   0,  27,   0,  98,
         100,   0,  89,   0,  65,   0,  89,   0, 100,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,   0,
    ],
];
