//! The conversion options as flags, derived from their declarations
//! (`gridnote_convert::Options::DECLARED`: the shared options, then each format's own): one
//! flag per option, `--<name>`, with its line of help; a flag without a value for an
//! option that is on or off, a value checked by the option for a choice (its default
//! shown) or a number. A format that declares an option gets its flag with no edit here.

use std::sync::OnceLock;

use clap::builder::ValueParser;
use clap::error::ErrorKind;
use clap::{Arg, ArgAction, ArgMatches, Command, FromArgMatches};
use gridnote_convert::Options;
use gridnote_convert::board::options::{OptionKind, OptionSpec};

/// The flags of every declared option, read into [`Options`].
#[derive(Clone, Debug, Default)]
pub(crate) struct OptionFlags(pub(crate) Options);

impl clap::Args for OptionFlags {
    fn augment_args(cmd: Command) -> Command {
        Options::DECLARED
            .iter()
            .zip(value_names())
            .fold(cmd, |cmd, (spec, value_name)| cmd.arg(flag(spec, value_name)))
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        OptionFlags::augment_args(cmd)
    }
}

impl FromArgMatches for OptionFlags {
    fn from_arg_matches(matches: &ArgMatches) -> Result<OptionFlags, clap::Error> {
        let mut options = Options::default();
        for spec in Options::DECLARED {
            let value = match spec.kind {
                OptionKind::Flag => matches.get_flag(spec.name).then(|| "true".to_owned()),
                OptionKind::Number { .. } => matches.get_one::<u32>(spec.name).map(u32::to_string),
                _ => matches.get_one::<String>(spec.name).cloned(),
            };
            if let Some(value) = value {
                // The flag's value parser checked the value already.
                options
                    .set(spec.name, &value)
                    .map_err(|e| clap::Error::raw(ErrorKind::ValueValidation, e))?;
            }
        }
        Ok(OptionFlags(options))
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = OptionFlags::from_arg_matches(matches)?;
        Ok(())
    }
}

/// The value name of each option's flag, in [`Options::DECLARED`]'s order: `N` for a
/// number, the option's name in capitals otherwise (`--code <CODE>`).
fn value_names() -> &'static [String] {
    static NAMES: OnceLock<Vec<String>> = OnceLock::new();
    NAMES.get_or_init(|| {
        Options::DECLARED
            .iter()
            .map(|spec| match spec.kind {
                OptionKind::Number { .. } => "N".to_owned(),
                _ => spec.name.to_ascii_uppercase(),
            })
            .collect()
    })
}

/// The flag of one option.
fn flag(spec: &'static OptionSpec, value_name: &'static str) -> Arg {
    let arg = Arg::new(spec.name).long(spec.name).help(spec.help);
    match spec.kind {
        OptionKind::Flag => arg.action(ArgAction::SetTrue),
        // The option itself judges, naming its range whatever the text (a number too
        // big for u32 included).
        OptionKind::Number { .. } => {
            arg.value_name(value_name).value_parser(move |text: &str| -> Result<u32, String> {
                spec.number_value(text).map_err(|e| e.to_string())
            })
        }
        _ => {
            let arg = arg.value_name(value_name).value_parser(ValueParser::new(
                move |text: &str| -> Result<String, String> {
                    // The option itself judges (its format's own reading of the name).
                    let taken = Options::default().set(spec.name, text);
                    taken.map(|()| text.to_owned()).map_err(|e| e.to_string())
                },
            ));
            match spec.default {
                Some(default) => arg.default_value(default),
                None => arg,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn number_flags_name_their_range() {
        let parse = |args: &[&str]| {
            command().try_get_matches_from(args).map(|_| ()).map_err(|e| e.to_string())
        };
        assert_eq!(parse(&["t", "--defenders", "8"]), Ok(()));
        let err = parse(&["t", "--defenders", "6"]).unwrap_err();
        assert!(err.contains("expected a positive multiple of 4, got 6"), "{err}");
        let err = parse(&["t", "--since-capture", "4294967296"]).unwrap_err();
        assert!(
            err.contains("expected a whole number from 0 to 4294967295, got 4294967296"),
            "{err}"
        );
    }

    /// A command with the option flags only.
    fn command() -> Command {
        <OptionFlags as clap::Args>::augment_args(Command::new("t").term_width(1000))
    }

    #[test]
    fn every_declared_option_is_a_flag_with_its_help() {
        let help = command().render_help().to_string();
        for spec in Options::DECLARED {
            let line = help
                .lines()
                .find(|line| line.trim_start().starts_with(&format!("--{} ", spec.name)))
                .unwrap_or_else(|| panic!("no --{} in {help}", spec.name));
            assert!(line.contains(spec.help), "{line}");
        }
        assert!(help.contains("--code <CODE>"), "{help}");
        assert!(help.contains("[default: ranked]"), "{help}");
        assert!(help.contains("--since-capture <N>"), "{help}");
    }

    #[test]
    fn flags_set_the_options_by_name() {
        let matches = command()
            .try_get_matches_from(["t", "--strict", "--code", "dense", "--since-capture", "2"])
            .unwrap();
        let OptionFlags(options) = OptionFlags::from_arg_matches(&matches).unwrap();
        let mut expected = Options::default();
        expected.set("strict", "true").unwrap();
        expected.set("code", "dense").unwrap();
        expected.since_capture = Some(2);
        assert_eq!(options, expected);
        let defaults = command().try_get_matches_from(["t"]).unwrap();
        assert_eq!(OptionFlags::from_arg_matches(&defaults).unwrap().0, Options::default());
    }

    #[test]
    fn one_value_name_per_option() {
        // `N` for a number, the name in capitals otherwise.
        let names: Vec<&str> = value_names().iter().map(String::as_str).collect();
        assert_eq!(names.len(), Options::DECLARED.len());
        assert_eq!(names[..4], ["LOSSLESS", "N", "N", "N"]);
        let code = Options::NAMES.iter().position(|&n| n == "code").unwrap();
        assert_eq!(names[code], "CODE");
    }
}
