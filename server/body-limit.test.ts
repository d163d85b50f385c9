import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodyLimits, bodyRuleFor, closeWhenBodyUnread, FORM_RULES } from "./body-limit";
import { toFetchRequest } from "./request-handler";

let server: http.Server;
let port = 0;
/** What the routes behind the limits were handed. */
const seen: { path: string; fields: number; bytes: number }[] = [];

beforeAll(async () => {
  const app = express();
  app.use(closeWhenBodyUnread());
  app.get("/healthz", (_req, res) => res.send("ok"));
  app.use(bodyLimits({ isAdmin: async (req) => req.headers.cookie === "admin" }));
  // An upload route that answers without reading the body, as a refused admin check does.
  app.post("/admin/team", (req, res, next) => (req.headers.cookie === "admin" ? next() : res.redirect(302, "/auth")));
  // Every other route reads its form the way React Router hands it to an action.
  app.post("/{*any}", async (req, res) => {
    const url = new URL(req.originalUrl, `http://${req.host}`);
    const request = toFetchRequest(req, res, url);
    if (req.path === "/admin/team") {
      const bytes = (await request.arrayBuffer()).byteLength;
      seen.push({ path: req.path, fields: 0, bytes });
    } else {
      const form = await request.formData();
      seen.push({ path: req.path, fields: [...form.keys()].length, bytes: 0 });
    }
    res.send("read");
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** `reset`: the connection was closed while the client was still sending (status 0). */
type Sent = { status: number; body: string; connection: string | undefined; bytesSent: number; reset?: boolean };

/**
 * POSTs a body produced chunk by chunk (never held whole), as fast as the server takes it, and
 * stops as soon as the answer arrives or the connection closes. `length` sends a Content-Length
 * header instead of a chunked body.
 */
function stream(
  path: string,
  {
    chunk,
    total,
    type = "application/x-www-form-urlencoded",
    length,
    head,
    cookie,
  }: { chunk: Buffer; total: number; type?: string; length?: number; head?: Buffer; cookie?: string },
): Promise<Sent> {
  return new Promise((resolve, reject) => {
    let bytesSent = 0;
    let answered = false;
    const headers: Record<string, string> = { "Content-Type": type };
    if (length !== undefined) headers["Content-Length"] = String(length);
    if (cookie) headers.Cookie = cookie;
    const req = http.request({ host: "127.0.0.1", port, method: "POST", path, headers, agent: false }, (res) => {
      answered = true;
      let body = "";
      res.on("data", (c: Buffer) => (body += c.toString()));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection, bytesSent }),
      );
    });
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (answered) return;
      if (error.code === "EPIPE" || error.code === "ECONNRESET") {
        resolve({ status: 0, body: "", connection: undefined, bytesSent, reset: true });
      } else reject(error);
    });
    const pump = () => {
      while (!answered && !req.destroyed && bytesSent < total) {
        const piece = bytesSent === 0 && head ? head : chunk;
        bytesSent += piece.length;
        if (!req.write(piece)) return void req.once("drain", pump);
      }
      if (bytesSent >= total) req.end();
    };
    if (length !== undefined && total === 0) req.flushHeaders();
    else pump();
  });
}

function get(path: string) {
  return new Promise<number>((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, agent: false }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      })
      .on("error", reject);
  });
}

const MB = 1024 * 1024;
const filler = Buffer.alloc(64 * 1024, "a");

describe("body limits by route", () => {
  it("gives sign-in, reset, setup and sign-out a few KB, contact and admin forms 64 KB, uploads their own", () => {
    for (const path of ["/auth", "/auth.data", "/auth/setup", "/sign-out", "/sign-out.data", "/horses", "/x"]) {
      expect(bodyRuleFor(path), path).toBe(FORM_RULES.small);
    }
    expect(bodyRuleFor("/contact")).toBe(FORM_RULES.contact);
    expect(bodyRuleFor("/contact.data")).toBe(FORM_RULES.contact);
    expect(bodyRuleFor("/da/contact")).toBe(FORM_RULES.contact);
    expect(bodyRuleFor("/da/contact.data")).toBe(FORM_RULES.contact);
    expect(bodyRuleFor("/admin/contact-info")).toBe(FORM_RULES.admin);
    for (const path of [
      "/admin",
      "/admin.data",
      "/admin/horses",
      "/admin/winners.data",
      "/admin/team/",
      "/admin/billing/costs",
    ]) {
      expect(bodyRuleFor(path), path).toBe("upload");
    }
    // The horses' fees and shares take no files: a form's bound, like any admin form's.
    expect(bodyRuleFor("/admin/billing/horses")).toBe(FORM_RULES.admin);
    expect(FORM_RULES.small.maxBytes).toBeLessThanOrEqual(16 * 1024);
    expect(FORM_RULES.contact.maxBytes).toBeLessThanOrEqual(64 * 1024);
  });

  it("hands a small form to the route as it was sent, urlencoded or multipart", async () => {
    const urlencoded = await stream("/auth", {
      chunk: Buffer.from("intent=sign-in&email=a%40b.dk&password=x"),
      total: 1,
    });
    expect(urlencoded).toMatchObject({ status: 200, body: "read" });
    const boundary = "----b";
    const multipart = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="scope"\r\n\r\nlocal\r\n--${boundary}--\r\n`,
    );
    const sent = await stream("/sign-out", {
      chunk: multipart,
      total: 1,
      type: `multipart/form-data; boundary=${boundary}`,
    });
    expect(sent).toMatchObject({ status: 200, body: "read" });
    expect(seen.at(-1)).toMatchObject({ path: "/sign-out", fields: 1 });
  });

  it("reads a body a little over the limit to its end and answers with the short page", async () => {
    const sent = await stream("/contact", { chunk: Buffer.alloc(4096, "a"), total: 100_000 });
    expect(sent).toMatchObject({ status: 413, body: "The form is too large. Nothing was saved." });
  });

  it("refuses a declared Content-Length over the limit before reading any of it", async () => {
    for (const path of ["/auth", "/auth/setup", "/sign-out", "/contact"]) {
      const sent = await stream(path, { chunk: filler, total: 0, length: 200 * MB });
      expect(sent.status, path).toBe(413);
      expect(sent.body).toBe("The form is too large. Nothing was saved.");
      expect(sent.bytesSent).toBe(0);
      expect(sent.connection).toBe("close");
    }
  });

  it("stops reading a chunked body at the limit: three 200 MB posts neither grow the process nor block /healthz", async () => {
    const before = process.memoryUsage().rss;
    const posts = [1, 2, 3].map(() => stream("/auth", { chunk: filler, total: 200 * MB }));
    const health = await get("/healthz");
    const results = await Promise.all(posts);
    const grown = process.memoryUsage().rss - before;
    expect(health).toBe(200);
    for (const result of results) {
      // Refused with the short page, or cut off while still sending: either way not read.
      if (!result.reset) expect(result).toMatchObject({ status: 413, connection: "close" });
      // What the client got into the socket buffers before the answer, nowhere near 200 MB.
      expect(result.bytesSent).toBeLessThan(32 * MB);
    }
    // Reading the bodies whole grew the process by about 730 MB.
    expect(grown).toBeLessThan(64 * MB);
  });

  it("counts parts: a 1,000,000-part multipart body is refused early and /healthz answers meanwhile", async () => {
    const boundary = "xyz";
    const part = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="f"\r\n\r\nv\r\n`);
    const post = stream("/auth", {
      chunk: Buffer.concat(Array.from({ length: 1000 }, () => part)),
      total: 1_000_000 * part.length,
      type: `multipart/form-data; boundary=${boundary}`,
    });
    expect(await get("/healthz")).toBe(200);
    const result = await post;
    if (!result.reset) expect(result.status).toBe(413);
    expect(result.bytesSent).toBeLessThan(1_000_000 * part.length);

    // Within the byte limit, but more parts than any of these forms has.
    const few = Buffer.concat([...Array.from({ length: 50 }, () => part), Buffer.from(`--${boundary}--\r\n`)]);
    const many = await stream("/auth", { chunk: few, total: 1, type: `multipart/form-data; boundary=${boundary}` });
    expect(many).toMatchObject({ status: 413, body: "The form has too many fields. Nothing was saved." });
    const fields = await stream("/auth", { chunk: Buffer.from("a=1&".repeat(1000)), total: 1 });
    expect(fields.status).toBe(413);
  });

  it("answers a malformed or unexpected body with a 4xx, never an error", async () => {
    const broken = await stream("/auth", {
      chunk: Buffer.from('--b\r\nContent-Disposition: form-data; name="email"\r\n\r\nno closing boundary'),
      total: 1,
      type: "multipart/form-data; boundary=b",
    });
    expect(broken.status).toBe(400);
    const noBoundary = await stream("/auth/setup", { chunk: Buffer.from("x"), total: 1, type: "multipart/form-data" });
    expect(noBoundary.status).toBe(400);
    const json = await stream("/sign-out", { chunk: Buffer.from("{}"), total: 1, type: "application/json" });
    expect(json.status).toBe(415);
    const file = await stream("/auth", {
      chunk: Buffer.from(
        '--b\r\nContent-Disposition: form-data; name="f"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhi\r\n--b--\r\n',
      ),
      total: 1,
      type: "multipart/form-data; boundary=b",
    });
    expect(file.status).toBe(400);
    const badPercent = await stream("/auth", { chunk: Buffer.from("email=%E0%A4%A&password=%"), total: 1 });
    expect(badPercent.status).toBe(200);
  });

  it("applies the upload limit only after the admin check; anyone else gets the small limit", async () => {
    const visitor = await stream("/admin/team", { chunk: filler, total: 2 * MB });
    expect(visitor.status).toBe(413);
    const admin = await stream("/admin/team", { chunk: filler, total: 2 * MB, cookie: "admin" });
    expect(admin).toMatchObject({ status: 200, body: "read" });
    expect(seen.at(-1)).toMatchObject({ path: "/admin/team", bytes: 2 * MB });
  });
});

describe("closeWhenBodyUnread", () => {
  it("keeps the connection of a request without a body that is answered at once", async () => {
    const agent = new http.Agent({ keepAlive: true });
    try {
      const connection = await new Promise<string | undefined>((resolve, reject) => {
        http
          .get({ host: "127.0.0.1", port, path: "/healthz", agent }, (res) => {
            res.resume();
            resolve(res.headers.connection);
          })
          .on("error", reject);
      });
      expect(connection).toBe("keep-alive");
    } finally {
      agent.destroy();
    }
  });

  it("closes the connection instead of reading a body nobody asked for", async () => {
    // A redirect sent without reading the upload (the admin check refused it).
    const app = express();
    app.use(closeWhenBodyUnread());
    app.post("/admin/team", (_req, res) => res.redirect(302, "/auth"));
    const other = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => other.once("listening", resolve));
    const saved = port;
    port = (other.address() as AddressInfo).port;
    try {
      const sent = await stream("/admin/team", { chunk: filler, total: 500 * MB });
      if (!sent.reset) expect(sent).toMatchObject({ status: 302, connection: "close" });
      expect(sent.bytesSent).toBeLessThan(64 * MB);
    } finally {
      port = saved;
      await new Promise((resolve) => other.close(resolve));
    }
  });
});
