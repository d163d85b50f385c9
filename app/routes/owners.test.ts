import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { buildRequest, passwordHash, signedInUser, TEST_PASSWORD } from "@tests/auth";
import { useFreshDatabase } from "@tests/db";
import { useTestEnv } from "@tests/env";
import { createGuest, createOwner, signedIn, testHorse } from "@tests/owners";
import { deleteHorse } from "~/models/horse.server";
import { listQueuedMail } from "~/models/mail-queue.server";
import { getOwnerAccount, revokeOwner } from "~/models/owner-account.server";
import { acceptInvitation, issueInvitationLink, resendInvitation } from "~/models/owner-invitation.server";
import { listGuests } from "~/models/owner-guest.server";
import { createPost } from "~/models/post.server";
import { createRunner, withdrawRunner } from "~/models/runner.server";
import type { PostView } from "~/news/post-types";
import { ownersUpdate } from "@tests/posts";
import { composeNoticeMail, unsubscribeToken } from "~/owners/notice-mail.server";
import { db } from "~/platform/db.server";
import { restoreFromTrash } from "~/trash/trash.server";
import * as calendarFeed from "./owners-calendar";
import * as horsePage from "./owners-horse";
import * as settingsPage from "./owners-settings";
import * as myHorses from "./owners";
import * as unsubscribePage from "./owners-unsubscribe";
import * as welcomePage from "./owners-welcome";
import { composeInvitationMail } from "~/owners/invitation.server";
import { getUser } from "~/auth/auth.server";
import { AUTH_LIMITS } from "~/auth/auth-limits.server";

useFreshDatabase();
useTestEnv({ PUBLIC_ORIGIN: "https://stald.example" });

type Answer = { status: number; data: unknown; headers: Headers; location: string | null };

/** A loader's or action's answer, thrown or returned, as one shape. */
async function call(
  fn: (args: never) => unknown,
  request: Request,
  params: Record<string, string> = {},
): Promise<Answer> {
  let outcome: unknown;
  try {
    outcome = await fn({ request, params, context: {} } as never);
  } catch (error) {
    if (!(error instanceof Response)) throw error;
    outcome = error;
  }
  if (outcome instanceof Response) {
    const text = await outcome.clone().text();
    return { status: outcome.status, data: text, headers: outcome.headers, location: outcome.headers.get("Location") };
  }
  const { data, init } = outcome as { data: unknown; init: ResponseInit | null };
  return { status: init?.status ?? 200, data, headers: new Headers(init?.headers), location: null };
}

const PRIVATE = "private, no-store";

async function stable() {
  const [x, y] = [await testHorse("Xenia"), await testHorse("Yrsa")];
  const a = await signedIn(await createOwner({ horseIds: [x.id], name: "Anna", language: "da" }));
  const b = await signedIn(await createOwner({ horseIds: [y.id], name: "Bo" }));
  return { x, y, a, b };
}

describe("My Horses", () => {
  test("shows each horse's public news, beside the private updates, on My Horses and the horse's page", async () => {
    const { x, a } = await stable();
    await createPost(
      ownersUpdate([x.id], [], { title: "", titleDa: "Morning work", body: "", bodyDa: "Godt arbejde." }),
    );
    await createPost(
      ownersUpdate([x.id], [], { title: "Xenia wins at Aarhus", audience: "public", newsletter: false }),
    );
    const page = (await call(myHorses.loader, buildRequest("/da/owners", { cookie: a.cookie }))).data as {
      cards: { news: { title: unknown } | null; update: { title: unknown } | null }[];
    };
    // Each in the page's language where it has it, else in the other, marked so (decision 0230).
    expect(page.cards[0]).toMatchObject({
      news: { title: { text: "Xenia wins at Aarhus", lang: "en" } },
      update: { title: { text: "Morning work", lang: "da" } },
    });
    const horse = await call(horsePage.loader, buildRequest(`/da/owners/horses/${x.slug}`, { cookie: a.cookie }), {
      slug: x.slug,
    });
    const found = horse.data as { news: { posts: { title: { text: string } }[] }; updates: PostView[] };
    expect(found.news.posts.map((p) => p.title.text)).toEqual(["Xenia wins at Aarhus"]);
    expect(found.updates.map((u) => u.title.text)).toEqual(["Morning work"]);
  });

  test("makes one private calendar address for all the person's horses; a new one ends the old", async () => {
    const { x, y, a } = await stable();
    const both = await signedIn(await createOwner({ horseIds: [x.id, y.id], name: "Carl" }));
    await createRunner({ horseId: x.id, raceName: "Dansk Derby", raceDate: "2099-06-07" });
    await createRunner({ horseId: y.id, raceName: "Jydsk Cup", raceDate: "2099-05-01" });
    const before = (await call(myHorses.loader, buildRequest("/owners", { cookie: both.cookie }))).data;
    expect(before).toMatchObject({ calendar: null });
    const made = await call(
      myHorses.action,
      buildRequest("/owners", { cookie: both.cookie, form: { intent: "calendar" } }),
    );
    expect(made.location).toBe("/owners");
    const { calendar } = (await call(myHorses.loader, buildRequest("/owners", { cookie: both.cookie }))).data as {
      calendar: string;
    };
    expect(calendar).toMatch(/^https:\/\/stald\.example\/owners\/calendar\/[\w-]{43}\.ics$/);
    const token = /calendar\/([\w-]{43})\.ics/.exec(calendar)![1]!;
    const feed = await call(calendarFeed.loader, buildRequest(`/owners/calendar/${token}.ics`), { token });
    expect(feed.status).toBe(200);
    expect(feed.headers.get("Cache-Control")).toBe(PRIVATE);
    const ics = feed.data as string;
    // Both horses' runs, soonest first.
    expect(ics.indexOf("Yrsa – Jydsk Cup")).toBeGreaterThan(0);
    expect(ics.indexOf("Xenia – Dansk Derby")).toBeGreaterThan(ics.indexOf("Yrsa – Jydsk Cup"));

    await call(myHorses.action, buildRequest("/owners", { cookie: both.cookie, form: { intent: "calendar" } }));
    expect((await call(calendarFeed.loader, buildRequest(`/owners/calendar/${token}.ics`), { token })).status).toBe(
      404,
    );
    // Anna's own address holds her horse only.
    await call(myHorses.action, buildRequest("/owners", { cookie: a.cookie, form: { intent: "calendar" } }));
    const hers = (
      (await call(myHorses.loader, buildRequest("/owners", { cookie: a.cookie }))).data as { calendar: string }
    ).calendar;
    const herToken = /calendar\/([\w-]{43})\.ics/.exec(hers)![1]!;
    const herFeed = (
      await call(calendarFeed.loader, buildRequest(`/owners/calendar/${herToken}.ics`), { token: herToken })
    ).data as string;
    expect(herFeed).toContain("Dansk Derby");
    expect(herFeed).not.toContain("Jydsk Cup");
  });

  test("lists the owner's horses only, privately; a guest sees their owner's", async () => {
    const { x, a, b } = await stable();
    await createRunner({ horseId: x.id, raceName: "Dansk Derby", raceDate: "2099-06-07" });
    const mine = await call(myHorses.loader, buildRequest("/da/owners", { cookie: a.cookie }));
    expect(mine.headers.get("Cache-Control")).toBe(PRIVATE);
    const page = mine.data as { cards: { horse: { name: string }; nextRuns: unknown[] }[]; hostName: string | null };
    expect(page.cards.map((c) => c.horse.name)).toEqual(["Xenia"]);
    expect(page.cards[0]!.nextRuns).toHaveLength(1);
    const theirs = await call(myHorses.loader, buildRequest("/owners", { cookie: b.cookie }));
    expect((theirs.data as typeof page).cards.map((c) => c.horse.name)).toEqual(["Yrsa"]);
    const guest = await signedIn(await createGuest(a.user.id));
    const shared = (await call(myHorses.loader, buildRequest("/owners", { cookie: guest.cookie }))).data as typeof page;
    expect(shared.cards.map((c) => c.horse.name)).toEqual(["Xenia"]);
    expect(shared.hostName).toBe("Anna");
  });

  test("sends visitors to sign in, administrators to the Owners tab, other accounts home", async () => {
    const anonymous = await call(myHorses.loader, buildRequest("/da/owners"));
    expect(anonymous.location).toBe(`/da/auth?redirectTo=${encodeURIComponent("/da/owners")}`);
    const admin = await signedInUser({ admin: true });
    expect((await call(myHorses.loader, buildRequest("/owners", { cookie: admin.cookie }))).location).toBe(
      "/admin/owners",
    );
    const someone = await signedInUser();
    expect((await call(myHorses.loader, buildRequest("/owners", { cookie: someone.cookie }))).location).toBe("/");
  });
});

describe("a horse's owners' page", () => {
  test("is its owners' alone: another owner's horse, a deleted or unknown one is the same 404", async () => {
    const { x, y, a } = await stable();
    const runner = await createRunner({ horseId: x.id, raceName: "Dansk Derby", raceDate: "2099-06-07" });
    await withdrawRunner(runner.id, "Coughing");
    const page = (slug: string) =>
      call(horsePage.loader, buildRequest(`/da/owners/horses/${slug}`, { cookie: a.cookie }), { slug });
    const found = await page(x.slug);
    expect(found.status).toBe(200);
    expect(found.headers.get("Cache-Control")).toBe(PRIVATE);
    expect(found.data).toMatchObject({
      state: "found",
      horse: { name: "Xenia" },
      nextRuns: [{ withdrawalReason: "Coughing" }],
      calendar: null,
      updates: [],
    });
    for (const slug of [y.slug, "no-such-horse", "Not A Slug!"]) {
      const missing = await page(slug);
      expect([missing.status, missing.data, missing.headers.get("Cache-Control")]).toEqual([
        404,
        { state: "missing" },
        PRIVATE,
      ]);
    }
    const trashed = await deleteHorse(x.id);
    expect((await page(x.slug)).status).toBe(404);
    await restoreFromTrash(trashed!.trashId);
    expect((await page(x.slug)).status).toBe(200);
  });

  test("shows the horse's private updates newest first, with their photos at private addresses and a safe body", async () => {
    const { x, y, a } = await stable();
    const photo = { url: "/owners/media/post-photos/1700000000000-0123456789ab.jpg", width: 800, height: 600 };
    await createPost(
      ownersUpdate([x.id], [photo], {
        title: "Older",
        body: "**Fit** <script>alert(1)</script>",
        publishAt: "2026-05-01T08:00:00.000Z",
        video: { provider: "vimeo", id: "76979871" },
      }),
    );
    await createPost(ownersUpdate([x.id], [], { title: "Newer", publishAt: "2026-05-02T08:00:00.000Z" }));
    await createPost(ownersUpdate([y.id], [], { title: "Another horse's" }));
    await createPost(ownersUpdate([x.id], [], { title: "Draft", draft: true }));
    await createPost(ownersUpdate([x.id], [], { title: "Everyone's", audience: "public" }));
    const found = await call(horsePage.loader, buildRequest(`/da/owners/horses/${x.slug}`, { cookie: a.cookie }), {
      slug: x.slug!,
    });
    const { updates } = found.data as { updates: PostView[] };
    expect(updates.map((u) => u.title.text)).toEqual(["Newer", "Older"]);
    expect(updates[1]!.photos.map((p) => p.image.url)).toEqual([photo.url]);
    expect(updates[1]!.body.html).toContain("<strong>Fit</strong>");
    expect(updates[1]!.body.html).not.toContain("<script>");
    expect(updates[1]!.video).toMatchObject({ provider: "vimeo", embedUrl: expect.stringContaining("76979871") });

    const mine = await call(myHorses.loader, buildRequest("/da/owners", { cookie: a.cookie }));
    const cards = (mine.data as { cards: { update: { title: { text: string } } | null }[] }).cards;
    expect(cards.map((c) => c.update?.title.text)).toEqual(["Newer"]);
  });

  test("makes a private calendar address; a new one ends the old; it works only while its person may see the horse", async () => {
    const { x, y, a, b } = await stable();
    await createRunner({ horseId: x.id, raceName: "Dansk Derby", raceDate: "2099-06-07", postTime: "15:30" });
    const post = (cookie: string, slug: string) =>
      call(horsePage.action, buildRequest(`/da/owners/horses/${slug}`, { cookie, form: { intent: "calendar" } }), {
        slug,
      });
    const made = await post(a.cookie, x.slug);
    expect(made.status).toBe(302);
    expect(made.location).toBe(`/da/owners/horses/${x.slug}`);
    const shown = (
      await call(horsePage.loader, buildRequest(`/da/owners/horses/${x.slug}`, { cookie: a.cookie }), { slug: x.slug })
    ).data as { calendar: string };
    expect(shown.calendar).toMatch(/^https:\/\/stald\.example\/owners\/calendar\/[\w-]{43}\.ics$/);
    const token = /calendar\/([\w-]{43})\.ics/.exec(shown.calendar)![1]!;
    const feed = (t: string) => call(calendarFeed.loader, buildRequest(`/owners/calendar/${t}.ics`), { token: t });
    const ics = await feed(token);
    expect(ics.status).toBe(200);
    expect(ics.headers.get("Cache-Control")).toBe(PRIVATE);
    expect(ics.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(ics.data).toContain("SUMMARY:Xenia – Dansk Derby");
    expect(ics.data).toContain(`URL:https://stald.example/owners/horses/${x.slug}`);

    expect((await post(b.cookie, x.slug)).status).toBe(404);
    expect(
      await db().selectFrom("owner_calendars").select("user_id").where("user_id", "=", b.user.id).execute(),
    ).toEqual([]);

    await post(a.cookie, x.slug);
    expect((await feed(token)).status).toBe(404);
    const renewed = (
      await call(horsePage.loader, buildRequest(`/owners/horses/${x.slug}`, { cookie: a.cookie }), { slug: x.slug })
    ).data as { calendar: string };
    const current = /calendar\/([\w-]{43})\.ics/.exec(renewed.calendar)![1]!;
    expect((await feed(current)).status).toBe(200);
    await deleteHorse(x.id);
    expect((await feed(current)).status).toBe(404);
    expect((await feed("x".repeat(43))).status).toBe(404);
    expect(y).toBeDefined();
  });
});

describe("Settings", () => {
  test("saves the language and notices, and answers on the settings page in the language chosen", async () => {
    const { a } = await stable();
    const form = { intent: "settings", language: "en", "notice-result": "on", "notice-update": "on" };
    const saved = await call(settingsPage.action, buildRequest("/da/owners/settings", { cookie: a.cookie, form }));
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/owners/settings");
    expect(await getOwnerAccount(a.user.id)).toMatchObject({
      language: "en",
      notices: { entry: false, declaration: false, withdrawal: false, result: true, update: true },
    });
    const bad = await call(
      settingsPage.action,
      buildRequest("/da/owners/settings", { cookie: a.cookie, form: { intent: "settings", language: "fr" } }),
    );
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ errors: { language: "Vælg English eller Dansk" } });
    const shown = await call(settingsPage.loader, buildRequest("/owners/settings", { cookie: a.cookie }));
    expect(shown.headers.get("Cache-Control")).toBe(PRIVATE);
    expect(shown.data).toMatchObject({ language: "en", guests: [] });
  });

  test("a settings read that fails answers 503 with the page's own notice, private and never stored", async () => {
    const { a } = await stable();
    // The session's own lookup still works; the settings' columns cannot be read.
    await sql`alter table owner_accounts drop column notify_entries`.execute(db());
    const shown = await call(settingsPage.loader, buildRequest("/owners/settings", { cookie: a.cookie }));
    expect(shown.status).toBe(503);
    expect(shown.headers.get("Cache-Control")).toBe(PRIVATE);
    expect(shown.data).toEqual({ state: "failed" });
  });

  test("an owner invites guests (up to five) and removes them; a guest may not", async () => {
    const { a, b } = await stable();
    const invite = (cookie: string, email: string) =>
      call(
        settingsPage.action,
        buildRequest("/owners/settings", {
          cookie,
          form: { intent: "invite-guest", name: "Gitte", email, language: "da" },
        }),
      );
    expect((await invite(a.cookie, "gitte@example.com")).status).toBe(302);
    expect((await listQueuedMail({ kind: "owner-invitation" })).map((m) => m.toAddress)).toContain("gitte@example.com");
    const again = await invite(a.cookie, "GITTE@example.com");
    expect(again).toMatchObject({
      status: 400,
      data: { errors: { email: "This e-mail address is on your list already." } },
    });
    const invalid = await invite(a.cookie, "not an address");
    expect(invalid).toMatchObject({ status: 400, data: { errors: { email: "Please enter a valid email address." } } });
    for (const n of [2, 3, 4, 5]) expect((await invite(a.cookie, `guest${n}@example.com`)).status).toBe(302);
    const sixth = await invite(a.cookie, "guest6@example.com");
    expect(sixth).toMatchObject({
      status: 400,
      data: { toast: { description: "You have 5 guests already. Remove one to invite another." } },
    });

    const [gitte] = await listGuests(a.user.id);

    const remove = (cookie: string, id: string) =>
      call(settingsPage.action, buildRequest("/owners/settings", { cookie, form: { intent: "remove-guest", id } }));
    expect((await remove(b.cookie, gitte!.userId)).status).toBe(404);
    expect((await remove(a.cookie, gitte!.userId)).status).toBe(302);
    expect(await getOwnerAccount(gitte!.userId)).toBeNull();

    const guest = await signedIn(await createGuest(b.user.id));
    expect((await invite(guest.cookie, "friend@example.com")).status).toBe(403);
    expect(
      (await call(settingsPage.loader, buildRequest("/owners/settings", { cookie: guest.cookie }))).data,
    ).toMatchObject({
      guests: null,
    });
  });
});

describe("guest invitations", () => {
  test("are limited per owner, as sign-ins are per account", async () => {
    const { a } = await stable();
    const invite = () =>
      call(
        settingsPage.action,
        buildRequest("/owners/settings", {
          cookie: a.cookie,
          form: { intent: "invite-guest", name: "G", email: "not an address", language: "en" },
        }),
      );
    for (let i = 0; i < AUTH_LIMITS.guestInvitePerOwner.limit; i++) expect((await invite()).status).toBe(400);
    const refused = await invite();
    expect(refused).toMatchObject({
      status: 429,
      data: { toast: { description: "Too many invitations. Please try again later." } },
    });
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
  });
});

describe("guest invitation mail", () => {
  const post = (cookie: string, form: Record<string, string>) =>
    call(settingsPage.action, buildRequest("/owners/settings", { cookie, form }));
  const mailsTo = async (email: string) =>
    (await listQueuedMail({ kind: "owner-invitation" })).filter((m) => m.toAddress === email).length;

  test("reaches one guest at most three times a day, invitation and resends together", async () => {
    const { a } = await stable();
    expect(
      (await post(a.cookie, { intent: "invite-guest", name: "Gitte", email: "g@example.com", language: "en" })).status,
    ).toBe(302);
    const [gitte] = await listGuests(a.user.id);
    const resend = () => post(a.cookie, { intent: "resend-guest", id: gitte!.userId });
    expect((await resend()).status).toBe(302);
    expect((await resend()).status).toBe(302);
    const refused = await resend();
    expect(refused).toMatchObject({
      status: 429,
      data: { toast: { description: "Too many invitations. Please try again later." } },
    });
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    for (let i = 0; i < 50; i++) await resend();
    expect(await mailsTo("g@example.com")).toBe(3);
  });

  test("from one owner is at most ten an hour, invitations and resends together", async () => {
    const { a } = await stable();
    for (let i = 1; i <= 5; i++) {
      const form = { intent: "invite-guest", name: `Guest ${i}`, email: `g${i}@example.com`, language: "en" };
      expect((await post(a.cookie, form)).status).toBe(302);
    }
    const guests = await listGuests(a.user.id);
    for (const guest of guests)
      expect((await post(a.cookie, { intent: "resend-guest", id: guest.userId })).status).toBe(302);
    expect((await post(a.cookie, { intent: "resend-guest", id: guests[0]!.userId })).status).toBe(429);
    const toGuests = (await listQueuedMail({ kind: "owner-invitation" })).filter((m) => /^g\d@/.test(m.toAddress!));
    expect(toGuests).toHaveLength(10);
  });

  test("names the guest only as plain text: a link-shaped, marked-up or over-long name is refused", async () => {
    const { a, b } = await stable();
    const invite = (name: string, email = "g@example.com", cookie = a.cookie) =>
      post(cookie, { intent: "invite-guest", name, email, language: "en" });
    for (const name of [
      "WINNER! Claim your prize at https://evil.example",
      "Claim at evil.example now",
      "www.evil.example",
      "prize@evil.example",
      "<b>Gitte</b>",
      "Gitte\u202Eevil",
      "G".repeat(81),
    ]) {
      const refused = await invite(name);
      expect(refused.status, name).toBe(400);
      expect((refused.data as { errors: Record<string, string> }).errors.name, name).toBeTruthy();
    }
    expect(await mailsTo("g@example.com")).toBe(0);
    for (const name of ["Gitte Holm-Ærø", "J. R. Hartley", "Anne O'Brien", "G".repeat(80)]) {
      expect((await invite(name, `${name.length}-${name.charCodeAt(0)}@example.com`, b.cookie)).status, name).toBe(302);
    }
  });
});

describe("the guest form never tells an owner who has an account", () => {
  test("an administrator's, another owner's or a guest's address is answered and listed like any new one, and nothing is sent to it", async () => {
    const { a, b } = await stable();
    await signedInUser({ email: "boss@example.com", admin: true });
    const bGuest = await createGuest(b.user.id, { email: "bguest@example.com" });
    const post = (form: Record<string, string>) =>
      call(settingsPage.action, buildRequest("/owners/settings", { cookie: a.cookie, form }));
    const invite = (email: string) => post({ intent: "invite-guest", name: "Someone", email, language: "en" });

    const answers = [];
    for (const email of ["boss@example.com", b.user.email, bGuest.email, "new@example.com"]) {
      const answer = await invite(email.toUpperCase());
      answers.push([answer.status, answer.headers.get("Set-Cookie")?.replace(/[^;]*=/, "") ? "toast" : null]);
      expect(answer.status, email).toBe(302);
    }
    expect(new Set(answers.map((x) => JSON.stringify(x))).size).toBe(1);
    const page = (await call(settingsPage.loader, buildRequest("/owners/settings", { cookie: a.cookie }))).data as {
      guests: Record<string, unknown>[];
    };
    expect(page.guests.map((g) => g.email).sort()).toEqual(
      ["boss@example.com", b.user.email, bGuest.email, "new@example.com"].sort(),
    );
    // Every entry has the same fields and the same standing: nothing in the page's data tells them apart.
    const shape = (g: Record<string, unknown>) =>
      JSON.stringify([Object.keys(g).sort(), g.state, g.status, g.role, g.activatedAt, g.notices]);
    expect(new Set(page.guests.map(shape)).size).toBe(1);
    expect((await listQueuedMail({ kind: "owner-invitation" })).map((m) => m.toAddress)).toEqual(
      expect.not.arrayContaining(["boss@example.com", b.user.email, bGuest.email]),
    );

    // Sent again and removed like any invitation.
    const boss = page.guests.find((g) => g.email === "boss@example.com")!;
    expect((await post({ intent: "resend-guest", id: String(boss.userId) })).status).toBe(302);
    expect((await post({ intent: "remove-guest", id: String(boss.userId) })).status).toBe(302);
    expect((await listGuests(a.user.id)).map((g) => g.email)).not.toContain("boss@example.com");
    // Their own guest again, or their own address: they know those already.
    const own = await invite("new@example.com");
    expect(own.status).toBe(400);
    expect((await invite(a.user.email)).status).toBe(400);
  });
});

describe("the unsubscribe link", () => {
  test("asks on GET, turns off that kind of notice on POST (one-click too), and is dead for a revoked account", async () => {
    const { a } = await stable();
    const token = unsubscribeToken(a.user.id, "result", (await getOwnerAccount(a.user.id))!.activatedAt);
    const path = `/da/owners/unsubscribe?token=${encodeURIComponent(token)}`;
    const asked = await call(unsubscribePage.loader, buildRequest(path));
    expect(asked.data).toMatchObject({ state: "ask", kind: "result", email: a.user.email });
    expect(asked.headers.get("Cache-Control")).toBe(PRIVATE);
    expect((await getOwnerAccount(a.user.id))!.notices.result).toBe(true);
    const oneClick = new Request(`http://localhost${path}`, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect((await call(unsubscribePage.action, oneClick)).data).toEqual({ state: "done", kind: "result" });
    expect((await getOwnerAccount(a.user.id))!.notices).toMatchObject({ result: false, entry: true });
    for (const bad of ["", "result.nobody.xxx", token.slice(0, -1)]) {
      const page = await call(
        unsubscribePage.loader,
        buildRequest(`/owners/unsubscribe?token=${encodeURIComponent(bad)}`),
      );
      expect([page.status, page.data]).toEqual([404, { state: "bad" }]);
    }
    await db().updateTable("owner_accounts").set({ state: "revoked" }).where("user_id", "=", a.user.id).execute();
    expect((await call(unsubscribePage.loader, buildRequest(path))).status).toBe(404);
    expect((await call(unsubscribePage.action, buildRequest(path, { form: { token } }))).status).toBe(404);
  });
});

describe("an unsubscribe link from before a revocation", () => {
  test("stays dead for good, also once the person is invited again and accepts", async () => {
    const { x, a } = await stable();
    const linkIn = async () => {
      const [mail] = (await listQueuedMail({ kind: "owner-notice" })).slice(-1);
      const composed = (await composeNoticeMail(mail!.id, "https://stald.example"))!;
      return /token=([^>&\s]+)/.exec(composed.headers!["List-Unsubscribe"]!)![1]!;
    };
    await createRunner({ horseId: x.id, raceName: "Dansk Derby", raceDate: "2099-06-07" });
    const before = decodeURIComponent(await linkIn());
    const path = (token: string) => `/da/owners/unsubscribe?token=${encodeURIComponent(token)}`;
    expect((await call(unsubscribePage.loader, buildRequest(path(before)))).status).toBe(200);

    await revokeOwner(a.user.id);
    await resendInvitation(a.user.id);
    const link = (await issueInvitationLink(a.user.email))!;
    await acceptInvitation(link.token, await passwordHash(TEST_PASSWORD), new Date(Date.now() + 60_000));

    expect((await call(unsubscribePage.loader, buildRequest(path(before)))).status).toBe(404);
    const posted = await call(unsubscribePage.action, buildRequest(path(before), { form: { token: before } }));
    expect(posted.status).toBe(404);
    expect((await getOwnerAccount(a.user.id))!.notices.entry).toBe(true);
    // A link from a mail sent since works.
    await createRunner({ horseId: x.id, raceName: "Oaks", raceDate: "2099-06-08" });
    const after = decodeURIComponent(await linkIn());
    expect(after).not.toBe(before);
    expect((await call(unsubscribePage.action, buildRequest(path(after), { form: { token: after } }))).data).toEqual({
      state: "done",
      kind: "entry",
    });
  });
});

describe("the welcome page", () => {
  test("shows the form for a live link only, sets the password once and lands on My Horses signed in", async () => {
    const x = await testHorse("Xenia");
    const owner = await createOwner({ horseIds: [x.id], language: "da", active: false, name: "Anna" });
    const mail = (await composeInvitationMail(owner.email, "https://stald.example"))!;
    const token = /token=([\w-]+)/.exec(mail.text)![1]!;
    const path = `/da/owners/welcome?token=${token}`;
    const shown = await call(welcomePage.loader, buildRequest(path));
    expect(shown).toMatchObject({ status: 200, data: { state: "ask", name: "Anna", email: owner.email } });
    expect(shown.headers.get("Cache-Control")).toBe(PRIVATE);
    expect((await call(welcomePage.loader, buildRequest("/owners/welcome?token=made-up"))).status).toBe(404);

    const form = (password: string, confirm = password) => ({ token, password, confirm });
    const weak = await call(welcomePage.action, buildRequest("/da/owners/welcome", { form: form("1234567890") }));
    expect(weak).toMatchObject({
      status: 400,
      data: { errors: { password: expect.stringContaining("for let at gætte") } },
    });
    const done = await call(
      welcomePage.action,
      buildRequest("/da/owners/welcome", { form: form("Paddock-Gallop-2024") }),
    );
    expect([done.status, done.location]).toEqual([302, "/da/owners"]);
    const cookie = done.headers
      .getSetCookie()
      .find((c) => c.startsWith("stable.session_token="))!
      .split(";")[0]!;
    expect(await getUser(buildRequest("/da/owners", { cookie }))).toMatchObject({ owner: { role: "owner" } });
    const again = await call(
      welcomePage.action,
      buildRequest("/da/owners/welcome", { form: form("Paddock-Gallop-2024") }),
    );
    expect(again).toMatchObject({ status: 404, data: { bad: true } });
  });

  test("limits the attempts from one network", async () => {
    const post = () =>
      call(
        welcomePage.action,
        buildRequest("/owners/welcome", {
          form: { token: "x".repeat(43), password: "p", confirm: "p" },
          headers: { "x-client-ip": "203.0.113.9" },
        }),
      );
    for (let i = 0; i < AUTH_LIMITS.acceptPerIp.limit; i++) expect((await post()).status).toBe(404);
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
  });
});
