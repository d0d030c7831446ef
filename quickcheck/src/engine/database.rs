//! The example database: failing choice sequences saved between runs.
//!
//! Each property (by its name) gets a directory; each saved example is one
//! small text file in it, a header line and then one choice per line. On the
//! next run the saved examples are replayed first through the property's
//! current generators: one that still fails is shrunk and reported, one that
//! passes is deleted. Saving choices rather than values means an example
//! survives changes to the types it builds, as long as the generators draw
//! the same way.
//!
//! There is one store per property, not Hypothesis's primary, secondary
//! and Pareto stores: a property keeps its minimal and original examples,
//! a few files, and every one is replayed. A replayed failure is shrunk
//! again rather than trusted as minimal: one pass over an example already
//! minimal is cheap, and after a change to the code a smaller
//! counterexample may exist, which such a shortcut would never report.
//!
//! Writes go to a temporary file that is then renamed into place, which is
//! atomic, so concurrent runs (nextest runs each test in its own process)
//! never see a half-written file, and file names are the hash of their
//! contents, so two runs saving the same example write the same file. A
//! directory that cannot be read or written costs a warning, never a failed
//! test. A file that does not parse (an older format, or one cut short or
//! edited by hand) can never be replayed, so it is deleted on sight, with a
//! warning that says so; one of a later format is left to the version that
//! reads it.

use std::collections::BTreeMap;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};

use crate::engine::order::shortlex;
use crate::engine::random;
use crate::warning;

/// The first line of every saved example, naming the format and its version.
const HEADER: &str = "quickcheck choices 1";

/// What [`HEADER`] says before its version number.
const HEADER_PREFIX: &str = "quickcheck choices ";

/// The Cargo target directory a binary was built in: the nearest directory
/// above it holding the `CACHEDIR.TAG` that Cargo writes there. Found the
/// same way for tests (`target/debug/deps`), examples
/// (`target/debug/examples`) and binaries (`target/debug`).
fn target_directory_of(executable: &Path) -> Option<PathBuf> {
    executable.ancestors().skip(1).find(|directory| directory.join("CACHEDIR.TAG").is_file()).map(Path::to_path_buf)
}

/// Where saved examples live, if anywhere.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Database {
    root: PathBuf,
    /// A directory the database makes outside any target directory, which
    /// gets a `.gitignore` of its own when first written to, so that saved
    /// examples stay out of version control there too.
    unignored: Option<PathBuf>,
}

impl Database {
    /// The database in `root`.
    pub(crate) fn at(root: impl Into<PathBuf>) -> Database {
        Database { root: root.into(), unignored: None }
    }

    /// The default location: `quickcheck/examples` inside Cargo's target
    /// directory (which version control ignores in every Cargo project),
    /// found from where the running binary lives or else from an absolute
    /// `CARGO_TARGET_DIR`; `.quickcheck/examples` in the working directory
    /// otherwise. A relative `CARGO_TARGET_DIR` is Cargo's, relative to
    /// where Cargo started, while a test runs in its package's directory:
    /// taken as it is, it would put the examples in the source tree.
    pub(crate) fn default_location() -> Database {
        let target =
            std::env::current_exe().ok().and_then(|executable| target_directory_of(&executable)).or_else(|| {
                std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from).filter(|directory| directory.is_absolute())
            });
        match target {
            Some(target) => Database::at(target.join("quickcheck").join("examples")),
            None => Database::outside_a_target_directory(Path::new(".")),
        }
    }

    /// The database in `.quickcheck/examples` under `base`, for a binary
    /// that runs outside any target directory; `.quickcheck` ignores
    /// itself in git.
    fn outside_a_target_directory(base: &Path) -> Database {
        let directory = base.join(".quickcheck");
        Database { root: directory.join("examples"), unignored: Some(directory) }
    }

    fn directory(&self, key: &str) -> PathBuf {
        self.root.join(format!("{:016x}", stable_hash(key.as_bytes())))
    }

    /// Notes that a property whose generator has the type named
    /// `generator` keeps its examples under `key`, and warns (once) if
    /// another property of this process did so with a generator of another
    /// type: each would replay the other's examples through generators that
    /// do not draw them, and delete them as not fitting.
    pub(crate) fn claim(&self, key: &str, generator: &'static str) {
        static CLAIMS: Mutex<BTreeMap<PathBuf, &'static str>> = Mutex::new(BTreeMap::new());
        let mut claims = CLAIMS.lock().unwrap_or_else(PoisonError::into_inner);
        let claimed = *claims.entry(self.directory(key)).or_insert(generator);
        if claimed != generator {
            warning::once(&format!(
                "two properties keep their examples under the name {key:?} in {}, with generators of different \
                 types: each deletes the examples the other saves, as they do not fit its generators. Give each \
                 property a name of its own (Options::name, or #[property(name = ...)])",
                self.root.display()
            ));
        }
    }

    /// The saved examples of `key`, simplest first. A directory or file that
    /// cannot be read is skipped with a warning, and a file that is not a
    /// whole choice file of this version is deleted with one.
    pub(crate) fn load(&self, key: &str) -> Vec<Vec<u64>> {
        let directory = self.directory(key);
        let entries = match fs::read_dir(&directory) {
            Ok(entries) => entries,
            // Nothing saved yet.
            Err(error) if error.kind() == io::ErrorKind::NotFound => return Vec::new(),
            Err(error) => {
                warning::once(&self.file_in_the_way(key).unwrap_or_else(|| {
                    format!(
                        "could not read the saved examples in {}: {error}; none are replayed first. Make the \
                         directory readable, or {CHOOSE_ANOTHER}",
                        directory.display()
                    )
                }));
                return Vec::new();
            }
        };
        let mut examples = Vec::new();
        for entry in entries.flatten() {
            let path = entry.path();
            if is_temporary(&path) {
                remove_if_abandoned(&path);
                continue;
            }
            if path.extension().is_none_or(|extension| extension != "choices") {
                continue;
            }
            match fs::read(&path) {
                // A later version's file, in a directory two versions share
                // (switching branches): that version replays it, whatever
                // its encoding.
                Ok(bytes) if is_later_version(&bytes) => {}
                Ok(bytes) => match String::from_utf8(bytes).ok().and_then(|text| parse_whole(&path, &text)) {
                    Some(choices) => examples.push(choices),
                    None => delete_unreadable(&path, NOT_A_CHOICE_FILE),
                },
                // Deleted by another process since the directory was
                // listed (and perhaps saved again since: that is a file,
                // replayed next time); or a link to nothing, which never
                // will be read.
                Err(error) if error.kind() == io::ErrorKind::NotFound => {
                    if is_link(&path) {
                        delete_unreadable(&path, LINK_TO_NOTHING);
                    }
                }
                Err(error) => {
                    warning::once(&format!("skipped the saved example {}: could not read it: {error}", path.display()))
                }
            }
        }
        examples.sort_by(|a, b| shortlex(a, b));
        examples.dedup();
        examples
    }

    /// Saves `choices` under `key`; a failure to write is a warning, and
    /// false.
    pub(crate) fn save(&self, key: &str, choices: &[u64]) -> bool {
        let saved = self.try_save(key, choices);
        if let Err(error) = &saved {
            warning::once(&self.file_in_the_way(key).unwrap_or_else(|| {
                format!(
                    "could not save a failing example in {}: {error}; the test result is unaffected, but the \
                     example will not be replayed first next time. To fix it, {CHOOSE_ANOTHER}",
                    self.directory(key).display()
                )
            }));
        }
        saved.is_ok()
    }

    /// The warning for a file where the directory of `key` or the
    /// location should be: the operating system's "not a directory" and
    /// advice to make a directory readable or writable would not say which
    /// file is in the way. The same words whether loading or saving, so
    /// that a check that does both warns once.
    fn file_in_the_way(&self, key: &str) -> Option<String> {
        // The nearest part of the key's directory that exists decides.
        let directory = self.directory(key);
        let existing = directory.ancestors().find(|part| fs::metadata(part).is_ok())?;
        if existing.is_dir() {
            return None;
        }
        if existing == directory {
            return Some(format!(
                "the example database holds a file, {}, where the directory of this property's saved examples \
                 should be, so they are not replayed and its failures are not saved (the test results are \
                 unaffected). Remove the file",
                existing.display()
            ));
        }
        let location = if existing == self.root {
            format!("the example database location {} is a file, not a directory", self.root.display())
        } else {
            format!(
                "the example database location {} is under {}, which is a file, not a directory",
                self.root.display(),
                existing.display()
            )
        };
        Some(format!(
            "{location}, so no saved examples are replayed and failures are not saved (the test results are \
             unaffected). Point the database at a directory (Options::database, #[property(database = \"...\")] \
             or QUICKCHECK_DATABASE)"
        ))
    }

    fn try_save(&self, key: &str, choices: &[u64]) -> io::Result<()> {
        let directory = self.directory(key);
        if let Some(unignored) = &self.unignored {
            fs::create_dir_all(unignored)?;
            let ignore = unignored.join(".gitignore");
            if !ignore.exists() {
                fs::write(ignore, "# Saved failing examples of quickcheck: local to this checkout.\n*\n")?;
            }
        }
        let text = render(choices);
        let path = directory.join(file_name(choices));
        // A temporary file of a fresh name, renamed over the final one:
        // readers see the old file or the new, never a part. The process id
        // and a count keep names apart within a machine, a random word
        // between machines or containers sharing the directory (where
        // process ids repeat), and `create_new` refuses a name in use.
        static WRITES: AtomicU64 = AtomicU64::new(0);
        let unique = (random::fresh_seed(), WRITES.fetch_add(1, Ordering::Relaxed));
        let temporary = directory.join(format!(".{}.{:016x}.{}.tmp", std::process::id(), unique.0, unique.1));
        // A name in use is another writer's file: refused, and left alone.
        let create = || fs::OpenOptions::new().write(true).create_new(true).open(&temporary);
        let mut file = create_in(&directory, create)?;
        let written = file.write_all(text.as_bytes()).and_then(|()| file.sync_all());
        drop(file);
        let renamed = written.and_then(|()| fs::rename(&temporary, &path));
        if renamed.is_err() {
            // This writer's own file: nothing is left behind to pile up.
            let _ = fs::remove_file(&temporary);
        }
        renamed
    }

    /// Deletes a saved example of `key` that no longer fails, and the key's
    /// directory once it holds no other.
    pub(crate) fn delete(&self, key: &str, choices: &[u64]) {
        let directory = self.directory(key);
        let path = directory.join(file_name(choices));
        match fs::remove_file(&path) {
            // Removing a directory that still holds files fails, harmlessly.
            Ok(()) => _ = fs::remove_dir(&directory),
            // Another process deleted it first.
            Err(error) if error.kind() == io::ErrorKind::NotFound => {}
            Err(error) => warning::once(&format!("could not delete the fixed example {}: {error}", path.display())),
        }
    }
}

/// How many times a save makes the key's directory again when another
/// process removes it meanwhile.
const DIRECTORY_ATTEMPTS: u32 = 16;

/// Makes `directory` and opens a new file in it with `create`. Another
/// process that deletes the key's last example removes the emptied
/// directory too, and may do so between the two steps (the file then meets
/// no directory) or inside `create_dir_all` (which then finds the name it
/// was told exists gone, and says it exists): either way the directory is
/// made again, up to [`DIRECTORY_ATTEMPTS`] times.
fn create_in(directory: &Path, create: impl Fn() -> io::Result<fs::File>) -> io::Result<fs::File> {
    let mut attempts = 1;
    loop {
        // Only the directory's errors: a file name in use is another
        // writer's, which a second try would meet again.
        let removed_meanwhile = match fs::create_dir_all(directory) {
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => error,
            Err(error) => return Err(error),
            Ok(()) => match create() {
                Err(error) if error.kind() == io::ErrorKind::NotFound => error,
                opened => return opened,
            },
        };
        if attempts == DIRECTORY_ATTEMPTS {
            return Err(removed_meanwhile);
        }
        attempts += 1;
    }
}

/// How old a save's temporary file must be to count as abandoned: a save
/// writes and renames it within moments.
const ABANDONED_AFTER: std::time::Duration = std::time::Duration::from_secs(3600);

/// Whether `path` is named as a save names its temporary files:
/// `.{process}.{random}.{count}.tmp`.
fn is_temporary(path: &Path) -> bool {
    path.file_name()
        .and_then(|name| name.to_str())
        .is_some_and(|name| name.starts_with('.') && name.ends_with(".tmp") && name.matches('.').count() == 4)
}

/// Removes the temporary file at `path` if a save left it long ago: one
/// whose process was killed between writing and renaming. Kept, it would
/// never go, and it would keep its key's directory from being removed.
fn remove_if_abandoned(path: &Path) {
    let age = fs::metadata(path).and_then(|metadata| metadata.modified()).map(|modified| modified.elapsed());
    if let Ok(Ok(age)) = age
        && age > ABANDONED_AFTER
    {
        let _ = fs::remove_file(path);
    }
}

/// Whether `path` is a symbolic link (whatever it points to): a name that
/// could not be read because its target is missing, as opposed to a file
/// another process deleted, and perhaps saved again, since.
fn is_link(path: &Path) -> bool {
    fs::symlink_metadata(path).is_ok_and(|metadata| metadata.file_type().is_symlink())
}

/// Why a saved file can never be replayed: its contents...
const NOT_A_CHOICE_FILE: &str =
    "is not a whole choice file of this version (an older format, or cut short or edited by hand)";
/// ...or it points nowhere.
const LINK_TO_NOTHING: &str = "is a link to a file that does not exist";

/// Deletes a saved file that can never be replayed, for the reason `why`
/// says: kept, it would be skipped with a warning on every run.
fn delete_unreadable(path: &Path, why: &str) {
    let outcome = match fs::remove_file(path) {
        Ok(()) => "deleted it".to_owned(),
        // Another process deleted it first.
        Err(error) if error.kind() == io::ErrorKind::NotFound => return,
        Err(error) => format!("could not delete it ({error}); delete it by hand"),
    };
    warning::once(&format!("the saved example {} {why}, so it can never be replayed: {outcome}", path.display()));
}

fn file_name(choices: &[u64]) -> String {
    format!("{:016x}.choices", stable_hash(render(choices).as_bytes()))
}

fn render(choices: &[u64]) -> String {
    let mut text = String::with_capacity(HEADER.len() + 1 + choices.len() * 4);
    text.push_str(HEADER);
    text.push('\n');
    for choice in choices {
        text.push_str(&choice.to_string());
        text.push('\n');
    }
    text
}

/// The choices of a saved file whose name is the hash of its contents, as
/// [`file_name`] gives it: a file cut short, even at the end of a line, or
/// edited by hand no longer matches its name.
fn parse_whole(path: &Path, text: &str) -> Option<Vec<u64>> {
    let stem = path.file_stem()?.to_str()?;
    if stem != format!("{:016x}", stable_hash(text.as_bytes())) {
        return None;
    }
    parse(text)
}

/// Whether `bytes` are a choice file of a later format than this version
/// writes: its header names a higher version number (after which a later
/// format may say more).
fn is_later_version(bytes: &[u8]) -> bool {
    let version = |header: &[u8]| {
        let rest = header.strip_prefix(HEADER_PREFIX.as_bytes())?;
        let digits = rest.iter().take_while(|byte| byte.is_ascii_digit()).count();
        std::str::from_utf8(&rest[..digits]).ok()?.parse::<u32>().ok()
    };
    let ours = version(HEADER.as_bytes()).expect("the header ends in its version");
    version(bytes).is_some_and(|theirs| theirs > ours)
}

fn parse(text: &str) -> Option<Vec<u64>> {
    let mut lines = text.lines();
    if lines.next()? != HEADER || !text.ends_with('\n') {
        // A missing final newline means the file was cut short.
        return None;
    }
    lines.map(|line| line.parse().ok()).collect()
}

/// FNV-1a: a hash that is the same in every process and on every machine,
/// unlike the standard library's randomly keyed one.
fn stable_hash(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3))
}

/// How a warning says to move the database, wherever its location was
/// given.
const CHOOSE_ANOTHER: &str = "give the database a writable directory (Options::database, \
     #[property(database = \"...\")] or QUICKCHECK_DATABASE), or turn it off with \"off\"";

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> Database {
        let root = std::env::temp_dir().join(format!("quickcheck-database-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&root);
        Database::at(root)
    }

    #[test]
    fn saved_examples_load_simplest_first_and_delete() {
        let database = scratch("round-trip");
        assert!(database.save("a::b", &[5, 1, 0]));
        database.save("a::b", &[2]);
        database.save("a::b", &[2]);
        database.save("other", &[9]);
        assert_eq!(database.load("a::b"), vec![vec![2], vec![5, 1, 0]]);
        database.delete("a::b", &[2]);
        assert_eq!(database.load("a::b"), vec![vec![5, 1, 0]]);
        assert_eq!(database.load("other"), vec![vec![9]]);
        let _ = fs::remove_dir_all(&database.root);
    }

    #[test]
    fn garbage_and_truncated_files_are_deleted() {
        let database = scratch("garbage");
        database.save("key", &[1, 2, 3]);
        let directory = database.directory("key");
        fs::write(directory.join("junk.choices"), "not a choice file\n").unwrap();
        fs::write(directory.join("cut.choices"), format!("{HEADER}\n4\n5")).unwrap();
        // Cut at the end of a line, a file still parses, but no longer
        // matches the hash its name records.
        database.save("key", &[7, 8]);
        let whole = directory.join(file_name(&[7, 8]));
        fs::write(&whole, format!("{HEADER}\n7\n")).unwrap();
        // Files named by the hash of their contents, as this version names
        // its own: one of an older format, one that is not UTF-8, and one
        // of a later format, which that version replays and this one
        // leaves alone.
        let named = |contents: &[u8]| directory.join(format!("{:016x}.choices", stable_hash(contents)));
        for contents in [b"quickcheck choices 0\n6\n".as_slice(), b"\xff\xfe\n"] {
            fs::write(named(contents), contents).unwrap();
        }
        let later = b"quickcheck choices 2\n6\n";
        fs::write(named(later), later).unwrap();
        let later_binary = b"quickcheck choices 12 packed\n\xff\x06";
        fs::write(named(later_binary), later_binary).unwrap();
        assert_eq!(database.load("key"), vec![vec![1, 2, 3]]);
        let mut left: Vec<_> = fs::read_dir(&directory).unwrap().map(|entry| entry.unwrap().path()).collect();
        left.sort();
        let mut kept = vec![directory.join(file_name(&[1, 2, 3])), named(later), named(later_binary)];
        kept.sort();
        assert_eq!(left, kept, "only the whole file and the later version's are left");
        let _ = fs::remove_dir_all(&database.root);
    }

    #[test]
    fn an_unwritable_location_is_only_a_warning() {
        let file = std::env::temp_dir().join(format!("quickcheck-database-file-{}", std::process::id()));
        fs::write(&file, "a file, not a directory").unwrap();
        let database = Database::at(file.join("examples"));
        assert!(!database.save("key", &[1]));
        assert!(database.load("key").is_empty());
        database.delete("key", &[1]);
        let _ = fs::remove_file(&file);
    }

    #[test]
    fn a_file_for_a_location_is_named_as_one() {
        let file = std::env::temp_dir().join(format!("quickcheck-database-in-the-way-{}", std::process::id()));
        fs::write(&file, "a file, not a directory").unwrap();
        let warning = Database::at(&file).file_in_the_way("key").expect("the location is a file");
        assert!(
            warning.starts_with(&format!(
                "the example database location {} is a file, not a directory, so no saved examples are replayed",
                file.display()
            )),
            "{warning}"
        );
        // The file is not the database's: it may be anything (`/dev/null`),
        // so the advice is to move the database, not to remove the file.
        assert!(warning.ends_with("Point the database at a directory (Options::database, #[property(database = \"...\")] or QUICKCHECK_DATABASE)"), "{warning}");
        let below = file.join("examples");
        let warning = Database::at(&below).file_in_the_way("key").expect("the location is under a file");
        assert!(
            warning.starts_with(&format!(
                "the example database location {} is under {}, which is a file, not a directory",
                below.display(),
                file.display()
            )),
            "{warning}"
        );
        fs::remove_file(&file).unwrap();
        assert_eq!(Database::at(&below).file_in_the_way("key"), None, "nothing is in the way of a missing location");
        assert_eq!(Database::at(std::env::temp_dir()).file_in_the_way("key"), None, "a directory is in no one's way");
    }

    /// A file where a property's own directory should be is named, with
    /// what to do: the database's location is fine.
    #[test]
    fn a_file_for_a_propertys_directory_is_named_as_one() {
        let database = scratch("key-file");
        fs::create_dir_all(&database.root).unwrap();
        let directory = database.directory("key");
        fs::write(&directory, "a file, not a directory").unwrap();
        let warning = database.file_in_the_way("key").expect("a file is in the way");
        assert!(
            warning.starts_with(&format!("the example database holds a file, {}, where", directory.display())),
            "{warning}"
        );
        assert!(warning.ends_with("Remove the file"), "{warning}");
        assert!(!database.save("key", &[1]));
        assert!(database.load("key").is_empty());
        assert_eq!(database.file_in_the_way("other"), None);
        let _ = fs::remove_dir_all(&database.root);
    }

    /// A saved example that is a link to nothing can never be read: it is
    /// deleted, as an unreadable file is, rather than skipped on every run.
    /// Only a link is: a file that could not be read because another
    /// process deleted it, and that is back when looked at again, stays.
    #[cfg(unix)]
    #[test]
    fn a_link_to_nothing_is_deleted() {
        let database = scratch("dangling");
        database.save("key", &[4]);
        let link = database.directory("key").join("0000000000000000.choices");
        std::os::unix::fs::symlink(database.root.join("nowhere"), &link).unwrap();
        assert!(is_link(&link));
        assert!(!is_link(&database.directory("key").join(file_name(&[4]))));
        assert_eq!(database.load("key"), vec![vec![4]]);
        assert!(fs::symlink_metadata(&link).is_err(), "the link is gone");
        let _ = fs::remove_dir_all(&database.root);
    }

    #[test]
    fn concurrent_writers_lose_nothing() {
        let database = scratch("concurrent");
        let writers: Vec<_> = (0..4u64)
            .map(|writer| {
                let database = database.clone();
                std::thread::spawn(move || {
                    for example in 0..50 {
                        database.save("shared", &[writer, example]);
                        database.save("shared", &[9, 9, 9]);
                    }
                })
            })
            .collect();
        for writer in writers {
            writer.join().unwrap();
        }
        let loaded = database.load("shared");
        assert_eq!(loaded.len(), 4 * 50 + 1);
        let left_over = fs::read_dir(database.directory("shared"))
            .unwrap()
            .flatten()
            .filter(|entry| entry.path().extension().is_some_and(|extension| extension == "tmp"));
        assert_eq!(left_over.count(), 0, "temporary files were left behind");
        let _ = fs::remove_dir_all(&database.root);
    }

    /// A passing run deletes the examples it replays, and the emptied
    /// directory with them, while a failing run saves: a save that finds
    /// its directory gone when it creates its file makes it again, a
    /// bounded number of times.
    #[test]
    fn a_save_makes_its_directory_again_when_another_removes_it() {
        let database = scratch("removed-meanwhile");
        let directory = database.directory("key");
        let file = directory.join("new.tmp");
        let removals = std::cell::Cell::new(0);
        // Removes the directory, as another process would, on the first two
        // tries; then creates the file.
        let create = || {
            if removals.get() < 2 {
                removals.set(removals.get() + 1);
                fs::remove_dir(&directory).unwrap();
            }
            fs::OpenOptions::new().write(true).create_new(true).open(&file)
        };
        assert!(create_in(&directory, create).is_ok());
        assert!(file.is_file());
        // Removed before every try, it gives up with the error.
        let always_removed = || {
            fs::remove_dir_all(&directory).unwrap();
            fs::OpenOptions::new().write(true).create_new(true).open(&file)
        };
        let error = create_in(&directory, always_removed).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::NotFound);
        let _ = fs::remove_dir_all(&database.root);
    }

    /// A save killed between writing its temporary file and renaming it
    /// leaves the file behind: a load removes it once it is old, and
    /// leaves a fresh one, another save's in progress, alone.
    #[test]
    fn abandoned_temporary_files_are_removed() {
        let database = scratch("abandoned");
        database.save("key", &[3]);
        let directory = database.directory("key");
        let (old, fresh) = (directory.join(".1.0.0.tmp"), directory.join(".2.0.0.tmp"));
        // Not named as a save names its files: not a save's to remove.
        let other = directory.join("notes.tmp");
        let long_ago = std::time::SystemTime::now() - 2 * ABANDONED_AFTER;
        for path in [&old, &fresh, &other] {
            fs::write(path, "partial").unwrap();
            if path != &fresh {
                fs::File::options().write(true).open(path).unwrap().set_modified(long_ago).unwrap();
            }
        }
        assert_eq!(database.load("key"), vec![vec![3]]);
        assert!(!old.exists(), "the abandoned file is still there");
        assert!(fresh.exists(), "a fresh temporary file was removed");
        assert!(other.exists(), "a file the database did not write was removed");
        let _ = fs::remove_dir_all(&database.root);
    }

    #[test]
    fn the_target_directory_is_found_from_tests_examples_and_binaries() {
        let root = std::env::temp_dir().join(format!("quickcheck-target-{}", std::process::id()));
        let target = root.join("target");
        for directory in ["debug/deps", "debug/examples", "release"] {
            fs::create_dir_all(target.join(directory)).unwrap();
        }
        assert_eq!(target_directory_of(&target.join("debug/deps/suite-0123")), None, "no tag yet");
        fs::write(target.join("CACHEDIR.TAG"), "Signature: 8a477f597d28d172789f06886806bc55\n").unwrap();
        for binary in ["debug/deps/suite-0123", "debug/examples/tour", "release/tool"] {
            assert_eq!(target_directory_of(&target.join(binary)), Some(target.clone()), "{binary}");
        }
        let _ = fs::remove_dir_all(&root);
    }

    #[test]
    fn this_test_binary_saves_under_its_target_directory() {
        let Database { root, .. } = Database::default_location();
        assert!(root.ends_with("quickcheck/examples"), "{}", root.display());
        assert!(root.parent().and_then(Path::parent).is_some_and(|target| target.join("CACHEDIR.TAG").is_file()));
    }

    #[test]
    fn a_database_outside_a_target_directory_ignores_itself_in_git() {
        let base = std::env::temp_dir().join(format!("quickcheck-outside-{}", std::process::id()));
        let _ = fs::remove_dir_all(&base);
        let database = Database::outside_a_target_directory(&base);
        database.save("property", &[1, 2]);
        assert_eq!(database.load("property"), vec![vec![1, 2]]);
        let ignore = fs::read_to_string(base.join(".quickcheck").join(".gitignore")).unwrap();
        assert!(ignore.lines().any(|line| line == "*"), "{ignore}");
        fs::remove_dir_all(&base).unwrap();
    }

    #[test]
    fn the_hash_is_fixed() {
        assert_eq!(stable_hash(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(stable_hash(b"a"), 0xaf63_dc4c_8601_ec8c);
    }
}
