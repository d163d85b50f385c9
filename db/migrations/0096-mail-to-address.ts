import type { Kysely } from "kysely";

/**
 * The mail queue by recipient: how many confirmation mails one address had lately (decision 0221),
 * and the mail of subscribers being erased, are looked up by address, not by a scan of every mail.
 */
export async function up(db: Kysely<any>) {
  await db.schema.createIndex("mail_queue_to_address").on("mail_queue").columns(["to_address", "kind"]).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("mail_queue_to_address").execute();
}
