import { sql, type Kysely } from "kysely";

/**
 * Owners-only posts move to an address space of their own (a double hyphen, which no public
 * address has): the public address they held is given up, so a public post of the same title no
 * longer gets '-2' for a hidden one (decision 0223). Taking them back could collide with public
 * posts written since, so `down` leaves the addresses as they are; the older code reads them fine.
 */
export async function up(db: Kysely<any>) {
  await sql`update posts set slug = slug || '--owners' where audience = 'owners' and slug not like '%--%'`.execute(db);
}

export async function down() {}
