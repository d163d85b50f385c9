import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { signedInUser } from "@tests/auth";
import { success, useAdmin } from "@tests/admin-actions";
import { useFreshDatabase } from "@tests/db";
import { createOwner, testHorse } from "@tests/owners";
import { shareSets } from "~/models/horse-share.server";
import { getDayRates, statusFacts } from "~/models/horse-status.server";
import { db } from "~/platform/db.server";
import * as page from "./billing-horses";

useFreshDatabase();

const admin = useAdmin();
const PAGE = "/admin/billing/horses";

type Loaded = Awaited<ReturnType<typeof page.loader>>;
const load = async (horseId?: string) =>
  (await admin.run(page.loader, horseId ? `${PAGE}?horse=${horseId}` : PAGE)).data as unknown as Loaded;

function render(path: string, data: unknown) {
  const Page = page.default as unknown as () => null;
  const Stub = createRoutesStub([{ path: PAGE, Component: Page, loader: () => data, HydrateFallback: () => null }]);
  return renderToString(createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { 0: data } } }));
}

async function stable() {
  const horse = await testHorse("Nordlys");
  const anna = await createOwner({ horseIds: [horse.id], name: "Anna" });
  const bo = await createOwner({ horseIds: [horse.id], name: "Bo" });
  return { horse, anna, bo };
}

describe("Fees and Shares, day rates", () => {
  it("sets the standard rates typed the Danish way, leaving an empty one as it is", async () => {
    const r = await admin.run(page.action, PAGE, {
      intent: "rates",
      training: "450,00",
      "pre-training": "1.200",
      resting: "",
    });
    expect(r).toMatchObject({ status: 302, location: PAGE, toast: success("Day Rates Saved") });
    expect(await getDayRates()).toEqual({ training: 45000, "pre-training": 120000, resting: null });
    const bad = await admin.run(page.action, PAGE, { intent: "rates", training: "lots", resting: "100" });
    expect(bad.status).toBe(400);
    expect(bad.data!.errors).toEqual({ training: "Enter an amount in kroner, e.g. 450,00" });
    expect(await getDayRates()).toEqual({ training: 45000, "pre-training": 120000, resting: null });
  });
});

describe("Fees and Shares, a horse's status and own rate", () => {
  it("sets and removes a status from a date, and an own rate, and shows them", async () => {
    const { horse } = await stable();
    const r = await admin.run(page.action, PAGE, {
      intent: "status",
      horseId: horse.id,
      validFrom: "2026-03-01",
      status: "training",
    });
    expect(r).toMatchObject({
      status: 302,
      location: `${PAGE}?horse=${horse.id}`,
      toast: success("Status Saved", "Nordlys: In training from 1 March 2026."),
    });
    await admin.run(page.action, PAGE, {
      intent: "status",
      horseId: horse.id,
      validFrom: "2026-04-10",
      status: "resting",
    });
    const rate = await admin.run(page.action, PAGE, {
      intent: "rate",
      horseId: horse.id,
      validFrom: "2026-03-01",
      status: "training",
      rate: "500",
    });
    expect(rate.toast).toEqual(success("Day Rate Saved", "Nordlys: In training from 1 March 2026."));
    expect(await statusFacts([horse.id])).toEqual({
      statuses: [
        { horseId: horse.id, validFrom: "2026-03-01", status: "training" },
        { horseId: horse.id, validFrom: "2026-04-10", status: "resting" },
      ],
      overrides: [{ horseId: horse.id, status: "training", validFrom: "2026-03-01", rateOere: 50000 }],
    });
    const html = render(`${PAGE}?horse=${horse.id}`, await load(horse.id));
    expect(html).toContain("From 10 April 2026: Resting/at grass");
    expect(html).toContain("From 1 March 2026: In training at 500,00");

    const removed = await admin.run(page.action, PAGE, {
      intent: "remove-status",
      horseId: horse.id,
      validFrom: "2026-04-10",
    });
    expect(removed.toast).toEqual(success("Status Change Removed"));
    expect((await statusFacts([horse.id])).statuses).toHaveLength(1);
  });

  it("refuses a date that is none, a status that is none and a horse that is none, changing nothing", async () => {
    const { horse } = await stable();
    const bad = await admin.run(page.action, PAGE, {
      intent: "status",
      horseId: horse.id,
      validFrom: "2026-02-30",
      status: "racing",
    });
    expect(bad.status).toBe(400);
    expect(bad.data!.errors).toEqual({ validFrom: "Enter a date", status: "Choose a status" });
    const away = await admin.run(page.action, PAGE, {
      intent: "rate",
      horseId: horse.id,
      validFrom: "2026-03-01",
      status: "away",
      rate: "1",
    });
    expect(away.data!.errors).toEqual({ status: "Choose a status with a fee" });
    const gone = await admin.run(page.action, PAGE, {
      intent: "status",
      horseId: "no-such-horse",
      validFrom: "2026-03-01",
      status: "training",
    });
    expect(gone.status).toBe(404);
    expect(await statusFacts([horse.id])).toEqual({ statuses: [], overrides: [] });
  });
});

describe("Fees and Shares, shares", () => {
  it("stores each owner's part and the stable's, and says from when a horse's parts do not add up", async () => {
    const { horse, anna, bo } = await stable();
    const r = await admin.run(page.action, PAGE, {
      intent: "shares",
      horseId: horse.id,
      validFrom: "2026-03-01",
      owner1: anna.id,
      share1: "60",
      owner2: bo.id,
      share2: "33,33",
      stablePart: "6.67",
    });
    expect(r).toMatchObject({
      status: 302,
      toast: success("Shares Saved", "Nordlys: the parts from 1 March 2026 add up to 100 %."),
    });
    expect(await shareSets([horse.id])).toEqual([
      {
        horseId: horse.id,
        validFrom: "2026-03-01",
        parts: [
          { ownerId: anna.id, hundredths: 6000 },
          { ownerId: bo.id, hundredths: 3333 },
          { ownerId: null, hundredths: 667 },
        ],
      },
    ]);
    expect((await load()).problems).toEqual([]);

    // A sale typed in one owner at a time: stored, and said plainly.
    const sale = await admin.run(page.action, PAGE, {
      intent: "shares",
      horseId: horse.id,
      validFrom: "2026-03-16",
      owner1: anna.id,
      share1: "60",
    });
    expect(sale.toast).toEqual(
      success(
        "Shares Saved",
        "Nordlys: the parts from 16 March 2026 add up to 60 %, not 100 %. Those days are not billed until they do.",
      ),
    );
    const loaded = await load(horse.id);
    expect(loaded.problems).toEqual([
      { horseId: horse.id, horseName: "Nordlys", start: "2026-03-16", end: null, total: 6000 },
    ]);
    const html = render(`${PAGE}?horse=${horse.id}`, loaded);
    expect(html).toContain("Nordlys: 60 % from 16 March 2026 on");
    expect(html).toContain("Anna: 60 %");

    await admin.run(page.action, PAGE, {
      intent: "shares",
      horseId: horse.id,
      validFrom: "2026-04-01",
      stablePart: "100",
    });
    expect((await load()).problems).toEqual([
      { horseId: horse.id, horseName: "Nordlys", start: "2026-03-16", end: "2026-03-31", total: 6000 },
    ]);
    const removed = await admin.run(page.action, PAGE, {
      intent: "remove-shares",
      horseId: horse.id,
      validFrom: "2026-03-16",
    });
    expect(removed.toast).toEqual(success("Shares Removed"));
    expect((await load()).problems).toEqual([]);
  });

  it("refuses a part that is no percentage, a part without its owner, an owner twice and someone who is no owner", async () => {
    const { horse, anna } = await stable();
    const form = { intent: "shares", horseId: horse.id, validFrom: "2026-03-01" };
    const bad = await admin.run(page.action, PAGE, {
      ...form,
      owner1: anna.id,
      share1: "33,333",
      share2: "40",
      owner3: anna.id,
      share3: "10",
      stablePart: "-5",
    });
    expect(bad.status).toBe(400);
    expect(bad.data!.errors).toEqual({
      share1: "Enter a percentage from 0,01 to 100 with at most two decimals",
      owner2: "Choose the owner of this part",
      owner3: "This owner already has a part",
      stablePart: "Enter a percentage from 0,01 to 100 with at most two decimals",
    });
    const none = await admin.run(page.action, PAGE, form);
    expect(none.data!.errors).toEqual({ share1: "Enter at least one part" });
    const guest = await signedInUser({ email: "not-an-owner@example.dk" });
    const stranger = await admin.run(page.action, PAGE, { ...form, owner1: guest.user.id, share1: "100" });
    expect(stranger.status).toBe(400);
    expect(stranger.data!.errors).toEqual({ owner1: "This is not an owner" });
    expect(await shareSets([horse.id])).toEqual([]);
  });

  it("says it in Danish to an administrator who reads Danish", async () => {
    await db().updateTable("users").set({ admin_language: "da" }).execute();
    const { horse, anna } = await stable();
    const r = await admin.run(page.action, PAGE, {
      intent: "shares",
      horseId: horse.id,
      validFrom: "2026-03-01",
      owner1: anna.id,
      share1: "33,5",
    });
    expect(r.toast).toEqual(
      success(
        "Andele gemt",
        "Nordlys: andelene fra 1. marts 2026 giver 33,5 %, ikke 100 %. De dage faktureres ikke, før de gør.",
      ),
    );
  });
});

describe("Fees and Shares, who may", () => {
  it("refuses visitors and non-administrators, changing nothing", async () => {
    const { horse } = await stable();
    const form = { intent: "status", horseId: horse.id, validFrom: "2026-03-01", status: "training" };
    admin.signIn("");
    expect((await admin.run(page.action, PAGE, form)).location).toMatch(/^\/auth\b/);
    expect((await admin.run(page.loader, PAGE)).location).toMatch(/^\/auth\b/);
    admin.signIn((await signedInUser({ email: "member@example.dk" })).cookie);
    expect((await admin.run(page.action, PAGE, form)).location).toBe("/");
    expect((await admin.run(page.loader, PAGE)).location).toBe("/");
    expect(await statusFacts([horse.id])).toEqual({ statuses: [], overrides: [] });
  });
});
