import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

/** Runs `code` in a fresh Node process with the site's handler installed, inside a request's context. */
function runInRequest(code: string, flags: string[] = []) {
  const script = `
    import { exitOnProgrammingErrors, requestContext } from ${JSON.stringify(path.join(root, "server/process-errors.ts"))};
    import { log } from ${JSON.stringify(path.join(root, "app/platform/log.server.ts"))};
    exitOnProgrammingErrors(log);
    requestContext.run({ requestId: "req-42" }, async () => { ${code} });
    setTimeout(() => process.stdout.write("still running\\n"), 500);
  `;
  return spawnSync(process.execPath, [...flags, "--import", "tsx", "--input-type=module", "-e", script], {
    cwd: root,
    encoding: "utf8",
    timeout: 30_000,
    env: { ...process.env, LOG_LEVEL: "info" },
  });
}

function fatalLine(stderr: string) {
  const lines = stderr
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  expect(lines).toHaveLength(1);
  return lines[0]!;
}

describe("a programming error nobody caught", () => {
  it("is logged with the request's id and ends the process with status 1", () => {
    const result = runInRequest(`setTimeout(() => { throw new TypeError("horse.name is undefined"); }, 10);`);
    expect(result.status).toBe(1);
    expect(result.stdout).not.toContain("still running");
    expect(fatalLine(result.stderr)).toMatchObject({
      level: "error",
      msg: "Programming error: exiting so that the supervisor restarts the site",
      origin: "uncaughtException",
      requestId: "req-42",
      error: { name: "TypeError", message: "horse.name is undefined" },
    });
  });

  it("includes a promise rejection nobody handles, under --unhandled-rejections=strict as in the tests", () => {
    for (const flags of [[], ["--unhandled-rejections=strict"]]) {
      const result = runInRequest(`await null; Promise.reject(new Error("forgotten promise"));`, flags);
      expect(result.status, flags.join(" ")).toBe(1);
      expect(fatalLine(result.stderr)).toMatchObject({
        origin: "unhandledRejection",
        requestId: "req-42",
        error: { message: "forgotten promise" },
      });
    }
  });
});
