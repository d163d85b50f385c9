import type { Kysely } from "kysely";
import { afterEach, expect, test } from "vitest";
import { migrateToLatest, migrator } from "@db/migrations/migrator";
import type { DatabaseHandle } from "~/platform/db.server";
import { dropTestDatabases, emptyTestDatabase } from "@tests/db";

let handle: DatabaseHandle | undefined;

afterEach(async () => {
  await handle?.close();
  handle = undefined;
  await dropTestDatabases();
});

const now = "2026-02-01T10:00:00.000Z";

async function withOwner() {
  handle = await emptyTestDatabase();
  await migrateToLatest(handle.db);
  const raw = handle.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const pg = handle.engine === "postgres";
  await raw
    .insertInto("users")
    .values({
      id: "o1",
      name: "Anna",
      email: "anna@example.com",
      email_verified: pg ? true : 1,
      created_at: pg ? new Date(now) : now,
      updated_at: pg ? new Date(now) : now,
    })
    .execute();
  await raw
    .insertInto("owner_accounts")
    .values({
      user_id: "o1",
      role: "owner",
      name: "Anna",
      language: "da",
      state: "active",
      invited_at: now,
      created_at: now,
    })
    .execute();
  return raw;
}

const draft = {
  kind: "invoice",
  state: "draft",
  owner_id: "o1",
  period_start: "2026-01-01",
  period_end: "2026-01-31",
  created_at: now,
  updated_at: now,
};
const issued = {
  state: "issued",
  seq: 1,
  number: "1",
  issue_date: "2026-02-01",
  due_date: "2026-02-15",
  language: "da",
  seller: "{}",
  buyer: "{}",
  net_oere: 100,
  vat_oere: 25,
  total_oere: 125,
  issued_at: now,
};
const line = {
  position: 1,
  source: "manual",
  description: "Træningspenge",
  quantity: "1",
  unit: "day",
  unit_price_oere: 100,
  net_oere: 100,
  vat: "standard",
};

test("a horse's set of parts names each owner, and the stable's own part, once", async () => {
  const raw = await withOwner();
  const share = { horse_id: "h1", valid_from: "2026-01-01", created_at: now };
  await raw
    .insertInto("horse_shares")
    .values([
      { id: "s1", ...share, owner_id: "o1", hundredths: 6000 },
      { id: "s2", ...share, owner_id: null, hundredths: 4000 },
    ])
    .execute();
  await expect(
    raw
      .insertInto("horse_shares")
      .values({ id: "s3", ...share, owner_id: null, hundredths: 1 })
      .execute(),
  ).rejects.toThrow();
  await expect(
    raw
      .insertInto("horse_shares")
      .values({ id: "s4", ...share, owner_id: "o1", hundredths: 1 })
      .execute(),
  ).rejects.toThrow();
  await expect(
    raw
      .insertInto("horse_shares")
      .values({ id: "s5", ...share, valid_from: "2026-01-16", owner_id: "o1", hundredths: 10001 })
      .execute(),
  ).rejects.toThrow();
  // An owner with shares is not deleted with their account.
  await expect(raw.deleteFrom("users").where("id", "=", "o1").execute()).rejects.toThrow();
});

test("a receipt is a private file's key, never a public address", async () => {
  const raw = await withOwner();
  const cost = {
    cost_date: "2026-01-12",
    category: "vet",
    description: "Halthedsundersøgelse",
    amount_oere: 125000,
    vat: "standard",
    created_at: now,
    updated_at: now,
  };
  await raw
    .insertInto("costs")
    .values({ id: "c1", ...cost, receipt_key: "private/receipts/1767225600000-0123456789ab.pdf" })
    .execute();
  await expect(
    raw
      .insertInto("costs")
      .values({ id: "c2", ...cost, receipt_key: "/media/receipts/x.pdf" })
      .execute(),
  ).rejects.toThrow();
  await expect(
    raw
      .insertInto("costs")
      .values({ id: "c3", ...cost, category: "hay" })
      .execute(),
  ).rejects.toThrow();
});

test("an issued invoice and its lines cannot be changed or deleted, a draft can; a restore may replace both", async () => {
  const raw = await withOwner();
  await raw
    .insertInto("invoices")
    .values([
      { id: "d1", ...draft, run_month: "2026-01" },
      { id: "i1", ...draft },
    ])
    .execute();
  await raw
    .insertInto("invoice_lines")
    .values([
      { id: "dl1", invoice_id: "d1", ...line },
      { id: "il1", invoice_id: "i1", ...line },
    ])
    .execute();
  // Issuing is the draft's last change.
  await raw.updateTable("invoices").set(issued).where("id", "=", "i1").execute();
  // An issued invoice lacking what it needs, or a second draft for the same owner and month: refused.
  await expect(
    raw
      .insertInto("invoices")
      .values({ id: "x1", ...draft, state: "issued" })
      .execute(),
  ).rejects.toThrow();
  await expect(
    raw
      .insertInto("invoices")
      .values({ id: "x2", ...draft, run_month: "2026-01" })
      .execute(),
  ).rejects.toThrow();

  await raw.updateTable("invoice_lines").set({ description: "Ændret" }).where("id", "=", "dl1").execute();
  await raw.updateTable("invoices").set({ note: "ok" }).where("id", "=", "d1").execute();

  await expect(raw.updateTable("invoices").set({ note: "no" }).where("id", "=", "i1").execute()).rejects.toThrow(
    /issued invoice or credit note cannot be changed/,
  );
  await expect(raw.updateTable("invoices").set({ state: "draft" }).where("id", "=", "i1").execute()).rejects.toThrow();
  await expect(raw.deleteFrom("invoices").where("id", "=", "i1").execute()).rejects.toThrow(/cannot be deleted/);
  await expect(raw.updateTable("invoice_lines").set({ net_oere: 1 }).where("id", "=", "il1").execute()).rejects.toThrow(
    /lines of an issued/,
  );
  await expect(raw.deleteFrom("invoice_lines").where("id", "=", "il1").execute()).rejects.toThrow(/lines of an issued/);
  await expect(
    raw
      .insertInto("invoice_lines")
      .values({ id: "il2", invoice_id: "i1", ...line })
      .execute(),
  ).rejects.toThrow(/lines of an issued/);
  // Moving a draft's line onto an issued invoice is a change of the issued one.
  await expect(
    raw.updateTable("invoice_lines").set({ invoice_id: "i1" }).where("id", "=", "dl1").execute(),
  ).rejects.toThrow(/lines of an issued/);

  const read = await raw.selectFrom("invoices").select(["id", "note"]).orderBy("id").execute();
  expect(read).toEqual([
    { id: "d1", note: "ok" },
    { id: "i1", note: null },
  ]);

  await raw.deleteFrom("invoices").where("id", "=", "d1").execute();
  expect(await raw.selectFrom("invoice_lines").select("id").execute()).toEqual([{ id: "il1" }]);

  await raw.transaction().execute(async (trx) => {
    await trx.insertInto("restore_in_progress").values({ id: 1 }).execute();
    await trx.deleteFrom("invoice_lines").execute();
    await trx.deleteFrom("invoices").execute();
    await trx.deleteFrom("restore_in_progress").execute();
  });
  expect(await raw.selectFrom("invoices").select("id").execute()).toEqual([]);
});

test("the billing tables come and go cleanly", async () => {
  const raw = await withOwner();
  await raw
    .insertInto("invoices")
    .values({ id: "i1", ...draft, ...issued })
    .execute();
  await raw
    .insertInto("mail_queue")
    .values({
      id: "m1",
      kind: "invoice",
      to_address: "anna@example.com",
      created_at: now,
      attempt_limit: 3,
      next_attempt_at: now,
    })
    .execute();
  const m = migrator(handle!.db);
  const down = await m.migrateTo("0110-owner-all-horses-calendar");
  expect(down.error).toBeUndefined();
  expect(await raw.selectFrom("mail_queue").select("id").execute()).toEqual([]);
  const owner = await raw.selectFrom("owner_accounts").selectAll().executeTakeFirstOrThrow();
  expect(Object.keys(owner)).not.toContain("billing_kind");
  const up = await m.migrateToLatest();
  expect(up.error).toBeUndefined();
  const series = await raw.selectFrom("number_series").selectAll().execute();
  expect(series.map((s) => ({ ...s, next_seq: Number(s.next_seq) }))).toEqual([{ id: "documents", next_seq: 1 }]);
});
