import { z } from "zod";

/** The longest e-mail address any form takes (the spec's contact limit); longer ones are refused before anything is stored. */
export const EMAIL_MAX = 255;
export const EMAIL_TOO_LONG = "Email must be less than 255 characters";

/** An e-mail address field: trimmed, lower-cased, at most EMAIL_MAX characters; `messages` say why not. */
export function emailField<M extends string>(messages: { invalid: M; tooLong: M }) {
  return z
    .string({ error: messages.invalid })
    .trim()
    .max(EMAIL_MAX, messages.tooLong)
    .toLowerCase()
    .pipe(z.email(messages.invalid));
}
