// A host page's panel (the night page, the host panel) refreshes itself when what it shows
// changes, but never under the host's finger. The panel element says where its status is
// (data-status-url) and, optionally, how often to ask (data-poll-ms).
import { poll } from "./poll.js";

const panel = document.querySelector("[data-live-panel]");

function busy() {
  return panel.contains(document.activeElement) || panel.querySelector("details[open]") !== null;
}

function update(status) {
  if (!status.html || status.fingerprint === panel.dataset.fingerprint || busy()) return;
  panel.innerHTML = status.html;
  panel.dataset.fingerprint = status.fingerprint;
}

if (panel) {
  const intervalMs = Number(panel.dataset.pollMs) || 3000;
  poll(() => {
    const url = new URL(panel.dataset.statusUrl, window.location.href);
    url.searchParams.set("since", panel.dataset.fingerprint);
    return url.toString();
  }, update, intervalMs);
}
