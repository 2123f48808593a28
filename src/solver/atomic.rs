//! Files written whole or not at all: into a temporary file beside the path, renamed over
//! it once whole and on the disk, so that a process killed while writing (a job at its
//! time limit, Ctrl-C) leaves no file under the path that looks finished.

use std::fs::File;
use std::io::{self, BufWriter};
use std::path::{Path, PathBuf};

/// The file that `path` is written to before it is renamed to `path`.
pub fn temporary(path: &Path) -> PathBuf {
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".part");
    PathBuf::from(temporary)
}

/// Writes `path` through `write`, into a temporary file renamed over `path` once it is
/// whole and on the disk: on any error the temporary file is removed and `path` is left as
/// it was.
pub fn write_atomically<T>(
    path: &Path,
    write: impl FnOnce(&mut BufWriter<File>) -> io::Result<T>,
) -> io::Result<T> {
    let temporary = temporary(path);
    let written = File::create(&temporary).and_then(|file| {
        let mut out = BufWriter::new(file);
        let value = write(&mut out)?;
        let file = out.into_inner().map_err(|e| e.into_error())?;
        file.sync_all()?;
        Ok(value)
    });
    match written.and_then(|value| std::fs::rename(&temporary, path).map(|_| value)) {
        Ok(value) => Ok(value),
        Err(e) => {
            let _ = std::fs::remove_file(&temporary);
            Err(e)
        }
    }
}
