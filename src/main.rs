//! The `entrada` binary: parse the command line, set up logging, run.

use clap::Parser;
use tracing_subscriber::EnvFilter;

fn main() -> std::process::ExitCode {
    // Everything this process writes holds personal data or secrets.
    entrada::files::private_umask();
    // Before any thread can use OpenSSL: no teardown racing them at exit.
    entrada::db::key::init_crypto();
    let cli = entrada::cli::Cli::parse();
    // Logs go to stderr so that stdout stays machine-readable (`listening on ...`, JSON).
    let filter = EnvFilter::try_from_env("ENTRADA_LOG")
        .unwrap_or_else(|_| EnvFilter::new("entrada=info,tower_http=warn"));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .init();
    match entrada::cli::run(cli) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
