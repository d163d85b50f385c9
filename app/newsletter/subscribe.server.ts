import { requestSubscription } from "~/models/subscriber.server";
import { clientIp, clientNetwork } from "~/platform/client-ip.server";
import { readForm } from "~/platform/form-data.server";
import { wakeMailDelivery } from "~/jobs/mail-delivery.server";
import { env } from "~/platform/env.server";
import { FAULT_STATUS, faultOf } from "~/platform/faults.server";
import { checkFormStamp, issueFormStamp, useFormStamp } from "~/contact/form-stamp.server";
import { log } from "~/platform/log.server";
import { hitRateLimit } from "~/platform/rate-limit.server";
import { toastMessage, type Toast } from "~/toast/toast";
import { translator } from "~/i18n/dictionary";
import { langFromPath } from "~/i18n/lang";
import { checkSubscribe, FORM_STAMP_FIELD, HONEYPOT_FIELD, subscribeValues } from "./subscribe-form";

const RATE_WINDOW_MS = 60 * 60_000;

export type SubscribeActionData = { result: "sent" | "refused" | "error"; toast: Toast; formStamp: string };
export type SubscribeOutcome = { body: SubscribeActionData; status: number; headers?: HeadersInit };

/**
 * The Subscribe form's action, guarded like the contact form (trap, stamp, limit per network). A
 * new or pending address gets a confirmation mail; the answer is the same for a confirmed one, so
 * the form never tells who subscribes.
 */
export async function submitSubscribe(request: Request, now = new Date()): Promise<SubscribeOutcome> {
  const lang = langFromPath(new URL(request.url).pathname);
  const t = translator(lang);
  const form = await readForm(request);
  const answer = (result: SubscribeActionData["result"], status: number, text: string, headers?: HeadersInit) => ({
    status,
    headers,
    body: {
      result,
      toast: toastMessage(
        result === "sent" ? "success" : "error",
        t(result === "sent" ? "newsletter.sentTitle" : "contact.errorTitle"),
        text,
      ),
      formStamp: issueFormStamp(now),
    },
  });
  const checked = checkSubscribe(subscribeValues(form), lang);
  if (!checked.ok) return answer("refused", 400, checked.error);

  const ip = clientIp(request);
  const trap = form.get(HONEYPOT_FIELD);
  if (typeof trap === "string" && trap.trim() !== "") {
    log.info("subscribe form spam trap filled; dropped", { ip });
    return answer("sent", 200, t("newsletter.sentText"));
  }
  const { CONTACT_MIN_FILL_MS, CONTACT_RATE_LIMIT, CONTACT_MAX_ATTEMPTS } = env();
  const stampValue = form.get(FORM_STAMP_FIELD);
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
