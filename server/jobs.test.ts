import { expect, test } from "vitest";
import { createUser } from "@tests/auth";
import { useFreshDatabase } from "@tests/db";
import { useTestEnv } from "@tests/env";
import { pruneExpiredRows, registeredFileSweeps } from "~/jobs/housekeeping.server";
import { deliverNextMail } from "~/jobs/mail-delivery.server";
import { registeredJobs } from "~/jobs/scheduler.server";
import { createContactMessage } from "~/models/contact-message.server";
import { createHorse, deleteHorse } from "~/models/horse.server";
import { enqueueMail, listQueuedMail } from "~/models/mail-queue.server";
import { TRASH_RETENTION_MS } from "~/models/trash.server";
import { db } from "~/platform/db.server";
import { registerFeatureJobs } from "./jobs";

useFreshDatabase();
useTestEnv({
  CONTACT_TO: "stable@example.com",
  PUBLIC_ORIGIN: "https://stald.example",
  BACKUP_DIR: "/var/backups/stable",
  BACKUP_INTERVAL_HOURS: "24",
});

async function queueOneOfEach() {
  await createUser({ email: "owner@example.com" });
  await enqueueMail({ kind: "password-reset", toAddress: "owner@example.com", attemptLimit: 3 });
  await createContactMessage(
    { name: "Anne Jensen", email: "anne@example.com", message: "Could we visit?" },
    { attemptLimit: 3 },
  );
}

async function expiredTrashEntry() {
  const horse = await createHorse({ name: "Old Timer", age: 9, color: "Bay", sire: "Sire", dam: "Dam" });
  const entry = await deleteHorse(horse.id);
  const longAgo = new Date(Date.now() - TRASH_RETENTION_MS - 60_000).toISOString();
  await db().updateTable("trash").set({ deleted_at: longAgo }).where("id", "=", entry!.trashId).execute();
}

// The jobs import no feature: until the features register, they do not know how to compose
// a feature's mail or what else to prune. These two tests run in order, before and after.
test("before the features register, mail waits or is retried (never dropped) and the trash is not pruned", async () => {
  await queueOneOfEach();
  await expiredTrashEntry();
  expect(await deliverNextMail()).toBe("retry");
  expect(await deliverNextMail()).toBe("no-recipient");
  expect((await listQueuedMail()).map((m) => m.state).sort()).toEqual(["pending", "pending"]);
  expect(await pruneExpiredRows()).not.toHaveProperty("trash");
  expect(registeredJobs()).toEqual([]);
  expect(registeredFileSweeps()).toEqual([]);
  expect(await db().selectFrom("trash").select("label").execute()).toHaveLength(1);
});

test("registerFeatureJobs (as the server does at start) gives every kind of mail, the trash and the scheduled jobs to the jobs", async () => {
  registerFeatureJobs();
  await queueOneOfEach();
  await expiredTrashEntry();
  expect([await deliverNextMail(), await deliverNextMail(), await deliverNextMail()]).toEqual(["sent", "sent", "idle"]);
  expect((await listQueuedMail()).map((m) => [m.kind, m.state]).sort()).toEqual([
    ["contact", "sent"],
    ["password-reset", "sent"],
  ]);
  expect(await pruneExpiredRows()).toMatchObject({ trash: 1 });
  // And the scheduler its scheduled jobs (backups because BACKUP_INTERVAL_HOURS is set).
  expect(registeredJobs()).toEqual([
    "deadline-reminder",
    "scheduled-posts",
    "backup",
    "dh-import-morning",
    "dh-import-evening",
    "billing-monthly-drafts",
    "billing-overdue-reminders",
  ]);
  // And housekeeping the folders where a killed process leaves files.
  expect(registeredFileSweeps()).toEqual(["uploads", "partial mail"]);
  expect(await db().selectFrom("trash").select("label").execute()).toEqual([]);
});
