//! gridnote-engine's loops driven in process: commands through a pipe the test writes
//! to as it goes, replies read line by line as they come.

mod gomocup;
mod otep;
mod st3p;
mod support;
