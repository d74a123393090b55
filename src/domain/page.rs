//! Paging of list endpoints, as the spec defines it for attendees and this project uses
//! for every paged list.
//!
//! The spec fixes the ranges (`page` at least 1, `per_page` 1 to 100, default 25) and
//! leaves out-of-range values open. They are refused with 422 naming the parameter, as
//! the OpenAPI document declares them (`minimum`, `maximum`): a client generated from the
//! document never sends one, and one written by hand learns of its mistake instead of
//! silently getting another page size than it asked for. A page past the end is an empty
//! list, not an error.

use serde::Serialize;
use utoipa::ToSchema;

use crate::error::{At, Problem};

pub const DEFAULT_PER_PAGE: u32 = 25;
pub const MAX_PER_PAGE: u32 = 100;
/// The highest page number accepted (the OpenAPI document's `maximum`): far past any
/// list's end, and small enough that the offset cannot overflow.
pub const MAX_PAGE: u32 = i32::MAX as u32;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageRequest {
    pub page: u32,
    pub per_page: u32,
}

impl Default for PageRequest {
    fn default() -> Self {
        PageRequest {
            page: 1,
            per_page: DEFAULT_PER_PAGE,
        }
    }
}

impl PageRequest {
    /// Parses `page` and `per_page` as the query gives them (absent: the default). Every
    /// problem is one message naming the parameter.
    pub fn from_query(
        page: Option<&str>,
        per_page: Option<&str>,
    ) -> Result<PageRequest, Vec<Problem>> {
        fn parse(
            name: &'static str,
            value: Option<&str>,
            default: u32,
            max: u32,
        ) -> Result<u32, Problem> {
            match value {
                None => Ok(default),
                Some(v) => v
                    .trim()
                    .parse::<u32>()
                    .ok()
                    .filter(|n| (1..=max).contains(n))
                    .ok_or_else(|| {
                        Problem::new(
                            At::outside(name),
                            format!("must be an integer from 1 to {max}"),
                        )
                    }),
            }
        }
        let page = parse("page", page, 1, MAX_PAGE);
        let per_page = parse("per_page", per_page, DEFAULT_PER_PAGE, MAX_PER_PAGE);
        match (page, per_page) {
            (Ok(page), Ok(per_page)) => Ok(PageRequest { page, per_page }),
            (page, per_page) => Err([page.err(), per_page.err()].into_iter().flatten().collect()),
        }
    }

    pub fn limit(self) -> i64 {
        i64::from(self.per_page)
    }

    pub fn offset(self) -> i64 {
        i64::from(self.page - 1) * i64::from(self.per_page)
    }
}

/// `metadata` of a paged list.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PaginationMetadata {
    pub page: u32,
    pub per_page: u32,
    pub total_count: u64,
    /// ceil(total_count / per_page); 0 when there are no records.
    pub total_pages: u64,
}

impl PaginationMetadata {
    pub fn new(request: PageRequest, total_count: u64) -> Self {
        PaginationMetadata {
            page: request.page,
            per_page: request.per_page,
            total_count,
            total_pages: total_count.div_ceil(u64::from(request.per_page)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_refuses_out_of_range() {
        let p = |a, b| {
            PageRequest::from_query(a, b)
                .map_err(|e| e.iter().map(ToString::to_string).collect::<Vec<_>>())
        };
        assert_eq!(
            p(None, None),
            Ok(PageRequest {
                page: 1,
                per_page: 25
            })
        );
        assert_eq!(
            p(Some("2"), Some("100")),
            Ok(PageRequest {
                page: 2,
                per_page: 100
            })
        );
        assert_eq!(
            p(Some("0"), Some("101")),
            Err(vec![
                "page must be an integer from 1 to 2147483647".to_owned(),
                "per_page must be an integer from 1 to 100".to_owned()
            ])
        );
        for bad in ["-3", "0", "x", "", "1.5", "9223372036854775808"] {
            assert!(p(None, Some(bad)).is_err(), "per_page={bad}");
            assert!(p(Some(bad), None).is_err(), "page={bad}");
        }
        assert!(p(Some("2147483648"), None).is_err());
        let ok = |a, b| p(a, b).expect("valid paging");
        assert_eq!(ok(Some("3"), Some("10")).offset(), 20);
        assert_eq!(
            PaginationMetadata::new(ok(None, Some("10")), 21).total_pages,
            3
        );
        assert_eq!(PaginationMetadata::new(ok(None, None), 0).total_pages, 0);
    }
}
