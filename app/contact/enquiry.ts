import type { Lang } from "~/i18n/lang";
import { pathTo } from "~/pages/registry";

/** The query parameter that names the horse a contact message asks about (its slug). */
export const ENQUIRY_PARAM = "horse";

/** The contact form in `lang`, its message started as an enquiry about a share in the horse at `slug`. */
export function enquiryPath(slug: string, lang: Lang): string {
  return `${pathTo("contact", { lang })}?${ENQUIRY_PARAM}=${encodeURIComponent(slug)}`;
}
