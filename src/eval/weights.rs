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
pub const TEMPO: S = S(20, 10);

/// Rook mobility per reachable point above `ROOK_MOB_BASE`.
pub const ROOK_MOB: S = S(3, 4);
/// Points a rook is expected to reach.
pub const ROOK_MOB_BASE: i32 = 6;
/// Horse mobility per move above `HORSE_MOB_BASE` (a hobbled horse, 蹩马腿, is weak).
pub const HORSE_MOB: S = S(7, 9);
/// Moves a horse is expected to have.
pub const HORSE_MOB_BASE: i32 = 4;
/// Cannon mobility per quiet point above `CANNON_MOB_BASE`.
pub const CANNON_MOB: S = S(1, 1);
/// Points a cannon is expected to reach.
pub const CANNON_MOB_BASE: i32 = 6;

/// Per missing advisor, per enemy horse (缺士怕马).
pub const MISSING_ADVISOR_VS_HORSE: S = S(20, 25);
/// Per missing elephant, per enemy cannon (缺相怕炮).
pub const MISSING_ELEPHANT_VS_CANNON: S = S(25, 15);
/// An enemy cannon facing our king on the central file with nothing between (空头炮).
pub const HOLLOW_CANNON: S = S(200, 90);
/// The same on a side file of the palace (the king has already stepped aside).
pub const HOLLOW_CANNON_SIDE: S = S(90, 40);
/// A central cannon whose only screen is our horse on the palace centre (炮镇窝心马).
pub const CANNON_ON_CENTRE_HORSE: S = S(130, 70);
/// An enemy cannon on our back rank with a clear line to the king at home (沉底炮).
pub const BOTTOM_CANNON: S = S(90, 40);
/// A missing advisor when the enemy still has both rooks (缺士怕双车).
pub const MISSING_ADVISOR_VS_ROOKS: S = S(80, 40);
/// Per unit of enemy attack pressure (rook across the river 2, horse across 1, cannon 1, pawn
/// near the palace 1; capped at `ATTACK_PRESSURE_MAX`).
pub const ATTACK_PRESSURE: S = S(10, 5);
/// Cap on attack pressure units.
pub const ATTACK_PRESSURE_MAX: i32 = 8;
/// An enemy cannon on our king's file with exactly one screen (central cannon, 中炮).
pub const CENTRAL_CANNON: S = S(20, 8);
/// An enemy rook on our king's file with nothing of ours between (open file toward the king).
pub const ROOK_OPEN_KING_FILE: S = S(45, 25);
/// Attack units of enemy pieces that hit our palace: King, Advisor, Elephant, Horse, Rook,
/// Cannon, Pawn.
pub const PALACE_ATTACK_UNITS: [i32; 7] = [0, 0, 0, 20, 24, 16, 12];
/// Cap on palace danger (units × attackers, counted when at least two pieces attack).
pub const PALACE_ATTACK_MAX: i32 = 400;
/// Penalty per 64 units of palace danger.
pub const PALACE_DANGER: S = S(64, 32);

/// When the side ahead has no piece able to cross the river and attack, divide its advantage by
/// this.
pub const NO_ATTACKER_DIVISOR: i32 = 8;

/// Piece-square bonuses (Red's view, rank 9 first) per kind, midgame.
pub const PST_MG: [[i16; 90]; 7] = PST;
/// Piece-square bonuses, endgame.
pub const PST_EG: [[i16; 90]; 7] = PST;

const PST: [[i16; 90]; 7] = [
    KING_PST,
    ADVISOR_PST,
    ELEPHANT_PST,
    HORSE_PST,
    ROOK_PST,
    CANNON_PST,
    PAWN_PST,
];

#[rustfmt::skip]
const KING_PST: [i16; 90] = [
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0, -25, -30, -25, 0, 0, 0,
    0, 0, 0, -10, -12, -10, 0, 0, 0,
    0, 0, 0,  -2,   4,  -2, 0, 0, 0,
];

#[rustfmt::skip]
const ADVISOR_PST: [i16; 90] = [
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0,-4, 0,-4, 0, 0, 0,
    0, 0, 0, 0, 4, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0,
];

#[rustfmt::skip]
const ELEPHANT_PST: [i16; 90] = [
     0, 0, 0, 0, 0, 0, 0, 0,  0,
     0, 0, 0, 0, 0, 0, 0, 0,  0,
     0, 0, 0, 0, 0, 0, 0, 0,  0,
     0, 0, 0, 0, 0, 0, 0, 0,  0,
     0, 0, 0, 0, 0, 0, 0, 0,  0,
     0, 0,-4, 0, 0, 0,-4, 0,  0,
     0, 0, 0, 0, 0, 0, 0, 0,  0,
    -4, 0, 0, 0, 6, 0, 0, 0, -4,
     0, 0, 0, 0, 0, 0, 0, 0,  0,
     0, 0, 0, 0, 0, 0, 0, 0,  0,
];

#[rustfmt::skip]
const HORSE_PST: [i16; 90] = [
     4,  8, 16, 30,  4, 30, 16,  8,  4,
     4, 14, 45, 26, 12, 26, 45, 14,  4,
    12, 16, 24, 34, 26, 34, 24, 16, 12,
     8, 26, 22, 30, 26, 30, 22, 26,  8,
     6, 16, 16, 20, 20, 20, 16, 16,  6,
     4, 12, 16, 14, 12, 14, 16, 12,  4,
     2,  6,  8,  6, 10,  6,  8,  6,  2,
     4,  2,  8,  8,  4,  8,  8,  2,  4,
     0,  2,  4,  4, -2,  4,  4,  2,  0,
     0, -6,  0,  0,  0,  0,  0, -6,  0,
];

#[rustfmt::skip]
const ROOK_PST: [i16; 90] = [
     6,  8,  6, 14, 12, 14,  6,  8,  6,
     8, 14, 10, 20, 24, 20, 10, 14,  8,
     6, 10,  8, 16, 18, 16,  8, 10,  6,
     6, 12, 12, 16, 16, 16, 12, 12,  6,
    10, 14, 14, 18, 18, 18, 14, 14, 10,
     8, 12, 12, 16, 16, 16, 12, 12,  8,
     4, 10,  6, 14, 14, 14,  6, 10,  4,
    -2,  8,  4, 12, 12, 12,  4,  8, -2,
     4,  8,  6, 12,  0, 12,  6,  8,  4,
    -6,  6,  4, 12,  0, 12,  4,  6, -6,
];

#[rustfmt::skip]
const CANNON_PST: [i16; 90] = [
    10,  8,  0, -6,-10, -6,  0,  8, 10,
     4,  4,  0, -4,-12, -4,  0,  4,  4,
     2,  2,  0, -8, -4, -8,  0,  2,  2,
     0,  0, -2,  4, 12,  4, -2,  0,  0,
     0,  0,  0,  2, 12,  2,  0,  0,  0,
    -2,  0,  4,  2, 10,  2,  4,  0, -2,
     0,  0,  0,  2,  8,  2,  0,  0,  0,
     4,  0,  8,  6, 14,  6,  8,  0,  4,
     0,  2,  4,  6,  6,  6,  4,  2,  0,
     0,  0,  2,  6,  6,  6,  2,  0,  0,
];

/// Pawns: roughly doubled once across the river (worth 2), most near the palace, little on the
/// last rank (worth 1 again there).
#[rustfmt::skip]
const PAWN_PST: [i16; 90] = [
     0,  0,  5, 10, 15, 10,  5,  0,  0,
    40, 60, 80, 95,100, 95, 80, 60, 40,
    40, 60, 75, 90, 95, 90, 75, 60, 40,
    40, 50, 65, 75, 80, 75, 65, 50, 40,
    30, 40, 45, 55, 60, 55, 45, 40, 30,
     0,  0,  5,  0, 10,  0,  5,  0,  0,
     0,  0,  0,  0,  5,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,  0,
];
