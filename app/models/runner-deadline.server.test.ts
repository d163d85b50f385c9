import { describe, expect, test } from "vitest";
import { useFreshDatabase } from "@tests/db";
import { createHorse } from "./horse.server";
import { createRunner, declareRunner, withdrawRunner } from "./runner.server";
import { listDeadlines } from "./runner-deadline.server";

useFreshDatabase();

const horse = { name: "Kongens Ære", age: 4, color: "Brown", sire: "Sea The Stars", dam: "Frøken Fryd" };
const ahead = { raceName: "Dansk Derby", raceDate: "2026-06-20", postTime: "15:30", track: "Klampenborg" };
const declaration = { jockey: "M. Larsen", weightG: 57_500, draw: 4, equipment: ["blinkers" as const] };

describe("deadlines", () => {
  test("deadlines still needing an action, soonest first", async () => {
    const h = await createHorse(horse);
    const a = await createRunner({
      horseId: h.id,
      ...ahead,
      raceName: "A",
      declarationDeadline: "2026-06-18T07:30:00.000Z",
      withdrawalDeadline: "2026-06-20T08:00:00.000Z",
    });
    const b = await createRunner({
      horseId: h.id,
      ...ahead,
      raceName: "B",
      declarationDeadline: "2026-06-17T10:00:00.000Z",
    });
    await createRunner({ horseId: h.id, ...ahead, raceName: "Late", declarationDeadline: "2026-07-01T10:00:00.000Z" });
    const found = await listDeadlines("2026-06-17T00:00:00.000Z", "2026-06-21T00:00:00.000Z");
    expect(found.map((d) => [d.raceName, d.kind])).toEqual([
      ["B", "declare"],
      ["A", "declare"],
      ["A", "withdraw"],
    ]);
    // Declared: nothing left to declare. Withdrawn: nothing left to do.
    await declareRunner(a.id, declaration);
    await withdrawRunner(b.id, null);
    expect(
      (await listDeadlines("2026-06-17T00:00:00.000Z", "2026-06-21T00:00:00.000Z")).map((d) => [d.raceName, d.kind]),
    ).toEqual([["A", "withdraw"]]);
  });
});
