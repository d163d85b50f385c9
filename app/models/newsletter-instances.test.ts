import { describe, expect, it } from "vitest";
import { confirmedSubscribers } from "@tests/subscribers";
import { testEngine, useFreshDatabase } from "@tests/db";
import { databaseEnvForInstance, startInstanceProcess } from "@tests/instance-process";
import { waitFor } from "@tests/smtp";
import { listQueuedMail } from "~/models/mail-queue.server";
import { createPost } from "~/models/post.server";

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
    const env = await databaseEnvForInstance();
    const instances = [0, 1].map(() => startInstanceProcess("tests/newsletter-instance.ts", env));
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
