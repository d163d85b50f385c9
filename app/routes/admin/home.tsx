import { useState } from "react";
import type { Route } from "./+types/home";
import { SubmitButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormError, TextAreaField } from "~/components/ui/field";
import { useAdminT } from "~/i18n/admin/use-admin-t";
import { IntentForm, RecordImageField, SaveOrCancel, useRecordForm } from "./+shared/form-parts";
import { EditPanel, TabPage, useTabForms } from "./+shared/tab-parts";
import { SideBySide, useInDanish } from "./+shared/side-by-side";
import { highlightClass, OpenLink, useJustSaved } from "./+shared/record-list";
import { itemAnchor } from "./+shared/item-links";
import { TodayAtTheStable } from "./+shared/today-section";
import { EMPTY_TODAY, readToday } from "./+shared/today.server";
import { ResponsiveImage } from "~/media/responsive-image";
import { getHomeImage, listHomeImages, updateHomeImage, type HomeImage } from "~/models/home-image.server";
import { getLatestNews, saveNews, type News } from "~/models/news.server";
import { adminAction, intent, type AdminActionData } from "./+shared/admin-action.server";
import { openTab, readForTab } from "./+shared/tab-reads.server";
import { recordResultIntent } from "./+shared/runner-result.server";
import { dhReviewIntents } from "./+shared/dh-review.server";
import { DhReview } from "./+shared/dh-review";
import { listReview, type ReviewItem } from "~/dh/dh-review.server";
import { homeImageSchema, NEWS_MAX, newsSchema } from "./+shared/admin-forms";
import { danishToday } from "~/racing/race-day";
import { cn } from "~/utils/cn";
import { pathTo } from "~/pages/registry";

const TAB = "/admin";

export async function loader({ request }: Route.LoaderArgs) {
  const { t } = await openTab(request);
  const date = danishToday();
  const [today, news, images] = await Promise.all([
    readForTab(t, "today", () => readToday(t, date), EMPTY_TODAY),
    readForTab(t, "latestNews", () => getLatestNews(), null as News | null),
    readForTab(t, "homeImages", () => listHomeImages(), [] as HomeImage[]),
  ]);
  const dh = await readForTab(t, "dhReview", () => listReview(), [] as ReviewItem[]);
  return {
    date,
    today: today.value,
    todayError: today.error,
    news: news.value,
    newsError: news.error,
    images: images.value,
    imagesError: images.error,
    dhReview: dh.value,
    dhError: dh.error,
  };
}

export const action = adminAction({
  tab: TAB,
  otherFailure: "home.imageFailed",
  intents: {
    news: intent({
      schema: newsSchema,
      failure: "home.newsFailed",
      invalidToast: (errors) => errors.newsText,
      // As the spec says, saving empty news does nothing.
      skip: (data) => !data.newsText,
      write: ({ data }) => saveNews(data.newsText, data.id || undefined, data.newsTextDa),
      success: { title: "home.newsSaved", description: "home.newsSavedText" },
    }),
    image: intent({
      schema: homeImageSchema,
      failure: "home.imageFailed",
      prepare: (data) => getHomeImage(data.id),
      // A gallery image is named after its position: home-{position}-{timestamp}.
      images: (current) => ({ image: { bucket: "horse-images", homePosition: current.position } }),
      write: ({ data, images }) =>
        updateHomeImage(data.id, { altText: data.altText, altTextDa: data.altTextDa, image: images.image }),
      success: (_, { data }) => ({ title: "home.imageSaved", description: "home.imageSavedText", show: data.id }),
    }),
    // Today at the Stable's Record Result: the Runners tab's form and intent.
    result: recordResultIntent,
    ...dhReviewIntents,
  },
});

export default function HomeTab({ loaderData, actionData }: Route.ComponentProps) {
  const { date, today, todayError, news, newsError, images, imagesError, dhReview, dhError } = loaderData;
  const t = useAdminT();
  const { result, answerFor, opened } = useTabForms(actionData);
  const editing = opened(images);
  return (
    <TabPage toasts={[todayError, newsError, imagesError, dhError, result?.toast]}>
      <TodayAtTheStable today={today} date={date} failed={todayError?.description} resultAnswer={answerFor("result")} />
      <DhReview items={dhReview} />
      <NewsForm key={news?.id ?? "none"} news={news} failed={newsError !== null} result={answerFor("news")} />
      <Card title={t("home.gallery")} titleId="gallery">
        {imagesError ? <FormError message={t("fetch.homeImages")} /> : null}
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {images.map((image) => (
            <GalleryImage key={image.id} image={image} />
          ))}
        </ul>
      </Card>
      {editing ? (
        <EditPanel
          key={editing.id}
          openKey={editing.id}
          title={t("home.editImage", { position: editing.position })}
          titleId="edit-image"
        >
          <ImageForm image={editing} result={answerFor("image", editing.id)} />
        </EditPanel>
      ) : null}
    </TabPage>
  );
}

function GalleryImage({ image }: { image: HomeImage }) {
  const t = useAdminT();
  const saved = useJustSaved(image.id);
  return (
    <li
      id={itemAnchor(image.id)}
      className={cn("scroll-mt-24 rounded-lg border border-stone-200 p-3", saved && highlightClass)}
    >
      <div className="relative">
        <ResponsiveImage
          image={image.image}
          alt={image.altText}
          sizes="(min-width: 640px) 50vw, 100vw"
          className="aspect-[4/3] w-full rounded-md object-cover"
        />
        <span className="absolute left-2 top-2 rounded-full bg-brand-900 px-2.5 py-0.5 text-xs font-semibold text-white">
          {t("home.position", { position: image.position })}
        </span>
      </div>
      <div className="mt-2 flex items-center justify-between gap-2">
        <p className="min-w-0 truncate text-sm text-stone-700" title={image.altText}>
          {image.altText || t("home.noAltText")}
        </p>
        <OpenLink id={image.id} label={t("home.editImageLabel", { position: image.position })}>
          {t("form.edit")}
        </OpenLink>
      </div>
      {saved ? (
        <p className="mt-2 text-sm">
          <a href={pathTo("home")} className="font-medium text-brand-700 underline underline-offset-4">
            {t("form.viewOnSite")}
          </a>
        </p>
      ) : null}
    </li>
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
  const t = useAdminT();
  const inDanish = useInDanish();
  const [text, setText] = useState(result?.values.newsText ?? news?.text ?? "");
  const [textDa, setTextDa] = useState(result?.values.newsTextDa ?? news?.textDa ?? "");
  const { errors, onSubmit, submitting } = useRecordForm(newsSchema, result, "news");
  return (
    <Card title={t("home.latestNews")} titleId="latest-news">
      {loadFailed ? <FormError message={t("fetch.latestNews")} /> : null}
      <IntentForm
        intent="news"
        id={news?.id}
        titleId="latest-news"
        onSubmit={(event) => {
          // Empty news does nothing.
          if (!text.trim() && !textDa.trim()) {
            event.preventDefault();
            return;
          }
          onSubmit(event);
        }}
        className="space-y-3"
      >
        <SideBySide
          en={
            <TextAreaField
              label={t("home.newsText")}
              name="newsText"
              lang="en"
              rows={3}
              maxLength={NEWS_MAX}
              value={text}
              onChange={(e) => setText(e.target.value.slice(0, NEWS_MAX))}
              hint={t("home.newsCounter", { count: text.length, max: NEWS_MAX })}
              error={errors.newsText}
            />
          }
          da={
            <TextAreaField
              label={inDanish(t("home.newsText"))}
              name="newsTextDa"
              lang="da"
              rows={3}
              maxLength={NEWS_MAX}
              value={textDa}
              onChange={(e) => setTextDa(e.target.value.slice(0, NEWS_MAX))}
              hint={t("home.newsCounter", { count: textDa.length, max: NEWS_MAX })}
              error={errors.newsTextDa}
            />
          }
        />
        <SubmitButton busy={submitting} busyLabel={t("form.saving")}>
          {t("home.saveNews")}
        </SubmitButton>
      </IntentForm>
    </Card>
  );
}

function ImageForm({ image, result }: { image: HomeImage; result: AdminActionData | undefined }) {
  const t = useAdminT();
  const inDanish = useInDanish();
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
      <RecordImageField form={form} name="image" label={t("home.image")} current={image.image} alt={image.altText} />
      <SideBySide
        en={form.field("altText", t("home.altText"), { maxLength: 200, lang: "en" })}
        da={form.field("altTextDa", inDanish(t("home.altText")), { maxLength: 200, lang: "da" })}
      />
      <SaveOrCancel submitting={form.submitting} cancelTo={TAB} />
    </IntentForm>
  );
}
