//! `entrada hub`: the venue hub as seen from a kiosk (HUB.md). So far `hub find`, which
//! lists the hubs advertised on the LAN, for scripts and for checking a venue's network
//! before the doors open.

use clap::Subcommand;

use super::print_line;
use crate::error::{Error, Result};
use crate::hub::discovery;

#[derive(Debug, Subcommand)]
pub enum HubCommand {
    /// Look for hubs on the LAN (mDNS) and print one JSON object per hub found:
    /// {"name","hub_id","addresses","port","fingerprint_prefix"}. Prints nothing, and
    /// exits 0, when none answered.
    Find {
        /// How long to listen, in seconds.
        #[arg(long, value_name = "N", default_value_t = 3, value_parser = clap::value_parser!(u64).range(1..=600))]
        seconds: u64,
    },
}

pub(super) fn hub_command(cmd: HubCommand) -> Result<()> {
    match cmd {
        HubCommand::Find { seconds } => {
            for found in discovery::browse(std::time::Duration::from_secs(seconds))? {
                print_line(&serde_json::to_value(found).map_err(Error::internal)?)?;
            }
            Ok(())
        }
    }
}
