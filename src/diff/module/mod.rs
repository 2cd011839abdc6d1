//! `vmodc diff A.vmod B.vmod`: two module files compared, ours or anyone's. [`read`] reads a module
//! the way the verifier does, [`compare`] lists what changed, [`html`] draws the changed pieces.

pub mod compare;
pub mod html;
pub mod read;
