//! The search's tuning constants, named in one place: they are what a parameter tuner (SPSA,
//! `tools/spsa.py`) turns. Depths are in plies, margins in centipawn-like score units, the
//! time scale a plain factor.
//!
//! Each parameter is declared once, with its default and the range a tuner may try:
//! `NAME: Type = default, min..=max;` (`= n / d` for the `f64` ones, whose tuner value is
//! the numerator `n`, in `1/d` units). The search reads them through `param!`:
//!
//! * normal builds: every parameter is a plain `pub const`, and `param!(NAME)` is just `NAME`,
//!   so the search compiles exactly as with hand-written constants;
//! * with the cargo feature `tune`, every parameter is a `static` [`Tunable`] read with a
//!   relaxed atomic load, set with the protocol's `setoption name NAME value N` (the engine
//!   advertises one `type spin` option per parameter). The late move reduction table is built
//!   from [`LMR_BASE`] and [`LMR_DIVISOR`] when a search starts, so a new value takes effect at
//!   the next `go`; the other parameters are read at each use. The values are process-wide
//!   (every engine instance of the process shares them).

use super::Score;

/// Declares the tunable parameters: `const`s, or with the feature `tune` [`Tunable`] statics
/// plus the list [`ALL`].
macro_rules! tunable_params {
    ($(
        $(#[$meta:meta])*
        $name:ident : $ty:ty = $default:literal $(/ $scale:literal)?, $min:literal ..= $max:literal;
    )*) => {
        $(
            #[cfg(not(feature = "tune"))]
            $(#[$meta])*
            pub const $name: $ty = tunable_params!(@value $default $(, $scale)?);

            #[cfg(feature = "tune")]
            $(#[$meta])*
            pub static $name: Tunable<$ty> = Tunable::new(Param::new(
                stringify!($name),
                $default,
                $min,
                $max,
                tunable_params!(@scale $($scale)?),
            ));
        )*

        /// Every tunable parameter, in declaration order.
        #[cfg(feature = "tune")]
        pub static ALL: &[&Param] = &[$(&$name.param),*];

        // Ranges must contain their defaults; dividing parameters must stay positive.
        const _: () = {
            $(assert!($min <= $default && $default <= $max, stringify!($name));)*
        };
    };
    (@value $default:literal) => { $default };
    (@value $default:literal, $scale:literal) => { $default as f64 / $scale as f64 };
    (@scale) => { 1 };
    (@scale $scale:literal) => { $scale };
}

/// A search parameter where it is used: the constant, or with the feature `tune` its current
/// value.
#[cfg(not(feature = "tune"))]
macro_rules! param {
    ($name:ident) => {
        $crate::search::params::$name
    };
}

/// A search parameter where it is used: the constant, or with the feature `tune` its current
/// value.
#[cfg(feature = "tune")]
macro_rules! param {
    ($name:ident) => {
        $crate::search::params::$name.get()
    };
}

pub(crate) use param;

tunable_params! {
    /// Half-width of the first aspiration window around the previous iteration's score.
    ASPIRATION_DELTA: Score = 20, 5..=100;
    /// Widths beyond this give up the window (full-width search).
    ASPIRATION_MAX_DELTA: Score = 800, 200..=3000;
    /// Aspiration windows start at this depth.
    ASPIRATION_MIN_DEPTH: i32 = 4, 1..=10;

    /// Root moves from this index on (counted from the current MultiPV line) are reduced by one
    /// ply when quiet, at depth [`ROOT_LMR_MIN_DEPTH`] or more.
    ROOT_LMR_MIN_INDEX: usize = 4, 1..=20;
    /// See [`ROOT_LMR_MIN_INDEX`].
    ROOT_LMR_MIN_DEPTH: i32 = 3, 1..=10;

    /// Reverse futility pruning (static null move) applies up to this depth.
    RFP_MAX_DEPTH: i32 = 7, 0..=15;
    /// Reverse futility margin per ply of depth.
    RFP_MARGIN: Score = 80, 20..=300;
    /// Reverse futility margin taken off when the static evaluation is improving.
    RFP_IMPROVING: Score = 40, 0..=200;

    /// Null move applies from this depth.
    NMP_MIN_DEPTH: i32 = 3, 1..=8;
    /// Base null-move reduction.
    NMP_BASE_REDUCTION: i32 = 3, 1..=6;
    /// One more ply of null-move reduction per this many plies of depth.
    NMP_DEPTH_DIVISOR: i32 = 4, 1..=12;
    /// One more ply of null-move reduction per this much evaluation above beta…
    NMP_EVAL_DIVISOR: Score = 200, 50..=800;
    /// …up to this many plies.
    NMP_EVAL_MAX: i32 = 3, 0..=8;

    /// Internal iterative reduction: a node without a hash move is searched one ply shallower
    /// from this depth (PV and expected cut nodes).
    IIR_MIN_DEPTH: i32 = 4, 1..=12;

    /// Late move pruning applies up to this depth.
    LMP_MAX_DEPTH: i32 = 8, 0..=16;
    /// Late move pruning count: `(LMP_BASE + depth²) × (3 if improving else 2) / 2` quiet moves.
    LMP_BASE: i32 = 4, 0..=20;

    /// Futility pruning of quiet moves applies up to this depth…
    FUTILITY_MAX_DEPTH: i32 = 6, 0..=14;
    /// …when the static evaluation plus this…
    FUTILITY_BASE: Score = 120, 0..=500;
    /// …plus this per ply of depth does not reach alpha.
    FUTILITY_PER_DEPTH: Score = 90, 20..=300;

    /// Quiet moves with a history score below `-HISTORY_PRUNE_PER_DEPTH × depth` are pruned up
    /// to this depth.
    HISTORY_PRUNE_MAX_DEPTH: i32 = 3, 0..=8;
    /// See [`HISTORY_PRUNE_MAX_DEPTH`].
    HISTORY_PRUNE_PER_DEPTH: i32 = 4000, 500..=16000;

    /// Captures losing more than `SEE_CAPTURE_PER_DEPTH × depth` are pruned up to this depth.
    SEE_PRUNE_MAX_DEPTH: i32 = 5, 0..=12;
    /// See [`SEE_PRUNE_MAX_DEPTH`].
    SEE_CAPTURE_PER_DEPTH: i32 = 120, 20..=400;
    /// Quiet moves that lose more than `SEE_QUIET_PER_DEPTH2 × depth²` on their destination
    /// (a piece moved where it is taken for less) are pruned up to this depth.
    SEE_QUIET_MAX_DEPTH: i32 = 8, 0..=12;
    /// See [`SEE_QUIET_MAX_DEPTH`].
    SEE_QUIET_PER_DEPTH2: i32 = 25, 5..=200;

    /// Late move reductions apply from this depth.
    LMR_MIN_DEPTH: i32 = 3, 1..=8;
    /// The reduction table is `LMR_BASE + ln(depth) × ln(move number) / LMR_DIVISOR`
    /// (tuner value in hundredths).
    LMR_BASE: f64 = 50 / 100, 0..=200;
    /// See [`LMR_BASE`] (tuner value in hundredths).
    LMR_DIVISOR: f64 = 260 / 100, 100..=600;
    /// One ply less (or more) reduction per this much history score.
    LMR_HISTORY_DIVISOR: i32 = 10_000, 1000..=40_000;

    /// A reduced search that beat the best score by more than this (plus two per ply of
    /// depth) is re-searched one ply deeper than normal.
    LMR_DEEPER_MARGIN: Score = 50, 0..=300;

    /// Singular extensions apply from this depth: the hash move is extended a ply when no
    /// other move comes near its score in a search without it at half depth.
    SE_MIN_DEPTH: i32 = 7, 4..=14;
    /// A move "comes near" the hash move's score within this many units per ply of depth.
    SE_MARGIN_PER_DEPTH: Score = 2, 1..=12;

    /// Checks are extended while the ply is below `2 × root depth + CHECK_EXTENSION_SLACK`.
    CHECK_EXTENSION_SLACK: usize = 8, 0..=32;

    /// History bonus of a quiet move that caused a cutoff: `HISTORY_BONUS_PER_DEPTH2 × depth²`…
    HISTORY_BONUS_PER_DEPTH2: i32 = 24, 4..=100;
    /// …at most this.
    HISTORY_BONUS_MAX: i32 = 2400, 400..=8000;

    /// The correction history corrects a static evaluation by at most this per table.
    CORRECTION_MAX: Score = 96, 16..=400;
    /// Weight (out of 1024) of a new search result in a correction-history entry, at most
    /// this (`(depth + 1)²` below it).
    CORRECTION_MAX_WEIGHT: i32 = 128, 8..=512;

    /// Quiescence skips a capture when the standing evaluation plus the captured piece plus
    /// this margin stays below alpha (delta pruning).
    QS_DELTA_MARGIN: Score = 200, 0..=800;

    /// With a game clock, another iteration starts while the time spent is below the soft
    /// limit times this, times the best move's instability and the score's drop (tuner value
    /// in hundredths).
    TIME_SOFT_SCALE: f64 = 60 / 100, 20..=200;
    /// With a game clock, the soft limit is also scaled by `1 + TIME_EFFORT_WEIGHT ×
    /// (TIME_EFFORT_PIVOT − share)` (kept within 0.5–2), where `share` is the fraction of the
    /// search's nodes spent below the best move: more time when the other moves took a fight,
    /// less when they were refuted at once. Weight 0 turns it off (tuner values in hundredths).
    TIME_EFFORT_WEIGHT: f64 = 0 / 100, 0..=300;
    /// See [`TIME_EFFORT_WEIGHT`].
    TIME_EFFORT_PIVOT: f64 = 70 / 100, 20..=100;
    /// With a game clock, the soft limit is also scaled by `1 + TIME_OPENING_BONUS × (plies
    /// left to TIME_OPENING_PLIES) / TIME_OPENING_PLIES`: more time for the opening and the
    /// early middlegame, tapering off to none from that game ply on (tuner value in
    /// hundredths; 0, the default, turns it off).
    TIME_OPENING_BONUS: f64 = 0 / 100, 0..=200;
    /// See [`TIME_OPENING_BONUS`].
    TIME_OPENING_PLIES: usize = 60, 1..=200;
}

/// How a parameter's integer tuner value becomes the value the search uses.
#[cfg(feature = "tune")]
pub trait FromTunerValue: Sized {
    /// `raw` in units of `1/scale`.
    fn from_tuner_value(raw: i32, scale: i32) -> Self;
}

#[cfg(feature = "tune")]
impl FromTunerValue for i32 {
    #[inline]
    fn from_tuner_value(raw: i32, _scale: i32) -> i32 {
        raw
    }
}

#[cfg(feature = "tune")]
impl FromTunerValue for usize {
    #[inline]
    fn from_tuner_value(raw: i32, _scale: i32) -> usize {
        raw.max(0) as usize
    }
}

#[cfg(feature = "tune")]
impl FromTunerValue for f64 {
    #[inline]
    fn from_tuner_value(raw: i32, scale: i32) -> f64 {
        raw as f64 / scale as f64
    }
}

/// One tunable parameter as the protocol sees it: name, range, current integer value.
#[cfg(feature = "tune")]
#[derive(Debug)]
pub struct Param {
    name: &'static str,
    default: i32,
    min: i32,
    max: i32,
    scale: i32,
    value: std::sync::atomic::AtomicI32,
}

#[cfg(feature = "tune")]
impl Param {
    const fn new(name: &'static str, default: i32, min: i32, max: i32, scale: i32) -> Param {
        Param {
            name,
            default,
            min,
            max,
            scale,
            value: std::sync::atomic::AtomicI32::new(default),
        }
    }

    /// The name (as in this file, also the option name).
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The default value.
    pub fn default(&self) -> i32 {
        self.default
    }

    /// The smallest value accepted.
    pub fn min(&self) -> i32 {
        self.min
    }

    /// The largest value accepted.
    pub fn max(&self) -> i32 {
        self.max
    }

    /// Tuner values are in units of `1/scale` (1 for integer parameters).
    pub fn scale(&self) -> i32 {
        self.scale
    }

    /// The current value.
    #[inline]
    pub fn value(&self) -> i32 {
        self.value.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Sets the value; out of range, the old value stays.
    pub fn set(&self, value: i64) -> Result<(), ParamError> {
        if value < i64::from(self.min) || value > i64::from(self.max) {
            return Err(ParamError::OutOfRange {
                name: self.name,
                value,
                min: self.min,
                max: self.max,
            });
        }
        self.value
            .store(value as i32, std::sync::atomic::Ordering::Relaxed);
        Ok(())
    }

    /// Back to the default.
    pub fn reset(&self) {
        self.value
            .store(self.default, std::sync::atomic::Ordering::Relaxed);
    }
}

/// A typed tunable parameter (a [`Param`] read as the type the search uses).
#[cfg(feature = "tune")]
#[derive(Debug)]
pub struct Tunable<T> {
    /// The parameter.
    pub param: Param,
    kind: std::marker::PhantomData<fn() -> T>,
}

#[cfg(feature = "tune")]
impl<T> Tunable<T> {
    const fn new(param: Param) -> Tunable<T> {
        Tunable {
            param,
            kind: std::marker::PhantomData,
        }
    }
}

#[cfg(feature = "tune")]
impl<T: FromTunerValue> Tunable<T> {
    /// The current value (a relaxed atomic load).
    #[inline]
    pub fn get(&self) -> T {
        T::from_tuner_value(self.param.value(), self.param.scale)
    }
}

/// A refused parameter value.
#[cfg(feature = "tune")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamError {
    /// The value lies outside the parameter's range.
    OutOfRange {
        /// Parameter name.
        name: &'static str,
        /// The value given.
        value: i64,
        /// Smallest value accepted.
        min: i32,
        /// Largest value accepted.
        max: i32,
    },
}

#[cfg(feature = "tune")]
impl std::fmt::Display for ParamError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ParamError::OutOfRange {
                name,
                value,
                min,
                max,
            } => write!(
                f,
                "{name}: {value} is out of range {min}..{max}; value unchanged"
            ),
        }
    }
}

#[cfg(feature = "tune")]
impl std::error::Error for ParamError {}

/// Finds a tunable parameter by name (case-insensitive).
#[cfg(feature = "tune")]
pub fn find(name: &str) -> Option<&'static Param> {
    ALL.iter()
        .copied()
        .find(|p| p.name.eq_ignore_ascii_case(name.trim()))
}

#[cfg(all(test, feature = "tune"))]
mod tests {
    use super::*;

    #[test]
    fn params_defaults_and_ranges() {
        assert!(ALL.len() > 20);
        for p in ALL {
            assert!(
                p.min() <= p.default() && p.default() <= p.max(),
                "{}",
                p.name()
            );
            assert!(find(&p.name().to_lowercase()).is_some());
        }
        assert_eq!(LMR_BASE.get(), 0.5);
        assert_eq!(LMR_DIVISOR.get(), 2.6);
        assert!(find("nonsense").is_none());
    }

    // Only out-of-range values here: unit tests share the process with searching tests, which
    // must see the defaults. Setting values is tested in tests/tune.rs (its own process).
    #[test]
    fn params_reject_out_of_range() {
        let p = find("RFP_MARGIN").expect("declared");
        let before = p.value();
        let e = p.set(i64::from(p.max()) + 1).expect_err("too large");
        assert!(e.to_string().contains("out of range"), "{e}");
        assert!(p.set(-1_000_000_000_000).is_err());
        assert_eq!(p.value(), before);
    }
}
