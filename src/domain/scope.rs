//! OAuth scopes and sets of them.
//!
//! Scopes are independent: `write` does not imply `read`. `check_in` (an extension) allows
//! the check-in operations and scans and nothing else that writes; `write` allows them too. A client that must both read
//! and write asks for `read write`. This is least privilege for integrations that only
//! push data (a registration form, say), and it is documented in the OpenAPI description.

use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    Read,
    Write,
    CheckIn,
}

impl Scope {
    pub const ALL: [Scope; 3] = [Scope::Read, Scope::Write, Scope::CheckIn];

    pub fn as_str(self) -> &'static str {
        match self {
            Scope::Read => "read",
            Scope::Write => "write",
            Scope::CheckIn => "check_in",
        }
    }

    fn bit(self) -> u8 {
        match self {
            Scope::Read => 1,
            Scope::Write => 2,
            Scope::CheckIn => 4,
        }
    }

    pub fn parse(s: &str) -> Option<Scope> {
        Scope::ALL.into_iter().find(|scope| scope.as_str() == s)
    }
}

/// A set of scopes, stored and transmitted as a space-separated list (RFC 6749 3.3).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ScopeSet(u8);

impl ScopeSet {
    pub fn contains(self, scope: Scope) -> bool {
        self.0 & scope.bit() != 0
    }

    pub fn insert(&mut self, scope: Scope) {
        self.0 |= scope.bit();
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn intersection(self, other: ScopeSet) -> ScopeSet {
        ScopeSet(self.0 & other.0)
    }

    pub fn union(self, other: ScopeSet) -> ScopeSet {
        ScopeSet(self.0 | other.0)
    }

    pub fn is_subset(self, of: ScopeSet) -> bool {
        self.0 & !of.0 == 0
    }

    /// Parses a space-separated list; the error names the first unknown scope.
    pub fn parse(list: &str) -> Result<ScopeSet, String> {
        let mut set = ScopeSet::default();
        for word in list.split_ascii_whitespace() {
            match Scope::parse(word) {
                Some(scope) => set.insert(scope),
                None => return Err(format!("unknown scope `{word}`")),
            }
        }
        Ok(set)
    }
}

impl fmt::Display for ScopeSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words: Vec<&str> = Scope::ALL
            .into_iter()
            .filter(|s| self.contains(*s))
            .map(Scope::as_str)
            .collect();
        f.write_str(&words.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints() {
        let set = ScopeSet::parse("write  read").expect("valid");
        assert!(set.contains(Scope::Read) && set.contains(Scope::Write));
        assert_eq!(set.to_string(), "read write");
        assert!(ScopeSet::parse("read admin").is_err());
        assert!(ScopeSet::parse("read").expect("valid").is_subset(set));
        assert!(!set.is_subset(ScopeSet::parse("read").expect("valid")));
    }
}
