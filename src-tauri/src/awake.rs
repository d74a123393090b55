//! Keeps the kiosk's screen on while kiosk mode runs.
//!
//! A door screen that blanks after ten minutes of nobody touching it looks broken to the
//! next guest, and the Screen Wake Lock API that the page asks for is not in every
//! WebKitGTK. So the shell asks the desktop itself, in every way a Linux kiosk may need,
//! and keeps whatever worked:
//!
//! - GTK's application inhibit: GNOME's session manager, or the desktop portal (Wayland,
//!   sandboxes);
//! - `org.freedesktop.ScreenSaver` on the session bus (KDE, Xfce, LXQt, MATE) and logind's
//!   `idle` lock on the system bus, through the `keepawake` crate;
//! - on X11, a heartbeat that resets the X server's own screen saver and DPMS timers
//!   every 30 seconds (`XResetScreenSaver`, as SDL and mpv do): a bare X session with only
//!   a window manager, the usual kiosk set-up, has no service to ask.
//!
//! Each part may fail on a given machine (no such service); that is logged, never fatal.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use tauri::WebviewWindow;

/// The inhibitions held; they last as long as this value (kiosk mode being on).
pub struct Awake {
    _display: Option<keepawake::KeepAwake>,
    _idle: Option<keepawake::KeepAwake>,
    /// Tells the X heartbeat thread to end.
    stop_heartbeat: Arc<AtomicBool>,
}

impl Drop for Awake {
    fn drop(&mut self) {
        self.stop_heartbeat.store(true, Ordering::SeqCst);
    }
}

#[cfg(target_os = "linux")]
/// How often the X screen saver is reset: well under the shortest usual blanking time.
const X_HEARTBEAT: Duration = Duration::from_secs(30);

const REASON: &str = "Entrada kiosk: the door screen must stay on";

/// Asks for the screen to stay on; logs which ways worked.
pub fn keep(window: &WebviewWindow) -> Awake {
    let mut held = Vec::new();
    if gtk_inhibit(window) {
        held.push("GTK application inhibit");
    }
    let display = lock(true, "org.freedesktop.ScreenSaver", &mut held);
    let idle = lock(false, "logind idle lock", &mut held);
    let stop_heartbeat = Arc::new(AtomicBool::new(false));
    if x11_heartbeat(stop_heartbeat.clone()) {
        held.push("X screen saver heartbeat");
    }
    if held.is_empty() {
        tracing::warn!("nothing keeps the screen awake: the desktop offers no way here");
    } else {
        tracing::info!(ways = %held.join(", "), "keeping the screen awake");
    }
    Awake {
        _display: display,
        _idle: idle,
        stop_heartbeat,
    }
}

/// One `keepawake` lock: the display (the session bus's screen saver) or the system's
/// idle (logind); `None` where the desktop has no such service.
fn lock(
    display: bool,
    name: &'static str,
    held: &mut Vec<&'static str>,
) -> Option<keepawake::KeepAwake> {
    let created = keepawake::Builder::default()
        .display(display)
        .idle(!display)
        .reason(REASON)
        .app_name("Entrada Kiosk")
        .app_reverse_domain("org.entrada.kiosk")
        .create();
    match created {
        Ok(lock) => {
            held.push(name);
            Some(lock)
        }
        Err(e) => {
            tracing::debug!(error = %e, way = name, "not available");
            None
        }
    }
}

/// `gtk_application_inhibit` on the window's application; GTK keeps the inhibition until
/// the application ends.
#[cfg(target_os = "linux")]
fn gtk_inhibit(window: &WebviewWindow) -> bool {
    use gtk::prelude::{GtkApplicationExt, GtkWindowExt};
    let Ok(gtk_window) = window.gtk_window() else {
        return false;
    };
    let Some(app) = gtk_window.application() else {
        return false;
    };
    let cookie = app.inhibit(
        Some(&gtk_window),
        // Idle only: the desktop portal refuses the whole request when it cannot also
        // block suspend, and an idle inhibit already stops suspend-on-idle.
        gtk::ApplicationInhibitFlags::IDLE,
        Some(REASON),
    );
    cookie != 0
}

/// Starts a thread that resets the X server's screen saver (which also restarts its DPMS
/// timers) now and every [`X_HEARTBEAT`], until `stop`. False when there is no X display
/// (Wayland without Xwayland, a console) or no Xlib.
#[cfg(target_os = "linux")]
fn x11_heartbeat(stop: Arc<AtomicBool>) -> bool {
    use x11_dl::xlib::Xlib;
    if std::env::var_os("DISPLAY").is_none() {
        return false;
    }
    let Ok(xlib) = Xlib::open() else {
        return false;
    };
    // The thread's own connection: Xlib connections are not shared across threads.
    // SAFETY: XOpenDisplay with a null name reads $DISPLAY; a null result is checked.
    let display = unsafe { (xlib.XOpenDisplay)(std::ptr::null()) };
    if display.is_null() {
        return false;
    }
    let display = XDisplay(display);
    let started = std::thread::Builder::new()
        .name("x-screensaver-heartbeat".into())
        .spawn(move || {
            let display = display;
            let mut last: Option<std::time::Instant> = None;
            while !stop.load(Ordering::SeqCst) {
                if last.is_none_or(|at| at.elapsed() >= X_HEARTBEAT) {
                    // SAFETY: the connection was opened above and is used only by this
                    // thread, which closes it below.
                    unsafe {
                        (xlib.XResetScreenSaver)(display.0);
                        (xlib.XFlush)(display.0);
                    }
                    last = Some(std::time::Instant::now());
                }
                // Short naps, so that leaving kiosk mode ends the heartbeat promptly.
                std::thread::sleep(Duration::from_secs(1));
            }
            // SAFETY: as above; nothing uses the connection after this.
            unsafe {
                (xlib.XCloseDisplay)(display.0);
            }
        });
    started.is_ok()
}

/// An Xlib connection moved into the one thread that uses it.
#[cfg(target_os = "linux")]
struct XDisplay(*mut x11_dl::xlib::Display);

// SAFETY: the pointer is handed over to a single thread and never used elsewhere.
#[cfg(target_os = "linux")]
unsafe impl Send for XDisplay {}

// Elsewhere `keepawake` alone does the job (SetThreadExecutionState, IOKit assertions).
#[cfg(not(target_os = "linux"))]
fn gtk_inhibit(_: &WebviewWindow) -> bool {
    false
}

#[cfg(not(target_os = "linux"))]
fn x11_heartbeat(_: Arc<AtomicBool>) -> bool {
    false
}
