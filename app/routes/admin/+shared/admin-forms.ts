import { z } from "zod";
import { AMOUNT_LIMIT_TEXT, readDkkAmount, withinAmountLimit } from "~/racing/money";

/**
 * One schema per admin form, used by the page (checks before sending) and by the action (the real
 * check). They read the text fields of a submitted form; files are handled by the upload pipeline.
 */

export const NEWS_MAX = 160;

const required = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be ${max} characters or less`);

const optional = (max = 200) =>
  z
    .string()
    .trim()
    .max(max, `Must be ${max} characters or less`)
    .optional()
    .transform((v) => v || null);

const wholeNumber = (label: string, { required: isRequired }: { required: boolean }) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const s = (v ?? "").trim();
      if (s === "") {
        if (isRequired) ctx.addIssue({ code: "custom", message: `${label} is required` });
        return 0;
      }
      if (!/^\d{1,4}$/.test(s)) {
        ctx.addIssue({ code: "custom", message: `${label} must be a whole number of 0 or more` });
        return 0;
      }
      return Number(s);
    });

/** A number field in kroner ('1234.50'), as <input type="number" step="0.01"> sends it. */
const kroner = (label: string, { countGarbageAsZero }: { countGarbageAsZero: boolean }) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const s = (v ?? "").trim().replace(",", ".");
      if (s === "") return 0;
      const n = Number(s);
      if (!Number.isFinite(n) || !/^-?\d+(\.\d+)?$/.test(s)) {
        if (!countGarbageAsZero) ctx.addIssue({ code: "custom", message: `${label} must be an amount in kroner` });
        return 0;
      }
      const ore = Math.round(n * 100);
      if (!withinAmountLimit(ore)) {
        ctx.addIssue({ code: "custom", message: `${label} can be at most ${AMOUNT_LIMIT_TEXT}` });
        return 0;
      }
      return ore;
    });

export const PRIZE_HINT = "Type the prize as you would write it, e.g. 125.000 or 125.000,50";

/** Prize money typed the Danish way ('125.000', '125.000,50', '125000.50', '125.000 kr.'); blank means none. */
const prizeText = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const s = (v ?? "").trim();
    if (s === "") return null;
    const amount = readDkkAmount(s);
    if ("problem" in amount) {
      const message =
        amount.problem === "too-large"
          ? `Prize money can be at most ${AMOUNT_LIMIT_TEXT}`
          : `'${s.slice(0, 40)}' is not an amount. ${PRIZE_HINT}.`;
      ctx.addIssue({ code: "custom", message });
      return null;
    }
    return amount.ore;
  });

const isoDate = z
  .string({ error: "Race date is required" })
  .trim()
  .min(1, "Race date is required")
  .refine((s) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
    if (!m) return false;
    const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    return (
      d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3])
    );
  }, "Race date must be a date (YYYY-MM-DD)");

export const horseSchema = z.object({
  name: required("Horse name is required"),
  age: wholeNumber("Age", { required: true }),
  color: required("Color is required", 100),
  sire: required("Sire is required"),
  dam: required("Dam is required"),
  owner: optional(),
});

export const horseEditSchema = horseSchema.extend({
  id: z.string().min(1),
  /** The total as the form showed it, so an edit applies only what the administrator changed. */
  shownTotalOre: z.coerce.number().int().min(0).default(0),
  totalPrize: kroner("Total prize money", { countGarbageAsZero: false }).refine(
    (ore) => ore >= 0,
    "Total prize money cannot be negative",
  ),
  addPrize: kroner("Add prize money", { countGarbageAsZero: true }),
  firstPlaces: wholeNumber("1st places", { required: false }),
  secondPlaces: wholeNumber("2nd places", { required: false }),
  thirdPlaces: wholeNumber("3rd places", { required: false }),
});

export const winnerSchema = z.object({
  horseId: required("Choose the horse", 100),
  raceName: required("Race name is required"),
  raceDate: isoDate,
  track: optional(),
  distance: optional(100),
  jockey: optional(),
  prize: prizeText,
});

export const winnerEditSchema = winnerSchema.extend({ id: z.string().min(1) });

/** Post time, 'HH:MM' in Danish time (a browser's time field sends that); blank means not known yet. */
const postTime = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || null)
  .refine((v) => v === null || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), "Post time must be a time (HH:MM)");

export const runnerSchema = z.object({
  horseId: required("Choose the horse", 100),
  raceName: required("Race name is required"),
  raceDate: isoDate,
  postTime,
  track: optional(),
  distance: optional(100),
  jockey: optional(),
});

export const runnerEditSchema = runnerSchema.extend({ id: z.string().min(1) });

export const DID_NOT_FINISH = "dnf";

export const resultSchema = z.object({
  id: z.string().min(1),
  /** 1 to 30, or 'dnf' for "Did not finish". */
  position: z
    .string({ error: "Choose the position" })
    .trim()
    .min(1, "Choose the position")
    .refine(
      (v) => v === DID_NOT_FINISH || (/^\d{1,2}$/.test(v) && Number(v) >= 1 && Number(v) <= 30),
      "Position must be 1 to 30, or Did not finish",
    )
    .transform((v) =>
      v === DID_NOT_FINISH ? { position: null, didNotFinish: true } : { position: Number(v), didNotFinish: false },
    ),
  prize: prizeText,
});

export const teamMemberSchema = z.object({
  name: required("Full name is required"),
  role: required("Role is required"),
  description: optional(1000),
});

export const teamMemberEditSchema = teamMemberSchema.extend({ id: z.string().min(1) });

export const newsSchema = z.object({
  id: z.string().optional(),
  newsText: z.string().trim().max(NEWS_MAX, "News text must be 160 characters or less"),
});

export const homeImageSchema = z.object({
  id: z.string().min(1),
  altText: z.string().trim().max(200, "Alt text must be 200 characters or less"),
});

export const contactInfoSchema = z.object({
  address: z.string().trim().max(1000, "Must be 1000 characters or less").default(""),
  phoneNumber: z.string().trim().max(100, "Must be 100 characters or less").default(""),
  emailAddress: z.string().trim().max(255, "Must be 255 characters or less").default(""),
});

/** The forms that send only a record's id: delete, move, purge. */
export const recordIdSchema = z.object({ id: z.string().default("") });

/** Undo (the delete toast's button) and Restore: the trash entry, and for Undo the tab to return to. */
export const trashEntrySchema = recordIdSchema.extend({ returnTo: z.string().optional() });

/** Retry sending a contact message that failed. */
export const messageRetrySchema = z.object({ id: z.string().min(1) });

export type FieldErrors = Record<string, string>;

/** The first message per field, keyed by field name. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}

/** The text fields of a form as a plain object (files are left out). */
export function textFields(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === "string" && !(key in out)) out[key] = value;
  }
  return out;
}
