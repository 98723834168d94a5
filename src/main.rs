//! The `roadwright` binary: the studio window, or a command-line subcommand.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;
use roadwright::cli::{self, Cli};

fn main() -> anyhow::Result<ExitCode> {
    // A mistyped command would otherwise be taken for the studio's path.
    if let Some(first) = std::env::args().nth(1)
        && let Some(meant) = cli::misspelt_command(&first)
    {
        eprintln!(
            "error: `{first}` is not a command, nor a file or folder; did you mean `roadwright \
             {meant}`? (`roadwright --help` lists the commands)"
        );
        return Ok(ExitCode::from(cli::EXIT_UNREADABLE));
    }
    let cli = Cli::parse();
    match cli.command {
        Some(command) => {
            // Reports can be long: stdout is buffered and flushed once at the end.
            // Names come from files: control characters in them are escaped, never sent to the
            // terminal.
            let mut out = cli::Escaped(io::BufWriter::new(io::stdout().lock()));
            let result = cli::run(&command, &mut out, &mut cli::Escaped(io::stderr().lock()))
                .and_then(|status| out.flush().map(|()| status));
            match result {
                Ok(status) => Ok(ExitCode::from(status)),
                // A reader that stopped early (`roadwright race ... | head`) is not an error.
                Err(error) if error.kind() == io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
                // Output that could not be written (`> /dev/full`) exits 2, as every command's
                // unwritable file does.
                Err(error) => {
                    eprintln!("error: cannot write the output: {error}");
                    Ok(ExitCode::from(cli::EXIT_UNREADABLE))
                }
            }
        }
        None => open_studio(cli.path),
    }
}

#[cfg(feature = "gui")]
fn open_studio(path: Option<std::path::PathBuf>) -> anyhow::Result<ExitCode> {
    // With no path, open the standard content and the sample oval beside it.
    let (path, extra) = if let Some(path) = path {
        (path, Vec::new())
    } else {
        let track = std::path::PathBuf::from("tracks/oval.ron");
        let extra = if track.exists() {
            vec![track]
        } else {
            Vec::new()
        };
        (std::path::PathBuf::from("content"), extra)
    };
    roadwright::gui::run(path, extra)
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
