// One WebSocket per table page, re-opened automatically with exponential backoff after a drop.
// After every (re)connect the server sends a fresh `sync` snapshot, so nothing needs replaying on our side except an
// action that was sent but not acknowledged: it is resent once if the snapshot shows the same version (the server
// ignores a duplicate of an applied action, and refuses a stale one).

const PING_EVERY_MS = 10000;
const SILENCE_LIMIT_MS = 25000;
const MAX_BACKOFF_MS = 10000;

export class Connection {
  /**
   * @param {string} tableId
   * @param {() => object} hello      builds the hello message ({type:"hello", token} or {spectator:true})
   * @param {object} handlers         onMessage(msg), onStatus(status, detail), onFatal(msg)
   */
  constructor(tableId, hello, handlers) {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    this.url = `${scheme}://${location.host}/ws/tables/${encodeURIComponent(tableId)}`;
    this.hello = hello;
    this.handlers = handlers;
    this.ws = null;
    this.attempt = 0;
    this.timer = null;
    this.stopped = false;
    this.lastHeard = 0;
    this.pending = null; // {action, version} sent and not yet acknowledged
    this.status = "connecting";
    this.heartbeat = setInterval(() => this._beat(), PING_EVERY_MS);
    window.addEventListener("offline", () => this._drop("offline"));
    window.addEventListener("online", () => this.reconnectNow());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible" && !this._isOpen()) this.reconnectNow();
    });
  }

  start() {
    this._open();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.heartbeat);
    if (this.ws) this.ws.close(1000, "bye");
  }

  reconnectNow() {
    if (this.stopped || this._isOpen()) return;
    clearTimeout(this.timer);
    this.attempt = 0;
    this._open();
  }

  send(message) {
    if (!this._isOpen()) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  sendAction(action, version) {
    const sent = this.send({ type: "action", version, action });
    if (sent) this.pending = { action, version };
    return sent;
  }

  _isOpen() {
    return this.ws && this.ws.readyState === WebSocket.OPEN;
  }

  _setStatus(status, detail) {
    this.status = status;
    this.handlers.onStatus(status, detail);
  }

  _open() {
    if (this.stopped) return;
    if (!navigator.onLine) {
      this._setStatus("offline");
      return; // the "online" event reconnects
    }
    if (this.ws) {
      this.ws.onclose = this.ws.onmessage = this.ws.onerror = null;
      try {
        this.ws.close();
      } catch {
        /* already closed */
      }
    }
    this._setStatus(this.attempt ? "reconnecting" : "connecting");
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.onopen = () => {
      this.lastHeard = Date.now();
      this.fresh = true;
      ws.send(JSON.stringify(this.hello()));
    };
    ws.onmessage = (event) => {
      this.lastHeard = Date.now();
      let msg;
      try {
        msg = JSON.parse(event.data);
      } catch {
        return;
      }
      this._receive(msg);
    };
    ws.onclose = (event) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (event.code === 1008 && this.fatal) return;
      this._schedule();
    };
    ws.onerror = () => {
      /* onclose follows and schedules the retry */
    };
  }

  _receive(msg) {
    if (msg.type === "welcome") {
      this.attempt = 0;
      this._setStatus("connected");
    } else if (msg.type === "sync") {
      const fresh = this.fresh;
      this.fresh = false;
      if (msg.ack) {
        this.pending = null; // our action is committed: the sync that shows it is its acknowledgement
      } else if (this.pending && fresh) {
        if (msg.version === this.pending.version && msg.legal && msg.legal.length) {
          // A reconnect snapshot from before our action was applied: send it again (idempotent on the server).
          const { action, version } = this.pending;
          this.pending = null;
          this.sendAction(action, version);
        } else {
          this.pending = null;
        }
      } else if (this.pending && msg.version !== this.pending.version) {
        this.pending = null;
      }
    } else if (msg.type === "ack") {
      this.pending = null; // a resent action that was already applied (duplicate)
    } else if (msg.type === "error") {
      this.pending = null;
      if (msg.code === "unauthorized") {
        this.fatal = true;
        this.stopped = true;
        this.handlers.onFatal(msg);
        return;
      }
    }
    this.handlers.onMessage(msg);
  }

  _drop(reason) {
    if (this.ws) {
      const ws = this.ws;
      this.ws = null;
      ws.onclose = ws.onmessage = ws.onerror = null;
      try {
        ws.close();
      } catch {
        /* ignore */
      }
    }
    clearTimeout(this.timer);
    if (reason === "offline") this._setStatus("offline");
    else this._schedule();
  }

  _schedule() {
    if (this.stopped) return;
    clearTimeout(this.timer);
    const base = Math.min(MAX_BACKOFF_MS, 500 * 2 ** this.attempt);
    const delay = Math.round(base * (0.75 + Math.random() * 0.5));
    this.attempt += 1;
    this._setStatus("reconnecting", delay);
    this.timer = setTimeout(() => this._open(), delay);
  }

  _beat() {
    if (this.stopped || !this._isOpen()) return;
    if (Date.now() - this.lastHeard > SILENCE_LIMIT_MS) {
      this._drop("silent"); // a half-open connection: nothing heard despite pings
      return;
    }
    this.send({ type: "ping" });
  }
}
