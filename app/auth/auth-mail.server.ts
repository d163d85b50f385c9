import { registerMailKind } from "~/jobs/mail-delivery.server";
import { translator } from "~/i18n/dictionary";
import { ownerStanding } from "~/models/owner-account.server";
import { issuePasswordResetToken } from "./auth.server";
import { env } from "~/platform/env.server";
import { log } from "~/platform/log.server";
import type { Mail } from "~/platform/mail.server";
import { escapeHtml } from "~/utils/html";

export function resetLink(origin: string, token: string) {
  return `${origin}/auth?mode=reset&token=${encodeURIComponent(token)}`;
}

/**
 * The reset e-mail for an address, composed by the mail queue when it sends: a new link is made then
 * (retiring the account's older ones), so no token ever waits in the queue. Null when the address
 * has no account: there is nothing to send.
 */
export async function composeResetMail(email: string, origin: string): Promise<Mail | null> {
  const reset = await issuePasswordResetToken(email);
  if (!reset) return null;
  const url = resetLink(origin, reset.token);
  // The embedded default sends no mail over the network; the link is in DATA_DIR/mail and here.
  if (!env().SMTP_URL)
    log.info("password reset link (no SMTP_URL set, so it is logged here too)", { to: reset.email, url });
  const owner = await ownerStanding(reset.userId);
  if (owner) {
    // An owner or guest: their account, not the admin's, in their language.
    const t = translator(owner.language);
    const lines = [t("owners.resetIntro"), t("owners.resetLink"), t("owners.resetIgnore")];
    return {
      to: reset.email,
      subject: t("owners.resetSubject"),
      text: [lines[0], "", lines[1], url, "", lines[2]].join("\n"),
      html:
        `<p>${escapeHtml(lines[0]!)}</p>\n<p><a href="${escapeHtml(url)}">${escapeHtml(lines[1]!)}</a></p>\n` +
        `<p>${escapeHtml(lines[2]!)}</p>`,
    };
  }
  return {
    to: reset.email,
    subject: "Reset your password",
    text: [
      "Someone (hopefully you) asked to reset the password for the stable website's admin access.",
      "",
      `Choose a new password here (the link works once, for one hour):`,
      url,
      "",
      "If you did not ask for this, ignore this e-mail; your password stays as it is.",
    ].join("\n"),
    html: `<p>Someone (hopefully you) asked to reset the password for the stable website's admin access.</p>
<p><a href="${url}">Choose a new password</a> (the link works once, for one hour).</p>
<p>If you did not ask for this, ignore this e-mail; your password stays as it is.</p>`,
  };
}

/** Hands the mail queue the way to compose password-reset mail (at start-up, server/jobs.ts). */
export function registerResetMail() {
  registerMailKind("password-reset", async (claim) => {
    const origin = env().PUBLIC_ORIGIN ? new URL(env().PUBLIC_ORIGIN!).origin : claim.linkOrigin;
    if (!claim.toAddress || !origin) throw new Error("The reset request has no address or origin");
    return composeResetMail(claim.toAddress, origin);
  });
}
