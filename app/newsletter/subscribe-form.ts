import { z } from "zod";
import { isMessageKey, translator, type MessageKey } from "~/i18n/dictionary";
import type { Lang } from "~/i18n/lang";
import type { Toast } from "~/toast/toast";
import { EMAIL_MAX } from "~/utils/email";

export { FORM_STAMP_FIELD, HONEYPOT_FIELD } from "~/contact/contact-form";

/** The id of the news page's Subscribe section. */
export const NEWSLETTER_SECTION = "newsletter";

/** The id of the footer's Subscribe section: its answer comes back to the page it was sent from, scrolled there. */
export const FOOTER_SECTION = "footer-newsletter";

/** The footer form's field naming the page it was sent from (decision 0243). */
export const RETURN_FIELD = "returnTo";

const rule = (key: MessageKey & `newsletter.${string}`) => key;

/** The Subscribe form: an address and the language the newsletter comes in. */
export const subscribeSchema = z.object({
  email: z
    .string()
    .trim()
    .pipe(z.email(rule("newsletter.emailInvalid")).max(EMAIL_MAX, rule("newsletter.emailTooLong"))),
  language: z.enum(["en", "da"], rule("newsletter.languageInvalid")),
});

export type SubscribeInput = z.infer<typeof subscribeSchema>;
export type SubscribeValues = { email: string; language: string };

/** "confirm": a form that came without a stamp (the footer's, without JavaScript): press Subscribe once more. */
export type SubscribeResult = "sent" | "confirm" | "refused" | "error";

/** The Subscribe action's answer: the outcome, a fresh stamp, and what was typed unless it was sent. */
export type SubscribeActionData = {
  result: SubscribeResult;
  toast: Toast;
  formStamp: string;
  values?: SubscribeValues;
};

export function subscribeValues(form: { get(name: string): unknown }): SubscribeValues {
  const read = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  return { email: read("email"), language: read("language") };
}

export function checkSubscribe(
  values: SubscribeValues,
  lang: Lang,
): { ok: true; data: SubscribeInput } | { ok: false; error: string } {
  const parsed = subscribeSchema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const message = parsed.error.issues[0]!.message;
  return { ok: false, error: isMessageKey(message) ? translator(lang)(message) : message };
}

const answerSchema = z.object({
  result: z.enum(["sent", "confirm", "refused", "error"]),
  toast: z.object({
    id: z.string(),
    type: z.enum(["success", "error"]),
    title: z.string(),
    description: z.string().optional(),
  }),
  formStamp: z.string(),
  values: z.object({ email: z.string(), language: z.string() }).optional(),
});

/** The footer form's answer a page was sent back with (app/toast/toast.server.ts), or null. */
export function footerAnswerOf(flash: unknown): SubscribeActionData | null {
  const parsed = answerSchema.safeParse(flash);
  return parsed.success ? parsed.data : null;
}
