/** Longest slug kept, before any '-2' suffix: long names still give readable, bounded addresses. */
export const SLUG_MAX = 80;

const DANISH: Record<string, string> = { æ: "ae", ø: "oe", å: "aa", Æ: "ae", Ø: "oe", Å: "aa" };

/**
 * A horse's address from its name: lower case, æ/ø/å as ae/oe/aa, other accents dropped, any
 * other character as '-' ('Kongens Ære' → 'kongens-aere'). A name with no letters or digits gives 'horse'.
 */
export function slugify(name: string): string {
  const slug = name
    .replace(/[æøåÆØÅ]/g, (c) => DANISH[c]!)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX)
    .replace(/-+$/, "");
  return slug || "horse";
}

/** The first of base, base-2, base-3 … that is not taken. */
export function firstFreeSlug(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}

/** Whether a path segment could be a slug at all (so anything else is a 404 without a database read). */
export function isSlugShaped(value: string): boolean {
  return value.length <= SLUG_MAX + 12 && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(value);
}
