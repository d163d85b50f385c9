import { getAuth } from "./auth.server";
import { db } from "~/platform/db.server";
import { withTrustedHashing } from "./password-hashing.server";
import { grantAdmin } from "~/models/user-role.server";
import {
  findAddressHolder,
  heldAs,
  mayTakeOver,
  releaseAddress,
  type AddressHolder,
} from "~/models/owner-account.server";

/** The first-administrator page's refusal of an owner's or guest's address (it names nobody). */
export const OWNER_ADDRESS_TEXT =
  "This e-mail address belongs to an owner's or guest's account; it cannot be an administrator.";

/**
 * Owners and guests keep to the owners' area: their accounts are never made administrators. `held`
 * says whose the account is; one that is pending or revoked may be taken over instead.
 */
export class OwnerAccountError extends Error {
  constructor(readonly held: AddressHolder) {
    super(`This e-mail address belongs to ${heldAs(held)}; it cannot be an administrator.`);
  }
}

export type UserSummary = { id: string; email: string };

export function normaliseEmail(email: string) {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(email: string): Promise<UserSummary | null> {
  const row = await db()
    .selectFrom("users")
    .select(["id", "email"])
    .where("email", "=", normaliseEmail(email))
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Creates a user who signs in with e-mail and password (hashed by the auth library). Sign-up is
 * closed on the site, so this is the only way accounts come to exist: the first-administrator
 * page, the admin command and tests.
 */
export async function createUserWithPassword({
  email,
  password,
}: {
  email: string;
  password: string;
}): Promise<UserSummary> {
  return createUserWithPasswordHash({ email, passwordHash: await hashNewPassword(password) });
}

/** The same with the password already hashed by the auth library (`hashNewPassword`). */
export async function createUserWithPasswordHash({
  email,
  passwordHash,
}: {
  email: string;
  passwordHash: string;
}): Promise<UserSummary> {
  const ctx = await getAuth().$context;
  const address = normaliseEmail(email);
  const user = await ctx.internalAdapter.createUser(
    { email: address, name: address.split("@")[0] || address, emailVerified: true },
    { method: "admin" },
  );
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: passwordHash,
  });
  return { id: user.id, email: user.email };
}

/**
 * A new password as the sign-in library stores it. Only trusted callers set passwords (the setup
 * link, an invitation link, the admin command, tests): never refused, never queued behind sign-ins.
 */
export async function hashNewPassword(password: string) {
  const ctx = await getAuth().$context;
  return withTrustedHashing(() => ctx.password.hash(password));
}

/** Replaces the user's password (creating the credential when the user had none). */
export async function setUserPassword(userId: string, password: string) {
  const ctx = await getAuth().$context;
  const hash = await hashNewPassword(password);
  const accounts = await ctx.internalAdapter.findAccounts(userId);
  if (accounts.some((a) => a.providerId === "credential")) await ctx.internalAdapter.updatePassword(userId, hash);
  else await ctx.internalAdapter.linkAccount({ userId, providerId: "credential", accountId: userId, password: hash });
}

/** Creates the administrator, or promotes (and, given a password, re-keys) an existing user. */
export async function createOrPromoteAdmin({
  email,
  password,
  takeOver = false,
}: {
  email: string;
  password?: string;
  /** Free an address held by a pending or revoked owner or guest first (logged). */
  takeOver?: boolean;
}) {
  const holder = (await findAddressHolder(email))?.held;
  if (holder && takeOver && mayTakeOver(holder)) {
    await db()
      .transaction()
      .execute((trx) => releaseAddress(trx, email, "Address taken over for an administrator"));
  } else if (holder) {
    throw new OwnerAccountError(holder);
  }
  const existing = await findUserByEmail(email);
  if (existing) {
    if (password) await setUserPassword(existing.id, password);
    await grantAdmin(existing.id);
    return { user: existing, created: false };
  }
  if (!password) throw new Error("A password is needed to create a new user.");
  const user = await createUserWithPassword({ email, password });
  await grantAdmin(user.id);
  return { user, created: true };
}
