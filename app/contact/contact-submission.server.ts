import { createContactMessage } from "~/models/contact-message.server";
import { clientIp, clientNetwork } from "~/platform/client-ip.server";
import { readForm } from "~/platform/form-data.server";
import {
  checkContact,
  contactValues,
  HONEYPOT_FIELD,
  FORM_STAMP_FIELD,
  type ContactFieldErrors,
  type ContactValues,
} from "./contact-form";
import { wakeMailDelivery } from "~/jobs/mail-delivery.server";
import { env } from "~/platform/env.server";
import { FAULT_STATUS, faultOf } from "~/platform/faults.server";
import { checkFormStamp, issueFormStamp, useFormStamp } from "./form-stamp.server";
import { log } from "~/platform/log.server";
import { hitRateLimit } from "~/platform/rate-limit.server";
import { toastMessage, type Toast } from "~/toast/toast";
import { translator, type Translate } from "~/i18n/dictionary";
import { en } from "~/i18n/en";
import { langFromPath } from "~/i18n/lang";

export const CONTACT_SENT_TEXT = en["contact.sentText"];
export const CONTACT_TOO_FAST_TEXT = en["contact.tooFastText"];
export const CONTACT_EXPIRED_TEXT = en["contact.expiredText"];

const RATE_WINDOW_MS = 60 * 60_000;

export type ContactActionData =
  | { result: "sent"; toast: Toast; formStamp?: string }
  | {
      result: "invalid" | "refused" | "error";
      toast: Toast;
      values: ContactValues;
      fieldErrors: ContactFieldErrors;
      /** A fresh form stamp when the one sent was missing or forged. */
      formStamp?: string;
    };

export type ContactOutcome = { body: ContactActionData; status: number; headers?: HeadersInit };

/**
 * The contact form's action: check, filter abuse, store, and wake delivery. Success is reported as
 * soon as the message is stored; sending the e-mail happens in the delivery queue. The visitor's
 * messages are in the language of the page the form was posted to (/contact or /da/contact).
 */
export async function submitContact(request: Request, now = new Date()): Promise<ContactOutcome> {
  const lang = langFromPath(new URL(request.url).pathname);
  const t = translator(lang);
  // The server has bounded the body already (server/body-limit.ts, 64 KB and 20 fields).
  const form = await readForm(request);
  const values = contactValues(form);
  const checked = checkContact(values, lang);
  if (!checked.ok) {
    return {
      status: 400,
      body: {
        result: "invalid",
        toast: toastMessage("error", t("contact.validationTitle"), checked.firstError),
        values,
        fieldErrors: checked.fieldErrors,
      },
    };
  }

  const { CONTACT_MIN_FILL_MS, CONTACT_RATE_LIMIT, CONTACT_MAX_ATTEMPTS } = env();
  const ip = clientIp(request);
  const trap = form.get(HONEYPOT_FIELD);
  if (typeof trap === "string" && trap.trim() !== "") {
    // Looks like success to the bot; nothing is stored or sent.
    log.info("contact form spam trap filled; message dropped", { ip });
    return {
      status: 200,
      body: { result: "sent", toast: toastMessage("success", t("contact.sentTitle"), t("contact.sentText")) },
    };
  }

  const stampValue = form.get(FORM_STAMP_FIELD);
  const stamp = checkFormStamp(stampValue, CONTACT_MIN_FILL_MS, now);
  if (stamp === "too-fast") {
    log.info("contact form sent too fast; refused", { ip });
    return { status: 400, body: refusal("refused", t, t("contact.tooFastText"), values) };
  }
  if (stamp !== "ok") {
    log.info(`contact form stamp ${stamp === "expired" ? "expired" : "missing or forged"}; refused`, { ip });
    return expiredForm(t, values, now);
  }

  let limit: Awaited<ReturnType<typeof hitRateLimit>>;
  try {
    limit = await hitRateLimit(
      `contact:${clientNetwork(request)}`,
      { limit: CONTACT_RATE_LIMIT, windowMs: RATE_WINDOW_MS },
      now,
    );
  } catch (error) {
    return notStored(t, "checking the contact rate limit failed", error, values);
  }
  if (!limit.allowed) {
    const minutes = Math.ceil(limit.retryAfterSeconds / 60);
    log.warn("contact form rate limit reached", { ip, count: limit.count });
    return {
      status: 429,
      headers: { "Retry-After": String(limit.retryAfterSeconds) },
      body: refusal(
        "refused",
        t,
        t(minutes === 1 ? "contact.rateLimitedOne" : "contact.rateLimitedMany", { minutes }),
        values,
      ),
    };
  }

  try {
    // Each served form is accepted once: a replayed post (same stamp) is refused like an old page.
    if (!(await useFormStamp(stampValue as string))) {
      log.info("contact form stamp used before; refused", { ip });
      return expiredForm(t, values, now);
    }
    const stored = await createContactMessage(checked.data, { attemptLimit: CONTACT_MAX_ATTEMPTS, now });
    log.info("contact message stored", { id: stored.id });
  } catch (error) {
    return notStored(t, "storing a contact message failed", error, values);
  }
  wakeMailDelivery();
  return {
    status: 200,
    // The page keeps its form: the next message from it needs a stamp of its own.
    body: {
      result: "sent",
      toast: toastMessage("success", t("contact.sentTitle"), t("contact.sentText")),
      formStamp: issueFormStamp(now),
    },
  };
}

/** An old, forged or already used form: the visitor keeps what they typed and gets a fresh stamp. */
function expiredForm(t: Translate, values: ContactValues, now: Date): ContactOutcome {
  return {
    status: 400,
    body: { ...refusal("refused", t, t("contact.expiredText"), values), formStamp: issueFormStamp(now) },
  };
}

/** The database could not take the message (unreachable, full): the spec's failure toast, the form kept. */
function notStored(t: Translate, what: string, error: unknown, values: ContactValues): ContactOutcome {
  log.error(what, { error });
  const fault = faultOf(error);
  return {
    status: fault ? FAULT_STATUS[fault.kind] : 500,
    body: refusal("error", t, t("contact.failedText"), values),
  };
}

/** A refusal toast has the spec's title 'Error' (in the page's language). */
function refusal(
  result: "refused" | "error",
  t: Translate,
  text: string,
  values: ContactValues,
): Extract<ContactActionData, { values: ContactValues }> {
  return { result, toast: toastMessage("error", t("contact.errorTitle"), text), values, fieldErrors: {} };
}
