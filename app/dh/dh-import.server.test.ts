import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import { runAs } from "~/platform/actor.server";
import { createHorse } from "~/models/horse.server";
import { getRaceRecord, recordResult } from "~/models/runner-result.server";
import { createRunner, listRecentResults } from "~/models/runner.server";
import { danishToday } from "~/racing/race-day";
import { testEngine, useFreshDatabase } from "@tests/db";
import { useTestEnv } from "@tests/env";
import { createOwner } from "@tests/owners";
import { dhFakePaths, GALLOP_LICENCE, startDhFake, TROT_LICENCE, type DhFake } from "@tests/dh-fake";
import { runDhImport, testDhConnection, waitingForDh } from "./dh-import.server";
import { acceptAllProposals, ignoreProposal, listReview } from "./dh-review.server";
import { getDhSettings, saveDhSettings } from "./dh-settings.server";

useFreshDatabase();

const today = danishToday();
const day = (offset: number) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

let fake: DhFake;
beforeAll(async () => {
  fake = await startDhFake(today);
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  fake.requests.length = 0;
});
useTestEnv(() => ({ DH_API_URL: fake.url, DH_REQUEST_SPACING_MS: "0", DH_TIMEOUT_MS: "2000" }));

const ADMIN = { userId: null, email: "admin@example.com", via: "dashboard" } as const;
const asAdmin = <T>(fn: () => Promise<T>) => runAs(ADMIN, fn);
const importNow = () => asAdmin(() => runDhImport(today));

async function turnOn(discipline: "gallop" | "trot" = "gallop", autoApply = false) {
  await asAdmin(() =>
    saveDhSettings({
      licence: discipline === "gallop" ? GALLOP_LICENCE : TROT_LICENCE,
      discipline,
      enabled: true,
      autoApply,
    }),
  );
}

/** Every row the import could touch, to see that a run changed nothing. */
async function snapshot() {
  const tables = ["horses", "runners", "winners", "owner_notices", "dh_proposals", "activity", "mail_queue"] as const;
  const out: Record<string, unknown[]> = {};
  for (const table of tables) out[table] = await db().selectFrom(table).selectAll().orderBy("id").execute();
  return JSON.stringify(out);
}

const horseRow = (name: string) =>
  db().selectFrom("horses").selectAll().where("name", "=", name).executeTakeFirstOrThrow();

describe(`the import from Dansk Hestevæddeløb (${testEngine})`, () => {
  it("does nothing while it is off", async () => {
    expect(await runDhImport(today)).toEqual({ outcome: "off" });
    expect(fake.requests).toHaveLength(0);
  });

  it("proposes horses, runners, a non-runner and results on its first run, and nothing of DH's register beyond them", async () => {
    const renamed = await createHorse({ name: "Midnight Run", age: 5, color: "Black", sire: "Night", dam: "Runner" });
    await db().updateTable("horses").set({ dh_horse_id: "700003" }).where("id", "=", renamed.id).execute();
    // Typed by hand: a start DH has withdrawn, and a result DH has too (out of the money, 6th).
    const typed = await createRunner({ horseId: renamed.id, raceName: "Sprint", raceDate: day(2) });
    const run = await createRunner({ horseId: renamed.id, raceName: "Handicap", raceDate: day(-10) });
    await recordResult(run.id, { position: 6, didNotFinish: false, prizeOre: 200_000 }, today);
    await turnOn();

    const outcome = await importNow();
    expect(outcome).toMatchObject({ outcome: "done", proposed: 8, changed: 0, applied: 0 });
    const review = await listReview();
    const summary = review.map((r) => [r.kind, r.horseName, r.isNew]);
    expect(summary).toEqual(
      expect.arrayContaining([
        ["horse", "Let's Run Kåsgård", true],
        ["horse", "Nordic Star (SE)", true],
        ["horse", "Midnight Runner", false],
        ["runner", "Let's Run Kåsgård", true],
        ["runner", "Nordic Star (SE)", true],
        ["withdrawal", "Midnight Run", false],
        ["result", "Let's Run Kåsgård", true],
        ["result", "Nordic Star (SE)", true],
      ]),
    );
    const newHorse = review.find((r) => r.kind === "horse" && r.horseName === "Let's Run Kåsgård")!;
    expect(Object.fromEntries(newHorse.fields.map((f) => [f.field, f.dh]))).toEqual({
      name: "Let's Run Kåsgård",
      sex: "Vallak",
      color: "brun",
      yearOfBirth: "2022",
      sire: "Super Saver (GB)",
      dam: "Kåsgård Lady",
      damSire: "Passing Glance (GB)",
    });
    const rename = review.find((r) => r.kind === "horse" && !r.isNew)!;
    expect(rename.fields.find((f) => f.field === "name")).toEqual({
      field: "name",
      ours: "Midnight Run",
      dh: "Midnight Runner",
    });
    const declared = review.find((r) => r.kind === "runner" && r.horseName === "Let's Run Kåsgård")!;
    expect(Object.fromEntries(declared.fields.map((f) => [f.field, f.dh]))).toMatchObject({
      raceName: "Dansk Derby",
      raceDate: day(3),
      postTime: "14:35",
      track: "Klampenborg",
      distance: "2400 m",
      jockey: "Jonas Hansen",
      status: "declared",
    });
    const dq = review.find((r) => r.kind === "result" && r.horseName === "Nordic Star (SE)")!;
    expect(dq.fields.find((f) => f.field === "result")?.dh).toBe("dq");
    expect(dq.waitsForHorse).toBe(true);

    // The result typed by hand is matched (linked), not proposed again; nothing else was written.
    const linked = await db()
      .selectFrom("runners")
      .select("dh_start_key")
      .where("id", "=", run.id)
      .executeTakeFirstOrThrow();
    expect(linked.dh_start_key).toMatch(/^gallop:.*:Kl:3:700003$/);
    expect(await db().selectFrom("horses").select("id").execute()).toHaveLength(1);
    expect((await db().selectFrom("runners").select("id").execute()).map((r) => r.id).sort()).toEqual(
      [typed.id, run.id].sort(),
    );
    const stored = JSON.stringify(await db().selectFrom("dh_proposals").selectAll().execute());
    expect(stored).not.toMatch(/Private|208000000000000|G70000/);
    expect(fake.requests.every((r) => r.userAgent?.includes("race data import"))).toBe(true);
  });

  it("accepting creates what a person would have typed, and a second run changes nothing", async () => {
    // The same horse typed by hand before, with an owner; and its twin, whose result is typed by hand.
    const ours = await createHorse({ name: "Let's Run Kåsgård", age: 4, color: "Bay", sire: "", dam: "" });
    const twin = await createHorse({ name: "Twin", age: 4, color: "Bay", sire: "S", dam: "D" });
    await createOwner({ horseIds: [ours.id] });
    await createOwner({ horseIds: [twin.id] });
    await turnOn();
    await importNow();
    const { accepted, waiting } = await asAdmin(() => acceptAllProposals(today));
    expect(waiting).toBe(0);
    expect(accepted).toBe((await db().selectFrom("dh_proposals").select("id").execute()).length);

    // The manual path for the twin: Add Runner, then Record Result, with the same values.
    const manual = await asAdmin(() =>
      createRunner({
        horseId: twin.id,
        raceName: "Jydsk Grand Prix",
        raceDate: day(-3),
        track: "Aalborg",
        distance: "2000 m",
        jockey: "Jonas Hansen",
      }),
    );
    await asAdmin(() => recordResult(manual.id, { position: 1, didNotFinish: false, prizeOre: 5_000_000 }, today));

    const a = await horseRow("Let's Run Kåsgård");
    const b = await horseRow("Twin");
    expect(a.dh_horse_id).toBe("700001");
    expect([a.first_places, Number(a.total_prize_ore), a.sire, a.dam]).toEqual([
      1,
      5_000_000,
      "Super Saver (GB)",
      "Kåsgård Lady",
    ]);
    expect([b.first_places, Number(b.total_prize_ore)]).toEqual([1, 5_000_000]);
    const victories = await db().selectFrom("winners").selectAll().orderBy("race_name").execute();
    const win = (horseId: string) => victories.filter((v) => v.horse_id === horseId);
    expect(win(a.id)).toHaveLength(1);
    const strip = (v: (typeof victories)[number]) => ({ ...v, id: "", horse_id: "", created_at: "", updated_at: "" });
    expect(strip(win(a.id)[0]!)).toEqual(strip(win(b.id)[0]!));
    const notices = async (horseId: string) =>
      (await db().selectFrom("owner_notices").select("kind").where("horse_id", "=", horseId).execute())
        .map((n) => n.kind)
        .sort();
    // The win: an entry and a result, as for the twin; the Derby's declaration for the horse too.
    expect(await notices(b.id)).toEqual(["entry", "result"]);
    expect(await notices(a.id)).toEqual(["declaration", "entry", "entry", "result"]);

    const derby = await db()
      .selectFrom("runners")
      .selectAll()
      .where("race_name", "=", "Dansk Derby")
      .executeTakeFirstOrThrow();
    expect([derby.status, derby.jockey, derby.weight_g, derby.draw, derby.post_time]).toEqual([
      "declared",
      "Jonas Hansen",
      57_500,
      3,
      "14:35",
    ]);
    const dq = await db()
      .selectFrom("runners as r")
      .innerJoin("horses as h", "h.id", "r.horse_id")
      .select(["r.did_not_finish", "r.result_source", "h.sex", "h.color"])
      .where("h.name", "=", "Nordic Star (SE)")
      .where("r.result_at", "is not", null)
      .executeTakeFirstOrThrow();
    expect([dq.did_not_finish, dq.result_source, dq.sex, dq.color]).toEqual([1, "dh", "female", "Chestnut"]);

    // The public pages name the source of an imported result, and only of that one.
    expect((await getRaceRecord(a.id)).entries.map((e) => e.fromDh)).toEqual([true]);
    expect((await getRaceRecord(b.id)).entries.map((e) => e.fromDh)).toEqual([false]);
    expect(
      (await listRecentResults(10))
        .filter((r) => r.resultFromDh)
        .map((r) => r.horseName)
        .sort(),
    ).toEqual(["Let's Run Kåsgård", "Midnight Runner", "Nordic Star (SE)"]);

    const before = await snapshot();
    expect(await importNow()).toMatchObject({ outcome: "done", proposed: 0, changed: 0 });
    expect(await snapshot()).toBe(before);
    expect(await listReview()).toEqual([]);
  });

  it("an ignored proposal is not asked again until DH changes it; a start DH drops becomes a non-runner", async () => {
    await turnOn();
    await importNow();
    await asAdmin(() => acceptAllProposals(today));
    const rename = (await db().selectFrom("dh_proposals").selectAll().where("kind", "=", "runner").execute()).length;
    expect(rename).toBe(2);
    // The Derby start disappears from DH's coming starts.
    const starts = (await (
      await fetch(`${fake.url}${dhFakePaths.comingStarts("gallop", GALLOP_LICENCE)}`)
    ).json()) as unknown[];
    fake.answer(dhFakePaths.comingStarts("gallop", GALLOP_LICENCE), starts.slice(1));
    await importNow();
    const review = await listReview();
    expect(review.map((r) => [r.kind, r.why])).toEqual([["withdrawal", "vanished"]]);
    await asAdmin(() => ignoreProposal(review[0]!.id));
    const before = await snapshot();
    await importNow();
    expect(await snapshot()).toBe(before);
    expect(await listReview()).toEqual([]);
  });

  it("applies by itself for horses already matched when asked to", async () => {
    await turnOn("gallop", true);
    await importNow();
    // Nothing is matched yet: only proposals.
    expect(await db().selectFrom("runners").select("id").execute()).toHaveLength(0);
    const horses = (await listReview()).filter((r) => r.kind === "horse").map((r) => r.id);
    for (const id of horses) await asAdmin(() => import("./dh-review.server").then((m) => m.acceptProposal(id, today)));
    const outcome = await importNow();
    expect(outcome).toMatchObject({ outcome: "done" });
    expect(await listReview()).toEqual([]);
    expect((await db().selectFrom("runners").select("id").execute()).length).toBe(5);
  });

  it("reads the trot answers: the driver, the country code kept, a second place and its prize", async () => {
    await turnOn("trot");
    await importNow();
    await asAdmin(() => acceptAllProposals(today));
    const horse = await horseRow("Giovanni (SE)");
    expect([horse.dh_horse_id, horse.sire, horse.color, horse.second_places, Number(horse.total_prize_ore)]).toEqual([
      "800001",
      "Ready Cash (FR)",
      "Brown",
      1,
      1_250_000,
    ]);
    const runners = await db()
      .selectFrom("runners")
      .selectAll()
      .where("horse_id", "=", horse.id)
      .orderBy("race_date")
      .execute();
    expect(runners.map((r) => [r.jockey, r.status, r.position, r.track])).toEqual([
      ["Casper M. Nielsen", "entered", 2, "Skive"],
      ["Casper M. Nielsen", "entered", null, "Skive"],
    ]);
  });

  it("refuses an answer of a shape it does not know: nothing written, a notice and a line in the log", async () => {
    await turnOn();
    fake.answer(dhFakePaths.results("gallop", GALLOP_LICENCE), [{ race: "unknown", horse: { id: 700001 } }]);
    const before = await snapshot();
    const outcome = await importNow();
    expect(outcome).toMatchObject({ outcome: "refused" });
    const settings = await getDhSettings();
    expect(settings.problem).toMatch(/shape the import does not know.*results.*nothing was written/);
    const after = JSON.parse(await snapshot());
    const was = JSON.parse(before);
    for (const table of ["horses", "runners", "winners", "dh_proposals", "owner_notices"])
      expect(after[table]).toEqual(was[table]);
    const log = await db().selectFrom("activity").select("summary").where("entity", "=", "dh-import").execute();
    expect(log.map((l) => l.summary)).toContainEqual(expect.stringMatching(/import stopped: an answer .* shape/));
    // A run that reads well again clears the notice.
    fake.reset();
    await importNow();
    expect((await getDhSettings()).problem).toBeNull();
  });

  it("asks again after a 500, and leaves DH alone for a while when it stays away", async () => {
    await turnOn();
    const list = dhFakePaths.trainingList("gallop", GALLOP_LICENCE);
    fake.fail(list, 500, 1);
    expect(await importNow()).toMatchObject({ outcome: "done", proposed: 8 });
    expect(fake.requests.filter((r) => r.path === list)).toHaveLength(2);

    await db().deleteFrom("dh_proposals").execute();
    fake.fail(list, 503, 5);
    const before = await snapshot();
    const outcome = await importNow();
    expect(outcome).toMatchObject({ outcome: "unavailable" });
    expect(JSON.parse(await snapshot()).dh_proposals).toEqual([]);
    expect(JSON.parse(before).horses).toEqual(JSON.parse(await snapshot()).horses);
    expect(await waitingForDh(new Date())).toBe(true);
    expect(await waitingForDh(new Date(Date.now() + 31 * 60_000))).toBe(false);
  });

  it("takes a 404 for the coming starts or a pedigree as none", async () => {
    await turnOn();
    fake.answer(dhFakePaths.comingStarts("gallop", GALLOP_LICENCE), { message: "Not found" }, 404);
    fake.answer("/gallop/horses/700002/pedigree?pedigreeTree=SMALL", { message: "Not found" }, 404);
    expect(await importNow()).toMatchObject({ outcome: "done", proposed: 6 });
    const review = await listReview();
    expect(review.filter((r) => r.kind === "runner")).toEqual([]);
    const nordic = review.find((r) => r.kind === "horse" && r.horseName === "Nordic Star (SE)")!;
    expect(nordic.fields.find((f) => f.field === "sire")?.dh).toBeNull();
  });

  it("tests the connection: the trainer and the number of horses, or why not", async () => {
    expect(await testDhConnection(GALLOP_LICENCE, "gallop")).toEqual({ ok: true, trainer: "Hanne Træner", horses: 3 });
    expect(await testDhConnection(TROT_LICENCE, "trot")).toEqual({ ok: true, trainer: "Kim Kusk", horses: 1 });
    expect(await testDhConnection("9999", "gallop")).toEqual({ ok: false, reason: "unknown-licence" });
    expect(await testDhConnection("", "gallop")).toEqual({ ok: false, reason: "no-licence" });
    fake.fail(`/gallop/licenseholders/${GALLOP_LICENCE}/basicinformation`, 429, 1, { "retry-after": "60" });
    expect(await testDhConnection(GALLOP_LICENCE, "gallop")).toMatchObject({ ok: false, reason: "unavailable" });
  });
});
