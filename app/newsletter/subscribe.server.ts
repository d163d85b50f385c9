import { requestSubscription } from "~/models/subscriber.server";
import { clientIp, clientNetwork } from "~/platform/client-ip.server";
import { readForm } from "~/platform/form-data.server";
import { wakeMailDelivery } from "~/jobs/mail-delivery.server";
import { env } from "~/platform/env.server";
import { FAULT_STATUS, faultOf } from "~/platform/faults.server";
import { checkFormStamp, issueFormStamp, useFormStamp } from "~/contact/form-stamp.server";
import { log } from "~/platform/log.server";
import { hitRateLimit } from "~/platform/rate-limit.server";
import { toastMessage } from "~/toast/toast";
import { translator } from "~/i18n/dictionary";
import { langFromPath } from "~/i18n/lang";
import { matchPath, readQuery } from "~/pages/page-match";
import {
  checkSubscribe,
  FORM_STAMP_FIELD,
  HONEYPOT_FIELD,
  RETURN_FIELD,
  subscribeValues,
  type SubscribeActionData,
  type SubscribeResult,
} from "./subscribe-form";

const RATE_WINDOW_MS = 60 * 60_000;

/**
 * A form the server answers comes back filled in, so a person sends it again with one press: its
 * new stamp counts as this much older than the minimum fill time (decision 0193).
 */
export const SEND_AGAIN_MS = 1_000;

/**
 * The Subscribe action's outcome; `returnTo` is the public page the footer's form was sent from,
 * where the answer is shown (null: the news page answers itself).
 */
export type SubscribeOutcome = {
  body: SubscribeActionData;
  status: number;
  headers?: HeadersInit;
  returnTo: string | null;
};

/** A footer form's page: a public page of the site (with the query it reads), nothing else. */
export function footerReturnPath(value: unknown): string | null {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//")) return null;
  let url: URL;
  try {
    url = new URL(value, "http://site.invalid");
  } catch {
    return null;
  }
  const match = matchPath(url.pathname);
  if (!match || match.entry.kind !== "page" || match.entry.audience !== "public") return null;
  return `${url.pathname}${readQuery(url.pathname, url.search)}`;
}

const TOAST_TYPE = { sent: "success", confirm: "success", refused: "error", error: "error" } as const;
const TOAST_TITLE = {
  sent: "newsletter.sentTitle",
  confirm: "newsletter.confirmAddressTitle",
  refused: "contact.errorTitle",
  error: "contact.errorTitle",
} as const;

/**
 * The Subscribe form's action, guarded like the contact form (trap, stamp, limit per network). A
 * new or pending address gets a confirmation mail; the answer is the same for a confirmed one, so
 * the form never tells who subscribes. A form sent without a stamp (the footer's, without
 * JavaScript) is answered with the form filled in and a stamp, to be sent once more; any other
 * refusal comes back filled in too.
 */
export async function submitSubscribe(request: Request, now = new Date()): Promise<SubscribeOutcome> {
  const lang = langFromPath(new URL(request.url).pathname);
  const t = translator(lang);
  const form = await readForm(request);
  const { CONTACT_MIN_FILL_MS, CONTACT_RATE_LIMIT, CONTACT_MAX_ATTEMPTS } = env();
  const values = subscribeValues(form);
  const returnTo = footerReturnPath(form.get(RETURN_FIELD));
  const again = new Date(now.getTime() - Math.max(0, CONTACT_MIN_FILL_MS - SEND_AGAIN_MS));
  const answer = (result: SubscribeResult, status: number, text: string, headers?: HeadersInit) => ({
    status,
    headers,
    returnTo,
    body: {
      result,
      toast: toastMessage(TOAST_TYPE[result], t(TOAST_TITLE[result]), text),
      formStamp: issueFormStamp(again),
      ...(result === "sent" ? {} : { values }),
    },
  });
  const checked = checkSubscribe(values, lang);
  if (!checked.ok) return answer("refused", 400, checked.error);

  const ip = clientIp(request);
  const trap = form.get(HONEYPOT_FIELD);
  if (typeof trap === "string" && trap.trim() !== "") {
    log.info("subscribe form spam trap filled; dropped", { ip });
    return answer("sent", 200, t("newsletter.sentText"));
  }
  const stampValue = form.get(FORM_STAMP_FIELD);
  if (stampValue === null || stampValue === "") return answer("confirm", 200, t("newsletter.confirmAddressText"));
  const stamp = checkFormStamp(stampValue, CONTACT_MIN_FILL_MS, now);
  if (stamp === "too-fast") return answer("refused", 400, t("newsletter.tooFastText"));
  if (stamp !== "ok") return answer("refused", 400, t("newsletter.expiredText"));

  try {
    const limit = await hitRateLimit(
      `newsletter:${clientNetwork(request)}`,
      { limit: CONTACT_RATE_LIMIT, windowMs: RATE_WINDOW_MS },
      now,
    );
    if (!limit.allowed) {
      log.warn("subscribe form rate limit reached", { ip, count: limit.count });
      return answer("refused", 429, t("newsletter.rateLimitedText"), {
        "Retry-After": String(limit.retryAfterSeconds),
      });
    }
    if (!(await useFormStamp(stampValue as string))) return answer("refused", 400, t("newsletter.expiredText"));
    await requestSubscription(checked.data, { attemptLimit: CONTACT_MAX_ATTEMPTS, now });
  } catch (error) {
    log.error("storing a subscription failed", { error });
    const fault = faultOf(error);
    return answer("error", fault ? FAULT_STATUS[fault.kind] : 500, t("newsletter.failedText"));
  }
  wakeMailDelivery();
  return answer("sent", 200, t("newsletter.sentText"));
}
