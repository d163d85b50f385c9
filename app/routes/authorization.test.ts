/**
 * The authorization matrix: every route module that exports an action, and every route under
 * /admin, read from the route table itself (so a new route cannot escape it), must refuse
 * anonymous and signed-in non-admin requests (a redirect or 403) and leave the database unchanged;
 * owners, guests and a revoked owner are refused every admin route too. Every admin action declares
 * its intents (adminAction), and each one is posted by every role: refused for all but an
 * administrator, reached by an administrator. The owners' area (its pages, forms and private
 * calendars) has a matrix of its own below: anonymous, an owner of horse A, an owner of horse B, a
 * guest of A's owner, a revoked owner, an administrator. The mail those who are not administrators
 * can cause (guest invitations and resends, newsletter confirmations) is bounded per actor and per
 * recipient, whoever asks (decision 0221).
 */
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { createHorse, deleteHorse } from "~/models/horse.server";
import { saveNews } from "~/models/news.server";
import { createTeamMember } from "~/models/team-member.server";
import { createRunner } from "~/models/runner.server";
import { recordResult } from "~/models/runner-result.server";
import { createWinner } from "~/models/winner.server";
import { db, engine } from "~/platform/db.server";
import { buildRequest, signedInUser } from "@tests/auth";
import { useFreshDatabase, testEngine } from "@tests/db";
import { createGuest, createOwner, revokeLeavingSessions, signedIn, testHorse } from "@tests/owners";
import { renewAllHorsesCalendar, renewCalendarToken } from "~/models/owner-calendar.server";
import { revokeOwner } from "~/models/owner-account.server";
import { createPost } from "~/models/post.server";
import { variantUrl } from "~/media/image";
import { ownersUpdate, storedPostPhoto } from "@tests/posts";
import { issueFormStamp } from "~/contact/form-stamp.server";
import { FORM_STAMP_FIELD } from "~/newsletter/subscribe-form";

useFreshDatabase();

type RouteEntry = { path?: string; index?: boolean; file: string; children?: RouteEntry[] };
type RouteModule = {
  loader?: (args: { request: Request; params: Record<string, string>; context: unknown }) => unknown;
  action?: ((args: { request: Request; params: Record<string, string>; context: unknown }) => unknown) & {
    intents?: readonly string[];
  };
};

/**
 * Actions that anyone may call, with the reason. Everything else that accepts a POST must be
 * refused to visitors who are not administrators.
 */
const PUBLIC_ACTIONS: Record<string, string> = {
  "/auth": "signing in, requesting a reset link and using one: guarded by credentials, tokens and rate limits",
  "/da/auth": "the same sign-in page in Danish",
  "/contact": "the public contact form",
  "/da/contact": "the public contact form, in Danish",
  "/news": "the newsletter's subscribe form: guarded like the contact form (stamp, limits per network)",
  "/da/news": "the newsletter's subscribe form, in Danish",
  "/news/confirm": "confirming a subscription: guarded by its single-use token",
  "/da/news/confirm": "confirming a subscription, in Danish",
  "/news/unsubscribe": "leaving the newsletter (also RFC 8058 one-click): guarded by its token",
  "/da/news/unsubscribe": "leaving the newsletter, in Danish",
  "/sign-out": "ends only the caller's own session (tested separately below)",
  "/owners/welcome":
    "setting a password with an invitation link: guarded by its single-use token and a limit per network",
  "/da/owners/welcome": "setting a password with an invitation link, in Danish",
  "/owners/unsubscribe":
    "turning off one kind of owners' notice (also RFC 8058 one-click): guarded by its signed token",
  "/da/owners/unsubscribe": "turning off one kind of owners' notice, in Danish",
};

type Target = { path: string; file: string; underAdmin: boolean };

function flatten(entries: RouteEntry[], parent = ""): Target[] {
  return entries.flatMap((entry) => {
    const path = entry.index
      ? parent || "/"
      : `${parent.replace(/\/$/, "")}/${entry.path ?? ""}`.replace(/\/+$/, "") || "/";
    const underAdmin = path === "/admin" || path.startsWith("/admin/");
    return [{ path, file: entry.file, underAdmin }, ...flatten(entry.children ?? [], path)];
  });
}

const targets = flatten(routes as RouteEntry[]);
// Pages are .tsx; resource routes (healthz, sitemap.xml, robots.txt) are .ts.
const modules = import.meta.glob<RouteModule>(["./**/*.tsx", "./**/*.ts", "!./**/*.test.ts"]);

async function load(file: string): Promise<RouteModule> {
  const key = `./${file.replace(/^routes\//, "")}`;
  const loader = modules[key];
  if (!loader) throw new Error(`route module ${file} not found`);
  return loader();
}

async function snapshot() {
  const tables =
    engine() === "postgres"
      ? (
          await sql<{
            name: string;
          }>`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(
            db(),
          )
        ).rows
      : (
          await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db())
        ).rows;
  const out: Record<string, string[]> = {};
  for (const { name } of tables.sort((a, b) => a.name.localeCompare(b.name))) {
    if (name.startsWith("schema_migrations")) continue;
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db())).rows;
    out[name] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return out;
}

async function seed() {
  const horse = await createHorse({ name: "Nordlys", age: 4, color: "Brown", sire: "Sire", dam: "Dam" });
  const winner = await createWinner({ horseId: horse.id, raceName: "Derby", raceDate: "2026-06-01", prizeOre: 100 });
  const member = await createTeamMember({ name: "Ida", role: "Trainer" });
  await saveNews("Hello");
  const runner = await createRunner({ horseId: horse.id, raceName: "Oaks", raceDate: "2026-06-02" });
  const run = await createRunner({ horseId: horse.id, raceName: "Cup", raceDate: "2026-06-03" });
  await recordResult(run.id, { position: 1, didNotFinish: false, prizeOre: 500 }, "2026-06-03");
  const gone = await createHorse({ name: "Gone", age: 5, color: "Grey", sire: "Sire", dam: "Dam" });
  const trashed = await deleteHorse(gone.id);
  return {
    horse: horse.id,
    winner: winner.id,
    member: member.id,
    runner: runner.id,
    run: run.id,
    trash: trashed!.trashId,
  };
}

/**
 * The owners' side of the stable: horse A (the seeded Nordlys) and horse B, an owner of each, a
 * guest of A's owner, and a revoked owner of A whose session was left behind (the state changed
 * alone, as if the sessions had not been deleted), each signed in.
 */
async function seedOwners(horseA: string) {
  const horseB = await testHorse("Bifrost");
  const ownerA = await signedIn(await createOwner({ horseIds: [horseA], name: "Anna" }));
  const ownerB = await signedIn(await createOwner({ horseIds: [horseB.id], name: "Bo" }));
  const guestA = await signedIn(await createGuest(ownerA.user.id, { name: "Gitte" }));
  const revoked = await signedIn(await createOwner({ horseIds: [horseA], name: "Rolf" }));
  const revokedCalendar = await renewCalendarToken(revoked.user.id, horseA);
  await revokeLeavingSessions(revoked.user.id);
  return { horseB, ownerA, ownerB, guestA, revoked, revokedCalendar };
}

function statusOf(outcome: unknown): number | undefined {
  if (outcome instanceof Response) return outcome.status;
  if (outcome && typeof outcome === "object" && "init" in outcome) {
    const init = (outcome as { init?: ResponseInit | null }).init;
    return init?.status ?? 200;
  }
  return undefined;
}

async function outcomeOf(run: () => unknown) {
  try {
    return statusOf(await run());
  } catch (error) {
    if (error instanceof Response) return error.status;
    throw error;
  }
}

const REFUSED = [301, 302, 303, 307, 308, 401, 403];

/** What an action answered: its status, where a redirect leads, the field messages of a form it turned down. */
async function answerOf(run: () => unknown): Promise<{ status?: number; location?: string | null; errors?: unknown }> {
  let outcome: unknown;
  try {
    outcome = await run();
  } catch (error) {
    if (!(error instanceof Response)) throw error;
    outcome = error;
  }
  if (outcome instanceof Response) return { status: outcome.status, location: outcome.headers.get("Location") };
  const body =
    outcome && typeof outcome === "object" && "data" in outcome ? (outcome as { data: unknown }).data : outcome;
  const errors =
    body && typeof body === "object" && "errors" in body ? (body as { errors?: unknown }).errors : undefined;
  return { status: statusOf(outcome) ?? 200, errors };
}

function concretePath(path: string, ids: Record<string, string>) {
  const params: Record<string, string> = {};
  const concrete = path.replace(/:(\w+)\??/g, (_, name: string) => (params[name] = ids.horse!));
  return { concrete, params };
}

/** The intents an admin action declares; an admin action that declares none fails the matrix. */
function declaredIntents(target: Target, mod: RouteModule): readonly string[] {
  if (!target.underAdmin || !mod.action) return [];
  const intents = mod.action.intents;
  expect(intents?.length, `${target.path}'s action must be an adminAction declaring its intents`).toBeGreaterThan(0);
  return intents!;
}

/**
 * The forms of the pages outside /admin that are not public (the owners' area): each of them, and
 * one of the admin bodies, aimed at the seeded records. Who may post them is the owners' matrix below.
 */
function ownersAreaForms(ids: Record<string, string>): Array<Record<string, string>> {
  return [
    {},
    { intent: "calendar" },
    { intent: "settings", language: "da", "notice-result": "on" },
    { intent: "invite-guest", name: "Eve", email: "eve@example.com", language: "en" },
    { intent: "resend-guest", id: ids.horse! },
    { intent: "remove-guest", id: ids.horse! },
    bodiesFor(ids)[1]!,
  ];
}

function bodiesFor(ids: Record<string, string>, intents: readonly string[] = []): Array<Record<string, string>> {
  const valid = {
    email: "intruder@example.com",
    password: "Intruder-Password-1",
    confirm: "Intruder-Password-1",
    token: "forged",
  };
  return [
    {},
    { intent: "delete", id: ids.horse!, ...valid },
    { intent: "delete", id: ids.winner! },
    { intent: "delete", id: ids.member! },
    { intent: "delete", id: ids.run! },
    { intent: "result", id: ids.runner!, position: "1", prize: "100.000" },
    // Withdraw and Reinstate need only the id, which the declared intents below are sent with.
    { intent: "declare", id: ids.runner!, jockey: "Forged", weight: "57,5", "equipment-blinkers": "on" },
    { intent: "create", horseId: ids.horse!, raceName: "Forged", raceDate: "2026-06-04" },
    { intent: "update", id: ids.horse!, name: "Hacked", news_text: "Hacked", newsText: "Hacked", address: "Hacked" },
    // The Trash tab and the Undo button of a delete toast.
    { intent: "undo", id: ids.trash!, returnTo: "/admin/horses" },
    { intent: "restore", id: ids.trash! },
    { intent: "purge", id: ids.trash! },
    // Every intent the route declares, aimed at each kind of seeded record.
    ...intents.flatMap((intent) => Object.values(ids).map((id) => ({ intent, id, newsText: "Hacked", altText: "x" }))),
  ];
}

describe(`authorization matrix (${testEngine})`, () => {
  it("reads the route table and finds the admin routes and actions", async () => {
    expect(targets.some((t) => t.path === "/admin")).toBe(true);
    for (const path of ["/admin/trash", "/admin/activity", "/admin/news/subscribers.csv"])
      expect(targets.map((t) => t.path)).toContain(path);
    for (const t of targets) await load(t.file);
  });

  // Every form of every tab, twice, with the whole database compared around each: it grows with the
  // dashboard, and on PostgreSQL beside other test files it needs more than the default 30 seconds.
  it(
    "refuses anonymous and non-admin visitors on every admin loader and every non-public action",
    { timeout: 90_000 },
    async () => {
      const ids = await seed();
      const member = await signedInUser({ email: "member@example.com" });
      const identities = [
        { name: "anonymous", cookie: undefined },
        { name: "signed-in non-admin", cookie: member.cookie },
      ];
      let checked = 0;
      for (const target of targets) {
        const mod = await load(target.file);
        const { concrete, params } = concretePath(target.path, ids);
        const guardedAction = !!mod.action && !(target.path in PUBLIC_ACTIONS);
        if (target.path in PUBLIC_ACTIONS) expect(target.underAdmin, `${target.path} must not be public`).toBe(false);
        for (const who of identities) {
          if (target.underAdmin && mod.loader) {
            const before = await snapshot();
            const status = await outcomeOf(() =>
              mod.loader!({ request: buildRequest(concrete, { cookie: who.cookie }), params, context: {} }),
            );
            expect(REFUSED, `GET ${target.path} as ${who.name} answered ${status}`).toContain(status);
            expect(await snapshot(), `GET ${target.path} as ${who.name} changed data`).toEqual(before);
            checked++;
          }
          if (guardedAction || (target.underAdmin && mod.action)) {
            const forms = target.underAdmin ? bodiesFor(ids, declaredIntents(target, mod)) : ownersAreaForms(ids);
            for (const form of forms) {
              const before = await snapshot();
              const request = buildRequest(concrete, { cookie: who.cookie, form });
              const status = await outcomeOf(() => mod.action!({ request, params, context: {} }));
              expect(REFUSED, `POST ${target.path} as ${who.name} answered ${status}`).toContain(status);
              expect(await snapshot(), `POST ${target.path} as ${who.name} changed data`).toEqual(before);
              checked++;
            }
          }
        }
      }
      expect(checked).toBeGreaterThan(0);
    },
  );

  it("refuses owners, guests and a revoked owner on every admin page and every intent", async () => {
    const ids = await seed();
    const owners = await seedOwners(ids.horse!);
    // Owners and guests sign in like anyone, and the admin check refuses them like anyone.
    const ownersAndGuests = [
      { name: "owner of horse A", cookie: owners.ownerA.cookie },
      { name: "owner of horse B", cookie: owners.ownerB.cookie },
      { name: "guest of A's owner", cookie: owners.guestA.cookie },
      { name: "revoked owner", cookie: owners.revoked.cookie },
    ];
    // Each intent aimed at the owners' accounts (Revoke Access, a new invitation) and at a horse.
    const aims = [owners.ownerA.user.id, owners.guestA.user.id, ids.horse!];
    let checked = 0;
    for (const target of targets.filter((t) => t.underAdmin)) {
      const mod = await load(target.file);
      const { concrete, params } = concretePath(target.path, ids);
      const forms = declaredIntents(target, mod).flatMap((intent) => aims.map((id) => ({ intent, id })));
      for (const who of ownersAndGuests) {
        // One look at the data per page and person: every request below must leave it as it was.
        const before = await snapshot();
        if (mod.loader) {
          const status = await outcomeOf(() =>
            mod.loader!({ request: buildRequest(concrete, { cookie: who.cookie }), params, context: {} }),
          );
          expect(REFUSED, `GET ${target.path} as ${who.name} answered ${status}`).toContain(status);
          checked++;
        }
        for (const form of forms) {
          const request = buildRequest(concrete, { cookie: who.cookie, form });
          const answer = await answerOf(() => mod.action!({ request, params, context: {} }));
          const where = `POST ${target.path} intent=${form.intent} as ${who.name} answered ${JSON.stringify(answer)}`;
          expect(REFUSED, where).toContain(answer.status);
          // The admin check's answers: to sign in (a revoked owner is signed out), or home, denied.
          expect(answer.location === "/" || !!answer.location?.startsWith("/auth"), where).toBe(true);
          checked++;
        }
        expect(await snapshot(), `${target.path} as ${who.name} changed data`).toEqual(before);
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it("lets an administrator open every admin page and reach every intent each admin action declares", async () => {
    const ids = await seed();
    const admin = await signedInUser({ admin: true });
    let intents = 0;
    for (const target of targets.filter((t) => t.underAdmin)) {
      const mod = await load(target.file);
      const { concrete, params } = concretePath(target.path, ids);
      if (mod.loader) {
        const status = await outcomeOf(() =>
          mod.loader!({ request: buildRequest(concrete, { cookie: admin.cookie }), params, context: {} }),
        );
        expect(status ?? 200, `GET ${target.path} as an administrator`).toBe(200);
      }
      for (const intent of declaredIntents(target, mod)) {
        const request = buildRequest(concrete, { cookie: admin.cookie, form: { intent } });
        const answer = await answerOf(() => mod.action!({ request, params, context: {} }));
        const where = `POST ${target.path} intent=${intent} as an administrator answered ${JSON.stringify(answer)}`;
        // Not the admin check's redirects (to /auth, or home with the access-denied toast)…
        expect(answer.location === "/" || !!answer.location?.startsWith("/auth"), where).toBe(false);
        // …nor the answer to an unknown intent (400 without field messages): the intent itself ran.
        expect(answer.status === 400 && !answer.errors, where).toBe(false);
        intents++;
      }
    }
    expect(intents).toBeGreaterThanOrEqual(20);
  });

  it("keeps the owners' area to each horse's owners and their guests", async () => {
    const ids = await seed();
    const { horseB, ownerA, ownerB, guestA, revoked, revokedCalendar } = await seedOwners(ids.horse!);
    const admin = await signedInUser({ admin: true });
    const member = await signedInUser({ email: "member@example.com" });
    const horseA = (
      await db().selectFrom("horses").select("slug").where("id", "=", ids.horse!).executeTakeFirstOrThrow()
    ).slug!;
    type Who = "anonymous" | "ownerA" | "ownerB" | "guestA" | "revoked" | "admin" | "member";
    const cookies: Record<Who, string | undefined> = {
      anonymous: undefined,
      ownerA: ownerA.cookie,
      ownerB: ownerB.cookie,
      guestA: guestA.cookie,
      revoked: revoked.cookie,
      admin: admin.cookie,
      member: member.cookie,
    };
    // The owners' pages are the registry's owners' entries, in both languages: the route table lists them all.
    const ownerPaths = targets.filter((t) => /^\/(da\/)?owners(\/|$)/.test(t.path)).map((t) => t.path);
    expect(ownerPaths).toEqual(
      expect.arrayContaining([
        "/owners",
        "/da/owners",
        "/owners/horses/:slug",
        "/owners/settings",
        "/owners/calendar/:token.ics",
        "/owners/media/*",
      ]),
    );

    const page = async (path: string, who: Who, params: Record<string, string> = {}) => {
      const target = targets.find((t) => t.path === path.replace(/\/horses\/[^/]+$/, "/horses/:slug"))!;
      const mod = await load(target.file);
      return answerOf(() =>
        mod.loader!({ request: buildRequest(path, { cookie: cookies[who] }), params, context: {} }),
      );
    };
    // The sign-in page in the language of the page asked for.
    const signIn = (path: string) =>
      `${path.startsWith("/da/") ? "/da" : ""}/auth?redirectTo=${encodeURIComponent(path)}`;
    // Who gets what, page by page: a redirect's target, or a status.
    const GETS: Record<string, Record<Who, string | number>> = {
      "/owners": {
        anonymous: signIn("/owners"),
        ownerA: 200,
        ownerB: 200,
        guestA: 200,
        revoked: signIn("/owners"),
        admin: "/admin/owners",
        member: "/",
      },
      "/da/owners": {
        anonymous: signIn("/da/owners"),
        ownerA: 200,
        ownerB: 200,
        guestA: 200,
        revoked: signIn("/da/owners"),
        admin: "/admin/owners",
        member: "/",
      },
      "/owners/settings": {
        anonymous: signIn("/owners/settings"),
        ownerA: 200,
        ownerB: 200,
        guestA: 200,
        revoked: signIn("/owners/settings"),
        admin: "/admin/owners",
        member: "/",
      },
      [`/owners/horses/${horseA}`]: {
        anonymous: signIn(`/owners/horses/${horseA}`),
        ownerA: 200,
        ownerB: 404,
        guestA: 200,
        revoked: signIn(`/owners/horses/${horseA}`),
        admin: "/admin/owners",
        member: "/",
      },
      [`/da/owners/horses/${horseB.slug}`]: {
        anonymous: signIn(`/da/owners/horses/${horseB.slug}`),
        ownerA: 404,
        ownerB: 200,
        guestA: 404,
        revoked: signIn(`/da/owners/horses/${horseB.slug}`),
        admin: "/admin/owners",
        member: "/",
      },
    };
    for (const [path, expected] of Object.entries(GETS)) {
      const slug = /\/horses\/([^/]+)$/.exec(path)?.[1];
      for (const who of Object.keys(expected) as Who[]) {
        const before = await snapshot();
        const answer = await page(path, who, slug ? { slug } : {});
        const want = expected[who];
        const where = `GET ${path} as ${who} answered ${JSON.stringify(answer)}`;
        if (typeof want === "string") expect(answer.location, where).toBe(want);
        else expect(answer.status, where).toBe(want);
        expect(await snapshot(), `GET ${path} as ${who} changed data`).toEqual(before);
      }
    }
    // What each owner's My Horses holds: their own horse, never the other's.
    const shown = async (who: Who) => {
      const mod = await load("routes/owners.tsx");
      const outcome = (await mod.loader!({
        request: buildRequest("/owners", { cookie: cookies[who] }),
        params: {},
        context: {},
      })) as { data: unknown };
      return JSON.stringify(outcome.data);
    };
    expect(await shown("ownerA")).toContain("Nordlys");
    expect(await shown("ownerA")).not.toContain("Bifrost");
    expect(await shown("guestA")).toContain("Nordlys");
    expect(await shown("ownerB")).not.toContain("Nordlys");

    // The forms: refused (and nothing changed) for everyone but the page's own people.
    const myHorsesModule = await load("routes/owners.tsx");
    const horseModule = await load("routes/owners-horse.tsx");
    const settingsModule = await load("routes/owners-settings.tsx");
    const post = (mod: RouteModule, path: string, who: Who, form: Record<string, string>, params = {}) =>
      answerOf(() => mod.action!({ request: buildRequest(path, { cookie: cookies[who], form }), params, context: {} }));
    const guestId = guestA.user.id;
    const refusals: [RouteModule, string, Who[], Record<string, string>, Record<string, string>][] = [
      [
        horseModule,
        `/owners/horses/${horseA}`,
        ["anonymous", "ownerB", "revoked", "admin", "member"],
        { intent: "calendar" },
        { slug: horseA },
      ],
      [myHorsesModule, "/owners", ["anonymous", "revoked", "admin", "member"], { intent: "calendar" }, {}],
      [
        settingsModule,
        "/owners/settings",
        ["anonymous", "revoked", "admin", "member"],
        { intent: "settings", language: "da" },
        {},
      ],
      [
        settingsModule,
        "/owners/settings",
        ["anonymous", "guestA", "revoked", "admin", "member"],
        { intent: "invite-guest", name: "Eve", email: "eve@example.com", language: "en" },
        {},
      ],
      [
        settingsModule,
        "/owners/settings",
        ["anonymous", "ownerB", "guestA", "revoked", "admin", "member"],
        { intent: "resend-guest", id: guestId },
        {},
      ],
      [
        settingsModule,
        "/owners/settings",
        ["anonymous", "ownerB", "guestA", "revoked", "admin", "member"],
        { intent: "remove-guest", id: guestId },
        {},
      ],
    ];
    for (const [mod, path, refused, form, params] of refusals) {
      for (const who of refused) {
        const before = await snapshot();
        const answer = await post(mod, path, who, form, params);
        const where = `POST ${path} ${form.intent} as ${who} answered ${JSON.stringify(answer)}`;
        expect([...REFUSED, 404], where).toContain(answer.status);
        expect(answer.location === `/owners/horses/${horseA}` || answer.location === "/owners/settings", where).toBe(
          false,
        );
        expect(await snapshot(), `${where} and changed data`).toEqual(before);
      }
    }
    // …and reached by them (a calendar address of one's own; a guest may have one too).
    for (const who of ["ownerA", "guestA"] as const) {
      const answer = await post(horseModule, `/owners/horses/${horseA}`, who, { intent: "calendar" }, { slug: horseA });
      expect(answer.location, `calendar as ${who}`).toBe(`/owners/horses/${horseA}`);
    }
    for (const who of ["ownerA", "guestA", "ownerB"] as const) {
      const answer = await post(myHorsesModule, "/owners", who, { intent: "calendar" });
      expect(answer.location, `all-horses calendar as ${who}`).toBe("/owners");
    }
    expect(
      (await post(settingsModule, "/owners/settings", "guestA", { intent: "settings", language: "da" })).location,
    ).toBe("/da/owners/settings");

    // A's private update and its photo: for A's owner and guest and the administrators, a 404 for anyone else.
    const photo = await storedPostPhoto({ private: true });
    await createPost(ownersUpdate([ids.horse!], [photo], { title: "Private morning work" }));
    const media = await load("routes/owners-media.ts");
    const photoAnswer = async (url: string, who: Who) =>
      statusOf(await media.loader!({ request: buildRequest(url, { cookie: cookies[who] }), params: {}, context: {} }));
    const PHOTO: Record<Who, number> = {
      anonymous: 404,
      ownerA: 200,
      ownerB: 404,
      guestA: 200,
      revoked: 404,
      admin: 200,
      member: 404,
    };
    for (const url of [photo.url, variantUrl(photo.url, 320, "webp")]) {
      for (const who of Object.keys(PHOTO) as Who[]) {
        const before = await snapshot();
        expect(await photoAnswer(url, who), `GET ${url} as ${who}`).toBe(PHOTO[who]);
        expect(await snapshot(), `GET ${url} as ${who} changed data`).toEqual(before);
      }
    }
    const updatesOn = async (who: Who) => {
      const answer = await horseModule.loader!({
        request: buildRequest(`/owners/horses/${horseA}`, { cookie: cookies[who] }),
        params: { slug: horseA },
        context: {},
      });
      return JSON.stringify((answer as { data: unknown }).data);
    };
    expect(await updatesOn("ownerA")).toContain("Private morning work");
    expect(await updatesOn("guestA")).toContain(photo.url);
    expect(await shown("ownerA")).toContain("Private morning work");
    expect(await shown("ownerB")).not.toContain("Private morning work");

    // The private calendars: the address is the authority, while its person may see the horse.
    const feed = await load("routes/owners-calendar.ts");
    const ics = async (token: string) => {
      const response = (await feed.loader!({
        request: buildRequest(`/owners/calendar/${token}.ics`),
        params: { token },
        context: {},
      })) as Response;
      return {
        status: response.status,
        body: await response.text(),
        cacheControl: response.headers.get("Cache-Control"),
      };
    };
    const tokenOf = async (userId: string, horseId: string) => await renewCalendarToken(userId, horseId);
    const calendarA = await tokenOf(ownerA.user.id, ids.horse!);
    const calendarB = await tokenOf(ownerB.user.id, horseB.id);
    await createRunner({ horseId: ids.horse!, raceName: "Future Cup", raceDate: "2099-01-01" });
    expect(await ics(calendarA)).toMatchObject({ status: 200, cacheControl: "private, no-store" });
    expect((await ics(calendarA)).body).toContain("SUMMARY:Nordlys – Future Cup");
    expect((await ics(calendarB)).body).not.toContain("Future Cup");
    expect((await ics(revokedCalendar)).status).toBe(404);
    // The address for all of one's horses: theirs only, and never after their access ends.
    const allA = await renewAllHorsesCalendar(ownerA.user.id);
    const allB = await renewAllHorsesCalendar(ownerB.user.id);
    expect((await ics(allA)).body).toContain("SUMMARY:Nordlys – Future Cup");
    expect((await ics(allB)).body).not.toContain("Future Cup");
    expect((await ics(allB)).status).toBe(200);
    expect((await ics("A".repeat(43))).status).toBe(404);
    await revokeOwner(ownerA.user.id);
    expect((await ics(calendarA)).status).toBe(404);
    expect((await ics(allA)).status).toBe(404);
    expect((await page(`/owners/horses/${horseA}`, "guestA", { slug: horseA })).location).toBe(
      signIn(`/owners/horses/${horseA}`),
    );
  });

  it("bounds the mail anyone but an administrator can cause, per actor and per recipient", async () => {
    const ids = await seed();
    const { ownerA, ownerB, guestA, revoked } = await seedOwners(ids.horse!);
    const admin = await signedInUser({ admin: true });
    const member = await signedInUser({ email: "member@example.com" });
    const settings = await load("routes/owners-settings.tsx");
    const post = (cookie: string | undefined, form: Record<string, string>, ip = "203.0.113.5") =>
      answerOf(() =>
        settings.action!({
          request: buildRequest("/owners/settings", { cookie, form, headers: { "x-client-ip": ip } }),
          params: {},
          context: {},
        }),
      );
    const mailTo = async (address: string) =>
      (await db().selectFrom("mail_queue").select("id").where("to_address", "=", address).execute()).length;

    // A's pending guest: 40 resends by everyone, A among them, from many networks; at most 3 mails reach it.
    await post(ownerA.cookie, {
      intent: "invite-guest",
      name: "Pending",
      email: "pending@example.com",
      language: "en",
    });
    const pending = (await db()
      .selectFrom("users")
      .select("id")
      .where("email", "=", "pending@example.com")
      .executeTakeFirstOrThrow()) as { id: string };
    const everyone = [
      undefined,
      ownerA.cookie,
      ownerB.cookie,
      guestA.cookie,
      revoked.cookie,
      admin.cookie,
      member.cookie,
    ];
    for (let i = 0; i < 40; i++) {
      await post(everyone[i % everyone.length], { intent: "resend-guest", id: pending.id }, `198.51.100.${i}`);
    }
    expect(await mailTo("pending@example.com")).toBe(3);

    // One owner: at most 10 invitation mails an hour, whatever the addresses and networks.
    for (let i = 0; i < 20; i++) {
      await post(
        ownerB.cookie,
        { intent: "invite-guest", name: "Guest", email: `b${i}@example.com`, language: "en" },
        `192.0.2.${i}`,
      );
      await post(ownerB.cookie, {
        intent: "remove-guest",
        id:
          (
            await db()
              .selectFrom("owner_accounts")
              .select("user_id")
              .where("host_id", "=", ownerB.user.id)
              .executeTakeFirst()
          )?.user_id ?? "none",
      });
    }
    let sent = 0;
    for (let i = 0; i < 20; i++) sent += await mailTo(`b${i}@example.com`);
    expect(sent).toBe(10);

    // Anonymous: the newsletter's confirmation, one waiting at a time for one address, from any number of networks.
    const subscribe = await load("routes/news.tsx");
    for (let i = 0; i < 12; i++) {
      const form = {
        email: "victim@example.com",
        language: "en",
        [FORM_STAMP_FIELD]: issueFormStamp(new Date(Date.now() - 60_000)),
      };
      await answerOf(() =>
        subscribe.action!({
          request: buildRequest("/news", { form, headers: { "x-client-ip": `2001:db8:${i}::1` } }),
          params: {},
          context: {},
        }),
      );
    }
    expect(await mailTo("victim@example.com")).toBe(1);
  });

  it("lets sign-out change nothing for anonymous visitors", async () => {
    const mod = await load("routes/sign-out.tsx");
    await signedInUser({ admin: true });
    const before = await snapshot();
    for (const scope of ["local", "others", "global"]) {
      const status = await outcomeOf(() =>
        mod.action!({ request: buildRequest("/sign-out", { form: { scope } }), params: {}, context: {} }),
      );
      expect(REFUSED).toContain(status);
    }
    expect(await snapshot()).toEqual(before);
    expect(await outcomeOf(() => mod.loader!({ request: buildRequest("/sign-out"), params: {}, context: {} }))).toBe(
      405,
    );
  });
});
