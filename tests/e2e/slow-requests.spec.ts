/**
 * Requests that take their time: a body trickling in is cut off with 408 within its bound, and a
 * request in flight when the site is stopped the way supervisors stop it still completes.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { contactRequest } from "@tests/contact";
import { signedInUser } from "@tests/auth";
import { siteEnv } from "./app-server";
import { test, expect } from "./fixtures";

const root = path.resolve(import.meta.dirname, "../..");

type Raw = { status: number; text: string; ms: number };

const CONTINUE = "HTTP/1.1 100 Continue\r\n\r\n";

/**
 * Sends a request over a plain socket: the head at once, then the body in pieces `everyMs` apart,
 * and resolves with the answer (status 0 when the connection closed without one). A head with
 * `Expect: 100-continue` waits for the server's 100 Continue before the body, and `onContinue`
 * hears it: the server has taken the request by then.
 */
function trickle(
  url: string,
  head: string,
  pieces: Buffer[],
  everyMs: number,
  { onContinue }: { onContinue?: () => void } = {},
): Promise<Raw> {
  const { hostname, port } = new URL(url);
  const started = Date.now();
  const waitsForContinue = /^expect: 100-continue$/im.test(head);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let received = "";
    let continued = false;
    let timer: NodeJS.Timeout | undefined;
    const done = () => {
      clearTimeout(timer);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0);
      resolve({ status, text: received, ms: Date.now() - started });
    };
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString();
      if (waitsForContinue && !continued && received.startsWith(CONTINUE)) {
        continued = true;
        received = received.slice(CONTINUE.length);
        onContinue?.();
        next();
      }
      // An answer with its whole body is enough: the server may keep reading for a moment.
      const length = Number(/content-length: (\d+)/i.exec(received)?.[1] ?? NaN);
      const body = received.indexOf("\r\n\r\n");
      const whole =
        body !== -1 && (Buffer.byteLength(received.slice(body + 4)) >= length || /\r\n0\r\n\r\n$/.test(received));
      if (whole) {
        socket.destroy();
        done();
      }
    });
    socket.on("close", done);
    socket.on("error", () => {});
    socket.write(head);
    let i = 0;
    const next = () => {
      if (i >= pieces.length || socket.destroyed) return;
      socket.write(pieces[i++]!);
      timer = setTimeout(next, everyMs);
    };
    if (!waitsForContinue) next();
  });
}

/** True once nothing listens at `url` any more (the connection is refused). */
function refused(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(true));
  });
}

function head(pathname: string, url: string, headers: Record<string, string | number>) {
  const lines = [`POST ${pathname} HTTP/1.1`, `Host: ${new URL(url).host}`, `Origin: ${url}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return `${lines.join("\r\n")}\r\n\r\n`;
}

/** A body split into pieces of `size` bytes. */
function pieces(body: Buffer, size: number) {
  const out: Buffer[] = [];
  for (let i = 0; i < body.length; i += size) out.push(body.subarray(i, i + size));
  return out;
}

test.describe("a body that trickles in", () => {
  test.use({ ownServer: true, appEnv: { BODY_TIMEOUT_MS: "2000", UPLOAD_MIN_BYTES_PER_SECOND: "4096" } });

  test(
    "a form sent at one byte per second is answered 408 within its bound",
    { tag: "@any-width" },
    async ({ app }) => {
      const body = Buffer.from("name=Anne&email=anne%40example.com&message=Could+we+visit+the+yard+next+week%3F");
      const type = "application/x-www-form-urlencoded";
      const answer = await trickle(
        app.url,
        head("/contact", app.url, { "Content-Type": type, "Content-Length": body.length }),
        pieces(body, 1),
        1000,
      );
      expect(answer.status).toBe(408);
      expect(answer.text).toContain("The request took too long to arrive. Nothing was saved.");
      expect(answer.ms).toBeLessThan(5000);
      // The same form in two pieces well within the bound is read as usual.
      const quick = await trickle(
        app.url,
        head("/contact", app.url, { "Content-Type": type, "Content-Length": body.length }),
        pieces(body, Math.ceil(body.length / 2)),
        300,
      );
      expect(quick.status).not.toBe(408);
    },
  );

  test("an upload slower than the minimum rate is answered 408", { tag: "@any-width" }, async ({ app }) => {
    const { cookie } = await signedInUser({ admin: true });
    const boundary = "----trickle";
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\ncreate\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      Buffer.alloc(200_000, 1),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const answer = await trickle(
      app.url,
      head("/admin/horses", app.url, {
        Cookie: cookie,
        "Content-Type": `multipart/form-data; boundary=${boundary}`,
        "Content-Length": body.length,
      }),
      pieces(body, 512),
      250,
    );
    expect(answer.status).toBe(408);
    expect(answer.ms).toBeLessThan(6000);
  });
});

test(
  "stopped like a supervisor stops it (SIGTERM to npm start's whole process group), a request in flight completes and the site stops cleanly",
  { tag: "@any-width" },
  async () => {
    test.setTimeout(90_000);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "stable-e2e-stop-"));
    // A process group of its own, as a supervisor's unit is.
    const child = spawn("npm", ["start"], {
      cwd: root,
      detached: true,
      env: siteEnv(dataDir),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr.on("data", (c: Buffer) => (output += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    try {
      await expect.poll(() => /listening on (http:\/\/\S+)/.exec(output)?.[1], { timeout: 60_000 }).toBeTruthy();
      const url = /listening on (http:\/\/\S+)/.exec(output)![1]!.replace("localhost", "127.0.0.1");

      const request = contactRequest({});
      const body = Buffer.from(await request.text());
      let taken!: () => void;
      const requestTaken = new Promise<void>((r) => (taken = r));
      const inFlight = trickle(
        url,
        head("/contact", url, {
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": body.length,
          Expect: "100-continue",
        }),
        pieces(body, Math.ceil(body.length / 4)),
        500,
        { onContinue: taken },
      );
      await requestTaken;
      // systemd's default: every process of the unit's group gets it, and npm forwards it to node
      // too, so node hears it twice, at an interval it does not control; here a second time once
      // the site has stopped listening, while the request's body is still arriving.
      process.kill(-child.pid!, "SIGTERM");
      await expect.poll(() => refused(url), { timeout: 10_000 }).toBe(true);
      process.kill(-child.pid!, "SIGTERM");

      const answer = await inFlight;
      expect(answer.status, output).toBe(200);
      expect(answer.text).toContain("Message Sent!");
      expect(await exited).toBe(0);
      expect(output).toContain("Stopped cleanly");
    } finally {
      if (child.exitCode === null) process.kill(-child.pid!, "SIGKILL");
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
