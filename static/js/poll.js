// A small poll of a JSON status endpoint. The websocket table view will replace
// it; until then every live page asks every few seconds, and only while visible.

/**
 * Call `onData(json)` with `url`'s JSON now and every `intervalMs` while the page is visible.
 * `makeUrl` may add query parameters from the latest state. Returns a stop function.
 */
export function poll(makeUrl, onData, intervalMs = 3000) {
  let timer = null;
  let stopped = false;

  async function tick() {
    timer = null;
    if (stopped || document.visibilityState === "hidden") return;
    try {
      const response = await fetch(makeUrl(), {
        headers: { Accept: "application/json" },
        credentials: "same-origin",
        cache: "no-store",
      });
      if (response.ok) onData(await response.json());
    } catch (error) {
      // Wi-Fi drops are normal at a poker night: try again next tick.
    }
    if (!stopped) timer = setTimeout(tick, intervalMs);
  }

  // Back from the lock screen or another app: refresh at once.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && timer === null && !stopped) tick();
  });
  window.addEventListener("pageshow", () => {
    if (timer === null && !stopped) tick();
  });

  timer = setTimeout(tick, intervalMs);
  return () => {
    stopped = true;
    if (timer !== null) clearTimeout(timer);
  };
}
