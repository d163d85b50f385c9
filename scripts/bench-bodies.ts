/**
 * `npm run bench:bodies`: starts the built site on a temporary database and prints what hostile
 * request bodies cost it: three parallel 200 MB form posts to /auth (chunked), a 200 MB declared
 * Content-Length, and a 1,000,000-part multipart body, each while /healthz is asked every 50 ms.
 * For each: the server's memory before and after (VmRSS) and its peak (VmHWM), the answers, how much
 * the client got to send, and the slowest /healthz answer. Figures are reported, never asserted.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { processMemoryMb, root, runBench, startBuiltServer, stopServer } from "./bench-server";

const MB = 1024 * 1024;
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "stable-bench-bodies-"));
const logFile = path.join(dataDir, "server.log");

type Sent = { status: number | "reset"; bytesSent: number };

/** A POST whose body is produced chunk by chunk until `total` bytes or the server's answer. */
function post(base: string, pathName: string, headers: Record<string, string>, chunk: Buffer, total: number) {
  const url = new URL(pathName, base);
  return new Promise<Sent>((resolve) => {
    let bytesSent = 0;
    let answered = false;
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname, method: "POST", headers, agent: false },
      (res) => {
        answered = true;
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, bytesSent }));
      },
    );
    req.on("error", () => {
      if (!answered) resolve({ status: "reset", bytesSent });
    });
    if (headers["Content-Length"] && total === 0) return void req.flushHeaders();
    const pump = () => {
      while (!answered && !req.destroyed && bytesSent < total) {
        bytesSent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!answered && !req.destroyed) req.end();
    };
    pump();
  });
}

/** Asks /healthz every 50 ms until stopped; resolves with the slowest answer in ms. */
function pollHealth(base: string) {
  let running = true;
  let slowest = 0;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      await fetch(new URL("/healthz", base)).then((r) => r.arrayBuffer());
      slowest = Math.max(slowest, performance.now() - started);
      await new Promise((r) => setTimeout(r, 50));
    }
    return slowest;
  })();
  return () => {
    running = false;
    return done;
  };
}

async function scenario(base: string, pid: number, name: string, run: () => Promise<Sent[]>) {
  const before = processMemoryMb(pid, "VmRSS") ?? 0;
  const stopHealth = pollHealth(base);
  const started = performance.now();
  const results = await run();
  const ms = performance.now() - started;
  const slowest = await stopHealth();
  const after = processMemoryMb(pid, "VmRSS") ?? 0;
  const answers = results.map((r) => r.status).join(", ");
  const sent = results.map((r) => `${(r.bytesSent / MB).toFixed(1)} MB`).join(", ");
  console.log(`\n== ${name}`);
  console.log(`answers: ${answers} in ${ms.toFixed(0)} ms; the client got to send ${sent}`);
  console.log(
    `server memory: ${before.toFixed(0)} MB before, ${after.toFixed(0)} MB after (+${(after - before).toFixed(0)} MB)`,
  );
  console.log(`slowest /healthz meanwhile: ${slowest.toFixed(0)} ms`);
}

async function main() {
  console.log("Starting the built site (it builds first when the sources changed)…");
  const { child, url } = await startBuiltServer({ dataDir, buildDir, logFile, env: { LOG_LEVEL: "warn" } });
  const pid = child.pid!;
  try {
    // Warm up (first requests load and compile code), so the figures show the bodies' cost alone.
    for (let i = 0; i < 20; i++)
      for (const p of ["/healthz", "/", "/auth"]) await (await fetch(new URL(p, url))).arrayBuffer();
    const form = { "Content-Type": "application/x-www-form-urlencoded" };
    const filler = Buffer.alloc(64 * 1024, "a");
    await scenario(url, pid, "3 parallel 200 MB form posts to /auth (chunked)", () =>
      Promise.all([1, 2, 3].map(() => post(url, "/auth", form, filler, 200 * MB))),
    );
    await scenario(url, pid, "a form post to /auth declaring 200 MB", () =>
      Promise.all([post(url, "/auth", { ...form, "Content-Length": String(200 * MB) }, filler, 0)]),
    );
    const part = Buffer.from(`--b\r\nContent-Disposition: form-data; name="f"\r\n\r\nv\r\n`);
    await scenario(url, pid, "a 1,000,000-part multipart body to /auth", () =>
      Promise.all([
        post(
          url,
          "/auth",
          { "Content-Type": "multipart/form-data; boundary=b" },
          Buffer.concat(Array.from({ length: 1000 }, () => part)),
          1_000_000 * part.length,
        ),
      ]),
    );
    console.log(`\nServer peak memory over the run (VmHWM): ${processMemoryMb(pid, "VmHWM")?.toFixed(0) ?? "n/a"} MB`);
  } finally {
    await stopServer(child);
  }
}

runBench(main, () => fs.rmSync(dataDir, { recursive: true, force: true }));
