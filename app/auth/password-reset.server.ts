import { enqueueMail } from "~/models/mail-queue.server";
import { wakeMailDelivery } from "~/jobs/mail-delivery.server";

/**
 * Attempts for a reset mail: with the default backoff (1, 2, 4, 8, 16 minutes) the last one falls
 * within the hour a link is valid for.
 */
export const RESET_MAIL_ATTEMPTS = 6;

/**
 * A reset request does the same for every address: it queues one row and returns. Whether the
 * address has an account is found out by the mail queue, which makes the link and sends it (or
 * drops the row), so neither the answer nor its timing tells, and the mail server is never waited
 * for. `origin` is the site's own (PUBLIC_ORIGIN, or an allowed host), never a Host header's.
 */
export async function requestPasswordReset(email: string, origin: string) {
  await enqueueMail({
    kind: "password-reset",
    toAddress: email,
    linkOrigin: origin,
    attemptLimit: RESET_MAIL_ATTEMPTS,
  });
  wakeMailDelivery();
}
