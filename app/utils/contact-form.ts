import { z } from "zod";
import { EMAIL_MAX, EMAIL_TOO_LONG } from "./email";

/** Limits from the product specification (section 9). */
export const CONTACT_LIMITS = { name: 100, email: EMAIL_MAX, messageMin: 10, messageMax: 2000 } as const;

/** Hidden fields: the spam trap a person never fills, and the signed time the form was served. */
export const HONEYPOT_FIELD = "fax_number";
export const FORM_STAMP_FIELD = "form_stamp";

// A name goes into the e-mail's Subject header: no line breaks or other control characters.
const SINGLE_LINE = /^[^\p{Cc}\u2028\u2029]*$/u;

/** The contact form, checked in the page (live hints) and in the action (the real check). */
export const contactSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Name is required")
    .max(CONTACT_LIMITS.name, "Name must be less than 100 characters")
    .regex(SINGLE_LINE, "Name must be on a single line"),
  email: z.string().trim().pipe(z.email("Invalid email address").max(CONTACT_LIMITS.email, EMAIL_TOO_LONG)),
  message: z
    .string()
    .trim()
    .min(CONTACT_LIMITS.messageMin, "Message must be at least 10 characters")
    .max(CONTACT_LIMITS.messageMax, "Message must be less than 2000 characters"),
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

/** Runs the schema; the first failing rule (in field order) is the one the toast shows. */
export function checkContact(values: ContactValues): ContactCheck {
  const parsed = contactSchema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const fieldErrors: ContactFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as ContactField;
    fieldErrors[field] ??= issue.message;
  }
  return { ok: false, firstError: parsed.error.issues[0]!.message, fieldErrors };
}
