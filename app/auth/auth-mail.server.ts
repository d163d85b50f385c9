import { registerMailKind } from "~/jobs/mail-delivery.server";
import { translator } from "~/i18n/dictionary";
import { ownerStanding } from "~/models/owner-account.server";
import { issuePasswordResetToken } from "./auth.server";
import { env } from "~/platform/env.server";
import { log } from "~/platform/log.server";
import type { Mail } from "~/platform/mail.server";
import { escapeHtml } from "~/utils/html";
import type { Lang } from "~/i18n/lang";
import { pathTo } from "~/pages/registry";
import { mailSender, stableMail } from "~/mail/stable-mail.server";

/** The reset link of an account, on the sign-in page of its language. */
export function resetLink(origin: string, token: string, lang: Lang = "en") {
  return `${origin}${pathTo("auth", { lang })}?mode=reset&token=${encodeURIComponent(token)}`;
}

/**
 * The reset e-mail for an address, in the stable's name, composed by the mail queue when it sends:
 * a new link is made then (retiring the account's older ones), so no token ever waits in the queue.
 * Null when the address has no account: there is nothing to send. An owner or guest gets it in
 * their language, with the link to the sign-in page in that language.
 */
export async function composeResetMail(email: string, origin: string): Promise<Mail | null> {
  const reset = await issuePasswordResetToken(email);
  if (!reset) return null;
  const owner = await ownerStanding(reset.userId);
  const lang = owner?.language ?? "en";
  const url = resetLink(origin, reset.token, lang);
  // The embedded default sends no mail over the network; the link is in DATA_DIR/mail and here.
  if (!env().SMTP_URL)
    log.info("password reset link (no SMTP_URL set, so it is logged here too)", { to: reset.email, url });
  const sender = await mailSender(origin, lang);
  if (owner) {
    // An owner or guest: their account, not the admin's, in their language.
    const t = translator(lang);
    return stableMail(sender, {
      to: reset.email,
      lang,
      subject: t("owners.resetSubject"),
      html:
        `<p>${escapeHtml(t("owners.resetIntro"))}</p>\n<p><a href="${escapeHtml(url)}">${escapeHtml(t("owners.resetLink"))}</a></p>\n` +
        `<p>${escapeHtml(t("owners.resetIgnore"))}</p>`,
    });
  }
  return stableMail(sender, {
    to: reset.email,
    lang,
    subject: "Reset your password",
    html: `<p>Someone (hopefully you) asked to reset the password for the stable website's admin access.</p>
<p><a href="${escapeHtml(url)}">Choose a new password</a> (the link works once, for one hour).</p>
<p>If you did not ask for this, ignore this e-mail; your password stays as it is.</p>`,
  });
}

/** Hands the mail queue the way to compose password-reset mail (at start-up, server/jobs.ts). */
export function registerResetMail() {
  registerMailKind("password-reset", async (claim) => {
    const origin = env().PUBLIC_ORIGIN ? new URL(env().PUBLIC_ORIGIN!).origin : claim.linkOrigin;
    if (!claim.toAddress || !origin) throw new Error("The reset request has no address or origin");
    return composeResetMail(claim.toAddress, origin);
  });
}
