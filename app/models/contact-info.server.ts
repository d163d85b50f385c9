import type { Kysely } from "kysely";
import type { Database } from "@db/schema";
import { contentChanged } from "~/platform/invalidation.server";
import { db } from "~/platform/db.server";
import { changedFields, recordActivity } from "./activity.server";

export type ContactInfo = { address: string; phoneNumber: string; emailAddress: string };

export const EMPTY_CONTACT_INFO: ContactInfo = { address: "", phoneNumber: "", emailAddress: "" };

/** The single contact row (id 1), if it has been saved. */
function readRow(q: Kysely<Database>) {
  return q
    .selectFrom("contact_info")
    .select(["address", "phone_number", "email_address"])
    .where("id", "=", 1)
    .executeTakeFirst();
}

function toRow(info: ContactInfo) {
  return { address: info.address, phone_number: info.phoneNumber, email_address: info.emailAddress };
}

/** The single contact row; a missing row reads as empty. */
export async function getContactInfo(): Promise<ContactInfo> {
  const row = await readRow(db());
  if (!row) return EMPTY_CONTACT_INFO;
  return { address: row.address, phoneNumber: row.phone_number, emailAddress: row.email_address };
}

export async function saveContactInfo(values: ContactInfo): Promise<ContactInfo> {
  const row = toRow(values);
  await db()
    .transaction()
    .execute(async (trx) => {
      const before = await readRow(trx);
      await trx
        .insertInto("contact_info")
        .values({ id: 1, ...row })
        .onConflict((oc) => oc.column("id").doUpdateSet(row))
        .execute();
      const changes = changedFields(before ?? toRow(EMPTY_CONTACT_INFO), row, {
        address: "Stable Address",
        phone_number: "Phone Number",
        email_address: "Email Address",
      });
      await recordActivity(
        { kind: "update", entity: "contact-info", summary: "Contact information updated", changes },
        { trx },
      );
    });
  contentChanged();
  return getContactInfo();
}

export function isContactInfoEmpty(info: ContactInfo) {
  return !info.address.trim() && !info.phoneNumber.trim() && !info.emailAddress.trim();
}
