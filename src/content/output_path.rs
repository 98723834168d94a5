//! Output paths, checked before a command or a studio job does its work: an output never
//! overwrites one of its own inputs, never lands inside an input folder (a content pack would
//! read it as content next time), and its folder exists, so that a long batch is not played
//! only to find at the end that its report cannot be written.

use std::path::{Path, PathBuf};

/// The folder a path is in (`.` for a bare name).
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

/// A path as the system finally names it: its nearest existing ancestor made canonical, with
/// the rest joined (an output, or the folders it will be written in, usually do not exist
/// yet); as given when no part of it exists.
fn resolved(path: &Path) -> PathBuf {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_owned());
    let mut existing = absolute.as_path();
    let mut rest = Vec::new();
    loop {
        if let Ok(mut real) = existing.canonicalize() {
            real.extend(rest.iter().rev());
            return real;
        }
        match (existing.parent(), existing.file_name()) {
            (Some(parent), Some(name)) => {
                rest.push(name);
                existing = parent;
            }
            _ => return absolute,
        }
    }
}

/// Whether something is at `path`: a file, a folder, or a link, a dangling one included.
/// `Path::exists` follows links, so a link that points nowhere reads as free, and a command
/// that refuses to replace a file without `--force` would write through it to wherever it
/// points.
#[must_use]
pub fn occupied(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok()
}

/// Whether `path` is `folder` or lies inside it, however either is spelt (relative, through
/// links, or not created yet).
#[must_use]
pub fn lies_within(path: &Path, folder: &Path) -> bool {
    resolved(path).starts_with(resolved(folder))
}

/// Refuses an output (a file or a folder of outputs) that is one of the inputs or lies inside
/// an input folder.
fn clash(option: &str, output: &Path, inputs: &[&Path]) -> Result<(), String> {
    let out = resolved(output);
    for input in inputs {
        let input_path = resolved(input);
        if out == input_path {
            return Err(format!(
                "{option} {}: that is one of this command's inputs; it would be overwritten",
                output.display()
            ));
        }
        if input.is_dir() && out.starts_with(&input_path) {
            return Err(format!(
                "{option} {}: that is inside the input folder {}, which would read it as \
                 content",
                output.display(),
                input.display()
            ));
        }
    }
    Ok(())
}

/// Checks each output (named by its option, `--json`) against the inputs: refused when it is
/// an input file, lies inside an input folder, is a folder itself, or its folder does not
/// exist. Pipes and devices (`/dev/stdout`) are always fine: nothing is read from them.
pub fn check_outputs<P: AsRef<Path>>(
    outputs: &[(&str, P)],
    inputs: &[&Path],
) -> Result<(), String> {
    for (option, output) in outputs {
        let output = output.as_ref();
        match std::fs::metadata(output) {
            Ok(meta) if meta.is_dir() => {
                return Err(format!("{option} {}: it is a folder", output.display()));
            }
            Ok(meta) if !meta.is_file() => continue,
            Err(_) if !folder_of(output).is_dir() => {
                return Err(format!(
                    "{option} {}: the folder {} does not exist",
                    output.display(),
                    folder_of(output).display()
                ));
            }
            // A regular file, or a new one in a folder that exists.
            Ok(_) | Err(_) => {}
        }
        clash(option, output, inputs)?;
        super::save::name_fits(output, false).map_err(|e| format!("{option} {e}"))?;
    }
    Ok(())
}

/// Checks a folder a command writes files into (created when missing, in a folder that exists):
/// refused when it is a file, an input, inside an input folder, or holds an input (which a file written there could
/// replace: a tuned pack tuned again into the same folder deleted itself).
pub fn check_output_folder(option: &str, folder: &Path, inputs: &[&Path]) -> Result<(), String> {
    if folder.exists() && !folder.is_dir() {
        return Err(format!("{option} {}: it is not a folder", folder.display()));
    }
    clash(option, folder, inputs)?;
    // One rule for every output: the folder it goes in exists (a missing folder of outputs is
    // made, but not the folders above it, as no output file makes its folder).
    if !folder.exists() && !folder_of(folder).is_dir() {
        return Err(format!(
            "{option} {}: the folder {} does not exist",
            folder.display(),
            folder_of(folder).display()
        ));
    }
    if let Some(input) = inputs.iter().find(|input| lies_within(input, folder)) {
        return Err(format!(
            "{option} {}: it holds the input {}, which the output could overwrite; choose \
             another folder",
            folder.display(),
            input.display()
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_output_that_is_an_input_or_inside_an_input_folder_is_refused() {
        let dir = tempfile::tempdir().expect("temp dir");
        let content = dir.path().join("content");
        std::fs::create_dir(&content).expect("folder");
        let track = dir.path().join("oval.ron");
        std::fs::write(&track, "track").expect("write");
        let inputs = [content.as_path(), track.as_path()];
        let same = check_outputs(&[("--json", &track)], &inputs).expect_err("the track");
        assert!(same.contains("--json") && same.contains("inputs"), "{same}");
        // The same file by another name.
        let dotted = dir.path().join(".").join("oval.ron");
        assert!(check_outputs(&[("--json", &dotted)], &inputs).is_err());
        let inside = content.join("report.json");
        let error = check_outputs(&[("--csv", &inside)], &inputs).expect_err("inside content");
        assert!(error.contains("inside the input folder"), "{error}");
        let folder = check_outputs(&[("-o", dir.path())], &inputs).expect_err("a folder");
        assert!(folder.contains("folder"), "{folder}");
        let nowhere = dir.path().join("missing").join("x.json");
        let missing = check_outputs(&[("--json", &nowhere)], &inputs).expect_err("no folder");
        assert!(missing.contains("does not exist"), "{missing}");
        // A folder of outputs not made yet, two levels down inside the content folder, named
        // through a link to the temporary folder.
        let link = dir.path().join("link");
        std::os::unix::fs::symlink(dir.path(), &link).expect("link");
        let deep = link.join("content").join("new").join("deeper");
        let error = check_output_folder("--out", &deep, &inputs).expect_err("deep inside");
        assert!(error.contains("inside the input folder"), "{error}");
        assert!(lies_within(&deep, &content));
        assert!(lies_within(&dir.path().join("content/./new/x"), &content));
        assert!(!lies_within(&dir.path().join("elsewhere/new"), &content));
        // An output folder that holds an input, however it is named.
        let holding = check_output_folder("--out", dir.path(), &inputs).expect_err("holds");
        assert!(holding.contains("holds the input"), "{holding}");
        assert!(check_output_folder("--out", &link, &inputs).is_err());
        let fine = dir.path().join("report.json");
        assert!(check_outputs(&[("--json", &fine)], &inputs).is_ok());
        assert!(check_outputs(&[("--json", Path::new("/dev/null"))], &inputs).is_ok());
    }
}
