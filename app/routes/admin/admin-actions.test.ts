/**
 * Every admin action and loader against a real database, signed in as an administrator: the valid
 * path (what is stored, where it redirects, the success toast), bad input (status 400, field
 * messages, the typed values back, nothing stored) and a failing database (the spec's error toast).
 * Refusal of visitors who are not administrators is the authorization matrix's job
 * (app/routes/authorization.test.ts).
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { recordFailedSignIn } from "~/models/activity.server";
import { getContactInfo } from "~/models/contact-info.server";
import { getHomeImage } from "~/models/home-image.server";
import { createHorse, getHorse, listHorses } from "~/models/horse.server";
import { getLatestNews, saveNews } from "~/models/news.server";
import { createTeamMember, listTeamMembers } from "~/models/team-member.server";
import { createWinner, listWinnersWithHorses } from "~/models/winner.server";
import { createRunner, getRunner, listUpcomingRunners } from "~/models/runner.server";
import { danishToday } from "~/racing/race-day";
import type { AdminActionData } from "~/routes/admin/+shared/admin-action.server";
import { closeDatabase, db, openPostgres, useDatabase } from "~/platform/db.server";
import { resetEnvCache } from "~/platform/env.server";
import { socialCardUrl } from "~/media/image";
import { storage } from "~/media/storage.server";
import { uploadTmpDir } from "~/media/upload.server";
import type { Toast } from "~/toast/toast";
import { buildRequest, signedInUser } from "@tests/auth";
import { answerOf, type ActionAnswer } from "@tests/action-answers";
import { testEngine, useFreshDatabase } from "@tests/db";
import { photoJpeg, plainJpeg, solid } from "@tests/images";
import { useMediaBucket } from "@tests/media-bucket";
import { s3StorageFor, setMediaS3Env } from "@tests/s3";
import { mountSmallDisk } from "@tests/small-disk";
import { freePort } from "@tests/smtp";
import * as publicHorses from "~/routes/horses";
import * as contactInfoTab from "./contact-info";
import * as homeTab from "./home";
import * as horsesTab from "./horses";
import * as messagesTab from "./messages";
import * as runnersTab from "./runners";
import * as teamTab from "./team";
import * as winnersTab from "./winners";
import * as trashTab from "./trash";
import * as activityTab from "./activity";
import * as accountPage from "./account";

useFreshDatabase();

type Args = { request: Request; params: Record<string, string>; context: unknown };
type Handler = (args: never) => unknown;

let cookie = "";
beforeEach(async () => {
  cookie = (await signedInUser({ admin: true })).cookie;
});

type Outcome = ActionAnswer<AdminActionData>;

/** Runs a loader or action and reads what the browser would get: status, redirect, toast and data. */
function run(handler: Handler, path: string, form?: Record<string, string> | FormData): Promise<Outcome> {
  const request = buildRequest(path, { cookie, form });
  return answerOf(() => (handler as (args: Args) => unknown)({ request, params: {}, context: {} }));
}

const success = (title: string, description?: string | RegExp) =>
  expect.objectContaining({
    type: "success",
    title,
    ...(description
      ? { description: typeof description === "string" ? description : expect.stringMatching(description) }
      : {}),
  });
/** The tab opened at the record saved: highlighted and scrolled to (item-links.ts). */
const savedAt = (tab: string, id: string) => `${tab}?saved=${id}#item-${id}`;

const failure = (description: string) => expect.objectContaining({ type: "error", title: "Error", description });

/**
 * Checks an action's failures: each `form` is answered with `status` (500: the database failed)
 * and the spec's error toast.
 */
function failureCheck(handler: Handler, path: string) {
  return async (form: Record<string, string>, description: string, status = 500) => {
    expect(await run(handler, path, form)).toMatchObject({ status, toast: failure(description) });
  };
}

/** Makes every statement on a table fail, as a broken database would. */
async function breakTable(table: string) {
  await sql`alter table ${sql.table(table)} rename to ${sql.table(`${table}_gone`)}`.execute(db());
}

const horseForm = {
  intent: "create",
  name: "Nordlys",
  age: "4",
  color: "Brown",
  sire: "Sea The Stars",
  dam: "Frøken Fryd",
  owner: "",
};
const horseValues = { name: "Nordlys", age: 4, color: "Brown", sire: "Sea The Stars", dam: "Frøken Fryd" };

describe("Horses tab", () => {
  it("adds a horse", async () => {
    const r = await run(horsesTab.action, "/admin/horses", horseForm);
    expect(r).toMatchObject({ status: 302, toast: success("Horse Added") });
    const horses = await listHorses();
    expect(horses).toMatchObject([{ ...horseValues, owner: null, image: null, totalPrizeOre: 0 }]);
    expect(r.location).toBe(savedAt("/admin/horses", horses[0]!.id));
  });

  it("refuses missing fields and a non-integer age, keeping what was typed", async () => {
    const r = await run(horsesTab.action, "/admin/horses", { ...horseForm, name: "  ", age: "4.5", dam: "" });
    expect(r.status).toBe(400);
    expect(r.data!.errors).toMatchObject({
      name: "Horse name is required",
      age: expect.stringContaining("whole number"),
      dam: "Dam is required",
    });
    expect(r.data!.values).toMatchObject({ age: "4.5", color: "Brown" });
    expect(r.toast).toBeNull();
    expect(await listHorses()).toEqual([]);
  });

  it("adds a horse with an image through the image pipeline", async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries(horseForm)) form.append(k, v);
    form.append(
      "image",
      new File([new Uint8Array(await solid(400, 300).png().toBuffer())], "horse.png", { type: "image/png" }),
    );
    const r = await run(horsesTab.action, "/admin/horses", form);
    expect(r).toMatchObject({ status: 302, toast: success("Horse Added") });
    const [horse] = await listHorses();
    expect(horse!.image).toMatchObject({
      url: expect.stringMatching(/^\/media\/horse-images\/\d+-[0-9a-f]+\.png$/),
      width: 400,
      height: 300,
    });
    // A horse's photo also gets its link-preview crop, stored beside it.
    const card = socialCardUrl(horse!.image!.url).replace(/^\/media\//, "");
    expect(await storage().exists(card)).toBe(true);
  });

  it("edits a horse: total = old total + added amount, places as integers; non-numbers count as 0", async () => {
    const h = await createHorse({ ...horseValues, totalPrizeOre: 1_000_00 });
    const edit = {
      intent: "update",
      id: h.id,
      ...horseValues,
      age: "5",
      owner: "Stald Øst",
      shownTotalOre: "100000",
      totalPrize: "1000.00",
      firstPlaces: "2",
      secondPlaces: "",
      thirdPlaces: "1",
    };
    const r = await run(horsesTab.action, `/admin/horses?edit=${h.id}`, { ...edit, addPrize: "2500.50" });
    expect(r).toMatchObject({
      status: 302,
      location: savedAt("/admin/horses", h.id),
      toast: success("Horse Updated", /2\.500,50 DKK added/),
    });
    expect(await getHorse(h.id)).toMatchObject({
      age: 5,
      owner: "Stald Øst",
      totalPrizeOre: 3_500_50,
      firstPlaces: 2,
      secondPlaces: 0,
      thirdPlaces: 1,
    });

    const again = await run(horsesTab.action, "/admin/horses", {
      ...edit,
      shownTotalOre: "350050",
      totalPrize: "3500.50",
      addPrize: "abc",
    });
    expect(again.toast).toEqual(success("Horse Updated"));
    expect(again.toast!.description).not.toContain("DKK");
    expect((await getHorse(h.id))!.totalPrizeOre).toBe(3_500_50);
  });

  it("refuses negative places and a total below zero, and changes nothing", async () => {
    const h = await createHorse({ ...horseValues, totalPrizeOre: 100 });
    const edit = { intent: "update", id: h.id, ...horseValues, age: "4", shownTotalOre: "100", totalPrize: "1.00" };
    const places = await run(horsesTab.action, "/admin/horses", { ...edit, name: "X", firstPlaces: "-1" });
    expect(places.status).toBe(400);
    expect(places.data!.errors!.firstPlaces).toContain("0 or more");
    const below = await run(horsesTab.action, "/admin/horses", { ...edit, name: "X", addPrize: "-2" });
    expect(below.status).toBe(400);
    expect(below.data!.errors!.addPrize).toBe("The total prize money cannot go below 0");
    expect(await getHorse(h.id)).toMatchObject({ name: "Nordlys", totalPrizeOre: 100 });
  });

  it("bounds money to 1.000.000.000,00 kr. with a clear message, so a horse stays editable", async () => {
    const h = await createHorse({ ...horseValues, totalPrizeOre: 100 });
    const edit = { intent: "update", id: h.id, ...horseValues, age: "4", shownTotalOre: "100", totalPrize: "1.00" };
    const huge = await run(horsesTab.action, "/admin/horses", { ...edit, totalPrize: "99999999999999999999999" });
    expect(huge.status).toBe(400);
    expect(huge.data!.errors!.totalPrize).toBe("Total prize money can be at most 1.000.000.000,00 kr.");
    const added = await run(horsesTab.action, "/admin/horses", { ...edit, addPrize: "1000000000.01" });
    expect(added.data!.errors!.addPrize).toBe("Add prize money can be at most 1.000.000.000,00 kr.");
    // Each amount within the limit, but together past it.
    const sum = await run(horsesTab.action, "/admin/horses", {
      ...edit,
      totalPrize: "1000000000",
      addPrize: "1000000000",
    });
    expect(sum.data!.errors!.addPrize).toBe("The total prize money can be at most 1.000.000.000,00 kr.");
    expect(await getHorse(h.id)).toMatchObject({ totalPrizeOre: 100 });
    const max = await run(horsesTab.action, "/admin/horses", { ...edit, totalPrize: "1000000000.00" });
    expect(max.status).toBe(302);
    expect((await getHorse(h.id))!.totalPrizeOre).toBe(100_000_000_000);

    const prize = await run(winnersTab.action, "/admin/winners", {
      intent: "create",
      horseId: h.id,
      raceName: "Derby",
      raceDate: "2026-06-07",
      prize: "99.999.999.999.999.999.999.999",
    });
    expect(prize.status).toBe(400);
    expect(prize.data!.errors!.prize).toBe("Prize money can be at most 1.000.000.000,00 kr.");
    expect(await listWinnersWithHorses()).toEqual([]);
  });

  it("deletes a horse; a horse that is gone gives the error toast", async () => {
    const h = await createHorse(horseValues);
    expect(await run(horsesTab.action, "/admin/horses", { intent: "delete", id: h.id })).toMatchObject({
      status: 302,
      toast: success("Horse Deleted", "Horse has been removed successfully."),
    });
    expect(await listHorses()).toEqual([]);
    const again = await run(horsesTab.action, "/admin/horses", { intent: "delete", id: h.id });
    expect(again).toMatchObject({ status: 404, toast: failure("Failed to delete horse") });
    const update = await run(horsesTab.action, "/admin/horses", { ...horseForm, intent: "update", id: h.id });
    expect(update).toMatchObject({ status: 404, toast: failure("Failed to update horse") });
    expect(update.data!.values.name).toBe("Nordlys");
  });

  it("answers a failing database with the spec's toasts", async () => {
    const h = await createHorse(horseValues);
    await breakTable("horses");
    const fails = failureCheck(horsesTab.action, "/admin/horses");
    await fails(horseForm, "Failed to add horse");
    await fails({ ...horseForm, intent: "update", id: h.id, shownTotalOre: "0" }, "Failed to update horse");
    await fails({ intent: "delete", id: h.id }, "Failed to delete horse");
    const loaded = await run(horsesTab.loader, "/admin/horses");
    expect(loaded.status).toBe(200);
    expect((loaded.data as unknown as { fetchError: Toast }).fetchError).toEqual(failure("Failed to fetch horses"));
  });
});

describe("Winners tab", () => {
  const victory = (horseId: string, prize = "") => ({
    intent: "create",
    horseId,
    raceName: "Derby",
    raceDate: "2026-06-07",
    track: "Klampenborg",
    distance: "2400 m",
    jockey: "J",
    prize,
  });

  it.each([
    ["125.000", 125_000_00],
    ["125.000,50", 125_000_50],
    ["125000.50", 125_000_50],
    ["125.000 kr.", 125_000_00],
  ])("adds a victory with the prize %j and adds it to the horse's total", async (prize, ore) => {
    const h = await createHorse({ ...horseValues, totalPrizeOre: 1_00 });
    const r = await run(winnersTab.action, "/admin/winners", victory(h.id, prize));
    expect(r).toMatchObject({ status: 302, toast: success("Winner Added") });
    const victories = await listWinnersWithHorses();
    expect(victories).toMatchObject([{ horseName: "Nordlys", raceName: "Derby", track: "Klampenborg", prizeOre: ore }]);
    expect(r.location).toBe(savedAt("/admin/winners", victories[0]!.id));
    expect((await getHorse(h.id))!.totalPrizeOre).toBe(1_00 + ore);
  });

  it("refuses a prize that is not an amount, an unknown horse and a bad date; nothing is stored", async () => {
    const h = await createHorse(horseValues);
    const garbage = await run(winnersTab.action, "/admin/winners", victory(h.id, "a lot"));
    expect(garbage.status).toBe(400);
    expect(garbage.data!.errors!.prize).toContain("is not an amount");
    expect(garbage.data!.values.prize).toBe("a lot");
    const unknown = await run(winnersTab.action, "/admin/winners", victory("no-such-horse", "100"));
    expect(unknown.data!.errors!.horseId).toBe("Choose a horse from the list");
    const date = await run(winnersTab.action, "/admin/winners", {
      ...victory(h.id),
      raceDate: "2026-02-30",
      raceName: "",
    });
    expect(date.data!.errors).toMatchObject({
      raceDate: expect.stringContaining("date"),
      raceName: "Race name is required",
    });
    expect(await listWinnersWithHorses()).toEqual([]);
    expect((await getHorse(h.id))!.totalPrizeOre).toBe(0);
  });

  it("edits a victory (the total follows the prize and the horse) and deletes it (the prize comes off)", async () => {
    const a = await createHorse({ ...horseValues, name: "A" });
    const b = await createHorse({ ...horseValues, name: "B" });
    const w = await createWinner({ horseId: a.id, raceName: "Derby", raceDate: "2026-06-07", prizeOre: 500_00 });
    const r = await run(winnersTab.action, "/admin/winners", {
      ...victory(b.id, "750,25"),
      intent: "update",
      id: w.id,
    });
    expect(r).toMatchObject({ status: 302, toast: success("Winner Updated") });
    expect((await getHorse(a.id))!.totalPrizeOre).toBe(0);
    expect((await getHorse(b.id))!.totalPrizeOre).toBe(750_25);
    const del = await run(winnersTab.action, "/admin/winners", { intent: "delete", id: w.id });
    expect(del).toMatchObject({
      status: 302,
      toast: success("Item Deleted", "The item has been removed successfully."),
    });
    expect((await getHorse(b.id))!.totalPrizeOre).toBe(0);
    expect(await run(winnersTab.action, "/admin/winners", { intent: "delete", id: w.id })).toMatchObject({
      status: 404,
      toast: failure("Failed to delete winner"),
    });
    expect(
      await run(winnersTab.action, "/admin/winners", { ...victory(b.id), intent: "update", id: w.id }),
    ).toMatchObject({
      status: 404,
      toast: failure("Failed to update winner"),
    });
  });

  it("answers a failing database with the spec's toasts", async () => {
    const h = await createHorse(horseValues);
    const w = await createWinner({ horseId: h.id, raceName: "Derby", raceDate: "2026-06-07" });
    await breakTable("winners");
    const fails = failureCheck(winnersTab.action, "/admin/winners");
    await fails(victory(h.id), "Failed to add winner");
    await fails({ ...victory(h.id), intent: "update", id: w.id }, "Failed to update winner");
    await fails({ intent: "delete", id: w.id }, "Failed to delete winner");
    const loaded = await run(winnersTab.loader, "/admin/winners");
    expect((loaded.data as unknown as { fetchError: Toast }).fetchError).toEqual(failure("Failed to fetch winners"));
  });
});

describe("Team tab", () => {
  it("adds members at the end with the default description, reorders, edits and deletes", async () => {
    const add = await run(teamTab.action, "/admin/team", {
      intent: "create",
      name: "Anna",
      role: "Trainer",
      description: "",
    });
    expect(add).toMatchObject({ status: 302, toast: success("Team Member Added") });
    expect(add.location).toBe(savedAt("/admin/team", (await listTeamMembers())[0]!.id));
    await run(teamTab.action, "/admin/team", {
      intent: "create",
      name: "Bo",
      role: "Groom",
      description: "Early riser",
    });
    let team = await listTeamMembers();
    expect(team.map((m) => [m.position, m.name, m.description])).toEqual([
      [1, "Anna", "Experienced professional dedicated to excellence in horse racing."],
      [2, "Bo", "Early riser"],
    ]);

    const move = await run(teamTab.action, "/admin/team", { intent: "move-up", id: team[1]!.id });
    expect(move).toMatchObject({
      status: 302,
      location: savedAt("/admin/team", team[1]!.id),
      toast: success("Order Updated", "Team member position has been updated."),
    });
    expect((await listTeamMembers()).map((m) => m.name)).toEqual(["Bo", "Anna"]);

    // Sent in place by the page's script: the answer is the toast, in a slot of its own so a run
    // of moves shows one toast; Move to position puts a member straight where it belongs.
    const inPlace = await run(teamTab.action, "/admin/team", { intent: "move-down", id: team[1]!.id, _inPlace: "1" });
    expect(inPlace).toMatchObject({
      status: 200,
      location: null,
      toast: expect.objectContaining({ type: "success", title: "Order Updated", slot: "team-order" }),
    });
    expect((await listTeamMembers()).map((m) => m.name)).toEqual(["Anna", "Bo"]);
    const moveTo = await run(teamTab.action, "/admin/team", { intent: "move-to", id: team[1]!.id, position: "1" });
    expect(moveTo).toMatchObject({ status: 302, toast: success("Order Updated") });
    expect((await listTeamMembers()).map((m) => m.name)).toEqual(["Bo", "Anna"]);
    expect(
      await run(teamTab.action, "/admin/team", { intent: "move-to", id: team[1]!.id, position: "x" }),
    ).toMatchObject({
      status: 400,
    });

    const edit = await run(teamTab.action, "/admin/team", {
      intent: "update",
      id: team[0]!.id,
      name: "Anna K",
      role: "Head Trainer",
      description: "",
    });
    expect(edit).toMatchObject({ status: 302, toast: success("Team Member Updated") });
    team = await listTeamMembers();
    expect(team[1]).toMatchObject({ name: "Anna K", role: "Head Trainer", position: 2 });

    const del = await run(teamTab.action, "/admin/team", { intent: "delete", id: team[0]!.id });
    expect(del).toMatchObject({
      status: 302,
      toast: success("Item Deleted", "The item has been removed successfully."),
    });
    expect((await listTeamMembers()).map((m) => [m.position, m.name])).toEqual([[1, "Anna K"]]);
  });

  it("requires name and role and keeps what was typed", async () => {
    const r = await run(teamTab.action, "/admin/team", { intent: "create", name: "", role: " ", description: "Typed" });
    expect(r.status).toBe(400);
    expect(r.data!.errors).toEqual({ name: "Full name is required", role: "Role is required" });
    expect(r.data!.values.description).toBe("Typed");
    expect(await listTeamMembers()).toEqual([]);
  });

  it("answers a failing database with the spec's toasts", async () => {
    const m = await createTeamMember({ name: "Anna", role: "Trainer" });
    const fails = failureCheck(teamTab.action, "/admin/team");
    await fails({ intent: "move-down", id: "gone" }, "Failed to update team member position", 404);
    await breakTable("team_members");
    await fails({ intent: "create", name: "B", role: "R" }, "Failed to add team member");
    await fails({ intent: "update", id: m.id, name: "B", role: "R" }, "Failed to update team member");
    await fails({ intent: "move-up", id: m.id }, "Failed to update team member position");
    await fails({ intent: "delete", id: m.id }, "Failed to delete team member");
    const loaded = await run(teamTab.loader, "/admin/team");
    expect((loaded.data as unknown as { fetchError: Toast }).fetchError).toEqual(
      failure("Failed to fetch team members"),
    );
  });
});

describe("Contact Info tab", () => {
  it("saves the single row and answers a failing database with the spec's toast", async () => {
    const values = {
      intent: "save",
      address: "Dyrehavevej 1\n2930 Klampenborg",
      phoneNumber: "+45 12 34 56 78",
      emailAddress: "stald@example.dk",
    };
    const r = await run(contactInfoTab.action, "/admin/contact-info", values);
    expect(r).toMatchObject({
      status: 302,
      location: "/admin/contact-info",
      toast: success("Contact Information Updated", "Contact details have been saved successfully."),
    });
    expect(await getContactInfo()).toEqual({
      address: values.address,
      phoneNumber: values.phoneNumber,
      emailAddress: values.emailAddress,
    });
    await breakTable("contact_info");
    const broken = await run(contactInfoTab.action, "/admin/contact-info", { ...values, address: "New" });
    expect(broken).toMatchObject({ status: 500, toast: failure("Failed to update contact information") });
    expect(broken.data!.values.address).toBe("New");
    const loaded = await run(contactInfoTab.loader, "/admin/contact-info");
    expect((loaded.data as unknown as { fetchError: Toast }).fetchError).toEqual(
      failure("Failed to fetch contact information"),
    );
  });
});

describe("Home tab", () => {
  it("saves the latest news; empty does nothing; over 160 characters is refused with the spec's toast", async () => {
    const r = await run(homeTab.action, "/admin", { intent: "news", newsText: "Nordlys won!" });
    expect(r).toMatchObject({
      status: 302,
      location: "/admin",
      toast: success("Latest News Updated", "News has been saved successfully."),
    });
    const news = (await getLatestNews())!;
    expect(news.text).toBe("Nordlys won!");

    const empty = await run(homeTab.action, "/admin", { intent: "news", id: news.id, newsText: "   " });
    expect(empty.status).toBe(200);
    expect(empty.toast).toBeNull();
    const long = await run(homeTab.action, "/admin", { intent: "news", id: news.id, newsText: "x".repeat(161) });
    expect(long).toMatchObject({ status: 400, toast: failure("News text must be 160 characters or less") });
    expect((await getLatestNews())!.text).toBe("Nordlys won!");

    await run(homeTab.action, "/admin", { intent: "news", id: news.id, newsText: "x".repeat(160) });
    expect(await getLatestNews()).toMatchObject({ id: news.id, text: "x".repeat(160) });
  });

  it("updates a gallery image: alt text alone keeps the image, a new file is named home-{position}-{timestamp}", async () => {
    const alt = await run(homeTab.action, "/admin", { intent: "image", id: "home-2", altText: "Morning gallop" });
    expect(alt).toMatchObject({
      status: 302,
      toast: success("Image Updated", "Home page image has been updated successfully."),
    });
    expect(await getHomeImage("home-2")).toMatchObject({ altText: "Morning gallop", image: null });

    const form = new FormData();
    form.append("intent", "image");
    form.append("id", "home-2");
    form.append("altText", "Gallop");
    form.append(
      "image",
      new File([new Uint8Array(await solid(300, 200).jpeg().toBuffer())], "g.jpg", { type: "image/jpeg" }),
    );
    expect(await run(homeTab.action, "/admin", form)).toMatchObject({ status: 302, toast: success("Image Updated") });
    expect((await getHomeImage("home-2"))!.image!.url).toMatch(/^\/media\/horse-images\/home-2-\d+\.jpg$/);

    const notImage = new FormData();
    notImage.append("intent", "image");
    notImage.append("id", "home-2");
    notImage.append("altText", "Text");
    notImage.append("image", new File(["hello"], "x.jpg", { type: "image/jpeg" }));
    const refused = await run(homeTab.action, "/admin", notImage);
    expect(refused.status).toBe(400);
    expect(refused.data!.errors!.image).toContain("not an image");
    expect((await getHomeImage("home-2"))!.altText).toBe("Gallop");
  });

  it("answers a failing database with the spec's toasts", async () => {
    const fails = failureCheck(homeTab.action, "/admin");
    await fails({ intent: "image", id: "home-9", altText: "x" }, "Failed to update home image", 404);
    await saveNews("Before");
    await breakTable("latest_news");
    await fails({ intent: "news", newsText: "After" }, "Failed to update latest news");
    await breakTable("home_images");
    await fails({ intent: "image", id: "home-1", altText: "x" }, "Failed to update home image");
    const loaded = (await run(homeTab.loader, "/admin")).data as unknown as { newsError: Toast; imagesError: Toast };
    expect(loaded.newsError).toEqual(failure("Failed to fetch latest news"));
    expect(loaded.imagesError).toEqual(failure("Failed to fetch home images"));
  });
});

/** A form with a photo, as the page's multipart form sends it. */
async function withPhoto(fields: Record<string, string>, jpeg?: Buffer) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const bytes = jpeg ?? (await plainJpeg(800, 600));
  form.append("image", new File([new Uint8Array(bytes)], "photo.jpg", { type: "image/jpeg" }));
  return form;
}

const UNREACHABLE = "The database cannot be reached right now. Please try again in a moment.";
const DISK_FULL = "The server's disk is full.";

describe("A database that cannot be reached", () => {
  it("answers every admin form with its 'Failed to …' toast and the reason, and writes nothing", async () => {
    const h = await createHorse(horseValues);
    const m = await createTeamMember({ name: "Ida", role: "Trainer" });
    // Nothing listens on port 1: the session cannot even be checked, as when the database is down.
    const reachable = useDatabase(openPostgres("postgres://nobody@127.0.0.1:1/none"));
    try {
      const cases: [Parameters<typeof run>[0], string, Record<string, string> | FormData, string][] = [
        [horsesTab.action, "/admin/horses", await withPhoto(horseForm), "Failed to add horse"],
        [horsesTab.action, "/admin/horses", { intent: "delete", id: h.id }, "Failed to delete horse"],
        [winnersTab.action, "/admin/winners", { intent: "update", id: "w1" }, "Failed to update winner"],
        [teamTab.action, "/admin/team", { intent: "move-down", id: m.id }, "Failed to update team member position"],
        [homeTab.action, "/admin", { intent: "news", newsText: "During" }, "Failed to update latest news"],
        [
          contactInfoTab.action,
          "/admin/contact-info",
          { intent: "save", address: "x" },
          "Failed to update contact information",
        ],
        [messagesTab.action, "/admin/messages", { intent: "retry", id: "m1" }, "Failed to retry message"],
      ];
      for (const [action, path, form, text] of cases) {
        const r = await run(action, path, form);
        expect(r, `${path} ${text}`).toMatchObject({ status: 503, toast: failure(`${text}. ${UNREACHABLE}`) });
      }
      // The typed values come back so that the form keeps them; the photo was never stored.
      const added = await run(horsesTab.action, "/admin/horses", await withPhoto(horseForm));
      expect(added.data!.values).toMatchObject({ intent: "create", name: "Nordlys" });
      expect(fs.existsSync(uploadTmpDir()) ? fs.readdirSync(uploadTmpDir()) : []).toEqual([]);
    } finally {
      await closeDatabase();
      useDatabase(reachable);
    }
    expect(await listHorses()).toMatchObject([{ id: h.id, name: "Nordlys" }]);
    expect((await listTeamMembers()).map((x) => x.id)).toEqual([m.id]);
    expect(await getLatestNews()).toBeNull();
  });
});

describe("A full disk", () => {
  // A real full file system (a small tmpfs holding DATA_DIR, and the SQLite database) when running
  // as root; otherwise an injected ENOSPC from the storage layer.
  const disk = mountSmallDisk(24 * 1024);
  const dataDir = process.env.DATA_DIR;
  beforeAll(() => {
    if (!disk) return;
    process.env.DATA_DIR = disk.dir;
    resetEnvCache();
  });
  afterAll(() => {
    process.env.DATA_DIR = dataDir;
    resetEnvCache();
    disk?.unmount();
  });

  const mediaFiles = () => fs.readdirSync(path.join(storage().root, "horse-images")).sort();
  const leftovers = () =>
    [uploadTmpDir(), storage().tmpDir()].flatMap((dir) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []));

  it("refuses an upload or save with the reason, leaves no files behind, changes no record and keeps serving", async () => {
    const first = await run(horsesTab.action, "/admin/horses", await withPhoto(horseForm));
    expect(first).toMatchObject({ status: 302, toast: success("Horse Added") });
    const before = await listHorses();
    const stored = mediaFiles();
    const edit = { ...horseForm, intent: "update", id: before[0]!.id, shownTotalOre: "0", name: "Renamed" };
    // A photo-like picture: its stored copies take more room than the upload itself.
    const jpeg = await photoJpeg(1224, 816);
    if (disk && testEngine === "sqlite") await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db());

    const cases: [string, number][] = [
      // Not even the upload's temporary file fits.
      ["full", 0],
      // The upload fits, its stored copies do not: the partial copies are removed.
      ["nearly full", jpeg.length + 64 * 1024],
    ];
    for (const [state, leave] of cases) {
      if (disk) disk.fill(leave);
      else
        vi.spyOn(storage(), "put").mockRejectedValue(
          Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" }),
        );
      try {
        const added = await run(
          horsesTab.action,
          "/admin/horses",
          await withPhoto({ ...horseForm, name: "Second" }, jpeg),
        );
        expect(added, state).toMatchObject({ status: 507, toast: failure(`Failed to add horse. ${DISK_FULL}`) });
        expect(added.data!.values.name).toBe("Second");
        const updated = await run(horsesTab.action, "/admin/horses", await withPhoto(edit, jpeg));
        expect(updated, state).toMatchObject({ status: 507, toast: failure(`Failed to update horse. ${DISK_FULL}`) });
        expect(await listHorses()).toEqual(before);
        expect(mediaFiles()).toEqual(stored);
        expect(leftovers()).toEqual([]);
        // Reading goes on: the public page and the stored photo.
        // (A failed read would answer `data(…, 503)` instead of the plain list.)
        const page = await publicHorses.loader();
        expect("horses" in page && page.horses.map((x) => x.name)).toEqual(["Nordlys"]);
        expect(await storage().exists(`horse-images/${stored[0]}`)).toBe(true);
      } finally {
        disk?.free();
        vi.restoreAllMocks();
      }
    }

    if (disk && testEngine === "sqlite") {
      // SQLite's own write meets the full disk (SQLITE_FULL): the same answer, nothing half-written.
      await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db());
      disk.fill();
      try {
        const news = await run(homeTab.action, "/admin", { intent: "news", newsText: "Full" });
        expect(news).toMatchObject({ status: 507, toast: failure(`Failed to update latest news. ${DISK_FULL}`) });
        expect(await getLatestNews()).toBeNull();
        expect(await listHorses()).toEqual(before);
      } finally {
        disk.free();
      }
    }

    // With room again, the same save works.
    expect(await run(horsesTab.action, "/admin/horses", await withPhoto(edit, jpeg))).toMatchObject({
      status: 302,
      toast: success("Horse Updated"),
    });
  });
});

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

describe("Race day on the Home tab", () => {
  it("lists a past runner under Results to Record and records its result there, with the Runners tab's intent", async () => {
    const h = await createHorse(horseValues);
    const past = await createRunner({ horseId: h.id, raceName: "Derby", raceDate: "2020-06-07" });
    const before = await run(homeTab.loader, "/admin");
    const today = (before.data as unknown as { today: { resultsToRecord: { id: string }[] } }).today;
    expect(today.resultsToRecord.map((r) => r.id)).toEqual([past.id]);

    const r = await run(homeTab.action, "/admin", { intent: "result", id: past.id, position: "1", prize: "50.000" });
    expect(r).toMatchObject({ status: 302, location: "/admin", toast: success("Result Recorded") });
    expect(await getHorse(h.id)).toMatchObject({ firstPlaces: 1, totalPrizeOre: 50_000_00 });
    const after = await run(homeTab.loader, "/admin");
    expect((after.data as unknown as { today: { resultsToRecord: unknown[] } }).today.resultsToRecord).toEqual([]);

    const bad = await run(homeTab.action, "/admin", { intent: "result", id: past.id, position: "" });
    expect(bad).toMatchObject({ status: 400, data: { intent: "result", errors: { position: "Choose the position" } } });
  });

  it("says a failed read of today's work, and the rest of the tab still opens", async () => {
    await breakTable("runners");
    const loaded = await run(homeTab.loader, "/admin");
    expect((loaded.data as unknown as { todayError: Toast }).todayError).toEqual(
      failure("Failed to fetch today's work"),
    );
    expect((loaded.data as unknown as { images: unknown[] }).images).toHaveLength(4);
  });
});

describe("Account page", () => {
  it("keeps the dashboard's language with the account, says so in the language chosen and logs it", async () => {
    const { user, cookie: own } = await signedInUser({ admin: true });
    cookie = own;
    expect((await run(accountPage.loader, "/admin/account")).data).toMatchObject({ language: "en" });
    const chosen = await run(accountPage.action, "/admin/account", { intent: "language", language: "da" });
    expect(chosen).toMatchObject({
      status: 302,
      location: "/admin/account",
      toast: success("Sprog gemt", "Kontrolpanelet er nu på dansk."),
    });
    expect((await run(accountPage.loader, "/admin/account")).data).toMatchObject({ language: "da" });
    const bad = await run(accountPage.action, "/admin/account", { intent: "language", language: "de" });
    expect(bad).toMatchObject({ status: 400, data: { errors: { language: "Vælg English eller Dansk" } } });
    // The tabs now answer in Danish.
    const missing = await run(horsesTab.action, "/admin/horses", { ...horseForm, name: "" });
    expect(missing.data!.errors!.name).toBe("Skriv hestens navn");
    const activity = await run(activityTab.loader, "/admin/activity");
    expect((activity.data as unknown as { entries: { summary: string }[] }).entries[0]!.summary).toBe(
      // The log keeps English; the tab reads it in the administrator's language.
      `Kontrolpanelets sprog sat til Dansk: ${user.email}`,
    );
    // Another administrator's dashboard stays in English.
    cookie = (await signedInUser({ admin: true })).cookie;
    expect((await run(accountPage.loader, "/admin/account")).data).toMatchObject({ language: "en" });
  });
});

describe("Undo, Trash and Activity", () => {
  it("a delete's toast carries Undo; undo returns to the tab, only ever an admin page", async () => {
    const h = await createHorse({ name: "Nordlys", age: 4, color: "Bay", sire: "S", dam: "D" });
    const deleted = await run(horsesTab.action, "/admin/horses", { intent: "delete", id: h.id });
    expect(deleted).toMatchObject({
      status: 302,
      location: "/admin/horses",
      toast: {
        title: "Horse Deleted",
        description: "Horse has been removed successfully.",
        undo: { trashId: expect.any(String), returnTo: "/admin/horses" },
      },
    });
    const undo = (returnTo: string) =>
      run(trashTab.action, "/admin/trash", { intent: "undo", id: deleted.toast!.undo!.trashId, returnTo });
    const undone = await undo("https://elsewhere.example/admin");
    expect(undone).toMatchObject({
      status: 302,
      location: "/admin/trash",
      toast: { title: "Horse Restored", description: "Nordlys has been restored." },
    });
    expect((await getHorse(h.id))?.name).toBe("Nordlys");
    const again = await undo("/admin/horses");
    expect(again).toMatchObject({
      status: 404,
      toast: { description: "Failed to restore item: it is no longer in the trash." },
    });

    const second = await run(horsesTab.action, "/admin/horses", { intent: "delete", id: h.id });
    const page = (
      await (trashTab.loader as unknown as (a: Args) => Promise<{ items: { id: string; noun: string }[] }>)({
        request: buildRequest("/admin/trash", { cookie }),
        params: {},
        context: {},
      })
    ).items;
    expect(page).toEqual([expect.objectContaining({ id: second.toast!.undo!.trashId, noun: "Horse" })]);
    expect(
      await run(trashTab.action, "/admin/trash", { intent: "purge", id: second.toast!.undo!.trashId }),
    ).toMatchObject({ status: 302, location: "/admin/trash", toast: { title: "Deleted Forever" } });
    expect(await getHorse(h.id)).toBeNull();
    expect(await run(trashTab.action, "/admin/trash", { intent: "nonsense", id: "x" })).toMatchObject({ status: 400 });
  });

  it("the Activity tab lists what the administrator did, newest first; bad page and kind values are ignored", async () => {
    await run(horsesTab.action, "/admin/horses", {
      intent: "create",
      name: "Storm",
      age: "3",
      color: "Grey",
      sire: "S",
      dam: "D",
    });
    await run(contactInfoTab.action, "/admin/contact-info", {
      address: "Klampenborg",
      phoneNumber: "",
      emailAddress: "",
    });
    type Loaded = {
      entries: { kind: string; summary: string; actorEmail: string | null }[];
      page: number;
      kind: string;
    };
    const load = (url: string) =>
      (activityTab.loader as unknown as (a: Args) => Promise<Loaded>)({
        request: buildRequest(url, { cookie }),
        params: {},
        context: {},
      });
    const all = await load("/admin/activity?page=abc&kind=nope");
    expect(all.page).toBe(1);
    expect(all.kind).toBe("");
    expect(all.entries.map((e) => [e.kind, e.summary])).toEqual([
      ["update", "Contact information updated"],
      ["create", "Horse added: Storm"],
    ]);
    expect(all.entries[0]!.actorEmail).toMatch(/@example\.com$/);
    expect((await load("/admin/activity?kind=create")).entries.map((e) => e.summary)).toEqual(["Horse added: Storm"]);
  });

  it("shows the invisible characters in a failed sign-in's address by their code, folded with a count", async () => {
    for (let i = 0; i < 3; i++) await recordFailedSignIn("admin\u202Emoc.elpmaxe@evil.example", "198.51.100.9");
    const loaded = (await (activityTab.loader as unknown as (a: Args) => Promise<unknown>)({
      request: buildRequest("/admin/activity?kind=sign-in-failed", { cookie }),
      params: {},
      context: {},
    })) as { entries: { actorEmail: string | null; repeat: number; network: string | null }[] };
    expect(loaded.entries).toMatchObject([
      { actorEmail: "admin[U+202E]moc.elpmaxe@evil.example", repeat: 3, network: "198.51.100.9" },
    ]);
  });
});

describe("An unreachable media bucket", () => {
  const s3 = useMediaBucket();
  const UNREACHABLE = "The photo storage cannot be reached right now. Please try again in a moment.";
  const objects = async () => (await s3StorageFor(s3()).list("", { limit: 1000 })).map((f) => f.key);

  it("refuses an upload with the reason, changes no record and leaves the public pages working", async () => {
    const first = await run(horsesTab.action, "/admin/horses", await withPhoto(horseForm));
    expect(first).toMatchObject({ status: 302, toast: success("Horse Added") });
    const before = await listHorses();
    expect(before[0]!.image?.url).toMatch(/^\/media\/horse-images\//);
    const stored = await objects();
    expect(stored).toContain(before[0]!.image!.url.slice("/media/".length));

    process.env.MEDIA_S3_ENDPOINT = `http://127.0.0.1:${await freePort()}`;
    resetEnvCache();
    try {
      const added = await run(horsesTab.action, "/admin/horses", await withPhoto({ ...horseForm, name: "Second" }));
      expect(added).toMatchObject({ status: 503, toast: failure(`Failed to add horse. ${UNREACHABLE}`) });
      expect(added.data!.values.name).toBe("Second");
      const edit = { ...horseForm, intent: "update", id: before[0]!.id, shownTotalOre: "0", name: "Renamed" };
      const updated = await run(horsesTab.action, "/admin/horses", await withPhoto(edit));
      expect(updated).toMatchObject({ status: 503, toast: failure(`Failed to update horse. ${UNREACHABLE}`) });
      expect(await listHorses()).toEqual(before);
      const page = await publicHorses.loader();
      expect("horses" in page && page.horses.map((x) => x.name)).toEqual(["Nordlys"]);
    } finally {
      setMediaS3Env(s3());
    }
    expect(await objects()).toEqual(stored);
  });
});
