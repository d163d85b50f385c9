import { spawn } from "node:child_process";
import path from "node:path";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { confirmedSubscribers } from "@tests/subscribers";
import { TEST_DATABASE_URL, testEngine, useFreshDatabase } from "@tests/db";
import { waitFor } from "@tests/smtp";
import { listQueuedMail } from "~/models/mail-queue.server";
import { createPost } from "~/models/post.server";
import { db, engine } from "~/platform/db.server";

const root = path.resolve(import.meta.dirname, "../..");

/** Where another process finds the test's database: its PostgreSQL URL or its SQLite file. */
async function databaseEnv(): Promise<Record<string, string>> {
  if (engine() === "postgres") {
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db());
    const url = new URL(TEST_DATABASE_URL!);
    url.pathname = `/${rows[0]!.name}`;
    return { DATABASE_URL: url.toString() };
  }
  const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db());
  return { SQLITE_FILE: rows[0]!.file };
}

function startInstance(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/newsletter-instance.ts"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  const out: string[] = [];
  child.stdout.on("data", (chunk: Buffer) => out.push(...chunk.toString().split("\n").filter(Boolean)));
  child.stderr.on("data", (chunk: Buffer) => out.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return { child, out, exited };
}

describe(`several instances queueing one post's newsletter (${testEngine})`, () => {
  useFreshDatabase();

  it("two instances reaching a scheduled post's time together queue it once: one mail per subscriber", async () => {
    const count = 600;
    await confirmedSubscribers(count);
    // Its time has just come; no instance has looked yet.
    const publishAt = new Date(Date.now() + 1_000).toISOString();
    const post = await createPost({
      title: "Race day",
      body: "Off we go.",
      language: "en",
      video: null,
      publishAt,
      draft: false,
      newsletter: true,
      horseIds: [],
      photos: [],
    });
    expect(post.newsletter).toBeNull();
    const env = await databaseEnv();
    const instances = [startInstance(env), startInstance(env)];
    for (const i of instances)
      await waitFor(() => i.out.includes("ready"), 30_000, `an instance to start: ${i.out.join("\n")}`);
    await waitFor(() => Date.now() > Date.parse(publishAt), 5_000, "the post's time");
    for (const i of instances) i.child.stdin.write("go\n");
    await Promise.all(instances.map((i) => i.exited));
    const counts = instances.map((i) => {
      const line = i.out.find((l) => l.startsWith("queued "));
      expect(line, i.out.join("\n")).toBeDefined();
      return Number(line!.slice(7));
    });
    expect(counts.sort((a, b) => a - b)).toEqual([0, count]);
    const mail = await listQueuedMail({ kind: "newsletter" });
    expect(mail).toHaveLength(count);
    expect(new Set(mail.map((m) => m.toAddress)).size).toBe(count);
  });
});
