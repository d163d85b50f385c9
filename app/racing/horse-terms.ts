/**
 * The words racing uses for a horse's colour and sex, in English and in Danish (as Danish racing
 * writes them: brun, fuks, skimmel …; hingst, hoppe, vallak). The horse form offers them as a list
 * with both names; what was typed outside the list is kept and shown as typed.
 */

type Language = "en" | "da";

type Colour = { en: string; da: string; aliases?: readonly string[] };

/** Colours of the thoroughbred, the English name stored (the spec's free-text Color keeps its shape). */
export const HORSE_COLOURS: readonly Colour[] = [
  { en: "Bay", da: "Brun" },
  { en: "Brown", da: "Mørkebrun", aliases: ["dark bay", "dark brown", "bay or brown", "dark bay or brown"] },
  { en: "Chestnut", da: "Fuks", aliases: ["rødfuks"] },
  { en: "Grey", da: "Skimmel", aliases: ["gray", "grå"] },
  { en: "Black", da: "Sort" },
];

const fold = (text: string) => text.trim().toLowerCase().replace(/\s+/g, " ");

function colourOf(typed: string | null | undefined): Colour | undefined {
  if (!typed) return undefined;
  const key = fold(typed);
  return HORSE_COLOURS.find((c) => fold(c.en) === key || fold(c.da) === key || c.aliases?.includes(key));
}

/** What the horse form stores for a typed colour: a listed one by its English name, anything else as typed. */
export function storedColour(typed: string): string {
  return colourOf(typed)?.en ?? typed.trim();
}

/** A stored colour in `lang`: a listed one by its name there, anything else as typed. */
export function colourIn(stored: string, lang: Language): string {
  return colourOf(stored)?.[lang] ?? stored;
}

/** A horse's sex as stored: the three racing distinguishes, or the stable's own words. */
type HorseSex = "male" | "female" | "gelding";

/** A colt becomes a stallion, a filly a mare, in the year the horse turns five. */
const GROWN_AGE = 5;

const SEX_NAMES: Record<HorseSex, { en: [young: string, grown: string]; da: string }> = {
  male: { en: ["colt", "stallion"], da: "hingst" },
  female: { en: ["filly", "mare"], da: "hoppe" },
  gelding: { en: ["gelding", "gelding"], da: "vallak" },
};

const SEX_WORDS: Record<string, HorseSex> = {
  colt: "male",
  stallion: "male",
  horse: "male",
  entire: "male",
  hingst: "male",
  male: "male",
  filly: "female",
  mare: "female",
  hoppe: "female",
  female: "female",
  gelding: "gelding",
  vallak: "gelding",
};

/** What the horse form stores for a typed sex: male, female or gelding when racing has a word for it, else as typed; null when blank. */
export function storedSex(typed: string | null | undefined): string | null {
  const trimmed = typed?.trim() ?? "";
  if (!trimmed) return null;
  return SEX_WORDS[fold(trimmed)] ?? trimmed;
}

/** A stored sex in `lang` for a horse of `age`: 'colt' / 'stallion' / 'hingst' …; the stable's own words as typed. */
export function sexIn(stored: string, lang: Language, age: number): string {
  const sex = SEX_WORDS[fold(stored)];
  if (!sex) return stored;
  const names = SEX_NAMES[sex];
  return lang === "da" ? names.da : names.en[age >= GROWN_AGE ? 1 : 0];
}

/** The list the horse form offers: each word in the form's language, with both names as its label. */
export function colourChoices(lang: Language): { value: string; label: string }[] {
  return HORSE_COLOURS.map((c) => ({ value: c[lang], label: `${c.en} / ${c.da}` }));
}

export function sexChoices(lang: Language): { value: string; label: string }[] {
  return [
    { value: lang === "da" ? "hingst" : "colt", label: "colt or stallion / hingst" },
    { value: lang === "da" ? "hoppe" : "filly", label: "filly or mare / hoppe" },
    { value: lang === "da" ? "vallak" : "gelding", label: "gelding / vallak" },
  ];
}

/**
 * A horse's age as racing counts it: every horse turns a year older on 1 January, so a horse born
 * in 2022 is 4 all through 2026. `today` is the Danish date (YYYY-MM-DD).
 */
export function racingAge(yearOfBirth: number, today: string): number {
  return Math.max(0, Number(today.slice(0, 4)) - yearOfBirth);
}
