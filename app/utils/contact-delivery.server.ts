import { z } from "zod";
import {
  claimNextDueMessage,
  markContactAttemptFailed,
  markContactMessageSent,
  nextDueAt,
  type ContactMessage,
} from "~/models/contact-message.server";
import { getContactInfo } from "~/models/contact-info.server";
import { env } from "./env.server";
import { onContentChange } from "./invalidation.server";
import { log } from "./log.server";
import { sendMail, type Mail } from "./mail.server";

export type DeliveryOptions = {
  /** How long a claimed message is reserved for its worker; past it, the message is taken again. */
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
    concurrency: 2,
  };
}

/** CONTACT_TO, else the e-mail address in the admin's contact details; null when neither is usable. */
export async function contactRecipient(): Promise<string | null> {
  const { CONTACT_TO } = env();
  if (CONTACT_TO) return CONTACT_TO;
  const address = (await getContactInfo()).emailAddress.trim();
  return z.email().safeParse(address).success ? address : null;
}

/** Exponential backoff: base, 2×base, 4×base… capped. */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number) {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

function mailDomain() {
  const origin = env().PUBLIC_ORIGIN;
  return origin ? new URL(origin).hostname : "localhost";
}

/**
 * The e-mail the stable receives. From is the site's own address (a visitor's address there would
 * fail the receiver's sender checks); Reply-To is the visitor's one, already validated as exactly one
 * address with no line breaks. The Message-ID is derived from the stored row, so a copy sent twice
 * after a crash is recognisably the same message.
 */
export function composeContactMail(message: ContactMessage, to: string): Mail {
  const received = new Date(message.createdAt).toLocaleString("da-DK", { timeZone: "Europe/Copenhagen" });
  return {
    to,
    replyTo: message.email,
    subject: `Contact form: message from ${message.name}`,
    text: [
      "A visitor sent this message through the contact form on the website.",
      "",
      `Name:     ${message.name}`,
      `E-mail:   ${message.email}`,
      `Received: ${received}`,
      "",
      message.message,
      "",
      "--",
      `Reply to this e-mail to answer ${message.name} directly.`,
      "",
    ].join("\n"),
    headers: {
      "Message-ID": `<contact-${message.id}@${mailDomain()}>`,
      "X-Contact-Message-Id": message.id,
    },
  };
}

export type StepResult = "sent" | "retry" | "failed" | "idle" | "no-recipient";

/** One queue step: claims the next due message, if any, and tries to deliver it once. */
export async function deliverNextContactMessage(
  options: DeliveryOptions = defaultDeliveryOptions(),
): Promise<StepResult> {
  const to = await contactRecipient();
  // Without a recipient nothing is claimed: messages stay pending, untouched, until one is set.
  if (!to) return (await nextDueAt()) ? "no-recipient" : "idle";
  const claim = await claimNextDueMessage({ leaseMs: options.leaseMs });
  if (!claim) return "idle";
  if (claim.reclaimed) {
    log.warn("contact message delivery was interrupted earlier; sending again", {
      id: claim.id,
      attempts: claim.attempts,
    });
  }
  try {
    await sendMail(composeContactMail(claim, to));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const giveUp = claim.attempts >= claim.attemptLimit;
    const retryAt = giveUp
      ? null
      : new Date(Date.now() + retryDelayMs(claim.attempts, options.retryBaseMs, options.maxRetryDelayMs));
    await markContactAttemptFailed(claim, { error: reason, retryAt });
    if (giveUp)
      log.error("contact message delivery failed for good", { id: claim.id, attempts: claim.attempts, error: reason });
    else
      log.warn("contact message delivery failed; will retry", {
        id: claim.id,
        attempts: claim.attempts,
        retryAt,
        error: reason,
      });
    return giveUp ? "failed" : "retry";
  }
  if (!(await markContactMessageSent(claim, { sentTo: to }))) {
    log.warn("contact message sent after its claim expired", { id: claim.id });
  }
  log.info("contact message delivered", { id: claim.id, attempts: claim.attempts });
  return "sent";
}

export type ContactDeliveryWorker = {
  /** Look at the queue now (a message was just stored). */
  wake: () => void;
  /** Stops taking new work; resolves once the deliveries in progress have finished. */
  stop: () => Promise<void>;
};

/** Runs the delivery queue in this process until stopped. Safe beside other instances. */
export function startContactDeliveryWorker(overrides: Partial<DeliveryOptions> = {}): ContactDeliveryWorker {
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
    const due = await nextDueAt();
    if (!due) return options.pollMs;
    return Math.min(options.pollMs, Math.max(0, Date.parse(due) - Date.now()) + 5);
  };

  const loop = async () => {
    while (running) {
      woken = false;
      let delay = 0;
      try {
        const result = await deliverNextContactMessage(options);
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
        log.error("contact delivery step failed", { error });
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
const KEY = Symbol.for("stable.contactDeliveryWorker");
type Holder = { [KEY]?: ContactDeliveryWorker };

export function startContactDelivery(overrides: Partial<DeliveryOptions> = {}) {
  const holder = globalThis as Holder;
  holder[KEY] ??= startContactDeliveryWorker(overrides);
  return holder[KEY];
}

export async function stopContactDelivery() {
  const holder = globalThis as Holder;
  const worker = holder[KEY];
  holder[KEY] = undefined;
  await worker?.stop();
}

/** Called after a message is stored so its delivery starts at once. */
export function wakeContactDelivery() {
  (globalThis as Holder)[KEY]?.wake();
}
