import { LeadPhoto, PostBody } from "~/components/news/post-content";
import { PostGallery } from "~/components/news/post-gallery";
import { VideoEmbed } from "~/components/news/video-embed";
import { useShown, useT } from "~/i18n/use-lang";
import type { PostView } from "~/news/post-types";

/** The horse's private updates on its owners' page, newest first, or the text that there are none yet. */
export function HorseUpdates({ updates, horse }: { updates: PostView[]; horse: string }) {
  const t = useT();
  if (updates.length === 0) return <p className="mt-4 text-stone-600">{t("owners.updatesEmpty", { horse })}</p>;
  return (
    <ol className="mt-6 max-w-3xl space-y-8">
      {updates.map((update) => (
        <li key={update.slug}>
          <Update update={update} />
        </li>
      ))}
    </ol>
  );
}

function Update({ update }: { update: PostView }) {
  const t = useT();
  const shown = useShown();
  const [lead, ...more] = update.photos;
  const headingId = `update-${update.slug}`;
  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6">
      <p className="text-sm text-stone-600">
        <time dateTime={update.publishAt}>{update.date}</time>
      </p>
      <h3 id={headingId} lang={shown.lang(update.title)} className="mt-1 text-2xl font-semibold text-brand-900">
        {update.title.text}
      </h3>
      {lead ? <LeadPhoto photo={lead} className="mt-5" /> : null}
      <PostBody html={update.body.html} lang={shown.lang(update.body)} className="mt-5" />
      {update.video ? (
        <div className="mt-6">
          <VideoEmbed video={update.video} title={update.title.text} />
        </div>
      ) : null}
      {more.length ? (
        <div className="mt-6">
          <PostGallery photos={more} label={t("owners.updatePhotos", { title: update.title.text })} />
        </div>
      ) : null}
    </article>
  );
}
