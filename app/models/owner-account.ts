import type { OwnerNoticeKind, OwnerState } from "@db/schema";

/**
 * What the pages and the browser share about owners' and guests' accounts. The queries are
 * owner-account.server.ts (accounts), owner-invitation.server.ts (invitation links),
 * owner-guest.server.ts (guests) and owner-notice-settings.server.ts (language and notices).
 */

export type { OwnerNoticeKind, OwnerState };

export type OwnerRole = "owner" | "guest";
export type OwnerLanguage = "en" | "da";

/** How the lists show an account: its state, and "expired" for an invitation whose link ran out unused. */
export type AccountStatus = OwnerState | "expired";

/**
 * The notices an owner or guest may get by e-mail, in the order Settings lists them: a horse entered,
 * declared, made a non-runner, its result, an update posted for it. Each can be turned off alone.
 */
export const NOTICE_KINDS = [
  "entry",
  "declaration",
  "withdrawal",
  "result",
  "update",
] as const satisfies readonly OwnerNoticeKind[];

export function isNoticeKind(value: unknown): value is OwnerNoticeKind {
  return typeof value === "string" && (NOTICE_KINDS as readonly string[]).includes(value);
}

/** Which notices a person gets. */
export type NoticeSettings = Record<OwnerNoticeKind, boolean>;

/** The largest number of guests an owner may have (invited or active). */
export const GUEST_LIMIT = 5;

/** How long an invitation link works. */
export const INVITATION_VALID_MS = 7 * 24 * 60 * 60_000;

/** Languages as the activity log names them. */
export const LANGUAGE_NAMES: Record<OwnerLanguage, string> = { en: "English", da: "Danish" };

/** An account as the activity log names it. */
export const accountLabel = (account: { name: string; email: string }) => `${account.name} (${account.email})`;
