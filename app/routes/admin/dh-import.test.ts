/**
 * The import from Dansk Hestevæddeløb in the dashboard: the Site tab's section (Save, Test
 * connection, Import now) and the review on Home and Runners (Accept, Ignore, Accept all), run as
 * an administrator against the fake DH server.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import { getDhSettings } from "~/dh/dh-settings.server";
import { danishToday } from "~/racing/race-day";
import { createHorse } from "~/models/horse.server";
import { createRunner, withdrawRunner } from "~/models/runner.server";
import { failure, success, useAdmin } from "@tests/admin-actions";
import { useFreshDatabase } from "@tests/db";
import { useTestEnv } from "@tests/env";
import { dhFakePaths, GALLOP_LICENCE, startDhFake, type DhFake } from "@tests/dh-fake";
import * as siteTab from "./site";
import * as homeTab from "./home";
import * as runnersTab from "./runners";

useFreshDatabase();
const admin = useAdmin();

let fake: DhFake;
beforeAll(async () => {
  fake = await startDhFake(danishToday());
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());
useTestEnv(() => ({ DH_API_URL: fake.url, DH_REQUEST_SPACING_MS: "0" }));

const inDays = (days: number) => {
  const d = new Date(`${danishToday()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const settings = { licence: GALLOP_LICENCE, discipline: "gallop", enabled: "on" };
const site = (form: Record<string, string>) => admin.run(siteTab.action, "/admin/site", form);
type Loaded = { data: { dhReview: { id: string; kind: string; horseName: string }[] } };

describe("the Dansk Hestevæddeløb section of the Site tab", () => {
  it("saves the settings, and refuses a licence that is not a number", async () => {
    expect(await site({ intent: "dh-settings", ...settings })).toMatchObject({
      status: 302,
      toast: success("Settings Saved", "The import from Dansk Hestevæddeløb is on."),
    });
    expect(await getDhSettings()).toMatchObject({
      licence: GALLOP_LICENCE,
      discipline: "gallop",
      enabled: true,
      autoApply: false,
    });
    const bad = await site({ intent: "dh-settings", licence: "12a", discipline: "harness" });
    expect(bad).toMatchObject({
      status: 400,
      data: { errors: { licence: "A licence number is digits only", discipline: "Choose Gallop or Trot" } },
    });
    expect((await getDhSettings()).licence).toBe(GALLOP_LICENCE);
  });

  it("tests the connection with the typed licence: the trainer and the horses, or why not", async () => {
    expect(await site({ intent: "dh-settings", _intent: "dh-test", ...settings })).toMatchObject({
      status: 302,
      toast: success("Connection Works", "Hanne Træner: 3 horses on the training list."),
    });
    expect(await site({ intent: "dh-settings", _intent: "dh-test", ...settings, licence: "9999" })).toMatchObject({
      status: 400,
      toast: failure("Dansk Hestevæddeløb knows no trainer with this licence number in this discipline."),
    });
    fake.fail(`/gallop/licenseholders/${GALLOP_LICENCE}/basicinformation`, 503, 2);
    expect(await site({ intent: "dh-settings", _intent: "dh-test", ...settings })).toMatchObject({
      status: 503,
      toast: failure("Dansk Hestevæddeløb did not answer (server error 503). Try again in a while."),
    });
    // Testing saves nothing.
    expect((await getDhSettings()).enabled).toBe(false);
  });

  it("imports now, and says why not when it is off or DH answers in a shape it does not know", async () => {
    expect(await site({ intent: "dh-import" })).toMatchObject({
      status: 409,
      toast: failure("Turn the import on and save a licence number first."),
    });
    await site({ intent: "dh-settings", ...settings });
    expect(await site({ intent: "dh-import" })).toMatchObject({
      status: 302,
      toast: success("Import Done", "8 new and 0 changed to review; 0 applied."),
    });
    fake.answer(dhFakePaths.comingStarts("gallop", GALLOP_LICENCE), { starts: [] });
    expect(await site({ intent: "dh-import" })).toMatchObject({
      status: 503,
      toast: expect.objectContaining({
        type: "error",
        description: expect.stringMatching(
          /^An answer from Dansk Hestevæddeløb had a shape the import does not know \(.*comingstarts.*\); nothing was written\.$/,
        ),
      }),
    });
    const home = (await admin.run(homeTab.loader, "/admin")) as unknown as {
      data: { today: { notices: { text: string }[] } };
    };
    expect(home.data.today.notices.map((n) => n.text)).toContainEqual(
      expect.stringMatching(/import from Dansk Hestevæddeløb stopped/),
    );
  });
});

describe("From Dansk Hestevæddeløb on Home and Runners", () => {
  it("accepts one, ignores one and accepts the rest; a runner waits for its horse", async () => {
    await site({ intent: "dh-settings", ...settings });
    await site({ intent: "dh-import" });
    const listed = ((await admin.run(runnersTab.loader, "/admin/runners")) as unknown as Loaded).data.dhReview;
    expect(listed).toHaveLength(8);
    const runner = listed.find((r) => r.kind === "runner")!;
    expect(await admin.run(runnersTab.action, "/admin/runners", { intent: "dh-accept", id: runner.id })).toMatchObject({
      status: 409,
      toast: failure("Accept the horse from Dansk Hestevæddeløb first."),
    });
    const horse = listed.find((r) => r.kind === "horse" && r.horseName === "Midnight Runner")!;
    expect(await admin.run(homeTab.action, "/admin", { intent: "dh-accept", id: horse.id })).toMatchObject({
      status: 302,
      toast: success("Accepted"),
    });
    expect(await admin.run(homeTab.action, "/admin", { intent: "dh-accept", id: horse.id })).toMatchObject({
      status: 404,
    });
    const other = listed.find((r) => r.kind === "horse" && r.horseName === "Nordic Star (SE)")!;
    expect(await admin.run(homeTab.action, "/admin", { intent: "dh-ignore", id: other.id })).toMatchObject({
      status: 302,
      toast: success("Ignored"),
    });
    expect(await admin.run(runnersTab.action, "/admin/runners", { intent: "dh-accept-all" })).toMatchObject({
      status: 302,
      toast: success("Accepted", "4 accepted; 2 wait for their horse."),
    });
    const left = ((await admin.run(homeTab.loader, "/admin")) as unknown as Loaded).data.dhReview;
    expect(left.map((r) => r.horseName).sort()).toEqual(["Nordic Star (SE)", "Nordic Star (SE)"]);
    expect((await db().selectFrom("horses").select("name").execute()).map((h) => h.name).sort()).toEqual([
      "Let's Run Kåsgård",
      "Midnight Runner",
    ]);
  });

  it("turns down a result whose runner was withdrawn here since the import, and writes nothing", async () => {
    const horse = await createHorse({ name: "Midnight Runner", age: 5, color: "Black", sire: "S", dam: "D" });
    await db().updateTable("horses").set({ dh_horse_id: "700003" }).where("id", "=", horse.id).execute();
    const typed = await createRunner({ horseId: horse.id, raceName: "Handicap", raceDate: inDays(-10) });
    await site({ intent: "dh-settings", ...settings });
    await site({ intent: "dh-import" });
    const listed = ((await admin.run(runnersTab.loader, "/admin/runners")) as unknown as Loaded).data.dhReview;
    const result = listed.find((r) => r.kind === "result" && r.horseName === "Midnight Runner")!;
    await withdrawRunner(typed.id, null);
    expect(await admin.run(runnersTab.action, "/admin/runners", { intent: "dh-accept", id: result.id })).toMatchObject({
      status: 409,
      toast: failure("The runner has changed here since the import: look at it on the Runners tab."),
    });
    const row = await db().selectFrom("runners").selectAll().where("id", "=", typed.id).executeTakeFirstOrThrow();
    expect([row.status, row.result_at, row.result_source]).toEqual(["withdrawn", null, null]);
  });
});
