import { beforeEach, describe, expect, it } from "vitest";
import { setAdminLanguage } from "~/models/admin-language.server";
import { createHorse, deleteHorse, updateHorse } from "~/models/horse.server";
import { createRunner } from "~/models/runner.server";
import { recordResult } from "~/models/runner-result.server";
import { runAs, type Actor } from "~/platform/actor.server";
import { adminTranslator } from "~/i18n/admin/dictionary";
import { recordFailedSignIn } from "~/models/activity.server";
import { useAdmin, type Args } from "@tests/admin-actions";
import { buildRequest } from "@tests/auth";
import { useFreshDatabase } from "@tests/db";
import { summaryIn } from "./+shared/activity-language";
import * as activityTab from "./activity";
import * as contactInfoTab from "./contact-info";
import * as horsesTab from "./horses";

useFreshDatabase();

const nordlys = { name: "Nordlys", age: 4, color: "Bay", sire: "Sea The Stars", dam: "Frøken Fryd" };
type Loaded = {
  entries: { summary: string; kind: string; changes: { field: string; old: string | null; new: string | null }[] }[];
};

const admin = useAdmin();
const { run } = admin;
let actor: Actor;
beforeEach(() => {
  actor = { userId: admin.user.id, email: admin.user.email, via: "dashboard" };
});

async function load() {
  const request = buildRequest("/admin/activity", { cookie: admin.cookie });
  return (await activityTab.loader({ request, params: {}, context: {} } as never)) as unknown as Loaded;
}

describe("Activity tab", () => {
  it("shows what the log recorded in the administrator's language; names and titles stay as typed", async () => {
    await runAs(actor, async () => {
      const horse = await createHorse(nordlys);
      await updateHorse(horse.id, {
        ...nordlys,
        color: "Chestnut",
        firstPlaces: 2,
        secondPlaces: 0,
        thirdPlaces: 0,
        prizeDeltaOre: 0,
      });
      const run = await createRunner({ horseId: horse.id, raceName: "Dansk Derby", raceDate: "2026-06-01" });
      await recordResult(run.id, { position: 1, didNotFinish: false, prizeOre: null }, "2026-06-01");
      await deleteHorse(horse.id);
    });
    const english = (await load()).entries.map((e) => e.summary);
    expect(english).toEqual([
      "Horse deleted: Nordlys",
      "Result recorded: Dansk Derby (Nordlys)",
      "Victory added: Dansk Derby",
      "Runner added: Dansk Derby (Nordlys)",
      "Horse updated: Nordlys",
      "Horse added: Nordlys",
    ]);

    await runAs(actor, () => setAdminLanguage(actor.userId!, "da"));
    const danish = await load();
    expect(danish.entries.map((e) => e.summary)).toEqual([
      `Kontrolpanelets sprog sat til Dansk: ${actor.email}`,
      "Hest slettet: Nordlys",
      "Resultat registreret: Dansk Derby (Nordlys)",
      "Sejr tilføjet: Dansk Derby",
      "Start tilføjet: Dansk Derby (Nordlys)",
      "Hest opdateret: Nordlys",
      "Hest tilføjet: Nordlys",
    ]);
    const updated = danish.entries.find((e) => e.summary === "Hest opdateret: Nordlys")!;
    expect(updated.changes).toEqual(
      expect.arrayContaining([
        { field: "Farve", old: "Bay", new: "Chestnut" },
        { field: "1.-pladser", old: "0", new: "2" },
      ]),
    );
    const result = danish.entries.find((e) => e.summary.startsWith("Resultat"))!;
    expect(result.changes).toEqual(expect.arrayContaining([{ field: "Resultat", old: null, new: "1." }]));
  });

  it("reads every wording the dictionary knows, and leaves one it does not as recorded", () => {
    const da = adminTranslator("da");
    expect(summaryIn("Team Member deleted forever: Jens Hansen", da, "da")).toBe(
      "Holdmedlem slettet for altid: Jens Hansen",
    );
    expect(summaryIn("Post added (owners only): Nordlys i form", da, "da")).toBe(
      "Opslag tilføjet (kun for ejere): Nordlys i form",
    );
    expect(summaryIn("Owner access revoked: Karen Holm <karen@example.com> and 2 guests", da, "da")).toBe(
      "Ejerens adgang fjernet: Karen Holm <karen@example.com> og 2 gæster",
    );
    expect(summaryIn("Notices turned off by the unsubscribe link: Results, Karen Holm", da, "da")).toBe(
      "Beskeder slået fra med afmeldingslinket: Resultater, Karen Holm",
    );
    expect(summaryIn("Gallery image 3 updated", da, "da")).toBe("Galleribillede 3 opdateret");
    expect(summaryIn("Something new happened", da, "da")).toBe("Something new happened");
  });
});

describe("Activity tab: what the administrator did", () => {
  it("the Activity tab lists what the administrator did, newest first; bad page and kind values are ignored", async () => {
    await run(horsesTab.action, "/admin/horses", {
      intent: "create",
      name: "Storm",
      age: "3",
      color: "Grey",
      sire: "S",
      dam: "D",
    });
    await run(contactInfoTab.action, "/admin/contact-info", {
      address: "Klampenborg",
      phoneNumber: "",
      emailAddress: "",
    });
    type Loaded = {
      entries: { kind: string; summary: string; actorEmail: string | null }[];
      page: number;
      kind: string;
    };
    const load = (url: string) =>
      (activityTab.loader as unknown as (a: Args) => Promise<Loaded>)({
        request: buildRequest(url, { cookie: admin.cookie }),
        params: {},
        context: {},
      });
    const all = await load("/admin/activity?page=abc&kind=nope");
    expect(all.page).toBe(1);
    expect(all.kind).toBe("");
    expect(all.entries.map((e) => [e.kind, e.summary])).toEqual([
      ["update", "Contact information updated"],
      ["create", "Horse added: Storm"],
    ]);
    expect(all.entries[0]!.actorEmail).toMatch(/@example\.com$/);
    expect((await load("/admin/activity?kind=create")).entries.map((e) => e.summary)).toEqual(["Horse added: Storm"]);
  });

  it("shows the invisible characters in a failed sign-in's address by their code, folded with a count", async () => {
    for (let i = 0; i < 3; i++) await recordFailedSignIn("admin\u202Emoc.elpmaxe@evil.example", "198.51.100.9");
    const loaded = (await (activityTab.loader as unknown as (a: Args) => Promise<unknown>)({
      request: buildRequest("/admin/activity?kind=sign-in-failed", { cookie: admin.cookie }),
      params: {},
      context: {},
    })) as { entries: { actorEmail: string | null; repeat: number; network: string | null }[] };
    expect(loaded.entries).toMatchObject([
      { actorEmail: "admin[U+202E]moc.elpmaxe@evil.example", repeat: 3, network: "198.51.100.9" },
    ]);
  });
});
