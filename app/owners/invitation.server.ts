import { hashNewPassword } from "~/auth/accounts.server";
import { signIn } from "~/auth/auth.server";
import { newPasswordShapeErrors, type NewPasswordErrors } from "~/auth/password-rules";
import { weakPasswordError } from "~/auth/password-rules.server";
import { translator, type Translate } from "~/i18n/dictionary";
import { pathTo } from "~/pages/registry";
import { acceptInvitation, findInvitation, issueInvitationLink } from "~/models/owner-invitation.server";
import { isTokenShaped } from "~/platform/signed-token.server";
import type { Mail } from "~/platform/mail.server";
import { escapeHtml } from "~/utils/html";
import { oneLine } from "~/platform/mail-parts.server";
import { greeting, htmlParagraphs } from "./mail-html.server";
import { mailSender, stableMail } from "~/mail/stable-mail.server";

/**
 * The invitation of an owner or guest: its mail (the link made as it is sent, valid 7 days, once)
 * and the welcome page's use of it, where the invitee chooses a password under the site's rules.
 */

export function welcomeLink(origin: string, language: "en" | "da", token: string) {
  return `${origin}${pathTo("owners-welcome", { lang: language })}?token=${encodeURIComponent(token)}`;
}

/** The invitation mail for an invited address, in the stable's name and the invitee's language; null once there is nothing to send. */
export async function composeInvitationMail(email: string, origin: string, now = new Date()): Promise<Mail | null> {
  const link = await issueInvitationLink(email, now);
  if (!link) return null;
  const lang = link.language;
  const t = translator(lang);
  const sender = await mailSender(origin, lang);
  const url = welcomeLink(origin, lang, link.token);
  const values = { stable: sender.name, owner: link.hostName ?? "" };
  const guest = link.role === "guest";
  const intro = guest ? t("owners.mail.guestInvitation", values) : t("owners.mail.invitation", values);
  const signIn = `${origin}${pathTo("auth", { lang })}`;
  return stableMail(sender, {
    to: link.email,
    lang,
    subject: oneLine(
      guest ? t("owners.mail.guestInvitationSubject", values) : t("owners.mail.invitationSubject", values),
    ),
    html:
      htmlParagraphs([greeting(t, link.name), intro, t("owners.mail.choosePassword")]) +
      `<p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>\n` +
      htmlParagraphs([t("owners.mail.thenSignIn", { url: signIn }), t("owners.mail.notExpected")]),
  });
}

export type { NewPasswordErrors };

export type WelcomePage = { state: "ask"; token: string; name: string; email: string } | { state: "bad" };

/** What the welcome page shows for a link: the form for a live invitation, else a dead link. */
export async function welcomePage(token: string): Promise<WelcomePage> {
  const invitation = isTokenShaped(token) ? await findInvitation(token) : null;
  return invitation ? { state: "ask", token, name: invitation.name, email: invitation.email } : { state: "bad" };
}

/** Why a new password (and its confirmation) will not do, in the page's language; null when it will. */
export async function newPasswordErrors(
  password: string,
  confirm: string,
  { email, t, english }: { email: string; t: Translate; english: boolean },
): Promise<NewPasswordErrors | null> {
  return newPasswordShapeErrors(password, confirm, t) ?? (await weakPasswordError(password, { email, t, english }));
}

export type AcceptOutcome =
  | { ok: true; headers: Headers; language: "en" | "da" }
  | { ok: false; status: number; errors?: NewPasswordErrors; bad?: true };

/**
 * Accepts an invitation: the link must be live before any password is looked at; the password must
 * pass the site's rules; then the account gets it and becomes active (the link used up), and the
 * invitee is signed in.
 */
export async function acceptWithPassword(
  request: Request,
  { token, password, confirm }: { token: string; password: string; confirm: string },
  t: Translate,
  english: boolean,
): Promise<AcceptOutcome> {
  const invitation = isTokenShaped(token) ? await findInvitation(token) : null;
  if (!invitation) return { ok: false, status: 404, bad: true };
  const errors = await newPasswordErrors(password, confirm, { email: invitation.email, t, english });
  if (errors) return { ok: false, status: 400, errors };
  const accepted = await acceptInvitation(token, await hashNewPassword(password));
  if (!accepted) return { ok: false, status: 404, bad: true };
  const session = await signIn(request, accepted.email, password, { trusted: true });
  return { ok: true, headers: session.ok ? session.headers : new Headers(), language: accepted.language };
}
