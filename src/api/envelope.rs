//! The envelopes of the spec: `{item, metadata}` and `{items, metadata}` answers, and the
//! `{item}` request body.

use serde::Serialize;
use utoipa::ToSchema;

use crate::domain::page::{PageRequest, PaginationMetadata};

/// `metadata` of responses that are not paged: always `{}`.
#[derive(Debug, Default, Serialize, ToSchema)]
pub struct EmptyMetadata {}

/// A `{item: T}` request body, as the document shows it (`ItemBody<T>` reads it, with a
/// 422 naming the member for each mistake). The document names it after `T`:
/// `ItemRequest<SessionInput>` is `SessionRequest` (see `openapi::request_names`).
#[derive(ToSchema)]
pub struct ItemRequest<T: ToSchema> {
    pub item: T,
}

/// A single record.
#[derive(Debug, Serialize, ToSchema)]
pub struct Item<T: ToSchema> {
    pub item: T,
    pub metadata: EmptyMetadata,
}

impl<T: ToSchema> Item<T> {
    pub fn new(item: T) -> Self {
        Item {
            item,
            metadata: EmptyMetadata {},
        }
    }
}

/// A list that is not paged (it is short by nature).
#[derive(Debug, Serialize, ToSchema)]
pub struct Items<T: ToSchema> {
    pub items: Vec<T>,
    pub metadata: EmptyMetadata,
}

impl<T: ToSchema> Items<T> {
    pub fn new(items: Vec<T>) -> Self {
        Items {
            items,
            metadata: EmptyMetadata {},
        }
    }
}

/// A page of a list.
#[derive(Debug, Serialize, ToSchema)]
pub struct Paged<T: ToSchema> {
    pub items: Vec<T>,
    pub metadata: PaginationMetadata,
}

impl<T: ToSchema> Paged<T> {
    pub fn new(items: Vec<T>, request: PageRequest, total_count: u64) -> Self {
        Paged {
            items,
            metadata: PaginationMetadata::new(request, total_count),
        }
    }
}
