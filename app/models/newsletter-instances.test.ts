import { describe, expect, it } from "vitest";
import { confirmedSubscribers } from "@tests/subscribers";
import { testEngine, useFreshDatabase } from "@tests/db";
import { databaseEnvForInstance, startInstanceProcess } from "@tests/instance-process";
import { createOwner, createGuest, testHorse } from "@tests/owners";
import { waitFor } from "@tests/smtp";
import { listQueuedMail } from "~/models/mail-queue.server";
import { createPost, type NewPost } from "~/models/post.server";

/** Two instances, each in a process of its own, doing the post schedule's work together once `publishAt` has come. */
async function twoInstancesAt(publishAt: string) {
  const env = await databaseEnvForInstance();
  const instances = [0, 1].map(() => startInstanceProcess("tests/post-schedule-instance.ts", env));
  for (const i of instances)
    await waitFor(() => i.out.includes("ready"), 30_000, `an instance to start: ${i.out.join("\n")}`);
  await waitFor(() => Date.now() > Date.parse(publishAt), 5_000, "the post's time");
  for (const i of instances) i.child.stdin.write("go\n");
  await Promise.all(instances.map((i) => i.exited));
  return instances
    .map((i) => {
      const line = i.out.find((l) => l.startsWith("queued "));
      expect(line, i.out.join("\n")).toBeDefined();
      return Number(line!.slice(7));
    })
    .sort((a, b) => a - b);
}

const raceDay = (values: Partial<NewPost>): NewPost => ({
  title: "Race day",
  body: "Off we go.",
  video: null,
  // Its time has just come; no instance has looked yet.
  publishAt: new Date(Date.now() + 1_000).toISOString(),
  draft: false,
  horseIds: [],
  photos: [],
  ...values,
});

describe(`several instances at a scheduled post's time (${testEngine})`, () => {
  useFreshDatabase();

  it("two instances reaching a scheduled post's time together queue it once: one mail per subscriber", async () => {
    const count = 600;
    await confirmedSubscribers(count);
    const values = raceDay({ newsletter: true });
    const post = await createPost(values);
    expect(post.newsletter).toBeNull();
    expect(await twoInstancesAt(values.publishAt)).toEqual([0, count]);
    const mail = await listQueuedMail({ kind: "newsletter" });
    expect(mail).toHaveLength(count);
    expect(new Set(mail.map((m) => m.toAddress)).size).toBe(count);
  });

  it("two instances reaching an owners-only post's time together tell each owner and guest once", async () => {
    const [x, y] = [await testHorse("Xenia"), await testHorse("Yrsa")];
    // One owner of both tagged horses (one mail, not two), a guest, and an owner of the second horse.
    const anna = await createOwner({ horseIds: [x.id, y.id] });
    const guest = await createGuest(anna.id);
    const bo = await createOwner({ horseIds: [y.id] });
    const values = raceDay({ audience: "owners", horseIds: [x.id, y.id] });
    expect((await createPost(values)).notices).toBeNull();
    expect(await twoInstancesAt(values.publishAt)).toEqual([0, 3]);
    const mail = await listQueuedMail({ kind: "owner-notice" });
    expect(mail.map((m) => m.toAddress).sort()).toEqual([anna.email, bo.email, guest.email].sort());
  });
});
