//! What a document's file held when the studio last read or wrote it, so that the studio can
//! tell when someone else changed the file since (another editor, a `git pull`, a second
//! studio) and ask before overwriting their edit.

use std::path::Path;
use std::time::SystemTime;

use sha2::{Digest, Sha256};

/// The file's modification time and size (a cheap first look) and a digest of its bytes (the
/// answer when the first look differs: a file touched but not changed is not a change).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct DiskStamp {
    modified: Option<SystemTime>,
    len: u64,
    digest: [u8; 32],
}

impl DiskStamp {
    /// The stamp of `bytes`, just read from or written to `path`.
    #[must_use]
    pub fn of(path: &Path, bytes: &[u8]) -> Self {
        let metadata = std::fs::metadata(path).ok();
        Self {
            modified: metadata.as_ref().and_then(|m| m.modified().ok()),
            len: bytes.len() as u64,
            digest: Sha256::digest(bytes).into(),
        }
    }

    /// Whether the file at `path` now holds something else. A file that is gone or cannot be
    /// read is not a change someone made to it: saving writes it again.
    #[must_use]
    pub fn differs_on_disk(&self, path: &Path) -> bool {
        let Ok(metadata) = std::fs::metadata(path) else {
            return false;
        };
        if metadata.len() == self.len && metadata.modified().ok() == self.modified {
            return false;
        }
        match std::fs::read(path) {
            Ok(bytes) => <[u8; 32]>::from(Sha256::digest(&bytes)) != self.digest,
            Err(_) => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_rewritten_with_other_bytes_differs_and_one_touched_with_the_same_does_not() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("deck.ron");
        std::fs::write(&path, "(a: 1)").expect("write");
        let stamp = DiskStamp::of(&path, b"(a: 1)");
        assert!(!stamp.differs_on_disk(&path), "unchanged");
        // The same bytes written again (a new modification time): not a change.
        std::thread::sleep(std::time::Duration::from_millis(20));
        std::fs::write(&path, "(a: 1)").expect("write");
        assert!(!stamp.differs_on_disk(&path), "touched, same bytes");
        std::fs::write(&path, "(a: 2)").expect("write");
        assert!(stamp.differs_on_disk(&path), "same size, other bytes");
        std::fs::remove_file(&path).expect("remove");
        assert!(
            !stamp.differs_on_disk(&path),
            "a file that is gone is written again"
        );
    }
}
