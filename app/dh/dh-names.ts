/**
 * DH's words as people write them: names in capitals ("LET'S RUN KÅSGÅRD") as "Let's Run Kåsgård",
 * a country's code kept in capitals ("(SE)"), the star DH puts on an imported horse dropped; a rider
 * written "Nielsen Casper M." as "Casper M. Nielsen".
 */
export function horseName(raw: string): string {
  return raw
    .replace(/\*/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase()
    .replace(/(^|[\s(-])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase())
    .replace(/\(([\p{L}]{2,3})\)/gu, (_, country: string) => `(${country.toUpperCase()})`);
}

export function riderName(raw: string | null | undefined): string | null {
  const words = (raw ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  const [surname, ...given] = words;
  return [...given, surname].join(" ");
}

/** Names compared as the same horse: case, spaces and DH's star aside. */
export function sameName(a: string, b: string): boolean {
  const fold = (s: string) => s.replace(/\*/g, "").replace(/\s+/g, " ").trim().toLocaleLowerCase("da");
  return fold(a) === fold(b);
}
