import { z } from "zod";
import { isMessageKey, translator, type MessageKey } from "~/i18n/dictionary";
import type { Lang } from "~/i18n/lang";
import { EMAIL_MAX } from "~/utils/email";

/** Limits from the product specification (section 9). */
export const CONTACT_LIMITS = { name: 100, email: EMAIL_MAX, messageMin: 10, messageMax: 2000 } as const;

/** Hidden fields: the spam trap a person never fills, and the signed time the form was served. */
export const HONEYPOT_FIELD = "fax_number";
export const FORM_STAMP_FIELD = "form_stamp";

// A name goes into the e-mail's Subject header: no line breaks or other control characters.
const SINGLE_LINE = /^[^\p{Cc}\u2028\u2029]*$/u;

/** A rule's message is its dictionary key; checkContact() turns it into the page's language. */
const rule = (key: MessageKey & `contact.${string}`) => key;

/** The contact form, checked in the page (live hints) and in the action (the real check). */
export const contactSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, rule("contact.nameRequired"))
    .max(CONTACT_LIMITS.name, rule("contact.nameTooLong"))
    .regex(SINGLE_LINE, rule("contact.nameOneLine")),
  email: z
    .string()
    .trim()
    .pipe(z.email(rule("contact.emailInvalid")).max(CONTACT_LIMITS.email, rule("contact.emailTooLong"))),
  message: z
    .string()
    .trim()
    .min(CONTACT_LIMITS.messageMin, rule("contact.messageTooShort"))
    .max(CONTACT_LIMITS.messageMax, rule("contact.messageTooLong")),
});

export type ContactInput = z.infer<typeof contactSchema>;
export type ContactField = keyof ContactInput;
export type ContactFieldErrors = Partial<Record<ContactField, string>>;
export type ContactValues = Record<ContactField, string>;

export type ContactCheck =
  { ok: true; data: ContactInput } | { ok: false; firstError: string; fieldErrors: ContactFieldErrors };

/** Reads the three fields from anything form-like; a missing field counts as empty. */
export function contactValues(form: { get(name: string): unknown }): ContactValues {
  const read = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  return { name: read("name"), email: read("email"), message: read("message") };
}

/**
 * Runs the schema; the first failing rule (in field order) is the one the toast shows. Messages are
 * in `lang` (the spec's English ones by default).
 */
export function checkContact(values: ContactValues, lang: Lang = "en"): ContactCheck {
  const parsed = contactSchema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const t = translator(lang);
  const fieldErrors: ContactFieldErrors = {};
  const messages = parsed.error.issues.map((issue) => (isMessageKey(issue.message) ? t(issue.message) : issue.message));
  parsed.error.issues.forEach((issue, i) => {
    const field = issue.path[0] as ContactField;
    fieldErrors[field] ??= messages[i];
  });
  return { ok: false, firstError: messages[0]!, fieldErrors };
}
