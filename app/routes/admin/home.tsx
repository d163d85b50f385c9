import { useState } from "react";
import type { Route } from "./+types/home";
import { SubmitButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormError, TextAreaField } from "~/components/ui/field";
import { IntentForm, RecordImageField, SaveOrCancel, useRecordForm } from "./+shared/form-parts";
import { EditPanel, TabPage, useTabForms } from "./+shared/tab-parts";
import { OpenLink } from "./+shared/record-list";
import { ResponsiveImage } from "~/media/responsive-image";
import { getHomeImage, listHomeImages, updateHomeImage, type HomeImage } from "~/models/home-image.server";
import { getLatestNews, saveNews, type News } from "~/models/news.server";
import { adminAction, intent, type AdminActionData } from "./+shared/admin-action.server";
import { readForTab } from "./+shared/tab-reads.server";
import { homeImageSchema, NEWS_MAX, newsSchema } from "./+shared/admin-forms";
import { requireAdmin } from "~/auth/auth.server";

const TAB = "/admin";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [news, images] = await Promise.all([
    readForTab("latest news", () => getLatestNews(), null as News | null),
    readForTab("home images", () => listHomeImages(), [] as HomeImage[]),
  ]);
  return { news: news.value, newsError: news.error, images: images.value, imagesError: images.error };
}

export const action = adminAction({
  tab: TAB,
  otherFailure: "Failed to update home image",
  intents: {
    news: intent({
      schema: newsSchema,
      failure: "Failed to update latest news",
      invalidToast: (errors) => errors.newsText,
      // As the spec says, saving empty news does nothing.
      skip: (data) => !data.newsText,
      write: ({ data }) => saveNews(data.newsText, data.id || undefined),
      success: { title: "Latest News Updated", description: "News has been saved successfully." },
    }),
    image: intent({
      schema: homeImageSchema,
      failure: "Failed to update home image",
      prepare: (data) => getHomeImage(data.id),
      // A gallery image is named after its position: home-{position}-{timestamp}.
      images: (current) => ({ image: { bucket: "horse-images", homePosition: current.position } }),
      write: ({ data, images }) => updateHomeImage(data.id, { altText: data.altText, image: images.image }),
      success: { title: "Image Updated", description: "Home page image has been updated successfully." },
    }),
  },
});

export default function HomeTab({ loaderData, actionData }: Route.ComponentProps) {
  const { news, newsError, images, imagesError } = loaderData;
  const { result, answerFor, opened } = useTabForms(actionData);
  const editing = opened(images);
  return (
    <TabPage toasts={[newsError, imagesError, result?.toast]}>
      <NewsForm key={news?.id ?? "none"} news={news} failed={newsError !== null} result={answerFor("news")} />
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
                <OpenLink id={image.id} label={`Edit image ${image.position}`}>
                  Edit
                </OpenLink>
              </div>
            </li>
          ))}
        </ul>
      </Card>
      {editing ? (
        <EditPanel key={editing.id} openKey={editing.id} title={`Edit Image ${editing.position}`} titleId="edit-image">
          <ImageForm image={editing} result={answerFor("image", editing.id)} />
        </EditPanel>
      ) : null}
    </TabPage>
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
  const { errors, onSubmit, submitting } = useRecordForm(newsSchema, result, "news");
  return (
    <Card title="Latest News" titleId="latest-news">
      {loadFailed ? <FormError message="Failed to fetch latest news" /> : null}
      <IntentForm
        intent="news"
        id={news?.id}
        titleId="latest-news"
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
      </IntentForm>
    </Card>
  );
}

function ImageForm({ image, result }: { image: HomeImage; result: AdminActionData | undefined }) {
  const form = useRecordForm(homeImageSchema, result, "image", image);
  return (
    <IntentForm
      intent="image"
      id={image.id}
      titleId="edit-image"
      onSubmit={form.onSubmit}
      multipart
      className="grid max-w-2xl gap-4"
    >
      <RecordImageField form={form} name="image" label="Image" current={image.image} alt={image.altText} />
      {form.field("altText", "Alt Text", { maxLength: 200 })}
      <SaveOrCancel submitting={form.submitting} cancelTo={TAB} />
    </IntentForm>
  );
}
