import { convert, type HtmlToTextOptions } from "html-to-text";
import type { Lang } from "~/i18n/lang";
import { pathTo } from "~/pages/registry";
import { getSiteSettings } from "~/models/site-settings.server";
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from "~/models/site-settings";
import type { Mail } from "~/platform/mail.server";
import { escapeHtml } from "~/utils/html";

/**
 * Every mail the site sends people is in the stable's name (decision 0241): the sender's name is
 * the Site tab's (unless MAIL_FROM gives one), the HTML part carries the stable's logo and name,
 * and the text part is the same content as plain text.
 */

/** The stable a mail comes from, with absolute addresses for its logo and its home page. */
export type MailSender = { name: string; logoUrl: string; homeUrl: string };

/** Mail programs draw no SVG: the site's own drawing has a PNG twin for them. */
const STANDARD_LOGO_PNG = "/logo.png";
const DRAWABLE = /\.(png|jpe?g|webp)$/i;

export function senderOf(site: SiteSettings, origin: string, lang: Lang): MailSender {
  const logo = site.logo && DRAWABLE.test(site.logo.url) ? site.logo.url : STANDARD_LOGO_PNG;
  return {
    name: site.stableName,
    logoUrl: new URL(logo, origin).href,
    homeUrl: new URL(pathTo("home", { lang }), origin).href,
  };
}

/** The stable as the Site tab has it now (its standard name and logo when that cannot be read). */
export async function mailSender(origin: string, lang: Lang): Promise<MailSender> {
  return senderOf(await getSiteSettings().catch(() => DEFAULT_SITE_SETTINGS), origin, lang);
}

const TEXT_OPTIONS: HtmlToTextOptions = {
  // Mail programs wrap lines themselves; a link stays on the line of its words.
  wordwrap: false,
  selectors: [
    // The logo is the HTML part's; the text part starts with the stable's name.
    { selector: "img", format: "skip" },
    { selector: "h1", options: { uppercase: false } },
    { selector: "h2", options: { uppercase: false } },
    { selector: "h3", options: { uppercase: false } },
    { selector: "a", options: { linkBrackets: ["<", ">"], hideLinkHrefIfSameAsText: true } },
  ],
};

/**
 * A mail's HTML as plain text: paragraphs, headings, lists and rules as text, each link written
 * out after its words (`read more <https://…>`), no markup left.
 */
export function plainTextOf(html: string): string {
  return convert(html, TEXT_OPTIONS).trim();
}

/** What a mail in the stable's name says: its HTML content (escaped by the caller) and its envelope. */
export type StableMailParts = Omit<Mail, "text" | "html" | "fromName"> & { lang: Lang; html: string };

/**
 * A mail in the stable's name: the HTML content under the stable's logo and name (a link to its
 * site), the text part the same content as plain text, and the stable's name as the sender's.
 */
export function stableMail(sender: MailSender, { lang, html, ...envelope }: StableMailParts): Mail {
  const framed = `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(envelope.subject)}</title></head>
<body style="margin:0;padding:0;background:#f5f5f4">
<div style="max-width:600px;margin:0 auto;padding:24px;background:#ffffff;color:#1c1917;font-family:Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5">
<p style="margin:0 0 24px;padding-bottom:16px;border-bottom:2px solid #ddb653"><a href="${escapeHtml(sender.homeUrl)}" style="color:#14532d;text-decoration:none;font-family:Georgia,serif;font-size:22px;font-weight:bold"><img src="${escapeHtml(sender.logoUrl)}" alt="" width="40" height="40" style="vertical-align:middle;margin-right:12px;border:0">${escapeHtml(sender.name)}</a></p>
${html}
</div>
</body>
</html>`;
  return { ...envelope, fromName: sender.name, html: framed, text: plainTextOf(framed) };
}
