import type { Selectable, Transaction } from "kysely";
import { holds, searchedYear, pageCount, type Paged } from "./list-search";
import type { Database, PostHorsesTable, PostPhotosTable, PostsTable } from "@db/schema";
import { db } from "~/platform/db.server";
import { writeContent } from "~/platform/invalidation.server";
import { firstFreeSlug, slugify } from "~/racing/slug";
import { changedFields, recordActivity } from "./activity.server";
import { imageRef, type ImageRef, type NewImage } from "./image-columns";
import { DEFAULT_MAIL_ATTEMPTS } from "./mail-queue.server";
import { queueNewsletterIn } from "./newsletter-send.server";
import { deleteIntoTrash, type TrashKind } from "./trash.server";
import { queueUpdateNoticesIn } from "./update-notice.server";

export const POST_PHOTOS_MAX = 8;
export const POSTS_PER_PAGE = 10;

/**
 * Who may read a post: everyone, or the owners of its tagged horses and their guests ("owners": an
 * update on their horses' pages, told by e-mail, its photos private; never on a public page).
 */
export type PostAudience = "public" | "owners";
export type PostVideoRef = { provider: "youtube" | "vimeo"; id: string };
/** A photo and its description in English and Danish ("" where not given). */
export type PostPhoto = { position: number; image: ImageRef; description: string; descriptionDa: string };
export type TaggedHorse = { id: string; name: string; slug: string };
/**
 * Send as Newsletter: asked for, and once the post was published, when its mails were queued and
 * for how many subscribers (queued once; never again, whatever is saved later).
 */
export type PostNewsletter = { requested: boolean; queuedAt: string | null; recipients: number | null };

/**
 * A post in English and in Danish: `title` and `body` are the English ones, `titleDa` and `bodyDa`
 * the Danish ones, "" where the post is not written in that language (decision 0230).
 */
export type Post = {
  id: string;
  slug: string;
  title: string;
  titleDa: string;
  body: string;
  bodyDa: string;
  audience: PostAudience;
  video: PostVideoRef | null;
  publishAt: string;
  draft: boolean;
  newsletter: PostNewsletter;
  /** An owners-only post: when its owners and guests were told by e-mail (null: not yet). */
  ownersToldAt: string | null;
  createdAt: string;
  updatedAt: string;
  photos: PostPhoto[];
  horses: TaggedHorse[];
};

/** A photo slot of the form: a new image, new descriptions, or taken out. */
export type PhotoChange = {
  position: number;
  image?: NewImage | null;
  description: string;
  descriptionDa?: string;
  remove?: boolean;
};

/** A post's texts: each language's title and body go together; "" where the post has none in it. */
export type NewPost = {
  title: string;
  titleDa?: string;
  body: string;
  bodyDa?: string;
  /** Everyone (the default) or the tagged horses' owners only. */
  audience?: PostAudience;
  video: PostVideoRef | null;
  /** ISO instant; the post is out from then on unless it is a draft. */
  publishAt: string;
  draft: boolean;
  /** Send as Newsletter: mailed to the confirmed subscribers once the post is published (public posts only). */
  newsletter?: boolean;
  horseIds: string[];
  photos: PhotoChange[];
};

/** What saving a post may do besides: queue its newsletter, with this many delivery attempts per mail. */
export type PostSaveOptions = { mailAttempts?: number };

/**
 * A save that changes the audience: the post's photos, already copied to the other place (public or
 * private), by their old URL; and the audience the copies were made for, which must still be the
 * post's when it is saved.
 */
export type AudienceMove = { from: PostAudience; photos: ReadonlyMap<string, string> };

/**
 * Where private photos are served (app/media/image.ts's PRIVATE_MEDIA_URL_PREFIX; models do not
 * import the media feature, and a test keeps the two the same).
 */
export const PRIVATE_PHOTO_PREFIX = "/owners/media/";

/** A photo in the wrong place for the post's audience (a public one on an owners-only post, or the reverse): nothing was saved. */
export class PhotoPlaceError extends Error {
  override name = "PhotoPlaceError";
  constructor(url: string) {
    super(`The photo ${url} is not kept where the post's audience needs it`);
  }
}

/**
 * An owners-only post's photos are private and a public post's public, whoever saves it: checked in
 * the save's transaction, after its photos are applied, so a save that would leave one in the wrong
 * place (a caller that did not move them) is refused whole.
 */
async function checkPhotoPlaces(trx: Transaction<Database>, postId: string, audience: PostAudience) {
  const misplaced = await trx
    .selectFrom("post_photos")
    .select("image_url")
    .where("post_id", "=", postId)
    .where("image_url", audience === "owners" ? "not like" : "like", `${PRIVATE_PHOTO_PREFIX}%`)
    .executeTakeFirst();
  if (misplaced) throw new PhotoPlaceError(misplaced.image_url);
}

/** The post's audience changed since its photos were copied for a move: nothing was saved. */
export class AudienceChangedError extends Error {
  override name = "AudienceChangedError";
  constructor() {
    super("The post's audience was changed by another save meanwhile");
  }
}

type PostRow = Selectable<PostsTable>;
type PhotoRow = Selectable<PostPhotosTable>;

const postColumns = [
  "id",
  "slug",
  "title",
  "title_da",
  "body",
  "body_da",
  "audience",
  "video_provider",
  "video_id",
  "publish_at",
  "draft",
  "newsletter",
  "newsletter_queued_at",
  "newsletter_recipients",
  "notices_queued_at",
  "created_at",
  "updated_at",
] as const;

async function withParts(rows: PostRow[]): Promise<Post[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [photos, horses] = await Promise.all([
    db()
      .selectFrom("post_photos")
      .select(["post_id", "position", "image_url", "image_width", "image_height", "description", "description_da"])
      .where("post_id", "in", ids)
      .orderBy("position")
      .execute(),
    db()
      .selectFrom("post_horses as ph")
      .innerJoin("horses as h", "h.id", "ph.horse_id")
      .select(["ph.post_id", "h.id", "h.name", "h.slug"])
      .where("ph.post_id", "in", ids)
      .orderBy("h.name")
      .execute(),
  ]);
  const photosOf = groupBy(photos, (p) => p.post_id);
  const horsesOf = groupBy(horses, (h) => h.post_id);
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    title: r.title,
    titleDa: r.title_da,
    body: r.body,
    bodyDa: r.body_da,
    audience: r.audience,
    video: r.video_provider && r.video_id ? { provider: r.video_provider, id: r.video_id } : null,
    publishAt: r.publish_at,
    draft: r.draft === 1,
    newsletter: {
      requested: r.newsletter === 1,
      queuedAt: r.newsletter_queued_at,
      recipients: r.newsletter_recipients,
    },
    ownersToldAt: r.notices_queued_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    photos: (photosOf.get(r.id) ?? []).map((p) => ({
      position: p.position,
      image: imageRef(p.image_url, p.image_width, p.image_height)!,
      description: p.description,
      descriptionDa: p.description_da,
    })),
    horses: (horsesOf.get(r.id) ?? []).map((h) => ({ id: h.id, name: h.name, slug: h.slug ?? "" })),
  }));
}

/**
 * Every post, drafts and scheduled ones included, the latest publishing time first, whole: for the
 * tests and scripts; no page reads it (the News tab reads a page of listPostsPage).
 */
export async function listAllPosts(): Promise<Post[]> {
  const rows = await db()
    .selectFrom("posts")
    .select(postColumns)
    .orderBy("publish_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return withParts(rows);
}

/** Rows by a key, in their order: the parts the database read for a page of posts, per post. */
function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/** What the News tab's list shows of a post: no bodies, its first photo, the names of its horses. */
export type PostListEntry = Pick<
  Post,
  "id" | "slug" | "title" | "titleDa" | "audience" | "publishAt" | "draft" | "newsletter" | "ownersToldAt"
> & { firstPhoto: ImageRef | null; horses: { id: string; name: string }[] };

const listColumns = [
  "id",
  "slug",
  "title",
  "title_da",
  "audience",
  "publish_at",
  "draft",
  "newsletter",
  "newsletter_queued_at",
  "newsletter_recipients",
  "notices_queued_at",
] as const;

/**
 * One page of every post (drafts, scheduled, owners-only), latest publishing time first, as the News
 * tab lists them: `perPage` at most, no bodies, searched by title (either language), a tagged
 * horse's name, or a year of publishing; with the count of all that match.
 */
export async function listPostsPage(
  { search = "" }: { search?: string },
  { page = 1, perPage }: { page?: number; perPage: number },
): Promise<Paged<PostListEntry>> {
  let query = db().selectFrom("posts as p");
  const text = search.trim();
  if (text) {
    const like = (column: string) => holds(column, text);
    const year = searchedYear(text);
    query = query.where((eb) =>
      eb.or([
        like("p.title"),
        like("p.title_da"),
        eb.exists(
          eb
            .selectFrom("post_horses as ph")
            .innerJoin("horses as h", "h.id", "ph.horse_id")
            .select("ph.post_id")
            .whereRef("ph.post_id", "=", "p.id")
            .where(like("h.name")),
        ),
        ...(year
          ? [eb.and([eb("p.publish_at", ">=", `${year}-01-01`), eb("p.publish_at", "<", `${year + 1}-01-01`)])]
          : []),
      ]),
    );
  }
  const { count } = await query.select((eb) => eb.fn.countAll<number | string>().as("count")).executeTakeFirstOrThrow();
  const total = Number(count);
  const rows = await query
    .select(listColumns.map((c) => `p.${c}` as const))
    .orderBy("p.publish_at", "desc")
    .orderBy("p.id", "desc")
    .limit(perPage)
    .offset((Math.max(1, page) - 1) * perPage)
    .execute();
  return { items: await listEntriesOf(rows), page, pages: pageCount(total, perPage), total };
}

/** A post as the News tab lists it, or null (one just saved that is not on the page shown). */
export async function getPostListEntry(id: string): Promise<PostListEntry | null> {
  const row = await db().selectFrom("posts").select(listColumns).where("id", "=", id).executeTakeFirst();
  return row ? ((await listEntriesOf([row]))[0] ?? null) : null;
}

async function listEntriesOf(rows: Pick<PostRow, (typeof listColumns)[number]>[]): Promise<PostListEntry[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [photos, horses] = await Promise.all([
    // Each post's first photo only, chosen by the database.
    db()
      .selectFrom("post_photos as pp")
      .select(["pp.post_id", "pp.image_url", "pp.image_width", "pp.image_height"])
      .where("pp.post_id", "in", ids)
      .where(({ eb, selectFrom }) =>
        eb(
          "pp.position",
          "=",
          selectFrom("post_photos as first")
            .select((f) => f.fn.min("first.position").as("position"))
            .whereRef("first.post_id", "=", "pp.post_id"),
        ),
      )
      .execute(),
    db()
      .selectFrom("post_horses as ph")
      .innerJoin("horses as h", "h.id", "ph.horse_id")
      .select(["ph.post_id", "h.id", "h.name"])
      .where("ph.post_id", "in", ids)
      .orderBy("h.name")
      .execute(),
  ]);
  const photoOf = new Map(photos.map((p) => [p.post_id, imageRef(p.image_url, p.image_width, p.image_height)]));
  const horsesOf = groupBy(horses, (h) => h.post_id);
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    title: r.title,
    titleDa: r.title_da,
    audience: r.audience,
    publishAt: r.publish_at,
    draft: r.draft === 1,
    newsletter: {
      requested: r.newsletter === 1,
      queuedAt: r.newsletter_queued_at,
      recipients: r.newsletter_recipients,
    },
    ownersToldAt: r.notices_queued_at,
    firstPhoto: photoOf.get(r.id) ?? null,
    horses: (horsesOf.get(r.id) ?? []).map((h) => ({ id: h.id, name: h.name })),
  }));
}

/** A post by its id, whatever its audience and state (the editor's, before a save), or null. */
export async function getPost(id: string): Promise<Post | null> {
  const row = await db().selectFrom("posts").select(postColumns).where("id", "=", id).executeTakeFirst();
  return row ? ((await withParts([row]))[0] ?? null) : null;
}

/**
 * The one query every read of posts that are out goes through: not a draft, its time come, and for
 * `audience` only: every public read uses the default, so an owners-only post is on no public page,
 * feed or sitemap, whatever reads it.
 */
function published(now: Date, audience: PostAudience = "public") {
  return db()
    .selectFrom("posts")
    .where("audience", "=", audience)
    .where("draft", "=", 0)
    .where("publish_at", "<=", now.toISOString());
}

const taggedWith = (horseId: string) =>
  db().selectFrom("post_horses").select("post_id").where("horse_id", "=", horseId);

/** One page of the public posts, newest first, and how many pages there are. */
export async function listPublishedPosts(
  { page = 1, perPage = POSTS_PER_PAGE }: { page?: number; perPage?: number } = {},
  now = new Date(),
): Promise<{ posts: Post[]; pages: number }> {
  const { count } = await published(now)
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  const rows = await published(now)
    .select(postColumns)
    .orderBy("publish_at", "desc")
    .orderBy("id", "desc")
    .limit(perPage)
    .offset((Math.max(1, page) - 1) * perPage)
    .execute();
  return { posts: await withParts(rows), pages: Math.max(1, Math.ceil(Number(count) / perPage)) };
}

/** The latest public posts (Home, the feeds). */
export async function latestPosts(limit: number, now = new Date()): Promise<Post[]> {
  return (await listPublishedPosts({ perPage: limit }, now)).posts;
}

/** A public post by its address, or null (drafts, scheduled and unknown posts alike). */
export async function getPublishedPost(slug: string, now = new Date()): Promise<Post | null> {
  const row = await published(now).select(postColumns).where("slug", "=", slug).executeTakeFirst();
  return row ? ((await withParts([row]))[0] ?? null) : null;
}

/** The public posts tagged with a horse, newest first. */
export async function postsTaggedWith(horseId: string, now = new Date()): Promise<Post[]> {
  const rows = await published(now)
    .select(postColumns)
    .where("id", "in", taggedWith(horseId))
    .orderBy("publish_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return withParts(rows);
}

/**
 * The owners-only posts tagged with a horse that are out, newest first (its owners' page; `limit`:
 * My Horses' latest). The caller has checked that the reader may see the horse.
 */
export async function listOwnerUpdates(horseId: string, { limit }: { limit?: number } = {}, now = new Date()) {
  let query = published(now, "owners")
    .select(postColumns)
    .where("id", "in", taggedWith(horseId))
    .orderBy("publish_at", "desc")
    .orderBy("id", "desc");
  if (limit) query = query.limit(limit);
  return withParts(await query.execute());
}

/** An owners-only post that is out and still tagged with the horse (an update notice's, when it is sent), or null. */
export async function getOwnerUpdate(postId: string, horseId: string, now = new Date()): Promise<Post | null> {
  const row = await published(now, "owners")
    .select(postColumns)
    .where("id", "=", postId)
    .where("id", "in", taggedWith(horseId))
    .executeTakeFirst();
  return row ? ((await withParts([row]))[0] ?? null) : null;
}

/**
 * The post a stored photo belongs to, by the addresses its original may have (a variant names its
 * original's stem only): its audience, whether it is out, and the horses it is tagged with. Null
 * when no post has the photo (deleted into the trash, never saved).
 */
export async function postOfPhoto(
  urls: readonly string[],
  now = new Date(),
): Promise<{ audience: PostAudience; out: boolean; horseIds: string[] } | null> {
  if (urls.length === 0) return null;
  const row = await db()
    .selectFrom("post_photos as pp")
    .innerJoin("posts as p", "p.id", "pp.post_id")
    .select(["p.id", "p.audience", "p.draft", "p.publish_at"])
    .where("pp.image_url", "in", urls)
    .executeTakeFirst();
  if (!row) return null;
  const horses = await db().selectFrom("post_horses").select("horse_id").where("post_id", "=", row.id).execute();
  return {
    audience: row.audience,
    out: row.draft === 0 && row.publish_at <= now.toISOString(),
    horseIds: horses.map((h) => h.horse_id),
  };
}

/** The addresses of every public post and when each last changed (the sitemap). */
export async function listPublishedSlugs(now = new Date()): Promise<{ slug: string; updatedAt: string }[]> {
  const rows = await published(now).select(["slug", "updated_at"]).orderBy("publish_at", "desc").execute();
  return rows.map((r) => ({ slug: r.slug, updatedAt: r.updated_at }));
}

/** When the next scheduled public post appears, or null: the page cache must let it in then. */
export async function nextScheduledAt(now = new Date()): Promise<string | null> {
  const row = await db()
    .selectFrom("posts")
    .select("publish_at")
    .where("audience", "=", "public")
    .where("draft", "=", 0)
    .where("publish_at", ">", now.toISOString())
    .orderBy("publish_at")
    .limit(1)
    .executeTakeFirst();
  return row?.publish_at ?? null;
}

/** The title a post's address comes from: the English one, or the Danish one of a post in Danish only. */
const addressTitle = (post: { title: string; titleDa?: string; title_da?: string }) =>
  post.title.trim() || post.titleDa || post.title_da || "post";

/**
 * Owners-only posts' addresses carry a double hyphen, which no public address has and which
 * isSlugShaped refuses: they never take a public address, so a public post never gets '-2' for a
 * hidden one, and asking for one publicly is a 404 before the database is asked.
 */
const OWNERS_ONLY_MARK = "--owners";

async function freeSlug(trx: Transaction<Database>, title: string, audience: PostAudience, exceptId?: string) {
  const base = slugify(title).replace(/^horse$/, "post") + (audience === "owners" ? OWNERS_ONLY_MARK : "");
  let query = trx.selectFrom("posts").select("slug").where("slug", "like", `${base}%`);
  if (exceptId) query = query.where("id", "!=", exceptId);
  return firstFreeSlug(
    base,
    (await query.execute()).map((r) => r.slug),
  );
}

function postFields(values: NewPost) {
  const audience = values.audience ?? "public";
  return {
    title: values.title,
    title_da: values.titleDa ?? "",
    body: values.body,
    body_da: values.bodyDa ?? "",
    audience,
    video_provider: values.video?.provider ?? null,
    video_id: values.video?.id ?? null,
    publish_at: values.publishAt,
    draft: values.draft ? 1 : 0,
    // A newsletter goes to every subscriber: never an owners-only post's (the form refuses the pair too).
    newsletter: values.newsletter && audience === "public" ? 1 : 0,
  };
}

async function setHorses(trx: Transaction<Database>, postId: string, horseIds: string[]) {
  await trx.deleteFrom("post_horses").where("post_id", "=", postId).execute();
  const unique = [...new Set(horseIds)];
  if (unique.length === 0) return;
  const known = await trx.selectFrom("horses").select("id").where("id", "in", unique).execute();
  if (known.length) {
    await trx
      .insertInto("post_horses")
      .values(known.map((h) => ({ post_id: postId, horse_id: h.id })))
      .execute();
  }
}

/** Applies the form's photo slots; returns the image URLs the post no longer uses. */
async function applyPhotos(trx: Transaction<Database>, postId: string, changes: PhotoChange[]): Promise<string[]> {
  const current = await trx.selectFrom("post_photos").selectAll().where("post_id", "=", postId).execute();
  const byPosition = new Map<number, PhotoRow>(current.map((p) => [p.position, p]));
  const dropped: string[] = [];
  for (const change of changes) {
    if (change.position < 1 || change.position > POST_PHOTOS_MAX) continue;
    const existing = byPosition.get(change.position);
    if (change.image) {
      if (existing) {
        await trx
          .updateTable("post_photos")
          .set({
            image_url: change.image.url,
            image_width: change.image.width,
            image_height: change.image.height,
            description: change.description,
            description_da: change.descriptionDa ?? "",
          })
          .where("id", "=", existing.id)
          .execute();
        if (existing.image_url !== change.image.url) dropped.push(existing.image_url);
      } else {
        await trx
          .insertInto("post_photos")
          .values({
            id: crypto.randomUUID(),
            post_id: postId,
            position: change.position,
            image_url: change.image.url,
            image_width: change.image.width,
            image_height: change.image.height,
            description: change.description,
            description_da: change.descriptionDa ?? "",
          })
          .execute();
      }
    } else if (existing && change.remove) {
      await trx.deleteFrom("post_photos").where("id", "=", existing.id).execute();
      dropped.push(existing.image_url);
    } else if (
      existing &&
      (existing.description !== change.description || existing.description_da !== (change.descriptionDa ?? ""))
    ) {
      await trx
        .updateTable("post_photos")
        .set({ description: change.description, description_da: change.descriptionDa ?? "" })
        .where("id", "=", existing.id)
        .execute();
    }
  }
  return dropped;
}

/**
 * Writes a new post with its photos and tagged horses; its address comes from the title. Published
 * now, its newsletter (Send as Newsletter) or its owners' update notices are queued in the same
 * transaction (`newsletter`, `notices`: how many; null: none were due).
 */
export async function createPost(
  values: NewPost,
  { mailAttempts = DEFAULT_MAIL_ATTEMPTS }: PostSaveOptions = {},
): Promise<{ id: string; slug: string; newsletter: number | null; notices: number | null }> {
  return writeContent(async (trx) => {
    const id = crypto.randomUUID();
    const now = new Date().toISOString();
    const fields = postFields(values);
    const slug = await freeSlug(trx, addressTitle(values), fields.audience);
    await trx
      .insertInto("posts")
      .values({ id, slug, ...fields, created_at: now, updated_at: now })
      .execute();
    await applyPhotos(trx, id, values.photos);
    await checkPhotoPlaces(trx, id, fields.audience);
    await setHorses(trx, id, values.horseIds);
    const only = fields.audience === "owners" ? " (owners only)" : "";
    await recordActivity(
      { kind: "create", entity: "post", entityId: id, summary: `Post added${only}: ${addressTitle(values)}` },
      { trx },
    );
    const newsletter = await queueNewsletterIn(trx, id, { attemptLimit: mailAttempts });
    const notices = await queueUpdateNoticesIn(trx, id);
    return { id, slug, newsletter, notices };
  });
}

const LOGGED_FIELDS = {
  title: "Title",
  title_da: "Title (Danish)",
  body: "Body",
  body_da: "Body (Danish)",
  video_id: "Video Link",
  publish_at: "Publish At",
  draft: ["Draft", (d: number) => (d ? "Yes" : "No")],
  audience: ["Audience", (a: PostAudience) => (a === "owners" ? "Owners of the tagged horses" : "Everyone")],
  newsletter: ["Send as Newsletter", (d: number) => (d ? "Yes" : "No")],
} as const;

/**
 * Saves a post's fields, photos and horses. The address stays what it was (links keep working),
 * unless the audience changes: each audience has its own addresses (freeSlug).
 * Send as Newsletter can be taken back until the mails are queued, never after; published with it,
 * the mails are queued in the same transaction, once. An owners-only post that comes out with this
 * save tells its owners (once; a later edit tells only the people of a horse tagged anew). `move`:
 * the audience changes and the photos were copied to the other place first (their records are
 * pointed there; the old files are among the images no longer used). Returns those images and how
 * many mails were queued now (null: none), or null when there is no such post.
 */
export async function updatePost(
  id: string,
  values: NewPost,
  { mailAttempts = DEFAULT_MAIL_ATTEMPTS, move }: PostSaveOptions & { move?: AudienceMove } = {},
): Promise<{ replacedImageUrls: string[]; slug: string; newsletter: number | null; notices: number | null } | null> {
  return writeContent(async (trx) => {
    const before = await trx.selectFrom("posts").select(postColumns).where("id", "=", id).executeTakeFirst();
    if (!before) return null;
    if (move && before.audience !== move.from) throw new AudienceChangedError();
    // The form shows the time to the minute: the same minute keeps the time it had.
    const publishAt =
      before.publish_at.slice(0, 16) === values.publishAt.slice(0, 16) ? before.publish_at : values.publishAt;
    const fields = postFields({ ...values, publishAt });
    // The address stays, but not across audiences: each has its own space (freeSlug).
    const slug =
      before.audience === fields.audience
        ? before.slug
        : await freeSlug(trx, addressTitle(values), fields.audience, id);
    const after = await trx
      .updateTable("posts")
      .set({
        ...fields,
        slug,
        newsletter: before.newsletter_queued_at ? 1 : fields.newsletter,
        updated_at: new Date().toISOString(),
      })
      .where("id", "=", id)
      .returning(postColumns)
      .executeTakeFirstOrThrow();
    const replacedImageUrls = await applyPhotos(trx, id, values.photos);
    for (const [from, to] of move?.photos ?? []) {
      const moved = await trx
        .updateTable("post_photos")
        .set({ image_url: to })
        .where("post_id", "=", id)
        .where("image_url", "=", from)
        .executeTakeFirst();
      // A photo replaced or removed by this save is gone already; its copy is not used either.
      replacedImageUrls.push(Number(moved.numUpdatedRows) ? from : to);
    }
    await checkPhotoPlaces(trx, id, fields.audience);
    const tagsBefore = await trx.selectFrom("post_horses").select("horse_id").where("post_id", "=", id).execute();
    await setHorses(trx, id, values.horseIds);
    const known = new Set(tagsBefore.map((t) => t.horse_id));
    const newlyTagged = [...new Set(values.horseIds)].filter((horseId) => !known.has(horseId));
    await recordActivity(
      {
        kind: "update",
        entity: "post",
        entityId: id,
        summary: `Post updated: ${addressTitle(after)}`,
        changes: changedFields(before, after, LOGGED_FIELDS),
      },
      { trx },
    );
    const queued = await queueNewsletterIn(trx, id, { attemptLimit: mailAttempts });
    const notices = await queueUpdateNoticesIn(trx, id, { newlyTagged });
    return { replacedImageUrls, slug: after.slug, newsletter: queued, notices };
  });
}

type PostSnapshot = { row: PostRow; photos: PhotoRow[]; horses: Selectable<PostHorsesTable>[] };

/**
 * A snapshot as the tables are now: one taken before posts were bilingual (migration 0100) has a
 * `language`, and a Danish post's texts move to its Danish columns as the migration moved them.
 */
function currentSnapshot(snapshot: PostSnapshot): PostSnapshot {
  const { language, ...row } = snapshot.row as PostRow & { language?: "en" | "da" };
  if (language !== "da") return { ...snapshot, row };
  return {
    ...snapshot,
    row: { ...row, title: "", body: "", title_da: row.title, body_da: row.body },
    photos: snapshot.photos.map((p) => ({ ...p, description: "", description_da: p.description })),
  };
}

/** Deletes a post into the trash, photos and tags with it; the photo files stay until purged. */
export async function deletePost(id: string): Promise<{ trashId: string } | null> {
  return deleteIntoTrash(postTrash, async (trx) => {
    const photos = await trx.selectFrom("post_photos").selectAll().where("post_id", "=", id).execute();
    const horses = await trx.selectFrom("post_horses").selectAll().where("post_id", "=", id).execute();
    const row = await trx.deleteFrom("posts").where("id", "=", id).returningAll().executeTakeFirst();
    if (!row) return null;
    return {
      recordId: id,
      label: addressTitle(row),
      snapshot: { row, photos, horses },
      imageUrls: photos.map((p) => p.image_url),
    };
  });
}

/** A deleted post comes back as it was; its address is taken again unless a newer post has it. */
export const postTrash: TrashKind<PostSnapshot> = {
  name: "post",
  noun: "Post",
  restore: async (trx, snapshot) => {
    const { row, photos, horses } = currentSnapshot(snapshot);
    const taken = await trx.selectFrom("posts").select("id").where("slug", "=", row.slug).executeTakeFirst();
    const slug = taken ? await freeSlug(trx, addressTitle(row), row.audience) : row.slug;
    await trx
      .insertInto("posts")
      .values({ ...row, slug })
      .execute();
    if (photos.length) await trx.insertInto("post_photos").values(photos).execute();
    if (horses.length) await trx.insertInto("post_horses").values(horses).execute();
  },
};
