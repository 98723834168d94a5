//! `roadwright course build COURSE --seed S -o TRACK`: the track a course builds from its tiles
//! ([`crate::stretch::course`]), checked as `validate` checks a track and written only when it
//! has no error.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use super::{EXIT_CONTENT_ERRORS, EXIT_OK, EXIT_UNREADABLE};
use crate::content::save::write_atomic_without_backup;
use crate::content::{Document, Format};
use crate::sim::course_track::CourseFiles;
use crate::validate::Diagnostic;

/// `roadwright course`: what to do with a course.
#[derive(Debug, clap::Args)]
pub struct CourseArgs {
    /// What to do.
    #[command(subcommand)]
    pub command: CourseCommand,
}

/// The course subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum CourseCommand {
    /// Build the course's track from its tiles and write it: the same course and seed write the
    /// same file, byte for byte.
    Build(CourseBuildArgs),
    /// Write the standard tile set into a folder, one file per tile (`ID.ron`).
    Tiles(CourseTilesArgs),
}

/// `roadwright course tiles`: the folder to write the standard tiles into.
#[derive(Debug, clap::Args)]
pub struct CourseTilesArgs {
    /// The folder (it must exist).
    #[arg(short, long)]
    pub out: PathBuf,
    /// Replace tile files that exist.
    #[arg(long)]
    pub force: bool,
}

/// `roadwright course build`: the course, the seed and the track file to write.
#[derive(Debug, clap::Args)]
pub struct CourseBuildArgs {
    /// The course file.
    pub course: PathBuf,
    /// The seed a pile is drawn with (a fixed course ignores it).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// The track file to write (`.ron` or `.json`).
    #[arg(short, long)]
    pub out: PathBuf,
    /// The content pack the course is raced with: its tiles and the track they build are
    /// checked against its kinds of ground (the rulebook's four when there is no folder).
    #[arg(long, default_value = "content")]
    pub content: PathBuf,
    /// Replace the file if it exists.
    #[arg(long)]
    pub force: bool,
}

/// Runs a course subcommand.
pub fn course(args: &CourseArgs, out: &mut dyn Write, err: &mut dyn Write) -> io::Result<u8> {
    match &args.command {
        CourseCommand::Build(build) => course_build(build, out, err),
        CourseCommand::Tiles(tiles) => course_tiles(tiles, out, err),
    }
}

/// Writes the standard tile set ([`crate::stretch::tile_set`]) into `--out`, refusing before
/// writing anything when a file is there and `--force` is not given.
pub fn course_tiles(
    args: &CourseTilesArgs,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<u8> {
    let tiles = match crate::stretch::tile_set::standard_tiles() {
        Ok(tiles) => tiles,
        Err(error) => {
            writeln!(err, "error: the standard tiles cannot be built: {error}")?;
            return Ok(EXIT_CONTENT_ERRORS);
        }
    };
    let targets: Vec<PathBuf> = tiles
        .iter()
        .map(|tile| args.out.join(format!("{}.ron", tile.id)))
        .collect();
    let named: Vec<(&str, &Path)> = targets.iter().map(|t| ("-o", t.as_path())).collect();
    if let Err(e) = crate::content::output_path::check_outputs(&named, &[]) {
        writeln!(err, "error: {e}")?;
        return Ok(EXIT_UNREADABLE);
    }
    if !args.force
        && let Some(there) = targets
            .iter()
            .find(|t| crate::content::output_path::occupied(t))
    {
        writeln!(
            err,
            "{}: error[exists]: the file exists; give --force to replace the tiles",
            there.display()
        )?;
        return Ok(EXIT_CONTENT_ERRORS);
    }
    for (tile, target) in tiles.into_iter().zip(&targets) {
        let text = Document::Tile(tile)
            .to_text(Format::Ron)
            .map_err(io::Error::other)?;
        if let Err(error) = write_atomic_without_backup(target, text.as_bytes()) {
            writeln!(err, "{}: {error}", target.display())?;
            return Ok(EXIT_UNREADABLE);
        }
    }
    writeln!(
        out,
        "wrote {} tiles into {}",
        targets.len(),
        args.out.display()
    )?;
    Ok(EXIT_OK)
}

/// Builds the course and writes its track when it has no error.
pub fn course_build(
    args: &CourseBuildArgs,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<u8> {
    let path = args.course.as_path();
    let target = args.out.as_path();
    if let Err(e) = crate::content::output_path::check_outputs(&[("-o", target)], &[path]) {
        writeln!(err, "error: {e}")?;
        return Ok(EXIT_UNREADABLE);
    }
    if !args.force && crate::content::output_path::occupied(target) {
        writeln!(
            err,
            "{}: error[exists]: the file exists; give --force to replace it",
            target.display()
        )?;
        return Ok(EXIT_CONTENT_ERRORS);
    }
    let terrain = crate::validate::open::content_terrain(&args.content);
    let files = match CourseFiles::load(path, &terrain) {
        Ok(files) => files,
        Err(found) => {
            for diagnostic in &found {
                writeln!(err, "{diagnostic}")?;
            }
            return Ok(super::race::open_failure(&found));
        }
    };
    // The course's tiles are inputs too: `-o` naming one of them (with `--force`) replaced
    // the tile with the track, and a track written among them is read as a tile next time.
    if let Err(e) = crate::content::output_path::check_outputs(
        &[("-o", target)],
        &[path, files.tiles_folder().as_path()],
    ) {
        writeln!(err, "error: {e}")?;
        return Ok(EXIT_UNREADABLE);
    }
    let track = match files.track(args.seed) {
        Ok(track) => track,
        Err(found) => {
            for diagnostic in &found {
                writeln!(err, "{diagnostic}")?;
            }
            return Ok(EXIT_CONTENT_ERRORS);
        }
    };
    let format = Format::from_path(target).unwrap_or(Format::Ron);
    let text = Document::Track(track)
        .to_text(format)
        .map_err(io::Error::other)?;
    // The track as it would be saved, checked as `validate` checks one on its own.
    let source = crate::content::SourceFile::from_text(target.to_owned(), text.clone(), format);
    let built = crate::content::LoadedDocument {
        document: Document::parse(&source).map_err(io::Error::other)?,
        source,
    };
    let field = crate::validate::open::content_field(&args.content);
    let errors: Vec<Diagnostic> =
        crate::validate::validate_document_against(&built, &terrain, field)
            .into_iter()
            .filter(Diagnostic::is_error)
            .collect();
    if !errors.is_empty() {
        for error in &errors {
            writeln!(err, "{error}")?;
        }
        writeln!(
            err,
            "{}: the track it builds has {} errors; nothing was written",
            path.display(),
            errors.len()
        )?;
        return Ok(EXIT_CONTENT_ERRORS);
    }
    match write_atomic_without_backup(target, text.as_bytes()) {
        Ok(()) => {
            writeln!(out, "wrote {}", target.display())?;
            Ok(EXIT_OK)
        }
        Err(error) => {
            writeln!(err, "{}: {error}", target.display())?;
            Ok(EXIT_UNREADABLE)
        }
    }
}
