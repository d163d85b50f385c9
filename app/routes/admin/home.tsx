import { useState } from "react";
import { Form, Link, useSearchParams } from "react-router";
import type { Route } from "./+types/home";
import { SubmitButton, buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, FormError, TextAreaField } from "~/components/ui/field";
import { useSubmitting } from "~/components/ui/use-submitting";
import { SaveOrCancel, useSchemaCheck, useScrollIntoViewOnOpen } from "~/routes/admin/+shared/form-parts";
import { ImageUploadField } from "~/media/image-upload-field";
import { ResponsiveImage } from "~/media/responsive-image";
import { ShowToast } from "~/components/ui/toast";
import { getHomeImage, listHomeImages, updateHomeImage, type HomeImage } from "~/models/home-image.server";
import { getLatestNews, saveNews, type News } from "~/models/news.server";
import { failed, fetchFailed, invalid, type AdminActionData } from "~/routes/admin/+shared/admin-actions.server";
import { fieldErrors, homeImageSchema, NEWS_MAX, newsSchema } from "~/routes/admin/+shared/admin-forms";
import { adminAction, saveWithImage } from "~/routes/admin/+shared/admin-upload.server";
import type { AdminForm, FailureTexts } from "~/routes/admin/+shared/admin-upload.server";
import { requireAdmin } from "~/auth/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { Toast } from "~/utils/toast";

const TAB = "/admin";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [news, images] = await Promise.all([
    getLatestNews().then(
      (value) => ({ value, error: null as Toast | null }),
      (error: unknown) => ({ value: null as News | null, error: fetchFailed("Failed to fetch latest news", error) }),
    ),
    listHomeImages().then(
      (value) => ({ value, error: null as Toast | null }),
      (error: unknown) => ({ value: [] as HomeImage[], error: fetchFailed("Failed to fetch home images", error) }),
    ),
  ]);
  return { news: news.value, newsError: news.error, images: images.value, imagesError: images.error };
}

/** The spec's 'Failed to …' text of each form on this tab. */
const FAILED = {
  news: "Failed to update latest news",
  image: "Failed to update home image",
  other: "Failed to update home image",
} satisfies FailureTexts;

export async function action({ request }: Route.ActionArgs) {
  return adminAction(request, FAILED, { news: saveLatestNews, image: saveHomeImage });
}

async function saveLatestNews({ values }: AdminForm) {
  const parsed = newsSchema.safeParse(values);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return invalid("news", values, errors, errors.newsText);
  }
  // As the spec says, saving empty news does nothing.
  if (!parsed.data.newsText) return { intent: "news", values } satisfies AdminActionData;
  try {
    await saveNews(parsed.data.newsText, parsed.data.id || undefined);
  } catch (error) {
    return failed("news", values, FAILED.news, error);
  }
  return redirectWithToast(TAB, {
    type: "success",
    title: "Latest News Updated",
    description: "News has been saved successfully.",
  });
}

async function saveHomeImage(form: AdminForm) {
  const { values } = form;
  const parsed = homeImageSchema.safeParse(values);
  if (!parsed.success) return invalid("image", values, fieldErrors(parsed.error));
  let current: Awaited<ReturnType<typeof getHomeImage>>;
  try {
    current = await getHomeImage(parsed.data.id);
  } catch (error) {
    return failed("image", values, FAILED.image, error);
  }
  if (!current) return failed("image", values, FAILED.image, undefined, 404);
  const { answer } = await saveWithImage(
    form,
    { field: "image", bucket: "horse-images", failure: FAILED.image, homePosition: current.position },
    (image) => updateHomeImage(parsed.data.id, { altText: parsed.data.altText, image }),
  );
  if (answer) return answer;
  return redirectWithToast(TAB, {
    type: "success",
    title: "Image Updated",
    description: "Home page image has been updated successfully.",
  });
}

export default function HomeTab({ loaderData, actionData }: Route.ComponentProps) {
  const { news, newsError, images, imagesError } = loaderData;
  const [params] = useSearchParams();
  const editId = params.get("edit");
  const editing = editId ? images.find((i) => i.id === editId) : undefined;
  const result = actionData as AdminActionData | undefined;

  return (
    <div className="space-y-8">
      <ShowToast toast={newsError} />
      <ShowToast toast={imagesError} />
      <ShowToast toast={result?.toast} />
      <NewsForm
        key={news?.id ?? "none"}
        news={news}
        failed={newsError !== null}
        result={result?.intent === "news" ? result : undefined}
      />
      <Card title="Homepage Gallery (4 Images)" titleId="gallery">
        {imagesError ? <FormError message="Failed to fetch home images" /> : null}
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {images.map((image) => (
            <li key={image.id} className="rounded-lg border border-stone-200 p-3">
              <div className="relative">
                <ResponsiveImage
                  image={image.image}
                  alt={image.altText}
                  sizes="(min-width: 640px) 50vw, 100vw"
                  className="aspect-[4/3] w-full rounded-md object-cover"
                />
                <span className="absolute left-2 top-2 rounded-full bg-brand-900 px-2.5 py-0.5 text-xs font-semibold text-white">
                  Position {image.position}
                </span>
              </div>
              <div className="mt-2 flex items-center justify-between gap-2">
                <p className="min-w-0 truncate text-sm text-stone-700" title={image.altText}>
                  {image.altText || "No alt text"}
                </p>
                <Link
                  to={`?edit=${image.id}`}
                  preventScrollReset
                  className={buttonClass.small}
                  aria-label={`Edit image ${image.position}`}
                >
                  Edit
                </Link>
              </div>
            </li>
          ))}
        </ul>
      </Card>
      {editing ? (
        <EditImageForm
          key={editing.id}
          image={editing}
          result={result?.intent === "image" && result.id === editing.id ? result : undefined}
        />
      ) : null}
    </div>
  );
}

function NewsForm({
  news,
  failed: loadFailed,
  result,
}: {
  news: News | null;
  failed: boolean;
  result: AdminActionData | undefined;
}) {
  const [text, setText] = useState(result?.values.newsText ?? news?.text ?? "");
  const { errors, onSubmit } = useSchemaCheck(newsSchema, result?.errors);
  const submitting = useSubmitting("news");
  return (
    <Card title="Latest News" titleId="latest-news">
      {loadFailed ? <FormError message="Failed to fetch latest news" /> : null}
      <Form
        method="post"
        aria-labelledby="latest-news"
        onSubmit={(event) => {
          // Empty news does nothing.
          if (!text.trim()) {
            event.preventDefault();
            return;
          }
          onSubmit(event);
        }}
        className="space-y-3"
      >
        <input type="hidden" name="intent" value="news" />
        {news ? <input type="hidden" name="id" value={news.id} /> : null}
        <TextAreaField
          label="News text"
          name="newsText"
          rows={3}
          maxLength={NEWS_MAX}
          value={text}
          onChange={(e) => setText(e.target.value.slice(0, NEWS_MAX))}
          hint={`${text.length}/${NEWS_MAX} characters`}
          error={errors.newsText}
        />
        <SubmitButton busy={submitting} busyLabel="Saving...">
          Save Latest News
        </SubmitButton>
      </Form>
    </Card>
  );
}

function EditImageForm({ image, result }: { image: HomeImage; result: AdminActionData | undefined }) {
  const ref = useScrollIntoViewOnOpen(image.id);
  const { errors, onSubmit } = useSchemaCheck(homeImageSchema, result?.errors);
  const submitting = useSubmitting("image", image.id);
  return (
    <div ref={ref} className="scroll-mt-24">
      <Card
        title={`Edit Image ${image.position}`}
        titleId="edit-image"
        className="border-gold-400 ring-1 ring-gold-300"
      >
        <Form
          method="post"
          encType="multipart/form-data"
          aria-labelledby="edit-image"
          onSubmit={onSubmit}
          className="grid max-w-2xl gap-4"
        >
          <input type="hidden" name="intent" value="image" />
          <input type="hidden" name="id" value={image.id} />
          <ImageUploadField
            key={errors.image ?? ""}
            label="Image"
            name="image"
            currentImage={image.image}
            currentAlt={image.altText}
            error={errors.image}
          />
          <Field
            label="Alt Text"
            name="altText"
            maxLength={200}
            defaultValue={result?.values.altText ?? image.altText}
            error={errors.altText}
          />
          <SaveOrCancel submitting={submitting} cancelTo={TAB} />
        </Form>
      </Card>
    </div>
  );
}
