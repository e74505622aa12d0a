import type { PGlite } from "@electric-sql/pglite";

/**
 * Change notifications from the database (PostgreSQL LISTEN/NOTIFY), which triggers send when
 * rows that processes cache change (migration 0017): every server process hears every commit, so
 * a cache can be trusted between notifications.
 */
export interface ChangeFeed {
  /**
   * Calls back on every notification of the channel, and also whenever notifications may have
   * been missed (the listening connection dropped or came back), so the caller drops its cache.
   */
  subscribe(channel: string, onChange: () => void): void;
  /** Whether notifications are being heard right now; while not, caches must read through. */
  readonly live: boolean;
  close(): Promise<void>;
}

const RECONNECT_MS = 1_000;

/** One dedicated PostgreSQL connection that listens; reconnects after a loss. */
export function postgresChangeFeed(url: string, warn: (message: string) => void): ChangeFeed {
  const listeners = new Map<string, (() => void)[]>();
  let client: import("pg").Client | null = null;
  let live = false;
  let closed = false;
  let connecting: Promise<void> | null = null;

  const everyone = () => {
    for (const callbacks of listeners.values()) for (const callback of callbacks) callback();
  };

  async function connect(): Promise<void> {
    const { default: pg } = await import("pg");
    const next = new pg.Client({ connectionString: url });
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = null;
      live = false;
      everyone();
      if (closed) return;
      warn(
        `change feed connection lost${error ? `: ${error.message}` : ""}; caches read through until it is back`,
      );
      setTimeout(() => void ensure(), RECONNECT_MS).unref();
    };
    next.on("error", lost);
    next.on("end", () => lost());
    next.on("notification", (message) => {
      for (const callback of listeners.get(message.channel) ?? []) callback();
    });
    try {
      await next.connect();
      for (const channel of listeners.keys()) await next.query(`listen "${channel}"`);
    } catch (error) {
      await next.end().catch(() => {});
      if (!closed) setTimeout(() => void ensure(), RECONNECT_MS).unref();
      warn(`change feed cannot listen: ${(error as Error).message}`);
      return;
    }
    if (closed) {
      await next.end();
      return;
    }
    client = next;
    live = true;
    // Whatever changed while nobody listened.
    everyone();
  }

  function ensure(): Promise<void> {
    if (closed || client) return Promise.resolve();
    connecting ??= connect().finally(() => {
      connecting = null;
    });
    return connecting;
  }

  return {
    subscribe(channel, onChange) {
      if (!/^[a-z_]+$/.test(channel)) throw new Error(`bad channel name ${channel}`);
      const known = listeners.get(channel);
      if (known) known.push(onChange);
      else {
        listeners.set(channel, [onChange]);
        if (client) void client.query(`listen "${channel}"`).catch(() => {});
      }
      void ensure();
    },
    get live() {
      return live;
    },
    async close() {
      closed = true;
      live = false;
      await connecting;
      const last = client;
      client = null;
      await last?.end().catch(() => {});
    },
  };
}

/** The embedded database: one process, so its own notifications are all there is. */
export function pgliteChangeFeed(pglite: PGlite): ChangeFeed {
  return {
    subscribe(channel, onChange) {
      void pglite.listen(channel, onChange);
    },
    live: true,
    async close() {},
  };
}
