import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Starts the built site as `npm start` does (building first when the sources changed) on a free port
 * with production settings, its output in `logFile`; resolves once it listens.
 */
export async function startBuiltServer({
  dataDir,
  buildDir,
  logFile,
  env = {},
}: {
  dataDir: string;
  buildDir: string;
  logFile: string;
  env?: NodeJS.ProcessEnv;
}): Promise<{ child: ChildProcess; url: string }> {
  const out = fs.openSync(logFile, "a");
  // As `npm start` does: build if needed, then the compiled server in plain Node.
  const built = spawnSync(process.execPath, ["--import", "tsx", "scripts/build-if-needed.ts"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", BUILD_DIR: buildDir, ...env },
    stdio: ["ignore", out, out],
  });
  if (built.status !== 0) throw new Error(`The build failed:\n${fs.readFileSync(logFile, "utf8")}`);
  // The same Node flags and memory allocator settings as `npm start` (package.json).
  const nodeFlags = /node ((?:--\S+ )*)\S+start\.js/.exec(startScript())?.[1]?.trim().split(" ") ?? [];
  const allocator = Object.fromEntries(
    [...startScript().matchAll(/(\w+)=\$\{\1:-([^}]+)\}/g)].map(([, name, fallback]) => [
      name!,
      process.env[name!] ?? fallback!,
    ]),
  );
  const child = spawn(process.execPath, [...nodeFlags.filter(Boolean), path.join(buildDir, "server", "start.js")], {
    cwd: root,
    // Production settings, request logging included: the figures are what an operator gets.
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      BUILD_DIR: buildDir,
      LOG_LEVEL: "info",
      ...allocator,
      ...env,
    },
    stdio: ["ignore", out, out],
  });
  const deadline = Date.now() + 180_000;
  for (;;) {
    const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8") : "";
    const m = /listening on (http:\/\/\S+)/.exec(log);
    if (m) return { child, url: m[1]!.replace("localhost", "127.0.0.1") };
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`The server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function startScript(): string {
  return (JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: { start: string } })
    .scripts.start;
}

/** A figure from /proc/<pid>/status in MB (VmRSS now, VmHWM the peak), undefined where there is no /proc. */
export function processMemoryMb(pid: number, field: "VmRSS" | "VmHWM") {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1]);
    return kb ? kb / 1024 : undefined;
  } catch {
    return undefined;
  }
}

export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
}

/** Runs a benchmark's main function: a failure is printed (exit status 1), `cleanUp` always runs. */
export function runBench(main: () => Promise<void>, cleanUp: () => void) {
  main()
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    })
    .finally(cleanUp);
}

/** A TCP port nothing listens on now, on the loopback interface. */
export async function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The p-th percentile of `values` (NaN for none). */
export function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
}

/** GETs `url` every `everyMs` until the returned function is called; that resolves with each answer's time. */
export function samplePage(url: string, everyMs: number) {
  let running = true;
  const times: number[] = [];
  const done = (async () => {
    while (running) {
      const started = performance.now();
      const res = await fetch(url);
      await res.arrayBuffer();
      times.push(performance.now() - started);
      await sleep(everyMs);
    }
    return times;
  })();
  return () => {
    running = false;
    return done;
  };
}

/** Runs a TypeScript script as `npm run` would, in the project's folder; its exit status. */
export function tsx(script: string, env: NodeJS.ProcessEnv, args: string[] = []) {
  return spawnSync(process.execPath, ["--import", "tsx", script, ...args], { cwd: root, env, stdio: "inherit" }).status;
}
