import type { Route } from "./+types/news";
import { Link } from "react-router";
import { buttonClass, SubmitButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, SelectField, TextAreaField } from "~/components/ui/field";
import { msg } from "~/i18n/admin/dictionary";
import { useAdminT } from "~/i18n/admin/use-admin-t";
import { listHorses, type Horse } from "~/models/horse.server";
import { newsletterProgress, type NewsletterProgress } from "~/models/newsletter-send.server";
import { createPost, deletePost, listAllPosts, updatePost, type NewPost, type Post } from "~/models/post.server";
import { countSubscribers, eraseSubscriber } from "~/models/subscriber.server";
import { env } from "~/platform/env.server";
import { useLang } from "~/i18n/use-lang";
import type { StoredImage } from "~/media/images.server";
import { EMAIL_MAX } from "~/utils/email";
import type { AdminActionData } from "./+shared/admin-action.server";
import { toDanishLocal } from "~/news/publish-at";
import { videoWatchUrl } from "~/news/video-link";
import { formatDanishTime } from "~/racing/format";
import { adminAction, intent, toTrash } from "./+shared/admin-action.server";
import {
  POST_BODY_MAX,
  POST_HORSE_FIELD,
  POST_PHOTO_SLOTS,
  POST_TITLE_MAX,
  postEditSchema,
  postSchema,
  subscriberEraseSchema,
} from "./+shared/admin-forms";
import type { ImageSpec } from "./+shared/admin-images.server";
import { IntentForm, RecordImageField, RequiredNote, useRecordForm } from "./+shared/form-parts";
import { EditAndDelete, RecordList, RecordRow } from "./+shared/record-list";
import { adminMeta } from "./+shared/admin-meta";
import { openTab, readForTab } from "./+shared/tab-reads.server";
import { RecordForms, TabPage, useTabForms, type RecordCards, type RecordFormProps } from "./+shared/tab-parts";

const TAB = "/admin/news";

export async function loader({ request }: Route.LoaderArgs) {
  const { t } = await openTab(request);
  const [posts, horses, subscribers] = await Promise.all([
    readForTab(t, "posts", () => listAllPosts(), [] as Post[]),
    readForTab(t, "horses", () => listHorses(), [] as Horse[]),
    readForTab(t, "subscribers", () => countSubscribers(), null),
  ]);
  const sent = posts.value.filter((p) => p.newsletter.queuedAt).map((p) => p.id);
  const progress = await readForTab(t, "posts", () => newsletterProgress(sent), new Map<string, NewsletterProgress>());
  return {
    posts: posts.value,
    horses: horses.value.map((h) => ({ id: h.id, name: h.name })),
    subscribers: subscribers.value,
    progress: Object.fromEntries(progress.value),
    fetchError: posts.error ?? horses.error ?? subscribers.error ?? progress.error,
    now: new Date().toISOString(),
  };
}

type PhotoField = `photo${(typeof POST_PHOTO_SLOTS)[number]}`;

// The first photo is the post's link preview, so it also gets the 1200 × 630 crop.
const POST_PHOTOS = Object.fromEntries(
  POST_PHOTO_SLOTS.map((n) => [`photo${n}`, { bucket: "post-photos", socialCard: n === 1 }]),
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

export const action = adminAction({
  tab: TAB,
  otherFailure: "posts.updateFailed",
  intents: {
    create: intent({
      schema: postSchema,
      failure: "posts.addFailed",
      images: POST_PHOTOS,
      write: ({ data, images }) => createPost(postOf(data, images), saving()),
      success: (post, { data }) => ({
        title: data.draft ? "posts.draftSaved" : "posts.published",
        description:
          post.newsletter !== null
            ? msg(post.newsletter === 1 ? "posts.publishedNewsletterTextOne" : "posts.publishedNewsletterText", {
                title: data.title,
                count: post.newsletter,
              })
            : msg(data.draft ? "posts.draftSavedText" : "posts.publishedText", { title: data.title }),
        show: post.id,
      }),
    }),
    update: intent({
      schema: postEditSchema,
      failure: "posts.updateFailed",
      images: POST_PHOTOS,
      write: ({ data: { id, ...post }, images }) => updatePost(id, postOf(post, images), saving()),
      success: (saved, { data }) => ({
        title: "posts.updated",
        description:
          saved.newsletter !== null
            ? msg(saved.newsletter === 1 ? "posts.updatedNewsletterTextOne" : "posts.updatedNewsletterText", {
                count: saved.newsletter,
              })
            : "posts.updatedText",
        show: data.id,
      }),
    }),
    delete: toTrash(deletePost, "posts.deleteFailed"),
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
  const { posts, horses, subscribers, progress, fetchError, now } = loaderData;
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
        cards={cards}
        form={(props) => <PostEditor {...props} horses={horses} />}
      />
      <Card title={t("posts.list")} titleId="posts">
        <RecordList fetchError={fetchError} empty={t("posts.empty")} records={posts}>
          {(post) => <PostRow key={post.id} post={post} now={now} progress={progress[post.id]} />}
        </RecordList>
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
function NewsletterState({ post, progress }: { post: Post; progress?: NewsletterProgress }) {
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

function PostRow({ post, now, progress }: { post: Post; now: string; progress?: NewsletterProgress }) {
  const t = useAdminT();
  const when = formatDanishTime(post.publishAt, "minute");
  const state = post.draft
    ? t("posts.draft")
    : post.publishAt > now
      ? t("posts.scheduled", { when })
      : t("posts.publishedAt", { when });
  const first = post.photos[0];
  return (
    <RecordRow
      recordId={post.id}
      picture={first ? { image: first.image, alt: t("posts.photoAlt", { title: post.title }) } : undefined}
      actions={<EditAndDelete id={post.id} name={post.title} />}
      publicPage={post.draft ? undefined : { href: `/news/${post.slug}`, name: post.title }}
    >
      <p className="text-base font-semibold text-stone-900" lang={post.language}>
        {post.title}
      </p>
      <p className="text-stone-700">
        {state} · {post.language === "da" ? t("posts.danish") : t("posts.english")}
      </p>
      {post.horses.length ? <p className="text-stone-700">{post.horses.map((h) => h.name).join(", ")}</p> : null}
      <NewsletterState post={post} progress={progress} />
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
  return (
    <IntentForm intent={intent} id={form.id} titleId={titleId} onSubmit={form.onSubmit} multipart>
      <RequiredNote />
      <div className="sm:col-span-2">
        {form.field("title", t("posts.title"), { required: true, maxLength: POST_TITLE_MAX })}
      </div>
      <div className="sm:col-span-2">
        <TextAreaField
          label={t("posts.body")}
          name="body"
          rows={10}
          required
          markRequired
          maxLength={POST_BODY_MAX}
          hint={t("posts.bodyHint")}
          defaultValue={val("body", post?.body)}
          error={errors.body}
        />
      </div>
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
      <SelectField
        label={t("posts.language")}
        name="language"
        defaultValue={val("language", post?.language ?? "en")}
        error={errors.language}
      >
        <option value="en">{t("posts.english")}</option>
        <option value="da">{t("posts.danish")}</option>
      </SelectField>
      <Field
        label={t("posts.publishAt")}
        name="publishAt"
        type="datetime-local"
        hint={t("posts.publishAtHint")}
        defaultValue={val("publishAt", post ? toDanishLocal(post.publishAt) : "")}
        error={errors.publishAt}
      />
      {horses.length ? (
        <fieldset className="sm:col-span-2">
          <legend className="mb-2 text-sm font-medium text-stone-800">{t("posts.horses")}</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {horses.map((h) => (
              <label key={h.id} className="flex items-center gap-2 text-stone-800">
                <input type="checkbox" name={`${POST_HORSE_FIELD}${h.id}`} value="1" defaultChecked={tagged(h.id)} />
                {h.name}
              </label>
            ))}
          </div>
        </fieldset>
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
                aria-describedby={`${form.id ?? "new"}-newsletter-hint`}
                defaultChecked={sent ? sent.newsletter === "1" : !!post?.newsletter.requested}
                className="h-4 w-4 accent-brand-700"
              />
              {t("posts.newsletter")}
            </label>
            <p id={`${form.id ?? "new"}-newsletter-hint`} className="mt-1 text-xs text-stone-600">
              {t("posts.newsletterHint")}
            </p>
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
        maxLength={300}
        defaultValue={form.val(`description${n}`, current?.description)}
        error={form.errors[`description${n}`]}
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
