//! Every whole-number option of every command names its range in the usage error,
//! whatever the text: a number too big for the option's type (clap said only `number too
//! large to fit in target type`), one past either end, a sign, a word.

use crate::support::run;

/// The command's arguments before the option, the option, its range, and a last
/// argument that makes the command line complete (if any).
const OPTIONS: [(&[&str], &str, &str, &str, &str); 19] = [
    (&["convert", "--to", "t3en"], "--jobs", "0", "1024", "x"),
    (&["check"], "--in-a-row", "1", "255", "3_/3_/3_ x"),
    (&["show", "--svg"], "--size", "1", "100000", "3_/3_/3_ x"),
    (&["solve", "--vcf"], "--threats", "1", "100", "15_/15_ x"),
    (&["st3p"], "--table-mib", "1", "65536", ""),
    (&["otep"], "--table-mib", "1", "65536", ""),
    (&["otep"], "--move-time", "1", "86400000", ""),
    (&["gomocup"], "--table-mib", "1", "65536", ""),
    (&["gomocup"], "--turn-time", "1", "86400000", ""),
    (&["match", "a", "b"], "--games", "1", "1000000", "--json"),
    (&["match", "a", "b"], "--jobs", "1", "256", "--json"),
    (&["match", "a", "b"], "--margin-ms", "0", "60000", "--json"),
    (&["match", "a", "b"], "--random-plies", "0", "1000", "--json"),
    (&["match", "a", "b"], "--seed", "0", "18446744073709551615", "--json"),
    (&["match", "a", "b"], "--max-plies", "1", "100000", "--json"),
    (&["game", "-"], "--ply", "0", "65025", "--quiet"),
    (&["convert", "--to", "tsn"], "--ply", "1", "4294967295", "x"),
    (&["convert", "--to", "tsn"], "--since-capture", "0", "4294967295", "x"),
    (&["convert", "--to", "tsn"], "--defenders", "4", "4294967295", "x"),
];

#[test]
fn every_number_option_names_its_range_whatever_the_text() {
    for (command, flag, low, high, last) in OPTIONS {
        let too_big = "99999999999999999999999";
        let past_high = format!("{}", high.parse::<u128>().unwrap() + 1);
        let mut values = vec![too_big.to_owned(), past_high, "many".to_owned()];
        if low != "0" {
            values.push(format!("{}", low.parse::<u128>().unwrap() - 1));
        }
        for value in values {
            let mut args = command.to_vec();
            args.extend([flag, value.as_str()]);
            if !last.is_empty() {
                args.push(last);
            }
            let (status, out, err) = run(&args, b"");
            assert_eq!((status, out.as_str()), (2, ""), "{args:?}: {err}");
            let head = format!("error: invalid value '{value}' for '{flag} <");
            assert!(err.starts_with(&head), "{args:?}: {err}");
            let range = format!(": expected a whole number from {low} to {high}, got {value}");
            assert!(
                err.lines().next().is_some_and(|line| line.ends_with(&range)),
                "{args:?}: {err}"
            );
        }
    }
}
