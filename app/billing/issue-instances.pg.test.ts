import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { billedOwner, horseInTraining, setUpStable } from "@tests/billing";
import { TEST_DATABASE_URL, useFreshDatabase } from "@tests/db";
import { waitFor } from "@tests/smtp";
import { getInvoice, listInvoices } from "~/models/invoice.server";
import { listQueuedMail } from "~/models/mail-queue.server";
import { db } from "~/platform/db.server";
import { issueInvoices } from "./issue.server";
import { runMonthlyDrafts } from "./monthly-drafts.server";

// Runs only with TEST_DATABASE_URL (vitest.config.ts includes *.pg.test.ts then): instances need a server.
const root = path.resolve(import.meta.dirname, "../..");
const FEB_1 = new Date("2026-02-01T08:00:00Z");
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function databaseUrl() {
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db());
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${rows[0]!.name}`;
  return url.toString();
}

type Instance = { lines: string[]; exited: Promise<void>; child: ChildProcess };

/** Another instance of the site issuing the drafts given, one by one, in a process of its own. */
async function instance(ids: string[]): Promise<Instance> {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/billing-instance.ts", ...ids], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: await databaseUrl() },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  let buffered = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    buffered += chunk.toString();
    const parts = buffered.split("\n");
    buffered = parts.pop()!;
    lines.push(...parts);
  });
  child.stderr!.on("data", (chunk: Buffer) => lines.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  cleanups.push(async () => {
    child.kill("SIGKILL");
    await exited;
  });
  return { lines, exited, child };
}

async function drafts(count: number) {
  await setUpStable();
  const emails: string[] = [];
  for (let i = 0; i < count; i++) {
    const owner = await billedOwner(`Owner ${String(i).padStart(2, "0")}`, { active: false });
    await horseInTraining(`Horse ${String(i).padStart(2, "0")}`, [{ ownerId: owner.id, hundredths: 10000 }]);
    emails.push(owner.email);
  }
  await runMonthlyDrafts({ month: "2026-01", now: FEB_1 });
  const all = await listInvoices({ state: "draft" });
  return { ids: all.map((d) => d.id), all };
}

async function issuedSeqs() {
  const rows = await db().selectFrom("invoices").select("seq").where("state", "=", "issued").orderBy("seq").execute();
  return rows.map((r) => Number(r.seq));
}

const oneTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe("PostgreSQL: invoice numbers with several instances", () => {
  useFreshDatabase();

  it("two other instances and this one issuing the same 20 drafts at once: each once, numbered 1 to 20", async () => {
    const { ids } = await drafts(20);
    const a = await instance(ids);
    const b = await instance([...ids].reverse());
    const here = await Promise.all(ids.map((id) => issueInvoices([id], { now: FEB_1 })));
    await Promise.all([a.exited, b.exited]);
    expect(a.lines.at(-1)).toBe("done");
    expect(b.lines.at(-1)).toBe("done");
    const issuedThere = [...a.lines, ...b.lines].filter((l) => l.startsWith("issued ")).length;
    const issuedHere = here.flat().filter((r) => r.outcome === "issued").length;
    expect(issuedThere + issuedHere).toBe(20);
    expect(await issuedSeqs()).toEqual(oneTo(20));
    expect(await listQueuedMail({ kind: "invoice" })).toHaveLength(20);
  });

  it("an instance that dies inside an issue, holding a number, leaves no gap: the number goes to the next invoice", async () => {
    const { all } = await drafts(6);
    const victim = all[3]!;
    const address = (await getInvoice(victim.id))!;
    const to = (await db()
      .selectFrom("owner_accounts as o")
      .innerJoin("users as u", "u.id", "o.user_id")
      .select("u.email")
      .where("o.user_id", "=", address.ownerId)
      .executeTakeFirstOrThrow())!.email;
    // The fourth invoice's mail stalls its transaction after it took its number.
    await sql`create function stall_mail() returns trigger language plpgsql as $$
      begin perform pg_sleep(120); return new; end $$`.execute(db());
    await sql`create trigger stall_mail before insert on mail_queue for each row
      when (new.to_address = ${sql.lit(to)}) execute function stall_mail()`.execute(db());
    const stalled = await instance(all.map((d) => d.id));
    await waitFor(
      async () => {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
          where query like 'insert into "mail_queue"%' and wait_event = 'PgSleep'`.execute(db());
        return rows[0]!.n === 1;
      },
      30_000,
      "the instance to stall inside the fourth issue",
    );
    expect(stalled.lines.filter((l) => l.startsWith("issued"))).toHaveLength(3);
    stalled.child.kill("SIGKILL");
    await stalled.exited;
    // The server ends the dead instance's connection (as TCP keepalive would): its transaction rolls back.
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where wait_event = 'PgSleep'`.execute(db());
    await waitFor(
      async () => (await db().selectFrom("number_series").select("next_seq").executeTakeFirstOrThrow()).next_seq === 4,
      30_000,
      "the rollback",
    );
    await sql`drop trigger stall_mail on mail_queue`.execute(db());

    expect(await issuedSeqs()).toEqual([1, 2, 3]);
    expect((await getInvoice(victim.id))!.state).toBe("draft");
    await issueInvoices(
      all.map((d) => d.id),
      { now: FEB_1 },
    );
    expect(await issuedSeqs()).toEqual(oneTo(6));
    expect((await getInvoice(victim.id))!.number).toBe("4");
    expect(await listQueuedMail({ kind: "invoice" })).toHaveLength(6);
  });
});
