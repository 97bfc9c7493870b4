// Getting the player's attention without being asked twice: a vibration and a changed tab
// title when the turn comes round, and the screen kept awake while a hand is on.

/** Call with each view's "is it my turn"; buzzes once per new turn. */
export function createTurnAlert(baseTitle) {
  let wasMyTurn = false;
  return function turnChanged(myTurn) {
    if (myTurn && !wasMyTurn) {
      if (typeof navigator.vibrate === "function") {
        try {
          navigator.vibrate([120, 80, 120]);
        } catch (error) {
          // Some browsers refuse before the first tap: the title still changes.
        }
      }
    }
    document.title = myTurn ? `\u25cf Your turn \u00b7 ${baseTitle}` : baseTitle;
    wasMyTurn = myTurn;
  };
}

/** Keep the screen on while `wanted` (Wake Lock API where supported; a no-op elsewhere). */
export function createWakeLock() {
  let lock = null;
  let wanted = false;

  async function acquire() {
    if (!wanted || lock || !("wakeLock" in navigator) || document.visibilityState !== "visible") return;
    try {
      lock = await navigator.wakeLock.request("screen");
      document.body.dataset.screenAwake = "true"; // for whoever checks the phone stays on
      lock.addEventListener("release", () => {
        lock = null;
        document.body.dataset.screenAwake = "false";
      });
    } catch (error) {
      lock = null; // low battery or not allowed: the phone may dim, nothing else changes
    }
  }

  // The browser drops the lock when the page is hidden; take it again on return.
  document.addEventListener("visibilitychange", acquire);

  return function keepAwake(on) {
    wanted = on;
    if (on) acquire();
    else if (lock) {
      lock.release().catch(() => {});
      lock = null;
    }
  };
}

/**
 * The connection indicator (always visible, quiet) and the "Reconnecting..." banner (only
 * after a moment without a connection, gone by itself once back).
 */
export function createConnectionDisplay(indicator, banner) {
  let bannerTimer = null;
  return function show(status, detail = {}) {
    const words = {
      connecting: "Connecting",
      open: "Connected",
      reconnecting: "Reconnecting",
      forbidden: "Not allowed at this table",
      closed: "Disconnected",
    };
    indicator.dataset.state = status;
    const latency = status === "open" && typeof detail.rtt === "number" ? ` (${detail.rtt} ms)` : "";
    indicator.querySelector(".conn-text").textContent = `${words[status] || status}${latency}`;
    if (status === "open") {
      clearTimeout(bannerTimer);
      bannerTimer = null;
      banner.hidden = true;
      return;
    }
    const pending = detail.pending ? " Your action is kept and sent when the connection is back." : "";
    if (status === "forbidden") {
      banner.hidden = false;
      banner.textContent = "This page cannot follow the table: you are not seated here. Reload, or ask the host.";
      return;
    }
    banner.textContent = `Reconnecting\u2026${pending}`;
    // A blip of a few hundred ms is not worth a banner.
    if (banner.hidden && bannerTimer === null) {
      bannerTimer = setTimeout(() => {
        bannerTimer = null;
        if (indicator.dataset.state !== "open") banner.hidden = false;
      }, 700);
    }
  };
}
