//! The tests that ship in the published package: the reader and writer, every kind
//! of error with its span, and the round trip as a property.

mod read_write;
