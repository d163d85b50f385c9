import { describe, expect, it } from "vitest";
import { listQueuedMail } from "~/models/mail-queue.server";
import { createHorse } from "~/models/horse.server";
import { createRunner, declareRunner } from "~/models/runner.server";
import { setAdminLanguage } from "~/models/admin-language.server";
import { signedInUser } from "@tests/auth";
import { testEngine, useFreshDatabase } from "@tests/db";
import { composeDeadlineReminder, queueDeadlineReminder } from "./reminder.server";

useFreshDatabase();

const at = (iso: string) => new Date(iso);

describe(`the 07:00 deadline reminder (${testEngine})`, () => {
  it("is queued once for every administrator at 07:00 Danish time on a day with a deadline", async () => {
    const a = await signedInUser({ email: "anna@stald.example", admin: true });
    await signedInUser({ email: "bo@stald.example", admin: true });
    await signedInUser({ email: "owner@example.com" });
    await setAdminLanguage(a.user.id, "da");
    const h = await createHorse({ name: "Nordlys", age: 4, color: "Brown", sire: "S", dam: "D" });
    const runner = await createRunner({
      horseId: h.id,
      raceName: "Derby",
      raceDate: "2026-06-15",
      declarationDeadline: "2026-06-13T07:30:00.000Z", // 09:30 in Copenhagen
    });

    expect(await queueDeadlineReminder(at("2026-06-13T04:59:00Z"))).toBe(0); // 06:59
    expect(await queueDeadlineReminder(at("2026-06-13T05:00:00Z"))).toBe(2); // 07:00
    expect(await queueDeadlineReminder(at("2026-06-13T05:01:00Z"))).toBe(0);
    expect(await queueDeadlineReminder(at("2026-06-13T12:00:00Z"))).toBe(0);
    // The next day has no deadline: nothing.
    expect(await queueDeadlineReminder(at("2026-06-14T05:00:00Z"))).toBe(0);
    const queued = await listQueuedMail({ kind: "deadline-reminder" });
    expect(queued.map((m) => m.toAddress).sort()).toEqual(["anna@stald.example", "bo@stald.example"]);

    const danish = await composeDeadlineReminder(
      "anna@stald.example",
      at("2026-06-13T05:00:00Z"),
      at("2026-06-13T05:00:05Z"),
    );
    expect(danish).toMatchObject({ to: "anna@stald.example", subject: "Frister i dag" });
    expect(danish!.text).toContain("Frist for startanmeldelse 13.06.2026, 09.30: Nordlys i Derby skal startanmeldes.");
    const english = await composeDeadlineReminder(
      "bo@stald.example",
      at("2026-06-13T05:00:00Z"),
      at("2026-06-13T05:00:05Z"),
    );
    expect(english!.subject).toBe("Deadlines today");
    // Declared before the mail went: nothing left to remind of, no mail.
    await declareRunner(runner.id, { jockey: "M. Larsen", weightG: 57_500, draw: null, equipment: [] });
    expect(
      await composeDeadlineReminder("bo@stald.example", at("2026-06-13T05:00:00Z"), at("2026-06-13T05:02:00Z")),
    ).toBeNull();
  });

  it("is not queued on a day whose deadlines have passed or were met", async () => {
    await signedInUser({ email: "anna@stald.example", admin: true });
    const h = await createHorse({ name: "Nordlys", age: 4, color: "Brown", sire: "S", dam: "D" });
    await createRunner({
      horseId: h.id,
      raceName: "Derby",
      raceDate: "2026-06-15",
      withdrawalDeadline: "2026-06-13T04:00:00.000Z", // 06:00, before the reminder
    });
    expect(await queueDeadlineReminder(at("2026-06-13T05:00:00Z"))).toBe(0);
    expect(await listQueuedMail({ kind: "deadline-reminder" })).toEqual([]);
  });
});
