import { env } from "./env.server";
import { log } from "./log.server";
import { sendMail } from "./mail.server";

/** The site's public origin for links in mail: PUBLIC_ORIGIN, else the origin the request came to. */
export function publicOrigin(request: Request) {
  return env().PUBLIC_ORIGIN?.replace(/\/+$/, "") ?? new URL(request.url).origin;
}

export function resetLink(request: Request, token: string) {
  return `${publicOrigin(request)}/auth?mode=reset&token=${encodeURIComponent(token)}`;
}

/** Mails the reset link; throws when the mail server refuses. Without SMTP the link is also logged. */
export async function sendPasswordResetMail(request: Request, to: string, token: string) {
  const url = resetLink(request, token);
  await sendMail({
    to,
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
  });
  if (!env().SMTP_URL) log.info("password reset link (no SMTP_URL set, so it is logged here too)", { to, url });
}
