import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createContactMessage } from "~/models/contact-message.server";
import { listQueuedMail } from "~/models/mail-queue.server";
import { db } from "~/platform/db.server";
import { TEST_DATABASE_URL, useFreshDatabase } from "@tests/db";
import { startSmtpServer, waitFor, type TestSmtpServer } from "@tests/smtp";

// Runs only with TEST_DATABASE_URL (vitest.config.ts includes *.pg.test.ts then): several instances need a server.
const root = path.resolve(import.meta.dirname, "..");
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

type Instance = {
  delivered: string[];
  logs: string[];
  /** Stops it the way the site stops: it finishes the deliveries it is making, then exits. */
  stop: () => Promise<void>;
};

/** A separate process delivering mail from `databaseUrl`, like one more instance of the site. */
async function startInstance(databaseUrl: string, smtp: TestSmtpServer): Promise<Instance> {
  const instance: Instance = { delivered: [], logs: [], stop: async () => {} };
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "tests/mail-instance.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtp.url,
      CONTACT_TO: "stable@example.dk",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let buffered = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split("\n");
    buffered = lines.pop()!;
    for (const line of lines) {
      instance.logs.push(line);
      if (!line.startsWith("{")) continue;
      const entry = JSON.parse(line) as { msg?: string; id?: string };
      if (entry.msg === "mail delivered" && entry.id) instance.delivered.push(entry.id);
    }
  });
  child.stderr!.on("data", (chunk: Buffer) => instance.logs.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  instance.stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  cleanups.push(instance.stop);
  await waitFor(() => instance.logs.includes("ready"), 30_000, `an instance to start:\n${instance.logs.join("\n")}`);
  return instance;
}

describe("PostgreSQL: mail with several instances", () => {
  useFreshDatabase();

  it("two instances on one database deliver every queued message exactly once", async () => {
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db());
    const url = new URL(TEST_DATABASE_URL!);
    url.pathname = `/${rows[0]!.name}`;
    const smtp = await startSmtpServer();
    cleanups.push(() => smtp.close());

    const count = 60;
    const messages = [];
    for (let i = 0; i < count; i++)
      messages.push(
        await createContactMessage(
          { name: `Visitor ${i}`, email: `visitor${i}@example.com`, message: `Message number ${i}` },
          { attemptLimit: 3 },
        ),
      );
    // Both start on a full queue, so they compete for the same rows from the first moment.
    const [a, b] = await Promise.all([startInstance(url.toString(), smtp), startInstance(url.toString(), smtp)]);

    await waitFor(() => smtp.received.length >= count, 60_000, "every message to arrive");
    // A duplicate would be on its way in a delivery still running: both finish theirs before they exit.
    await Promise.all([a.stop(), b.stop()]);
    expect(smtp.received).toHaveLength(count);
    const bodies = smtp.received.map((m) => /Message number (\d+)/.exec(m.body)?.[1]);
    expect(new Set(bodies).size).toBe(count);
    expect(smtp.received.every((m) => m.envelopeTo.join() === "stable@example.dk")).toBe(true);

    // Each instance did part of the work, and no mail was delivered by both.
    expect(a.delivered.length).toBeGreaterThan(0);
    expect(b.delivered.length).toBeGreaterThan(0);
    expect(a.delivered.length + b.delivered.length).toBe(count);
    expect(a.delivered.filter((id) => b.delivered.includes(id))).toEqual([]);
    const queue = await listQueuedMail({ kind: "contact" });
    expect(queue.map((m) => [m.state, m.attempts])).toEqual(Array.from({ length: count }, () => ["sent", 1]));
    expect(new Set(queue.map((m) => m.contactMessageId))).toEqual(new Set(messages.map((m) => m.id)));
  });
});
