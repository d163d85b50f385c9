import { SITE_CSS } from "~/platform/critical-css.server";
import { classesIn, classesInSource, parseCss, pruneCss } from "./page-css";

/** The marker the root layout puts on a plain page's stylesheet (app/root.tsx). */
export const PAGE_CSS_HREF = "site-css-page";

// What the plain pages' scripts may add to a page: the words of their string literals.
const scripts = import.meta.glob<string>(
  ["./*.ts", "!./*.server.ts", "!./*.test.ts", "!./page-css.ts", "/app/components/ui/field-classes.ts"],
  { query: "?raw", import: "default", eager: true },
);
const SCRIPT_CLASSES = new Set(Object.values(scripts).flatMap((source) => [...classesInSource(source)]));

let parsed: ReturnType<typeof parseCss> | undefined;

/**
 * A plain page's document with only the styles its elements and its script can use; any other
 * document (the React app, which navigates to other pages in place) keeps the whole stylesheet.
 */
export function withPageCss(html: string): string {
  if (!html.includes(`data-href="${PAGE_CSS_HREF}"`)) return html;
  const at = html.indexOf(SITE_CSS);
  if (at < 0) return html;
  parsed ??= parseCss(SITE_CSS);
  const classes = classesIn(html);
  for (const c of SCRIPT_CLASSES) classes.add(c);
  return html.slice(0, at) + pruneCss(parsed, classes) + html.slice(at + SITE_CSS.length);
}
