import { describe, expect, it } from "vitest";
import { createHorse, getHorse } from "~/models/horse.server";
import { createRunner, getRunner, listUpcomingRunners } from "~/models/runner.server";
import { listWinnersWithHorses } from "~/models/winner.server";
import { danishToday } from "~/racing/race-day";
import { breakTable, failure, horseValues, savedAt, success, useAdmin } from "@tests/admin-actions";
import { useFreshDatabase } from "@tests/db";
import * as runnersTab from "./runners";

useFreshDatabase();

const { run, failureCheck } = useAdmin();

describe("Runners tab", () => {
  const runnerForm = (horseId: string) => ({
    intent: "create",
    horseId,
    raceName: "Dansk Derby",
    raceDate: "2099-06-07",
    postTime: "15:30",
    track: "Klampenborg",
    distance: "2400 m",
    jockey: "A. Jensen",
  });

  it("adds, edits and deletes a runner", async () => {
    const h = await createHorse(horseValues);
    const added = await run(runnersTab.action, "/admin/runners", runnerForm(h.id));
    expect(added).toMatchObject({ status: 302, toast: success("Runner Added") });
    const [runner] = await listUpcomingRunners(danishToday());
    expect(added.location).toBe(savedAt("/admin/runners", runner!.id));
    expect(runner).toMatchObject({ horseName: "Nordlys", raceName: "Dansk Derby", postTime: "15:30", result: null });
    const edited = await run(runnersTab.action, "/admin/runners", {
      ...runnerForm(h.id),
      intent: "update",
      id: runner!.id,
      postTime: "",
    });
    expect(edited).toMatchObject({ status: 302, toast: success("Runner Updated") });
    expect((await getRunner(runner!.id))!.postTime).toBeNull();
    const loaded = await run(runnersTab.loader, "/admin/runners");
    expect(loaded.data).toMatchObject({ upcoming: [{ id: runner!.id }], awaiting: [], results: [] });
    const deleted = await run(runnersTab.action, "/admin/runners", { intent: "delete", id: runner!.id });
    expect(deleted).toMatchObject({ status: 302, toast: success("Item Deleted") });
    expect(await getRunner(runner!.id)).toBeNull();
  });

  it("refuses a missing race name, a bad date or post time and an unknown horse; nothing is stored", async () => {
    const h = await createHorse(horseValues);
    const bad = await run(runnersTab.action, "/admin/runners", {
      ...runnerForm(h.id),
      raceName: " ",
      raceDate: "2026-02-30",
      postTime: "25:00",
    });
    expect(bad.status).toBe(400);
    expect(bad.data!.errors).toMatchObject({
      raceName: "Race name is required",
      raceDate: expect.stringContaining("date"),
      postTime: "Post time must be a time (HH:MM)",
    });
    expect(bad.data!.values.postTime).toBe("25:00");
    const unknown = await run(runnersTab.action, "/admin/runners", runnerForm("no-such-horse"));
    expect(unknown.data!.errors!.horseId).toBe("Choose a horse from the list");
    expect(await listUpcomingRunners("2000-01-01")).toEqual([]);
  });

  it("records a win (a victory, a 1st place, the prize on the total) and a 3rd place", async () => {
    const h = await createHorse(horseValues);
    const won = await createRunner({ horseId: h.id, raceName: "Derby", raceDate: "2026-06-07" });
    const third = await createRunner({ horseId: h.id, raceName: "Oaks", raceDate: "2026-06-14" });
    const r = await run(runnersTab.action, "/admin/runners", {
      intent: "result",
      id: won.id,
      position: "1",
      prize: "125.000,50",
    });
    expect(r).toMatchObject({ status: 302, location: "/admin/runners", toast: success("Result Recorded") });
    await run(runnersTab.action, "/admin/runners", { intent: "result", id: third.id, position: "3", prize: "20.000" });
    expect(await listWinnersWithHorses()).toMatchObject([
      { horseName: "Nordlys", raceName: "Derby", prizeOre: 125_000_50 },
    ]);
    expect(await getHorse(h.id)).toMatchObject({ totalPrizeOre: 145_000_50, firstPlaces: 1, thirdPlaces: 1 });
  });

  it("refuses a position outside 1 to 30, a prize that is not an amount and a race still ahead", async () => {
    const h = await createHorse(horseValues);
    const ran = await createRunner({ horseId: h.id, raceName: "Derby", raceDate: "2026-06-07" });
    const ahead = await createRunner({ horseId: h.id, raceName: "Later", raceDate: "2099-06-07" });
    const position = await run(runnersTab.action, "/admin/runners", { intent: "result", id: ran.id, position: "31" });
    expect(position.data!.errors!.position).toBe("Position must be 1 to 30, or Did not finish");
    const prize = await run(runnersTab.action, "/admin/runners", {
      intent: "result",
      id: ran.id,
      position: "dnf",
      prize: "lots",
    });
    expect(prize.data!.errors!.prize).toContain("is not an amount");
    const early = await run(runnersTab.action, "/admin/runners", { intent: "result", id: ahead.id, position: "1" });
    expect(early.status).toBe(400);
    expect(early.data!.errors!.position).toBe("The race has not been run yet");
    expect(await listWinnersWithHorses()).toEqual([]);
    expect((await getRunner(ran.id))!.result).toBeNull();
  });

  it("answers the spec's kind of error toast when the database fails", async () => {
    const h = await createHorse(horseValues);
    const ran = await createRunner({ horseId: h.id, raceName: "Derby", raceDate: "2026-06-07" });
    await breakTable("runners");
    const fails = failureCheck(runnersTab.action, "/admin/runners");
    await fails(runnerForm(h.id), "Failed to add runner");
    await fails({ intent: "result", id: ran.id, position: "1" }, "Failed to record result");
    expect(await listWinnersWithHorses()).toEqual([]);
    const loaded = await run(runnersTab.loader, "/admin/runners");
    expect(loaded.data).toMatchObject({ fetchError: failure("Failed to fetch runners") });
  });
});

describe("Runners tab: declarations and non-runners", () => {
  const ahead = { raceName: "Dansk Derby", raceDate: "2099-06-07" };
  const declareForm = (id: string, more: Record<string, string> = {}) => ({
    intent: "declare",
    id,
    jockey: "M. Larsen",
    weight: "57,5",
    draw: "4",
    "equipment-blinkers": "on",
    ...more,
  });

  it("declares (and corrects), withdraws and reinstates a runner, each with its toast", async () => {
    const h = await createHorse(horseValues);
    const { id } = await createRunner({ horseId: h.id, ...ahead });
    const declared = await run(runnersTab.action, "/admin/runners", declareForm(id));
    expect(declared).toMatchObject({ status: 302, toast: success("Runner Declared") });
    expect(declared.location).toBe(savedAt("/admin/runners", id));
    expect(await getRunner(id)).toMatchObject({
      status: "declared",
      declaration: { jockey: "M. Larsen", weightG: 57_500, draw: 4, equipment: ["blinkers"] },
    });
    await run(runnersTab.action, "/admin/runners", declareForm(id, { draw: "", "equipment-hood": "on" }));
    expect((await getRunner(id))!.declaration).toMatchObject({ draw: null, equipment: ["blinkers", "hood"] });

    const withdrawn = await run(runnersTab.action, "/admin/runners", { intent: "withdraw", id, reason: "Coughing" });
    expect(withdrawn).toMatchObject({ status: 302, toast: success("Runner Withdrawn") });
    expect(await getRunner(id)).toMatchObject({ status: "withdrawn", withdrawalReason: "Coughing" });
    const again = await run(runnersTab.action, "/admin/runners", declareForm(id));
    expect(again).toMatchObject({ status: 409, toast: failure("The runner is a non-runner: reinstate it first") });

    const reinstated = await run(runnersTab.action, "/admin/runners", { intent: "reinstate", id });
    expect(reinstated).toMatchObject({ status: 302, toast: success("Runner Reinstated") });
    expect((await getRunner(id))!.status).toBe("declared");
    const twice = await run(runnersTab.action, "/admin/runners", { intent: "reinstate", id });
    expect(twice.status).toBe(409);
    expect((await run(runnersTab.action, "/admin/runners", { intent: "reinstate", id: "nobody" })).status).toBe(404);
  });

  it("keeps deadlines typed in Danish time and refuses a bad declaration, storing nothing", async () => {
    const h = await createHorse(horseValues);
    const added = await run(runnersTab.action, "/admin/runners", {
      intent: "create",
      horseId: h.id,
      ...ahead,
      declarationDeadline: "2099-06-05T09:30",
      withdrawalDeadline: "2099-06-07T10:00",
    });
    expect(added.status).toBe(302);
    const [runner] = await listUpcomingRunners(danishToday());
    expect(runner).toMatchObject({
      declarationDeadline: "2099-06-05T07:30:00.000Z",
      withdrawalDeadline: "2099-06-07T08:00:00.000Z",
    });
    const badDeadline = await run(runnersTab.action, "/admin/runners", {
      intent: "update",
      id: runner!.id,
      horseId: h.id,
      ...ahead,
      declarationDeadline: "5. juni",
    });
    expect(badDeadline.data!.errors!.declarationDeadline).toBe("Enter a date and time");

    const bad = await run(
      runnersTab.action,
      "/admin/runners",
      declareForm(runner!.id, { jockey: " ", weight: "57,555", draw: "x" }),
    );
    expect(bad.status).toBe(400);
    expect(bad.data!.errors).toMatchObject({
      jockey: "Jockey is required",
      weight: "Weight must be in kilograms from 30 to 100, e.g. 57,5",
      draw: "Draw must be a whole number from 1 to 99",
    });
    expect(bad.data!.values).toMatchObject({ weight: "57,555", "equipment-blinkers": "on" });
    expect((await getRunner(runner!.id))!.status).toBe("entered");
  });

  it("answers the spec's kind of error toast when the database fails", async () => {
    const h = await createHorse(horseValues);
    const { id } = await createRunner({ horseId: h.id, ...ahead });
    await breakTable("runners");
    const fails = failureCheck(runnersTab.action, "/admin/runners");
    await fails(declareForm(id), "Failed to declare runner");
    await fails({ intent: "withdraw", id }, "Failed to withdraw runner");
    await fails({ intent: "reinstate", id }, "Failed to reinstate runner");
  });
});
