import { data } from "react-router";
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
