import { describe, expect, test } from "vitest";
import { useFreshDatabase } from "@tests/db";
import { useTestEnv } from "@tests/env";
import { createGuest, createOwner, testHorse } from "@tests/owners";
import { listQueuedMail } from "~/models/mail-queue.server";
import { getOwnerAccount, revokeOwner, updateOwner } from "~/models/owner-account.server";
import { saveOwnerSettings } from "~/models/owner-notice-settings.server";
import { createPost, deletePost, updatePost } from "~/models/post.server";
import { createRunner, declareRunner, withdrawRunner } from "~/models/runner.server";
import { recordResult } from "~/models/runner-result.server";
import { ownersUpdate } from "@tests/posts";
import { formatDkk } from "~/racing/format";
import { composeNoticeMail, readUnsubscribeToken, unsubscribeTarget, unsubscribeToken } from "./notice-mail.server";

useFreshDatabase();
useTestEnv({ PUBLIC_ORIGIN: "https://stald.example" });

const ORIGIN = "https://stald.example";
const race = { raceName: "Dansk Derby", raceDate: "2026-06-07", track: "Klampenborg", distance: "2400 m" };

/** The notice mails queued so far for `email`, composed as the queue would send them now. */
async function mailsTo(email: string) {
  const rows = (await listQueuedMail({ kind: "owner-notice" })).filter((m) => m.toAddress === email);
  return Promise.all(rows.map((m) => composeNoticeMail(m.id, ORIGIN)));
}

describe("a notice mail", () => {
  test("is in the person's language, escapes what was typed and carries its one-click unsubscribe", async () => {
    const x = await testHorse("Xenia <b>&</b>");
    const owner = await createOwner({ horseIds: [x.id], email: "a@example.com", language: "da", name: "Anna" });
    const runner = await createRunner({ horseId: x.id, ...race, raceName: "Derby <script>" });
    await recordResult(runner.id, { position: 1, didNotFinish: false, prizeOre: 12_500_050 }, "2026-06-10");
    const [, result] = await mailsTo("a@example.com");
    expect(result!.subject).toBe("Xenia <b>&</b>: 1. i Derby <script>");
    expect(result!.text).toContain("Kære Anna");
    expect(result!.text).toContain("Xenia <b>&</b> løb Derby <script> den 7. juni 2026: 1.");
    expect(result!.text).toContain(`Præmie: ${formatDkk(12_500_050)}`);
    expect(formatDkk(12_500_050)).toMatch(/^125\.000,50\skr\.$/);
    expect(result!.html).not.toContain("<script>");
    expect(result!.html).toContain("Derby &lt;script&gt;");
    expect(result!.html).toContain("Xenia &lt;b&gt;&amp;&lt;/b&gt;");
    const since = (await getOwnerAccount(owner.id))!.activatedAt;
    const unsubscribe = `${ORIGIN}/da/owners/unsubscribe?token=${encodeURIComponent(unsubscribeToken(owner.id, "result", since))}`;
    expect(result!.headers).toEqual({
      "Message-ID": expect.stringMatching(/^<notice\.[0-9a-f]{32}@stald\.example>$/),
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(result!.text).toContain(`Stop e-mails om resultater <${unsubscribe}>`);
    expect(result!.html).toContain(`href="${unsubscribe.replace(/&/g, "&amp;")}"`);
    expect(result!.text).toContain(`${ORIGIN}/da/owners/horses/${x.slug}`);
  });

  test("says the jockey and weight of a declaration and the reason of a non-runner, in English", async () => {
    const x = await testHorse("Xenia");
    await createOwner({ horseIds: [x.id], email: "a@example.com" });
    const runner = await createRunner({ horseId: x.id, ...race, postTime: "15:30" });
    await declareRunner(runner.id, { jockey: "A. Jensen", weightG: 57500, draw: 4, equipment: ["blinkers"] });
    await withdrawRunner(runner.id, "Coughing");
    const [entry, declaration, withdrawal] = await mailsTo("a@example.com");
    expect(entry!.subject).toBe("Xenia is entered: Dansk Derby, 7 June 2026");
    expect(declaration!.subject).toBe("Xenia is declared: Dansk Derby, 7 June 2026");
    expect(declaration!.text).toContain("Jockey: A. Jensen");
    expect(declaration!.text).toContain("Weight: 57,5 kg");
    expect(declaration!.text).toContain("Draw: 4");
    expect(declaration!.text).toContain("Equipment: Blinkers");
    expect(withdrawal!.subject).toBe("Xenia is a non-runner: Dansk Derby, 7 June 2026");
    expect(withdrawal!.text).toContain("Reason: Coughing");
  });

  test("is dropped when the person turned the kind off, lost access or the horse meanwhile", async () => {
    const [x, y] = [await testHorse("Xenia"), await testHorse("Yrsa")];
    const owner = await createOwner({ horseIds: [x.id, y.id], email: "a@example.com" });
    const guest = await createGuest(owner.id, { email: "g@example.com" });
    await createRunner({ horseId: x.id, ...race });
    await saveOwnerSettings(guest.id, {
      language: "en",
      notices: { entry: false, declaration: true, withdrawal: true, result: true, update: true },
    });
    expect(await mailsTo("g@example.com")).toEqual([null]);
    await updateOwner(owner.id, { name: "Owner", language: "en", horseIds: [y.id] });
    expect(await mailsTo("a@example.com")).toEqual([null]);
    await createRunner({ horseId: y.id, ...race });
    await revokeOwner(owner.id);
    expect((await mailsTo("a@example.com")).every((m) => m === null)).toBe(true);
    expect(await composeNoticeMail("no-such-mail", ORIGIN)).toBeNull();
  });
});

describe("a notice mail's Message-ID", () => {
  test("is derived from the event and the person, the same each time the mail is composed", async () => {
    const x = await testHorse("Xenia");
    await createOwner({ horseIds: [x.id], email: "a@example.com" });
    await createOwner({ horseIds: [x.id], email: "b@example.com" });
    const runner = await createRunner({ horseId: x.id, ...race });
    await declareRunner(runner.id, { jockey: "J", weightG: 57_500, draw: null, equipment: [] });
    const first = await mailsTo("a@example.com");
    const again = await mailsTo("a@example.com");
    const ids = first.map((m) => m!.headers?.["Message-ID"]);
    expect(ids).toHaveLength(2);
    for (const id of ids) expect(id).toMatch(/^<notice\.[0-9a-f]{32}@stald\.example>$/);
    expect(new Set(ids).size).toBe(2);
    expect(again.map((m) => m!.headers?.["Message-ID"])).toEqual(ids);
    const other = (await mailsTo("b@example.com")).map((m) => m!.headers?.["Message-ID"]);
    expect(other.filter((id) => ids.includes(id))).toEqual([]);
  });
});

describe("an update notice", () => {
  test("tells of an owners-only post in each person's language, typed text escaped, with the unsubscribe for updates", async () => {
    const x = await testHorse("Xenia <i>");
    const anna = await createOwner({ horseIds: [x.id], email: "a@example.com", language: "da", name: "Anna" });
    await createGuest(anna.id, { email: "g@example.com", name: "Gitte" });
    await createPost(
      ownersUpdate([x.id], [{ url: "/owners/media/post-photos/1-aaaaaaaaaaaa.jpg", width: 8, height: 6 }], {
        title: "Galop <script>alert(1)</script>\nBcc: x@evil.example",
        body: "A **good** morning. <img src=x onerror=alert(1)> [site](javascript:alert(1))",
        video: { provider: "youtube", id: "dQw4w9WgXcQ" },
      }),
    );
    const [danish] = await mailsTo("a@example.com");
    expect(danish!.subject).toBe("Nyt om Xenia <i>: Galop <script>alert(1)</script> Bcc: x@evil.example");
    expect(danish!.text).toContain("Kære Anna");
    expect(danish!.text).toContain("har skrevet nyt om Xenia <i>:");
    // The body as plain text: no Markdown left.
    expect(danish!.text).toContain("A good morning.");
    expect(danish!.text).not.toContain("**");
    expect(danish!.text).toContain("Billederne og videoen finder du på siden om Xenia <i>.");
    expect(danish!.text).toContain(`${ORIGIN}/da/owners/horses/${x.slug}`);
    expect(danish!.html).toContain("<strong>good</strong>");
    expect(danish!.html).toContain(
      '<h2 lang="en">Galop &lt;script&gt;alert(1)&lt;/script&gt; Bcc: x@evil.example</h2>',
    );
    // The stable's logo is the mail's one picture; nothing typed becomes markup.
    expect(danish!.html).not.toMatch(/<script|<img src=x|href="javascript/);
    expect(danish!.html!.match(/<img /g)).toHaveLength(1);
    expect(danish!.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(danish!.html).toContain("Xenia &lt;i&gt;");
    const since = (await getOwnerAccount(anna.id))!.activatedAt;
    const unsubscribe = `${ORIGIN}/da/owners/unsubscribe?token=${encodeURIComponent(unsubscribeToken(anna.id, "update", since))}`;
    expect(danish!.headers).toEqual({
      "Message-ID": expect.stringMatching(/^<notice\.[0-9a-f]{32}@stald\.example>$/),
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(danish!.text).toContain(`Stop e-mails om opdateringer <${unsubscribe}>`);
    expect(danish!.html).toContain(`href="${unsubscribe.replace(/&/g, "&amp;")}"`);

    const [english] = await mailsTo("g@example.com");
    expect(english!.subject).toMatch(/^News about Xenia <i>: Galop/);
    expect(english!.text).toContain("Dear Gitte,");
    expect(english!.text).toContain("The photos and the video are on Xenia <i>'s page.");
    // A private photo's address never goes out by mail: it is for signed-in owners only.
    expect(english!.html).not.toContain("/owners/media/");
  });

  test("is dropped when the update is made a draft, public, untagged or deleted before it goes", async () => {
    const [x, y] = [await testHorse("Xenia"), await testHorse("Yrsa")];
    await createOwner({ horseIds: [x.id], email: "a@example.com" });
    const values = ownersUpdate([x.id]);
    const { id } = await createPost(values);
    expect(await mailsTo("a@example.com")).toEqual([expect.objectContaining({ to: "a@example.com" })]);
    for (const change of [{ draft: true }, { audience: "public" as const }, { horseIds: [y.id] }]) {
      await updatePost(id, { ...values, ...change });
      expect(await mailsTo("a@example.com"), JSON.stringify(change)).toEqual([null]);
    }
    await updatePost(id, values);
    expect(await mailsTo("a@example.com")).toEqual([expect.objectContaining({ to: "a@example.com" })]);
    await deletePost(id);
    expect(await mailsTo("a@example.com")).toEqual([null]);
  });
});

describe("the unsubscribe token", () => {
  test("names the account and the kind, is signed for the account's current access, and nothing else passes", async () => {
    const x = await testHorse("Xenia");
    const owner = await createOwner({ horseIds: [x.id] });
    const since = (await getOwnerAccount(owner.id))!.activatedAt;
    const token = unsubscribeToken(owner.id, "result", since);
    expect(readUnsubscribeToken(token)).toMatchObject({ userId: owner.id, kind: "result" });
    expect(await unsubscribeTarget(token)).toMatchObject({ account: { userId: owner.id }, kind: "result" });
    expect(await unsubscribeTarget(token.replace("result.", "entry."))).toBeNull();
    expect(await unsubscribeTarget(unsubscribeToken(owner.id, "result", "2020-01-01T00:00:00.000Z"))).toBeNull();
    const other = await createOwner({ horseIds: [x.id] });
    expect(await unsubscribeTarget(token.replace(owner.id, other.id))).toBeNull();
    expect(readUnsubscribeToken(`${token}x`)).toBeNull();
    expect(readUnsubscribeToken(`${token}.more`)).toBeNull();
    expect(readUnsubscribeToken("")).toBeNull();
    expect(readUnsubscribeToken("a".repeat(3000))).toBeNull();
  });
});
