//! Saving never loses or exposes anything: permissions are kept, links are saved through, a
//! `.bak` link is replaced rather than written through, stale temporary files are cleaned, and a
//! save killed at any moment leaves the file and its backup each a complete old or new version.
//!
//! This test file has its own `main` (`harness = false`): the kill test runs this same binary
//! as the process it kills, which then only saves in a loop.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, SystemTime};

use roadwright::content::save::{backup_path, write_atomic};

fn a_private_file_stays_private() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("deck.ron");
    fs::write(&path, "old").expect("write");
    fs::set_permissions(&path, fs::Permissions::from_mode(0o600)).expect("chmod");
    write_atomic(&path, b"new").expect("save");
    let mode = fs::metadata(&path).expect("meta").permissions().mode() & 0o777;
    assert_eq!(mode, 0o600, "a 600 file stays 600");
    assert_eq!(fs::read_to_string(&path).expect("read"), "new");
}

fn saving_through_a_link_updates_its_file_and_keeps_the_link() {
    let dir = tempfile::tempdir().expect("temp dir");
    let real = dir.path().join("real.ron");
    let link = dir.path().join("link.ron");
    fs::write(&real, "old").expect("write");
    std::os::unix::fs::symlink("real.ron", &link).expect("link");
    write_atomic(&link, b"new").expect("save");
    assert!(
        fs::symlink_metadata(&link)
            .expect("meta")
            .file_type()
            .is_symlink(),
        "the link is still a link"
    );
    assert_eq!(fs::read_to_string(&real).expect("read"), "new");
    assert_eq!(fs::read_to_string(backup_path(&real)).expect("bak"), "old");
}

fn a_backup_that_is_a_link_is_replaced_never_written_through() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("deck.ron");
    let victim = dir.path().join("victim.txt");
    fs::write(&path, "old").expect("write");
    fs::write(&victim, "precious").expect("write");
    std::os::unix::fs::symlink(&victim, backup_path(&path)).expect("link");
    write_atomic(&path, b"new").expect("save");
    assert_eq!(fs::read_to_string(&victim).expect("read"), "precious");
    let bak = backup_path(&path);
    assert!(
        !fs::symlink_metadata(&bak)
            .expect("meta")
            .file_type()
            .is_symlink()
    );
    assert_eq!(fs::read_to_string(&bak).expect("bak"), "old");
}

fn stale_temporary_files_are_cleaned_and_fresh_ones_left() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("deck.ron");
    fs::write(&path, "old").expect("write");
    let stale = dir.path().join(".deck.ron.aB3dE9");
    let old_scheme = dir.path().join("deck.ron.4242.rw-tmp");
    let fresh = dir.path().join(".deck.ron.Zz9Yy8");
    let unrelated = dir.path().join(".deck.ron.recovery");
    for file in [&stale, &old_scheme, &fresh, &unrelated] {
        fs::write(file, "half").expect("write");
    }
    let an_hour_ago = SystemTime::now() - Duration::from_hours(1);
    for file in [&stale, &old_scheme, &unrelated] {
        fs::File::options()
            .write(true)
            .open(file)
            .expect("open")
            .set_modified(an_hour_ago)
            .expect("age it");
    }
    write_atomic(&path, b"new").expect("save");
    assert!(
        !stale.exists() && !old_scheme.exists(),
        "stale ones removed"
    );
    assert!(fresh.exists(), "a save may still be writing a fresh one");
    assert!(
        unrelated.exists(),
        "the recovery copy is not a temporary file"
    );
}

/// The two versions a killed save alternates between: large enough that a kill lands in the
/// middle of writing one.
fn version(which: u8) -> Vec<u8> {
    let line = if which == 0 {
        "old old old old old old old old old old old old old old old old\n"
    } else {
        "new new new new new new new new new new new new new new new new\n"
    };
    line.repeat(64 * 1024).into_bytes()
}

/// What the killed process does: save the two versions in turn until it is killed. After its
/// first save it says so on its output, so the test kills a process that is saving, not one
/// still starting.
fn save_loop(path: &Path) {
    use std::io::Write as _;
    let mut said = false;
    for i in 0u64.. {
        let saved = write_atomic(path, &version((i % 2) as u8)).is_ok();
        if saved && !said {
            let mut out = std::io::stdout();
            let _ = writeln!(out, "saving");
            let _ = out.flush();
            said = true;
        }
    }
}

/// The first line the child prints, or `None` when it prints none within a minute (a process
/// that cannot save prints nothing and saves forever: the test must fail, not hang).
fn first_line(child: &mut std::process::Child) -> Option<String> {
    let out = child.stdout.take()?;
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let read = std::io::BufRead::read_line(&mut std::io::BufReader::new(out), &mut line);
        let _ = send.send(read.ok().map(|_| line.trim().to_owned()));
    });
    receive.recv_timeout(Duration::from_mins(1)).ok().flatten()
}

fn a_save_killed_at_any_moment_leaves_whole_versions() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("big.ron");
    fs::write(&path, version(0)).expect("write");
    fs::write(backup_path(&path), version(1)).expect("write");
    let (old, new) = (version(0), version(1));
    for round in 0..12u64 {
        let mut child = Command::new(std::env::current_exe().expect("test binary"))
            .env("ROADWRIGHT_SAVE_LOOP", &path)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("child");
        // Kill it only once it has saved, at a different moment each round: a kill before the
        // first write would prove nothing.
        let said = first_line(&mut child);
        if said.as_deref() != Some("saving") {
            let _ = child.kill();
            panic!("round {round}: the saving process never saved ({said:?})");
        }
        std::thread::sleep(Duration::from_millis(round * 37 % 200));
        child.kill().expect("kill");
        let _ = child.wait();
        for file in [path.clone(), backup_path(&path)] {
            let bytes = fs::read(&file).expect("the file is there");
            assert!(
                bytes == old || bytes == new,
                "round {round}: {} is not a whole version ({} bytes)",
                file.display(),
                bytes.len()
            );
        }
    }
}

fn main() -> std::process::ExitCode {
    if let Some(path) = std::env::var_os("ROADWRIGHT_SAVE_LOOP") {
        save_loop(Path::new(&path));
        return std::process::ExitCode::SUCCESS;
    }
    let tests: [(&str, fn()); 5] = [
        ("a_private_file_stays_private", a_private_file_stays_private),
        (
            "saving_through_a_link_updates_its_file_and_keeps_the_link",
            saving_through_a_link_updates_its_file_and_keeps_the_link,
        ),
        (
            "a_backup_that_is_a_link_is_replaced_never_written_through",
            a_backup_that_is_a_link_is_replaced_never_written_through,
        ),
        (
            "stale_temporary_files_are_cleaned_and_fresh_ones_left",
            stale_temporary_files_are_cleaned_and_fresh_ones_left,
        ),
        (
            "a_save_killed_at_any_moment_leaves_whole_versions",
            a_save_killed_at_any_moment_leaves_whole_versions,
        ),
    ];
    let mut failed = 0;
    for (name, test) in tests {
        if std::panic::catch_unwind(test).is_ok() {
            println!("test {name} ... ok");
        } else {
            println!("test {name} ... FAILED");
            failed += 1;
        }
    }
    println!("{} passed, {failed} failed", tests.len() - failed);
    if failed == 0 {
        std::process::ExitCode::SUCCESS
    } else {
        std::process::ExitCode::FAILURE
    }
}
