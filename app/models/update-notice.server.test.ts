import { describe, expect, test } from "vitest";
import { useFreshDatabase, testEngine } from "@tests/db";
import { createGuest, createOwner, testHorse } from "@tests/owners";
import { db } from "~/platform/db.server";
import { deleteHorse } from "./horse.server";
import { listQueuedMail } from "./mail-queue.server";
import { saveOwnerSettings } from "./owner-notice-settings.server";
import { createPost, deletePost, updatePost, type NewPost } from "./post.server";
import { nextUpdateNoticeAt, queueDueUpdateNotices } from "./update-notice.server";
import { restoreFromTrash } from "~/trash/trash.server";

useFreshDatabase();

const update = (values: Partial<NewPost> = {}): NewPost => ({
  title: "Xenia galloped well",
  body: "A **good** morning on the gallops.",
  audience: "owners",
  video: null,
  publishAt: new Date(Date.now() - 60_000).toISOString(),
  draft: false,
  horseIds: [],
  photos: [],
  ...values,
});

/** Who has been mailed an update notice, by address, sorted. */
const noticed = async () =>
  (await listQueuedMail({ kind: "owner-notice" })).map((m) => m.toAddress ?? "").sort((a, b) => a.localeCompare(b));

async function stable() {
  const [x, y, z] = [await testHorse("Xenia"), await testHorse("Yrsa"), await testHorse("Zelda")];
  const anna = await createOwner({ horseIds: [x.id, y.id], email: "anna@example.com" });
  const gitte = await createGuest(anna.id, { email: "gitte@example.com" });
  const bo = await createOwner({ horseIds: [y.id], email: "bo@example.com" });
  const quiet = await createOwner({ horseIds: [x.id], email: "quiet@example.com" });
  await saveOwnerSettings(quiet.id, {
    language: "en",
    notices: { entry: true, declaration: true, withdrawal: true, result: true, update: false },
  });
  const cleo = await createOwner({ horseIds: [z.id], email: "cleo@example.com" });
  return { x, y, z, anna, gitte, bo, quiet, cleo };
}

describe(`owners' update notices (${testEngine})`, () => {
  test("publishing tells each owner and guest of a tagged horse once, whatever number of their horses it names", async () => {
    const { x, y } = await stable();
    const saved = await createPost(update({ horseIds: [x.id, y.id] }));
    expect(saved.notices).toBe(3);
    expect(await noticed()).toEqual(["anna@example.com", "bo@example.com", "gitte@example.com"]);
    const rows = await db().selectFrom("owner_notices").select(["kind", "event"]).execute();
    expect(new Set(rows.map((r) => `${r.kind} ${r.event}`))).toEqual(new Set([`update post:${saved.id}`]));

    // Editing it tells nobody again; a horse tagged anew tells that horse's people only.
    expect((await updatePost(saved.id, update({ title: "Edited", horseIds: [x.id, y.id] })))!.notices).toBeNull();
    expect(await noticed()).toHaveLength(3);
    const z = await db().selectFrom("horses").select("id").where("name", "=", "Zelda").executeTakeFirstOrThrow();
    expect((await updatePost(saved.id, update({ horseIds: [x.id, y.id, z.id] })))!.notices).toBe(1);
    expect(await noticed()).toEqual(["anna@example.com", "bo@example.com", "cleo@example.com", "gitte@example.com"]);

    // Deleted into the trash and restored: still told once.
    const { trashId } = (await deletePost(saved.id))!;
    await restoreFromTrash(trashId);
    expect(await queueDueUpdateNotices()).toBe(0);
    expect(await noticed()).toHaveLength(4);
  });

  test("a draft tells nobody, a public post tells nobody, and a draft published later tells them then", async () => {
    const { x } = await stable();
    const draft = await createPost(update({ draft: true, horseIds: [x.id] }));
    expect(draft.notices).toBeNull();
    expect((await createPost(update({ audience: "public", title: "News", horseIds: [x.id] }))).notices).toBeNull();
    expect(await queueDueUpdateNotices()).toBe(0);
    expect(await noticed()).toEqual([]);
    expect((await updatePost(draft.id, update({ horseIds: [x.id] })))!.notices).toBe(2);
    expect(await noticed()).toEqual(["anna@example.com", "gitte@example.com"]);
  });

  test("a scheduled update tells its owners at its time, once, and a horse in the trash has nobody to tell", async () => {
    const { x, z } = await stable();
    const at = new Date(Date.now() + 60 * 60_000);
    const { id } = await createPost(update({ publishAt: at.toISOString(), horseIds: [x.id, z.id] }));
    await deleteHorse(z.id);
    expect(await nextUpdateNoticeAt()).toBe(at.toISOString());
    expect(await queueDueUpdateNotices()).toBe(0);
    expect(await noticed()).toEqual([]);
    const later = new Date(at.getTime() + 1_000);
    expect(await queueDueUpdateNotices(later)).toBe(2);
    expect(await queueDueUpdateNotices(later)).toBe(0);
    expect(await nextUpdateNoticeAt(later)).toBeNull();
    expect(await noticed()).toEqual(["anna@example.com", "gitte@example.com"]);
    const post = await db()
      .selectFrom("posts")
      .select("notices_queued_at")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(post.notices_queued_at).toBe(later.toISOString());
  });

  test("an owners-only post is never a newsletter, whatever the save asks", async () => {
    const { x } = await stable();
    const saved = await createPost(update({ newsletter: true, horseIds: [x.id] }));
    expect(saved.newsletter).toBeNull();
    const row = await db().selectFrom("posts").select(["newsletter", "newsletter_queued_at"]).executeTakeFirstOrThrow();
    expect(row).toEqual({ newsletter: 0, newsletter_queued_at: null });
    expect(await listQueuedMail({ kind: "newsletter" })).toEqual([]);
  });
});
