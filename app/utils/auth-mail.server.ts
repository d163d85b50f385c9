import { enqueueMail } from "~/models/mail-queue.server";
import { issuePasswordResetToken } from "./auth.server";
import { env } from "./env.server";
import { log } from "./log.server";
import { wakeMailDelivery } from "./mail-delivery.server";

/**
 * Attempts for a reset mail: with the default backoff (1, 2, 4, 8, 16 minutes) the last one falls
 * within the hour the link is valid for.
 */
export const RESET_MAIL_ATTEMPTS = 6;

export function resetLink(origin: string, token: string) {
  return `${origin}/auth?mode=reset&token=${encodeURIComponent(token)}`;
}

export function composeResetMail(url: string) {
  return {
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

/**
 * For an address with an account: a new link (the older ones retired) and its e-mail in the mail
 * queue. For any other address: nothing. Either way nothing waits for the mail server, so the
 * answer and its timing do not tell whether the address has an account. `origin` is the site's
 * configured one (PUBLIC_ORIGIN), never taken from the request's Host.
 */
export async function requestPasswordReset(email: string, origin: string) {
  const reset = await issuePasswordResetToken(email);
  if (!reset) return;
  const url = resetLink(origin, reset.token);
  await enqueueMail({
    kind: "password-reset",
    toAddress: reset.email,
    attemptLimit: RESET_MAIL_ATTEMPTS,
    ...composeResetMail(url),
  });
  wakeMailDelivery();
  // The embedded default sends no mail over the network; the link is in DATA_DIR/mail and here.
  if (!env().SMTP_URL)
    log.info("password reset link (no SMTP_URL set, so it is logged here too)", { to: reset.email, url });
}
