//! The `roadwright` binary: the studio window, or a command-line subcommand.

use std::io;
use std::process::ExitCode;

use clap::Parser;
use roadwright::cli::{self, Cli};

fn main() -> anyhow::Result<ExitCode> {
    let cli = Cli::parse();
    match cli.command {
        Some(command) => {
            let status = cli::run(&command, &mut io::stdout().lock(), &mut io::stderr().lock())?;
            Ok(ExitCode::from(status))
        }
        None => open_studio(cli.path),
    }
}

#[cfg(feature = "gui")]
fn open_studio(path: Option<std::path::PathBuf>) -> anyhow::Result<ExitCode> {
    let path = path.unwrap_or_else(|| std::path::PathBuf::from("content"));
    roadwright::gui::run(path)
        .map_err(|error| anyhow::anyhow!("cannot open the studio window: {error}"))?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(not(feature = "gui"))]
fn open_studio(_path: Option<std::path::PathBuf>) -> anyhow::Result<ExitCode> {
    anyhow::bail!(
        "this roadwright was built without the studio window (the `gui` feature); \
         use a subcommand such as `roadwright validate content`"
    )
}
