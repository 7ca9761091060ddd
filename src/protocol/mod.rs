//! The UCCI / UCI front end.

/// Runs the engine loop on stdin/stdout; returns the exit code.
pub fn run_stdio() -> i32 {
    0
}
