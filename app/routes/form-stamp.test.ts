import { expect, test } from "vitest";
import { useTestEnv } from "@tests/env";
import { cacheKeyFor } from "@server/cache-policy";
import { checkFormStamp } from "~/contact/form-stamp.server";
import { loader } from "./form-stamp";

useTestEnv({ CONTACT_MIN_FILL_MS: "3000" });

test("GET /form-stamp gives a fresh, valid stamp and the wait before it counts, never cached", async () => {
  const res = loader();
  expect(res.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
  expect(res.headers.get("Cache-Control")).toBe("no-store");
  const body = (await res.json()) as { stamp: string; waitMs: number };
  expect(body.waitMs).toBe(3000);
  expect(checkFormStamp(body.stamp, 3000)).toBe("too-fast");
  expect(checkFormStamp(body.stamp, 3000, new Date(Date.now() + 3_000))).toBe("ok");
  const other = (await loader().json()) as { stamp: string };
  expect(other.stamp).not.toBe(body.stamp);
  expect(cacheKeyFor("GET", new URL("http://example.test/form-stamp"), {}).key).toBeNull();
});
