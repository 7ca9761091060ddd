//! The `chuhan` binary: dispatches to the library.

fn main() {
    std::process::exit(chuhan::cli::run(std::env::args_os()));
}
