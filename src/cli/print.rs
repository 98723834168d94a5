//! `roadwright print PATH -o OUT.pdf [--tts DIR]`: a track at true scale, tiled over sheets of
//! paper ([`crate::render::print_track`]), or a content pack (a folder, a deck or team mats
//! file) as card sheets, team mats and counters ([`crate::render::print_pack`]); with `--tts`,
//! the same as pictures for Tabletop Simulator ([`crate::render::deck_sheets`]).

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use super::{EXIT_CONTENT_ERRORS, EXIT_OK, EXIT_UNREADABLE};
use crate::content::{Document, RawPack};
use crate::render::{PrintFailure, PrintSettings, Printable, write_pdf, write_tts};
use crate::sim::course_track::CoursePrint;
use crate::validate::Diagnostic;

/// `roadwright print`: what to print, where, and on what paper.
#[derive(Debug, clap::Args)]
pub struct PrintArgs {
    /// A track file, a course (the track it builds; a rolling road, its tiles one by one), a
    /// content folder, a deck file, a team mats file or a mission (its sheet).
    pub path: PathBuf,
    /// The seed a course drawn from a pile is built with.
    #[arg(long, default_value_t = 0)]
    pub course_seed: u64,
    /// The PDF to write.
    #[arg(short, long, required_unless_present = "tts")]
    pub out: Option<PathBuf>,
    /// Also (or only) write pictures for Tabletop Simulator into this folder: deck sheets of
    /// 10 x 7 cards (the back in the last cell), or the track as one picture, and a README.
    #[arg(long)]
    pub tts: Option<PathBuf>,
    /// The Tabletop Simulator track picture's pixels per space length (20-400).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(20..=400))]
    pub px_per_space: u32,
    /// The paper: `a4` or `letter`.
    #[arg(long, value_enum, default_value_t = PaperArg::A4)]
    pub paper: PaperArg,
    /// A track space's length on paper, in millimetres (10-80).
    #[arg(long, default_value_t = crate::render::DEFAULT_SPACE_MM, value_parser = space_mm)]
    pub space_mm: f32,
    /// How far each card's border runs past its trim line, in millimetres (0-5). Nine cards
    /// a sheet up to 3.5 mm on A4 and 2.5 mm on Letter; fewer beyond.
    #[arg(long, default_value_t = 2.0, value_parser = bleed_mm)]
    pub bleed_mm: f32,
    /// Follow each sheet of card faces with its backs, for duplex printing.
    #[arg(long)]
    pub backs: bool,
    /// Let `--tts` replace pictures and READMEs of the same names already in its folder
    /// (without it they are refused; a link in their place is replaced, never followed).
    #[arg(long)]
    pub force: bool,
    /// The content folder whose terrain file says how a track's kinds of ground are printed
    /// (without it, the rulebook's four).
    #[arg(long)]
    pub content: Option<PathBuf>,
}

impl PrintArgs {
    /// The settings the printers take.
    fn settings(&self) -> PrintSettings {
        PrintSettings {
            paper: self.paper.into(),
            space_mm: self.space_mm,
            bleed_mm: self.bleed_mm,
            backs: self.backs,
            px_per_space: self.px_per_space,
            force: self.force,
        }
    }
}

/// The paper `print` takes.
#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
pub enum PaperArg {
    /// ISO A4.
    A4,
    /// US Letter.
    Letter,
}

impl From<PaperArg> for crate::render::Paper {
    fn from(paper: PaperArg) -> Self {
        match paper {
            PaperArg::A4 => Self::A4,
            PaperArg::Letter => Self::Letter,
        }
    }
}

/// A bleed `print` takes, in millimetres: a number from 0 to 5 (NaN is refused here, with the
/// other mistakes of the command line).
fn bleed_mm(text: &str) -> Result<f32, String> {
    let value: f32 = text
        .parse()
        .map_err(|_| format!("`{text}` is not a number"))?;
    let most = crate::render::MAX_BLEED_MM;
    if (0.0..=most).contains(&value) {
        Ok(value)
    } else {
        Err(format!("{value} mm: a bleed is 0-{most} mm"))
    }
}

/// A space size `print` takes, in millimetres.
fn space_mm(text: &str) -> Result<f32, String> {
    let value: f32 = text
        .parse()
        .map_err(|_| format!("`{text}` is not a number"))?;
    if crate::render::SPACE_MM_RANGE.contains(&value) {
        Ok(value)
    } else {
        Err(format!(
            "{value} mm: a space is {}-{} mm",
            crate::render::SPACE_MM_RANGE.start(),
            crate::render::SPACE_MM_RANGE.end()
        ))
    }
}

/// Prints a track, a pack folder, a deck or team mats to a PDF and/or pictures.
pub fn print(args: &PrintArgs, out: &mut dyn Write, err: &mut dyn Write) -> io::Result<u8> {
    let path = args.path.as_path();
    let inputs: Vec<&Path> = std::iter::once(path)
        .chain(args.content.as_deref())
        .collect();
    let checked = args
        .out
        .as_deref()
        .map_or(Ok(()), |pdf| {
            crate::content::output_path::check_outputs(&[("-o", pdf)], &inputs)
        })
        .and_then(|()| {
            args.tts.as_deref().map_or(Ok(()), |folder| {
                crate::content::output_path::check_output_folder("--tts", folder, &inputs)
            })
        });
    if let Err(e) = checked {
        writeln!(err, "error: {e}")?;
        return Ok(EXIT_UNREADABLE);
    }
    let printable = match read(path, args.content.as_deref(), args.course_seed) {
        Ok(printable) => printable,
        Err((code, message)) => {
            writeln!(err, "{message}")?;
            return Ok(code);
        }
    };
    let writes: [(Option<&Path>, Writer); 2] = [
        (args.out.as_deref(), write_pdf),
        (args.tts.as_deref(), write_tts),
    ];
    for (target, write) in writes {
        let Some(target) = target else {
            continue;
        };
        match write(&printable, &args.settings(), target) {
            Ok(said) => writeln!(out, "wrote {}: {said}", target.display())?,
            Err(PrintFailure::Content(message)) => {
                writeln!(err, "{}: {message}", path.display())?;
                return Ok(EXIT_CONTENT_ERRORS);
            }
            Err(PrintFailure::Exists(message)) => {
                writeln!(err, "{}: {message}", target.display())?;
                return Ok(EXIT_CONTENT_ERRORS);
            }
            Err(PrintFailure::Write(message)) => {
                writeln!(err, "{}: {message}", target.display())?;
                return Ok(EXIT_UNREADABLE);
            }
        }
    }
    Ok(EXIT_OK)
}

/// The errors among `diagnostics`, as the exit code and what to say, if there are any.
fn refuse_errors(path: &Path, diagnostics: Vec<Diagnostic>) -> Result<(), (u8, String)> {
    let errors: Vec<String> = diagnostics
        .into_iter()
        .filter(Diagnostic::is_error)
        .map(|d| d.to_string())
        .collect();
    if errors.is_empty() {
        return Ok(());
    }
    Err((
        EXIT_CONTENT_ERRORS,
        format!(
            "{}\n{}: {} errors (`roadwright validate` lists the same); nothing was printed",
            errors.join("\n"),
            path.display(),
            errors.len()
        ),
    ))
}

/// A mission's sheet: the mission checked against the content and track it names (refused
/// with their diagnostics as `validate` gives them), its track drawn with the content's kinds of
/// ground (or `content`'s, when given).
fn mission_sheet(path: &Path, content: Option<&Path>) -> Result<Printable, (u8, String)> {
    let loaded = crate::sim::mission::load_mission(path).map_err(|error| match error {
        crate::sim::load::LoadRaceError::Invalid(diagnostics) => {
            let code = super::race::open_failure(&diagnostics);
            let lines: Vec<String> = diagnostics.iter().map(ToString::to_string).collect();
            (
                code,
                format!(
                    "{}\n{}: nothing was printed",
                    lines.join("\n"),
                    path.display()
                ),
            )
        }
        crate::sim::load::LoadRaceError::Setup(e) => {
            (EXIT_CONTENT_ERRORS, format!("{}: {e}", path.display()))
        }
    })?;
    // The mission was loaded on this track (a course's, with seed 0), so it builds again.
    let terrain = crate::validate::open::content_terrain(&loaded.content);
    let track = crate::sim::course_track::track_or_course(&loaded.track, 0, &terrain)
        .map_err(|found| (EXIT_CONTENT_ERRORS, diagnostics_text(&found)))?;
    let legend = super::render::legend_of(Some(content.unwrap_or(&loaded.content)))?;
    let rules = &loaded.race.rules;
    let words = crate::validate::mission_words::MissionWords {
        mission: loaded.mission(),
        content: &rules.content,
        track: &rules.track,
    };
    Ok(Printable::Mission(Box::new(
        crate::render::MissionSheet::new(words, track, legend),
    )))
}

/// The stem a track's outputs are named by: its file's.
fn stem_of(path: &Path) -> String {
    path.file_stem()
        .map_or_else(|| "track".to_owned(), |s| s.to_string_lossy().into_owned())
}

/// Diagnostics one to a line.
fn diagnostics_text(found: &[crate::validate::Diagnostic]) -> String {
    found
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("\n")
}

/// Writes a printable to a file or folder: [`write_pdf`] or [`write_tts`].
type Writer = fn(&Printable, &crate::render::PrintSettings, &Path) -> Result<String, PrintFailure>;

/// Reads what `path` names, or the exit code and what to say. Content (a pack, a deck, team
/// mats) is validated first, as `simulate` does: what `validate` rejects is never printed (a
/// deck of a million copies gave 111,146 pages; a count of 2^31 aborted). A track is printed
/// while it is being made (a stretch on paper, a grid not laid yet), so it is checked only to be
/// drawable, by the printer.
fn read(path: &Path, content: Option<&Path>, course_seed: u64) -> Result<Printable, (u8, String)> {
    if path.is_dir() {
        let pack = RawPack::open(path);
        if let Some(error) = pack.errors.first() {
            return Err((EXIT_UNREADABLE, error.to_string()));
        }
        refuse_errors(path, crate::validate::validate_pack(&pack).1)?;
        return Ok(Printable::Pack(
            pack.files.into_iter().map(|f| f.document).collect(),
        ));
    }
    let loaded = Document::load(path).map_err(|error| (EXIT_UNREADABLE, error.to_string()))?;
    if !matches!(loaded.document, Document::Track(_)) {
        refuse_errors(path, crate::validate::validate_document(&loaded))?;
    }
    let document = match loaded.document {
        Document::Course(course) => {
            // A course is printed as the track it builds, refused when that track has errors;
            // a rolling road as its tiles, each on its own, to cut out and lay as it rolls.
            let terrain = content.map_or_else(
                crate::validate::checked::TerrainBook::standard,
                crate::validate::open::content_terrain,
            );
            let printed = crate::sim::course_track::CourseFiles::read(path, course, &terrain)
                .and_then(|files| files.to_print(course_seed))
                .map_err(|found| (EXIT_CONTENT_ERRORS, diagnostics_text(&found)))?;
            match printed {
                CoursePrint::Track(track) => Document::Track(*track),
                CoursePrint::Tiles(tiles) => {
                    return Ok(Printable::RoadTiles {
                        tiles: tiles
                            .into_iter()
                            .map(|tile| crate::render::RoadTilePrint::new(tile.track, tile.role))
                            .collect(),
                        stem: stem_of(path),
                        legend: super::render::legend_of(content)?,
                    });
                }
            }
        }
        other => other,
    };
    match document {
        Document::Track(track) => Ok(Printable::Track {
            track: Box::new(track),
            stem: stem_of(path),
            legend: super::render::legend_of(content)?,
        }),
        Document::Mission(_) => mission_sheet(path, content),
        document @ (Document::RaceDeck(_)
        | Document::MovementEventDeck(_)
        | Document::CombatEventDeck(_)
        | Document::TeamMats(_)) => Ok(Printable::Pack(vec![document])),
        other => Err((
            EXIT_CONTENT_ERRORS,
            format!(
                "{}: is a {} file: print takes a track, a course, a content folder, a deck, team mats or a mission",
                path.display(),
                other.kind()
            ),
        )),
    }
}
