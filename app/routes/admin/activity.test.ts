import { beforeEach, describe, expect, it } from "vitest";
import { setAdminLanguage } from "~/models/admin-language.server";
import { createHorse, deleteHorse, updateHorse } from "~/models/horse.server";
import { createRunner } from "~/models/runner.server";
import { recordResult } from "~/models/runner-result.server";
import { runAs, type Actor } from "~/platform/actor.server";
import { adminTranslator } from "~/i18n/admin/dictionary";
import { buildRequest, signedInUser } from "@tests/auth";
import { useFreshDatabase } from "@tests/db";
import { summaryIn } from "./+shared/activity-language";
import * as activityTab from "./activity";

useFreshDatabase();

const nordlys = { name: "Nordlys", age: 4, color: "Bay", sire: "Sea The Stars", dam: "Frøken Fryd" };
type Loaded = {
  entries: { summary: string; kind: string; changes: { field: string; old: string | null; new: string | null }[] }[];
};

let cookie = "";
let actor: Actor;
beforeEach(async () => {
  const signedIn = await signedInUser({ admin: true });
  cookie = signedIn.cookie;
  actor = { userId: signedIn.user.id, email: signedIn.user.email, via: "dashboard" };
});

async function load() {
  const request = buildRequest("/admin/activity", { cookie });
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
