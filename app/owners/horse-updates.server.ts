import type { Lang } from "~/i18n/lang";
import { listOwnerUpdates } from "~/models/post.server";
import { summaryOf, viewOf, type PostSummary, type PostView } from "~/news/post-views.server";

/**
 * The private updates about a horse (its owners-only posts that are out), newest first, as the
 * horse's owners' page shows them: body rendered and sanitised as on a public post, photos at their
 * private addresses, video loaded on click. The caller has checked that the reader may see the horse
 * (maySeeHorsePrivate).
 */
export async function listHorseUpdates(horseId: string, lang: Lang): Promise<PostView[]> {
  // Each update's title is an h3 of the horse's page (app/owners/horse-updates.tsx).
  return (await listOwnerUpdates(horseId)).map((post) => viewOf(post, lang, { titleLevel: 3 }));
}

/** The latest update about a horse, for My Horses, or null. */
export async function latestHorseUpdate(horseId: string, lang: Lang): Promise<PostSummary | null> {
  const [latest] = await listOwnerUpdates(horseId, { limit: 1 });
  return latest ? summaryOf(latest, lang) : null;
}
