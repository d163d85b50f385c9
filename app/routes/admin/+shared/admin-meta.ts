import { adminTranslator, type AdminKey } from "~/i18n/admin/dictionary";
import type { Lang } from "~/i18n/lang";

type Matches = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;

/** The language the signed-in administrator chose, from the root loader's data in a route's `meta`. */
function adminLangFrom(matches: Matches): Lang {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { user?: { adminLang?: Lang } | null } | undefined;
  return root?.user?.adminLang ?? "en";
}

/** An admin page's title ('Messages | Admin Dashboard'), in the administrator's language; never indexed. */
export function adminMeta(matches: Matches, page?: AdminKey) {
  const t = adminTranslator(adminLangFrom(matches));
  const title = page ? t("dashboard.pageTitle", { page: t(page) }) : t("dashboard.title");
  return [{ title }, { name: "robots", content: "noindex" }];
}
