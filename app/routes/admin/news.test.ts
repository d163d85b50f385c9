import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { buildRequest, signedInUser } from "@tests/auth";
import { answerOf, type ActionAnswer } from "@tests/action-answers";
import { useFreshDatabase } from "@tests/db";
import { plainJpeg } from "@tests/images";
import { listActivity } from "~/models/activity.server";
import { createHorse } from "~/models/horse.server";
import { listQueuedMail } from "~/models/mail-queue.server";
import { getPublishedPost, listAllPosts } from "~/models/post.server";
import { listSubscribers, requestSubscription } from "~/models/subscriber.server";
import { confirmedSubscribers } from "@tests/subscribers";
import { socialCardUrl } from "~/media/image";
import { storedFilesOf } from "~/media/images.server";
import { mediaStorage } from "~/media/media-storage.server";
import { keyFromMediaUrl, privateDiskStorage, storage } from "~/media/storage.server";
import { useMediaBucket } from "@tests/media-bucket";
import { createOwner, testHorse } from "@tests/owners";
import { db } from "~/platform/db.server";
import type { AdminActionData } from "./+shared/admin-action.server";
import * as newsTab from "./news";

useFreshDatabase();

let cookie = "";
beforeEach(async () => {
  cookie = (await signedInUser({ admin: true })).cookie;
});

type Outcome = ActionAnswer<AdminActionData>;

function post(form: Record<string, string> | FormData): Promise<Outcome> {
  const request = buildRequest("/admin/news", { cookie, form });
  return answerOf(() => newsTab.action({ request, params: {}, context: {} } as never));
}

async function withPhotos(fields: Record<string, string>, count: number) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (let n = 1; n <= count; n++) {
    const bytes = await plainJpeg(1600, 1000);
    form.append(`photo${n}`, new File([new Uint8Array(bytes)], `p${n}.jpg`, { type: "image/jpeg" }));
  }
  return form;
}

const postForm = {
  intent: "create",
  title: "Nordlys wins at Klampenborg",
  titleDa: "Nordlys vinder i Klampenborg",
  body: "A **great** day.",
  bodyDa: "En **stor** dag.",
  videoLink: "https://youtu.be/dQw4w9WgXcQ",
  publishAt: "",
  draft: "0",
  description1: "In the winner's circle",
  descriptionDa1: "I vindercirklen",
  description2: "",
};

const success = (title: string) => expect.objectContaining({ type: "success", title });

describe("News tab", () => {
  it("publishes a post with two photos, a video and a tagged horse; the first photo gets its link preview", async () => {
    const h = await createHorse({ name: "Nordlys", age: 4, color: "Bay", sire: "S", dam: "D" });
    const r = await post(await withPhotos({ ...postForm, [`horse:${h.id}`]: "1", "horse:unknown": "1" }, 2));
    expect(r).toMatchObject({ status: 302, toast: success("Post Published") });
    const saved = await getPublishedPost("nordlys-wins-at-klampenborg");
    expect(saved).toMatchObject({
      title: "Nordlys wins at Klampenborg",
      titleDa: "Nordlys vinder i Klampenborg",
      body: "A **great** day.",
      bodyDa: "En **stor** dag.",
      video: { provider: "youtube", id: "dQw4w9WgXcQ" },
      horses: [{ id: h.id }],
      draft: false,
    });
    expect(saved!.photos.map((p) => [p.description, p.descriptionDa])).toEqual([
      ["In the winner's circle", "I vindercirklen"],
      ["", ""],
    ]);
    const store = storage();
    expect(await store.exists(saved!.photos[0]!.image.url.replace("/media/", ""))).toBe(true);
    expect(await store.exists(socialCardUrl(saved!.photos[0]!.image.url).replace("/media/", ""))).toBe(true);
    expect((await listActivity()).entries[0]).toMatchObject({ summary: "Post added: Nordlys wins at Klampenborg" });
  });

  it("saves a draft and a scheduled post (Danish time), which are not public", async () => {
    expect(await post({ ...postForm, title: "Draft", draft: "1" })).toMatchObject({ toast: success("Draft Saved") });
    await post({ ...postForm, title: "Later", publishAt: "2099-06-01T14:30" });
    const all = await listAllPosts();
    expect(all.map((p) => [p.title, p.draft, p.publishAt])).toEqual([
      ["Later", false, "2099-06-01T12:30:00.000Z"],
      ["Draft", true, expect.any(String)],
    ]);
    expect(await getPublishedPost("draft")).toBeNull();
    expect(await getPublishedPost("later")).toBeNull();
  });

  it("publishes a post written in Danish only, its address from the Danish title", async () => {
    const r = await post({ ...postForm, title: "", body: "", titleDa: "Ny stald til unghestene" });
    expect(r).toMatchObject({ status: 302, toast: success("Post Published") });
    const [saved] = await listAllPosts();
    expect(saved).toMatchObject({ slug: "ny-stald-til-unghestene", title: "", body: "", bodyDa: "En **stor** dag." });
  });

  it("asks for the title and body of each language a post is written in, and for one language at least", async () => {
    const englishHalf = await post({ ...postForm, body: "", titleDa: "", bodyDa: "" });
    expect(englishHalf.status).toBe(400);
    expect(englishHalf.data!.errors).toEqual({ body: "Body is required" });
    const danishHalf = await post({ ...postForm, bodyDa: "" });
    expect(danishHalf.data!.errors).toEqual({ bodyDa: "Body is required" });
    const none = await post({ ...postForm, title: "", body: "", titleDa: "", bodyDa: "" });
    expect(none.data!.errors).toEqual({ title: "Title is required", body: "Body is required" });
    expect(await listAllPosts()).toEqual([]);
  });

  it("previews the bodies as the post's page shows them, saves nothing, and answers the form as typed", async () => {
    const r = await post({ ...postForm, _intent: "preview", body: "# Derby\n\n**Won** <script>x</script>" });
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ intent: "create", values: { title: "Nordlys wins at Klampenborg" } });
    expect(r.data!.preview!.body).toBe("<h2>Derby</h2>\n<p><strong>Won</strong> &lt;script&gt;x&lt;/script&gt;</p>\n");
    expect(r.data!.preview!.bodyDa).toBe("<p>En <strong>stor</strong> dag.</p>\n");
    // The edit form's preview answers that form.
    const edit = await post({ ...postForm, intent: "update", id: "some-post", _intent: "preview" });
    expect(edit.data).toMatchObject({ intent: "update", id: "some-post" });
    // The page's script asks for the preview alone.
    const alone = await post({ intent: "preview", body: "*Quick*", bodyDa: "" });
    expect(alone.data!.preview).toEqual({ body: "<p><em>Quick</em></p>\n", bodyDa: "" });
    expect(await listAllPosts()).toEqual([]);
    expect((await listActivity()).entries).toEqual([]);
  });

  it("refuses a missing title, a too long body, a video elsewhere and a bad time; nothing is stored", async () => {
    const r = await post({
      ...postForm,
      title: "",
      body: "x".repeat(20_001),
      videoLink: "javascript:alert(1)",
      publishAt: "soon",
    });
    expect(r.status).toBe(400);
    expect(r.data!.errors).toMatchObject({
      title: "Title is required",
      body: expect.stringContaining("20000"),
      videoLink: "Enter a YouTube or Vimeo address",
      publishAt: "Enter a date and time",
    });
    expect(r.data!.values.videoLink).toBe("javascript:alert(1)");
    expect(await listAllPosts()).toEqual([]);
  });

  it("updates a post, replacing a photo, and deletes it into the trash with Undo", async () => {
    await post(await withPhotos(postForm, 1));
    const [saved] = await listAllPosts();
    const oldUrl = saved!.photos[0]!.image.url;
    const updated = await post(
      await withPhotos({ ...postForm, intent: "update", id: saved!.id, title: "New title", videoLink: "" }, 1),
    );
    expect(updated).toMatchObject({ status: 302, toast: success("Post Updated") });
    const [after] = await listAllPosts();
    expect(after).toMatchObject({ title: "New title", slug: saved!.slug, video: null });
    expect(after!.photos[0]!.image.url).not.toBe(oldUrl);
    expect(await storage().exists(oldUrl.replace("/media/", ""))).toBe(false);
    const removed = await post({ intent: "delete", id: saved!.id });
    expect(removed).toMatchObject({
      status: 302,
      toast: expect.objectContaining({
        title: "Item Deleted",
        undo: expect.objectContaining({ trashId: expect.any(String) }),
      }),
    });
    expect(await listAllPosts()).toEqual([]);
    expect(await post({ ...postForm, intent: "update", id: "nope" })).toMatchObject({ status: 404 });
  });

  it("answers 'Failed to add post' when the database fails, and the tab still opens with its toast", async () => {
    await sql`alter table posts rename to posts_gone`.execute(db());
    const r = await post(postForm);
    expect(r).toMatchObject({ status: 500, toast: expect.objectContaining({ description: "Failed to add post" }) });
    const loaded = (await newsTab.loader({
      request: buildRequest("/admin/news", { cookie }),
      params: {},
      context: {},
    } as never)) as { fetchError: { description: string } | null };
    expect(loaded.fetchError?.description).toBe("Failed to fetch posts");
  });
});

describe("Send as Newsletter on the News tab", () => {
  const loadTab = async () =>
    (await newsTab.loader({
      request: buildRequest("/admin/news", { cookie }),
      params: {},
      context: {},
    } as never)) as Awaited<ReturnType<typeof newsTab.loader>>;

  it("mails a published post once to the confirmed subscribers and shows it was sent", async () => {
    await confirmedSubscribers(2);
    await requestSubscription({ email: "pending@example.com", language: "en" }, { attemptLimit: 3 });
    const r = await post({ ...postForm, newsletter: "1" });
    expect(r).toMatchObject({
      status: 302,
      toast: expect.objectContaining({
        title: "Post Published",
        description: "Nordlys wins at Klampenborg is on the site and is being mailed to 2 subscribers.",
      }),
    });
    const [saved] = await listAllPosts();
    // Saved again with the box ticked: nobody is mailed twice.
    const again = await post({ ...postForm, intent: "update", id: saved!.id, newsletter: "1" });
    expect(again).toMatchObject({ toast: expect.objectContaining({ description: "The post has been saved." }) });
    expect((await listQueuedMail({ kind: "newsletter" })).map((m) => m.toAddress).sort()).toEqual([
      "subscriber0@example.com",
      "subscriber1@example.com",
    ]);
    const tab = await loadTab();
    expect(tab.subscribers).toEqual({ all: 3, confirmed: 2 });
    expect(tab.posts[0]!.newsletter).toMatchObject({ requested: true, recipients: 2 });
    expect(tab.progress[saved!.id]).toEqual({ delivered: 0, waiting: 2, failed: 0 });
    const { entries } = await listActivity();
    expect(entries[1]).toMatchObject({ summary: "Post added: Nordlys wins at Klampenborg" });
  });

  it("records the wish on a draft and a scheduled post without mailing anyone", async () => {
    await confirmedSubscribers(2);
    await post({ ...postForm, title: "Draft", draft: "1", newsletter: "1" });
    await post({ ...postForm, title: "Later", publishAt: "2099-06-01T14:30", newsletter: "1" });
    expect((await listAllPosts()).map((p) => [p.title, p.newsletter])).toEqual([
      ["Later", { requested: true, queuedAt: null, recipients: null }],
      ["Draft", { requested: true, queuedAt: null, recipients: null }],
    ]);
    expect(await listQueuedMail({ kind: "newsletter" })).toEqual([]);
  });

  it("erases a subscriber by address, logged without it; an unknown or bad address changes nothing", async () => {
    await confirmedSubscribers(2);
    const erased = await post({ intent: "eraseSubscriber", email: " Subscriber0@Example.com " });
    expect(erased).toMatchObject({
      status: 302,
      toast: success("Subscriber Erased"),
    });
    expect((await listSubscribers()).map((s) => s.email)).toEqual(["subscriber1@example.com"]);
    const { entries } = await listActivity();
    expect(entries[0]).toMatchObject({
      kind: "delete",
      entity: "subscriber",
      summary: "Erased a newsletter subscriber",
    });
    expect(JSON.stringify(entries)).not.toContain("subscriber0");

    const unknown = await post({ intent: "eraseSubscriber", email: "subscriber0@example.com" });
    expect(unknown).toMatchObject({ status: 404, data: { errors: { email: "No subscriber has that address" } } });
    const bad = await post({ intent: "eraseSubscriber", email: "not an address" });
    expect(bad).toMatchObject({ status: 400, data: { errors: { email: "Invalid email address" } } });
    expect(await listSubscribers()).toHaveLength(1);
  });

  it("answers 'Failed to erase subscriber' when the database fails", async () => {
    await confirmedSubscribers(1);
    await sql`alter table subscribers rename to subscribers_gone`.execute(db());
    const r = await post({ intent: "eraseSubscriber", email: "subscriber0@example.com" });
    expect(r).toMatchObject({
      status: 500,
      toast: expect.objectContaining({ description: "Failed to erase subscriber" }),
    });
    expect((await loadTab()).fetchError?.description).toBe("Failed to fetch subscribers");
  });
});

describe("owners-only posts on the News tab", () => {
  const ownersForm = { ...postForm, audience: "owners", videoLink: "", description1: "At the yard" };
  const keyOf = (url: string) => keyFromMediaUrl(url)!;

  it("refuses one without a horse, sent as a newsletter, or for an audience it does not know; nothing is stored", async () => {
    const refused = await post({ ...ownersForm, newsletter: "1" });
    expect(refused.status).toBe(400);
    expect(refused.data!.errors).toEqual({
      horses: "Tag at least one horse: an owners-only post is for the owners of its horses",
      newsletter: "A newsletter goes to every subscriber: an owners-only post cannot be sent as one",
    });
    const unknown = await post({ ...postForm, audience: "friends" });
    expect(unknown.data!.errors).toEqual({ audience: "Choose who the post is for" });
    expect(await listAllPosts()).toEqual([]);
  });

  it("publishes an update with its photo kept private, tells the horse's owner, and is on no public page", async () => {
    const h = await testHorse("Xenia");
    const owner = await createOwner({ horseIds: [h.id] });
    const r = await post(await withPhotos({ ...ownersForm, [`horse:${h.id}`]: "1" }, 1));
    expect(r).toMatchObject({
      status: 302,
      toast: expect.objectContaining({
        title: "Post Published",
        description:
          "Nordlys wins at Klampenborg is on the tagged horses' owners' pages and is being mailed to 1 owner or guest.",
      }),
    });
    const [saved] = await listAllPosts();
    expect(saved!.audience).toBe("owners");
    const url = saved!.photos[0]!.image.url;
    expect(url).toMatch(/^\/owners\/media\/post-photos\/\d+-[0-9a-f]{12}\.jpg$/);
    const inner = keyOf(url).slice("private/".length);
    expect(await privateDiskStorage().exists(inner)).toBe(true);
    expect(await storage().exists(inner)).toBe(false);
    expect(await getPublishedPost(saved!.slug)).toBeNull();
    expect((await listQueuedMail({ kind: "owner-notice" })).map((m) => m.toAddress)).toEqual([owner.email]);
    expect((await listActivity()).entries[0]).toMatchObject({
      summary: "Post added (owners only): Nordlys wins at Klampenborg",
    });
  });

  it("moves a post's photos when its audience changes: the old address stops working", async () => {
    const h = await testHorse("Xenia");
    await post(await withPhotos({ ...postForm, [`horse:${h.id}`]: "1" }, 1));
    const [open] = await listAllPosts();
    const publicUrl = open!.photos[0]!.image.url;
    const publicFiles = await storedFilesOf(publicUrl);
    expect(publicFiles.length).toBeGreaterThan(1);

    const hidden = await post({ ...ownersForm, intent: "update", id: open!.id, [`horse:${h.id}`]: "1" });
    expect(hidden).toMatchObject({ status: 302, toast: success("Post Updated") });
    const [closed] = await listAllPosts();
    const privateUrl = closed!.photos[0]!.image.url;
    expect(privateUrl).toBe(publicUrl.replace("/media/", "/owners/media/"));
    for (const key of publicFiles) expect(await storage().exists(key), key).toBe(false);
    expect((await storedFilesOf(privateUrl)).length).toBe(publicFiles.length);
    expect(await getPublishedPost(open!.slug)).toBeNull();

    // And back: public again, at the public address, nothing left in the private storage.
    await post({ ...postForm, intent: "update", id: open!.id, [`horse:${h.id}`]: "1" });
    const [back] = await listAllPosts();
    expect(back!.photos[0]!.image.url).toBe(publicUrl);
    expect(await storedFilesOf(privateUrl)).toEqual([]);
    expect((await storedFilesOf(publicUrl)).length).toBe(publicFiles.length);
    expect((await getPublishedPost(open!.slug))!.photos).toHaveLength(1);
  });
});

describe("owners-only posts on a site whose media are in a bucket without a private one", () => {
  useMediaBucket();

  it("refuses their photos on the photo field, and making a post with photos owners-only on the audience", async () => {
    const h = await testHorse("Xenia");
    const photo = await post(await withPhotos({ ...postForm, audience: "owners", [`horse:${h.id}`]: "1" }, 1));
    expect(photo.status).toBe(400);
    expect(photo.data!.errors!.photo1).toMatch(/^Photos of owners-only posts cannot be kept on this site yet/);
    expect(await listAllPosts()).toEqual([]);

    await post(await withPhotos({ ...postForm, [`horse:${h.id}`]: "1" }, 1));
    const [open] = await listAllPosts();
    const moved = await post({
      ...postForm,
      audience: "owners",
      intent: "update",
      id: open!.id,
      [`horse:${h.id}`]: "1",
    });
    expect(moved.status).toBe(400);
    expect(moved.data!.errors!.audience).toMatch(/^This post's photos cannot be made private/);
    const [after] = await listAllPosts();
    expect(after!.audience).toBe("public");
    expect(await mediaStorage().exists(keyFromMediaUrl(after!.photos[0]!.image.url)!)).toBe(true);
  });
});
