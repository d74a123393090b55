//! Paging of list endpoints, as the spec defines it for attendees and this project uses
//! for every paged list.
//!
//! Out-of-range values are clamped rather than refused (`per_page=500` gives 100,
//! `page=0` gives 1) and a value that is not a number falls back to the default; the
//! response's `metadata` always reports the values actually used.

use serde::Serialize;
use utoipa::ToSchema;

pub const DEFAULT_PER_PAGE: u32 = 25;
pub const MAX_PER_PAGE: u32 = 100;

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
    pub fn from_query(page: Option<&str>, per_page: Option<&str>) -> PageRequest {
        // Parse as a wide integer so that huge or negative numbers clamp instead of
        // falling back to the default.
        let parse = |v: Option<&str>| v.and_then(|s| s.trim().parse::<i128>().ok());
        let page = parse(page).map_or(1, |p| p.clamp(1, i128::from(u32::MAX / 2)) as u32);
        let per_page = parse(per_page).map_or(DEFAULT_PER_PAGE, |p| {
            p.clamp(1, i128::from(MAX_PER_PAGE)) as u32
        });
        PageRequest { page, per_page }
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
    fn clamps_and_falls_back() {
        let p = |a, b| PageRequest::from_query(a, b);
        assert_eq!(
            p(None, None),
            PageRequest {
                page: 1,
                per_page: 25
            }
        );
        assert_eq!(
            p(Some("0"), Some("500")),
            PageRequest {
                page: 1,
                per_page: 100
            }
        );
        assert_eq!(
            p(Some("-3"), Some("0")),
            PageRequest {
                page: 1,
                per_page: 1
            }
        );
        assert_eq!(
            p(Some("x"), Some("ten")),
            PageRequest {
                page: 1,
                per_page: 25
            }
        );
        assert_eq!(p(Some("3"), Some("10")).offset(), 20);
        assert_eq!(
            PaginationMetadata::new(p(None, Some("10")), 21).total_pages,
            3
        );
        assert_eq!(PaginationMetadata::new(p(None, None), 0).total_pages, 0);
    }
}
