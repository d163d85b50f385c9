import type { Lang } from "./lang";

/**
 * A name's possessive as each language writes it. Danish: a name ending in s, x or z takes only an
 * apostrophe ("Nordlys'"), any other an s without one ("Sølvpils"). English: a name ending in s
 * takes only an apostrophe ("Nordlys'"), any other 's ("Sølvpil's").
 */
export function possessive(name: string, lang: Lang): string {
  const trimmed = name.trimEnd();
  if (!trimmed) return name;
  const last = trimmed.at(-1)!.toLowerCase();
  if (lang === "da") return /[sxz]/.test(last) ? `${trimmed}'` : `${trimmed}s`;
  return last === "s" ? `${trimmed}'` : `${trimmed}'s`;
}
