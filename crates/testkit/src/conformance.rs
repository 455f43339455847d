//! One conformance suite, run per [`Notation`]: what every format must do, checked the
//! same way for each.
//!
//! [`Suite::run`] checks, in order (each failure names the fixture, corpus line or
//! generated input):
//!
//! 1. **Round trip and canonical output** over `fixtures/<folder>/valid` (the files with
//!    one of the notation's [`FILE_EXTENSIONS`](Notation::FILE_EXTENSIONS)): every file
//!    reads ([`parse_with`](Notation::parse_with)); what is written
//!    ([`append_to`](Notation::append_to)) reads back, is written again byte for byte
//!    (canonical output is a fixed point) and names the same setup
//!    ([`to_setup`](Notation::to_setup)), or the same model error for a text that names
//!    no position of the shared model, whose implied side to move is the value's
//!    ([`implied_to_move`](Notation::implied_to_move)); for the others (at least one), the converter's path
//!    ([`NotationExt::write`] then [`NotationExt::read`]) gives the setup back exactly and
//!    is a fixed point too.
//! 2. **Invalid fixtures** (`invalid/`): each is rejected by [`NotationExt::read`]; a
//!    syntax error's span lies inside the input on character boundaries; with
//!    [`Suite::pinned_by`], the rendered error (or a model error's message) is the one the
//!    crate's own snapshot of that fixture pins.
//! 3. **The corpus** (`fixtures/corpus/<folder>`): every input is rejected under every
//!    option set of [`Suite::corpus_options`], syntax errors with a span inside it.
//! 4. **The allocation bound** ([`crate::memory`]): reading a valid fixture allocates at
//!    most a small multiple of its board, an invalid input at most that of the largest
//!    board; boards from 1 × 1 to 255 × 255 (dense and sparse, rectangles unless
//!    [`Suite::square_boards`]) written by the notation read within the bound too.
//! 5. **quickcheck**: any setup the notation writes reads back, is written again byte for
//!    byte, and keeps its board (unless the writer noted a new shape or orientation, or
//!    the board has void cells) and its side to move (when carried); a failure prints the
//!    shrunk setup.
//! 6. **Declared options** ([`NotationOptions`]): names are lowercase words joined by `-`
//!    and unique, each has a line of help without a final period; the default options
//!    get each option's declared default; every value a flag or choice declares (and a
//!    number's least value) sets and gets back; a name the type does not declare is an
//!    [`OptionError::UnknownOption`], and a value a flag or choice does not take an
//!    [`OptionError::Value`], changing nothing.
//!
//! [`Suite::serde`] (for notations with serde) checks that every valid fixture serializes
//! as its canonical text and deserializes back, and that deserializing an invalid
//! fixture's text reports the reader's error.

use std::fmt;
use std::ops::Range;

use gridnote_board::arbitrary::{ALL_CELLS, MARKS, board_with, in_range, shrink_board};
use gridnote_board::notation::{Notation, NotationExt, ReadError};
use gridnote_board::notes::Field;
use gridnote_board::options::{NotationOptions, OptionError, OptionKind, distinct_names};
use gridnote_board::report::{Spanned, render};
use gridnote_board::setup::Setup;
use gridnote_board::{Board, Cell, Player};
use quickcheck::{Arbitrary, Gen, QuickCheck, TestResult};

use crate::fixtures::Fixtures;
use crate::{corpus, memory};

/// The conformance suite of one notation `N`: configure, then [`run`](Suite::run).
///
/// ```no_run
/// use gridnote_testkit::conformance::Suite;
/// # use gridnote_board::notation::Notation;
/// # fn example<T3en: Notation>() {
/// Suite::<T3en>::new("t3en").corpus("t3en").pinned_by("fixtures__invalid@").run();
/// # }
/// ```
pub struct Suite<N: Notation> {
    fixtures: Fixtures,
    corpora: Vec<(String, Vec<String>)>,
    corpus_options: Vec<N::Options>,
    invalid_options: fn(&str) -> N::Options,
    pinned: Option<String>,
    unpinned: &'static [&'static str],
    palette: &'static [Cell],
    large_boards: bool,
    square_boards: bool,
    memory: bool,
    bound: fn(usize, usize) -> usize,
    quickcheck_tests: u64,
}

impl<N: Notation> fmt::Debug for Suite<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Suite")
            .field("notation", &N::NAME)
            .field("fixtures", &self.fixtures)
            .field("corpora", &self.corpora)
            .field("pinned", &self.pinned)
            .finish_non_exhaustive()
    }
}

impl<N: Notation> Suite<N> {
    /// The suite over `fixtures/<folder>` (the files with the notation's extensions), with
    /// no corpus, default options, boards of empty cells and both players' men, boards up
    /// to 255 × 255 and the allocation bound checked.
    ///
    /// ```no_run
    /// # use gridnote_board::notation::Notation;
    /// # fn example<Tsn: Notation>() {
    /// gridnote_testkit::conformance::Suite::<Tsn>::new("tafl").run();
    /// # }
    /// ```
    #[must_use]
    pub fn new(folder: &str) -> Suite<N> {
        Suite {
            fixtures: Fixtures::new(folder),
            corpora: Vec::new(),
            corpus_options: vec![N::Options::default()],
            invalid_options: |_| N::Options::default(),
            pinned: None,
            unpinned: &[],
            palette: &MARKS,
            large_boards: true,
            square_boards: false,
            memory: true,
            bound: memory::bound,
            quickcheck_tests: 300,
        }
    }

    /// Also every input of `fixtures/corpus/<folder>` (which must hold at least 200).
    ///
    /// ```no_run
    /// # use gridnote_board::notation::Notation;
    /// # fn example<Tuple: Notation>() {
    /// gridnote_testkit::conformance::Suite::<Tuple>::new("tuple").corpus("tuple").run();
    /// # }
    /// ```
    #[must_use]
    pub fn corpus(mut self, folder: &str) -> Suite<N> {
        self.corpora.push((folder.to_owned(), Vec::new()));
        self
    }

    /// Also the inputs of these files of `fixtures/corpus/<folder>` (no minimum size).
    ///
    /// ```no_run
    /// # use gridnote_board::notation::Notation;
    /// # fn example<OtnRecord: Notation>() {
    /// use gridnote_testkit::conformance::Suite;
    /// Suite::<OtnRecord>::new("otn").corpus_files("otn", &["position.txt", "rules.txt"]).run();
    /// # }
    /// ```
    #[must_use]
    pub fn corpus_files(mut self, folder: &str, files: &[&str]) -> Suite<N> {
        self.corpora.push((folder.to_owned(), files.iter().map(|f| (*f).to_owned()).collect()));
        self
    }

    /// The option sets under which every corpus input must be rejected (default: the
    /// default options only).
    ///
    /// ```no_run
    /// # use gridnote_board::notation::Notation;
    /// # fn example<Tsn: Notation>() {
    /// use gridnote_testkit::conformance::Suite;
    /// Suite::<Tsn>::new("tafl").corpus("tsn").corpus_options(vec![Default::default()]).run();
    /// # }
    /// ```
    #[must_use]
    pub fn corpus_options(mut self, options: Vec<N::Options>) -> Suite<N> {
        self.corpus_options = options;
        self
    }

    /// The options an invalid fixture is read with, by its file name (default: the default
    /// options), e.g. strict reading for fixtures that only strict reading rejects.
    ///
    /// ```no_run
    /// # use gridnote_board::notation::Notation;
    /// # fn example<Tsn: Notation>() {
    /// use gridnote_testkit::conformance::Suite;
    /// Suite::<Tsn>::new("tafl").invalid_options(|_name| Default::default()).run();
    /// # }
    /// ```
    #[must_use]
    pub fn invalid_options(mut self, options: fn(&str) -> N::Options) -> Suite<N> {
        self.invalid_options = options;
        self
    }

    /// Checks each invalid fixture's error against the crate's snapshot of it,
    /// `tests/snapshots/<prefix><file name>.snap` (relative to the crate, where cargo runs
    /// its tests): the snapshot holds the rendered error (message, input line and caret
    /// under the span), or a model error's message.
    ///
    /// ```no_run
    /// # use gridnote_board::notation::Notation;
    /// # fn example<Tuple: Notation>() {
    /// use gridnote_testkit::conformance::Suite;
    /// Suite::<Tuple>::new("tuple").pinned_by("fixtures__invalid_fixtures@").run();
    /// # }
    /// ```
    #[must_use]
    pub fn pinned_by(mut self, prefix: &str) -> Suite<N> {
        self.pinned = Some(prefix.to_owned());
        self
    }

    /// Invalid fixtures (file names) the notation rejects with another error than the one
    /// the crate's snapshot pins (its own reader of another type): listed, so that the
    /// suite fails when one of them comes to agree.
    ///
    /// ```no_run
    /// # use gridnote_board::notation::Notation;
    /// # fn example<OtnRecord: Notation>() {
    /// use gridnote_testkit::conformance::Suite;
    /// Suite::<OtnRecord>::new("otn").pinned_by("p@").not_pinned(&["rules-empty.otr"]).run();
    /// # }
    /// ```
    #[must_use]
    pub fn not_pinned(mut self, names: &'static [&'static str]) -> Suite<N> {
        self.unpinned = names;
        self
    }

    /// The cells of the generated boards (default: empty and both players' men).
    ///
    /// ```no_run
    /// # use gridnote_board::notation::Notation;
    /// # fn example<T3en: Notation>() {
    /// use gridnote_board::Cell;
    /// use gridnote_testkit::conformance::Suite;
    /// const CELLS: [Cell; 4] = [Cell::Void, Cell::Empty, Cell::ONE, Cell::TWO];
    /// Suite::<T3en>::new("t3en").palette(&CELLS).run();
    /// # }
    /// ```
    #[must_use]
    pub fn palette(mut self, cells: &'static [Cell]) -> Suite<N> {
        assert!(!cells.is_empty(), "a palette needs a cell");
        self.palette = cells;
        self
    }

    /// The notation writes 3 × 3 boards only: no large boards are generated.
    ///
    /// ```no_run
    /// # use gridnote_board::notation::Notation;
    /// # fn example<Digits: Notation>() {
    /// gridnote_testkit::conformance::Suite::<Digits>::new("digits").small_boards().run();
    /// # }
    /// ```
    #[must_use]
    pub fn small_boards(mut self) -> Suite<N> {
        self.large_boards = false;
        self
    }

    /// The notation writes square boards only: no rectangles are generated.
    ///
    /// ```no_run
    /// # use gridnote_board::notation::Notation;
    /// # fn example<Tsn: Notation>() {
    /// gridnote_testkit::conformance::Suite::<Tsn>::new("tafl").square_boards().run();
    /// # }
    /// ```
    #[must_use]
    pub fn square_boards(mut self) -> Suite<N> {
        self.square_boards = true;
        self
    }

    /// The most a read may allocate for a board of `cells` cells from `input_len` bytes
    /// (default: [`memory::bound`]), for a notation whose values keep more of the text.
    ///
    /// ```no_run
    /// # use gridnote_board::notation::Notation;
    /// # fn example<OtnRecord: Notation>() {
    /// use gridnote_testkit::{conformance::Suite, memory};
    /// Suite::<OtnRecord>::new("otn").allocation_bound(|cells, len| memory::bound(cells, 2 * len)).run();
    /// # }
    /// ```
    #[must_use]
    pub fn allocation_bound(mut self, bound: fn(usize, usize) -> usize) -> Suite<N> {
        self.bound = bound;
        self
    }

    /// Skips the allocation bound (for a test binary without [`crate::count_allocations!`]).
    ///
    /// ```no_run
    /// # use gridnote_board::notation::Notation;
    /// # fn example<Tsn: Notation>() {
    /// gridnote_testkit::conformance::Suite::<Tsn>::new("tafl").without_memory().run();
    /// # }
    /// ```
    #[must_use]
    pub fn without_memory(mut self) -> Suite<N> {
        self.memory = false;
        self
    }

    /// Runs every check (see the [module](self) documentation).
    ///
    /// # Panics
    /// On the first check that fails, naming the input.
    ///
    /// ```no_run
    /// # use gridnote_board::notation::Notation;
    /// # fn example<Tsn: Notation>() {
    /// gridnote_testkit::conformance::Suite::<Tsn>::new("tafl").run();
    /// # }
    /// ```
    pub fn run(&self) {
        self.valid_fixtures();
        self.invalid_fixtures();
        self.corpora();
        if self.large_boards && self.memory {
            self.large_boards();
        }
        self.quickcheck();
        declared_options::<N::Options>(N::NAME);
    }

    /// The bytes `f` allocates, or 0 when the bound is not checked.
    fn measure<T>(&self, f: impl FnOnce() -> T) -> (usize, T) {
        if self.memory { memory::allocated(f) } else { (0, f()) }
    }

    /// Asserts a read of `input` allocated at most the bound for `cells` cells.
    fn within(&self, what: &str, input: &str, cells: usize, bytes: usize) {
        let limit = (self.bound)(cells, input.len());
        let shown: String = input.chars().take(40).collect();
        assert!(
            bytes <= limit,
            "{what}: reading {} bytes ({shown:?}…) allocated {bytes} bytes, more than {limit} for {cells} cells",
            input.len(),
        );
    }

    fn valid_fixtures(&self) {
        let options = N::Options::default();
        let fixtures = self.fixtures.valid(N::FILE_EXTENSIONS);
        assert!(!fixtures.is_empty(), "{}: no valid fixtures in {:?}", N::NAME, self.fixtures);
        let mut converted = 0;
        for fixture in &fixtures {
            let (name, text) = (&fixture.name, fixture.text.as_str());
            let (bytes, value) = self.measure(|| N::parse_with(text, &options));
            let value =
                value.unwrap_or_else(|e| panic!("{name}: does not read\n{}", shown(text, &e)));
            let canonical = written(&value, &options);
            // A well-formed text may name no position of the shared model (an OTN piece
            // without an equivalent): its canonical text must name none either.
            let implied = value.implied_to_move();
            let setup = value.to_setup(&options);
            if let Ok(setup) = &setup {
                assert_eq!(
                    setup.implied_to_move, implied,
                    "{name}: implied_to_move says another side than to_setup"
                );
            }
            if self.memory {
                let cells =
                    setup.as_ref().map_or(memory::MAX_CELLS, |s| s.board.rows() * s.board.cols());
                self.within(name, text, cells, bytes);
            }

            // The canonical text reads to the same setup and is written again as it is.
            let again = N::parse_with(&canonical, &options).unwrap_or_else(|e| {
                panic!(
                    "{name}: the canonical text {canonical:?} does not read\n{}",
                    shown(&canonical, &e)
                )
            });
            let rewritten = written(&again, &options);
            assert_eq!(rewritten, canonical, "{name}: canonical output is not a fixed point");
            assert_eq!(
                again.to_setup(&options),
                setup,
                "{name}: {canonical:?} reads as another setup"
            );
            let Ok(setup) = setup else { continue };
            converted += 1;

            // The converter's path: the setup written reads back to it exactly.
            let mut notes = Vec::new();
            let converted = N::write(setup.clone(), &options, &mut notes)
                .unwrap_or_else(|e| panic!("{name}: its own setup cannot be written: {e}"));
            let back = N::read(&converted, &options).unwrap_or_else(|e| {
                panic!("{name}: {converted:?} written from its setup does not read: {e}")
            });
            assert_eq!(
                back, setup,
                "{name}: written from its setup as {converted:?}, reads as another"
            );
            let twice =
                N::write(back, &options, &mut Vec::new()).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(twice, converted, "{name}: writing from the setup is not a fixed point");
        }
        assert!(converted > 0, "{}: no valid fixture names a position", N::NAME);
    }

    fn invalid_fixtures(&self) {
        let fixtures = self.fixtures.invalid(N::FILE_EXTENSIONS);
        assert!(!fixtures.is_empty(), "{}: no invalid fixtures in {:?}", N::NAME, self.fixtures);
        let mut mismatches = Vec::new();
        for fixture in &fixtures {
            let (name, text) = (&fixture.name, fixture.text.as_str());
            let options = (self.invalid_options)(name);
            let (pinned, rendered) = match N::read(text, &options) {
                Ok(setup) => panic!("{name}: an invalid fixture reads as {setup:?}"),
                Err(ReadError::Syntax(e)) => {
                    let message = e.to_string();
                    corpus::check_span(name, text, e.span(), &message);
                    (render(text, e.span(), &message), shown(text, &e))
                }
                Err(ReadError::Model(e)) => {
                    let message = e.to_string();
                    assert!(!message.is_empty(), "{name}: an empty message");
                    (message.clone(), message)
                }
                Err(e) => panic!("{name}: an error this suite does not know: {e}"),
            };
            if let Some(prefix) = &self.pinned {
                let path = format!("tests/snapshots/{prefix}{name}.snap");
                let snapshot = std::fs::read_to_string(&path)
                    .unwrap_or_else(|e| panic!("{name}: no snapshot {path}: {e}"));
                let unpinned = self.unpinned.contains(&name.as_str());
                if snapshot.contains(&pinned) == unpinned {
                    mismatches.push(format!(
                        "{name}: the {} notation's error is {}the one {path} pins:\n{rendered}",
                        N::NAME,
                        if unpinned { "(listed as not pinned) " } else { "not " }
                    ));
                }
            }
            if self.memory {
                let (bytes, _) = memory::allocated(|| N::parse_with(text, &options));
                self.within(name, text, memory::MAX_CELLS, bytes);
            }
        }
        assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
    }

    fn corpora(&self) {
        for (folder, files) in &self.corpora {
            let mut inputs = corpus::inputs(folder);
            if files.is_empty() {
                corpus::assert_size(folder, inputs.len());
            } else {
                inputs.retain(|(place, _)| files.iter().any(|f| f == corpus::file_of(place)));
                assert!(!inputs.is_empty(), "no inputs in {folder}/{files:?}");
            }
            for (place, input) in &inputs {
                for options in &self.corpus_options {
                    let (bytes, read) = self.measure(|| N::parse_with(input, options));
                    let result = read
                        .map_err(ReadError::Syntax)
                        .and_then(|value| value.to_setup(options).map_err(ReadError::Model));
                    match result {
                        Ok(setup) => {
                            panic!("{place}: {input:?} reads (options {options:?}) as {setup:?}")
                        }
                        Err(ReadError::Syntax(e)) => {
                            corpus::check_span(place, input, e.span(), &e.to_string());
                        }
                        Err(ReadError::Model(e)) => {
                            assert!(!e.to_string().is_empty(), "{place}: an empty message");
                        }
                        Err(e) => panic!("{place}: an error this suite does not know: {e}"),
                    }
                    if self.memory {
                        self.within(place, input, memory::MAX_CELLS, bytes);
                    }
                }
            }
        }
    }

    /// Boards from 1 × 1 to 255 × 255, dense and sparse, written by the notation and read
    /// within the bound; the counter sees the largest board.
    fn large_boards(&self) {
        let options = N::Options::default();
        let palette = self.palette;
        let mut largest = 0;
        let shapes = [(1, 1), (3, 4), (19, 19), (100, 100), (255, 1), (1, 255), (255, 255)];
        for (rows, cols) in shapes {
            if self.square_boards && rows != cols {
                continue;
            }
            let dense = Board::from_fn(rows, cols, |r, c| palette[(r * 7 + c * 3) % palette.len()]);
            let sparse = Board::from_fn(rows, cols, |r, c| {
                if r == c { palette[1 % palette.len()] } else { palette[0] }
            });
            for board in [dense, sparse] {
                let board = board.expect("a shape in range");
                let setup = Setup::new(board).with_to_move(Player::One);
                let text = N::write(setup, &options, &mut Vec::new()).unwrap_or_else(|e| {
                    panic!(
                        "{}: a {rows}x{cols} board of {palette:?} cannot be written: {e}",
                        N::NAME
                    )
                });
                let (bytes, read) = memory::allocated(|| N::parse_with(&text, &options));
                let setup = read
                    .map_err(|e| shown(&text, &e))
                    .and_then(|v| v.to_setup(&options).map_err(|e| e.to_string()))
                    .unwrap_or_else(|e| panic!("{}: a {rows}x{cols} board: {e}", N::NAME));
                let cells = setup.board.rows() * setup.board.cols();
                self.within(&format!("a {rows}x{cols} board"), &text, cells, bytes);
                if (rows, cols) == (255, 255) {
                    largest = largest.max(bytes);
                }
            }
        }
        assert!(
            largest >= 255 * 255 * size_of::<Cell>(),
            "{}: the counter does not see the 255x255 board ({largest} bytes)",
            N::NAME
        );
    }

    fn quickcheck(&self) {
        QuickCheck::new()
            .tests(self.quickcheck_tests)
            .max_tests(100 * self.quickcheck_tests)
            // Not vacuous: that many generated setups are written (the rest are discarded).
            .min_tests_passed(self.quickcheck_tests)
            .quickcheck(written_setups_read_back::<N> as fn(Case) -> TestResult);
    }
}

/// The serde checks, for notations that serialize (with their crate's `serde` feature).
impl<N> Suite<N>
where
    N: Notation + serde::Serialize + serde::de::DeserializeOwned,
{
    /// Every valid fixture serializes as its canonical text (a JSON string) and
    /// deserializes to a value written the same; an invalid fixture's text does not
    /// deserialize, and the error says what the reader says.
    ///
    /// # Panics
    /// On the first check that fails, naming the fixture.
    ///
    /// ```no_run
    /// # use gridnote_board::notation::Notation;
    /// # fn example<Tsn: Notation + serde::Serialize + serde::de::DeserializeOwned>() {
    /// gridnote_testkit::conformance::Suite::<Tsn>::new("tafl").serde();
    /// # }
    /// ```
    pub fn serde(&self) {
        let options = N::Options::default();
        for fixture in self.fixtures.valid(N::FILE_EXTENSIONS) {
            let name = &fixture.name;
            let value = N::parse_with(&fixture.text, &options)
                .unwrap_or_else(|e| panic!("{name}: {}", shown(&fixture.text, &e)));
            let canonical = written(&value, &options);
            let json = serde_json::to_string(&value).unwrap_or_else(|e| panic!("{name}: {e}"));
            let expected = serde_json::to_string(&canonical).expect("a string serializes");
            assert_eq!(json, expected, "{name}: does not serialize as its canonical text");
            let back: N = serde_json::from_str(&json)
                .unwrap_or_else(|e| panic!("{name}: {json} does not deserialize: {e}"));
            assert_eq!(
                written(&back, &options),
                canonical,
                "{name}: {json} deserializes to another value"
            );
            assert_eq!(
                serde_json::to_string(&back).ok(),
                Some(json),
                "{name}: serializes differently"
            );
        }
        for fixture in self.fixtures.invalid(N::FILE_EXTENSIONS) {
            let name = &fixture.name;
            let Err(err) = N::parse_with(&fixture.text, &options) else { continue };
            let json = serde_json::to_string(&fixture.text).expect("a string serializes");
            match serde_json::from_str::<N>(&json) {
                Ok(value) => {
                    panic!("{name}: {json} deserializes as {:?}", written(&value, &options))
                }
                Err(e) => assert!(
                    e.to_string().starts_with(&err.to_string()),
                    "{name}: deserializing says {e:?}, the reader says {:?}",
                    err.to_string()
                ),
            }
        }
    }
}

/// The canonical text of `value`.
/// Check 6: the options `O` declares are what setting and getting them by name does.
fn declared_options<O: NotationOptions>(format: &str) {
    assert!(distinct_names(O::DECLARED), "{format}: two options share a name");
    let defaults = O::default();
    for spec in O::DECLARED {
        let name = spec.name;
        let well_formed = !name.is_empty()
            && !name.starts_with('-')
            && !name.ends_with('-')
            && name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        assert!(well_formed, "{format}: option `{name}`: not lowercase words joined by `-`");
        assert!(
            !spec.help.is_empty() && !spec.help.ends_with('.') && !spec.help.contains('\n'),
            "{format}: option `{name}`: the help is one line without a final period"
        );
        assert_eq!(
            defaults.get(name).as_deref(),
            spec.default,
            "{format}: option `{name}`'s default"
        );
        let values: Vec<String> = match spec.kind {
            OptionKind::Number { min, .. } => vec![min.to_string()],
            _ => spec.values().unwrap_or_default().iter().map(|v| (*v).to_owned()).collect(),
        };
        assert!(!values.is_empty(), "{format}: option `{name}` takes no value");
        for value in &values {
            let mut options = O::default();
            options.set(name, value).unwrap_or_else(|e| panic!("{format}: {name} = {value}: {e}"));
            assert_eq!(
                options.get(name).as_deref(),
                Some(value.as_str()),
                "{format}: {name} = {value}"
            );
        }
        if spec.values().is_some() {
            let mut options = O::default();
            let err = options.set(name, "no such value").unwrap_err();
            assert!(matches!(err, OptionError::Value(_)), "{format}: {name}: {err:?}");
            assert_eq!(options, O::default(), "{format}: a refused value changed {name}");
        }
    }
    let mut options = O::default();
    let err = options.set("no-such-option", "true").unwrap_err();
    assert!(
        matches!(err, OptionError::UnknownOption { ref name, .. } if name == "no-such-option"),
        "{format}: {err:?}"
    );
    assert_eq!(options, O::default(), "{format}: an unknown option changed the options");
    assert_eq!(options.get("no-such-option"), None, "{format}");
}

fn written<N: Notation>(value: &N, options: &N::Options) -> String {
    let mut out = String::new();
    value.append_to(options, &mut out);
    out
}

/// A syntax error rendered under its input, with its span.
fn shown<E: Spanned + fmt::Display>(input: &str, err: &E) -> String {
    let span: Range<usize> = err.span();
    format!("span {}..{}\n{}", span.start, span.end, render(input, span.clone(), &err.to_string()))
}

/// A generated setup: a board (3 × 3 half the time, else 1 × 1 to 9 × 9) of either the
/// marks only or every kind of cell, and a side to move.
#[derive(Clone)]
struct Case(Setup);

impl fmt::Debug for Case {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = &self.0.board;
        write!(
            f,
            "Case {{ {}x{} board, to move {:?}, cells (rows top to bottom) {:?}\n{}}}",
            board.rows(),
            board.cols(),
            self.0.to_move,
            board.cells(),
            board.draw()
        )
    }
}

impl Arbitrary for Case {
    fn arbitrary(g: &mut Gen) -> Case {
        let (rows, cols) =
            if bool::arbitrary(g) { (3, 3) } else { (in_range(g, 1, 9), in_range(g, 1, 9)) };
        let palette: &[Cell] = if bool::arbitrary(g) { &MARKS } else { &ALL_CELLS };
        let board = board_with(g, rows, cols, palette);
        Case(Setup::new(board).with_to_move(Player::arbitrary(g)))
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Case>> {
        let to_move = self.0.to_move;
        Box::new(shrink_board(&self.0.board).map(move |board| {
            let setup = Setup::new(board);
            Case(match to_move {
                Some(player) => setup.with_to_move(player),
                None => setup,
            })
        }))
    }
}

/// The quickcheck law: what `N` writes from a setup reads back, is written again byte for
/// byte, and keeps the board (unless reshaped, as noted, or holding void cells) and the
/// side to move (when the notation carries one).
fn written_setups_read_back<N: Notation>(case: Case) -> TestResult {
    let options = N::Options::default();
    let setup = case.0;
    let mut notes = Vec::new();
    let Ok(text) = N::write(setup.clone(), &options, &mut notes) else {
        return TestResult::discard();
    };
    let Ok(read) = N::read(&text, &options) else {
        return TestResult::error(format!("{}: {text:?} was written but does not read", N::NAME));
    };
    match N::write(read.clone(), &options, &mut Vec::new()) {
        Ok(again) if again == text => {}
        other => {
            return TestResult::error(format!(
                "{}: {text:?} reads, then writes as {other:?}",
                N::NAME
            ));
        }
    }
    let value = match N::parse_with(&text, &options) {
        Ok(value) => written(&value, &options),
        Err(e) => return TestResult::error(shown(&text, &e)),
    };
    if value != text {
        return TestResult::error(format!("{}: {text:?} is written back as {value:?}", N::NAME));
    }
    // Only a padded shape or a dropped orientation (noted) changes the board, or void
    // cells (a format without them refuses the board or crops void margins).
    let reshaped = notes.iter().any(|n| matches!(n.field, Field::Shape | Field::Orientation));
    let lossless = !reshaped && !setup.board.cells().iter().any(|c| c.is_void());
    if lossless {
        if read.board != setup.board {
            return TestResult::error(format!("{}: {text:?} reads as another board", N::NAME));
        }
        if N::CARRIES.side_to_move && read.to_move != setup.to_move {
            return TestResult::error(format!("{}: {text:?} reads another side to move", N::NAME));
        }
    }
    TestResult::passed()
}
