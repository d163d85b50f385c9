import { describe, expect, it } from "vitest";
import { useFreshDatabase } from "@tests/db";
import { testHorse } from "@tests/owners";
import {
  getDayRates,
  InvalidBillingFactError,
  removeHorseStatus,
  saveDayRates,
  setHorseRate,
  setHorseStatus,
  statusFacts,
} from "./horse-status.server";

useFreshDatabase();

describe("what a horse's day costs", () => {
  it("is the stable's rate per status with a fee, set once and changed as a whole or in part", async () => {
    expect(await getDayRates()).toEqual({ training: null, "pre-training": null, resting: null });
    await saveDayRates({ training: 45000, resting: 15000 });
    await saveDayRates({ "pre-training": 30050, training: 46000 });
    expect(await getDayRates()).toEqual({ training: 46000, "pre-training": 30050, resting: 15000 });
    await expect(saveDayRates({ training: -1 })).rejects.toThrow(InvalidBillingFactError);
    await expect(saveDayRates({ away: 100 } as never)).rejects.toThrow(/status/);
  });

  it("follows the horse's status from each date and its own rate from a date, null being the standard again", async () => {
    const horse = await testHorse("Nordlys");
    expect(await setHorseStatus(horse.id, "2026-01-01", "training")).toBe(true);
    expect(await setHorseStatus(horse.id, "2026-01-20", "resting")).toBe(true);
    expect(await setHorseStatus(horse.id, "2026-01-20", "away")).toBe(true);
    expect(await setHorseRate(horse.id, "training", "2026-01-05", 50000)).toBe(true);
    expect(await setHorseRate(horse.id, "training", "2026-01-10", null)).toBe(true);
    expect(await statusFacts([horse.id])).toEqual({
      statuses: [
        { horseId: horse.id, validFrom: "2026-01-01", status: "training" },
        { horseId: horse.id, validFrom: "2026-01-20", status: "away" },
      ],
      overrides: [
        { horseId: horse.id, status: "training", validFrom: "2026-01-05", rateOere: 50000 },
        { horseId: horse.id, status: "training", validFrom: "2026-01-10", rateOere: null },
      ],
    });
    expect(await removeHorseStatus(horse.id, "2026-01-20")).toBe(true);
    expect(await removeHorseStatus(horse.id, "2026-01-20")).toBe(false);
    expect((await statusFacts([horse.id])).statuses).toHaveLength(1);
  });

  it("refuses a date that is none, a status there is not, and a horse not there", async () => {
    const horse = await testHorse("Nordlys");
    await expect(setHorseStatus(horse.id, "2026-1-1", "training")).rejects.toThrow(/date/);
    await expect(setHorseStatus(horse.id, "2026-01-01", "sold" as never)).rejects.toThrow(/status/);
    await expect(setHorseRate(horse.id, "retired" as never, "2026-01-01", 1)).rejects.toThrow(/status/);
    expect(await setHorseStatus("no-horse", "2026-01-01", "training")).toBe(false);
    expect(await setHorseRate("no-horse", "training", "2026-01-01", 1)).toBe(false);
  });
});
