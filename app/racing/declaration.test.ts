import { describe, expect, it } from "vitest";
import {
  danishLocal,
  danishLocalToIso,
  equipmentColumn,
  equipmentFromColumn,
  formatWeight,
  readWeightKg,
} from "./declaration";

describe("weights", () => {
  it("are read the Danish way into exact grams and shown back with a comma", () => {
    expect(readWeightKg("57,5")).toBe(57_500);
    expect(readWeightKg("57.5")).toBe(57_500);
    expect(readWeightKg("58")).toBe(58_000);
    expect(readWeightKg("56,25 kg")).toBe(56_250);
    expect(readWeightKg("57,555")).toBeNull();
    expect(readWeightKg("tung")).toBeNull();
    expect(readWeightKg("")).toBeNull();
    expect(formatWeight(57_500)).toBe("57,5 kg");
    expect(formatWeight(58_000)).toBe("58 kg");
  });
});

describe("equipment", () => {
  it("is stored once each in a fixed order, unknown codes left out", () => {
    expect(equipmentColumn(["hood", "blinkers", "hood", "saddle"])).toBe("blinkers,hood");
    expect(equipmentColumn([])).toBeNull();
    expect(equipmentFromColumn("blinkers,hood")).toEqual(["blinkers", "hood"]);
    expect(equipmentFromColumn(null)).toEqual([]);
  });
});

describe("Danish times", () => {
  it("turn into UTC instants in summer and winter and back", () => {
    expect(danishLocalToIso("2026-06-20T09:30")).toBe("2026-06-20T07:30:00.000Z");
    expect(danishLocalToIso("2026-01-20T09:30")).toBe("2026-01-20T08:30:00.000Z");
    expect(danishLocal("2026-06-20T07:30:00.000Z")).toBe("2026-06-20T09:30");
    expect(danishLocalToIso("2026-02-30T09:30")).toBeNull();
    expect(danishLocalToIso("20.6.2026 9:30")).toBeNull();
    // The autumn hour that happens twice is the first; the spring hour that is skipped, the next.
    expect(danishLocalToIso("2026-10-25T02:30")).toBe("2026-10-25T00:30:00.000Z");
    expect(danishLocalToIso("2026-03-29T02:30")).toBe("2026-03-29T01:30:00.000Z");
  });
});
