import { createHorse } from "~/models/horse.server";
import { inviteOwner } from "~/models/owner-account.server";
import { inviteGuest } from "~/models/owner-guest.server";
import { acceptInvitation, issueInvitationLink } from "~/models/owner-invitation.server";
import type { OwnerLanguage } from "~/models/owner-account";
import { db } from "~/platform/db.server";
import { createSession, passwordHash, TEST_PASSWORD, type TestUser } from "./auth";

/**
 * Owners and guests for tests: invited through the model (as the Owners tab does) and, unless
 * `active: false`, given a password through their invitation link (as the welcome page does).
 */

let counter = 0;

export type TestOwner = TestUser & { name: string };

/** A horse with a name of its own (the required fields filled in). */
export function testHorse(name: string) {
  return createHorse({ name, age: 4, color: "Bay", sire: "Sire", dam: "Dam" });
}

/**
 * Uses a fresh invitation link. A running site's mail queue makes the link when it sends the
 * invitation, retiring any older one: a link it replaced between our two steps is taken again.
 */
async function activate(email: string, password: string) {
  const hash = await passwordHash(password);
  for (let attempt = 0; attempt < 5; attempt++) {
    const link = await issueInvitationLink(email);
    if (!link) throw new Error(`no invitation to accept for ${email}`);
    if (await acceptInvitation(link.token, hash)) return;
  }
  throw new Error(`the invitation of ${email} could not be accepted`);
}

export async function createOwner({
  horseIds,
  email = `owner${++counter}-${Date.now().toString(36)}@example.com`,
  name = `Owner ${counter}`,
  language = "en",
  password = TEST_PASSWORD,
  active = true,
}: {
  horseIds: string[];
  email?: string;
  name?: string;
  language?: OwnerLanguage;
  password?: string;
  active?: boolean;
}): Promise<TestOwner> {
  const { userId } = await inviteOwner({ name, email, language, horseIds });
  if (active) await activate(email, password);
  return { id: userId, email, name, password };
}

export async function createGuest(
  hostId: string,
  {
    email = `guest${++counter}-${Date.now().toString(36)}@example.com`,
    name = `Guest ${counter}`,
    language = "en",
    password = TEST_PASSWORD,
    active = true,
  }: { email?: string; name?: string; language?: OwnerLanguage; password?: string; active?: boolean } = {},
): Promise<TestOwner> {
  const invited = await inviteGuest(hostId, { name, email, language });
  if (!invited) throw new Error("the host cannot invite guests");
  if (active) await activate(email, password);
  return { id: invited.userId, email, name, password };
}

/** An owner or guest signed in: the account and a Cookie header value. */
export async function signedIn(user: TestUser) {
  const session = await createSession(user);
  return { user, cookie: session.cookie, session };
}

/** Marks the account revoked and nothing else: a session it holds stays, as one left over would. */
export async function revokeLeavingSessions(userId: string) {
  await db().updateTable("owner_accounts").set({ state: "revoked" }).where("user_id", "=", userId).execute();
}

/** The account's password rows (none once revoked or before the invitation is accepted). */
export function credentialsOf(userId: string) {
  return db().selectFrom("accounts").select("id").where("user_id", "=", userId).execute();
}

export function sessionsOf(userId: string) {
  return db().selectFrom("sessions").select("id").where("user_id", "=", userId).execute();
}
