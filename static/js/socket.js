// The table websocket client (docs/protocol.md).
//
// Phones drop sockets all the time: in the background, in a lift, when Wi-Fi hands over to
// mobile data. So this client assumes the socket is unreliable and the server is the truth:
// - every `view` carries a version; an old one is dropped, a jump ahead is rendered (views are
//   whole) and followed by a `resync` in case something in between mattered;
// - a ping every 10 s while the page is visible; no answer in 5 s means the socket is dead;
// - reconnect with backoff (0.5 s doubling to 8 s, with jitter), at once when the page comes
//   back to the foreground (`visibilitychange`, `pageshow`) or the network returns (`online`);
//   the socket counts as gone as soon as the phone reports `offline`;
// - an intent made while offline is kept and resent with the same client id after
//   reconnecting, so the server applies it at most once. Kept in sessionStorage, so a reload
//   does not lose it either.

const PING_EVERY_MS = 10_000;
const PONG_WAIT_MS = 5_000;
const BACKOFF_FIRST_MS = 500;
const BACKOFF_MAX_MS = 8_000;
const RESYNC_GAP_MS = 1_000;
// The server closes with these codes when it will not serve this page (protocol.md).
const CLOSE_FORBIDDEN = 4403;

/** A client id for an intent: 1-64 characters of [A-Za-z0-9_-]. */
export function newClientId() {
  if (globalThis.crypto && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  if (globalThis.crypto && typeof crypto.getRandomValues === "function") {
    crypto.getRandomValues(bytes);
  } else {
    for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  }
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The backoff before reconnect attempt `attempt` (0 first): 0.5 s doubling to 8 s, +-25% jitter. */
export function backoffDelay(attempt, random = Math.random) {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** attempt);
  return Math.round(base * (0.75 + random() * 0.5));
}

/** ws(s)://host/path for a path on this site. */
export function socketUrl(path) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}${path}`;
}

/**
 * Connect to a table's websocket.
 *
 * Handlers (all optional): onView(view, version), onAck(clientId, version),
 * onError({code, message, client_id}), onStatus(status, detail) with status one of
 * "connecting", "open", "reconnecting", "forbidden", "closed"; detail has
 * {attempt, pending, rtt}.
 * Returns {act(action) -> clientId, host(command) -> clientId, resync(), close(), pending()}.
 */
export function connectTable(url, handlers = {}) {
  const storageKey = `homegame-pending:${url}`;
  let socket = null;
  let version = -1;
  let attempt = 0;
  let retryTimer = null;
  let pingTimer = null;
  let pongTimer = null;
  let lastResyncAt = -Infinity;
  let rtt = null;
  let status = "";
  let closedByUs = false;
  // client_id -> the whole message, until the server acks it or refuses it.
  const pending = new Map(loadPending());

  function loadPending() {
    try {
      const saved = JSON.parse(sessionStorage.getItem(storageKey) || "[]");
      return Array.isArray(saved) ? saved.map((message) => [message.client_id, message]) : [];
    } catch (error) {
      return [];
    }
  }

  function savePending() {
    try {
      sessionStorage.setItem(storageKey, JSON.stringify([...pending.values()]));
    } catch (error) {
      // Private browsing may refuse storage: the intent still lives in memory.
    }
  }

  function setStatus(next) {
    status = next;
    handlers.onStatus?.(next, { attempt, pending: pending.size, rtt });
  }

  function isOpen() {
    return socket !== null && socket.readyState === WebSocket.OPEN;
  }

  function send(message) {
    if (!isOpen()) return false;
    try {
      socket.send(JSON.stringify(message));
      return true;
    } catch (error) {
      return false;
    }
  }

  function open() {
    clearTimeout(retryTimer);
    retryTimer = null;
    if (closedByUs) return;
    if (socket !== null && (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING)) {
      return;
    }
    setStatus(attempt === 0 && version < 0 ? "connecting" : "reconnecting");
    let ws;
    try {
      ws = new WebSocket(url);
    } catch (error) {
      scheduleReconnect();
      return;
    }
    socket = ws;
    ws.onopen = () => {
      if (socket !== ws) return;
      attempt = 0;
      setStatus("open");
      // The server sends a fresh view on connect; intents made while away go again with
      // their own client ids (a repeat is acked, never applied twice).
      for (const message of pending.values()) send(message);
      schedulePing(PING_EVERY_MS);
    };
    ws.onmessage = (event) => {
      if (socket !== ws) return;
      clearTimeout(pongTimer);
      pongTimer = null;
      let message;
      try {
        message = JSON.parse(event.data);
      } catch (error) {
        return;
      }
      receive(message);
    };
    ws.onclose = (event) => {
      if (socket !== ws) return;
      socket = null;
      stopPings();
      if (closedByUs) return setStatus("closed");
      if (event.code === CLOSE_FORBIDDEN) {
        closedByUs = true;
        return setStatus("forbidden");
      }
      scheduleReconnect();
    };
    ws.onerror = () => {
      // onclose follows and reconnects.
    };
  }

  function scheduleReconnect() {
    if (closedByUs || retryTimer !== null) return;
    const delay = backoffDelay(attempt);
    attempt += 1;
    setStatus("reconnecting");
    retryTimer = setTimeout(() => {
      retryTimer = null;
      open();
    }, delay);
  }

  function reconnectNow() {
    if (closedByUs) return;
    if (isOpen()) {
      // Back from the background: the socket may be a dead one the phone has not noticed.
      ping();
      return;
    }
    if (socket !== null && socket.readyState === WebSocket.CONNECTING) return;
    attempt = 0;
    clearTimeout(retryTimer);
    retryTimer = null;
    open();
  }

  function dropSocket() {
    // A socket that does not answer a ping is treated as gone; onclose would come too late.
    const dead = socket;
    socket = null;
    stopPings();
    if (dead) {
      dead.onopen = dead.onmessage = dead.onclose = dead.onerror = null;
      try {
        dead.close();
      } catch (error) {
        // already closing
      }
    }
    scheduleReconnect();
  }

  function ping() {
    if (!isOpen()) return;
    const sentAt = performance.now();
    send({ type: "ping", t: Math.round(sentAt) });
    clearTimeout(pongTimer);
    pongTimer = setTimeout(dropSocket, PONG_WAIT_MS);
  }

  function schedulePing(delay) {
    clearTimeout(pingTimer);
    pingTimer = setTimeout(() => {
      if (document.visibilityState !== "hidden") ping();
      schedulePing(PING_EVERY_MS);
    }, delay);
  }

  function stopPings() {
    clearTimeout(pingTimer);
    clearTimeout(pongTimer);
    pingTimer = pongTimer = null;
  }

  function resync() {
    lastResyncAt = performance.now();
    send({ type: "resync" });
  }

  function receive(message) {
    switch (message.type) {
      case "view": {
        if (typeof message.version !== "number" || message.version <= version) return; // seen it
        const gap = version >= 0 && message.version > version + 1;
        version = message.version;
        handlers.onView?.(message.view, version);
        if (gap && performance.now() - lastResyncAt > RESYNC_GAP_MS) resync();
        return;
      }
      case "ack":
        settle(message.client_id);
        handlers.onAck?.(message.client_id, message.version);
        return;
      case "error":
        if (message.client_id) settle(message.client_id);
        handlers.onError?.(message);
        return;
      case "pong":
        if (typeof message.t === "number") rtt = Math.max(0, Math.round(performance.now() - message.t));
        handlers.onStatus?.(status, { attempt, pending: pending.size, rtt });
        // A pong names the table's version: behind it means a hint was lost on the way.
        if (typeof message.version === "number" && message.version > version) resync();
        return;
      default:
    }
  }

  function settle(clientId) {
    if (pending.delete(clientId)) savePending();
  }

  function intent(type, key, body) {
    const clientId = newClientId();
    const message = { type, client_id: clientId, version: Math.max(version, 0), [key]: body };
    pending.set(clientId, message);
    savePending();
    send(message);
    handlers.onStatus?.(status, { attempt, pending: pending.size, rtt });
    return clientId;
  }

  function onOffline() {
    // The phone says the network is gone: the socket is as good as dead, and saying so at
    // once lets the player see it. `online` reconnects.
    if (!closedByUs && socket !== null) dropSocket();
  }

  function onVisible() {
    if (document.visibilityState === "visible") reconnectNow();
  }

  document.addEventListener("visibilitychange", onVisible);
  window.addEventListener("pageshow", reconnectNow);
  window.addEventListener("online", reconnectNow);
  window.addEventListener("offline", onOffline);
  open();

  return {
    act: (action) => intent("act", "action", action),
    host: (command) => intent("host", "command", command),
    resync,
    /** Forget an intent the player no longer wants sent (it may already have been). */
    forget: (clientId) => settle(clientId),
    pending: () => [...pending.values()],
    version: () => version,
    close() {
      closedByUs = true;
      clearTimeout(retryTimer);
      stopPings();
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("pageshow", reconnectNow);
      window.removeEventListener("online", reconnectNow);
      window.removeEventListener("offline", onOffline);
      if (socket) socket.close();
      setStatus("closed");
    },
  };
}
