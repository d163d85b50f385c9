import { expect, test } from "vitest";
import { useFreshDatabase } from "../../tests/db";
import { clearRateLimit, hitRateLimit } from "./rate-limit.server";

useFreshDatabase();

const rule = { limit: 3, windowMs: 60_000 };

test("allows up to the limit, refuses past it, and recovers after the window", async () => {
  const t0 = new Date("2026-01-01T00:00:00Z");
  for (let i = 0; i < 3; i++) expect((await hitRateLimit("k", rule, t0)).allowed).toBe(true);
  const refused = await hitRateLimit("k", rule, new Date(t0.getTime() + 30_000));
  expect(refused).toMatchObject({ allowed: false, count: 4, retryAfterSeconds: 30 });
  expect((await hitRateLimit("k", rule, new Date(t0.getTime() + 60_000))).allowed).toBe(true);
});

test("counts concurrent attempts exactly", async () => {
  const results = await Promise.all(
    Array.from({ length: 20 }, () => hitRateLimit("burst", { limit: 5, windowMs: 60_000 })),
  );
  expect(results.filter((r) => r.allowed)).toHaveLength(5);
  expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
});

test("keys are independent and can be cleared", async () => {
  await hitRateLimit("a", { limit: 1, windowMs: 60_000 });
  expect((await hitRateLimit("a", { limit: 1, windowMs: 60_000 })).allowed).toBe(false);
  expect((await hitRateLimit("b", { limit: 1, windowMs: 60_000 })).allowed).toBe(true);
  await clearRateLimit("a");
  expect((await hitRateLimit("a", { limit: 1, windowMs: 60_000 })).allowed).toBe(true);
});
