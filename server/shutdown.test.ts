import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { createShutdown } from "./shutdown";

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
    const exited = new Promise<void>((resolve) => {
      const shutdown = createShutdown({
        server,
        log: () => {},
        stop: async () => {
          events.push("services stopped");
        },
        onDraining: () => events.push("draining"),
        exit: (code) => {
          exitCode = code;
          resolve();
        },
      });
      void requestStarted.then(() => shutdown("SIGTERM"));
    });
    const inFlight = fetch(url).then((r) => r.text());
    await requestStarted;
    await new Promise((r) => setTimeout(r, 50));
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
