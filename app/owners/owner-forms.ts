import { z } from "zod";
import { isMessageKey, type Translate } from "~/i18n/dictionary";
import { NOTICE_KINDS, type NoticeSettings } from "~/models/owner-account";
import { moneyAmount } from "~/racing/money-schema";
import { emailField } from "~/utils/email";
import { isPlainName, PERSON_NAME_MAX } from "~/utils/person-name";

/**
 * The owners' area's forms, one schema each, shared by the pages (their fields' limits) and the
 * actions (the real check). Messages are keys of the public texts, in the page's language.
 */

/** A guest's name, as their owner types it: it greets them in their mail. */
export const NAME_MAX = PERSON_NAME_MAX;

/** A notice's checkbox on Settings. */
export const noticeField = (kind: (typeof NOTICE_KINDS)[number]) => `notice-${kind}`;

const language = z.enum(["en", "da"], { error: "owners.languageInvalid" });

/** Settings: the language, and a checkbox per kind of notice (ticked: wanted). */
export const settingsSchema = z
  .object({ language })
  .catchall(z.string())
  .transform((form) => ({
    language: form.language,
    notices: Object.fromEntries(
      NOTICE_KINDS.map((kind) => [kind, form[noticeField(kind)] !== undefined]),
    ) as NoticeSettings,
  }));

/** Invite Guest: name, e-mail and the language of the guest's e-mails. */
export const guestSchema = z.object({
  name: z
    .string({ error: "owners.nameRequired" })
    .trim()
    .min(1, "owners.nameRequired")
    .max(NAME_MAX, "owners.nameTooLong")
    .refine(isPlainName, "owners.nameNotPlain"),
  email: emailField({ invalid: "owners.emailInvalid", tooLong: "owners.emailTooLong" }),
  language,
});

/** A guest's row buttons: the guest's account. */
export const guestIdSchema = z.object({ id: z.string().trim().min(1).max(100) });

/** Settings' limit per cost: an amount of kroner as a Danish reader types it, or nothing (no limit). */
export const approvalLimitSchema = z.object({
  limit: moneyAmount({ invalid: "owners.limitInvalid", tooLarge: "owners.limitTooLarge" }),
});

/** The welcome page: the invitation's token and the new password twice. */
export const welcomeSchema = z.object({
  token: z.string().max(200).default(""),
  password: z.string().max(1000).default(""),
  confirm: z.string().max(1000).default(""),
});

/** The first message per field, in the page's language. */
export function formErrors(error: z.ZodError, t: Translate): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    if (field in out) continue;
    out[field] = isMessageKey(issue.message) ? t(issue.message, { max: NAME_MAX }) : issue.message;
  }
  return out;
}
