import { z } from "zod";
import { isAdminKey, type AdminKey, type AdminTranslate } from "~/i18n/admin/dictionary";
import { isHttpsUrl } from "~/models/site-settings";
import { moneyAmount } from "~/racing/money-schema";
import { danishLocalToIso, readWeightKg, RUNNER_EQUIPMENT, WEIGHT_MAX_G, WEIGHT_MIN_G } from "~/racing/declaration";
import { fromDanishLocal } from "~/news/publish-at";
import { parseVideoLink } from "~/news/video-link";
import { emailField } from "~/utils/email";

/** A post's limits (the model's too; kept here so the page needs no server module). */
export const POST_TITLE_MAX = 120;
export const POST_BODY_MAX = 20_000;

/**
 * One schema per admin form, used by the page (checks before sending) and by the action (the real
 * check). They read the text fields of a submitted form; files are handled by the upload pipeline.
 * Their messages are the keys of the dashboard's texts (~/i18n/admin), shown in the
 * administrator's language by fieldErrors().
 */

export const NEWS_MAX = 160;

const TOO_LONG: AdminKey = "form.tooLong";

const required = (message: AdminKey, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, TOO_LONG);

const optional = (max = 200) =>
  z
    .string()
    .trim()
    .max(max, TOO_LONG)
    .optional()
    .transform((v) => v || null);

const wholeNumber = (messages: { required?: AdminKey; invalid: AdminKey }) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const s = (v ?? "").trim();
      if (s === "") {
        if (messages.required) ctx.addIssue({ code: "custom", message: messages.required });
        return 0;
      }
      if (!/^\d{1,4}$/.test(s)) {
        ctx.addIssue({ code: "custom", message: messages.invalid });
        return 0;
      }
      return Number(s);
    });

/** Prize money typed the Danish way ('125.000', '125.000,50', '125000.50', '125.000 kr.'); blank means none. */
const prizeText = moneyAmount<AdminKey>({ invalid: "race.prizeInvalid", tooLarge: "race.prizeTooLarge" });

const isoDate = z
  .string({ error: "race.raceDateRequired" })
  .trim()
  .min(1, "race.raceDateRequired")
  .refine((s) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
    if (!m) return false;
    const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    return (
      d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3])
    );
  }, "race.raceDateInvalid");

/** A whole number field that may be left empty (null). */
const optionalWhole = (invalid: AdminKey, accept: (n: number) => boolean = () => true) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const s = (v ?? "").trim();
      if (s === "") return null;
      if (!/^\d{1,4}$/.test(s) || !accept(Number(s))) {
        ctx.addIssue({ code: "custom", message: invalid });
        return null;
      }
      return Number(s);
    });

/** A year a horse in training can have been born in: not in the future, not before 1900. */
const yearOfBirth = optionalWhole("horses.yearInvalid", (year) => year >= 1900 && year <= new Date().getFullYear());

/**
 * A horse: the spec's fields (its age required unless the year of birth is given, which the age is
 * then counted from), and the record racing people read: sex, year of birth, dam's sire, a
 * description in both languages, and shares for sale with a short text in both.
 */
export const horseSchema = z
  .object({
    name: required("horses.nameRequired"),
    age: optionalWhole("horses.ageInvalid"),
    yearOfBirth,
    color: required("horses.colorRequired", 100),
    sex: optional(100),
    sire: required("horses.sireRequired"),
    dam: required("horses.damRequired"),
    damSire: optional(),
    owner: optional(),
    description: optional(2000),
    descriptionDa: optional(2000),
    sharesAvailable: z
      .string()
      .optional()
      .transform((v) => v === "on" || v === "1"),
    sharesText: optional(100),
    sharesTextDa: optional(100),
  })
  .superRefine(
    (horse, ctx) => {
      const blank = (v: unknown) => v === null || v === undefined || (typeof v === "string" && v.trim() === "");
      if (blank(horse.age) && blank(horse.yearOfBirth))
        ctx.addIssue({ code: "custom", path: ["age"], message: "horses.ageRequired" });
    },
    { when: ({ value }) => typeof value === "object" && value !== null },
  );

export const horseEditSchema = horseSchema.extend({
  id: z.string().min(1),
  /** The total as the form showed it, so an edit applies only what the administrator changed. */
  shownTotalOre: z.coerce.number().int().min(0).default(0),
  totalPrize: moneyAmount<AdminKey>({
    invalid: "horses.totalInvalid",
    tooLarge: "horses.totalTooLarge",
    negative: "horses.totalNegative",
  }).transform((ore) => ore ?? 0),
  // Text that is no amount counts as 0, as the spec has it; a minus takes an amount off the total.
  addPrize: moneyAmount<AdminKey>({ tooLarge: "horses.addPrizeTooLarge", negative: "allowed" }).transform(
    (ore) => ore ?? 0,
  ),
  firstPlaces: wholeNumber({ invalid: "horses.firstInvalid" }),
  secondPlaces: wholeNumber({ invalid: "horses.secondInvalid" }),
  thirdPlaces: wholeNumber({ invalid: "horses.thirdInvalid" }),
});

export const winnerSchema = z.object({
  horseId: required("race.chooseHorse", 100),
  raceName: required("race.raceNameRequired"),
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
  .refine((v) => v === null || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), "runners.postTimeInvalid");

/** A deadline typed as Danish date and time ('2026-06-20T09:30', a datetime-local field), as an ISO instant. */
const deadline = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const s = (v ?? "").trim();
    if (s === "") return null;
    const iso = danishLocalToIso(s);
    if (!iso) ctx.addIssue({ code: "custom", message: "runners.deadlineInvalid" });
    return iso;
  });

export const runnerSchema = z.object({
  horseId: required("race.chooseHorse", 100),
  raceName: required("race.raceNameRequired"),
  raceDate: isoDate,
  postTime,
  track: optional(),
  distance: optional(100),
  jockey: optional(),
  declarationDeadline: deadline,
  withdrawalDeadline: deadline,
});

export const runnerEditSchema = runnerSchema.extend({ id: z.string().min(1) });

/** The name of an equipment checkbox of the declaration form. */
export const equipmentField = (code: string) => `equipment-${code}`;

/** Declare (or correct a declaration): jockey, weight in kg the Danish way, draw, equipment checkboxes. */
export const declarationSchema = z
  .object({
    id: z.string().min(1),
    jockey: required("runners.jockeyRequired"),
    weight: z
      .string({ error: "runners.weightRequired" })
      .trim()
      .min(1, "runners.weightRequired")
      .transform((v, ctx) => {
        const grams = readWeightKg(v);
        if (grams === null || grams < WEIGHT_MIN_G || grams > WEIGHT_MAX_G) {
          ctx.addIssue({ code: "custom", message: "runners.weightInvalid" });
          return 0;
        }
        return grams;
      }),
    draw: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || null)
      .refine((v) => v === null || (/^\d{1,2}$/.test(v) && Number(v) >= 1), "runners.drawInvalid")
      .transform((v) => (v === null ? null : Number(v))),
  })
  .catchall(z.string())
  .transform(({ id, jockey, weight, draw, ...rest }) => ({
    id,
    jockey,
    weightG: weight,
    draw,
    equipment: RUNNER_EQUIPMENT.filter((code) => rest[equipmentField(code)] !== undefined),
  }));

/** Withdraw a runner: a non-runner, with an optional reason. */
export const withdrawSchema = z.object({ id: z.string().min(1), reason: optional(500) });

export const DID_NOT_FINISH = "dnf";

export const resultSchema = z.object({
  id: z.string().min(1),
  /** 1 to 30, or 'dnf' for "Did not finish". */
  position: z
    .string({ error: "runners.choosePosition" })
    .trim()
    .min(1, "runners.choosePosition")
    .refine(
      (v) => v === DID_NOT_FINISH || (/^\d{1,2}$/.test(v) && Number(v) >= 1 && Number(v) <= 30),
      "runners.positionInvalid",
    )
    .transform((v) =>
      v === DID_NOT_FINISH ? { position: null, didNotFinish: true } : { position: Number(v), didNotFinish: false },
    ),
  prize: prizeText,
});

export const teamMemberSchema = z.object({
  name: required("team.nameRequired"),
  role: required("team.roleRequired"),
  roleDa: optional(),
  description: optional(1000),
  descriptionDa: optional(1000),
});

export const teamMemberEditSchema = teamMemberSchema.extend({ id: z.string().min(1) });

/** Moving a member straight to a place in the order (1 is the top). */
export const teamMoveToSchema = z.object({
  id: z.string().default(""),
  position: z.coerce.number().int().min(1).max(10_000),
});

/**
 * The news banner: the spec's text (English, which every English page shows) and its Danish one.
 * Both empty does nothing (the spec); Danish alone is refused on the English field: the database
 * keeps the spec's rule that the news text is 1 to 160 characters.
 */
export const newsSchema = z
  .object({
    id: z.string().optional(),
    newsText: z.string().trim().max(NEWS_MAX, "home.newsTooLong"),
    newsTextDa: z.string().trim().max(NEWS_MAX, "home.newsTooLong").default(""),
  })
  .refine((news) => news.newsText !== "" || news.newsTextDa === "", {
    path: ["newsText"],
    message: "home.newsEnglishNeeded",
  });

export const homeImageSchema = z.object({
  id: z.string().min(1),
  altText: z.string().trim().max(200, "home.altTextTooLong"),
  altTextDa: z.string().trim().max(200, "home.altTextTooLong").default(""),
});

export const contactInfoSchema = z.object({
  address: z.string().trim().max(1000, TOO_LONG).default(""),
  phoneNumber: z.string().trim().max(100, TOO_LONG).default(""),
  emailAddress: z.string().trim().max(255, TOO_LONG).default(""),
});

/** A social link: empty, or an https address (nothing a visitor's browser would run). */
const httpsLink = z
  .string()
  .trim()
  .max(500, TOO_LONG)
  .optional()
  .transform((v) => v || null)
  .refine((v) => v === null || isHttpsUrl(v), "site.httpsOnly");

/** A home text: empty (or the standard text unchanged) means the site's standard text. */
const homeText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, TOO_LONG)
    .optional()
    .transform((v) => v?.replace(/\r\n/g, "\n") || null);

const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on");

export const siteSchema = z.object({
  stableName: required("site.nameRequired", 100),
  tagline: required("site.taglineRequired", 200),
  taglineDa: required("site.taglineRequired", 200),
  heroAltEn: z.string().trim().max(200, TOO_LONG).default(""),
  heroAltDa: z.string().trim().max(200, TOO_LONG).default(""),
  excellenceEn: homeText(2000),
  excellenceDa: homeText(2000),
  careEn: homeText(1000),
  careDa: homeText(1000),
  ownershipEn: homeText(3000),
  ownershipDa: homeText(3000),
  facebook: httpsLink,
  instagram: httpsLink,
  youtube: httpsLink,
  x: httpsLink,
  removeLogo: checkbox,
  removeHero: checkbox,
});

/** The forms that send only a record's id: delete, move, purge. */
export const recordIdSchema = z.object({ id: z.string().default("") });

/** Undo (the delete toast's button) and Restore: the trash entry, and for Undo the tab to return to. */
export const trashEntrySchema = recordIdSchema.extend({ returnTo: z.string().optional() });

/** Retry sending a contact message that failed. */
export const messageRetrySchema = z.object({ id: z.string().min(1) });

/** Open a visitor's message (it is then read), on the page of the list it was opened from. */
export const messageOpenSchema = messageRetrySchema.extend({
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});

/** The dashboard's language, kept with the account. */
export const languageSchema = z.object({
  language: z.enum(["en", "da"], { error: "account.languageInvalid" }),
});

export type FieldErrors = Record<string, string>;

/** The values an issue's text is written with: its own `params`, and the limit a too-long text broke. */
function valuesOf(issue: z.core.$ZodIssue): Record<string, string | number> {
  const values: Record<string, string | number> = issue.code === "custom" ? { ...issue.params } : {};
  if (issue.code === "too_big") values.max = Number(issue.maximum);
  return values;
}

/** The first message per field, keyed by field name, in the administrator's language. */
export function fieldErrors(error: z.ZodError, t: AdminTranslate): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    if (key in out) continue;
    out[key] = isAdminKey(issue.message) ? t(issue.message, valuesOf(issue)) : issue.message;
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

export const POST_PHOTO_SLOTS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
/** A tagged horse's checkbox is named by its id, so the form needs no repeated field. */
export const POST_HORSE_FIELD = "horse:";

/** Who a post is for: everyone, or the tagged horses' owners and their guests. */
export const POST_AUDIENCES = ["public", "owners"] as const;

/** The horses ticked on a post's form. */
const postHorseIds = (form: Record<string, unknown>) =>
  Object.keys(form)
    .filter((k) => k.startsWith(POST_HORSE_FIELD))
    .map((k) => k.slice(POST_HORSE_FIELD.length));

/** A post's text in one language: its title and body go together (decision 0230). */
const POST_TEXTS = [
  ["title", "body"],
  ["titleDa", "bodyDa"],
] as const;

/**
 * Add Post: the post's text fields; its photos are the files photo1 … photo8. A post is written in
 * English, in Danish or in both: each language it has needs its title and body, and it needs one.
 * An owners-only post needs a horse (whose owners it is for) and is never a newsletter (that goes
 * to every subscriber).
 */
export const postSchema = z
  .object({
    title: optional(POST_TITLE_MAX),
    titleDa: optional(POST_TITLE_MAX),
    body: optional(POST_BODY_MAX),
    bodyDa: optional(POST_BODY_MAX),
    // Missing: everyone, as before there was a choice. Anything else is refused, never guessed.
    audience: z.enum(POST_AUDIENCES, { error: "posts.audienceInvalid" }).default("public"),
    videoLink: z
      .string()
      .trim()
      .max(500, TOO_LONG)
      .optional()
      .transform((v, ctx) => {
        if (!v) return null;
        const video = parseVideoLink(v);
        if (!video) ctx.addIssue({ code: "custom", message: "posts.videoInvalid" });
        return video;
      }),
    publishAt: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (!v?.trim()) return null;
        const iso = fromDanishLocal(v);
        if (!iso) ctx.addIssue({ code: "custom", message: "posts.publishAtInvalid" });
        return iso;
      }),
    draft: z
      .string()
      .optional()
      .transform((v) => v === "1"),
    newsletter: z
      .string()
      .optional()
      .transform((v) => v === "1"),
    ...Object.fromEntries(POST_PHOTO_SLOTS.map((n) => [`description${n}`, optional(300)])),
    ...Object.fromEntries(POST_PHOTO_SLOTS.map((n) => [`descriptionDa${n}`, optional(300)])),
    ...Object.fromEntries(POST_PHOTO_SLOTS.map((n) => [`remove${n}`, z.string().optional()])),
  })
  .catchall(z.string())
  // Said beside the other fields' messages, not only once they are right (so the values may be unparsed).
  .superRefine(
    (form, ctx) => {
      const values = form as Record<string, unknown>;
      const typed = (name: string) => typeof values[name] === "string" && (values[name] as string).trim() !== "";
      const written = POST_TEXTS.filter(([title, body]) => typed(title) || typed(body));
      for (const [title, body] of written.length ? written : [POST_TEXTS[0]]) {
        if (!typed(title)) ctx.addIssue({ code: "custom", path: [title], message: "posts.titleRequired" });
        if (!typed(body)) ctx.addIssue({ code: "custom", path: [body], message: "posts.bodyRequired" });
      }
      if (values.audience !== "owners") return;
      if (postHorseIds(values).length === 0)
        ctx.addIssue({ code: "custom", path: ["horses"], message: "posts.ownersNeedHorse" });
      if (values.newsletter === true || values.newsletter === "1")
        ctx.addIssue({ code: "custom", path: ["newsletter"], message: "posts.ownersNoNewsletter" });
    },
    { when: ({ value }) => typeof value === "object" && value !== null },
  )
  .transform((form) => {
    const values = form as Record<string, unknown>;
    const text = (name: string) => (values[name] as string | null) ?? "";
    return {
      title: text("title"),
      titleDa: text("titleDa"),
      body: text("body"),
      bodyDa: text("bodyDa"),
      audience: form.audience,
      video: form.videoLink,
      publishAt: form.publishAt,
      draft: form.draft,
      newsletter: form.newsletter,
      horseIds: postHorseIds(values),
      photos: POST_PHOTO_SLOTS.map((n) => ({
        position: n,
        description: text(`description${n}`),
        descriptionDa: text(`descriptionDa${n}`),
        remove: values[`remove${n}`] === "1",
      })),
    };
  });

/** Preview: a post's bodies as typed, rendered as its page shows them (nothing is checked or saved). */
export const postPreviewSchema = z.object({
  body: z.string().max(POST_BODY_MAX, TOO_LONG).default(""),
  bodyDa: z.string().max(POST_BODY_MAX, TOO_LONG).default(""),
});

export const postEditSchema = z.intersection(z.object({ id: z.string().min(1) }), postSchema);

/** Erase a Subscriber: the address to erase. */
export const subscriberEraseSchema = z.object({
  email: emailField({ invalid: "subscribers.emailInvalid", tooLong: "subscribers.emailInvalid" }),
});

/** An owner's horse checkbox is named by the horse's id, as a post's is. */
export const OWNER_HORSE_FIELD = "horse:";

/** The horses ticked on an owner's form. */
const ownerHorseIds = (form: Record<string, unknown>) =>
  Object.keys(form)
    .filter((k) => k.startsWith(OWNER_HORSE_FIELD))
    .map((k) => k.slice(OWNER_HORSE_FIELD.length));

/** At least one horse: said beside the other fields' messages, not only once they are right. */
const chooseHorse = [
  (form: Record<string, unknown>, ctx: z.RefinementCtx) => {
    if (ownerHorseIds(form).length === 0)
      ctx.addIssue({ code: "custom", path: ["horses"], message: "owners.chooseHorse" });
  },
  { when: ({ value }: { value: unknown }) => typeof value === "object" && value !== null },
] as const;

const ownerFields = {
  name: required("owners.nameRequired"),
  language: z.enum(["en", "da"], { error: "owners.languageInvalid" }),
};

/** Invite Owner: name, e-mail, language and one or more horses. */
export const ownerSchema = z
  .object({
    ...ownerFields,
    email: emailField({ invalid: "owners.emailInvalid", tooLong: "owners.emailTooLong" }),
  })
  .catchall(z.string())
  .superRefine(...chooseHorse)
  .transform((form) => ({
    name: form.name,
    email: form.email,
    language: form.language,
    horseIds: ownerHorseIds(form),
    // Ticked once the tab has said who holds the address: a pending or revoked account is taken over.
    takeOver: form.takeOver === "1",
  }));

/** Edit an owner: name, language and horses (the e-mail is the account's own). */
export const ownerEditSchema = z
  .object({ id: z.string().min(1), ...ownerFields })
  .catchall(z.string())
  .superRefine(...chooseHorse)
  .transform((form) => ({ id: form.id, name: form.name, language: form.language, horseIds: ownerHorseIds(form) }));

/** The import from Dansk Hestevæddeløb's settings (the Site tab); Test connection sends the same form. */
export const dhSettingsSchema = z.object({
  licence: z
    .string()
    .trim()
    .max(12, "dh.licenceInvalid")
    .regex(/^\d*$/, "dh.licenceInvalid")
    .optional()
    .transform((v) => v ?? ""),
  discipline: z.enum(["gallop", "trot"], { error: "dh.disciplineInvalid" }),
  enabled: checkbox,
  autoApply: checkbox,
});

/** A form with nothing but its intent (Import now, Accept all). */
export const noFieldsSchema = z.object({});
