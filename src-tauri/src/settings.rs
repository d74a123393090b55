//! What the desktop app keeps between starts, in `settings.json` in the app's config
//! directory: whether it starts in kiosk mode, and whether it serves as the venue hub
//! (and under which name), which an organiser turns on in the UI so that a venue's
//! computer comes back the same after a restart without anyone editing a launcher's
//! command line.

use std::path::Path;

use serde::{Deserialize, Serialize};

const FILE: &str = "settings.json";

#[derive(Debug, Default, Clone, Serialize, Deserialize)]
pub struct Settings {
    /// Start in kiosk mode.
    #[serde(default)]
    pub kiosk: bool,
    /// Serve as the venue hub (an organiser's choice in the app).
    #[serde(default)]
    pub hub: bool,
    /// The venue hub's name as kiosks list it; None: the default name.
    #[serde(default)]
    pub hub_name: Option<String>,
}

impl Settings {
    /// The saved settings; the defaults when there are none or the file cannot be read
    /// (said in the log: a damaged file must not keep the kiosk from starting).
    pub fn load(dir: &Path) -> Settings {
        let path = dir.join(FILE);
        let parsed = match std::fs::read(&path) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Settings::default(),
            Err(e) => Err(e.to_string()),
            Ok(bytes) => serde_json::from_slice(&bytes).map_err(|e| e.to_string()),
        };
        parsed.unwrap_or_else(|error| {
            tracing::warn!(path = %path.display(), %error, "settings unreadable, using the defaults");
            Settings::default()
        })
    }

    /// Writes the settings whole: a new file renamed over the old one, so that a crash
    /// leaves either the old settings or the new ones.
    pub fn save(&self, dir: &Path) -> std::io::Result<()> {
        std::fs::create_dir_all(dir)?;
        let path = dir.join(FILE);
        let partial = dir.join(format!("{FILE}.partial"));
        let bytes = serde_json::to_vec_pretty(self).map_err(std::io::Error::other)?;
        std::fs::write(&partial, bytes)?;
        std::fs::rename(&partial, &path)
    }
}
