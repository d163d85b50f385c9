import { registerHousekeeping } from "~/jobs/housekeeping.server";
import { registerMailKind } from "~/jobs/mail-delivery.server";
import { pruneFinishedMail } from "~/models/mail-queue.server";
import { newsletterSendOf } from "~/models/newsletter-send.server";
import {
  confirmTokenFor,
  getSubscriberRowByEmail,
  pruneUnconfirmedSubscribers,
  unsubscribeTokenFor,
} from "~/models/subscriber.server";
import { renderPostBody } from "~/news/markdown.server";
import { postPath } from "~/news/post-views.server";
import { mailOrigin, oneLine, stableMessageId } from "~/platform/mail-parts.server";
import type { Mail } from "~/platform/mail.server";
import { translator } from "~/i18n/dictionary";
import { isPrivateImageUrl, isStoredImageUrl, socialCardUrl } from "~/media/image";
import { escapeHtml } from "~/utils/html";
import { mailSender, stableMail } from "~/mail/stable-mail.server";
import type { Lang } from "~/i18n/lang";
import { pathTo } from "~/pages/registry";
import { shownIn } from "~/i18n/localized";

/** Links in mail are absolute: PUBLIC_ORIGIN, else localhost and the port; never a request's host. */
const origin = () => mailOrigin(null);

export function confirmLink(lang: Lang, token: string) {
  return `${origin()}${pathTo("news-confirm", { lang })}?token=${token}`;
}

export function unsubscribeLink(lang: Lang, token: string) {
  return `${origin()}${pathTo("news-unsubscribe", { lang })}?token=${token}`;
}

/** The confirmation mail for a pending address, in the stable's name; null (dropped) once it is confirmed or gone. */
export async function composeConfirmMail(to: string): Promise<Mail | null> {
  const row = await getSubscriberRowByEmail(to);
  if (!row || row.state !== "pending" || !row.confirm_expires_at) return null;
  const lang = row.language;
  const t = translator(lang);
  const sender = await mailSender(origin(), lang);
  const link = confirmLink(lang, confirmTokenFor(row));
  const stable = { stable: sender.name };
  return stableMail(sender, {
    to: row.email,
    lang,
    subject: oneLine(t("newsletter.confirmSubject", stable)),
    html:
      `<p>${escapeHtml(t("newsletter.confirmIntro", stable))}</p>\n<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>\n` +
      `<p>${escapeHtml(t("newsletter.confirmIgnore"))}</p>`,
  });
}

/**
 * A post as newsletter, in the stable's name: the whole post as written (its body rendered and
 * sanitised as on its page, and the same as plain text), in the subscriber's language's frame,
 * with RFC 8058 one-click unsubscribe.
 */
export async function composeNewsletterMail(mailId: string): Promise<Mail | null> {
  const send = await newsletterSendOf(mailId);
  if (!send || send.state !== "confirmed") return null;
  const lang = send.language;
  const t = translator(lang);
  const sender = await mailSender(origin(), lang);
  const unsubscribe = unsubscribeLink(
    lang,
    unsubscribeTokenFor({ id: send.subscriber_id, created_at: send.created_at }),
  );
  const postLink = `${origin()}${postPath(send.slug, lang)}`;
  // The post in the subscriber's language where it has it, else in the other (decision 0230).
  const shownTitle = shownIn({ en: send.title, da: send.title_da }, lang);
  const body = shownIn({ en: send.body, da: send.body_da }, lang);
  const description = shownIn({ en: send.photo_description ?? "", da: send.photo_description_da ?? "" }, lang);
  const title = oneLine(shownTitle.text);
  // A public photo only (a newsletter is a public post's), as the JPEG crop every mail program shows.
  const photo =
    send.photo_url && isStoredImageUrl(send.photo_url) && !isPrivateImageUrl(send.photo_url)
      ? `<p><img src="${escapeHtml(`${origin()}${socialCardUrl(send.photo_url)}`)}" alt="${escapeHtml(description.text)}" lang="${description.lang}" width="600" height="315" style="max-width:100%;height:auto"></p>\n`
      : "";
  return stableMail(sender, {
    to: send.email,
    lang,
    subject: title,
    headers: {
      "Message-ID": stableMessageId("newsletter", send.post_id, send.subscriber_id),
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
    html:
      `<div lang="${body.lang}">\n<h1 lang="${shownTitle.lang}">${escapeHtml(title)}</h1>\n${photo}${renderPostBody(body.text)}</div>\n` +
      `<p><a href="${escapeHtml(postLink)}">${escapeHtml(t("newsletter.readMore"))}</a></p>\n<hr>\n` +
      `<p><small>${escapeHtml(t("newsletter.why", { stable: sender.name }))}<br>` +
      `<a href="${escapeHtml(unsubscribe)}">${escapeHtml(t("newsletter.unsubscribe"))}</a></small></p>`,
  });
}

/** Newsletter and confirmation mail is kept this long once delivered (or failed): the News tab's progress. */
export const NEWSLETTER_MAIL_KEPT_MS = 30 * 24 * 60 * 60_000;

/**
 * Hands the mail queue the newsletter's two kinds of mail, and housekeeping what holds addresses no
 * longer needed (at start-up, server/jobs.ts): finished mail once the tab has shown its progress,
 * and addresses whose confirmation link expired unused.
 */
export function registerNewsletterMail() {
  registerHousekeeping("newsletterMail", (now) =>
    pruneFinishedMail(["newsletter", "newsletter-confirm"], new Date(now.getTime() - NEWSLETTER_MAIL_KEPT_MS)),
  );
  registerHousekeeping("unconfirmedSubscribers", pruneUnconfirmedSubscribers);
  registerMailKind("newsletter-confirm", async (claim) => {
    if (!claim.toAddress) throw new Error("The confirmation mail has no address");
    return composeConfirmMail(claim.toAddress);
  });
  registerMailKind("newsletter", (claim) => composeNewsletterMail(claim.id));
}
