import { z } from "zod";
import type { Translate } from "~/i18n/dictionary";

/** The lengths the new-password fields show (the browser's minlength); the rules are password-rules.server.ts. */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;

export function passwordLengthProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN) return `Password must be at least ${PASSWORD_MIN} characters.`;
  if (password.length > PASSWORD_MAX) return `Password must be at most ${PASSWORD_MAX} characters.`;
  return null;
}

/** A new password with its confirmation (reset form and first-administrator form). */
export const newPasswordFields = {
  password: z.string(),
  confirm: z.string(),
};

/** What the form's schema checks at once: the length and the confirmation; the strength comes after. */
export function checkNewPassword(ctx: z.RefinementCtx, value: { password: string; confirm: string }) {
  const problem = passwordLengthProblem(value.password);
  if (problem) ctx.addIssue({ code: "custom", path: ["password"], message: problem });
  else if (value.password !== value.confirm)
    ctx.addIssue({ code: "custom", path: ["confirm"], message: "The two passwords do not match." });
}

export type NewPasswordErrors = { password?: string; confirm?: string };

/** The length of a new password and its confirmation, in the page's language; null when both will do. */
export function newPasswordShapeErrors(password: string, confirm: string, t: Translate): NewPasswordErrors | null {
  if (passwordLengthProblem(password)) {
    const key = password.length > PASSWORD_MAX ? "owners.passwordTooLong" : "owners.passwordTooShort";
    return { password: t(key, { min: PASSWORD_MIN, max: PASSWORD_MAX }) };
  }
  return password === confirm ? null : { confirm: t("owners.passwordMismatch") };
}
