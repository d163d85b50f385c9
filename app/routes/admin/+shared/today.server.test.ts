import { describe, expect, it, vi } from "vitest";
import { adminTranslator } from "~/i18n/admin/dictionary";
import { createContactMessage, markContactMessageRead } from "~/models/contact-message.server";
import { saveContactInfo } from "~/models/contact-info.server";
import { listHomeImages, updateHomeImage } from "~/models/home-image.server";
import { createHorse } from "~/models/horse.server";
import { createRunner } from "~/models/runner.server";
import { recordResult } from "~/models/runner-result.server";
import { createTeamMember } from "~/models/team-member.server";
import { db } from "~/platform/db.server";
import { useFreshDatabase } from "@tests/db";
import { useTestEnv } from "@tests/env";
import { lastDayOf, readToday } from "./today.server";

useFreshDatabase();
useTestEnv({ BACKUP_DIR: "/var/backups/stable", BACKUP_INTERVAL_HOURS: "24" });

const TODAY = "2026-06-13";
const en = adminTranslator("en");
const steps = async () => (await readToday(en, TODAY)).setup.map((s) => [s.step, s.done]);

describe("Today at the Stable", () => {
  it("ticks off the first-run checklist as the site is set up", async () => {
    expect(await steps()).toEqual([
      ["stable", false],
      ["horse", false],
      ["team", false],
      ["contact", false],
    ]);
    const today = await readToday(en, TODAY);
    expect(today.inUse).toBe(false);
    expect(today.setup.map((s) => s.href)).toEqual([
      "/admin/site",
      "/admin/horses",
      "/admin/team",
      "/admin/contact-info",
    ]);
    await createHorse({ name: "Nordlys", age: 4, color: "Brown", sire: "S", dam: "D" });
    await createTeamMember({ name: "Anna", role: "Trainer" });
    await saveContactInfo({ address: "", phoneNumber: "", emailAddress: "office@stald.example" });
    for (const image of (await listHomeImages()).slice(0, 3)) {
      await updateHomeImage(image.id, {
        altText: "Yard",
        image: { url: `/media/horse-images/${image.id}.jpg`, width: 800, height: 600 },
      });
    }
    expect((await readToday(en, TODAY)).inUse).toBe(true);
    expect(await steps()).toEqual([
      ["stable", false],
      ["horse", true],
      ["team", true],
      ["contact", true],
    ]);
    const last = (await listHomeImages())[3]!;
    await updateHomeImage(last.id, {
      altText: "Yard",
      image: { url: "/media/horse-images/4.jpg", width: 800, height: 600 },
    });
    expect((await steps()).every(([, done]) => done)).toBe(true);
  });

  it("lists the results to record, the next seven days' runners, the newest unread messages and today's notices", async () => {
    const horse = await createHorse({ name: "Kongens Ære", age: 4, color: "Brown", sire: "S", dam: "D" });
    const race = (raceName: string, raceDate: string) => createRunner({ horseId: horse.id, raceName, raceDate });
    await race("Yesterday", "2026-06-12");
    const done = await race("Done", "2026-06-11");
    await recordResult(done.id, { position: 1, didNotFinish: false, prizeOre: 100_00 }, TODAY);
    await race("Today", TODAY);
    await race("Friday", "2026-06-19");
    await race("A week on", "2026-06-20");
    for (const [i, name] of ["Anna", "Bo", "Carl", "Dorte"].entries()) {
      await createContactMessage(
        { name, email: "v@example.com", message: `Hello from ${name}.\n\nA second paragraph.` },
        { attemptLimit: 3, now: new Date(`2026-06-1${i}T08:00:00Z`) },
      );
    }
    const [first] = await db().selectFrom("contact_messages").select("id").where("name", "=", "Dorte").execute();
    await markContactMessageRead(first!.id);
    await db()
      .insertInto("job_runs")
      .values({
        job: "backup",
        period: "2026-06-13T00:00:00.000Z",
        status: "failed",
        started_at: "2026-06-13T03:00:00.000Z",
        finished_at: "2026-06-13T03:00:00.000Z",
        error: "The server's disk is full.",
        retry_at: "2026-06-13T04:00:00.000Z",
      })
      .execute();

    const today = await readToday(en, TODAY);
    expect(today.resultsToRecord.map((r) => r.raceName)).toEqual(["Yesterday"]);
    expect(today.nextRunners.map((r) => r.raceName)).toEqual(["Today", "Friday"]);
    expect(today.unread.count).toBe(3);
    expect(today.unread.latest.map((m) => m.name)).toEqual(["Carl", "Bo", "Anna"]);
    expect(today.unread.latest[0]!.preview).toMatch(/^Hello from \w+\. A second paragraph\.$/);
    expect(today.notices).toEqual([
      {
        id: "backup-2026-06-13T03:00:00.000Z",
        tone: "warning",
        text: "The last scheduled backup failed (13.06.2026, 05.00): The server's disk is full.",
      },
    ]);
    expect((await readToday(adminTranslator("da"), TODAY)).notices[0]!.text).toMatch(
      /^Den seneste planlagte sikkerhedskopi mislykkedes/,
    );
  });

  it("counts seven days from today", () => {
    expect(lastDayOf("2026-06-13", 7)).toBe("2026-06-19");
    expect(lastDayOf("2026-12-29", 7)).toBe("2027-01-04");
  });
});

describe("deadlines on Today at the Stable", () => {
  it("lists the deadlines of the next 48 hours, soonest first, each with the action it needs", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-06-13T05:00:00Z")); // 07:00 in Copenhagen
    try {
      const h = await createHorse({ name: "Nordlys", age: 4, color: "Brown", sire: "S", dam: "D" });
      const race = { horseId: h.id, raceDate: "2026-06-15" };
      const a = await createRunner({
        ...race,
        raceName: "Derby",
        declarationDeadline: "2026-06-13T07:30:00.000Z",
        withdrawalDeadline: "2026-06-15T08:00:00.000Z",
      });
      await createRunner({ ...race, raceName: "Later", declarationDeadline: "2026-06-16T07:30:00.000Z" });
      await createRunner({ ...race, raceName: "Past", declarationDeadline: "2026-06-13T04:00:00.000Z" });
      const b = await createRunner({ ...race, raceName: "Oaks", withdrawalDeadline: "2026-06-14T08:00:00.000Z" });
      const { notices } = await readToday(en, TODAY);
      expect(notices.map((n) => [n.text, n.link?.href])).toEqual([
        [
          "Declaration deadline 13.06.2026, 09.30: Nordlys in Derby must be declared.",
          `/admin/runners?declare=${a.id}`,
        ],
        [
          "Withdrawal deadline 14.06.2026, 10.00: Nordlys in Oaks, withdraw it by then if it is not to run.",
          `/admin/runners?withdraw=${b.id}`,
        ],
      ]);
      const da = await readToday(adminTranslator("da"), TODAY);
      expect(da.notices[0]!.link!.label).toBe("Startanmeld");
    } finally {
      vi.useRealTimers();
    }
  });
});
