import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { createSession, createUser, signedInUser } from "@tests/auth";
import { listQueuedMail } from "~/models/mail-queue.server";
import { startAppServer } from "./app-server";
import { test, expect } from "./fixtures";
import type { TestSite } from "./shared-server";

/** `reset`: the server closed the connection while the client was still sending (status 0). */
type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string; bytesSent: number; reset?: boolean };

/**
 * A request exactly as written: any Host header, any method, and a body produced chunk by chunk
 * (never held whole) until `total` bytes are sent or the server answers.
 */
function send(
  app: TestSite,
  requestPath: string,
  {
    method = "GET",
    host,
    headers = {},
    chunk,
    total = 0,
  }: { method?: string; host?: string; headers?: Record<string, string>; chunk?: Buffer; total?: number } = {},
): Promise<Answer> {
  const url = new URL(app.url);
  return new Promise((resolve, reject) => {
    let bytesSent = 0;
    let answered = false;
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path: requestPath,
        agent: false,
        setHost: host === undefined,
        headers: { ...(host === undefined ? {} : { Host: host }), ...headers },
      },
      (res) => {
        answered = true;
        let body = "";
        res.on("data", (c: Buffer) => (body += c.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, bytesSent }));
      },
    );
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (answered) return;
      if (error.code === "EPIPE" || error.code === "ECONNRESET") {
        resolve({ status: 0, headers: {}, body: "", bytesSent, reset: true });
      } else reject(error);
    });
    const pump = () => {
      while (chunk && !answered && !req.destroyed && bytesSent < total) {
        bytesSent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!answered && !req.destroyed) req.end();
    };
    // A declared body that is never sent: the answer must come without it.
    if (!chunk && headers["Content-Length"]) req.flushHeaders();
    else pump();
  });
}

/** The server process's resident memory, in bytes. */
function rss(pid: number) {
  const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kb) * 1024;
}

const errorLines = (app: TestSite) =>
  app.logs
    .join("")
    .split("\n")
    .filter((l) => l.includes('"level":"error"'));

/**
 * Resolves once the server has printed everything it printed before: a signed-in visitor who is no
 * administrator asks for /admin, which the server logs as a warning naming the user, last.
 */
async function logsCaughtUp(app: TestSite) {
  const { user, cookie } = await signedInUser();
  expect((await send(app, "/admin", { headers: { Cookie: cookie } })).status).toBe(302);
  await expect.poll(() => app.logs.join("")).toMatch(new RegExp(`admin access refused.*${user.id}`));
}

const MB = 1024 * 1024;

test.describe("the Host header", () => {
  test.describe("reading what the server prints at start", () => {
    test.use({ ownServer: true });

    test(
      "only this machine's own names are accepted while PUBLIC_ORIGIN is unset; anything else is a 400",
      { tag: "@any-width" },
      async ({ app }) => {
        const port = new URL(app.url).port;
        for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) {
          expect((await send(app, "/", { host })).status, host).toBe(200);
        }
        for (const host of [
          "attacker.example",
          `attacker.example:${port}`,
          "exa mple",
          "[",
          "a:99999",
          "u:p@host",
          "",
        ]) {
          for (const p of ["/", "/robots.txt", "/sitemap.xml", "/auth"]) {
            const res = await send(app, p, { host });
            expect(res.status, `${host} ${p}`).toBe(400);
            expect(res.body).not.toContain("attacker");
          }
        }
        // A load balancer's health check names the instance however it likes.
        expect((await send(app, "/healthz", { host: "10.0.0.5:3000" })).status).toBe(200);
        await logsCaughtUp(app);
        expect(errorLines(app)).toEqual([]);
        expect(app.logs.join("").split("PUBLIC_ORIGIN is not set").length - 1).toBe(1);
      },
    );
  });

  test("a reset request naming another host mails nothing", { tag: "@any-width" }, async ({ app }) => {
    await createUser({ email: "owner@stable.test", admin: true });
    const body = "intent=request-reset&email=owner%40stable.test";
    const res = await send(app, "/auth", {
      method: "POST",
      host: "attacker.example",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(body.length) },
      chunk: Buffer.from(body),
      total: body.length,
    });
    expect(res.status).toBe(400);
    // Mail goes only through the queue: nothing queued, nothing will be sent.
    expect(await listQueuedMail()).toEqual([]);
    const mailDir = path.join(app.dataDir, "mail");
    expect(fs.existsSync(mailDir) ? fs.readdirSync(mailDir) : []).toEqual([]);
  });

  test(
    "205 requests with made-up hosts leave the cached home page in place",
    { tag: "@any-width" },
    async ({ app }) => {
      expect((await send(app, "/")).headers["x-cache"]).toBe("MISS");
      expect((await send(app, "/")).headers["x-cache"]).toBe("HIT");
      for (let i = 0; i < 205; i++) expect((await send(app, "/", { host: `h${i}.example` })).status).toBe(400);
      expect((await send(app, "/")).headers["x-cache"]).toBe("HIT");
    },
  );
});

test.describe("with PUBLIC_ORIGIN", () => {
  // Settings no other test uses, and a check of what the server prints at start: a server of its own.
  test.use({ appEnv: { PUBLIC_ORIGIN: "https://stald.example" }, ownServer: true });

  test(
    "links, canonical URLs, robots.txt and sitemap.xml use it, and only its host is served",
    { tag: "@any-width" },
    async ({ app }) => {
      const host = "stald.example";
      const robots = (await send(app, "/robots.txt", { host })).body;
      expect(robots).toContain("Disallow: /admin");
      expect(robots).toContain("Disallow: /auth");
      expect(robots).toContain("Sitemap: https://stald.example/sitemap.xml");
      const sitemap = (await send(app, "/sitemap.xml", { host })).body;
      for (const p of ["/", "/horses", "/winners", "/team", "/contact"]) {
        expect(sitemap).toContain(`<loc>https://stald.example${p}</loc>`);
      }
      expect(sitemap).not.toMatch(/\/admin|\/auth/);
      const horses = (await send(app, "/horses", { host })).body;
      expect(horses).toContain('<link rel="canonical" href="https://stald.example/horses"/>');
      expect(horses).toContain('<meta property="og:url" content="https://stald.example/horses"/>');
      const home = (await send(app, "/", { host })).body;
      expect(home).toContain('"@type":"SportsOrganization"');
      expect(home).toContain('"url":"https://stald.example/"');
      expect((await send(app, "/")).status).toBe(400);
      expect((await send(app, "/", { host: "attacker.example" })).status).toBe(400);
      expect(app.logs.join("")).not.toContain("PUBLIC_ORIGIN is not set");
    },
  );
});

test("TRUST_PROXY=true stops the start with the reason", { tag: "@any-width" }, async () => {
  const failed = await startAppServer({ TRUST_PROXY: "true" }).catch((error: unknown) => error);
  expect(failed).toBeInstanceOf(Error);
  expect(String(failed)).toContain("TRUST_PROXY: true is refused");
});

test.describe("request bodies", () => {
  test(
    "sign-in, setup and sign-out refuse large bodies before reading them, without growing the server",
    { tag: "@any-width" },
    async ({ app }) => {
      const form = { "Content-Type": "application/x-www-form-urlencoded" };
      for (const p of ["/auth", "/auth/setup", "/sign-out", "/contact"]) {
        const declared = await send(app, p, {
          method: "POST",
          headers: { ...form, "Content-Length": String(200 * MB) },
        });
        expect(declared.status, p).toBe(413);
      }
      // A little too much (a pasted text, say) is read to its end and answered with the short page.
      const bit = await send(app, "/auth", {
        method: "POST",
        headers: form,
        chunk: Buffer.alloc(4096, "a"),
        total: 100_000,
      });
      expect(bit).toMatchObject({ status: 413, body: "The form is too large. Nothing was saved." });

      const before = rss(app.pid);
      const filler = Buffer.alloc(64 * 1024, "a");
      const posts = [1, 2, 3].map(() =>
        send(app, "/auth", { method: "POST", headers: form, chunk: filler, total: 200 * MB }),
      );
      const health = await send(app, "/healthz");
      const answers = await Promise.all(posts);
      expect(health.status).toBe(200);
      for (const answer of answers) {
        // Refused with the short page, or cut off while still sending: either way never read.
        if (!answer.reset)
          expect(answer).toMatchObject({ status: 413, body: "The form is too large. Nothing was saved." });
        expect(answer.bytesSent).toBeLessThan(32 * MB);
      }
      // Today's figure for three such posts read whole: about 730 MB.
      expect(rss(app.pid) - before).toBeLessThan(64 * MB);
    },
  );

  test(
    "a 1,000,000-part multipart body is refused early while /healthz keeps answering",
    { tag: "@any-width" },
    async ({ app }) => {
      const boundary = "b";
      const part = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="f"\r\n\r\nv\r\n`);
      const post = send(app, "/auth", {
        method: "POST",
        headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
        chunk: Buffer.concat(Array.from({ length: 1000 }, () => part)),
        total: 1_000_000 * part.length,
      });
      expect((await send(app, "/healthz")).status).toBe(200);
      const answer = await post;
      if (!answer.reset) expect(answer.status).toBe(413);
      expect(answer.bytesSent).toBeLessThan(1_000_000 * part.length);
    },
  );

  test(
    "the upload limit applies only once the sender is known to be an administrator",
    { tag: "@any-width" },
    async ({ app }) => {
      const boundary = "b";
      const file = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\ncreate\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        Buffer.alloc(2 * MB, "x"),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const upload = (cookie?: string) =>
        send(app, "/admin/horses", {
          method: "POST",
          headers: {
            "Content-Type": `multipart/form-data; boundary=${boundary}`,
            "Content-Length": String(file.length),
            ...(cookie ? { Cookie: cookie } : {}),
          },
          chunk: file,
          total: file.length,
        });
      const visitor = await upload();
      expect(visitor.status).toBe(413);
      const { cookie } = await createSession(await createUser({ email: "owner@stable.test", admin: true }));
      // The administrator's upload reaches the upload parser, which judges the file (not an image).
      const admin = await upload(cookie);
      expect(admin.status).toBe(400);
    },
  );

  test("malformed forms, URLs and methods get a 4xx and log no error", { tag: "@any-width" }, async ({ app }) => {
    for (const p of ["/auth", "/auth/setup", "/sign-out"]) {
      const broken = '--b\r\nContent-Disposition: form-data; name="email"\r\n\r\nno end';
      const cases: [Record<string, string>, string][] = [
        [{ "Content-Type": "multipart/form-data; boundary=b" }, broken],
        [{ "Content-Type": "multipart/form-data" }, "x"],
        [{ "Content-Type": "text/plain" }, "intent=sign-in"],
        [{ "Content-Type": "application/x-www-form-urlencoded" }, "email=%E0%A4%A&password=%"],
      ];
      for (const [headers, body] of cases) {
        const res = await send(app, p, {
          method: "POST",
          headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) },
          chunk: Buffer.from(body),
          total: Buffer.byteLength(body),
        });
        expect(res.status, `${p} ${headers["Content-Type"]}`).toBeGreaterThanOrEqual(200);
        expect(res.status, `${p} ${headers["Content-Type"]}`).toBeLessThan(500);
      }
    }
    for (const p of ["/", "*", "/auth"]) expect((await send(app, p, { method: "OPTIONS" })).status).toBe(405);
    for (const p of ["/%E0%A4%A", "/%", "/horses?%", "http://other.example/"]) {
      expect((await send(app, p)).status, p).toBeLessThan(500);
    }
    await logsCaughtUp(app);
    expect(errorLines(app)).toEqual([]);
  });
});

test(
  "the database, its WAL and stored mail are private; media never follows a link",
  { tag: "@any-width" },
  async ({ app }) => {
    await createUser({ email: "owner@stable.test", admin: true });
    const body = "intent=request-reset&email=owner%40stable.test";
    const origin = app.url;
    const res = await send(app, "/auth", {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: origin,
        "Content-Length": String(body.length),
      },
      chunk: Buffer.from(body),
      total: body.length,
    });
    expect(res.status).toBe(302);
    const mailDir = path.join(app.dataDir, "mail");
    await expect.poll(() => (fs.existsSync(mailDir) ? fs.readdirSync(mailDir).length : 0)).toBe(1);
    const mode = (p: string) => fs.statSync(p).mode & 0o777;
    const db = path.join(app.dataDir, "stable.db");
    for (const f of [db, `${db}-wal`, `${db}-shm`, path.join(mailDir, fs.readdirSync(mailDir)[0]!)]) {
      expect(mode(f), f).toBe(0o600);
    }
    expect(mode(mailDir)).toBe(0o700);

    const bucket = path.join(app.dataDir, "media", "horse-images");
    fs.mkdirSync(bucket, { recursive: true });
    fs.symlinkSync(db, path.join(bucket, "database.jpg"));
    const leaked = await send(app, "/media/horse-images/database.jpg");
    expect(leaked.status).toBe(404);
    expect(leaked.body).not.toContain("SQLite");
  },
);
