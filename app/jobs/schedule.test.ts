import { describe, expect, it } from "vitest";
import { daily, danishInstant, every, monthly, periodAt, type Schedule } from "./schedule";

const at = (schedule: Schedule, iso: string) => {
  const p = periodAt(schedule, new Date(iso));
  return { key: p.key, start: p.start.toISOString(), end: p.end.toISOString() };
};

describe("daily at a Danish time", () => {
  const seven = daily("07:00");

  it("is due at 07:00 in Copenhagen, summer and winter, and the period runs to the next day's", () => {
    expect(at(seven, "2026-06-13T05:00:00.000Z")).toEqual({
      key: "2026-06-13",
      start: "2026-06-13T05:00:00.000Z",
      end: "2026-06-14T05:00:00.000Z",
    });
    // 06:59:59 is still the day before's turn.
    expect(at(seven, "2026-06-13T04:59:59.999Z").key).toBe("2026-06-12");
    expect(at(seven, "2026-12-01T06:00:00.000Z")).toMatchObject({
      key: "2026-12-01",
      start: "2026-12-01T06:00:00.000Z",
    });
    expect(at(seven, "2026-12-01T05:59:00.000Z").key).toBe("2026-11-30");
    // Late in the evening, after midnight UTC but not yet in Denmark, and after midnight in Denmark.
    expect(at(seven, "2026-06-13T21:30:00.000Z").key).toBe("2026-06-13");
    expect(at(seven, "2026-06-13T22:30:00.000Z").key).toBe("2026-06-13");
  });

  it("follows the clock changes: a 23-hour day in March, a 25-hour day in October", () => {
    // 2026-03-29: 02:00 becomes 03:00.
    expect(at(seven, "2026-03-28T12:00:00.000Z")).toEqual({
      key: "2026-03-28",
      start: "2026-03-28T06:00:00.000Z",
      end: "2026-03-29T05:00:00.000Z",
    });
    expect(at(seven, "2026-03-29T05:00:00.000Z").key).toBe("2026-03-29");
    // 2026-10-25: 03:00 becomes 02:00 again.
    expect(at(seven, "2026-10-24T12:00:00.000Z")).toEqual({
      key: "2026-10-24",
      start: "2026-10-24T05:00:00.000Z",
      end: "2026-10-25T06:00:00.000Z",
    });
    expect(at(seven, "2026-10-25T05:59:59.000Z").key).toBe("2026-10-24");
  });

  it("reads a time the spring change skips as the hour after it, and a doubled autumn time as the first", () => {
    expect(danishInstant({ year: 2026, month: 3, day: 29 }, 2, 30).toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(at(daily("02:30"), "2026-03-29T12:00:00.000Z").start).toBe("2026-03-29T01:30:00.000Z");
    expect(danishInstant({ year: 2026, month: 10, day: 25 }, 2, 30).toISOString()).toBe("2026-10-25T00:30:00.000Z");
    // Once on the doubled day: the second 02:30 is still that day's period.
    expect(at(daily("02:30"), "2026-10-25T01:30:00.000Z")).toEqual({
      key: "2026-10-25",
      start: "2026-10-25T00:30:00.000Z",
      end: "2026-10-26T01:30:00.000Z",
    });
    expect(at(daily("00:00"), "2026-03-29T00:00:00.000Z")).toMatchObject({
      key: "2026-03-29",
      start: "2026-03-28T23:00:00.000Z",
      end: "2026-03-29T22:00:00.000Z",
    });
  });

  it("crosses month and year ends", () => {
    expect(at(seven, "2027-01-01T05:00:00.000Z")).toMatchObject({ key: "2026-12-31", end: "2027-01-01T06:00:00.000Z" });
    expect(at(seven, "2027-01-01T06:00:00.000Z").key).toBe("2027-01-01");
    expect(at(seven, "2028-03-01T05:00:00.000Z").key).toBe("2028-02-29");
  });
});

describe("monthly on a day at a Danish time", () => {
  // [day, time, instant, the period it falls in: key, start, end]
  it.each([
    // Due on the 1st at 06:00 Danish time, whatever the offset that month.
    [1, "06:00", "2026-07-01T03:59:00.000Z", "2026-06", "2026-06-01T04:00:00.000Z", "2026-07-01T04:00:00.000Z"],
    [1, "06:00", "2026-07-01T04:00:00.000Z", "2026-07", "2026-07-01T04:00:00.000Z", "2026-08-01T04:00:00.000Z"],
    // Across the year end and the clock change between (November: UTC+1).
    [1, "06:00", "2027-01-15T00:00:00.000Z", "2027-01", "2027-01-01T05:00:00.000Z", "2027-02-01T05:00:00.000Z"],
    [1, "06:00", "2026-10-31T12:00:00.000Z", "2026-10", "2026-10-01T04:00:00.000Z", "2026-11-01T05:00:00.000Z"],
    [1, "06:00", "2027-01-01T04:59:59.000Z", "2026-12", "2026-12-01T05:00:00.000Z", "2027-01-01T05:00:00.000Z"],
    // The month's last day where it has no such day.
    [31, "12:00", "2026-03-01T00:00:00.000Z", "2026-02", "2026-02-28T11:00:00.000Z", "2026-03-31T10:00:00.000Z"],
    [31, "12:00", "2028-03-01T00:00:00.000Z", "2028-02", "2028-02-29T11:00:00.000Z", "2028-03-31T10:00:00.000Z"],
    [31, "12:00", "2026-05-15T00:00:00.000Z", "2026-04", "2026-04-30T10:00:00.000Z", "2026-05-31T10:00:00.000Z"],
    [30, "12:00", "2026-03-15T00:00:00.000Z", "2026-02", "2026-02-28T11:00:00.000Z", "2026-03-30T10:00:00.000Z"],
  ])("on day %i at %s: %s", (day, time, instant, key, start, end) => {
    expect(at(monthly(day, time), instant)).toEqual({ key, start, end });
  });
});

describe("every so many minutes or hours", () => {
  it("counts from the epoch, so every instance names the same periods", () => {
    expect(at(every({ minutes: 15 }), "2026-06-13T10:44:59.999Z")).toEqual({
      key: "2026-06-13T10:30:00.000Z",
      start: "2026-06-13T10:30:00.000Z",
      end: "2026-06-13T10:45:00.000Z",
    });
    expect(at(every({ minutes: 1 }), "2026-06-13T10:45:00.000Z").key).toBe("2026-06-13T10:45:00.000Z");
    expect(at(every({ hours: 24 }), "2026-03-29T12:00:00.000Z")).toEqual({
      key: "2026-03-29T00:00:00.000Z",
      start: "2026-03-29T00:00:00.000Z",
      end: "2026-03-30T00:00:00.000Z",
    });
    expect(at(every({ hours: 0.1 }), "2026-06-13T10:05:00.000Z").end).toBe("2026-06-13T10:06:00.000Z");
  });
});

it("refuses a schedule that is not one", () => {
  expect(() => daily("7:00")).toThrow(/no time of day/);
  expect(() => daily("24:00")).toThrow(/no time of day/);
  expect(() => monthly(0, "06:00")).toThrow(/no day of a month/);
  expect(() => monthly(32, "06:00")).toThrow(/no day of a month/);
  expect(() => every({ minutes: 0.5 })).toThrow(/at most once a minute/);
  expect(() => every({})).toThrow(/at most once a minute/);
});
