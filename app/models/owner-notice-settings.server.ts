import type { Kysely, Selectable } from "kysely";
import type { Database, OwnerAccountsTable } from "@db/schema";
import type { Actor } from "~/platform/actor.server";
import { db } from "~/platform/db.server";
import { changedFields, recordActivity } from "./activity.server";
import {
  accountLabel,
  LANGUAGE_NAMES,
  NOTICE_KINDS,
  type NoticeSettings,
  type OwnerLanguage,
  type OwnerNoticeKind,
} from "./owner-account";

/** An owner's or guest's own settings: the language of their mail and which notices they get. */

/** The column of each notice setting. */
export const NOTICE_COLUMNS = {
  entry: "notify_entries",
  declaration: "notify_declarations",
  withdrawal: "notify_withdrawals",
  result: "notify_results",
  update: "notify_updates",
} as const satisfies Record<OwnerNoticeKind, keyof OwnerAccountsTable>;

const NOTICE_NAMES: Record<OwnerNoticeKind, string> = {
  entry: "Entries",
  declaration: "Declarations",
  withdrawal: "Non-runners",
  result: "Results",
  update: "Updates",
};

export function noticeSettingsOf(row: Pick<Selectable<OwnerAccountsTable>, (typeof NOTICE_COLUMNS)[OwnerNoticeKind]>) {
  return Object.fromEntries(
    NOTICE_KINDS.map((kind) => [kind, Number(row[NOTICE_COLUMNS[kind]]) === 1]),
  ) as NoticeSettings;
}

/** An active account with what its settings' log entries name. */
function activeAccount(q: Kysely<Database>, userId: string) {
  return q
    .selectFrom("owner_accounts as o")
    .innerJoin("users as u", "u.id", "o.user_id")
    .select([
      "o.role",
      "o.name",
      "o.language",
      "u.email",
      "o.notify_entries",
      "o.notify_declarations",
      "o.notify_withdrawals",
      "o.notify_results",
      "o.notify_updates",
    ])
    .where("o.user_id", "=", userId)
    .where("o.state", "=", "active")
    .executeTakeFirst();
}

export type OwnerSettings = { language: OwnerLanguage; notices: NoticeSettings };

/** The person's own settings (language, notices), as they save them on Settings. False: no such active account. */
export async function saveOwnerSettings(userId: string, settings: OwnerSettings): Promise<boolean> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const before = await activeAccount(trx, userId);
      if (!before) return false;
      await trx
        .updateTable("owner_accounts")
        .set({
          language: settings.language,
          ...Object.fromEntries(NOTICE_KINDS.map((kind) => [NOTICE_COLUMNS[kind], settings.notices[kind] ? 1 : 0])),
        })
        .where("user_id", "=", userId)
        .execute();
      const shown = (language: OwnerLanguage, notices: NoticeSettings) => ({
        language: LANGUAGE_NAMES[language],
        notices: NOTICE_KINDS.filter((kind) => notices[kind])
          .map((kind) => NOTICE_NAMES[kind])
          .join(", "),
      });
      const changes = changedFields(
        shown(before.language, noticeSettingsOf(before)),
        shown(settings.language, settings.notices),
        {
          language: "Language",
          notices: "Notices",
        },
      );
      if (changes.length) {
        await recordActivity(
          {
            kind: "update",
            entity: before.role,
            entityId: userId,
            summary: `Settings saved: ${accountLabel(before)}`,
            changes,
          },
          { trx },
        );
      }
      return true;
    });
}

/**
 * Turns one kind of notice off (the unsubscribe link of a notice mail), in that person's name. Null
 * when there is no such active account; `changed` false when it was off already.
 */
export async function turnOffNotice(userId: string, kind: OwnerNoticeKind): Promise<{ changed: boolean } | null> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const row = await activeAccount(trx, userId);
      if (!row) return null;
      if (!noticeSettingsOf(row)[kind]) return { changed: false };
      await trx
        .updateTable("owner_accounts")
        .set({ [NOTICE_COLUMNS[kind]]: 0 })
        .where("user_id", "=", userId)
        .execute();
      const actor: Actor = { userId, email: row.email, via: "owners" };
      await recordActivity(
        {
          kind: "update",
          entity: row.role,
          entityId: userId,
          summary: `Notices turned off by the unsubscribe link: ${NOTICE_NAMES[kind]}, ${accountLabel(row)}`,
        },
        { trx, actor },
      );
      return { changed: true };
    });
}
