import { afterEach, describe, expect, test, vi } from "vitest";
import { FAILED_READ_INIT, readForPage, readOr } from "./public-read.server";
import { resetEnvCache } from "./env.server";

afterEach(() => {
  vi.restoreAllMocks();
  resetEnvCache();
});

describe("readForPage", () => {
  test("passes a successful read through", async () => {
    expect(await readForPage("horses", async () => [1, 2])).toEqual({ ok: true, value: [1, 2] });
  });

  test("logs a failed read as one structured error line and reports it", async () => {
    vi.stubEnv("LOG_LEVEL", "error");
    resetEnvCache();
    const lines: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    const result = await readForPage("winners", async () => {
      throw new Error("no such table: winners");
    });
    vi.unstubAllEnvs();
    expect(result).toEqual({ ok: false });
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!);
    expect(entry).toMatchObject({ level: "error", msg: "Reading winners failed" });
    expect(entry.error.message).toBe("no such table: winners");
  });

  test("a failed page is a 503 that no cache keeps", () => {
    expect(FAILED_READ_INIT).toEqual({ status: 503, headers: { "Cache-Control": "no-store" } });
  });
});

describe("readOr", () => {
  test("answers the read's value, or the stand-in when the read fails", async () => {
    vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    expect(await readOr("site settings", async () => ({ name: "Stald" }), null)).toEqual({ name: "Stald" });
    const fallback = { name: "Default" };
    const failing = async (): Promise<{ name: string }> => {
      throw new Error("connection refused");
    };
    expect(await readOr("site settings", failing, fallback)).toBe(fallback);
  });
});
