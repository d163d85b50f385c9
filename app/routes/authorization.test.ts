/**
 * The authorization matrix. Its rows are the route table itself (app/routes.ts, and through it the
 * page registry: every page in each language, feed, site file and download), each with a rule in
 * RULES below saying, for every role (anonymous, a signed-in member with no role, an administrator,
 * the owner of horse A, the owner of horse B, a guest of A's owner, a revoked owner of A), what a GET
 * answers, as a document and as client navigation's `.data` request, and what each form the route's
 * action declares answers. A route without a rule, or a rule without a route, fails the first test.
 * A parameterised address is tried with the fixtures named in its rule (A's horse and B's, A's
 * private photo, a revoked owner's calendar address …), so owner B is tried on owner A's things.
 * Requests go through the site's own React Router handler (tests/router.ts). Every refusal leaves
 * the database as it was; the forms those who may post reach run in databases of their own. The
 * mail those who are not administrators can cause (guest invitations and resends, newsletter
 * confirmations) is bounded per actor and per recipient, whoever asks (decision 0221).
 */
import { sql } from "kysely";
import { beforeAll, describe, expect, it, vi } from "vitest";

// The route table as the builds made for the browser tests have it: their test-only page too.
vi.hoisted(() => {
  process.env.STABLE_TEST_ROUTES = "1";
});

import { createHorse, deleteHorse } from "~/models/horse.server";
import { saveNews } from "~/models/news.server";
import { createTeamMember } from "~/models/team-member.server";
import { createRunner } from "~/models/runner.server";
import { recordResult } from "~/models/runner-result.server";
import { createWinner } from "~/models/winner.server";
import { db, engine } from "~/platform/db.server";
import { buildRequest, signedInUser } from "@tests/auth";
import { testEngine, useFreshDatabase, useSharedDatabase } from "@tests/db";
import { createGuest, createOwner, revokeLeavingSessions, signedIn, testHorse } from "@tests/owners";
import { ownerAccountFixtures } from "@tests/billing";
import { renewAllHorsesCalendar, renewCalendarToken } from "~/models/owner-calendar.server";
import { revokeOwner } from "~/models/owner-account.server";
import { createPost } from "~/models/post.server";
import { variantUrl } from "~/media/image";
import { ownersUpdate, storedPostPhoto } from "@tests/posts";
import { issueFormStamp } from "~/contact/form-stamp.server";
import { FORM_STAMP_FIELD } from "~/newsletter/subscribe-form";
import { langFromPath, type Lang } from "~/i18n/lang";
import { CLIENT_IP_HEADER } from "~/platform/client-ip.server";
import { pathOf, pathTo, REGISTRY } from "~/pages/registry";
import {
  callRoute,
  dataPath,
  declaredIntents,
  routeModule,
  routeRows,
  siteHandler,
  type Answer,
  type RouteRow,
} from "@tests/router";

// ---------------------------------------------------------------------------------------------
// Who asks, and what they get.

const ROLES = ["anonymous", "member", "admin", "ownerA", "ownerB", "guestA", "revoked"] as const;
type Role = (typeof ROLES)[number];

/** A redirect to the sign-in page in the address's language, back to the address afterwards. */
const SIGN_IN = "sign-in" as const;
/** A redirect to the address posted to (a form of the page, done: its toast shows there). */
const HERE = "here" as const;
/** What a request gets: a status (not a redirect), or a redirect to where. */
type Outcome = number | typeof SIGN_IN | typeof HERE | { to: string };
const to = (location: string): Outcome => ({ to: location });
/** An account with no business on the page: the home page (an admin page adds "Access Denied"). */
const HOME = to("/");

/** A form its role may send: it runs (in a database of its own), answering `outcome`; RUNS: any answer but a refusal. */
type Runs = { runs: Outcome | "intent" };
const runs = (outcome: Outcome): Runs => ({ runs: outcome });
const RUNS: Runs = { runs: "intent" };
/** Not sent as this role here, and why. */
type Skip = { skip: string };

type GetExpected = Record<Role, Outcome>;
type PostExpected = Record<Role, Outcome | Runs | Skip>;

/**
 * A form of a route: what is sent (several bodies may be) and what its action answers each role.
 * Sent as a document, an answer that is not a redirect renders the page, whose loaders run: the
 * page's own redirect for that role (its GET rule) is then the answer.
 */
type FormRule = {
  /** The bodies sent (default: the intent alone); `lang`: the address's language. */
  bodies?: (f: Fixtures, intent: string, lang: Lang) => Array<Record<string, string>>;
  expect: PostExpected;
  /** What a refused form may write all the same, and why (the tables, left out of the comparison). */
  writes?: { tables: string[]; why: string };
};

/** An address of a route: its parameters (none for a fixed address), what a GET gets, what its forms get. */
type Case = {
  name?: string;
  params?: (f: Fixtures) => Record<string, string>;
  get: GetExpected;
  /** What a GET may write, and why (the tables, left out of the comparison). */
  writes?: { tables: string[]; why: string };
  /** By intent (`intent` field); "*": every intent the action declares. */
  post?: Record<string, FormRule>;
};

type Rule = {
  /** Why anyone may post to it (its forms are guarded by something other than a role). */
  public?: string;
  cases: Case[];
};

const everyone = <T extends Outcome | Runs | Skip>(outcome: T) =>
  Object.fromEntries(ROLES.map((role) => [role, outcome])) as Record<Role, T>;

/** The dashboard: administrators only; a revoked owner's session counts as signed out. */
const ADMIN_ONLY: GetExpected = {
  anonymous: SIGN_IN,
  member: HOME,
  admin: 200,
  ownerA: HOME,
  ownerB: HOME,
  guestA: HOME,
  revoked: SIGN_IN,
};
/** Every intent an admin tab declares, aimed at the owners' accounts (Revoke Access, a new invitation) and at a horse. */
const ADMIN_FORMS: Record<string, FormRule> = {
  "*": {
    bodies: (f, intent) => [f.ownerA, f.guestA, f.ids.horse].map((id) => ({ intent, id })),
    expect: { ...ADMIN_ONLY, admin: RUNS },
  },
};

/** An owners' page: the owners' area check first (an administrator is sent to the Owners tab). */
function ownersPage(own: Record<"ownerA" | "ownerB" | "guestA", Outcome>): GetExpected;
function ownersPage(own: Record<"ownerA" | "ownerB" | "guestA", Outcome | Runs>): PostExpected;
function ownersPage(own: Record<"ownerA" | "ownerB" | "guestA", Outcome | Runs>): PostExpected {
  return { anonymous: SIGN_IN, member: HOME, admin: to("/admin/owners"), revoked: SIGN_IN, ...own };
}

/** A form anyone may send, turned down as it comes here (empty), whoever sends it. */
const turnedDown = (status: number, bodies: Record<string, string> = {}): FormRule => ({
  bodies: () => [bodies],
  expect: everyone(status),
});

/** A rule for a registry page in both its languages (its Danish address from the registry). */
function both(path: string, rule: Rule): Record<string, Rule> {
  const entry = REGISTRY.find((e) => e.path === path);
  if (!entry) throw new Error(`no registry entry at ${path}`);
  return { [path]: rule, [pathOf(entry, {}, "da")]: rule };
}

const open = (get: GetExpected = everyone(200)): Rule => ({ cases: [{ get }] });

/** The sign-in page, whose home page is `home`: its forms are turned down as they come here (empty). */
function signIn(home: string, why: string): Rule {
  return {
    public: why,
    cases: [
      {
        // A signed-in account is sent on: an owner to My Horses (in their language), anyone else home.
        get: { ...everyone(to("/owners")), anonymous: 200, revoked: 200, member: to(home), admin: to(home) },
        post: {
          "sign-in": turnedDown(400),
          "request-reset": turnedDown(400, { intent: "request-reset" }),
          "reset-password": turnedDown(400, { intent: "reset-password" }),
        },
      },
    ],
  };
}

/** The owners' pages' calendar form: a private calendar address, or a new one that ends the old. */
const calendarForm = (expect: PostExpected): FormRule => ({ bodies: () => [{ intent: "calendar" }], expect });

let invited = 0;

// ---------------------------------------------------------------------------------------------
// The rules, by address as app/routes.ts has it.

const RULES: Record<string, Rule> = {
  ...both("/", open()),
  ...both("/horses", open()),
  ...both("/horses/:slug", {
    cases: [{ name: "A's horse", params: (f) => ({ slug: f.horseA.slug }), get: everyone(200) }],
  }),
  ...both("/winners", open()),
  ...both("/runners", open()),
  ...both("/team", open()),
  ...both("/ownership", open()),
  ...both("/contact", {
    public: "the public contact form: guarded by its stamp and limits per network",
    cases: [{ get: everyone(200), post: { message: turnedDown(400) } }],
  }),
  ...both("/news", {
    public: "the newsletter's subscribe form: guarded like the contact form (stamp, limits per network)",
    cases: [{ get: everyone(200), post: { subscribe: turnedDown(400) } }],
  }),
  ...both("/news/confirm", {
    public: "confirming a subscription: guarded by its single-use token",
    cases: [{ get: everyone(404), post: { confirm: turnedDown(404) } }],
  }),
  ...both("/news/unsubscribe", {
    public: "leaving the newsletter (also RFC 8058 one-click): guarded by its token",
    cases: [{ get: everyone(404), post: { unsubscribe: turnedDown(404) } }],
  }),
  ...both("/news/:slug", {
    cases: [
      { name: "a public post", params: (f) => ({ slug: f.news.public }), get: everyone(200) },
      // An update for A's owners has an address of its own, never a public page: not even theirs.
      { name: "A's owners-only update", params: (f) => ({ slug: f.news.update }), get: everyone(404) },
    ],
  }),
  // Sign-in: a signed-in account is sent on (an owner to My Horses, in their language), its forms too.
  "/auth": signIn(
    "/",
    "signing in, requesting a reset link and using one: guarded by credentials, tokens and rate limits",
  ),
  "/da/auth": signIn("/da", "the same sign-in page in Danish"),
  ...both("/owners", {
    cases: [
      {
        get: ownersPage({ ownerA: 200, ownerB: 200, guestA: 200 }),
        // A calendar address for all of one's horses (a guest's are the host's).
        post: { calendar: calendarForm(ownersPage({ ownerA: runs(HERE), ownerB: runs(HERE), guestA: runs(HERE) })) },
      },
    ],
  }),
  ...both("/owners/horses/:slug", {
    cases: [
      {
        name: "A's horse",
        params: (f) => ({ slug: f.horseA.slug }),
        get: ownersPage({ ownerA: 200, ownerB: 404, guestA: 200 }),
        post: { calendar: calendarForm(ownersPage({ ownerA: runs(HERE), ownerB: 404, guestA: runs(HERE) })) },
      },
      {
        name: "B's horse",
        params: (f) => ({ slug: f.horseB.slug }),
        get: ownersPage({ ownerA: 404, ownerB: 200, guestA: 404 }),
        post: { calendar: calendarForm(ownersPage({ ownerA: 404, ownerB: runs(HERE), guestA: 404 })) },
      },
    ],
  }),
  ...both("/owners/settings", {
    cases: [
      {
        get: ownersPage({ ownerA: 200, ownerB: 200, guestA: 200 }),
        post: {
          // Said in the language just chosen, on the settings page in it.
          settings: {
            bodies: () => [{ intent: "settings", language: "da" }],
            expect: ownersPage({
              ownerA: runs(to("/da/owners/settings")),
              ownerB: runs(to("/da/owners/settings")),
              guestA: runs(to("/da/owners/settings")),
            }),
          },
          // A guest has no guests of their own; someone else's guest is a 404.
          "invite-guest": {
            bodies: () => [
              { intent: "invite-guest", name: "Eve", email: `eve${++invited}@example.com`, language: "en" },
            ],
            expect: ownersPage({ ownerA: runs(HERE), ownerB: runs(HERE), guestA: 403 }),
          },
          "resend-guest": {
            bodies: (f, _, lang) => [{ intent: "resend-guest", id: f.pendingGuestA[lang] }],
            expect: ownersPage({ ownerA: runs(HERE), ownerB: 404, guestA: 403 }),
          },
          "remove-guest": {
            bodies: (f, _, lang) => [{ intent: "remove-guest", id: f.pendingGuestA[lang] }],
            expect: ownersPage({ ownerA: runs(HERE), ownerB: 404, guestA: 403 }),
          },
          // A limit per cost: an owner's own (a guest's host pays).
          "approval-limit": {
            bodies: () => [{ intent: "approval-limit", limit: "2.500,00" }],
            expect: ownersPage({ ownerA: runs(HERE), ownerB: runs(HERE), guestA: 403 }),
          },
        },
      },
    ],
  }),
  // An owner's invoices, statement and costs awaiting approval: a guest sees none of the money.
  ...both("/owners/invoices", {
    cases: [
      {
        get: ownersPage({ ownerA: 200, ownerB: 200, guestA: 404 }),
        post: {
          // A's planned cost: A's to approve or ask about; B's a 404 that counts and mails nothing.
          "approve-cost": {
            bodies: (f) => [{ intent: "approve-cost", id: f.billing.cost }],
            expect: ownersPage({ ownerA: runs(HERE), ownerB: 404, guestA: 404 }),
          },
          "ask-cost": {
            bodies: (f) => [{ intent: "ask-cost", id: f.billing.cost, question: "Is the scan needed now?" }],
            expect: ownersPage({ ownerA: runs(HERE), ownerB: 404, guestA: 404 }),
          },
        },
      },
    ],
  }),
  // Reached from an invitation or a notice mail, signed out: the token is the authority.
  ...both("/owners/welcome", {
    public: "setting a password with an invitation link: guarded by its single-use token and a limit per network",
    cases: [
      {
        get: everyone(404),
        post: {
          welcome: {
            ...turnedDown(404),
            writes: {
              tables: ["rate_limits"],
              why: "every try counts toward the limit per network, before the link is looked up",
            },
          },
        },
      },
    ],
  }),
  ...both("/owners/unsubscribe", {
    public: "turning off one kind of owners' notice (also RFC 8058 one-click): guarded by its signed token",
    cases: [{ get: everyone(404), post: { unsubscribe: turnedDown(404) } }],
  }),
  "/runners.ics": open(),
  "/horses/:slug.ics": { cases: [{ name: "A's horse", params: (f) => ({ slug: f.horseA.slug }), get: everyone(200) }] },
  // The address is the authority (a calendar app sends no cookie), while its person may see the horse.
  "/owners/calendar/:token.ics": {
    cases: [
      { name: "A's owner's address", params: (f) => ({ token: f.calendar.ownerA }), get: everyone(200) },
      { name: "a revoked owner's address", params: (f) => ({ token: f.calendar.revoked }), get: everyone(404) },
    ],
  },
  "/news.rss": open(),
  "/news.atom": open(),
  "/sitemap.xml": open(),
  "/robots.txt": open(),
  "/healthz": open(),
  "/form-stamp": open(),
  "/admin/news/subscribers.csv": {
    cases: [{ get: ADMIN_ONLY, writes: { tables: ["activity"], why: "an export is logged, as every change is" } }],
  },
  "/admin/billing/export.csv": {
    cases: [{ get: ADMIN_ONLY, writes: { tables: ["activity"], why: "an export is logged, as every change is" } }],
  },
  // An issued document's files, by number (the stable has issued none here: the tab's own tests download one).
  // An issued document by its number (A's January invoice is number 1); a number not issued is a 404.
  "/admin/billing/documents/*": {
    cases: [
      ...["1.pdf", "1.xml"].map((name) => ({ name, params: () => ({ "*": name }), get: ADMIN_ONLY })),
      { name: "2.pdf, not issued", params: () => ({ "*": "2.pdf" }), get: { ...ADMIN_ONLY, admin: 404 } },
    ],
  },
  // A's private photo, as stored and as one of its sizes: for A's owners, their guests and the administrators.
  "/owners/media/*": {
    cases: ["photo", "variant"].map((which) => ({
      name: `A's private ${which}`,
      params: (f: Fixtures) => ({ "*": f.photo[which as "photo" | "variant"].slice("/owners/media/".length) }),
      get: { ...everyone(404), admin: 200, ownerA: 200, guestA: 200 },
    })),
  },
  // A's issued invoice as its PDF and e-invoice, and the receipt of A's cost: A's owner only (decision 0295).
  // A's draft is nobody's to download; a guest, a revoked owner of A and B's owner get the same 404.
  ...Object.fromEntries(
    ["/owners/invoices/:id.pdf", "/owners/invoices/:id.xml"].map((path) => [
      path,
      {
        cases: [
          {
            name: "A's invoice",
            params: (f: Fixtures) => ({ id: f.billing.invoice }),
            get: { ...everyone(404), ownerA: 200 },
          },
          { name: "A's draft", params: (f: Fixtures) => ({ id: f.billing.draft }), get: everyone(404) },
          { name: "no invoice", params: () => ({ id: crypto.randomUUID() }), get: everyone(404) },
        ],
      },
    ]),
  ),
  "/owners/receipts/:id": {
    cases: [
      { name: "A's cost", params: (f) => ({ id: f.billing.cost }), get: { ...everyone(404), ownerA: 200 } },
      { name: "no cost", params: () => ({ id: crypto.randomUUID() }), get: everyone(404) },
    ],
  },
  // A cost's receipt, for the administrators (its owners open it through /owners/receipts/:id).
  "/admin/billing/costs/:id/receipt": {
    cases: [{ name: "a cost's receipt", params: (f) => ({ id: f.billing.cost }), get: ADMIN_ONLY }],
  },
  "/auth/setup": {
    public: "creating the first administrator: guarded by its single-use link, only while there is none",
    cases: [{ get: everyone(200), post: { setup: { bodies: (f) => forgedOwnersForms(f), expect: everyone(403) } } }],
  },
  ...Object.fromEntries(
    [
      "",
      "/horses",
      "/winners",
      "/runners",
      "/owners",
      "/team",
      "/news",
      "/contact-info",
      "/site",
      "/billing",
      "/messages",
      "/trash",
      "/account",
      "/billing/horses",
      "/billing/costs",
    ].map((tab) => [`/admin${tab}`, { cases: [{ get: ADMIN_ONLY, post: ADMIN_FORMS }] }]),
  ),
  "/admin/activity": open(ADMIN_ONLY),
  "/sign-out": {
    public: "ends only the caller's own session",
    cases: [
      {
        get: everyone(405),
        post: {
          "sign-out": {
            bodies: () => [{ scope: "local" }, { scope: "others" }, { scope: "global" }],
            expect: { ...everyone({ skip: "it signs them out: tested below" }), anonymous: HOME },
          },
        },
      },
    ],
  },
  "/__test/image-upload": {
    cases: [
      {
        get: ADMIN_ONLY,
        post: { upload: { bodies: () => [{ altText: "x" }], expect: { ...ADMIN_ONLY, admin: RUNS } } },
      },
    ],
  },
  "/*": { cases: [{ name: "an address of nothing", params: () => ({ "*": "no-such-page" }), get: everyone(404) }] },
};

// ---------------------------------------------------------------------------------------------
// The stable the matrix runs against.

async function seedRecords() {
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
    horse,
    ids: {
      horse: horse.id,
      winner: winner.id,
      member: member.id,
      runner: runner.id,
      run: run.id,
      trash: trashed!.trashId,
    },
  };
}

let privatePhoto: ReturnType<typeof storedPostPhoto> | undefined;

/**
 * Horse A (Nordlys) and horse B (Bifrost), an owner of each, a guest of A's owner (and one who has
 * not accepted yet), a revoked owner of A whose session was left behind (the state changed alone,
 * as if the sessions had not been deleted), an administrator and a member, each signed in; A's
 * private update with its photo, a public post, the calendar addresses.
 */
async function seedStable() {
  const { horse, ids } = await seedRecords();
  const horseB = await testHorse("Bifrost");
  const ownerA = await signedIn(await createOwner({ horseIds: [horse.id], name: "Anna" }));
  const ownerB = await signedIn(await createOwner({ horseIds: [horseB.id], name: "Bo" }));
  const guestA = await signedIn(await createGuest(ownerA.user.id, { name: "Gitte" }));
  // One for each language's settings page to resend and remove.
  const pendingEn = await createGuest(ownerA.user.id, { name: "Palle", active: false });
  const pendingDa = await createGuest(ownerA.user.id, { name: "Pia", active: false });
  const revoked = await signedIn(await createOwner({ horseIds: [horse.id], name: "Rolf" }));
  const revokedCalendar = await renewCalendarToken(revoked.user.id, horse.id);
  await revokeLeavingSessions(revoked.user.id);
  const admin = await signedInUser({ admin: true });
  const member = await signedInUser({ email: "member@example.com" });
  // One stored file for every database the test seeds (the storage outlives them).
  const photo = await (privatePhoto ??= storedPostPhoto({ private: true }));
  const update = await createPost(ownersUpdate([horse.id], [photo], { title: "Private morning work" }));
  const story = await createPost({ ...ownersUpdate([horse.id], [], { title: "Derby day" }), audience: "public" });
  // A's owner's account: January's invoice issued, February's a draft, a planned cost awaiting approval.
  const billing = await ownerAccountFixtures(ownerA.user.id, horse.id);
  return {
    billing,
    ids,
    horseA: { id: horse.id, slug: horse.slug! },
    horseB: { id: horseB.id, slug: horseB.slug! },
    ownerA: ownerA.user.id,
    ownerB: ownerB.user.id,
    guestA: guestA.user.id,
    pendingGuestA: { en: pendingEn.id, da: pendingDa.id } satisfies Record<Lang, string>,
    revoked: revoked.user.id,
    cookies: {
      anonymous: undefined,
      member: member.cookie,
      admin: admin.cookie,
      ownerA: ownerA.cookie,
      ownerB: ownerB.cookie,
      guestA: guestA.cookie,
      revoked: revoked.cookie,
    } satisfies Record<Role, string | undefined>,
    calendar: { ownerA: await renewCalendarToken(ownerA.user.id, horse.id), revoked: revokedCalendar },
    photo: { photo: photo.url, variant: variantUrl(photo.url, 320, "webp") },
    news: { public: story.slug, update: update.slug },
  };
}
type Fixtures = Awaited<ReturnType<typeof seedStable>>;

// ---------------------------------------------------------------------------------------------
// Reading the answers.

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
  // Read side by side: on PostgreSQL each table on a connection of the pool.
  const read = tables
    .map(({ name }) => name)
    .filter((name) => !name.startsWith("schema_migrations"))
    .sort()
    .map(async (name) => {
      const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db())).rows;
      return [name, rows.map((r) => JSON.stringify(r)).sort()] as const;
    });
  return Object.fromEntries(await Promise.all(read)) as Record<string, string[]>;
}

/** The tables that differ between two snapshots, for a failure's message. */
function changedTables(before: Record<string, string[]>, after: Record<string, string[]>) {
  return Object.keys({ ...before, ...after }).filter((t) => JSON.stringify(before[t]) !== JSON.stringify(after[t]));
}

/** Fills an address pattern's parameters. */
function concrete(path: string, params: Record<string, string> = {}) {
  return path.replace(/:(\w+)/g, (_, name: string) => params[name]!).replace(/\*$/, () => params["*"]!);
}

/** The location an outcome redirects to, for a request to `url` (path and query); null: not a redirect. */
function locationOf(outcome: Outcome, url: string, method: string): string | null {
  if (typeof outcome === "number") return null;
  const { pathname, search } = new URL(url, "http://localhost");
  if (outcome === HERE) return pathname;
  if (outcome === SIGN_IN) {
    const back = method === "GET" ? `${pathname}${search}` : pathname;
    return `${pathTo("auth", { lang: langFromPath(pathname) })}?redirectTo=${encodeURIComponent(back)}`;
  }
  return outcome.to;
}

/** Whether an answer is the outcome (`url`: the address as the page has it, without `.data`). */
function matches(answer: Answer, outcome: Outcome, url: string, method: string, data: boolean) {
  const location = locationOf(outcome, url, method);
  if (location === null) return answer.status === outcome && !answer.location;
  const redirected = data ? answer.status === 202 : answer.status >= 300 && answer.status < 400;
  return redirected && answer.location === location;
}

const describeOutcome = (outcome: Outcome | Runs | Skip) => JSON.stringify(outcome);
const describeAnswer = (answer: Answer) => JSON.stringify({ status: answer.status, location: answer.location });

/** A refusal's answers that count for the forged forms (a redirect to sign in or away, 401, 403). */
const REFUSED = [301, 302, 303, 307, 308, 401, 403];

const rows = routeRows();
const ruleOf = (row: RouteRow) => {
  const rule = RULES[row.path];
  if (!rule) throw new Error(`${row.path} (${row.file}) has no rule in RULES (app/routes/authorization.test.ts)`);
  return rule;
};
/** A feed, site file or download: its `.data` address is 404 for everyone (server/render-app.ts). */
const isResource = (row: RouteRow) => {
  const entry = REGISTRY.find((e) => e.file === row.file);
  return !!entry && entry.kind !== "page";
};
/**
 * A network of its own for each form sent: the limits per network (tested beside the forms) would
 * otherwise answer 429 in the rule's place once the matrix has sent enough.
 */
let networks = 0;
const fromOwnNetwork = () => {
  networks++;
  return { [CLIENT_IP_HEADER]: `2001:db8:${(networks >> 16) & 0xffff}:${networks & 0xffff}::1` };
};

/** The address an action of the row is posted to: an index route's forms say `?index`. */
const postUrl = (row: RouteRow, path: string, data: boolean) =>
  `${data ? dataPath(path) : path}${row.index ? "?index" : ""}`;

let handle: Awaited<ReturnType<typeof siteHandler>>;
beforeAll(async () => {
  handle = await siteHandler();
}, 60_000);

describe(`authorization matrix (${testEngine})`, () => {
  it("has a rule for every address of the route table and for nothing else", () => {
    const paths = rows.map((r) => r.path);
    const missing = rows.filter((r) => !(r.path in RULES)).map((r) => `${r.path} (${r.file})`);
    const extra = Object.keys(RULES).filter((p) => !paths.includes(p));
    expect(
      missing,
      `No rule in RULES (app/routes/authorization.test.ts) for ${missing.join(", ")}: say what each role gets there`,
    ).toEqual([]);
    expect(extra, `Rules in RULES for addresses app/routes.ts does not have: ${extra.join(", ")}`).toEqual([]);
    // The table read: the registry's pages in both languages, the downloads, the tabs, the catch-all.
    for (const path of [
      "/",
      "/da",
      "/da/ejerskab",
      "/owners/media/*",
      "/admin/news/subscribers.csv",
      "/admin",
      "/admin/trash",
      "/*",
    ])
      expect(paths).toContain(path);
    for (const entry of REGISTRY) expect(paths, entry.path).toContain(entry.path);
  });

  describe("every address, every role", () => {
    useSharedDatabase();
    let f: Fixtures;
    // The data after the last check: every check compares with it (nothing else writes in between).
    let last: Awaited<ReturnType<typeof snapshot>>;
    beforeAll(async () => {
      f = await seedStable();
      last = await snapshot();
    }, 60_000);
    /** The tables that changed since the last check, but those named. */
    const changedSinceLast = async (allowed: readonly string[] = []) => {
      const now = await snapshot();
      const changed = changedTables(last, now).filter((t) => !allowed.includes(t));
      last = now;
      return changed;
    };

    it("gives each parameter a fixture, and each action's declared intents a rule", async () => {
      for (const row of rows) {
        const rule = ruleOf(row);
        const mod = await routeModule(row.file);
        const names = [...row.path.matchAll(/:(\w+)|\*$/g)].map((m) => m[1] ?? "*");
        for (const c of rule.cases) {
          const given = Object.keys(c.params?.(f) ?? {});
          expect(
            given.sort(),
            `${row.path}${c.name ? ` (${c.name})` : ""}: the fixture must give its parameters`,
          ).toEqual(names.sort());
          expect(!!c.post, `${row.path}: a rule for its forms exactly when it has an action`).toBe(!!mod.action);
          if (!c.post) continue;
          // A form that is not anyone's declares its intents (adminAction, ownersAction), each with its rule;
          // the upload field's test page (test builds only) is checked as the tabs' uploads are, admin first.
          const intents = declaredIntents(mod);
          if (row.path.startsWith("/admin"))
            expect(
              intents?.length,
              `${row.path}'s action must be an adminAction declaring its intents`,
            ).toBeGreaterThan(0);
          else if (!rule.public && row.path !== "/__test/image-upload")
            expect(intents, `${row.path}: an action that is not public declares its intents`).not.toBeNull();
          if (intents && !("*" in c.post))
            expect(Object.keys(c.post).sort(), `${row.path}: a rule for each intent its action declares`).toEqual(
              [...intents].sort(),
            );
        }
        if (rule.public) expect(row.path.startsWith("/admin"), `${row.path} must not be public`).toBe(false);
      }
    });

    for (const row of rows) {
      it(`GET ${row.path}`, async () => {
        for (const c of ruleOf(row).cases) {
          const path = concrete(row.path, c.params?.(f));
          // The document, client navigation's data (`/_root.data` for the home page), and the route's own loader alone.
          const variants = [
            { url: path, data: false },
            { url: dataPath(path), data: true },
            ...(row.parents.length ? [{ url: `${dataPath(path)}?_routes=${row.id}`, data: true }] : []),
          ];
          await Promise.all(
            variants.flatMap(({ url, data }) =>
              ROLES.map(async (role) => {
                const answer = await handle(buildRequest(url, { cookie: f.cookies[role] }));
                const want = data && isResource(row) ? 404 : c.get[role];
                const where = `GET ${url}${c.name ? ` (${c.name})` : ""} as ${role}: wanted ${describeOutcome(want)}, got ${describeAnswer(answer)}`;
                expect(matches(answer, want, path, "GET", data), where).toBe(true);
              }),
            ),
          );
          expect(await changedSinceLast(c.writes?.tables), `GET ${path} changed data`).toEqual([]);
        }
      });
    }

    // (An address without a rule gets its POST test too, which says so.)
    for (const row of rows.filter((r) => RULES[r.path]?.cases.some((c) => c.post) ?? true)) {
      it(`POST ${row.path}: every form, refused as the rule says, changes nothing`, async () => {
        const mod = await routeModule(row.file);
        let sent = 0;
        for (const c of ruleOf(row).cases) {
          const path = concrete(row.path, c.params?.(f));
          for (const role of ROLES) {
            // Each body of each form this role is refused, as a document; a form's first as navigation data too
            // (the same action answers both).
            const sends = Object.entries(c.post ?? {}).flatMap(([name, form]) => {
              const want = form.expect[role];
              if (typeof want === "object" && ("runs" in want || "skip" in want)) return [];
              const bodies = (name === "*" ? declaredIntents(mod)! : [name]).flatMap(
                (intent) => form.bodies?.(f, intent, langFromPath(path)) ?? [{ intent }],
              );
              return bodies.flatMap((body, i) =>
                (i === 0 ? [false, true] : [false]).map((data) => ({ want, body, data })),
              );
            });
            await Promise.all(
              sends.map(async ({ want, body, data }) => {
                const url = postUrl(row, path, data);
                const request = buildRequest(url, { cookie: f.cookies[role], form: body, headers: fromOwnNetwork() });
                const answer = await handle(request);
                // As a document, the page's own redirect answers a form its action turned down with data.
                const page = c.get[role];
                const rendered = !data && typeof want === "number" && typeof page !== "number";
                const outcome = rendered ? page : want;
                const where = `POST ${url} ${JSON.stringify(body)} as ${role}: wanted ${describeOutcome(outcome)}, got ${describeAnswer(answer)}`;
                expect(matches(answer, outcome, path, rendered ? "GET" : "POST", data), where).toBe(true);
              }),
            );
            sent += sends.length;
            const writes = Object.values(c.post ?? {}).flatMap((form) => form.writes?.tables ?? []);
            expect(await changedSinceLast(writes), `POST ${path} as ${role} changed data`).toEqual([]);
          }
        }
        expect(sent).toBeGreaterThan(0);
      });
    }

    // Every form of every tab, and the owners' area's, with forged bodies aimed at every kind of
    // record, as anonymous and as a signed-in member: none gets past the check, none changes anything.
    it("refuses forged forms on every form that is not public", { timeout: 90_000 }, async () => {
      let checked = 0;
      for (const row of rows) {
        const rule = ruleOf(row);
        const mod = await routeModule(row.file);
        if (!mod.action || rule.public) continue;
        for (const c of rule.cases) {
          const path = concrete(row.path, c.params?.(f));
          const inAdmin = row.path.startsWith("/admin") || row.path === "/__test/image-upload";
          const forms = inAdmin ? forgedAdminForms(f, declaredIntents(mod) ?? []) : forgedOwnersForms(f);
          for (const role of ["anonymous", "member"] as const) {
            await Promise.all(
              forms.map(async (form) => {
                const answer = await handle(buildRequest(postUrl(row, path, false), { cookie: f.cookies[role], form }));
                expect(
                  REFUSED,
                  `POST ${path} ${JSON.stringify(form)} as ${role} answered ${describeAnswer(answer)}`,
                ).toContain(answer.status);
              }),
            );
            checked += forms.length;
            expect(await changedSinceLast(), `POST ${path} as ${role} changed data`).toEqual([]);
          }
        }
      }
      expect(checked).toBeGreaterThan(100);
    });
  });

  describe("the forms those who may send them reach", () => {
    useFreshDatabase();

    it("lets an administrator reach every intent each admin action declares", async () => {
      const f = await seedStable();
      let intents = 0;
      for (const row of rows) {
        for (const c of ruleOf(row).cases) {
          for (const [name, form] of Object.entries(c.post ?? {})) {
            if (form.expect.admin !== RUNS) continue;
            const mod = await routeModule(row.file);
            const path = concrete(row.path, c.params?.(f));
            for (const intent of name === "*" ? declaredIntents(mod)! : [name]) {
              const url = postUrl(row, path, true);
              const answer = await handle(buildRequest(url, { cookie: f.cookies.admin, form: { intent } }));
              const result = (answer.data as { data?: { errors?: unknown } } | undefined)?.data;
              const where = `POST ${url} intent=${intent} as an administrator answered ${describeAnswer(answer)}`;
              // Not the admin check's redirects (to /auth, or home with the access-denied toast)…
              expect(answer.location === "/" || !!answer.location?.startsWith("/auth"), where).toBe(false);
              // …nor the answer to an unknown intent (400 without field messages): the intent itself ran.
              expect(answer.status === 400 && !result?.errors, where).toBe(false);
              intents++;
            }
          }
        }
      }
      expect(intents).toBeGreaterThanOrEqual(20);
    });

    // In the order of the table and of each rule: what one form does (a guest removed) is not the next one's business.
    it("lets owners and guests use their own forms, in either language", async () => {
      const f = await seedStable();
      let reached = 0;
      for (const row of rows) {
        for (const c of ruleOf(row).cases) {
          const path = concrete(row.path, c.params?.(f));
          for (const [name, form] of Object.entries(c.post ?? {})) {
            for (const role of ROLES) {
              const want = form.expect[role];
              if (!isExactRun(want)) continue;
              for (const body of form.bodies?.(f, name, langFromPath(path)) ?? [{ intent: name }]) {
                const url = postUrl(row, path, false);
                const request = buildRequest(url, { cookie: f.cookies[role], form: body, headers: fromOwnNetwork() });
                const answer = await handle(request);
                const where = `POST ${url} ${JSON.stringify(body)} as ${role}: wanted ${describeOutcome(want.runs)}, got ${describeAnswer(answer)}`;
                expect(matches(answer, want.runs, path, "POST", false), where).toBe(true);
                reached++;
              }
            }
          }
        }
      }
      expect(reached).toBeGreaterThanOrEqual(20);
    });
  });

  describe("the owners' area", () => {
    useFreshDatabase();

    it("shows each owner and guest their own horses, updates and calendars only", async () => {
      const f = await seedStable();
      const horseA = f.horseA.slug;
      // What each owner's My Horses holds: their own horse, never the other's.
      const shown = async (who: Role) => {
        const outcome = await callRoute(
          "routes/owners.tsx",
          "loader",
          buildRequest("/owners", { cookie: f.cookies[who] }),
        );
        return JSON.stringify((outcome as { data: unknown }).data);
      };
      expect(await shown("ownerA")).toContain("Nordlys");
      expect(await shown("ownerA")).not.toContain("Bifrost");
      expect(await shown("guestA")).toContain("Nordlys");
      expect(await shown("ownerB")).not.toContain("Nordlys");

      // A's private update and its photo, on A's page for A's owner and guest, never on B's.
      const updatesOn = async (who: Role) => {
        const request = buildRequest(`/owners/horses/${horseA}`, { cookie: f.cookies[who] });
        const answer = await callRoute("routes/owners-horse.tsx", "loader", request, { slug: horseA });
        return JSON.stringify((answer as { data: unknown }).data);
      };
      expect(await updatesOn("ownerA")).toContain("Private morning work");
      expect(await updatesOn("guestA")).toContain(f.photo.photo);
      expect(await shown("ownerA")).toContain("Private morning work");
      expect(await shown("ownerB")).not.toContain("Private morning work");

      // The private calendars: the address is the authority, while its person may see the horse.
      const ics = async (token: string) => {
        const request = buildRequest(`/owners/calendar/${token}.ics`);
        const response = (await callRoute("routes/owners-calendar.ts", "loader", request, { token })) as Response;
        return {
          status: response.status,
          body: await response.text(),
          cacheControl: response.headers.get("Cache-Control"),
        };
      };
      const calendarB = await renewCalendarToken(f.ownerB, f.horseB.id);
      await createRunner({ horseId: f.horseA.id, raceName: "Future Cup", raceDate: "2099-01-01" });
      expect(await ics(f.calendar.ownerA)).toMatchObject({ status: 200, cacheControl: "private, no-store" });
      expect((await ics(f.calendar.ownerA)).body).toContain("SUMMARY:Nordlys – Future Cup");
      expect((await ics(calendarB)).body).not.toContain("Future Cup");
      expect((await ics(f.calendar.revoked)).status).toBe(404);
      // The address for all of one's horses: theirs only, and never after their access ends.
      const allA = await renewAllHorsesCalendar(f.ownerA);
      const allB = await renewAllHorsesCalendar(f.ownerB);
      expect((await ics(allA)).body).toContain("SUMMARY:Nordlys – Future Cup");
      expect((await ics(allB)).body).not.toContain("Future Cup");
      expect((await ics(allB)).status).toBe(200);
      expect((await ics("A".repeat(43))).status).toBe(404);
      await revokeOwner(f.ownerA);
      expect((await ics(f.calendar.ownerA)).status).toBe(404);
      expect((await ics(allA)).status).toBe(404);
      // Revoke Access ends the guest's access with the host's.
      const guestPage = await handle(buildRequest(`/owners/horses/${horseA}`, { cookie: f.cookies.guestA }));
      expect(guestPage.location).toBe(`/auth?redirectTo=${encodeURIComponent(`/owners/horses/${horseA}`)}`);
    });

    it("bounds the mail anyone but an administrator can cause, per actor and per recipient", async () => {
      const f = await seedStable();
      const post = (cookie: string | undefined, form: Record<string, string>, ip = "203.0.113.5") =>
        callRoute(
          "routes/owners-settings.tsx",
          "action",
          buildRequest("/owners/settings", { cookie, form, headers: { "x-client-ip": ip } }),
        );
      const mailTo = async (address: string) =>
        (await db().selectFrom("mail_queue").select("id").where("to_address", "=", address).execute()).length;

      // A's pending guest: 40 resends by everyone, A among them, from many networks; at most 3 mails reach it.
      await post(f.cookies.ownerA, {
        intent: "invite-guest",
        name: "Pending",
        email: "pending@example.com",
        language: "en",
      });
      const pending = await db()
        .selectFrom("users")
        .select("id")
        .where("email", "=", "pending@example.com")
        .executeTakeFirstOrThrow();
      const { anonymous, ownerA, ownerB, guestA, revoked, admin, member } = f.cookies;
      const everyone = [anonymous, ownerA, ownerB, guestA, revoked, admin, member];
      for (let i = 0; i < 40; i++) {
        await post(everyone[i % everyone.length], { intent: "resend-guest", id: pending.id }, `198.51.100.${i}`);
      }
      expect(await mailTo("pending@example.com")).toBe(3);

      // One owner: at most 10 invitation mails an hour, whatever the addresses and networks.
      for (let i = 0; i < 20; i++) {
        await post(
          f.cookies.ownerB,
          { intent: "invite-guest", name: "Guest", email: `b${i}@example.com`, language: "en" },
          `192.0.2.${i}`,
        );
        const guest = await db()
          .selectFrom("owner_accounts")
          .select("user_id")
          .where("host_id", "=", f.ownerB)
          .executeTakeFirst();
        await post(f.cookies.ownerB, { intent: "remove-guest", id: guest?.user_id ?? "none" });
      }
      let sent = 0;
      for (let i = 0; i < 20; i++) sent += await mailTo(`b${i}@example.com`);
      expect(sent).toBe(10);

      // Questions about a cost reach the stable: 5 an hour per owner whatever the networks; B's on A's cost none.
      const ask = (cookie: string | undefined, i: number) =>
        callRoute(
          "routes/owners-invoices.tsx",
          "action",
          buildRequest("/owners/invoices", {
            cookie,
            form: { intent: "ask-cost", id: f.billing.cost, question: `Question ${i}` },
            headers: { "x-client-ip": `198.18.0.${i}` },
          }),
        );
      for (let i = 0; i < 12; i++) await ask(i % 2 ? f.cookies.ownerA : f.cookies.ownerB, i);
      const questions = await db().selectFrom("mail_queue").select("id").where("kind", "=", "cost-question").execute();
      expect(questions).toHaveLength(5);

      // Anonymous: the newsletter's confirmation, one waiting at a time for one address, from any number of networks.
      for (let i = 0; i < 12; i++) {
        const form = {
          email: "victim@example.com",
          language: "en",
          [FORM_STAMP_FIELD]: issueFormStamp(new Date(Date.now() - 60_000)),
        };
        await callRoute(
          "routes/news.tsx",
          "action",
          buildRequest("/news", { form, headers: { "x-client-ip": `2001:db8:${i}::1` } }),
        );
      }
      expect(await mailTo("victim@example.com")).toBe(1);
    });
  });

  describe("signing out", () => {
    useFreshDatabase();

    it("lets sign-out change nothing for anonymous visitors", async () => {
      await signedInUser({ admin: true });
      const before = await snapshot();
      for (const scope of ["local", "others", "global"]) {
        const answer = await handle(buildRequest("/sign-out", { form: { scope } }));
        expect(REFUSED).toContain(answer.status);
      }
      expect(await snapshot()).toEqual(before);
      expect((await handle(buildRequest("/sign-out"))).status).toBe(405);
    });
  });
});

/** A form its person reaches with a known answer (the owners' forms), not just "past the admin check" (RUNS). */
function isExactRun(want: Outcome | Runs | Skip | undefined): want is { runs: Outcome } {
  return typeof want === "object" && "runs" in want && want.runs !== "intent";
}

/** The forged bodies of the admin forms: aimed at the seeded records, with every intent the action declares. */
function forgedAdminForms(f: Fixtures, intents: readonly string[]): Array<Record<string, string>> {
  const { ids } = f;
  const valid = {
    email: "intruder@example.com",
    password: "Intruder-Password-1",
    confirm: "Intruder-Password-1",
    token: "forged",
  };
  return [
    {},
    { intent: "delete", id: ids.horse, ...valid },
    { intent: "delete", id: ids.winner },
    { intent: "delete", id: ids.member },
    { intent: "delete", id: ids.run },
    { intent: "result", id: ids.runner, position: "1", prize: "100.000" },
    // Withdraw and Reinstate need only the id, which the declared intents below are sent with.
    { intent: "declare", id: ids.runner, jockey: "Forged", weight: "57,5", "equipment-blinkers": "on" },
    { intent: "create", horseId: ids.horse, raceName: "Forged", raceDate: "2026-06-04" },
    { intent: "update", id: ids.horse, name: "Hacked", news_text: "Hacked", newsText: "Hacked", address: "Hacked" },
    // The Trash tab and the Undo button of a delete toast.
    { intent: "undo", id: ids.trash, returnTo: "/admin/horses" },
    { intent: "restore", id: ids.trash },
    { intent: "purge", id: ids.trash },
    // Every intent the route declares, aimed at each kind of seeded record.
    ...intents.flatMap((intent) => Object.values(ids).map((id) => ({ intent, id, newsText: "Hacked", altText: "x" }))),
  ];
}

/** The owners' area's forms, and one of the admin bodies, aimed at the seeded records. */
function forgedOwnersForms(f: Fixtures): Array<Record<string, string>> {
  return [
    {},
    { intent: "calendar" },
    { intent: "settings", language: "da", "notice-result": "on" },
    { intent: "invite-guest", name: "Eve", email: "eve@example.com", language: "en" },
    { intent: "resend-guest", id: f.guestA },
    { intent: "remove-guest", id: f.guestA },
    { intent: "approval-limit", limit: "0" },
    { intent: "approve-cost", id: f.billing.cost },
    { intent: "ask-cost", id: f.billing.cost, question: "Forged" },
    forgedAdminForms(f, [])[1]!,
  ];
}
