import {
  claimNextDueMail,
  dropClaimedMail,
  markMailAttemptFailed,
  markMailSent,
  nextMailDueAt,
  stableMailWaiting,
  type ClaimedMail,
} from "~/models/mail-queue.server";
import type { MailKind } from "@db/schema";
import { env } from "~/platform/env.server";
import { onContentChange } from "~/platform/invalidation.server";
import { log } from "~/platform/log.server";
import { closeMailConnections, sendMail, type Mail } from "~/platform/mail.server";

/**
 * Sends what the mail queue (app/models/mail-queue.server.ts) holds: contact messages to the
 * stable and password-reset links to their accounts. Requests only queue mail, so their answer
 * never waits for, or depends on, the mail server.
 */

export type DeliveryOptions = {
  /** How long a claimed mail is reserved for its worker; past it, the mail is taken again. */
  leaseMs: number;
  retryBaseMs: number;
  maxRetryDelayMs: number;
  /** Longest idle sleep: how soon rows written by another instance are noticed. */
  pollMs: number;
  /** Parallel deliveries in this process. */
  concurrency: number;
};

export function defaultDeliveryOptions(): DeliveryOptions {
  return {
    leaseMs: 5 * 60_000,
    retryBaseMs: env().CONTACT_RETRY_BASE_MS,
    maxRetryDelayMs: 60 * 60_000,
    pollMs: 30_000,
    concurrency: env().MAIL_CONCURRENCY,
  };
}

/** Exponential backoff: base, 2×base, 4×base… capped. */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number) {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * How a kind of queued mail becomes an e-mail, given by the feature that queues it: null when there
 * is nothing to send. Features register at start-up (server/jobs.ts), so this job imports none of them.
 * It runs at each delivery attempt, so the files a mail carries (`attachments`, e.g. an invoice's PDF)
 * are made then from what the row refers to and never stored in the queue; a composer that throws
 * is an attempt that failed, retried like a mail server's refusal.
 */
export type MailComposer = (claim: ClaimedMail, stableAddress: string | null) => Promise<Mail | null>;

const composers = new Map<MailKind, MailComposer>();
let readStableAddress: () => Promise<string | null> = async () => null;

export function registerMailKind(kind: MailKind, compose: MailComposer) {
  composers.set(kind, compose);
}

/** Where mail to the stable goes; until registered there is none, and such mail waits. */
export function registerStableAddress(read: () => Promise<string | null>) {
  readStableAddress = read;
}

/** The e-mail a claimed row stands for, composed now; null when there is nothing to send. */
async function composeQueued(claim: ClaimedMail, stableAddress: string | null): Promise<Mail | null> {
  const compose = composers.get(claim.kind);
  if (!compose) throw new Error(`No composer is registered for ${claim.kind} mail`);
  return compose(claim, stableAddress);
}

export type StepResult = "sent" | "dropped" | "retry" | "failed" | "idle" | "no-recipient";

/** One queue step: claims the next due mail, if any, and tries to deliver it once. */
export async function deliverNextMail(options: DeliveryOptions = defaultDeliveryOptions()): Promise<StepResult> {
  const stableAddress = await readStableAddress();
  // Without the stable's address its mail is not claimed: it stays pending, untouched, until one is set.
  const claim = await claimNextDueMail({ leaseMs: options.leaseMs, stableAddressKnown: !!stableAddress });
  if (!claim) return !stableAddress && (await stableMailWaiting()) ? "no-recipient" : "idle";
  if (claim.reclaimed) {
    log.warn("mail delivery was interrupted earlier; sending again", {
      id: claim.id,
      kind: claim.kind,
      attempts: claim.attempts,
    });
  }
  try {
    const mail = await composeQueued(claim, stableAddress);
    if (!mail) {
      // A reset for an address without an account: nothing is sent, nothing is kept.
      await dropClaimedMail(claim);
      return "dropped";
    }
    await sendMail(mail);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const giveUp = claim.attempts >= claim.attemptLimit;
    const retryAt = giveUp
      ? null
      : new Date(Date.now() + retryDelayMs(claim.attempts, options.retryBaseMs, options.maxRetryDelayMs));
    await markMailAttemptFailed(claim, { error: reason, retryAt });
    const fields = { id: claim.id, kind: claim.kind, attempts: claim.attempts, error: reason };
    if (giveUp) log.error("mail delivery failed for good", fields);
    else log.warn("mail delivery failed; will retry", { ...fields, retryAt });
    return giveUp ? "failed" : "retry";
  }
  const sentTo = claim.toAddress ?? stableAddress ?? "";
  if (!(await markMailSent(claim, { sentTo }))) {
    log.warn("mail sent after its claim expired", { id: claim.id, kind: claim.kind });
  }
  log.info("mail delivered", { id: claim.id, kind: claim.kind, attempts: claim.attempts });
  return "sent";
}

export type MailDeliveryWorker = {
  /** Look at the queue now (a mail was just queued). */
  wake: () => void;
  /** Stops taking new work; resolves once the deliveries in progress have finished. */
  stop: () => Promise<void>;
};

/** Runs the delivery queue in this process until stopped. Safe beside other instances. */
export function startMailDeliveryWorker(overrides: Partial<DeliveryOptions> = {}): MailDeliveryWorker {
  const options = { ...defaultDeliveryOptions(), ...overrides };
  let running = true;
  let woken = false;
  const sleepers = new Set<() => void>();
  let warnedNoRecipient = false;

  const wake = () => {
    woken = true;
    for (const resolve of sleepers) resolve();
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken || !running) return resolve();
      const done = () => {
        clearTimeout(timer);
        sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      sleepers.add(done);
    });

  const idleDelay = async () => {
    const due = await nextMailDueAt({ stableAddressKnown: !!(await readStableAddress()) });
    if (!due) return options.pollMs;
    return Math.min(options.pollMs, Math.max(0, Date.parse(due) - Date.now()) + 5);
  };

  const loop = async () => {
    while (running) {
      woken = false;
      let delay = 0;
      try {
        const result = await deliverNextMail(options);
        if (result === "no-recipient") {
          if (!warnedNoRecipient) {
            log.warn("contact messages are waiting: set CONTACT_TO or the e-mail address in Contact Info");
            warnedNoRecipient = true;
          }
          delay = options.pollMs;
        } else {
          warnedNoRecipient = false;
          if (result === "idle") delay = await idleDelay();
        }
      } catch (error) {
        log.error("mail delivery step failed", { error });
        delay = Math.min(options.pollMs, 5_000);
      }
      if (running && delay > 0) await sleep(delay);
    }
  };

  // Saving the contact e-mail may give waiting messages their recipient.
  const unsubscribe = onContentChange(wake);
  const loops = Array.from({ length: Math.max(1, options.concurrency) }, loop);
  const finished = Promise.all(loops).then(() => undefined);

  return {
    wake,
    stop: () => {
      running = false;
      unsubscribe();
      for (const resolve of sleepers) resolve();
      return finished;
    },
  };
}

// One worker per process, kept on globalThis so a reloaded module (development) finds it.
const KEY = Symbol.for("stable.mailDeliveryWorker");
type Holder = { [KEY]?: MailDeliveryWorker };

export function startMailDelivery(overrides: Partial<DeliveryOptions> = {}) {
  const holder = globalThis as Holder;
  holder[KEY] ??= startMailDeliveryWorker(overrides);
  return holder[KEY];
}

export async function stopMailDelivery() {
  const holder = globalThis as Holder;
  const worker = holder[KEY];
  holder[KEY] = undefined;
  await worker?.stop();
  closeMailConnections();
}

/** Called after a mail is queued so its delivery starts at once. */
export function wakeMailDelivery() {
  (globalThis as Holder)[KEY]?.wake();
}
