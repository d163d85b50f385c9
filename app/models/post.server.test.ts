import { describe, expect, test } from "vitest";
import { useFreshDatabase } from "@tests/db";
import { countChanges } from "@tests/content-changes";
import { listActivity } from "~/models/activity.server";
import { createHorse, deleteHorse } from "~/models/horse.server";
import { runAs, type Actor } from "~/platform/actor.server";
import { restoreFromTrash } from "~/trash/trash.server";
import { db } from "~/platform/db.server";
import { PRIVATE_MEDIA_URL_PREFIX } from "~/media/image";
import { isSlugShaped } from "~/racing/slug";
import {
  AudienceChangedError,
  createPost,
  deletePost,
  getOwnerUpdate,
  getPublishedPost,
  latestPosts,
  listAllPosts,
  listOwnerUpdates,
  listPublishedPosts,
  listPublishedSlugs,
  nextScheduledAt,
  PhotoPlaceError,
  postOfPhoto,
  PRIVATE_PHOTO_PREFIX,
  postsTaggedWith,
  updatePost,
  type NewPost,
} from "./post.server";

useFreshDatabase();

const admin: Actor = { userId: "u1", email: "admin@example.com", via: "dashboard" };
const photo = (n: number) => ({ url: `/media/post-photos/p${n}.webp`, width: 1600, height: 1200 });
const horse = { name: "Nordlys", age: 4, color: "Bay", sire: "S", dam: "D" };

function post(values: Partial<NewPost> = {}): NewPost {
  return {
    title: "First Win of the Season",
    body: "Nordlys **won** today.",
    video: null,
    publishAt: "2026-05-01T10:00:00.000Z",
    draft: false,
    horseIds: [],
    photos: [],
    ...values,
  };
}

const now = new Date("2026-06-01T12:00:00Z");

describe("posts", () => {
  test("a post keeps its photos in order, its tagged horses and its video, and gets an address", async () => {
    const h = await createHorse(horse);
    const changes = countChanges();
    const { slug } = await createPost(
      post({
        video: { provider: "youtube", id: "dQw4w9WgXcQ" },
        horseIds: [h.id, h.id, "no-such-horse"],
        photos: [
          { position: 2, image: photo(2), description: "Second" },
          { position: 1, image: photo(1), description: "First" },
        ],
      }),
    );
    changes.stop();
    expect(changes.count).toBe(1);
    expect(slug).toBe("first-win-of-the-season");
    const saved = await getPublishedPost(slug, now);
    expect(saved).toMatchObject({
      title: "First Win of the Season",
      audience: "public",
      video: { provider: "youtube", id: "dQw4w9WgXcQ" },
      horses: [{ id: h.id, name: "Nordlys", slug: "nordlys" }],
    });
    expect(saved!.photos.map((p) => [p.position, p.description, p.image.url])).toEqual([
      [1, "First", photo(1).url],
      [2, "Second", photo(2).url],
    ]);
    expect((await createPost(post())).slug).toBe("first-win-of-the-season-2");
    expect(await postsTaggedWith(h.id, now)).toHaveLength(1);
  });

  test("drafts and scheduled posts stay off the public lists until their time", async () => {
    await createPost(post({ title: "Draft", draft: true }));
    await createPost(post({ title: "Later", publishAt: "2026-06-02T08:00:00.000Z" }));
    await createPost(post({ title: "Old", publishAt: "2026-01-01T08:00:00.000Z" }));
    await createPost(post({ title: "New", publishAt: "2026-05-30T08:00:00.000Z" }));
    expect((await latestPosts(3, now)).map((p) => p.title)).toEqual(["New", "Old"]);
    expect(await getPublishedPost("draft", now)).toBeNull();
    expect(await getPublishedPost("later", now)).toBeNull();
    expect(await nextScheduledAt(now)).toBe("2026-06-02T08:00:00.000Z");
    const later = new Date("2026-06-02T08:00:00Z");
    expect((await latestPosts(3, later)).map((p) => p.title)).toEqual(["Later", "New", "Old"]);
    expect(await nextScheduledAt(later)).toBeNull();
    expect(await listAllPosts()).toHaveLength(4);
  });

  test("ten a page, newest first", async () => {
    for (let i = 1; i <= 12; i++) {
      await createPost(post({ title: `Post ${i}`, publishAt: `2026-05-${String(i).padStart(2, "0")}T10:00:00.000Z` }));
    }
    const first = await listPublishedPosts({ page: 1 }, now);
    expect(first.pages).toBe(2);
    expect(first.posts).toHaveLength(10);
    expect(first.posts[0]!.title).toBe("Post 12");
    expect((await listPublishedPosts({ page: 2 }, now)).posts.map((p) => p.title)).toEqual(["Post 2", "Post 1"]);
  });

  test("an edit replaces, describes and removes photos, keeps the address and logs the changes", async () => {
    const { id, slug } = await createPost(
      post({
        photos: [
          { position: 1, image: photo(1), description: "One" },
          { position: 2, image: photo(2), description: "Two" },
        ],
      }),
    );
    const result = await runAs(admin, () =>
      updatePost(
        id,
        post({
          title: "Renamed",
          photos: [
            { position: 1, image: photo(3), description: "Three" },
            { position: 2, description: "", remove: true },
          ],
        }),
      ),
    );
    expect(result).toEqual({ replacedImageUrls: [photo(1).url, photo(2).url], slug, newsletter: null, notices: null });
    const saved = await getPublishedPost(slug, now);
    expect(saved!.title).toBe("Renamed");
    expect(saved!.photos.map((p) => p.image.url)).toEqual([photo(3).url]);
    expect(await updatePost("nope", post())).toBeNull();
    const { entries } = await listActivity();
    expect(entries[0]).toMatchObject({ summary: "Post updated: Renamed", changes: [{ field: "Title" }] });
  });

  test("an edit in the same minute keeps the publishing time to the second", async () => {
    const { id, slug } = await createPost(post({ publishAt: "2026-05-01T10:00:42.123Z" }));
    await updatePost(id, post({ publishAt: "2026-05-01T10:00:00.000Z" }));
    expect((await getPublishedPost(slug, now))!.publishAt).toBe("2026-05-01T10:00:42.123Z");
    await updatePost(id, post({ publishAt: "2026-05-01T11:00:00.000Z" }));
    expect((await getPublishedPost(slug, now))!.publishAt).toBe("2026-05-01T11:00:00.000Z");
  });

  test("a deleted post goes to the trash with its photos and tags and comes back whole", async () => {
    const h = await createHorse(horse);
    const { id, slug } = await createPost(
      post({ horseIds: [h.id], photos: [{ position: 1, image: photo(1), description: "One" }] }),
    );
    const changes = countChanges();
    const removed = await runAs(admin, () => deletePost(id));
    changes.stop();
    expect(changes.count).toBe(1);
    expect(await getPublishedPost(slug, now)).toBeNull();
    expect(await deletePost(id)).toBeNull();
    await runAs(admin, () => restoreFromTrash(removed!.trashId));
    const back = await getPublishedPost(slug, now);
    expect(back!.photos).toHaveLength(1);
    expect(back!.horses.map((x) => x.id)).toEqual([h.id]);
  });

  test("a post deleted before posts were bilingual comes back with its Danish texts in its Danish columns", async () => {
    const { id, slug } = await createPost(
      post({
        title: "Derbydag",
        body: "Vi **vandt**.",
        photos: [{ position: 1, image: photo(1), description: "Mål" }],
      }),
    );
    const removed = await runAs(admin, () => deletePost(id));
    // As migration 0100 found it: one language per post, its texts in the spec's columns.
    const entry = await db()
      .selectFrom("trash")
      .select("snapshot")
      .where("id", "=", removed!.trashId)
      .executeTakeFirstOrThrow();
    const snapshot = JSON.parse(entry.snapshot) as { row: Record<string, unknown>; photos: Record<string, unknown>[] };
    const { title_da: _t, body_da: _b, ...legacyRow } = snapshot.row;
    const legacy = {
      ...snapshot,
      row: { ...legacyRow, language: "da" },
      photos: snapshot.photos.map(({ description_da: _d, ...photoRow }) => photoRow),
    };
    await db()
      .updateTable("trash")
      .set({ snapshot: JSON.stringify(legacy) })
      .where("id", "=", removed!.trashId)
      .execute();
    await runAs(admin, () => restoreFromTrash(removed!.trashId));
    const back = await getPublishedPost(slug, now);
    expect(back).toMatchObject({ title: "", titleDa: "Derbydag", body: "", bodyDa: "Vi **vandt**." });
    expect(back!.photos.map((p) => [p.description, p.descriptionDa])).toEqual([["", "Mål"]]);
  });

  test("a deleted horse's tags come back with the horse", async () => {
    const h = await createHorse(horse);
    const { slug } = await createPost(post({ horseIds: [h.id] }));
    const removed = await deleteHorse(h.id);
    expect((await getPublishedPost(slug, now))!.horses).toEqual([]);
    await restoreFromTrash(removed!.trashId);
    expect((await getPublishedPost(slug, now))!.horses.map((x) => x.id)).toEqual([h.id]);
  });
});

describe("owners-only posts", () => {
  const privatePhoto = (n: number) => ({ url: `/owners/media/post-photos/p${n}.jpg`, width: 800, height: 600 });

  test("are on no public list or page, and on their horses' owners' pages once they are out", async () => {
    const h = await createHorse(horse);
    const other = await createHorse({ ...horse, name: "Bifrost" });
    const open = await createPost(post({ title: "For everyone", horseIds: [h.id] }));
    const owners = await createPost(
      post({
        title: "For the owners",
        audience: "owners",
        publishAt: "2026-05-02T10:00:00.000Z",
        horseIds: [h.id],
        photos: [{ position: 1, image: privatePhoto(1), description: "At the yard" }],
      }),
    );
    await createPost(post({ title: "Owners' draft", audience: "owners", draft: true, horseIds: [h.id] }));
    await createPost(
      post({ title: "Owners' later", audience: "owners", publishAt: "2026-07-01T10:00:00.000Z", horseIds: [h.id] }),
    );

    const titles = (posts: { title: string }[]) => posts.map((p) => p.title);
    expect(titles((await listPublishedPosts({}, now)).posts)).toEqual(["For everyone"]);
    expect(titles(await latestPosts(5, now))).toEqual(["For everyone"]);
    expect(titles(await postsTaggedWith(h.id, now))).toEqual(["For everyone"]);
    expect(await getPublishedPost(owners.slug, now)).toBeNull();
    expect((await getPublishedPost(open.slug, now))!.audience).toBe("public");
    expect((await listPublishedSlugs(now)).map((p) => p.slug)).toEqual([open.slug]);
    // The page cache's timer is for public posts only.
    expect(await nextScheduledAt(now)).toBeNull();

    const updates = await listOwnerUpdates(h.id, {}, now);
    expect(updates.map((p) => [p.title, p.audience])).toEqual([["For the owners", "owners"]]);
    expect(updates[0]!.photos.map((p) => p.image.url)).toEqual([privatePhoto(1).url]);
    expect(await listOwnerUpdates(other.id, {}, now)).toEqual([]);
    expect(titles(await listOwnerUpdates(h.id, { limit: 1 }, new Date("2026-07-02T00:00:00Z")))).toEqual([
      "Owners' later",
    ]);
    expect((await getOwnerUpdate(owners.id, h.id, now))!.title).toBe("For the owners");
    expect(await getOwnerUpdate(owners.id, other.id, now)).toBeNull();
    expect(await getOwnerUpdate(open.id, h.id, now)).toBeNull();

    expect(await postOfPhoto([privatePhoto(1).url, "/owners/media/post-photos/p1.png"], now)).toEqual({
      audience: "owners",
      out: true,
      horseIds: [h.id],
    });
    expect(await postOfPhoto([privatePhoto(9).url], now)).toBeNull();
  });

  test("a move between audiences points the kept photos at their copies and answers the old ones as replaced", async () => {
    const { id } = await createPost(
      post({
        photos: [
          { position: 1, image: photo(1), description: "One" },
          { position: 2, image: photo(2), description: "Two" },
        ],
      }),
    );
    const move = { from: "public" as const, photos: new Map([[photo(1).url, privatePhoto(1).url]]) };
    const saved = await runAs(admin, () =>
      updatePost(id, post({ audience: "owners", photos: [{ position: 2, description: "", remove: true }] }), { move }),
    );
    expect(saved!.replacedImageUrls.sort()).toEqual([photo(1).url, photo(2).url].sort());
    const [after] = await listAllPosts();
    expect(after!.audience).toBe("owners");
    expect(after!.photos.map((p) => p.image.url)).toEqual([privatePhoto(1).url]);
    const { entries } = await listActivity();
    expect(entries[0]!.changes).toContainEqual({
      field: "Audience",
      old: "Everyone",
      new: "Owners of the tagged horses",
    });
    // A save that would leave a photo in the wrong place for the audience is refused whole.
    await expect(updatePost(id, post({ audience: "public" }))).rejects.toThrow(PhotoPlaceError);
    await expect(
      createPost(post({ audience: "owners", photos: [{ position: 1, image: photo(5), description: "" }] })),
    ).rejects.toThrow(PhotoPlaceError);
    expect(PRIVATE_PHOTO_PREFIX).toBe(PRIVATE_MEDIA_URL_PREFIX);
    // Copies made for a move the post already had (another save was first) are not used.
    await expect(updatePost(id, post({ audience: "public" }), { move })).rejects.toThrow(AudienceChangedError);
    expect((await listAllPosts())[0]!.audience).toBe("owners");
  });
});

describe("addresses of owners-only posts", () => {
  test("never take a public address: a public post of the same title gets the plain one, not '-2'", async () => {
    const h = await createHorse(horse);
    const hidden = await createPost(post({ title: "Foal news", audience: "owners", horseIds: [h.id] }));
    // Not an address a visitor can ask for: it is refused before the database is asked.
    expect(isSlugShaped(hidden.slug)).toBe(false);
    const shown = await createPost(post({ title: "Foal news" }));
    expect(shown.slug).toBe("foal-news");
    const second = await createPost(post({ title: "Foal news", audience: "owners", horseIds: [h.id] }));
    expect(new Set([hidden.slug, second.slug, shown.slug]).size).toBe(3);
  });

  test("a public post made owners-only gives its address up; one made public again gets a public one", async () => {
    const h = await createHorse(horse);
    const values = post({ title: "Plans", horseIds: [h.id] });
    const made = await createPost(values);
    expect(made.slug).toBe("plans");
    const hidden = await updatePost(made.id, { ...values, audience: "owners" });
    expect(isSlugShaped(hidden!.slug)).toBe(false);
    expect((await createPost(post({ title: "Plans" }))).slug).toBe("plans");
    const back = await updatePost(made.id, values);
    expect(back!.slug).toBe("plans-2");
    // Deleted and restored, an owners-only post keeps to its own space too.
    const only = await createPost(post({ title: "Quiet", audience: "owners", horseIds: [h.id] }));
    const trashed = await deletePost(only.id);
    await createPost(post({ title: "Quiet" }));
    await restoreFromTrash(trashed!.trashId);
    expect((await listAllPosts()).find((p) => p.id === only.id)!.slug).toBe(only.slug);
    expect(await getPublishedPost("quiet", now)).toMatchObject({ audience: "public" });
  });
});
