import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { errorHandler, requestLog, securityHeaders } from "./http";
import { requestContext } from "./process-errors";

let closers: (() => void)[] = [];
afterEach(() => {
  for (const c of closers) c();
  closers = [];
});

async function serve(app: express.Express) {
  const server = app.listen(0, "127.0.0.1");
  closers.push(() => server.close());
  await new Promise((r) => server.once("listening", r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function recorder() {
  const lines: { msg: string; fields?: Record<string, unknown> }[] = [];
  let logged!: () => void;
  /** Resolves at the first line logged (the request line is written once the response has gone). */
  const first = new Promise<void>((r) => (logged = r));
  const push = (msg: string, fields?: Record<string, unknown>) => {
    lines.push({ msg, fields });
    logged();
  };
  return { lines, first, logger: { info: push, error: push } };
}

describe("requestLog", () => {
  it("logs one line per request with id, method, path, status and duration, and nothing secret", async () => {
    const { lines, first, logger } = recorder();
    const app = express();
    app.use(requestLog(logger));
    app.get("/auth", (_req, res) => res.status(201).send("ok"));
    const base = await serve(app);
    const res = await fetch(`${base}/auth?token=secret-reset-token`, {
      headers: { Cookie: "stable_session=secret-cookie", Authorization: "Basic c2VjcmV0" },
    });
    const id = res.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await first;
    // Anything else the request would log comes at once with it.
    await new Promise((r) => setImmediate(r));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.msg).toBe("request");
    expect(lines[0]!.fields).toMatchObject({ requestId: id, method: "GET", path: "/auth", status: 201 });
    expect(typeof lines[0]!.fields!.ms).toBe("number");
    const text = JSON.stringify(lines);
    expect(text).not.toContain("secret");
  });

  it("keeps a sane incoming X-Request-Id and replaces a hostile one", async () => {
    const { logger } = recorder();
    const app = express();
    app.use(requestLog(logger));
    app.get("/", (_req, res) => res.send("ok"));
    const base = await serve(app);
    const kept = await fetch(base, { headers: { "X-Request-Id": "lb-1234.abc" } });
    expect(kept.headers.get("x-request-id")).toBe("lb-1234.abc");
    const replaced = await fetch(base, { headers: { "X-Request-Id": "<script>alert(1)</script>" } });
    expect(replaced.headers.get("x-request-id")).not.toContain("<");
  });

  it("runs the rest of the request in its context, so an error nobody caught can name it", async () => {
    const { logger } = recorder();
    const app = express();
    app.use(requestLog(logger));
    app.get("/", async (_req, res) => {
      // After a turn of the event loop the request's context must still be there.
      await new Promise((r) => setImmediate(r));
      res.send(requestContext.getStore()?.requestId ?? "none");
    });
    const base = await serve(app);
    const res = await fetch(base, { headers: { "X-Request-Id": "lb-77" } });
    expect(await res.text()).toBe("lb-77");
  });
});

describe("securityHeaders", () => {
  it("sends the headers on every response and HSTS only over HTTPS", async () => {
    const app = express();
    app.set("trust proxy", true);
    app.use(securityHeaders({ csp: true }));
    app.get("/", (_req, res) => res.send("ok"));
    const base = await serve(app);
    const plain = await fetch(base);
    expect(plain.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(plain.headers.get("content-security-policy")).toMatch(/script-src 'self';/);
    expect(plain.headers.get("x-content-type-options")).toBe("nosniff");
    expect(plain.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(plain.headers.get("permissions-policy")).toContain("camera=()");
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    const https = await fetch(base, { headers: { "X-Forwarded-Proto": "https" } });
    expect(https.headers.get("strict-transport-security")).toContain("max-age=");
  });
});

describe("errorHandler", () => {
  it("answers 500 with a plain message and logs the details with the request id", async () => {
    const { lines, logger } = recorder();
    const app = express();
    app.use(requestLog(logger));
    app.get("/", () => {
      throw new Error("connect ECONNREFUSED 10.0.0.5:5432 password=hunter2");
    });
    app.use(errorHandler(logger));
    const base = await serve(app);
    const res = await fetch(base);
    expect(res.status).toBe(500);
    const body = await res.text();
    expect(body).toBe("Something went wrong. Please try again later.");
    expect(body).not.toMatch(/ECONNREFUSED|at .*\.ts/);
    const logged = lines.find((l) => l.msg === "Unhandled request error");
    expect(logged?.fields?.requestId).toBe(res.headers.get("x-request-id"));
  });
});
