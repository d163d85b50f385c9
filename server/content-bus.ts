import { randomUUID } from "node:crypto";
import pg from "pg";

export const CHANNEL = "stable_content_changed";

export type ContentBus = {
  /** Tells the other instances that content changed (after the write committed). */
  publish: () => Promise<void>;
  /** True while this instance is listening; while false, remote changes could be missed. */
  readonly connected: boolean;
  stop: () => Promise<void>;
};

type Options = {
  connectionString: string;
  /** Another instance changed content. */
  onRemoteChange: () => void;
  /** Listening started or stopped; on (re)connect changes may have been missed. */
  onConnectedChange: (connected: boolean) => void;
  onError?: (error: unknown) => void;
  /** A fixed delay between reconnection attempts (tests); by default RECONNECT_DELAYS_MS. */
  retryMs?: number;
};

/** Waits between reconnection attempts: 1, 2, 5, then every 10 seconds (the spec's realtime schedule). */
export const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000];
const CONNECT_TIMEOUT_MS = 5000;

/**
 * Cross-instance invalidation on PostgreSQL: a dedicated client LISTENs on one channel and every
 * instance NOTIFYs it when its content changes. The client reconnects after an error; the caller
 * stops serving cached pages while it is disconnected.
 */
export function startContentBus(options: Options): ContentBus {
  const instance = randomUUID();
  let client: pg.Client | undefined;
  let connected = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let failures = 0;

  const setConnected = (value: boolean) => {
    if (connected === value) return;
    connected = value;
    if (value) failures = 0;
    options.onConnectedChange(value);
  };

  const scheduleReconnect = () => {
    if (stopped || timer) return;
    const delay = options.retryMs ?? RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)] ?? 10_000;
    failures += 1;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, delay);
    timer.unref();
  };

  const drop = (c: pg.Client, error?: unknown) => {
    if (client !== c) return;
    client = undefined;
    setConnected(false);
    if (error) options.onError?.(error);
    c.removeAllListeners();
    c.on("error", () => {});
    void c.end().catch(() => {});
    scheduleReconnect();
  };

  async function connect() {
    if (stopped) return;
    const c = new pg.Client({
      connectionString: options.connectionString,
      keepAlive: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    client = c;
    c.on("error", (error) => drop(c, error));
    c.on("end", () => drop(c));
    // The payload starts with the sender's id (earlier versions add what changed; every change
    // is treated alike now).
    c.on("notification", (message) => {
      if (message.channel !== CHANNEL) return;
      const [sender] = (message.payload ?? "").split(":");
      if (sender !== instance) options.onRemoteChange();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANNEL}`);
      if (client === c && !stopped) setConnected(true);
    } catch (error) {
      drop(c, error);
    }
  }

  void connect();

  return {
    get connected() {
      return connected;
    },
    async publish() {
      // A separate short connection, so a broken listener never stops others from hearing us.
      const c = new pg.Client({
        connectionString: options.connectionString,
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      });
      c.on("error", () => {});
      try {
        await c.connect();
        // ":removal" keeps an instance of an earlier version dropping its last good copies too.
        await c.query("SELECT pg_notify($1, $2)", [CHANNEL, `${instance}:removal`]);
      } finally {
        await c.end().catch(() => {});
      }
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = undefined;
      setConnected(false);
      if (c) {
        c.removeAllListeners();
        c.on("error", () => {});
        await c.end().catch(() => {});
      }
    },
  };
}
