import { data } from "react-router";
import { log } from "~/platform/log.server";
import { publicOrigin } from "~/platform/origin.server";
import { pathTo } from "~/pages/registry";
import { redirectWithToast } from "~/toast/toast.server";
import { toastMessage, type Toast } from "~/toast/toast";
import { translator, type Translate } from "~/i18n/dictionary";
import { langFromPath, type Lang } from "~/i18n/lang";

/**
 * What every owners' page answers with: its content is one person's, so no cache on the way (the
 * site's page cache, a proxy, the browser's back-forward store) may keep or share it.
 */
export const PRIVATE = { "Cache-Control": "private, no-store" } as const;

/** The owners' pages' `headers`: the action's when it answered, else the loader's (both private). */
export function privateHeaders({ loaderHeaders, actionHeaders }: { loaderHeaders: Headers; actionHeaders: Headers }) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

/** The page's language (its address's) and its texts. */
export function pageTexts(request: Request): { lang: Lang; t: Translate } {
  const lang = langFromPath(new URL(request.url).pathname);
  return { lang, t: translator(lang) };
}

/**
 * An owners' page's action with the intents its forms send (`intent`), declared as the admin tabs
 * declare theirs: the authorization matrix posts each of them as every role.
 */
export function ownersAction<A extends (args: never) => unknown>(
  intents: readonly string[],
  action: A,
): A & { intents: readonly string[] } {
  return Object.assign(action, { intents });
}

export type OwnerActionData = {
  intent: string;
  values: Record<string, string>;
  errors?: Record<string, string>;
  toast?: Toast;
};

/** A form of an owners' page turned down: the typed values back, the field messages, an error toast. */
export function turnedDown(
  t: Translate,
  answer: { intent: string; values: Record<string, string>; errors?: Record<string, string>; toast?: string },
  status = 400,
  headers: Record<string, string> = {},
) {
  const toast = answer.toast ? toastMessage("error", t("owners.errorTitle"), answer.toast) : undefined;
  return data<OwnerActionData>(
    { intent: answer.intent, values: answer.values, errors: answer.errors, toast },
    { status, headers: { ...PRIVATE, ...headers } },
  );
}

/** A private calendar address as an owners' page shows it (decisions 0203 and 0244). */
export function calendarAddress(request: Request, token: string) {
  return `${publicOrigin(request)}${pathTo("owners-calendar", { token })}`;
}

/**
 * The calendar form of an owners' page: `renew` makes a new address (ending the old) and answers
 * whether there was one; null when the page's horse is not theirs (404). Back to the page with its toast.
 */
export async function renewCalendarAnswer(
  request: Request,
  t: Translate,
  renew: () => Promise<{ had: boolean } | null>,
) {
  const values = {};
  try {
    const renewed = await renew();
    if (!renewed) return turnedDown(t, { intent: "calendar", values }, 404);
    return redirectWithToast(new URL(request.url).pathname, {
      type: "success",
      title: t(renewed.had ? "owners.calendarRenewed" : "owners.calendarMade"),
      description: t(renewed.had ? "owners.calendarRenewedText" : "owners.calendarMadeText"),
    });
  } catch (error) {
    log.error("making a calendar address failed", { error });
    return turnedDown(t, { intent: "calendar", values, toast: t("owners.calendarFailed") }, 503);
  }
}
