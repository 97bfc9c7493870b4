// The host panel refreshes itself when something it shows changes (a hand moves on, a player
// asks for chips), but never under the host's finger.
import { poll } from "./poll.js";

const panel = document.getElementById("host-panel");

function busy() {
  return panel.contains(document.activeElement) || panel.querySelector("details[open]") !== null;
}

function update(status) {
  if (!status.html || status.fingerprint === panel.dataset.fingerprint || busy()) return;
  panel.innerHTML = status.html;
  panel.dataset.fingerprint = status.fingerprint;
}

if (panel) {
  poll(() => {
    const url = new URL(panel.dataset.statusUrl, window.location.href);
    url.searchParams.set("since", panel.dataset.fingerprint);
    return url.toString();
  }, update, 2000);
}
