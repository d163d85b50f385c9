import { z } from "zod";

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;

// The most common choices seen in breach lists that still reach 10 characters.
const COMMON = new Set([
  "1234567890",
  "12345678910",
  "0987654321",
  "qwertyuiop",
  "1q2w3e4r5t",
  "password123",
  "password1234",
  "passwordpassword",
  "iloveyou123",
  "abcdefghij",
  "administrator",
  "admin12345",
  "letmein123",
  "welcome123",
  "qwerty12345",
  "1qaz2wsx3edc",
  "football123",
  "monkey12345",
]);

/** Why a new password is too weak, or null when it is acceptable. */
export function passwordProblem(password: string, email?: string): string | null {
  if (password.length < PASSWORD_MIN) return `Password must be at least ${PASSWORD_MIN} characters.`;
  if (password.length > PASSWORD_MAX) return `Password must be at most ${PASSWORD_MAX} characters.`;
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return "This password is too common. Choose one that is harder to guess.";
  if (new Set(lower).size < 4) return "Password is too repetitive. Use at least 4 different characters.";
  const local = email?.split("@")[0]?.toLowerCase();
  if (local && local.length >= 4 && lower.includes(local)) return "Password must not contain your e-mail address.";
  return null;
}

/** A new password with its confirmation (reset form and first-administrator form). */
export const newPasswordFields = {
  password: z.string(),
  confirm: z.string(),
};

export function checkNewPassword(ctx: z.RefinementCtx, value: { password: string; confirm: string; email?: string }) {
  const problem = passwordProblem(value.password, value.email);
  if (problem) ctx.addIssue({ code: "custom", path: ["password"], message: problem });
  else if (value.password !== value.confirm)
    ctx.addIssue({ code: "custom", path: ["confirm"], message: "The two passwords do not match." });
}
