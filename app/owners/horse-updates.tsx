import { useT } from "~/i18n/use-lang";
import type { PostView } from "~/news/post-types";

/** The horse's private updates on its owners' page, newest first, or the text that there are none yet. */
export function HorseUpdates({ updates, horse }: { updates: PostView[]; horse: string }) {
  const t = useT();
  if (updates.length === 0) return <p className="mt-4 text-stone-600">{t("owners.updatesEmpty", { horse })}</p>;
  return (
    <ol className="mt-6 space-y-8">
      {updates.map((update) => (
        <li key={update.slug}>
          <article lang={update.language} className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
            <h3 className="text-xl font-semibold text-brand-900">{update.title}</h3>
            <p className="mt-1 text-sm text-stone-600">
              <time dateTime={update.publishAt}>{update.date}</time>
            </p>
            {/* The body is rendered and sanitised on the server (app/news/markdown.server.ts). */}
            <div className="prose mt-4 max-w-none" dangerouslySetInnerHTML={{ __html: update.html }} />
          </article>
        </li>
      ))}
    </ol>
  );
}
