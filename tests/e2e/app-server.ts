import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export type AppServer = {
  url: string;
  dataDir: string;
  logs: string[];
  /** The server's process id: the same process must still be serving after a fault (and tests read its memory from /proc). */
  pid: number;
  /** Null while the process runs; how it ended once it has exited. */
  exit: () => string | null;
  /** Stops the server; rejects if it had already died on its own (a crash fails the test). */
  stop: () => Promise<void>;
};

/**
 * A promise rejection nobody handles ends the server at once instead of printing a warning, so a
 * forgotten promise kills the server under test, which fails the test in stop().
 */
const NODE_FLAGS = ["--unhandled-rejections=strict"];

const root = path.resolve(import.meta.dirname, "../..");

/** The environment a test site runs with: production, the tests' build as it is, a free port, its own data. */
export function siteEnv(dataDir: string, extraEnv: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    STABLE_BUILD_CHECK: "off",
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
    ...extraEnv,
  };
}

/**
 * Starts the built site on a free port with its own data directory (a fresh SQLite database),
 * exactly as `npm start` would: the build's compiled start (`<BUILD_DIR>/server/start.js`), no
 * TypeScript loader (which cost about 2 s of CPU per start). The build directory comes from
 * BUILD_DIR (scripts/test.ts builds it), as `npm start` reads it.
 */
export async function startAppServer(extraEnv: Record<string, string> = {}): Promise<AppServer> {
  const dataDir = extraEnv.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "stable-e2e-"));
  const logs: string[] = [];
  const buildDir = extraEnv.BUILD_DIR ?? process.env.BUILD_DIR ?? "build";
  const start = path.resolve(root, buildDir, "server", "start.js");
  if (!fs.existsSync(start)) {
    throw new Error(`No build in ${buildDir}/: npm test makes one (or buildForTests in tests/test-build.ts).`);
  }
  const child: ChildProcess = spawn(process.execPath, [...NODE_FLAGS, start], {
    cwd: root,
    env: siteEnv(dataDir, extraEnv),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${logs.join("")}`)), 30_000);
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      logs.push(text);
      const m = /listening on (http:\/\/\S+)/.exec(text);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!.replace("localhost", "127.0.0.1"));
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (c: Buffer) => logs.push(c.toString()));
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${logs.join("")}`));
    });
  });
  let stopping = false;
  let ended: string | null = null;
  child.once("exit", (code, signal) => {
    ended = `exit code ${code ?? "none"}${signal ? `, signal ${signal}` : ""}`;
  });
  return {
    url,
    dataDir,
    logs,
    pid: child.pid!,
    exit: () => ended,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        if (ended !== null) {
          if (stopping) return resolve();
          return reject(
            new Error(`The server process died during the test (${ended}):\n${logs.join("").slice(-4000)}`),
          );
        }
        stopping = true;
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 5_000).unref();
      }),
  };
}
