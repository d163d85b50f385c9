import { expect, test } from "vitest";
import { useFreshDatabase } from "@tests/db";
import { db } from "./db.server";
import { clearRateLimit, hitRateLimit, pruneRateLimits } from "./rate-limit.server";

useFreshDatabase();

const rule = { limit: 3, windowMs: 60_000 };

test("allows up to the limit, refuses past it, and recovers after the window", async () => {
  const t0 = new Date("2026-01-01T00:00:00Z");
  for (let i = 0; i < 3; i++) expect((await hitRateLimit("k", rule, t0)).allowed).toBe(true);
  const refused = await hitRateLimit("k", rule, new Date(t0.getTime() + 30_000));
  expect(refused).toMatchObject({ allowed: false, count: 3, retryAfterSeconds: 30 });
  expect((await hitRateLimit("k", rule, new Date(t0.getTime() + 60_000))).allowed).toBe(true);
});

test("counts concurrent attempts exactly", async () => {
  const results = await Promise.all(
    Array.from({ length: 20 }, () => hitRateLimit("burst", { limit: 5, windowMs: 60_000 })),
  );
  expect(results.filter((r) => r.allowed)).toHaveLength(5);
  // An attempt refused from the row read before any write reports the stored count (5); one
  // refused by the upsert reports its own (6 and up): either way no allowed attempt counts past 5.
  expect(results.filter((r) => r.allowed).every((r) => r.count <= 5)).toBe(true);
  expect(results.filter((r) => !r.allowed).every((r) => r.count >= 5)).toBe(true);
  expect(
    Number((await db().selectFrom("rate_limits").select("count").executeTakeFirstOrThrow()).count),
  ).toBeGreaterThanOrEqual(5);
});

const rows = () => db().selectFrom("rate_limits").select(["key", "count"]).execute();

test("stores a small hash of the key, however long the key, and nothing of what it contained", async () => {
  const email = `${"x".repeat(1_000_000)}@example.com`;
  await hitRateLimit(`sign-in:email:${email}`, rule);
  const [row] = await rows();
  expect(row!.key.length).toBeLessThan(64);
  expect(row!.key).not.toContain("example.com");
  expect(row!.key.startsWith("sign-in:")).toBe(true);
});

test("writes nothing for an attempt already over the limit", async () => {
  const t0 = new Date("2026-01-01T00:00:00Z");
  for (let i = 0; i < 4; i++) await hitRateLimit("ip:203.0.113.5", rule, t0);
  const before = await rows();
  for (let i = 0; i < 10; i++) expect((await hitRateLimit("ip:203.0.113.5", rule, t0)).allowed).toBe(false);
  expect(await rows()).toEqual(before);
  expect(before[0]!.count).toBe(3);
});

test("pruning removes the windows that have ended", async () => {
  const t0 = new Date("2026-01-01T00:00:00Z");
  await hitRateLimit("old", { limit: 3, windowMs: 1_000 }, t0);
  await hitRateLimit("current", { limit: 3, windowMs: 3_600_000 }, t0);
  expect(await pruneRateLimits(new Date(t0.getTime() + 60_000))).toBe(1);
  expect(await rows()).toHaveLength(1);
});

test("keys are independent and can be cleared", async () => {
  await hitRateLimit("a", { limit: 1, windowMs: 60_000 });
  expect((await hitRateLimit("a", { limit: 1, windowMs: 60_000 })).allowed).toBe(false);
  expect((await hitRateLimit("b", { limit: 1, windowMs: 60_000 })).allowed).toBe(true);
  await clearRateLimit("a");
  expect((await hitRateLimit("a", { limit: 1, windowMs: 60_000 })).allowed).toBe(true);
});
