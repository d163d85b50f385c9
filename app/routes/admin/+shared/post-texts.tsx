import { useEffect, useRef, useState, type MouseEvent } from "react";
import { useFetcher } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { TextAreaField } from "~/components/ui/field";
import { useHydrated } from "~/components/ui/use-hydrated";
import { PostBody } from "~/components/news/post-content";
import { useAdminT } from "~/i18n/admin/use-admin-t";
import type { Post } from "~/models/post.server";
import type { AdminActionData } from "./admin-action.server";
import { SUBMITTER_INTENT_FIELD } from "./item-links";
import { POST_BODY_MAX, POST_TITLE_MAX } from "./admin-forms";
import type { RecordFormState } from "./form-parts";
import { SideBySide, useInDanish } from "./side-by-side";

type Body = "body" | "bodyDa";

/** How long typing pauses before an open preview follows it. */
const FOLLOW_TYPING_MS = 400;

/**
 * A post's title and Markdown body in English and in Danish, side by side, with a Preview of the
 * bodies as the post's page shows them. Without JavaScript, Preview sends the form to the tab's
 * `preview` intent, which renders them on the server and answers the form as typed. With it, the
 * bodies alone go there in the background (no photos are sent), each preview appears under its
 * body, and it follows the typing from then on.
 */
export function PostTexts({
  form,
  post,
  result,
}: {
  form: RecordFormState<Post>;
  post: Post | undefined;
  result: AdminActionData | undefined;
}) {
  const t = useAdminT();
  const inDanish = useInDanish();
  const hydrated = useHydrated();
  const fetcher = useFetcher<AdminActionData>();
  const formRef = useRef<HTMLFormElement | null>(null);
  const [following, setFollowing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const shown = fetcher.data?.preview ?? result?.preview;
  const hintId = `${form.id ?? "new"}-preview-hint`;

  const preview = () => {
    const fields = formRef.current?.elements;
    const data = new FormData();
    data.set("intent", "preview");
    for (const name of ["body", "bodyDa"] as const) {
      const field = fields?.namedItem(name);
      data.set(name, field instanceof HTMLTextAreaElement ? field.value : "");
    }
    void fetcher.submit(data, { method: "post" });
  };
  const start = (event: MouseEvent<HTMLButtonElement>) => {
    formRef.current = event.currentTarget.form;
    setFollowing(true);
    preview();
  };
  const follow = () => {
    if (!following) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(preview, FOLLOW_TYPING_MS);
  };

  const title = (name: "title" | "titleDa", label: string) =>
    form.field(name, label, { maxLength: POST_TITLE_MAX, lang: name === "titleDa" ? "da" : "en" });
  const body = (name: Body, label: string) => (
    <>
      <TextAreaField
        label={label}
        name={name}
        lang={name === "bodyDa" ? "da" : "en"}
        rows={10}
        maxLength={POST_BODY_MAX}
        hint={t("posts.bodyHint")}
        defaultValue={form.val(name, post?.[name])}
        error={form.errors[name]}
        onChange={follow}
      />
      {shown ? <Preview html={shown[name] ?? ""} label={label} lang={name === "bodyDa" ? "da" : "en"} /> : null}
    </>
  );

  return (
    <>
      <p className="text-sm text-stone-600 sm:col-span-2">{t("posts.languagesHint")}</p>
      <SideBySide
        hint={false}
        en={
          <>
            {title("title", t("posts.title"))}
            {body("body", t("posts.body"))}
          </>
        }
        da={
          <>
            {title("titleDa", inDanish(t("posts.title")))}
            {body("bodyDa", inDanish(t("posts.body")))}
          </>
        }
      />
      <div className="sm:col-span-2">
        {hydrated ? (
          <button type="button" className={buttonClass.secondary} onClick={start} aria-describedby={hintId}>
            {t("posts.preview")}
          </button>
        ) : (
          <button
            type="submit"
            className={buttonClass.secondary}
            name={SUBMITTER_INTENT_FIELD}
            value="preview"
            aria-describedby={hintId}
          >
            {t("posts.preview")}
          </button>
        )}
        <p id={hintId} className="mt-1 text-xs text-stone-600">
          {t("posts.previewHint")}
        </p>
      </div>
    </>
  );
}

/** A body as its page shows it: the server's rendering, the only HTML ever made from what was typed. */
function Preview({ html, label, lang }: { html: string; label: string; lang: "en" | "da" }) {
  const t = useAdminT();
  const name = t("posts.previewOf", { label });
  return (
    <section aria-label={name} className="rounded-lg border border-dashed border-brand-300 bg-brand-50 p-4">
      <p className="text-xs font-semibold uppercase tracking-wide text-brand-800">{t("posts.preview")}</p>
      {html ? (
        <PostBody html={html} lang={lang} className="mt-2" />
      ) : (
        <p className="mt-2 text-sm text-stone-600">{t("posts.previewEmpty")}</p>
      )}
    </section>
  );
}
