import { expect, test } from "vitest";
import { fromDanishLocal, toDanishLocal } from "./publish-at";

test("Danish local time in the field, UTC instants stored, summer and winter", () => {
  expect(fromDanishLocal("2026-06-01T14:30")).toBe("2026-06-01T12:30:00.000Z");
  expect(fromDanishLocal("2026-12-24T18:00")).toBe("2026-12-24T17:00:00.000Z");
  expect(toDanishLocal("2026-06-01T12:30:00.000Z")).toBe("2026-06-01T14:30");
  expect(fromDanishLocal("2026-03-29T02:30")).not.toBeNull();
  expect(fromDanishLocal("2026-02-30T10:00")).toBeNull();
  expect(fromDanishLocal("tomorrow")).toBeNull();
  expect(fromDanishLocal("2026-13-01T10:00")).toBeNull();
});
