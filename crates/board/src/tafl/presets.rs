//! OpenTafl's built-in variants as named presets.

use super::TaflRules;
use super::error::ParseError;
use crate::UnknownName;
use crate::report::Spanned;

/// Tafl rules named by a person ([`TaflRules::named`]) that are neither a preset nor a
/// rules record the reader takes.
///
/// ```
/// use gridnote_board::report::Spanned;
/// use gridnote_board::tafl::TaflRules;
/// let err = TaflRules::named("dim:3 esc:x start:/3/1K1/3/").unwrap_err();
/// assert_eq!(err.span(), 10..11);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NamedRulesError {
    /// A rules record (a text with a `:`) the reader refuses.
    #[error(transparent)]
    Record(ParseError),
    /// A name that is no preset.
    #[error(transparent)]
    Name(UnknownName),
}

impl Spanned for NamedRulesError {
    fn span(&self) -> core::ops::Range<usize> {
        match self {
            NamedRulesError::Record(err) => err.span(),
            NamedRulesError::Name(err) => err.span(),
        }
    }
}

/// Each preset's rules record exactly as OpenTafl writes it
/// (`RulesSerializer.getRulesRecord` of its built-in variant classes, and of the records of
/// its `external-rules.conf` read back by `RulesSerializer.loadRulesRecord`).
const RECORDS: [(&str, &str); 14] = [
    (
        "copenhagen",
        "dim:11 name:Copenhagen atkf:y tfr:w sw:s efe:y start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/",
    ),
    (
        "copenhagen-relaxed",
        "dim:11 name:Copenhagen_(relaxed_shieldwall) atkf:y tfr:w sw:s swf:n efe:y start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/",
    ),
    (
        "fetlar",
        "dim:11 name:Fetlar atkf:y nj:n cj:n start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/",
    ),
    (
        "computer-fetlar",
        "dim:11 name:Computer_Fetlar atkf:y tfr:w start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/",
    ),
    (
        "berserk",
        "dim:11 name:Berserk surf:n atkf:n tfr:l kj:r ber:c start:/3ttttt3/5c5/11/t4T4t/t3NTT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/5c5/3ttttt3/",
    ),
    (
        "brandubh",
        "dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
    ),
    (
        "magpie",
        "dim:7 name:Magpie surf:n atkf:y ks:m spd:-1,-1,-1,-1,-1,-1,-1,-1,-1,1,-1,-1, start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
    ),
    (
        "tablut",
        "dim:9 name:Tablut esc:e atkf:y ks:c nj:n cor: cenp:tcnkTCNK cens: cenh: cenhe:tcnkTCNK linc:y start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/",
    ),
    (
        "foteviken-tablut",
        "dim:9 name:Foteviken_Tablut esc:e atkf:y nj:n cor: afor:a4,a5,a6,b5,d1,e1,f1,e2,i4,i5,i6,h5,d9,e9,f9,e8, cenp:tcnkTCNK aforp:tcnkTCNK cens: cenh: cenhe:K aforh:K cenre: aforre: start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/",
    ),
    (
        "sea-battle",
        "dim:9 name:Sea_Battle esc:e atkf:y ka:n nj:n cj:n cor: cen: start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/",
    ),
    (
        "sea-battle-13",
        "dim:13 name:Sea_Battle_(Parlett) esc:e atkf:y ka:n nj:n cj:n cor: cen: start:/4ttttt4/5t1t5/6t6/6T6/t3T3T3t/tt3TTT3tt/t1tT1TKT1Tt1t/tt3TTT3tt/t3T3T3t/6T6/6t6/5t1t5/4ttttt4/",
    ),
    (
        "tawlbwrdd",
        "dim:11 name:Tawlbwrdd esc:e atkf:y ks:w nj:n cj:n cor: cen: start:/4ttt4/4t1t4/5t5/5T5/tt2TTT2tt/t1tTTKTTt1t/tt2TTT2tt/5T5/5t5/4t1t4/4ttt4/",
    ),
    (
        "tablut-15",
        "dim:15 name:Tablut esc:e atkf:y ks:c nj:n cor: cens: cenh: start:/5ttttt5/6ttt6/7t7/7t7/7T7/t5TTT5t/tt3T1T1T3tt/ttttTTTKTTTtttt/tt3T1T1T3tt/t5TTT5t/7T7/7t7/7t7/6ttt6/5ttttt5/",
    ),
    (
        "alea-evangelii",
        "dim:19 name:Alea_Evangelii atkf:y tfr:w cor:a1,a2,b1,b2,a18,b18,a19,b19,r1,r2,s1,s2,r18,r19,s18,s19, cenp:tcnkTCNK cens: cenh: cenhe:tcnkTCNK start:/2t2t7t2t2/19/t4t7t4t/7t1t1t7/6t1T1T1t6/t1t2t7t2t1t/4t4T4t4/3t4T1T4t3/4T2T1T1T2T4/3t2T1TKT1T2t3/4T2T1T1T2T4/3t4T1T4t3/4t4T4t4/t1t2t7t2t1t/6t1T1T1t6/7t1t1t7/t4t7t4t/19/2t2t7t2t2/",
    ),
];

/// The names of the presets, lower case with hyphens, as `gridnote check` prints them;
/// `brandub` is also read as `brandubh`.
///
/// ```
/// assert_eq!(gridnote_board::tafl::PRESETS.len(), 14);
/// assert_eq!(gridnote_board::tafl::PRESETS[0], "copenhagen");
/// ```
pub const PRESETS: &[&str] = &[
    "copenhagen",
    "copenhagen-relaxed",
    "fetlar",
    "computer-fetlar",
    "berserk",
    "brandubh",
    "magpie",
    "tablut",
    "foteviken-tablut",
    "sea-battle",
    "sea-battle-13",
    "tawlbwrdd",
    "tablut-15",
    "alea-evangelii",
];

impl TaflRules {
    /// The rules of an OpenTafl variant by name ([`PRESETS`]; `brandub` for `brandubh`).
    ///
    /// # Errors
    /// [`UnknownName`] (`what` = `tafl rules`) for any other name.
    ///
    /// ```
    /// use gridnote_board::tafl::TaflRules;
    /// let brandub = TaflRules::preset("brandub")?;
    /// assert_eq!(brandub, TaflRules::preset("brandubh")?);
    /// assert_eq!(brandub.name.as_deref(), Some("Brandub"));
    /// assert!(TaflRules::preset("chess").is_err());
    /// # Ok::<(), gridnote_board::UnknownName>(())
    /// ```
    pub fn preset(name: &str) -> Result<TaflRules, UnknownName> {
        let wanted = if name == "brandub" { "brandubh" } else { name };
        RECORDS
            .iter()
            .find(|(preset, _)| *preset == wanted)
            .and_then(|(_, record)| record.parse().ok())
            .ok_or_else(|| UnknownName::new("tafl rules", name, PRESETS))
    }

    /// The rules a person names: a preset's name ([`PRESETS`]; `brandub` for
    /// `brandubh`), or any text holding a `:`, an OpenTafl rules record read by the one
    /// reader. Every option that takes tafl rules (on the command line, in the WASM and
    /// Python packages, the referee's) reads them so.
    ///
    /// # Errors
    /// [`NamedRulesError::Record`] for a record the reader refuses,
    /// [`NamedRulesError::Name`] for a name that is no preset.
    ///
    /// ```
    /// use gridnote_board::tafl::{NamedRulesError, TaflRules};
    /// assert_eq!(TaflRules::named("brandub")?, TaflRules::preset("brandubh")?);
    /// assert_eq!(TaflRules::named("dim:3 start:/3/1K1/3/")?.dim(), 3);
    /// let err = TaflRules::named("name:x start:/1/").unwrap_err();
    /// assert!(matches!(err, NamedRulesError::Record(_)));
    /// assert!(err.to_string().starts_with("the rules record has no board size"));
    /// let err = TaflRules::named("chess").unwrap_err();
    /// assert!(err.to_string().starts_with("unknown tafl rules `chess`: expected one of copenhagen, "));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn named(text: &str) -> Result<TaflRules, NamedRulesError> {
        if text.contains(':') {
            text.parse().map_err(NamedRulesError::Record)
        } else {
            TaflRules::preset(text).map_err(NamedRulesError::Name)
        }
    }

    /// The text of a preset's rules record.
    ///
    /// ```
    /// use gridnote_board::tafl::TaflRules;
    /// assert!(TaflRules::preset_record("magpie").unwrap().starts_with("dim:7 name:Magpie"));
    /// assert_eq!(TaflRules::preset_record("chess"), None);
    /// ```
    #[must_use]
    pub fn preset_record(name: &str) -> Option<&'static str> {
        let wanted = if name == "brandub" { "brandubh" } else { name };
        RECORDS.iter().find(|(preset, _)| *preset == wanted).map(|(_, record)| *record)
    }
}

#[cfg(test)]
mod tests {
    use super::{PRESETS, RECORDS};
    use crate::tafl::TaflRules;

    #[test]
    fn every_preset_reads_and_writes_back_as_opentafl_wrote_it() {
        assert_eq!(RECORDS.map(|(name, _)| name), PRESETS);
        for (name, record) in RECORDS {
            let rules = TaflRules::preset(name).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(rules.to_string(), record, "{name}");
        }
    }
}
