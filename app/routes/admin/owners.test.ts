import { sql } from "kysely";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { buildRequest, createSession, signedInUser } from "@tests/auth";
import { answerOf, type ActionAnswer } from "@tests/action-answers";
import { useFreshDatabase } from "@tests/db";
import { createGuest, createOwner, testHorse } from "@tests/owners";
import { getUser } from "~/auth/auth.server";
import { listActivity } from "~/models/activity.server";
import { listQueuedMail } from "~/models/mail-queue.server";
import { getOwnerAccount, listOwners } from "~/models/owner-account.server";
import { db } from "~/platform/db.server";
import type { Toast } from "~/toast/toast";
import type { AdminActionData } from "./+shared/admin-action.server";
import * as ownersTab from "./owners";

useFreshDatabase();

let cookie = "";
beforeEach(async () => {
  cookie = (await signedInUser({ admin: true })).cookie;
});

type Outcome = ActionAnswer<AdminActionData>;

function run(handler: (args: never) => unknown, form?: Record<string, string>): Promise<Outcome> {
  const request = buildRequest("/admin/owners", { cookie, form });
  return answerOf(() => handler({ request, params: {}, context: {} } as never));
}

const success = (title: string, description?: string) =>
  expect.objectContaining({ type: "success", title, ...(description ? { description } : {}) });
const failure = (description: string) => expect.objectContaining({ type: "error", title: "Error", description });

const invitation = (horseIds: string[], fields: Record<string, string> = {}) => ({
  intent: "create",
  name: "Anna Holm",
  email: "anna@example.com",
  language: "da",
  ...Object.fromEntries(horseIds.map((id) => [`horse:${id}`, "1"])),
  ...fields,
});

describe("Owners tab", () => {
  it("invites an owner: the account, the horses, the mail and the spec's kind of toast", async () => {
    const [x, y] = [await testHorse("Xenia"), await testHorse("Yrsa")];
    const sent = await run(ownersTab.action, invitation([x.id]));
    const [owner] = await listOwners();
    expect(sent).toMatchObject({
      status: 302,
      location: `/admin/owners?saved=${owner!.userId}#item-${owner!.userId}`,
      toast: success("Invitation Sent", "anna@example.com gets a link to set a password, valid for 7 days."),
    });
    expect(owner).toMatchObject({ name: "Anna Holm", language: "da", status: "invited", horses: [{ id: x.id }] });
    expect((await listQueuedMail({ kind: "owner-invitation" })).map((m) => [m.toAddress, m.linkOrigin])).toEqual([
      ["anna@example.com", "http://localhost"],
    ]);
    const page = await run(ownersTab.loader);
    expect(page.data).toMatchObject({ owners: [{ id: owner!.userId, email: "anna@example.com" }], fetchError: null });
    expect((page.data as unknown as { horses: { name: string }[] }).horses.map((h) => h.name)).toEqual([
      "Xenia",
      "Yrsa",
    ]);
    expect(y).toBeDefined();
  });

  it("refuses bad input on its fields, keeping what was typed and storing nothing", async () => {
    const x = await testHorse("Xenia");
    await createUser("boss@example.com");
    const bad = await run(ownersTab.action, { intent: "create", name: " ", email: "nope", language: "fr" });
    expect(bad.status).toBe(400);
    expect(bad.data!.errors).toEqual({
      name: "Name is required",
      email: "Please enter a valid email address.",
      language: "Choose English or Danish",
      horses: "Choose at least one horse",
    });
    expect(bad.data!.values.email).toBe("nope");
    const admin = await run(ownersTab.action, invitation([x.id], { email: "boss@example.com" }));
    expect(admin.data!.errors).toEqual({
      email: "This e-mail address belongs to an administrator, who cannot also be an owner.",
    });
    const gone = await run(ownersTab.action, invitation(["no-such-horse"]));
    expect(gone.data!.errors).toEqual({ horses: "A chosen horse no longer exists. Choose again." });
    expect(await listOwners()).toEqual([]);
    expect(await listQueuedMail({ kind: "owner-invitation" })).toEqual([]);
  });

  it("edits, sends a new invitation, and revokes access at once, guests too", async () => {
    const [x, y] = [await testHorse("Xenia"), await testHorse("Yrsa")];
    const owner = await createOwner({ horseIds: [x.id], name: "Anna" });
    const guest = await createGuest(owner.id);
    const ownerSession = await createSession(owner);
    const edited = await run(ownersTab.action, {
      intent: "update",
      id: owner.id,
      name: "Anna Holm",
      language: "en",
      [`horse:${y.id}`]: "1",
    });
    expect(edited).toMatchObject({ status: 302, toast: success("Owner Updated", "Anna Holm has been updated.") });
    expect((await listOwners())[0]).toMatchObject({ name: "Anna Holm", horses: [{ id: y.id }] });

    const active = await run(ownersTab.action, { intent: "resend", id: owner.id });
    expect(active).toMatchObject({ status: 400, toast: failure("This owner already has access.") });

    const revoked = await run(ownersTab.action, { intent: "revoke", id: owner.id });
    expect(revoked).toMatchObject({
      status: 302,
      toast: success("Access Revoked", "Anna Holm and their guests are signed out and can no longer sign in."),
    });
    expect(await getUser(buildRequest("/owners", { cookie: ownerSession.cookie }))).toBeNull();
    expect((await getOwnerAccount(guest.id))!.state).toBe("revoked");
    expect((await listActivity({ kind: "revoke" })).entries).toHaveLength(1);

    const again = await run(ownersTab.action, { intent: "resend", id: owner.id });
    expect(again).toMatchObject({ status: 302, toast: success("Invitation Sent") });
    expect((await getOwnerAccount(owner.id))!.state).toBe("invited");
    expect(await run(ownersTab.action, { intent: "revoke", id: "nobody" })).toMatchObject({
      status: 404,
      toast: failure("Failed to revoke access"),
    });
  });

  it("answers a failing database with its 'Failed to …' toasts", async () => {
    const x = await testHorse("Xenia");
    const owner = await createOwner({ horseIds: [x.id] });
    await sql`alter table owner_accounts rename to owner_accounts_gone`.execute(db());
    const fails = async (form: Record<string, string>, text: string) =>
      expect(await run(ownersTab.action, form)).toMatchObject({ status: 500, toast: failure(text) });
    await fails(invitation([x.id]), "Failed to send invitation");
    await fails(
      { intent: "update", id: owner.id, name: "N", language: "en", [`horse:${x.id}`]: "1" },
      "Failed to update owner",
    );
    await fails({ intent: "resend", id: owner.id }, "Failed to send invitation");
    await fails({ intent: "revoke", id: owner.id }, "Failed to revoke access");
    const page = await run(ownersTab.loader);
    expect((page.data as unknown as { fetchError: Toast }).fetchError).toEqual(failure("Failed to fetch owners"));
  });
});

describe("Owners tab, addresses held by someone", () => {
  it("names who holds an address; a pending or revoked one is taken over on request, and any guest can be removed", async () => {
    const x = await testHorse("Xenia");
    const host = await createOwner({ horseIds: [x.id], name: "Anna Holm" });
    const pending = await createGuest(host.id, { name: "Gitte", email: "gitte@example.com", active: false });
    const refused = await run(ownersTab.action, invitation([x.id], { email: "gitte@example.com" }));
    expect(refused.status).toBe(400);
    expect(refused.data!.errors).toEqual({
      email: "This e-mail address belongs to Gitte, a guest of Anna Holm without access (invited or revoked).",
      takeOver: "Tick Take Over to remove that account (and an owner's guests) and send this invitation instead.",
    });
    expect(renderTab((await run(ownersTab.loader)).data, refused.data)).toContain('name="takeOver"');
    const taken = await run(ownersTab.action, invitation([x.id], { email: "gitte@example.com", takeOver: "1" }));
    expect(taken).toMatchObject({ status: 302, toast: success("Invitation Sent") });
    expect(await getOwnerAccount(pending.id)).toBeNull();
    expect((await listOwners()).map((o) => o.email)).toContain("gitte@example.com");

    const active = await createGuest(host.id, { name: "Bo", email: "bo@example.com" });
    const held = await run(ownersTab.action, invitation([x.id], { email: "bo@example.com", takeOver: "1" }));
    expect(held.data!.errors).toEqual({
      email: "This e-mail address belongs to Bo, a guest of Anna Holm with access. Remove the guest first.",
    });
    expect(renderTab((await run(ownersTab.loader)).data)).toContain("Remove guest Bo");
    const removed = await run(ownersTab.action, { intent: "remove-guest", id: active.id });
    expect(removed).toMatchObject({ status: 302, toast: success("Guest Removed", "Bo no longer has access.") });
    expect(await getOwnerAccount(active.id)).toBeNull();
    expect((await run(ownersTab.action, { intent: "remove-guest", id: active.id })).status).toBe(404);
    const { entries } = await listActivity({ kind: "revoke" });
    expect(entries.map((e) => [e.summary, e.actorEmail])).toEqual(
      expect.arrayContaining([
        ["Guest removed by the stable: Bo (bo@example.com), guest of Anna Holm", expect.any(String)],
        [
          "Address taken over for a new owner: Gitte (gitte@example.com), guest of Anna Holm (invited), removed",
          expect.any(String),
        ],
      ]),
    );
  });
});

/** The tab as the administrator's browser gets it, for the loader data given. */
function renderTab(data: unknown, actionData?: unknown) {
  const Tab = ownersTab.default as unknown as () => null;
  const Stub = createRoutesStub([
    { path: "/admin/owners", Component: Tab, loader: () => data, HydrateFallback: () => null },
  ]);
  const hydrationData = { loaderData: { 0: data }, ...(actionData ? { actionData: { 0: actionData } } : {}) };
  return renderToString(createElement(Stub, { initialEntries: ["/admin/owners"], hydrationData }));
}

describe("Owners tab, names as typed", () => {
  it("shows invisible and direction characters in owners' and guests' names by their code, as the Activity tab does", async () => {
    const x = await testHorse("Xenia");
    const owner = await createOwner({ horseIds: [x.id], name: "Bo\u202Eyenom" });
    await createGuest(owner.id, { name: "Eve\u200Bgnp.exe", email: "eve\u2066@example.com" });
    const html = renderTab((await run(ownersTab.loader)).data);
    expect(html).toContain("Bo[U+202E]yenom");
    expect(html).toContain("Eve[U+200B]gnp.exe");
    expect(html).not.toMatch(/[\u202E\u200B\u2066]/);
  });
});

describe("Owners tab in Danish", () => {
  it("says it in the administrator's language", async () => {
    await db().updateTable("users").set({ admin_language: "da" }).execute();
    const x = await testHorse("Xenia");
    const sent = await run(ownersTab.action, invitation([x.id]));
    expect(sent.toast).toEqual(success("Invitation sendt"));
    const bad = await run(ownersTab.action, { intent: "create", name: "", email: "", language: "en" });
    expect(bad.data!.errors).toMatchObject({ name: "Navn skal udfyldes", horses: "Vælg mindst én hest" });
  });
});

async function createUser(email: string) {
  const made = await signedInUser({ email, admin: true });
  return made.user;
}
