import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { getSiteSettings } from "~/models/site-settings.server";
import { DEFAULT_SITE_SETTINGS } from "~/models/site-settings";
import { DANISH_WORDS } from "./danish-words.server";
import type { Translate } from "~/i18n/dictionary";
import { passwordLengthProblem, type NewPasswordErrors } from "./password-rules";

/**
 * The one check of a new password, for the setup link, the reset page and `npm run admin`: its
 * length, then the zxcvbn-ts estimate (common passwords, English and Danish words, keyboard
 * patterns, dates, and the site's and account's own names). Below MIN_SCORE it is refused with the
 * estimator's feedback. Existing passwords are never checked again: sign-in only compares hashes.
 * See docs/decisions/0156-password-strength.md.
 */
export const MIN_SCORE = 3;

let estimator: Promise<ZxcvbnFactory> | undefined;

/** Loaded on first use (the dictionaries are a few MB), on the server only. */
function loadEstimator() {
  return (estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, en] = await Promise.all([
      import("@zxcvbn-ts/core"),
      import("@zxcvbn-ts/language-common"),
      import("@zxcvbn-ts/language-en"),
    ]);
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...en.dictionary, danish: DANISH_WORDS },
      graphs: common.adjacencyGraphs,
      translations: en.translations,
    });
  })());
}

/** The words of the site's and the account's names the password must not lean on. */
async function siteWords(email?: string) {
  const names = new Set([DEFAULT_SITE_SETTINGS.stableName]);
  const configured = await getSiteSettings().catch(() => null);
  if (configured?.stableName) names.add(configured.stableName);
  if (email) names.add(email.trim().toLowerCase());
  const words = new Set<string>();
  for (const name of names) {
    words.add(name.toLowerCase());
    for (const part of name.toLowerCase().split(/[^\p{L}\p{N}]+/u)) if (part.length >= 3) words.add(part);
  }
  return [...words];
}

/** Why this new password is refused, in words for the person choosing it, or null when it will do. */
export async function newPasswordProblem(password: string, { email }: { email?: string } = {}): Promise<string | null> {
  const length = passwordLengthProblem(password);
  if (length) return length;
  const [zxcvbn, inputs] = await Promise.all([loadEstimator(), siteWords(email)]);
  const result = zxcvbn.check(password, inputs);
  if (result.score >= MIN_SCORE) return null;
  const { warning, suggestions } = result.feedback;
  return [`This password is too easy to guess.`, warning, ...suggestions].filter(Boolean).join(" ");
}

/**
 * A new password that is too easy to guess, as a field message in the page's language: the
 * estimator's advice in English, the site's own words in Danish. Null when it will do.
 */
export async function weakPasswordError(
  password: string,
  { email, t, english }: { email: string; t: Translate; english: boolean },
): Promise<NewPasswordErrors | null> {
  const weak = await newPasswordProblem(password, { email });
  return weak ? { password: english ? weak : t("owners.passwordWeak") } : null;
}
