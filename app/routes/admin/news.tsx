import type { Route } from "./+types/news";
import { useState } from "react";
import { Link } from "react-router";
import { buttonClass, SubmitButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { fieldErrorClass } from "~/components/ui/field-classes";
import { msg, type AdminKey, type AdminText } from "~/i18n/admin/dictionary";
import { useAdminT } from "~/i18n/admin/use-admin-t";
import { listHorseNames } from "~/models/horse.server";
import { newsletterProgress, type NewsletterProgress } from "~/models/newsletter-send.server";
import {
  createPost,
  deletePost,
  getPost,
  getPostListEntry,
  listPostsPage,
  type NewPost,
  type Post,
  type PostAudience,
  type PostListEntry,
} from "~/models/post.server";
import { countSubscribers, eraseSubscriber } from "~/models/subscriber.server";
import { env } from "~/platform/env.server";
import { useLang } from "~/i18n/use-lang";
import { langAttr, shownIn } from "~/i18n/localized";
import { both } from "~/models/bilingual";
import type { StoredImage } from "~/media/images.server";
import { PrivateStorageMissingError } from "~/media/storage.server";
import { savePost } from "~/news/post-audience.server";
import { EMAIL_MAX } from "~/utils/email";
import type { AdminActionData } from "./+shared/admin-action.server";
import { toDanishLocal } from "~/news/publish-at";
import { videoWatchUrl } from "~/news/video-link";
import { formatDanishTime } from "~/racing/format";
import { adminAction, intent, toTrash } from "./+shared/admin-action.server";
import {
  POST_HORSE_FIELD,
  POST_PHOTO_SLOTS,
  postEditSchema,
  postPreviewSchema,
  postSchema,
  subscriberEraseSchema,
} from "./+shared/admin-forms";
import { renderPostBody } from "~/news/markdown.server";
import { PostTexts } from "./+shared/post-texts";
import type { ImageSpec } from "./+shared/admin-images.server";
import { IntentForm, RecordImageField, useRecordForm } from "./+shared/form-parts";
import { useInDanish } from "./+shared/side-by-side";
import { EditAndDelete, RecordList, RecordRow } from "./+shared/record-list";
import { adminMeta } from "./+shared/admin-meta";
import { emptyPage, listParams, openTab, readForTab, readTabPage, TAB_PAGE_SIZE } from "./+shared/tab-reads.server";
import { ListControls } from "./+shared/list-controls";
import { RecordForms, TabPage, useTabForms, type RecordCards, type RecordFormProps } from "./+shared/tab-parts";
import { pathTo } from "~/pages/registry";

const TAB = "/admin/news";

export async function loader({ request }: Route.LoaderArgs) {
  const { t } = await openTab(request);
  const { q, page } = listParams(request);
  const editId = new URL(request.url).searchParams.get("edit");
  const [posts, editing, horses, subscribers] = await Promise.all([
    readForTab(
      t,
      "posts",
      () =>
        readTabPage(
          request,
          page,
          (n) => listPostsPage({ search: q }, { page: n, perPage: TAB_PAGE_SIZE }),
          getPostListEntry,
        ),
      emptyPage<PostListEntry>(),
    ),
    // The post the address opens, whole (its bodies and photos) for its form.
    readForTab(t, "posts", async () => (editId && editId.length <= 64 ? getPost(editId) : null), null),
    readForTab(t, "horses", () => listHorseNames(), [] as HorseOption[]),
    readForTab(t, "subscribers", () => countSubscribers(), null),
  ]);
  const { items, ...pages } = posts.value;
  const sent = items.filter((p) => p.newsletter.queuedAt).map((p) => p.id);
  const progress = await readForTab(t, "posts", () => newsletterProgress(sent), new Map<string, NewsletterProgress>());
  return {
    posts: items,
    list: { q, ...pages },
    editing: editing.value,
    horses: horses.value,
    subscribers: subscribers.value,
    progress: Object.fromEntries(progress.value),
    fetchError: posts.error ?? editing.error ?? horses.error ?? subscribers.error ?? progress.error,
    now: new Date().toISOString(),
  };
}

type PhotoField = `photo${(typeof POST_PHOTO_SLOTS)[number]}`;

/**
 * Where the form's photos go: an owners-only post's to the private storage. The first photo is the
 * post's link preview, so it also gets the 1200 × 630 crop (kept for a post made public later).
 */
const postPhotos = (audience: PostAudience) =>
  Object.fromEntries(
    POST_PHOTO_SLOTS.map((n) => [
      `photo${n}`,
      { bucket: "post-photos", socialCard: n === 1, private: audience === "owners" },
    ]),
  ) as Record<PhotoField, ImageSpec>;

type PostForm = Omit<NewPost, "publishAt" | "photos"> & {
  publishAt: string | null;
  photos: { position: number; description: string; remove: boolean }[];
};

const postOf = (form: PostForm, images: Record<PhotoField, StoredImage | null>): NewPost => ({
  ...form,
  publishAt: form.publishAt ?? new Date().toISOString(),
  photos: form.photos.map((p) => ({ ...p, image: images[`photo${p.position}` as PhotoField] })),
});

/** Each newsletter mail is tried as often as a contact message. */
const saving = () => ({ mailAttempts: env().CONTACT_MAX_ATTEMPTS });

/** What a save tells the administrator beyond the title: who is being mailed, if anyone. */
function savedText(
  saved: { newsletter: number | null; notices: number | null },
  texts: { newsletter: [AdminKey, AdminKey]; notices: [AdminKey, AdminKey]; otherwise: AdminKey },
  values: Record<string, string>,
): AdminText {
  for (const kind of ["newsletter", "notices"] as const) {
    const count = saved[kind];
    // Nobody to tell (no owner wants updates) is no news; a newsletter to nobody still says so.
    if (count !== null && (kind === "newsletter" || count > 0))
      return msg(texts[kind][count === 1 ? 1 : 0], { ...values, count });
  }
  return Object.keys(values).length ? msg(texts.otherwise, values) : texts.otherwise;
}

/** Photos that cannot be made private (no private storage) are the audience's problem, said beside it. */
const refusePrivatePhotos = (error: unknown) =>
  error instanceof PrivateStorageMissingError
    ? { errors: { audience: "posts.privatePhotosUnavailable" as const } }
    : undefined;

export const action = adminAction({
  tab: TAB,
  otherFailure: "posts.updateFailed",
  intents: {
    create: intent({
      schema: postSchema,
      failure: "posts.addFailed",
      prepare: async (data) => data.audience,
      images: postPhotos,
      write: ({ data, images }) => createPost(postOf(data, images), saving()),
      success: (post, { data }) => ({
        title: data.draft ? "posts.draftSaved" : "posts.published",
        description: savedText(
          post,
          {
            newsletter: ["posts.publishedNewsletterText", "posts.publishedNewsletterTextOne"],
            notices: ["posts.publishedNoticesText", "posts.publishedNoticesTextOne"],
            otherwise: data.draft
              ? "posts.draftSavedText"
              : data.audience === "owners"
                ? "posts.publishedOwnersText"
                : "posts.publishedText",
          },
          { title: data.title },
        ),
        show: post.id,
      }),
    }),
    update: intent({
      schema: postEditSchema,
      failure: "posts.updateFailed",
      prepare: async (data) => data.audience,
      images: postPhotos,
      write: ({ data: { id, ...post }, images }) => savePost(id, postOf(post, images), saving()),
      refuse: refusePrivatePhotos,
      success: (saved, { data }) => ({
        title: "posts.updated",
        description: savedText(
          saved,
          {
            newsletter: ["posts.updatedNewsletterText", "posts.updatedNewsletterTextOne"],
            notices: ["posts.updatedNoticesText", "posts.updatedNoticesTextOne"],
            otherwise: "posts.updatedText",
          },
          {},
        ),
        show: data.id,
      }),
    }),
    delete: toTrash(deletePost, "posts.deleteFailed"),
    // The Preview button of either form: the bodies rendered as the post's page would, nothing saved.
    preview: intent({
      schema: postPreviewSchema,
      failure: "posts.previewFailed",
      write: async ({ data }) => ({ body: renderPostBody(data.body), bodyDa: renderPostBody(data.bodyDa) }),
      success: (preview) => ({ preview }),
    }),
    eraseSubscriber: intent({
      schema: subscriberEraseSchema,
      failure: "subscribers.eraseFailed",
      write: async ({ data }) => ((await eraseSubscriber(data.email)) ? true : null),
      missing: { errors: { email: "subscribers.notFound" }, status: 404 },
      success: { title: "subscribers.erased", description: "subscribers.erasedText" },
    }),
  },
});

type HorseOption = { id: string; name: string };

export default function NewsTab({ loaderData, actionData }: Route.ComponentProps) {
  const { posts, list, editing, horses, subscribers, progress, fetchError, now } = loaderData;
  const t = useAdminT();
  const tab = useTabForms(actionData);
  const cards: RecordCards<Post> = {
    add: { title: t("posts.add"), titleId: "add-post" },
    edit: { title: () => t("posts.edit"), titleId: "edit-post" },
  };
  return (
    <TabPage toasts={[fetchError, tab.result?.toast]}>
      <RecordForms
        tab={tab}
        records={posts}
        editing={editing}
        cards={cards}
        form={(props) => <PostEditor {...props} horses={horses} />}
      />
      <Card title={t("posts.list")} titleId="posts">
        <ListControls tab={TAB} list={list} name={t("posts.listName")} hint={t("posts.searchHint")}>
          <RecordList fetchError={fetchError} empty={list.q ? null : t("posts.empty")} records={posts}>
            {(post) => <PostRow key={post.id} post={post} now={now} progress={progress[post.id]} />}
          </RecordList>
        </ListControls>
      </Card>
      <SubscribersCard counts={subscribers} result={tab.answerFor("eraseSubscriber")} />
    </TabPage>
  );
}

/** A count as the dashboard's language writes it (1,234 / 1.234). */
function useCount() {
  const lang = useLang();
  return (n: number) => n.toLocaleString(lang === "da" ? "da-DK" : "en-GB");
}

/** Where the post's newsletter stands: asked for, or sent (and how far its delivery has got). */
function NewsletterState({ post, progress }: { post: Pick<Post, "newsletter">; progress?: NewsletterProgress }) {
  const t = useAdminT();
  const count = useCount();
  const { requested, queuedAt, recipients } = post.newsletter;
  if (!queuedAt) return requested ? <p className="text-stone-700">{t("posts.newsletterAtPublishing")}</p> : null;
  const total = recipients ?? 0;
  return (
    <p className="text-stone-700">
      {t(total === 1 ? "posts.newsletterSentOne" : "posts.newsletterSent", {
        count: count(total),
        when: formatDanishTime(queuedAt, "minute"),
      })}
      {progress && progress.waiting > 0
        ? ` · ${t("posts.newsletterProgress", { delivered: count(progress.delivered), count: count(total) })}`
        : null}
      {progress && progress.failed > 0 ? ` · ${t("posts.newsletterFailed", { failed: count(progress.failed) })}` : null}
    </p>
  );
}

/** Whether an owners-only post's owners have been told by e-mail, or are told when it comes out. */
function OwnersToldState({ post }: { post: PostListEntry }) {
  const t = useAdminT();
  if (post.audience !== "owners") return null;
  return (
    <p className="text-stone-700">
      {post.ownersToldAt
        ? t("posts.ownersTold", { when: formatDanishTime(post.ownersToldAt, "minute") })
        : t("posts.ownersToldAtPublishing")}
    </p>
  );
}

/** The languages a post is written in, as the list says them. */
function languagesOf(post: Pick<Post, "title" | "titleDa">): "posts.bothLanguages" | "posts.english" | "posts.danish" {
  const en = post.title.trim() !== "";
  const da = post.titleDa.trim() !== "";
  return en && da ? "posts.bothLanguages" : da ? "posts.danish" : "posts.english";
}

function PostRow({ post, now, progress }: { post: PostListEntry; now: string; progress?: NewsletterProgress }) {
  const t = useAdminT();
  const lang = useLang();
  const title = shownIn(both(post, "title"), lang);
  const when = formatDanishTime(post.publishAt, "minute");
  const state = post.draft
    ? t("posts.draft")
    : post.publishAt > now
      ? t("posts.scheduled", { when })
      : t("posts.publishedAt", { when });
  const first = post.firstPhoto;
  return (
    <RecordRow
      recordId={post.id}
      picture={first ? { image: first, alt: t("posts.photoAlt", { title: title.text }) } : undefined}
      actions={<EditAndDelete id={post.id} name={title.text} />}
      publicPage={
        post.draft || post.audience === "owners"
          ? undefined
          : { href: pathTo("news-item", { slug: post.slug }), name: title.text }
      }
    >
      <p className="text-base font-semibold text-stone-900" lang={langAttr(title, lang)}>
        {title.text}
      </p>
      <p className="text-stone-700">
        {post.audience === "owners" ? (
          <span className="mr-2 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
            {t("posts.ownersOnly")}
          </span>
        ) : null}
        {state} · {t(languagesOf(post))}
      </p>
      {post.horses.length ? <p className="text-stone-700">{post.horses.map((h) => h.name).join(", ")}</p> : null}
      <NewsletterState post={post} progress={progress} />
      <OwnersToldState post={post} />
    </RecordRow>
  );
}

function PostEditor({
  intent,
  titleId,
  record: post,
  result,
  horses,
}: RecordFormProps<Post> & { horses: HorseOption[] }) {
  const t = useAdminT();
  const schema = intent === "create" ? postSchema : postEditSchema;
  const form = useRecordForm(schema, result, intent, post);
  const { errors, val } = form;
  const sent = result?.values;
  const tagged = (id: string) =>
    sent ? sent[`${POST_HORSE_FIELD}${id}`] === "1" : !!post?.horses.some((h) => h.id === id);
  const videoValue = val("videoLink", post?.video ? videoWatchUrl(post.video) : "");
  // Owners-only posts are never newsletters: the box is off while that audience is chosen.
  const [audience, setAudience] = useState(val("audience", post?.audience ?? "public"));
  const fieldId = form.id ?? "new";
  return (
    <IntentForm intent={intent} id={form.id} titleId={titleId} onSubmit={form.onSubmit} multipart>
      <PostTexts form={form} post={post} result={result} />
      <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-medium text-stone-800">{t("posts.photos")}</legend>
        {POST_PHOTO_SLOTS.slice(0, 2).map((n) => (
          <PhotoSlot key={n} n={n} form={form} post={post} />
        ))}
        <details className="sm:col-span-2" open={!!post && post.photos.some((p) => p.position > 2)}>
          <summary className="cursor-pointer text-sm font-medium text-brand-800">{t("posts.morePhotos")}</summary>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            {POST_PHOTO_SLOTS.slice(2).map((n) => (
              <PhotoSlot key={n} n={n} form={form} post={post} />
            ))}
          </div>
        </details>
      </fieldset>
      <Field
        label={t("posts.videoLink")}
        name="videoLink"
        type="url"
        hint={t("posts.videoHint")}
        maxLength={500}
        defaultValue={videoValue}
        error={errors.videoLink}
      />
      <Field
        label={t("posts.publishAt")}
        name="publishAt"
        type="datetime-local"
        hint={t("posts.publishAtHint")}
        defaultValue={val("publishAt", post ? toDanishLocal(post.publishAt) : "")}
        error={errors.publishAt}
      />
      <fieldset className="sm:col-span-2" aria-describedby={`${fieldId}-audience-hint`}>
        <legend className="text-sm font-medium text-stone-800">{t("posts.audience")}</legend>
        <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
          {(["public", "owners"] as const).map((value) => (
            <label key={value} className="flex min-h-11 items-center gap-2 text-stone-900">
              <input
                type="radio"
                name="audience"
                value={value}
                checked={audience === value}
                onChange={() => setAudience(value)}
                className="h-4 w-4 accent-brand-700"
              />
              {t(value === "owners" ? "posts.audienceOwners" : "posts.audiencePublic")}
            </label>
          ))}
        </div>
        <p id={`${fieldId}-audience-hint`} className="mt-1 text-xs text-stone-600">
          {t("posts.audienceHint")}
        </p>
        {errors.audience ? <p className={fieldErrorClass}>{errors.audience}</p> : null}
      </fieldset>
      {horses.length ? (
        <fieldset className="sm:col-span-2" aria-describedby={errors.horses ? `${fieldId}-horses-error` : undefined}>
          <legend className="mb-2 text-sm font-medium text-stone-800">{t("posts.horses")}</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {horses.map((h) => (
              <label key={h.id} className="flex items-center gap-2 text-stone-800">
                <input type="checkbox" name={`${POST_HORSE_FIELD}${h.id}`} value="1" defaultChecked={tagged(h.id)} />
                {h.name}
              </label>
            ))}
          </div>
          {errors.horses ? (
            <p id={`${fieldId}-horses-error`} className={fieldErrorClass}>
              {errors.horses}
            </p>
          ) : null}
        </fieldset>
      ) : errors.horses ? (
        <p className={`sm:col-span-2 ${fieldErrorClass}`}>{errors.horses}</p>
      ) : null}
      <div className="sm:col-span-2">
        {post?.newsletter.queuedAt ? (
          <NewsletterState post={post} />
        ) : (
          <>
            <label className="flex items-center gap-2 text-stone-800">
              <input
                type="checkbox"
                name="newsletter"
                value="1"
                aria-describedby={`${fieldId}-newsletter-hint`}
                defaultChecked={sent ? sent.newsletter === "1" : !!post?.newsletter.requested}
                disabled={audience === "owners"}
                className="h-4 w-4 accent-brand-700"
              />
              {t("posts.newsletter")}
            </label>
            <p id={`${fieldId}-newsletter-hint`} className="mt-1 text-xs text-stone-600">
              {t(audience === "owners" ? "posts.ownersNoNewsletter" : "posts.newsletterHint")}
            </p>
            {errors.newsletter ? <p className={fieldErrorClass}>{errors.newsletter}</p> : null}
          </>
        )}
      </div>
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <SubmitButton busy={form.submitting} busyLabel={t("form.saving")} name="draft" value="0">
          {t("posts.publish")}
        </SubmitButton>
        <SubmitButton busy={form.submitting} busyLabel={t("form.saving")} name="draft" value="1" variant="secondary">
          {t("posts.saveDraft")}
        </SubmitButton>
        {intent === "update" ? (
          <Link to={TAB} preventScrollReset className={buttonClass.secondary}>
            {t("form.cancel")}
          </Link>
        ) : null}
      </div>
    </IntentForm>
  );
}

function PhotoSlot({
  n,
  form,
  post,
}: {
  n: number;
  form: ReturnType<typeof useRecordForm<Post>>;
  post: Post | undefined;
}) {
  const t = useAdminT();
  const inDanish = useInDanish();
  const current = post?.photos.find((p) => p.position === n);
  return (
    <div className="space-y-2">
      <RecordImageField
        form={form}
        name={`photo${n}`}
        label={t("posts.photo", { n })}
        current={current?.image ?? null}
        alt={current?.description ?? ""}
      />
      <Field
        label={t("posts.photoDescription", { n })}
        name={`description${n}`}
        lang="en"
        maxLength={300}
        defaultValue={form.val(`description${n}`, current?.description)}
        error={form.errors[`description${n}`]}
      />
      <Field
        label={inDanish(t("posts.photoDescription", { n }))}
        name={`descriptionDa${n}`}
        lang="da"
        maxLength={300}
        defaultValue={form.val(`descriptionDa${n}`, current?.descriptionDa)}
        error={form.errors[`descriptionDa${n}`]}
      />
      {current ? (
        <label className="flex items-center gap-2 text-sm text-stone-800">
          <input type="checkbox" name={`remove${n}`} value="1" />
          {t("posts.removePhoto", { n })}
        </label>
      ) : null}
    </div>
  );
}

/** The newsletter's subscribers: how many, the CSV export, and erasing one by address. */
function SubscribersCard({
  counts,
  result,
}: {
  counts: { all: number; confirmed: number } | null;
  result: AdminActionData | undefined;
}) {
  const t = useAdminT();
  const count = useCount();
  const form = useRecordForm<{ email: string }>(subscriberEraseSchema, result, "eraseSubscriber");
  return (
    <Card title={t("subscribers.title")} titleId="subscribers">
      {counts ? (
        <p className="text-stone-800">
          {t("subscribers.counts", {
            confirmed: count(counts.confirmed),
            pending: count(counts.all - counts.confirmed),
          })}
        </p>
      ) : null}
      <p className="mt-3">
        <a href={`${TAB}/subscribers.csv`} download className={buttonClass.secondary}>
          {t("subscribers.export")}
        </a>
      </p>
      <h3 id="erase-subscriber" className="mt-6 text-lg font-semibold text-brand-900">
        {t("subscribers.eraseTitle")}
      </h3>
      <IntentForm
        intent="eraseSubscriber"
        titleId="erase-subscriber"
        onSubmit={form.onSubmit}
        className="mt-2 grid max-w-xl gap-4"
      >
        {form.field("email", t("subscribers.email"), {
          type: "email",
          required: true,
          autoComplete: "off",
          maxLength: EMAIL_MAX,
          hint: t("subscribers.eraseHint"),
        })}
        <div>
          <SubmitButton busy={form.submitting} busyLabel={t("form.deleting")} variant="secondary">
            {t("subscribers.erase")}
          </SubmitButton>
        </div>
      </IntentForm>
    </Card>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "tabs.news");
