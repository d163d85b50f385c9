import { describe, expect, test, vi } from "vitest";
import { useFreshDatabase, testEngine } from "@tests/db";
import { horseEdit } from "@tests/horses";
import { runAs, type Actor } from "~/platform/actor.server";
import { db } from "~/platform/db.server";
import { formatDkk } from "~/racing/format";
import {
  ACTIVITY_PAGE_SIZE,
  ACTIVITY_RETENTION_MS,
  listActivity,
  pruneActivity,
  recordActivity,
  recordAuthActivity,
  recordFailedSignIn,
  SIGN_IN_FOLD_WINDOW_MS,
} from "./activity.server";
import { saveContactInfo } from "./contact-info.server";
import { updateHomeImage } from "./home-image.server";
import { createHorse, updateHorse } from "./horse.server";
import { saveNews } from "./news.server";
import { createTeamMember, moveTeamMember } from "./team-member.server";
import { createWinner, updateWinner } from "./winner.server";

useFreshDatabase();

const admin: Actor = { userId: "u1", email: "admin@example.com", via: "dashboard" };
const horse = { name: "Nordlys", age: 4, color: "Brown", sire: "Sire", dam: "Dam" };

describe(`activity log (${testEngine})`, () => {
  test("records creates and updates with the fields that changed, old and new", async () => {
    await runAs(admin, async () => {
      const h = await createHorse(horse);
      await updateHorse(h.id, horseEdit(horse, { name: "Nordlys II", age: 5, prizeDeltaOre: 123_450 }));
      const other = await createHorse({ ...horse, name: "Storm" });
      const w = await createWinner({ horseId: h.id, raceName: "Derby", raceDate: "2026-06-01", prizeOre: 100 });
      await updateWinner(w.id, { horseId: other.id, raceName: "Derby", raceDate: "2026-06-02", prizeOre: 100 });
    });
    const { entries } = await listActivity();
    expect(entries.map((e) => [e.kind, e.entity, e.summary])).toEqual([
      ["update", "victory", "Victory updated: Derby"],
      ["create", "victory", "Victory added: Derby"],
      ["create", "horse", "Horse added: Storm"],
      ["update", "horse", "Horse updated: Nordlys II"],
      ["create", "horse", "Horse added: Nordlys"],
    ]);
    expect(entries[3]!.changes).toEqual([
      { field: "Horse Name", old: "Nordlys", new: "Nordlys II" },
      { field: "Age", old: "4", new: "5" },
      { field: "Total Prize Money", old: formatDkk(0), new: formatDkk(123_450) },
    ]);
    expect(entries[0]!.changes).toEqual([
      { field: "Horse", old: "Nordlys II", new: "Storm" },
      { field: "Race Date", old: "2026-06-01", new: "2026-06-02" },
    ]);
    expect(entries.every((e) => e.actorEmail === admin.email && e.via === "dashboard")).toBe(true);
  });

  test("records news, contact info, gallery and reordering", async () => {
    await runAs(admin, async () => {
      await saveNews("First");
      await saveNews("Second");
      await saveContactInfo({ address: "Klampenborg", phoneNumber: "+45 12 34 56 78", emailAddress: "" });
      await updateHomeImage("home-1", { altText: "Paddock" });
      await createTeamMember({ name: "A", role: "Groom" });
      const b = await createTeamMember({ name: "B", role: "Groom" });
      await moveTeamMember(b.id, "up");
    });
    const { entries } = await listActivity();
    expect(entries.slice(0, 1)[0]).toMatchObject({
      kind: "reorder",
      summary: "Team member moved up: B",
      changes: [{ field: "Position", old: "2", new: "1" }],
    });
    const byEntity = (entity: string) => entries.filter((e) => e.entity === entity);
    expect(byEntity("news").map((e) => e.changes)).toEqual([
      [{ field: "News", old: "First", new: "Second" }],
      [{ field: "News", old: null, new: "First" }],
    ]);
    expect(byEntity("contact-info")[0]!.changes).toEqual([
      { field: "Stable Address", old: null, new: "Klampenborg" },
      { field: "Phone Number", old: null, new: "+45 12 34 56 78" },
    ]);
    expect(byEntity("gallery")[0]).toMatchObject({
      summary: "Gallery image 1 updated",
      changes: [{ field: "Alt Text", old: "Gallery image 1", new: "Paddock" }],
    });
  });

  test("records nothing without an actor (seeding, tests), and a failed write leaves no entry", async () => {
    await createHorse(horse);
    expect((await listActivity()).entries).toEqual([]);
    await expect(
      runAs(admin, () => createWinner({ horseId: "no-such-horse", raceName: "X", raceDate: "2026-01-01" })),
    ).rejects.toThrow();
    expect((await listActivity()).entries).toEqual([]);
  });

  test("records sign-in events with who, never anything secret", async () => {
    await recordAuthActivity("sign-in", { userId: "u1", email: "admin@example.com" }, "Signed in");
    await recordAuthActivity("sign-in-failed", { userId: null, email: "who@example.com" }, "Sign-in refused");
    const { entries } = await listActivity();
    expect(entries.map((e) => [e.kind, e.actorEmail, e.via])).toEqual([
      ["sign-in-failed", "who@example.com", "sign-in"],
      ["sign-in", "admin@example.com", "sign-in"],
    ]);
  });

  test("pages newest first, filters by kind, and prunes entries older than a year", async () => {
    const total = ACTIVITY_PAGE_SIZE + 5;
    for (let i = 0; i < total; i++) {
      await recordActivity(
        { kind: i % 2 ? "update" : "create", entity: "horse", summary: `entry ${i}` },
        { actor: admin },
      );
    }
    const first = await listActivity();
    expect(first.entries).toHaveLength(ACTIVITY_PAGE_SIZE);
    expect(first.hasMore).toBe(true);
    const second = await listActivity({ page: 2 });
    expect(second.entries).toHaveLength(5);
    expect(second.hasMore).toBe(false);
    const times = [...first.entries, ...second.entries].map((e) => e.at);
    expect(times).toEqual([...times].sort().reverse());
    const updates = await listActivity({ kind: "update" });
    expect(updates.entries.every((e) => e.kind === "update")).toBe(true);
    expect(updates.entries).toHaveLength(Math.floor(total / 2));

    const old = new Date(Date.now() - ACTIVITY_RETENTION_MS - 60_000).toISOString();
    await db().updateTable("activity").set({ at: old }).where("summary", "=", "entry 0").execute();
    expect(await pruneActivity()).toBe(1);
    expect((await listActivity({ page: 2 })).entries).toHaveLength(4);
  });
});

describe(`failed sign-ins folded into one entry (${testEngine})`, () => {
  const failed = async () => (await listActivity({ kind: "sign-in-failed" })).entries;

  test("from one network, whatever e-mails, within the window: one entry with a count", async () => {
    // Later than any entry written so far: entries keep their order by time.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 24 * 60 * 60_000 });
    try {
      for (let i = 1; i <= 37; i++) await recordFailedSignIn(`guess${i}@example.com`, "2001:db8:1:2::/64");
      let entries = await failed();
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ repeat: 37, network: "2001:db8:1:2::/64", actorEmail: null });
      expect(entries[0]!.summary).toBe("Sign-in refused: wrong e-mail or password (several e-mail addresses)");

      vi.setSystemTime(Date.now() + SIGN_IN_FOLD_WINDOW_MS + 1000);
      await recordFailedSignIn("guess@example.com", "2001:db8:1:2::/64");
      entries = await failed();
      expect(entries.map((e) => e.repeat)).toEqual([1, 37]);
    } finally {
      vi.useRealTimers();
    }
  });

  test("for one address from many networks: one entry with a count", async () => {
    for (let i = 1; i <= 25; i++) await recordFailedSignIn("admin@example.com", `198.51.100.${i}`);
    const entries = await failed();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ repeat: 25, actorEmail: "admin@example.com", network: null });
    expect(entries[0]!.summary).toBe("Sign-in refused: wrong e-mail or password (several networks)");
  });

  test("a flood from every network with every e-mail still adds only a few entries", async () => {
    for (let i = 1; i <= 300; i++) await recordFailedSignIn(`x${i}@example.com`, `2001:db8:${i.toString(16)}::/64`);
    const entries = await failed();
    expect(entries.length).toBeLessThanOrEqual(10);
    expect(entries.reduce((n, e) => n + e.repeat, 0)).toBe(300);
  });

  test("keeps one attempt as it was: its e-mail and network", async () => {
    await recordFailedSignIn("owner@example.com", "203.0.113.7");
    expect(await failed()).toMatchObject([
      {
        repeat: 1,
        actorEmail: "owner@example.com",
        network: "203.0.113.7",
        summary: "Sign-in refused: wrong e-mail or password",
      },
    ]);
  });
});
