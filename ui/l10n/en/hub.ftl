# The venue hub (ui/js/screens/hub.js): the hub, its pairing card, joining it, its devices.

hub-title = Venue hub
hub-lead = Several doors, one venue, no internet: one Entrada is the venue hub, and the kiosks at the other doors join it. A ticket admitted at one door is then refused at the next.
hub-failed = This computer could not become the venue hub.
hub-load-failed = Could not load the venue hub

## This Entrada is the hub
hub-serving-title = This is the venue hub “{ $name }”
hub-serving-words = Kiosks on this network find it by its name. To join one, open Settings → Venue hub → Join the venue hub on that kiosk, and show it a pairing card from here.
hub-show-card = Show a pairing card
hub-stop = Stop being the venue hub
hub-stopping = Stopping the hub…
hub-stop-words = The kiosks that joined then decide alone at their doors until a hub answers again.
hub-address = Address
hub-addresses = Addresses
hub-fingerprint = Certificate fingerprint

## Devices that joined the hub
hub-devices-title = Devices
hub-devices-words = The kiosks that joined this hub. Each reports after every sync; revoke one that is lost or no longer yours.
hub-devices-load-failed = Could not load the devices
hub-devices-empty = No kiosk has joined yet.
hub-col-kiosk = Kiosk
hub-col-door = Door
hub-col-contact = Last contact
hub-col-pending = Not yet here
hub-col-actions = Actions
hub-device-revoked = Revoked { $when }
hub-device-no-contact = Not yet
hub-device-revoke = Revoke
hub-device-revoke-label = Revoke { $name }
hub-revoke-body = This kiosk can no longer sync with the hub, at once. Its door keeps working on its own; to join again it needs a new pairing card.
hub-revoke-gone = This kiosk was already revoked.

## This kiosk joined a hub
hub-joined-title = This kiosk syncs with the venue hub “{ $name }”
hub-joined-words = Each scan asks the hub first, so that a ticket used at another door is refused here. When the hub does not answer in time the kiosk decides alone, and the door shows “decided here”.
hub-joined-records = Its records are the hub’s: to work with another hub, set up a new kiosk (a new database).
hub-sync-status = Sync status

## Neither: join a hub, or make this one the hub
hub-join-title = Join the venue hub
hub-join-words = For a kiosk at one of the doors: it finds the hub on this network, you show it the hub’s pairing card, and it syncs with the hub from then on.
hub-make-title = Make this the venue hub
hub-make-words = One computer per venue, on the same network as the doors, that stays on all day. It serves the other kiosks over HTTPS and can still be a door itself.
# $command: the command line, left as it is
hub-make-how = Start the server on that computer with: { $command } (or turn it on in the Entrada desktop app).
hub-name = The hub’s name
hub-name-placeholder = e.g. Hall A
hub-name-hint = How the kiosks list it, e.g. the hall it stands in. Empty: “Entrada hub” and a number.
hub-make-restart = Entrada starts its server again for this: screens reload, nobody is signed out.
hub-make-starting = Starting the venue hub…

## The pairing card
hub-card-title = Pairing card
hub-card-making = Making a pairing card…
hub-card-failed = No pairing card
hub-card-qr-alt = QR code of the pairing card of { $name }
hub-card-how = On the kiosk that joins: Settings → Venue hub → Join the venue hub, then hold this card to its camera, or type the code.
hub-card-code = One-time code
# $left: minutes and seconds, e.g. 9:59
hub-card-left = Valid for { $left } more, for one kiosk.
hub-card-expired = This code has expired. Make a new one.
hub-card-new = New code
hub-card-done = Done

## Joining the hub
hub-join-lead = This kiosk will sync with the hub and ask it about every scan. It replaces this kiosk’s sync settings.
hub-found-title = Hubs on this network
hub-found-label = Hubs found
hub-search-again = Look again
hub-searching = Looking for hubs…
hub-search-failed = Could not look for hubs
hub-found-none = No hub answered. Is it on, and on this network? You can also type its address from the card below.
hub-code-title = The pairing card
hub-code-label = One-time code from the pairing card
hub-code-hint = 8 characters. A scanner reading the card fills in everything.
hub-code-missing = Type the code from the hub’s pairing card.
hub-door-label = This kiosk’s door (optional)
hub-door-placeholder = e.g. Door B
hub-by-address = Not listed? Type the address from the card
hub-fingerprint-placeholder = 16 groups of 4
hub-address-incomplete = Give both the address and the fingerprint from the card, or neither.
hub-join-submit = Join
hub-joining = Joining…
hub-joining-hub = Joining the hub…
hub-wait = Wait a moment
hub-not-joined = Not joined
hub-camera-start = Scan the card with the camera
hub-camera-stop = Stop the camera
hub-camera-off = The camera is off.
hub-camera-starting = Starting the camera…
hub-camera-live = Hold the pairing card in the frame.
hub-camera-paused = Camera paused.
hub-camera-none = No camera here: type the code instead.
hub-camera-error = The camera is not available: type the code instead.
hub-camera-not-a-card = That is not a hub’s pairing card. Hold the card from the hub’s screen to the camera.

## Joined
hub-joined = Joined
hub-joined-toast = Joined the venue hub “{ $name }”.
hub-joined-with = This kiosk syncs with “{ $name }”
hub-events-coming = Bringing the hub’s events over…
hub-events-here = The hub’s events are here.
hub-events-not-yet = The events have not come over yet: { $reason }
hub-events-not-yet-see-sync = The events have not come over yet: the Sync screen says why.
hub-choose-event = Choose the event
