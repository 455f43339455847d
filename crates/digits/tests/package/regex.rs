//! The tic-tac-toe regex against the direct check, exhaustively over all 3^9 digit strings,
//! and its documented limits.

use gridnote_board::{Player, Problem, Rules};
use gridnote_digits::{
    Agreement, Digits, Spec, TIC_TAC_TOE_REGEX, Verdict, check, counts_within_one, direct_verdict,
    regex_verdict, tic_tac_toe_regex,
};

/// Every digit string, in increasing base-3 order (`000000000` first).
fn all_digits() -> impl Iterator<Item = Digits> {
    (0..3usize.pow(9)).map(|mut code| {
        let mut players = [None; 9];
        for slot in players.iter_mut().rev() {
            *slot = match code % 3 {
                0 => None,
                1 => Some(Player::One),
                _ => Some(Player::Two),
            };
            code /= 3;
        }
        Digits::from_players(players)
    })
}

/// Who holds a line in (row) on a 3x3 digit string, or None; the regex's "lowest row
/// holding a line, else rightmost column holding a line" rule.
fn lowest_row_else_rightmost_column(text: &str) -> Option<Player> {
    let b = text.as_bytes();
    let owner = |c: u8| match c {
        b'1' => Some(Player::One),
        b'2' => Some(Player::Two),
        _ => None,
    };
    for row in (0..3).rev() {
        let i = 3 * row;
        if b[i] != b'0' && b[i] == b[i + 1] && b[i] == b[i + 2] {
            return owner(b[i]);
        }
    }
    for col in (0..3).rev() {
        if b[col] != b'0' && b[col] == b[col + 3] && b[col] == b[col + 6] {
            return owner(b[col]);
        }
    }
    None
}

#[test]
fn there_are_3_pow_9_distinct_strings() {
    let texts: std::collections::HashSet<String> = all_digits().map(|d| d.to_string()).collect();
    assert_eq!(texts.len(), 19_683);
}

#[test]
fn regex_and_direct_agree_except_on_the_312_both_line_strings() {
    let mut both = 0;
    let mut disagreements = 0;
    let mut by_row = 0;
    let mut by_column = 0;
    let mut verdicts = [0usize; 4]; // One, Two, Draw, NotFinished, over agreeing strings
    for digits in all_digits() {
        let text = digits.to_string();
        let regex = regex_verdict(&text);
        let direct = direct_verdict(&digits);
        if regex != direct {
            disagreements += 1;
        }
        if direct == Verdict::BothHoldLines {
            both += 1;
            assert_ne!(regex, direct, "{text}");
            // The regex names the owner of the lowest row holding a line, else of the
            // rightmost column holding one.
            let named = lowest_row_else_rightmost_column(&text).expect("a row or column line");
            assert_eq!(regex, Verdict::Won(named), "{text}");
            let has_row = (0..3).any(|r| {
                let row = &text[3 * r..3 * r + 3];
                row == "111" || row == "222"
            });
            if has_row {
                by_row += 1
            } else {
                by_column += 1
            }
            assert_eq!(check(&text).unwrap().agreement, Agreement::BothHoldLines);
        } else {
            assert_eq!(regex, direct, "{text}");
            verdicts[match direct {
                Verdict::Won(Player::One) => 0,
                Verdict::Won(Player::Two) => 1,
                Verdict::Draw => 2,
                _ => 3,
            }] += 1;
        }
    }
    assert_eq!(both, 312);
    assert_eq!(disagreements, 312);
    // Both-line boards have two parallel rows or two parallel columns (a row and a
    // column, or a line and a diagonal, cross): transposition pairs them up.
    assert_eq!((by_row, by_column), (156, 156));
    assert_eq!(verdicts, [4_123, 4_123, 32, 11_093]);
    assert_eq!(verdicts.iter().sum::<usize>() + both, 19_683);
}

#[test]
fn on_the_5478_legal_positions_there_is_no_disagreement() {
    let mut legal = 0;
    let mut tally = [0usize; 4];
    for digits in all_digits() {
        let report = gridnote_digits::Report::new(digits);
        if !report.is_legal() {
            continue;
        }
        legal += 1;
        assert_eq!(report.agreement, Agreement::Agree, "{digits}");
        assert_eq!(report.regex, report.direct);
        // Strict legality implies the regex's looser counting rule.
        assert!(report.counts_within_one, "{digits}");
        tally[match report.direct {
            Verdict::Won(Player::One) => 0,
            Verdict::Won(Player::Two) => 1,
            Verdict::Draw => 2,
            _ => 3,
        }] += 1;
    }
    assert_eq!(legal, 5_478);
    // The same numbers gridnote-board's play test establishes for terminal positions.
    assert_eq!(tally, [626, 316, 16, 4_520]);
}

#[test]
fn the_regexs_counting_rule_is_looser_than_strict_legality() {
    let mut loose_ok = 0;
    let mut loose_ok_two_ahead = 0;
    for digits in all_digits() {
        let counts = digits.counts();
        let (one, two) = (counts.pieces[0], counts.pieces[1]);
        assert_eq!(counts_within_one(&digits), one.abs_diff(two) <= 1);
        if counts_within_one(&digits) {
            loose_ok += 1;
            let problems = digits.board().problems(Rules::TIC_TAC_TOE, None);
            assert_eq!(problems.contains(Problem::TooManyTwo), two == one + 1, "{digits}");
            assert!(!problems.contains(Problem::TooManyOne));
            if two == one + 1 {
                loose_ok_two_ahead += 1;
            }
        }
    }
    // Σ over n of the boards with #1 and #2 within one: 9!/(a! b! c!) summed.
    assert_eq!(loose_ok, 8_953);
    assert_eq!(loose_ok_two_ahead, 2_907);
}

#[test]
fn each_set_group_captures_its_players_digit() {
    // The write-up reads the captured text ("1" or "2"); we read the group's parity. They
    // are the same on every digit string.
    for digits in all_digits() {
        let text = digits.to_string();
        let Some(caps) = tic_tac_toe_regex().captures(&text) else { continue };
        let set: Vec<usize> = (1..caps.len()).filter(|&i| caps.get(i).is_some()).collect();
        assert!(set.len() <= 1, "{text}: {set:?}");
        if let Some(&group) = set.first() {
            let expected = if group % 2 == 1 { "1" } else { "2" };
            assert_eq!(caps.get(group).unwrap().as_str(), expected, "{text}");
        }
    }
}

#[test]
fn the_tic_tac_toe_regex_is_reproduced_and_generated() {
    assert_eq!(
        TIC_TAC_TOE_REGEX,
        r"^(?:(?:...)*(?:(1)11|(2)22)|.*(?:(?:1..){2}(1)|(?:2..){2}(2))|(?:(?:1...){2}(1)|(?:2...){2}(2))|..(?:(?:1.){2}(1)|(?:2.){2}(2))|[12]*$)"
    );
    assert_eq!(tic_tac_toe_regex().captures_len(), 9);
    let generated = Spec::TIC_TAC_TOE.generate().unwrap();
    assert_eq!(generated.as_str(), TIC_TAC_TOE_REGEX);
    for digits in all_digits() {
        let text = digits.to_string();
        assert_eq!(generated.verdict(&text), regex_verdict(&text), "{text}");
    }
}

#[test]
fn the_tic_tac_toe_regex_answers_nonsense_outside_its_rules_and_the_reader_rejects_it_first() {
    // What the raw regex says about text that is not a digit string.
    assert_eq!(regex_verdict(""), Verdict::Draw);
    assert_eq!(regex_verdict("12"), Verdict::Draw);
    assert_eq!(regex_verdict("0001110000"), Verdict::Won(Player::One));
    assert_eq!(regex_verdict("111"), Verdict::Won(Player::One));
    assert_eq!(regex_verdict("hello"), Verdict::NotFinished);
    assert_eq!(regex_verdict("abc222xyz"), Verdict::Won(Player::Two));
    assert_eq!(regex_verdict("1x\u{e9}1xx1"), Verdict::Won(Player::One));
    // Our reader rejects each before any regex runs.
    for (text, message) in [
        ("", "expected 9 digits, found 0 characters"),
        ("12", "expected 9 digits, found 2 characters"),
        ("0001110000", "expected 9 digits, found 10 characters"),
        ("111", "expected 9 digits, found 3 characters"),
    ] {
        assert_eq!(check(text).unwrap_err().to_string(), message, "{text:?}");
        assert_eq!(text.parse::<Digits>().unwrap_err().to_string(), message);
    }
    assert_eq!(
        check("abc222xyz").unwrap_err().to_string(),
        "unexpected `a` at character 1: expected 0 (empty), 1 (Player One) or 2 (Player Two)"
    );
}

#[test]
fn the_tic_tac_toe_regex_checks_no_counts() {
    // Nine 1s: a win for Player One to the regex; the counts fit no game.
    let report = check("111111111").unwrap();
    assert_eq!(report.regex, Verdict::Won(Player::One));
    assert_eq!(report.direct, Verdict::Won(Player::One));
    assert!(!report.counts_within_one);
    assert_eq!(
        report.problems.iter().collect::<Vec<_>>(),
        [Problem::TooManyOne, Problem::NotOneLastMove]
    );
    assert_eq!(report.side_to_move, None);
}

/// The former names still work for one release, as the new ones do.
#[test]
#[allow(deprecated)]
fn the_former_names_are_aliases() {
    let digits: Digits = "200000000".parse().unwrap();
    assert_eq!(gridnote_digits::SEED_REGEX, TIC_TAC_TOE_REGEX);
    assert_eq!(gridnote_digits::seed_regex().as_str(), tic_tac_toe_regex().as_str());
    assert_eq!(gridnote_digits::seed_verdict("111220000"), Verdict::Won(Player::One));
    assert!(gridnote_digits::seed_count_rule(&digits));
    assert!(check("200000000").unwrap().seed_count_rule());
}
