//! `roadwright course build COURSE --seed S -o TRACK`: the track a course builds from its tiles
//! ([`crate::stretch::course`]), checked as `validate` checks a track and written only when it
//! has no error.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use super::{EXIT_CONTENT_ERRORS, EXIT_OK, EXIT_UNREADABLE};
use crate::content::course::Course;
use crate::content::save::write_atomic_without_backup;
use crate::content::text::Id;
use crate::content::tile::Tile;
use crate::content::{Document, Format, RawPack};
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
    /// Replace the file if it exists.
    #[arg(long)]
    pub force: bool,
}

/// Runs a course subcommand.
pub fn course(args: &CourseArgs, out: &mut dyn Write, err: &mut dyn Write) -> io::Result<u8> {
    match &args.command {
        CourseCommand::Build(build) => course_build(build, out, err),
    }
}

/// The course file at `path` and its tiles by id, or the exit code and what to say.
fn read(path: &Path) -> Result<(Course, BTreeMap<Id, Tile>), (u8, String)> {
    let loaded = Document::load(path).map_err(|e| (EXIT_UNREADABLE, e.to_string()))?;
    let Document::Course(course) = loaded.document else {
        return Err((
            EXIT_CONTENT_ERRORS,
            format!(
                "{}: holds a {}, not a course",
                path.display(),
                loaded.document.kind()
            ),
        ));
    };
    let folder = path
        .parent()
        .unwrap_or(Path::new("."))
        .join(course.tiles.as_str());
    if !folder.is_dir() {
        return Err((
            EXIT_UNREADABLE,
            format!(
                "{}: its tiles folder {} does not exist (it is named relative to the course)",
                path.display(),
                folder.display()
            ),
        ));
    }
    let opened = RawPack::open(&folder);
    let mut problems: Vec<String> = opened.errors.iter().map(ToString::to_string).collect();
    let mut tiles = BTreeMap::new();
    for file in &opened.files {
        if let Document::Tile(tile) = &file.document {
            problems.extend(
                crate::validate::validate_document(file)
                    .into_iter()
                    .filter(Diagnostic::is_error)
                    .map(|d| d.to_string()),
            );
            tiles.insert(tile.id.clone(), tile.clone());
        }
    }
    if problems.is_empty() {
        Ok((course, tiles))
    } else {
        Err((EXIT_CONTENT_ERRORS, problems.join("\n")))
    }
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
    if !args.force && target.exists() {
        writeln!(
            err,
            "{}: error[exists]: the file exists; give --force to replace it",
            target.display()
        )?;
        return Ok(EXIT_CONTENT_ERRORS);
    }
    let (course, tiles) = match read(path) {
        Ok(read) => read,
        Err((code, message)) => {
            writeln!(err, "{message}")?;
            return Ok(code);
        }
    };
    let track = match crate::stretch::course::build_course(&course, &tiles, args.seed) {
        Ok(track) => track,
        Err(error) => {
            let found = Diagnostic::error_in(path, "course-build", error.to_string());
            writeln!(err, "{found}")?;
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
    let errors: Vec<Diagnostic> = crate::validate::validate_document(&built)
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
