//! `entrada bench`: load over real HTTP (filled in below).

use clap::Args;

use crate::error::Result;

#[derive(Debug, Args)]
pub struct BenchArgs {}

pub fn run(_args: BenchArgs) -> Result<()> {
    Ok(())
}
