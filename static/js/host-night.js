// The host's night page: the players and tables panel refreshes itself when something changes.
import { poll } from "./poll.js";

const panel = document.getElementById("night-panel");

function update(status) {
  if (!status.html || status.fingerprint === panel.dataset.fingerprint) return;
  // Never swap the panel under the host's finger: wait while a menu or select is in use.
  if (panel.contains(document.activeElement) || panel.querySelector("details[open]")) return;
  panel.innerHTML = status.html;
  panel.dataset.fingerprint = status.fingerprint;
}

if (panel) {
  poll(() => {
    const url = new URL(panel.dataset.statusUrl, window.location.href);
    url.searchParams.set("since", panel.dataset.fingerprint);
    return url.toString();
  }, update);
}
