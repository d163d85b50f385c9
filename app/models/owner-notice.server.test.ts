import { describe, expect, onTestFinished, test, vi } from "vitest";
import { useFreshDatabase } from "@tests/db";
import { createGuest, createOwner, testHorse } from "@tests/owners";
import { runAs } from "~/platform/actor.server";
import { db } from "~/platform/db.server";
import { listQueuedMail } from "./mail-queue.server";
import { revokeOwner } from "./owner-account.server";
import { saveOwnerSettings } from "./owner-notice-settings.server";
import {
  noticeOfMail,
  pruneFinishedOwnerMail,
  queueOwnerNotices,
  OWNER_MAIL_RETENTION_MS,
} from "./owner-notice.server";
import { createRunner, declareRunner, reinstateRunner, updateRunner, withdrawRunner } from "./runner.server";
import { recordResult } from "./runner-result.server";

useFreshDatabase();

const race = { raceName: "Dansk Derby", raceDate: "2026-06-07", track: "Klampenborg", distance: "2400 m" };
const TODAY = "2026-06-10";

/** The notices queued, as (person's e-mail, kind), in order. */
async function queued() {
  const rows = await db()
    .selectFrom("owner_notices as n")
    .innerJoin("users as u", "u.id", "n.user_id")
    .innerJoin("mail_queue as m", "m.id", "n.id")
    .select(["u.email", "n.kind", "m.kind as mail_kind", "m.to_address"])
    .orderBy("n.created_at")
    .orderBy("u.email")
    .execute();
  expect(rows.every((r) => r.mail_kind === "owner-notice" && r.to_address === r.email)).toBe(true);
  return rows.map((r) => `${r.email} ${r.kind}`);
}

async function stable() {
  const [x, y] = [await testHorse("Xenia"), await testHorse("Yrsa")];
  const a = await createOwner({ horseIds: [x.id], email: "a@example.com" });
  const b = await createOwner({ horseIds: [y.id], email: "b@example.com" });
  const guest = await createGuest(a.id, { email: "g@example.com" });
  return { x, y, a, b, guest };
}

describe("a runner's changes reach its horse's owners and guests, once each", () => {
  test("entered, declared, withdrawn and a result: one notice per person, none for other horses", async () => {
    const { x } = await stable();
    const runner = await createRunner({ horseId: x.id, ...race });
    expect(await queued()).toEqual(["a@example.com entry", "g@example.com entry"]);
    await declareRunner(runner.id, { jockey: "A. Jensen", weightG: 57500, draw: 3, equipment: ["blinkers"] });
    await declareRunner(runner.id, { jockey: "A. Jensen", weightG: 57500, draw: 3, equipment: ["blinkers"] });
    expect((await queued()).filter((n) => n.endsWith("declaration"))).toHaveLength(2);
    await declareRunner(runner.id, { jockey: "B. Hansen", weightG: 57500, draw: 3, equipment: ["blinkers"] });
    expect((await queued()).filter((n) => n.endsWith("declaration"))).toHaveLength(4);

    await withdrawRunner(runner.id, "Lame <on> the near fore");
    expect((await queued()).filter((n) => n.endsWith("withdrawal"))).toEqual([
      "a@example.com withdrawal",
      "g@example.com withdrawal",
    ]);
    await reinstateRunner(runner.id, "2026-06-01");
    // Told it would not run, they are told it runs after all: declared again.
    expect((await queued()).slice(-2)).toEqual(["a@example.com declaration", "g@example.com declaration"]);
    await recordResult(runner.id, { position: 2, didNotFinish: false, prizeOre: 5_000_000 }, TODAY);
    await recordResult(runner.id, { position: 2, didNotFinish: false, prizeOre: 5_000_000 }, TODAY);
    expect((await queued()).filter((n) => n.endsWith("result"))).toHaveLength(2);
    await recordResult(runner.id, { position: 1, didNotFinish: false, prizeOre: 5_000_000 }, TODAY);
    expect((await queued()).filter((n) => n.endsWith("result"))).toHaveLength(4);
    expect((await queued()).some((n) => n.startsWith("b@"))).toBe(false);

    const [mail] = await listQueuedMail({ kind: "owner-notice" });
    const notice = await noticeOfMail(mail!.id);
    expect(notice).toMatchObject({
      kind: "entry",
      horseId: x.id,
      details: { horseName: "Xenia", raceName: "Dansk Derby" },
    });
  });

  test("what a notice says is the runner as it was then", async () => {
    const { x } = await stable();
    const runner = await createRunner({ horseId: x.id, ...race, postTime: "15:30" });
    await declareRunner(runner.id, { jockey: "A. Jensen", weightG: 57500, draw: 3, equipment: ["blinkers", "hood"] });
    await withdrawRunner(runner.id, "Coughing");
    const details = await db()
      .selectFrom("owner_notices")
      .select(["kind", "details", "event"])
      .where(
        "user_id",
        "=",
        (await db().selectFrom("users").select("id").where("email", "=", "a@example.com").executeTakeFirstOrThrow()).id,
      )
      .orderBy("created_at")
      .execute();
    expect(details.map((d) => [d.kind, JSON.parse(d.details)])).toEqual([
      ["entry", expect.objectContaining({ postTime: "15:30", jockey: null, weightG: null })],
      [
        "declaration",
        expect.objectContaining({ jockey: "A. Jensen", weightG: 57500, draw: 3, equipment: ["blinkers", "hood"] }),
      ],
      ["withdrawal", expect.objectContaining({ withdrawalReason: "Coughing" })],
    ]);
    expect(new Set(details.map((d) => d.event)).size).toBe(3);
  });

  test("a reinstated runner that was only entered is an entry again", async () => {
    const { x } = await stable();
    // Each step a second apart, so the notices' times order the three events.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-06-01T08:00:00Z") });
    onTestFinished(() => void vi.useRealTimers());
    const later = () => vi.setSystemTime(Date.now() + 1000);
    const runner = await createRunner({ horseId: x.id, ...race });
    later();
    await withdrawRunner(runner.id, null);
    later();
    await reinstateRunner(runner.id, "2026-06-01");
    expect(await queued()).toEqual([
      "a@example.com entry",
      "g@example.com entry",
      "a@example.com withdrawal",
      "g@example.com withdrawal",
      "a@example.com entry",
      "g@example.com entry",
    ]);
  });

  test("a runner moved to another horse is news for that horse's owners", async () => {
    const { x, y } = await stable();
    const runner = await createRunner({ horseId: x.id, ...race });
    await updateRunner(runner.id, { horseId: y.id, ...race });
    await updateRunner(runner.id, { horseId: y.id, ...race, track: "Aalborg" });
    expect(await queued()).toEqual(["a@example.com entry", "g@example.com entry", "b@example.com entry"]);
  });

  test("each person's settings count, and a revoked owner (with their guests) gets nothing", async () => {
    const { x, a, guest } = await stable();
    await saveOwnerSettings(guest.id, {
      language: "en",
      notices: { entry: false, declaration: true, withdrawal: true, result: true, update: true },
    });
    await createRunner({ horseId: x.id, ...race });
    expect(await queued()).toEqual(["a@example.com entry"]);
    await revokeOwner(a.id);
    await createRunner({ horseId: x.id, ...race, raceName: "Jydsk Derby" });
    expect(await queued()).toEqual(["a@example.com entry"]);
  });

  test("an event is queued once per person, however often it is queued", async () => {
    const { x } = await stable();
    const event = { kind: "result" as const, event: "runner:r1:4", horseId: x.id, details: { horseName: "Xenia" } };
    const first = await db()
      .transaction()
      .execute((trx) => queueOwnerNotices(trx, event));
    const again = await db()
      .transaction()
      .execute((trx) => queueOwnerNotices(trx, event));
    expect([first, again]).toEqual([2, 0]);
    expect(await listQueuedMail({ kind: "owner-notice" })).toHaveLength(2);
  });

  test("a write that fails queues nothing: the notices are in its transaction", async () => {
    const { x } = await stable();
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await queueOwnerNotices(trx, { kind: "entry", event: "runner:r2:0", horseId: x.id, details: {} });
          throw new Error("the write failed");
        }),
    ).rejects.toThrow("the write failed");
    expect(await queued()).toEqual([]);
    expect(await listQueuedMail({ kind: "owner-notice" })).toEqual([]);
  });

  test("the mail remembers where the change was made, for its links", async () => {
    const { x } = await stable();
    await runAs({ userId: "u1", email: "admin@example.com", via: "dashboard", origin: "http://127.0.0.1:4000" }, () =>
      createRunner({ horseId: x.id, ...race }),
    );
    expect((await listQueuedMail({ kind: "owner-notice" })).map((m) => m.linkOrigin)).toEqual([
      "http://127.0.0.1:4000",
      "http://127.0.0.1:4000",
    ]);
  });
});

test("finished owners' mail goes after 30 days, with its notices", async () => {
  const { x } = await stable();
  await createRunner({ horseId: x.id, ...race });
  const old = new Date(Date.now() - OWNER_MAIL_RETENTION_MS - 60_000).toISOString();
  const [first] = await listQueuedMail({ kind: "owner-notice" });
  await db().updateTable("mail_queue").set({ state: "sent", created_at: old }).where("id", "=", first!.id).execute();
  expect(await pruneFinishedOwnerMail()).toBe(1);
  expect(await listQueuedMail({ kind: "owner-notice" })).toHaveLength(1);
  expect(await noticeOfMail(first!.id)).toBeNull();
});
