//! A path written relative to a folder, as files that name other files keep them (a race
//! record its content and track, a mission its track and content), so that they still name
//! them wherever the project is moved.

use std::path::{Path, PathBuf};

/// `target` relative to `folder`, or absolute when they share no folder but the root (and as
/// given when either cannot be found).
#[must_use]
pub fn relative_path(target: &Path, folder: &Path) -> String {
    let (Ok(target), Ok(folder)) = (target.canonicalize(), folder.canonicalize()) else {
        return target.display().to_string();
    };
    let (t, f): (Vec<_>, Vec<_>) = (target.components().collect(), folder.components().collect());
    let common = t.iter().zip(&f).take_while(|(a, b)| a == b).count();
    if common <= 1 {
        return target.display().to_string();
    }
    let mut out = PathBuf::new();
    for _ in common..f.len() {
        out.push("..");
    }
    for part in &t[common..] {
        out.push(part);
    }
    if out.as_os_str().is_empty() {
        out.push(".");
    }
    out.display().to_string()
}

/// Whether two paths name the same file (through `..`, links or a relative start).
#[must_use]
pub fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}
