import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { EventEmitter } from "node:events";
import { createShutdown, onStopSignals, REPEAT_WINDOW_MS } from "./shutdown";

describe("graceful shutdown", () => {
  it("stops accepting, finishes the request in flight, then stops services and exits 0", async () => {
    const events: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let started!: () => void;
    const requestStarted = new Promise<void>((r) => (started = r));
    const server = http.createServer(async (_req, res) => {
      events.push("request started");
      started();
      await gate;
      res.end("finished");
      events.push("request finished");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

    let exitCode: number | undefined;
    let drained!: () => void;
    const draining = new Promise<void>((r) => (drained = r));
    const exited = new Promise<void>((resolve) => {
      const shutdown = createShutdown({
        server,
        log: () => {},
        stop: async () => {
          events.push("services stopped");
        },
        onDraining: () => {
          events.push("draining");
          drained();
        },
        exit: (code) => {
          exitCode = code;
          resolve();
        },
      });
      void requestStarted.then(() => shutdown("SIGTERM"));
    });
    const inFlight = fetch(url).then((r) => r.text());
    await requestStarted;
    await draining;
    // New connections are refused while the old request is still running.
    await expect(fetch(url, { signal: AbortSignal.timeout(1000) })).rejects.toThrow();
    expect(events).toEqual(["request started", "draining"]);
    release();
    expect(await inFlight).toBe("finished");
    await exited;
    expect(exitCode).toBe(0);
    expect(events).toEqual(["request started", "draining", "request finished", "services stopped"]);
  });
});

describe("stop signals", () => {
  function setUp() {
    const signals = new EventEmitter();
    const calls: string[] = [];
    let now = 0;
    onStopSignals(
      async (signal) => {
        calls.push(`stop ${signal}`);
      },
      {
        signals: signals as unknown as Pick<NodeJS.Process, "on">,
        log: () => {},
        exit: (code) => calls.push(`exit ${code}`),
        now: () => now,
      },
    );
    return { signals, calls, later: (ms: number) => (now += ms) };
  }

  it("takes a repeated SIGTERM for the same request, however late it comes", () => {
    const { signals, calls, later } = setUp();
    signals.emit("SIGTERM");
    signals.emit("SIGTERM");
    later(5000);
    signals.emit("SIGTERM");
    expect(calls).toEqual(["stop SIGTERM"]);
  });

  it("stops at once on a second Ctrl-C, but not on the copy npm forwards with the first", () => {
    const { signals, calls, later } = setUp();
    signals.emit("SIGINT");
    signals.emit("SIGINT");
    expect(calls).toEqual(["stop SIGINT"]);
    later(REPEAT_WINDOW_MS + 1);
    signals.emit("SIGINT");
    expect(calls).toEqual(["stop SIGINT", "exit 1"]);
  });
});
