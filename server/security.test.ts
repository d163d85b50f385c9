import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientIpHeader, crossSiteGuard } from "./security";
import { parseTrustProxy } from "./trust-proxy";

let base = "";
let writes = 0;
let close: () => void;

beforeAll(async () => {
  const app = express();
  app.use(crossSiteGuard({ publicOrigin: "https://stald.example" }));
  app.all("/{*any}", (req, res) => {
    if (req.method !== "GET") writes++;
    res.send("ok");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

async function send(method: string, headers: Record<string, string> = {}) {
  const before = writes;
  const res = await fetch(`${base}/admin/horses`, {
    method,
    headers,
    body: method === "GET" || method === "HEAD" ? undefined : "intent=delete",
  });
  return { status: res.status, wrote: writes > before };
}

describe("cross-site guard", () => {
  it("accepts same-origin posts and reads", async () => {
    expect(await send("POST", { Origin: base, "Sec-Fetch-Site": "same-origin" })).toEqual({ status: 200, wrote: true });
    expect(await send("POST", { Origin: "https://stald.example" })).toEqual({ status: 200, wrote: true });
    expect(await send("GET", { "Sec-Fetch-Site": "cross-site" })).toEqual({ status: 200, wrote: false });
    // A client that is not a browser sends neither header and carries no other site's cookies.
    expect((await send("POST")).status).toBe(200);
  });

  it("refuses posts from other sites before they reach the app", async () => {
    expect(await send("POST", { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" })).toEqual({
      status: 403,
      wrote: false,
    });
    expect(await send("POST", { Origin: "https://evil.example" })).toEqual({ status: 403, wrote: false });
    expect(await send("POST", { "Sec-Fetch-Site": "cross-site" })).toEqual({ status: 403, wrote: false });
    expect(await send("POST", { "Sec-Fetch-Site": "same-site", Origin: "https://sub.stald.example" })).toEqual({
      status: 403,
      wrote: false,
    });
    expect(await send("POST", { Origin: "null" })).toEqual({ status: 403, wrote: false });
    expect(await send("POST", { Origin: `http://127.0.0.1.evil.example` })).toEqual({ status: 403, wrote: false });
  });

  it("allows mutations only through POST", async () => {
    for (const method of ["PUT", "PATCH", "DELETE", "OPTIONS"]) {
      expect(await send(method, { Origin: base })).toEqual({ status: 405, wrote: false });
    }
  });
});

describe("TRUST_PROXY", () => {
  it("parses hop counts and address lists, and refuses true (it would trust client-written X-Forwarded-For)", () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy("false")).toBe(false);
    expect(() => parseTrustProxy("true")).toThrow(/TRUST_PROXY: true is refused.*hop count/s);
    expect(parseTrustProxy("1")).toBe(1);
    expect(parseTrustProxy("loopback, 10.0.0.0/8")).toBe("loopback, 10.0.0.0/8");
  });
});

describe("client address header", () => {
  it("replaces a client-sent value with the address Express sees, honouring trust proxy", async () => {
    const app = express();
    app.use(clientIpHeader());
    app.get("/", (req, res) => {
      res.send(req.headers["x-client-ip"]);
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      const spoofed = await fetch(url, { headers: { "x-client-ip": "6.6.6.6", "x-forwarded-for": "7.7.7.7" } });
      expect(await spoofed.text()).toBe("127.0.0.1");
      app.set("trust proxy", parseTrustProxy("loopback"));
      const proxied = await fetch(url, { headers: { "x-client-ip": "6.6.6.6", "x-forwarded-for": "198.51.100.4" } });
      expect(await proxied.text()).toBe("198.51.100.4");
    } finally {
      server.close();
    }
  });
});
