//! `vmodc schema`: the JSON Schemas of the data files, printed or written to `<root>/schema/`.

use super::USAGE;
use crate::load::schema::{FILE_KINDS, SCHEMA_FOLDER};
use std::path::Path;
use std::process::ExitCode;

pub fn run_schema(root: &Path, write: bool) -> ExitCode {
    if !write {
        for kind in &FILE_KINDS {
            outln!("// {SCHEMA_FOLDER}/{} ({})", kind.file, kind.files);
            out!("{}", kind.json());
        }
        return ExitCode::SUCCESS;
    }
    let folder = root.join(SCHEMA_FOLDER);
    if let Err(e) = std::fs::create_dir_all(&folder) {
        errln!("error: cannot create {}: {e}", folder.display());
        return ExitCode::from(USAGE);
    }
    for kind in &FILE_KINDS {
        let path = folder.join(kind.file);
        if let Err(e) = std::fs::write(&path, kind.json()) {
            errln!("error: cannot write {}: {e}", path.display());
            return ExitCode::from(USAGE);
        }
    }
    outln!("wrote {} schemas to {}", FILE_KINDS.len(), folder.display());
    ExitCode::SUCCESS
}
