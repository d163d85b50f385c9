import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { registerUploadSweep, UPLOAD_LEFTOVER_AGE_MS, uploadTmpDir } from "~/media/upload.server";
import { useFreshDatabase } from "@tests/db";
import { waitFor } from "@tests/smtp";
import { enqueueMail } from "~/models/mail-queue.server";
import { markFormStampUsed } from "~/models/used-form-stamp.server";
import { db } from "~/platform/db.server";
import { startHousekeeping } from "./housekeeping.server";
import { hitRateLimit } from "~/platform/rate-limit.server";

useFreshDatabase();

const count = async (table: "rate_limits" | "used_form_stamps") =>
  Number(
    (
      await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

test("prunes ended rate-limit windows, expired form stamps and day-old reset mail on a schedule", async () => {
  const past = new Date(Date.now() - 2 * 60 * 60_000);
  for (let i = 0; i < 50; i++) await hitRateLimit(`sign-in:ip:198.51.100.${i}`, { limit: 5, windowMs: 60_000 }, past);
  await hitRateLimit("sign-in:ip:192.0.2.1", { limit: 5, windowMs: 60 * 60_000 });
  await markFormStampUsed("old", new Date(Date.now() - 1000));
  await markFormStampUsed("live", new Date(Date.now() + 60_000));
  const yesterday = new Date(Date.now() - 25 * 60 * 60_000);
  const old = await enqueueMail(
    { kind: "password-reset", toAddress: "a@example.com", attemptLimit: 1 },
    { now: yesterday },
  );
  await db().updateTable("mail_queue").set({ state: "sent" }).where("id", "=", old.id).execute();
  await enqueueMail({ kind: "password-reset", toAddress: "b@example.com", attemptLimit: 1 }, { now: yesterday });

  const housekeeping = startHousekeeping({ intervalMs: 50 });
  try {
    await waitFor(
      async () => (await count("rate_limits")) === 1 && (await count("used_form_stamps")) === 1,
      5_000,
      "pruning",
    );
    // Rows written later are pruned by a later run.
    await hitRateLimit("sign-in:ip:198.51.100.99", { limit: 5, windowMs: 1 }, new Date(Date.now() - 1000));
    await waitFor(async () => (await count("rate_limits")) === 1, 5_000, "the next run");
  } finally {
    await housekeeping.stop();
  }
  expect(await db().selectFrom("used_form_stamps").select("stamp_hash").execute()).toEqual([{ stamp_hash: "live" }]);
  expect(await count("rate_limits")).toBe(1);
  // Finished reset mail goes after a day; mail still waiting stays.
  expect((await db().selectFrom("mail_queue").select("to_address").execute()).map((r) => r.to_address)).toEqual([
    "b@example.com",
  ]);
});

test("removes upload leftovers at start, and later those nobody has written to for an hour", async () => {
  const dir = uploadTmpDir();
  fs.mkdirSync(dir, { recursive: true });
  const files = () => fs.readdirSync(dir).sort();
  fs.writeFileSync(path.join(dir, "killed-mid-upload.upload"), "partial");
  registerUploadSweep();
  const housekeeping = startHousekeeping({ intervalMs: 50 });
  try {
    await waitFor(async () => files().length === 0, 5_000, "the start-up sweep");
    fs.writeFileSync(path.join(dir, "in-progress.upload"), "x");
    const stale = path.join(dir, "stale.upload");
    fs.writeFileSync(stale, "x");
    const longAgo = new Date(Date.now() - UPLOAD_LEFTOVER_AGE_MS - 60_000);
    fs.utimesSync(stale, longAgo, longAgo);
    await waitFor(async () => !fs.existsSync(stale), 5_000, "a later sweep");
    expect(files()).toEqual(["in-progress.upload"]);
  } finally {
    await housekeeping.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
