import { translator, type MessageKey, type Translate } from "~/i18n/dictionary";
import type { Lang } from "~/i18n/lang";
import { pathTo } from "~/pages/registry";
import { localResultText } from "~/i18n/results";
import { shownIn } from "~/i18n/localized";
import { both } from "~/models/bilingual";
import { getHorse, type Horse } from "~/models/horse.server";
import { mayViewHorse, type AudienceMember } from "~/models/owner-access.server";
import { getOwnerAccount, type OwnerAccount } from "~/models/owner-account.server";
import { isNoticeKind, type OwnerNoticeKind } from "~/models/owner-account";
import { noticeOfMail, type QueuedNotice, type RunnerNoticeDetails } from "~/models/owner-notice.server";
import { getOwnerUpdate, type Post } from "~/models/post.server";
import type { UpdateNoticeDetails } from "~/models/update-notice.server";
import type { Mail } from "~/platform/mail.server";
import { renderPostBody } from "~/news/markdown.server";
import { sameToken, signToken } from "~/platform/signed-token.server";
import { formatWeight, type Equipment } from "~/racing/declaration";
import { formatDay, formatDkk } from "~/racing/format";
import { escapeHtml } from "~/utils/html";
import { oneLine, stableMessageId } from "~/platform/mail-parts.server";
import { greeting, htmlParagraphs } from "./mail-html.server";
import { mailSender, stableMail } from "~/mail/stable-mail.server";

/**
 * Notice mails to owners and guests, composed as they are sent: in the person's language as it is
 * then, only while they still want that kind and may still see the horse (else dropped). Each
 * carries a one-click unsubscribe for its kind (RFC 8058) that works without signing in.
 */

const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;
const USER_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The token of a person's unsubscribe link for one kind of notice: kind, account and a signature
 * that covers when the account's current access began, so a revocation kills every link made
 * before it, also once the person is invited again and accepts.
 */
export function unsubscribeToken(userId: string, kind: OwnerNoticeKind, activatedAt: string | null) {
  return `${kind}.${userId}.${signToken("owner-unsubscribe", `${userId}:${kind}:${activatedAt ?? ""}`)}`;
}

/** The account and kind a token names, if it has the shape of one the site makes (not yet checked). */
export function readUnsubscribeToken(
  token: string,
): { userId: string; kind: OwnerNoticeKind; signature: string } | null {
  if (token.length > 200) return null;
  const [kind, userId, signature, ...rest] = token.split(".");
  if (
    rest.length ||
    !isNoticeKind(kind) ||
    !userId ||
    !USER_ID.test(userId) ||
    !signature ||
    !SIGNATURE.test(signature)
  )
    return null;
  return { userId, kind, signature };
}

/** The active account and the kind a token is for: null when it is not the site's, or not for the account's current access. */
export async function unsubscribeTarget(
  token: string,
): Promise<{ account: OwnerAccount; kind: OwnerNoticeKind } | null> {
  const read = readUnsubscribeToken(token);
  if (!read) return null;
  const account = await getOwnerAccount(read.userId);
  if (account?.state !== "active") return null;
  const expected = unsubscribeToken(read.userId, read.kind, account.activatedAt).split(".")[2]!;
  return sameToken(read.signature, expected) ? { account, kind: read.kind } : null;
}

export function unsubscribeLink(origin: string, lang: Lang, person: AudienceMember, kind: OwnerNoticeKind) {
  const token = unsubscribeToken(person.userId, kind, person.activatedAt);
  return `${origin}${pathTo("owners-unsubscribe", { lang })}?token=${encodeURIComponent(token)}`;
}

const EQUIPMENT_TEXT: Record<Equipment, MessageKey> = {
  blinkers: "runners.equipment.blinkers",
  cheekpieces: "runners.equipment.cheekpieces",
  visor: "runners.equipment.visor",
  hood: "runners.equipment.hood",
  "tongue-tie": "runners.equipment.tongueTie",
};

type RunnerKind = Exclude<OwnerNoticeKind, "update">;

const TEXTS: Record<RunnerKind, { subject: MessageKey; line: MessageKey }> = {
  entry: { subject: "owners.mail.entrySubject", line: "owners.mail.entry" },
  declaration: { subject: "owners.mail.declarationSubject", line: "owners.mail.declaration" },
  withdrawal: { subject: "owners.mail.withdrawalSubject", line: "owners.mail.withdrawal" },
  result: { subject: "owners.mail.resultSubject", line: "owners.mail.result" },
};

/** What a runner notice says: its subject, its first line, and the details that matter for its kind. */
function runnerNotice(kind: RunnerKind, d: RunnerNoticeDetails, t: Translate, lang: Lang) {
  const position = localResultText({ position: d.position, didNotFinish: d.didNotFinish }, lang, t);
  const values = { horse: d.horseName, race: d.raceName, date: formatDay(d.raceDate, lang), position };
  const details: [string, string | null][] = [
    [t("runners.track"), d.track],
    [t("runners.postTime"), kind === "result" ? null : d.postTime],
    [t("runners.distance"), d.distance],
    [t("runners.jockey"), kind === "withdrawal" ? null : d.jockey],
  ];
  if (kind === "declaration") {
    details.push(
      [t("owners.mail.weight"), d.weightG === null ? null : formatWeight(d.weightG)],
      [t("owners.mail.draw"), d.draw === null ? null : String(d.draw)],
      [t("owners.mail.equipment"), d.equipment.map((code) => t(EQUIPMENT_TEXT[code as Equipment])).join(", ") || null],
    );
  }
  if (kind === "withdrawal") details.push([t("owners.mail.reason"), d.withdrawalReason]);
  if (kind === "result") {
    details.push([t("runners.position"), position], [t("runners.prize"), d.prizeOre ? formatDkk(d.prizeOre) : null]);
  }
  return {
    subject: t(TEXTS[kind].subject, values),
    line: t(TEXTS[kind].line, values),
    details: details.filter((pair): pair is [string, string] => !!pair[1]?.trim()),
  };
}

/** The notice mail a queued row stands for; null (dropped) when it is no longer wanted or allowed. */
export async function composeNoticeMail(mailId: string, origin: string): Promise<Mail | null> {
  const notice = await noticeOfMail(mailId);
  if (!notice) return null;
  const { person } = notice;
  // The person's settings and access as they are now: turned off, revoked or unlinked meanwhile, nothing goes.
  if (!person.notices[notice.kind] || !(await mayViewHorse(person.userId, notice.horseId))) return null;
  const horse = await getHorse(notice.horseId);
  if (!horse) return null;
  if (notice.kind !== "update") return runnerNoticeMail(notice, notice.kind, horse.slug, origin);
  // The update as it is now: made a draft again, deleted, made public or untagged meanwhile, nothing goes.
  const post = await getOwnerUpdate((notice.details as UpdateNoticeDetails).postId, horse.id);
  return post && updateNoticeMail(notice, post, horse, origin);
}

const link = (href: string, text: string) => `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;

/**
 * What every notice mail has around its news, in the stable's name and the person's language: the
 * greeting, the link to the horse's owners' page, and the footer (why it came, the one-click
 * unsubscribe for its kind, Settings).
 */
async function noticeFrame(notice: QueuedNotice, horse: { name: string; slug: string }, origin: string) {
  const { person, kind } = notice;
  const lang = person.language;
  const t = translator(lang);
  const sender = await mailSender(origin, lang);
  const horsePage = `${origin}${pathTo("owners-horse", { slug: horse.slug, lang })}`;
  const settings = `${origin}${pathTo("owners-settings", { lang })}`;
  const unsubscribe = unsubscribeLink(origin, lang, person, kind);
  const stop = t("owners.mail.stop", { kind: t(`owners.noticeLower.${kind}`) });
  const why = t("owners.mail.why", { horse: horse.name, stable: sender.name });
  return {
    t,
    lang,
    stable: sender.name,
    /** The mail of these parts: the greeting, the news, the horse's page, the footer. */
    mail: (subject: string, news: string) =>
      stableMail(sender, {
        to: person.email,
        lang,
        subject: oneLine(subject),
        headers: {
          "Message-ID": stableMessageId("notice", kind, notice.event, person.userId),
          "List-Unsubscribe": `<${unsubscribe}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
        html:
          htmlParagraphs([greeting(t, person.name)]) +
          news +
          `<p>${link(horsePage, t("owners.mail.horsePage", { horse: horse.name }))}</p>\n` +
          `<hr>\n<p>${escapeHtml(why)}<br>\n${link(unsubscribe, stop)} · ${link(settings, t("owners.mail.settings"))}</p>`,
      }),
  };
}

async function runnerNoticeMail(notice: QueuedNotice, kind: RunnerKind, slug: string, origin: string): Promise<Mail> {
  const d = notice.details as RunnerNoticeDetails;
  const frame = await noticeFrame(notice, { name: d.horseName, slug }, origin);
  const content = runnerNotice(kind, d, frame.t, frame.lang);
  const details = content.details.map(([label, value]) => `${label}: ${value}`);
  return frame.mail(
    content.subject,
    htmlParagraphs([content.line]) +
      (details.length ? `<ul>${details.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>\n` : ""),
  );
}

/** An update: its title and whole body (rendered and sanitised as on the page); its photos and video stay on the page. */
async function updateNoticeMail(notice: QueuedNotice, post: Post, horse: Horse, origin: string): Promise<Mail> {
  const frame = await noticeFrame(notice, horse, origin);
  const { t, lang } = frame;
  const shownTitle = shownIn(both(post, "title"), lang);
  const body = shownIn(both(post, "body"), lang);
  const title = oneLine(shownTitle.text);
  const media =
    post.photos.length && post.video
      ? t("owners.mail.updatePhotosVideo", { horse: horse.name })
      : post.photos.length
        ? t("owners.mail.updatePhotos", { horse: horse.name })
        : post.video
          ? t("owners.mail.updateVideo", { horse: horse.name })
          : null;
  return frame.mail(
    t("owners.mail.updateSubject", { horse: horse.name, title }),
    htmlParagraphs([t("owners.mail.update", { stable: frame.stable, horse: horse.name })]) +
      `<div lang="${body.lang}">\n<h2 lang="${shownTitle.lang}">${escapeHtml(title)}</h2>\n${renderPostBody(body.text, { titleLevel: 2 })}</div>\n` +
      (media ? htmlParagraphs([media]) : ""),
  );
}
