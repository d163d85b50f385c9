import type { AdminLanguage } from "@db/schema";
import { db } from "~/platform/db.server";
import { faultOf } from "~/platform/faults.server";
import { log } from "~/platform/log.server";
import { recordActivity } from "./activity.server";

export type { AdminLanguage };

export const ADMIN_LANGUAGES: readonly AdminLanguage[] = ["en", "da"];

const LANGUAGE_NAMES: Record<AdminLanguage, string> = { en: "English", da: "Danish" };

export function isAdminLanguage(value: unknown): value is AdminLanguage {
  return typeof value === "string" && (ADMIN_LANGUAGES as readonly string[]).includes(value);
}

/**
 * The dashboard language an account chose (English until it chooses). A failed read is logged and
 * counts as English; a database that cannot be reached is passed on, as an outage.
 */
export async function getAdminLanguage(userId: string): Promise<AdminLanguage> {
  try {
    const row = await db().selectFrom("users").select("admin_language").where("id", "=", userId).executeTakeFirst();
    return isAdminLanguage(row?.admin_language) ? row.admin_language : "en";
  } catch (error) {
    if (faultOf(error)) throw error;
    log.error("dashboard language not read; using English", { userId, error });
    return "en";
  }
}

/** Keeps the account's dashboard language. False when there is no such account. */
export async function setAdminLanguage(userId: string, language: AdminLanguage): Promise<boolean> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const before = await trx
        .selectFrom("users")
        .select(["admin_language", "email"])
        .where("id", "=", userId)
        .executeTakeFirst();
      if (!before) return false;
      if (before.admin_language === language) return true;
      await trx.updateTable("users").set({ admin_language: language }).where("id", "=", userId).execute();
      await recordActivity(
        {
          kind: "update",
          entity: "account",
          entityId: userId,
          summary: `Dashboard language set to ${LANGUAGE_NAMES[language]}: ${before.email}`,
          changes: [
            {
              field: "Dashboard language",
              old: LANGUAGE_NAMES[isAdminLanguage(before.admin_language) ? before.admin_language : "en"],
              new: LANGUAGE_NAMES[language],
            },
          ],
        },
        { trx },
      );
      return true;
    });
}
