import type { Browser, Page } from "@playwright/test";
import { test, expect, navigationsWaitForHydration, signInAs } from "./fixtures";
import { mailIn, type FileMail } from "./mail-files";
import { expectNoAxeViolations, seedHorse, storeTestImage } from "./public-helpers";
import { createPost } from "~/models/post.server";
import { ownersUpdate } from "@tests/posts";
import { createRunner } from "~/models/runner.server";
import { danishToday } from "~/racing/race-day";
import { db } from "~/platform/db.server";
import { createGuest, createOwner } from "@tests/owners";
import { renewCalendarToken } from "~/models/owner-calendar.server";
import { solid } from "@tests/images";

// Two owners' whole way in, with mail between the steps: give it room on a busy machine.
test.describe.configure({ timeout: 120_000 });

/** Days from today in Denmark, as YYYY-MM-DD. */
function inDays(days: number) {
  const [y, m, d] = danishToday().split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

const toast = (page: Page, title: string) => expect(page.getByText(title, { exact: true }).first()).toBeVisible();

/** The newest mail to `address` whose subject matches, once the queue has sent it (DATA_DIR/mail). */
async function mailTo(dataDir: string, address: string, subject: RegExp): Promise<FileMail> {
  const find = () => mailIn(dataDir).filter((m) => m.to.includes(address) && subject.test(m.subject));
  await expect
    .poll(() => find().length, { timeout: 15_000, message: `a mail to ${address}: ${subject}` })
    .toBeGreaterThan(0);
  return find().at(-1)!;
}

async function invite(page: Page, owner: { name: string; email: string; language: string; horse: string }) {
  const form = page.getByRole("form", { name: "Invite Owner" });
  await form.getByLabel("Name", { exact: true }).fill(owner.name);
  await form.getByLabel("Email", { exact: true }).fill(owner.email);
  await form.getByLabel("Language", { exact: true }).selectOption({ label: owner.language });
  await form.getByLabel(owner.horse, { exact: true }).check();
  await form.getByRole("button", { name: "Send Invitation" }).click();
  await expect(page.getByRole("region", { name: "Current Owners" }).getByText(owner.email)).toBeVisible();
  await toast(page, "Invitation Sent");
}

/** A browser of the invitee's own, signed out, at the link in their invitation. */
async function openInvitation(browser: Browser, link: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  navigationsWaitForHydration(page);
  await page.goto(link);
  return page;
}

async function recordResult(page: Page, label: string, position: string, prize: string) {
  await page.goto("/admin/runners");
  await page.getByRole("link", { name: `Record Result: ${label}` }).click();
  const form = page.getByRole("form", { name: "Record Result" });
  await form.getByLabel("Position", { exact: true }).selectOption({ label: position });
  await form.getByLabel("Prize Money (DKK)", { exact: true }).fill(prize);
  await form.getByRole("button", { name: "Save Result" }).click();
  await expect(form).toHaveCount(0);
  await toast(page, "Result Recorded");
}

test(
  "owners invited from the Owners tab see their own horses only, and a result reaches them with a one-click unsubscribe",
  { tag: "@any-width" },
  async ({ adminPage: page, app, browser, request }) => {
    const xenia = await seedHorse({ name: "Xenia" });
    await seedHorse({ name: "Yrsa" });
    // Entered before anyone was invited: nobody is told of these entries.
    await createRunner({ horseId: xenia.id, raceName: "Dansk Derby", raceDate: inDays(-1), track: "Klampenborg" });
    await createRunner({ horseId: xenia.id, raceName: "Jydsk Derby", raceDate: inDays(-1), track: "Aarhus" });
    await createRunner({ horseId: xenia.id, raceName: "Sommerløbet", raceDate: inDays(10), track: "Aalborg" });

    await page.goto("/admin/owners");
    await invite(page, { name: "Anna Holm", email: "anna@example.com", language: "Danish", horse: "Xenia" });
    await invite(page, { name: "Bo Berg", email: "bo@example.com", language: "English", horse: "Yrsa" });
    await expect(
      page.getByRole("region", { name: "Current Owners" }).getByRole("listitem").filter({ hasText: "Anna Holm" }),
    ).toContainText("Invited");

    // A accepts in Danish, from the mail, and lands on My Horses signed in.
    const invitation = await mailTo(app.dataDir, "anna@example.com", /ejerområdet/);
    const link = /(http:\/\/\S+\/da\/owners\/welcome\?token=[\w-]+)/.exec(invitation.text)![1]!;
    expect(link.startsWith(`${app.url}/da/owners/welcome?token=`)).toBe(true);
    const anna = await openInvitation(browser, link);
    await expect(anna.getByRole("heading", { name: "Velkommen, Anna Holm" })).toBeVisible();
    await anna.getByLabel("Adgangskode", { exact: true }).fill("Nordlys-Galop-2026");
    await anna.getByLabel("Bekræft adgangskode", { exact: true }).fill("Nordlys-Galop-2026");
    await anna.getByRole("button", { name: "Gem adgangskode" }).click();
    await expect(anna).toHaveURL(/\/da\/owners$/);
    await toast(anna, "Velkommen");

    // Signing out and in again on the same page as everyone: My Horses, in Danish.
    await anna.getByRole("button", { name: "Log ud" }).click();
    await expect(anna.getByRole("link", { name: "Sign In" })).toBeVisible();
    await anna.goto("/auth");
    await anna.getByLabel("Email").fill("anna@example.com");
    await anna.getByLabel("Password").fill("Nordlys-Galop-2026");
    await anna.getByRole("button", { name: "Sign In" }).click();
    await expect(anna).toHaveURL(/\/da\/owners$/);
    const nav = anna.getByRole("navigation", { name: "Hovedmenu" });
    await expect(nav.getByRole("link", { name: "Mine heste" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Admin" })).toHaveCount(0);
    await expect(anna.getByRole("heading", { level: 2, name: "Xenia" })).toBeVisible();
    await expect(anna.getByText("Yrsa")).toHaveCount(0);
    // One person's page: never from the page cache, never kept by a browser or proxy.
    const mine = await anna.goto("/da/owners");
    expect(mine!.headers()["cache-control"]).toBe("private, no-store");
    expect(mine!.headers()["x-cache"]).not.toBe("HIT");
    const signedOut = await request.get("/da/owners", { maxRedirects: 0 });
    expect(signedOut.status()).toBe(302);
    // Signed out, to the sign-in page in the page's language.
    expect(signedOut.headers()["location"]).toBe(`/da/auth?redirectTo=${encodeURIComponent("/da/owners")}`);

    // B, in English: their own horse, and a 404 for A's.
    const boInvitation = await mailTo(app.dataDir, "bo@example.com", /owners' area/);
    const bo = await openInvitation(
      browser,
      /(http:\/\/\S+\/owners\/welcome\?token=[\w-]+)/.exec(boInvitation.text)![1]!,
    );
    await bo.getByLabel("Password", { exact: true }).fill("Yggdrasil-Trav-2026");
    await bo.getByLabel("Confirm password", { exact: true }).fill("Yggdrasil-Trav-2026");
    await bo.getByRole("button", { name: "Set Password" }).click();
    await expect(bo).toHaveURL(/\/owners$/);
    await expect(bo.getByRole("heading", { level: 2, name: "Yrsa" })).toBeVisible();
    const denied = await bo.goto(`/owners/horses/${xenia.slug}`);
    expect(denied!.status()).toBe(404);
    expect(denied!.headers()["cache-control"]).toBe("private, no-store");
    await expect(bo.getByText("Xenia")).toHaveCount(0);

    // A result recorded on Xenia's runner reaches A, in Danish, with the unsubscribe headers.
    await recordResult(page, "Dansk Derby (Xenia)", "1", "125.000");
    const result = await mailTo(app.dataDir, "anna@example.com", /Dansk Derby/);
    expect(result.subject).toBe("Xenia: 1. i Dansk Derby");
    expect(result.text).toContain("Kære Anna Holm");
    expect(result.text).toContain("Xenia løb Dansk Derby");
    expect(result.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    const unsubscribe = /^<(http:\/\/\S+\/da\/owners\/unsubscribe\?token=\S+)>$/.exec(
      result.headers["list-unsubscribe"]!,
    )![1]!;
    expect(result.text).toContain(unsubscribe);

    // The mail program's one-click POST (RFC 8058): no session, no page, just the link.
    const click = await request.post(unsubscribe, {
      data: "List-Unsubscribe=One-Click",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(click.status()).toBe(200);

    // The next result is not mailed; other kinds of notice still are.
    await recordResult(page, "Jydsk Derby (Xenia)", "2", "40.000");
    await page.goto("/admin/runners");
    await page.getByRole("link", { name: "Withdraw: Sommerløbet (Xenia)" }).click();
    const withdraw = page.getByRole("form", { name: "Withdraw Runner" });
    await withdraw.getByLabel("Reason", { exact: true }).fill("Hoste <let>");
    await withdraw.getByRole("button", { name: "Withdraw" }).click();
    await toast(page, "Runner Withdrawn");
    const withdrawn = await mailTo(app.dataDir, "anna@example.com", /Sommerløbet/);
    expect(withdrawn.subject).toMatch(/^Xenia er udgået: Sommerløbet/);
    expect(withdrawn.html).toContain("Årsag: Hoste &lt;let&gt;");
    expect(mailIn(app.dataDir).filter((m) => /Jydsk Derby/.test(m.subject))).toEqual([]);
    const queued = await db()
      .selectFrom("mail_queue")
      .select("to_address")
      .where("kind", "=", "owner-notice")
      .execute();
    expect(queued.map((m) => m.to_address).sort()).toEqual(["anna@example.com", "anna@example.com"]);
    expect(mailIn(app.dataDir).some((m) => m.to.includes("bo@example.com") && /Xenia/.test(m.subject))).toBe(false);
  },
);

test(
  "an owner shares a horse with a guest from Settings; revoking the owner signs both out at once",
  { tag: "@any-width" },
  async ({ adminPage: admin, app, browser, request }) => {
    const xenia = await seedHorse({ name: "Xenia" });
    const owner = await createOwner({ horseIds: [xenia.id], name: "Anna Holm", email: "anna@example.com" });
    const ownerContext = await browser.newContext();
    const anna = await ownerContext.newPage();
    navigationsWaitForHydration(anna);
    await signInAs(anna, app, owner);

    // Settings: Danish from now on, and no mail about entries.
    await anna.goto("/owners/settings");
    const settings = anna.getByRole("form", { name: "Language and Notices" });
    await settings.getByLabel("Dansk").check();
    await settings.getByLabel("Entries").uncheck();
    await settings.getByRole("button", { name: "Save Settings" }).click();
    await expect(anna).toHaveURL(/\/da\/owners\/settings$/);
    await toast(anna, "Indstillinger gemt");
    await expect(anna.getByRole("form", { name: "Sprog og beskeder" }).getByLabel("Tilmeldinger")).not.toBeChecked();

    // A guest, invited by the owner.
    const guests = anna.getByRole("form", { name: "Invitér gæst" });
    await guests.getByLabel("Navn", { exact: true }).fill("Gitte");
    await guests.getByLabel("E-mail", { exact: true }).fill("gitte@example.com");
    await guests.getByLabel("Sprog", { exact: true }).selectOption({ label: "English" });
    await guests.getByRole("button", { name: "Invitér gæst" }).click();
    await toast(anna, "Invitation sendt");
    await expect(anna.getByRole("list", { name: "Gæster" }).getByRole("listitem")).toContainText("Inviteret");

    const invitation = await mailTo(app.dataDir, "gitte@example.com", /Anna Holm invites you/);
    const gitte = await openInvitation(
      browser,
      /(http:\/\/\S+\/owners\/welcome\?token=[\w-]+)/.exec(invitation.text)![1]!,
    );
    await gitte.getByLabel("Password", { exact: true }).fill("Gitte-Galop-Hest-2026");
    await gitte.getByLabel("Confirm password", { exact: true }).fill("Gitte-Galop-Hest-2026");
    await gitte.getByRole("button", { name: "Set Password" }).click();
    await expect(gitte).toHaveURL(/\/owners$/);
    await expect(gitte.getByText("Anna Holm's horses in training, shared with you")).toBeVisible();

    // The guest's own private calendar of the horse.
    await gitte.getByRole("link", { name: "Xenia: runs, results and updates" }).click();
    await expect(gitte.getByRole("heading", { level: 1, name: "Xenia" })).toBeVisible();
    await gitte.getByRole("button", { name: "Get my calendar address" }).click();
    await toast(gitte, "Calendar address ready");
    const address = await gitte.getByLabel("Calendar address").inputValue();
    expect(address).toMatch(/\/owners\/calendar\/[\w-]{43}\.ics$/);
    const feed = await request.get(address);
    expect([feed.status(), feed.headers()["cache-control"]]).toEqual([200, "private, no-store"]);
    expect(await feed.text()).toContain("BEGIN:VCALENDAR");

    // Revoke Access: both are signed out on their next page, and the calendar address is dead.
    await admin.goto("/admin/owners");
    await admin.getByRole("button", { name: "Revoke access for Anna Holm" }).click();
    await toast(admin, "Access Revoked");
    await expect(
      admin.getByRole("region", { name: "Current Owners" }).getByRole("listitem").filter({ hasText: "Anna Holm" }),
    ).toContainText("Access revoked");
    for (const [who, path] of [
      [anna, "/da/owners"],
      [gitte, "/owners"],
    ] as const) {
      await who.goto(path);
      await expect(who).toHaveURL(/\/auth\?redirectTo=/);
    }
    expect((await request.get(address)).status()).toBe(404);

    // All of it is in the activity log.
    await admin.goto("/admin/activity");
    await expect(admin.getByText("Guest invited by Anna Holm: Gitte (gitte@example.com)")).toBeVisible();
    await expect(admin.getByText("Invitation accepted: Gitte (gitte@example.com)")).toBeVisible();
    await expect(admin.getByText("Owner access revoked: Anna Holm (anna@example.com) and 1 guest")).toBeVisible();
  },
);

test(
  "an owners-only update with a photo reaches its horse's owners alone: no public page, feed or address has it",
  { tag: "@any-width" },
  async ({ adminPage: page, app, browser, request }) => {
    const xenia = await seedHorse({ name: "Xenia" });
    const yrsa = await seedHorse({ name: "Yrsa" });
    const anna = await createOwner({
      horseIds: [xenia.id],
      name: "Anna Holm",
      email: "anna@example.com",
      language: "da",
    });
    const bo = await createOwner({ horseIds: [yrsa.id], name: "Bo Berg", email: "bo@example.com" });
    // The news page is in the page cache before the update, as it is on a busy site.
    await request.get("/news");

    // The administrator posts an update for Xenia's owners, with a photo.
    const title = "Xenia galopperede flot i morges";
    await page.goto("/admin/news");
    const add = page.getByRole("form", { name: "Add Post" });
    await add.getByLabel("Title", { exact: true }).fill(title);
    await add.getByLabel("Body", { exact: true }).fill("Hun er **klar** til Derbyet.");
    await add
      .getByLabel("Photo 1", { exact: true })
      .setInputFiles({ name: "gallop.jpg", mimeType: "image/jpeg", buffer: await solid(1200, 900).jpeg().toBuffer() });
    await add.getByLabel("Description of photo 1", { exact: true }).fill("Xenia på galopbanen");
    await add.getByLabel("Owners of the tagged horses", { exact: true }).check();
    await expect(add.getByLabel("Send as Newsletter")).toBeDisabled();
    await add.getByLabel("Xenia", { exact: true }).check();
    await add.getByRole("button", { name: "Publish Post" }).click();
    await toast(page, "Post Published");
    const row = page.getByRole("region", { name: "Posts" }).getByRole("listitem").filter({ hasText: title });
    await expect(row).toContainText("Owners only");
    const { slug } = await db().selectFrom("posts").select("slug").executeTakeFirstOrThrow();

    // A sees it on Xenia's page, the photo loading from its private address.
    const annaContext = await browser.newContext();
    const annaPage = await annaContext.newPage();
    navigationsWaitForHydration(annaPage);
    await signInAs(annaPage, app, anna);
    await annaPage.goto("/da/owners");
    await annaPage.getByRole("link", { name: title }).click();
    await expect(annaPage).toHaveURL(new RegExp(`/da/owners/horses/${xenia.slug}#updates$`));
    const update = annaPage.getByRole("article", { name: title });
    await expect(update.locator("strong", { hasText: "klar" })).toBeVisible();
    const photo = update.getByRole("img", { name: "Xenia på galopbanen" });
    await expect(photo).toBeVisible();
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const photoUrl = new URL(await photo.evaluate((img: HTMLImageElement) => img.currentSrc));
    expect(photoUrl.pathname).toMatch(/^\/owners\/media\/post-photos\/[\w.-]+\.(avif|webp)$/);
    const original = await db().selectFrom("post_photos").select("image_url").executeTakeFirstOrThrow();
    const mine = await annaPage.request.get(original.image_url);
    expect([mine.status(), mine.headers()["cache-control"], mine.headers()["content-type"]]).toEqual([
      200,
      "private, no-store",
      "image/jpeg",
    ]);

    // B: a 404 for Xenia's owners' page and for the photo; a visitor: sign in first, and no photo.
    const boContext = await browser.newContext();
    const boPage = await boContext.newPage();
    navigationsWaitForHydration(boPage);
    await signInAs(boPage, app, bo);
    expect((await boPage.goto(`/owners/horses/${xenia.slug}`))!.status()).toBe(404);
    for (const url of [original.image_url, photoUrl.pathname]) {
      expect((await boPage.request.get(url)).status(), url).toBe(404);
      expect((await request.get(url)).status(), url).toBe(404);
    }
    const signedOut = await request.get(`/owners/horses/${xenia.slug}`, { maxRedirects: 0 });
    expect(signedOut.headers()["location"]).toMatch(/^\/auth\?redirectTo=/);
    // Never under /media/, whichever way it is asked for.
    const name = original.image_url.slice("/owners/media/".length);
    for (const url of [`/media/${name}`, `/media/private/${name}`])
      expect((await request.get(url)).status(), url).toBe(404);

    // No public page or feed has it, the page cache's copies included.
    for (const path of [
      "/news",
      "/da/news",
      "/",
      "/da",
      `/horses/${xenia.slug}`,
      "/news.rss",
      "/news.atom",
      "/sitemap.xml",
    ]) {
      const answer = await request.get(path);
      expect(answer.status(), path).toBe(200);
      const body = await answer.text();
      expect(body, path).not.toContain("galopperede");
      expect(body, path).not.toContain("/owners/media/");
    }
    const again = await request.get("/news");
    expect(again.headers()["x-cache"]).toBe("HIT");
    expect(await again.text()).not.toContain("galopperede");
    for (const path of [`/news/${slug}`, `/da/news/${slug}`])
      expect((await request.get(path)).status(), path).toBe(404);

    // A is told in Danish, with the one-click unsubscribe for updates; B is not told.
    const notice = await mailTo(app.dataDir, "anna@example.com", /Nyt om Xenia/);
    expect(notice.subject).toBe(`Nyt om Xenia: ${title}`);
    // In the stable's name, the update's text as plain text (no Markdown).
    expect(notice.text).toContain("Hun er klar til Derbyet.");
    expect(notice.text).not.toContain("**");
    expect(notice.headers.from).toBe("Stald Nordlys <no-reply@localhost>");
    expect(notice.text).toContain(`${app.url}/da/owners/horses/${xenia.slug}`);
    expect(notice.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(notice.headers["list-unsubscribe"]).toMatch(/\/da\/owners\/unsubscribe\?token=update\./);
    expect(notice.text).toContain("Stop e-mails om opdateringer");
    expect(mailIn(app.dataDir).some((m) => m.to.includes("bo@example.com"))).toBe(false);
    await annaContext.close();
    await boContext.close();
  },
);

// At desktop width only, as the other tabs' edit forms (docs/decisions/0265); the owners' pages are
// in a browser context of their own, the same size in either project.
test(
  "the Owners tab and the owners' pages pass an accessibility scan",
  { tag: "@desktop" },
  async ({ adminPage: admin, app, browser }) => {
    test.setTimeout(90_000);
    const xenia = await seedHorse({ name: "Xenia" });
    await createRunner({ horseId: xenia.id, raceName: "Dansk Derby", raceDate: inDays(5), track: "Klampenborg" });
    const owner = await createOwner({ horseIds: [xenia.id], name: "Anna Holm", email: "anna@example.com" });
    await createGuest(owner.id, { name: "Gitte", email: "gitte@example.com", active: false });
    await admin.goto(`/admin/owners?edit=${owner.id}`);
    await expect(admin.getByRole("heading", { name: "Edit Owner: Anna Holm" })).toBeVisible();
    await expectNoAxeViolations(admin);

    const context = await browser.newContext();
    const anna = await context.newPage();
    navigationsWaitForHydration(anna);
    await signInAs(anna, app, owner);
    await renewCalendarToken(owner.id, xenia.id);
    const photo = await storeTestImage(app, "post-photos", 800, 600, { private: true });
    await createPost(ownersUpdate([xenia.id], [photo], { video: { provider: "youtube", id: "dQw4w9WgXcQ" } }));
    for (const path of ["/owners", `/da/owners/horses/${xenia.slug}`, "/owners/settings"]) {
      await anna.goto(path);
      await expectNoAxeViolations(anna);
    }
    await context.close();
  },
);

test(
  "the stable takes over an address a pending guest holds, and removes an owner's guest",
  { tag: "@any-width" },
  async ({ adminPage: admin }) => {
    const xenia = await seedHorse({ name: "Xenia" });
    const owner = await createOwner({ horseIds: [xenia.id], name: "Anna Holm", email: "anna@example.com" });
    await createGuest(owner.id, { name: "Gitte", email: "gitte@example.com", active: false });
    await createGuest(owner.id, { name: "Bo", email: "bo@example.com" });
    await admin.goto("/admin/owners");

    const form = admin.getByRole("form", { name: "Invite Owner" });
    await form.getByLabel("Name", { exact: true }).fill("Gitte Holm");
    await form.getByLabel("Email", { exact: true }).fill("gitte@example.com");
    await form.getByLabel("Xenia", { exact: true }).check();
    await form.getByRole("button", { name: "Send Invitation" }).click();
    await expect(
      form.getByText("This e-mail address belongs to Gitte, a guest of Anna Holm without access (invited or revoked)."),
    ).toBeVisible();
    await form.getByLabel("Take Over", { exact: true }).check();
    await form.getByRole("button", { name: "Send Invitation" }).click();
    await toast(admin, "Invitation Sent");
    const owners = admin.getByRole("region", { name: "Current Owners" });
    await expect(owners.getByRole("listitem").filter({ hasText: "Gitte Holm" })).toBeVisible();

    await owners.getByRole("button", { name: "Remove guest Bo" }).click();
    await toast(admin, "Guest Removed");
    await expect(owners.getByRole("button", { name: "Remove guest Bo" })).toHaveCount(0);
  },
);
