import { describe, expect, it } from "vitest";
import { createUser } from "@tests/auth";
import { useFreshDatabase } from "@tests/db";
import { createOwner, testHorse } from "@tests/owners";
import { runAs } from "~/platform/actor.server";
import { listActivity } from "./activity.server";
import { deleteHorse } from "./horse.server";
import {
  billedHorseIds,
  holdsPartOn,
  type InvalidSharesError,
  removeShareSet,
  saveShareSet,
  shareSets,
} from "./horse-share.server";
import { type InvalidBillingFactError } from "./horse-status.server";

useFreshDatabase();

describe("a horse's shares", () => {
  it("are sets of parts from a date: a sale is a new set, the stable's own part one without an owner", async () => {
    const horse = await testHorse("Nordlys");
    const anna = await createOwner({ horseIds: [horse.id], name: "Anna" });
    const bo = await createOwner({ horseIds: [horse.id], name: "Bo" });
    const admin = await createUser({ admin: true });
    await runAs({ userId: admin.id, email: admin.email, via: "dashboard" }, async () => {
      expect(
        await saveShareSet(horse.id, "2026-01-01", [
          { ownerId: anna.id, hundredths: 6000 },
          { ownerId: bo.id, hundredths: 4000 },
        ]),
      ).toEqual({ totalHundredths: 10000 });
      expect(
        await saveShareSet(horse.id, "2026-01-16", [
          { ownerId: anna.id, hundredths: 3333 },
          { ownerId: null, hundredths: 6667 },
        ]),
      ).toEqual({ totalHundredths: 10000 });
    });
    expect(await shareSets([horse.id])).toEqual([
      {
        horseId: horse.id,
        validFrom: "2026-01-01",
        parts: [
          { ownerId: anna.id, hundredths: 6000 },
          { ownerId: bo.id, hundredths: 4000 },
        ],
      },
      {
        horseId: horse.id,
        validFrom: "2026-01-16",
        parts: [
          { ownerId: null, hundredths: 6667 },
          { ownerId: anna.id, hundredths: 3333 },
        ],
      },
    ]);
    expect(await holdsPartOn(bo.id, horse.id, "2026-01-15")).toBe(true);
    expect(await holdsPartOn(bo.id, horse.id, "2026-01-16")).toBe(false);
    expect(await holdsPartOn(anna.id, horse.id, "2025-12-31")).toBe(false);
    expect(await billedHorseIds()).toEqual([horse.id]);
    const { entries } = await listActivity();
    expect(entries[0]!.summary).toBe("Shares from 2026-01-16: Nordlys, Anna 33.33 %, the stable 66.67 %");
  });

  it("may be stored not adding up to 100 %, and say so; a set of a date is replaced, or removed", async () => {
    const horse = await testHorse("Nordlys");
    const anna = await createOwner({ horseIds: [horse.id] });
    expect(await saveShareSet(horse.id, "2026-01-01", [{ ownerId: anna.id, hundredths: 6000 }])).toEqual({
      totalHundredths: 6000,
    });
    await saveShareSet(horse.id, "2026-01-01", [{ ownerId: anna.id, hundredths: 10000 }]);
    expect((await shareSets([horse.id]))[0]!.parts).toEqual([{ ownerId: anna.id, hundredths: 10000 }]);
    expect(await removeShareSet(horse.id, "2026-01-01")).toBe(true);
    expect(await removeShareSet(horse.id, "2026-01-01")).toBe(false);
    expect(await shareSets([horse.id])).toEqual([]);
  });

  it("refuse parts out of range, an owner twice, someone who is no owner, a bad date; nothing for a horse not there", async () => {
    const horse = await testHorse("Nordlys");
    const anna = await createOwner({ horseIds: [horse.id] });
    const admin = await createUser({ admin: true });
    const save = (parts: { ownerId: string | null; hundredths: number }[], day = "2026-01-01") =>
      saveShareSet(horse.id, day, parts).catch((e: InvalidSharesError | InvalidBillingFactError) => e.message);
    expect(await save([])).toMatch(/empty/);
    expect(await save([{ ownerId: anna.id, hundredths: 0 }])).toMatch(/part/);
    expect(await save([{ ownerId: anna.id, hundredths: 10001 }])).toMatch(/part/);
    expect(await save([{ ownerId: anna.id, hundredths: 33.5 }])).toMatch(/part/);
    expect(
      await save([
        { ownerId: null, hundredths: 5000 },
        { ownerId: null, hundredths: 5000 },
      ]),
    ).toMatch(/twice/);
    expect(await save([{ ownerId: admin.id, hundredths: 10000 }])).toMatch(/owner/);
    expect(await save([{ ownerId: anna.id, hundredths: 10000 }], "2026-02-30")).toMatch(/date/);
    expect(await shareSets()).toEqual([]);
    await deleteHorse(horse.id);
    expect(await saveShareSet(horse.id, "2026-01-01", [{ ownerId: anna.id, hundredths: 10000 }])).toBeNull();
  });
});
