import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { contactRequest } from "@tests/contact";
import { useFreshDatabase } from "@tests/db";
import { freePort, startSmtpServer, waitFor, type TestSmtpServer } from "@tests/smtp";
import { composeContactMail, contactRecipient, registerContactMail } from "./contact-delivery.server";
import {
  deliverNextMail,
  retryDelayMs,
  startMailDeliveryWorker,
  type DeliveryOptions,
  type MailDeliveryWorker,
} from "~/jobs/mail-delivery.server";
import { submitContact } from "./contact-submission.server";
import { resetEnvCache } from "~/platform/env.server";
import { saveContactInfo } from "~/models/contact-info.server";
import { claimNextDueMail } from "~/models/mail-queue.server";
import {
  countContactMessagesByState,
  createContactMessage,
  getContactMessage,
  listContactMessages,
  retryContactMessage,
} from "~/models/contact-message.server";

useFreshDatabase();
registerContactMail();

const FAST: Partial<DeliveryOptions> = { retryBaseMs: 50, maxRetryDelayMs: 200, pollMs: 200, leaseMs: 60_000 };
const smtps: TestSmtpServer[] = [];
const workers: MailDeliveryWorker[] = [];

function useSmtp(url: string) {
  process.env.SMTP_URL = url;
  resetEnvCache();
}

/**
 * Stops every worker, once each has finished the delivery it was making: a mail sent twice has
 * reached the mail server by then. A queue step then finds nothing more to send.
 */
async function settle() {
  await Promise.all(workers.map((w) => w.stop()));
  expect(await deliverNextMail({ ...(FAST as DeliveryOptions), concurrency: 1 })).toBe("idle");
}

function worker(options: Partial<DeliveryOptions> = {}) {
  const w = startMailDeliveryWorker({ ...FAST, ...options });
  workers.push(w);
  return w;
}

async function smtp(port?: number) {
  const s = await startSmtpServer(port);
  smtps.push(s);
  return s;
}

async function submit(fields: Parameters<typeof contactRequest>[0] = {}, ip?: string) {
  const outcome = await submitContact(contactRequest(fields, { ip }));
  expect(outcome.status).toBe(200);
}

beforeEach(() => {
  process.env.CONTACT_TO = "stable@example.com";
  process.env.CONTACT_RATE_LIMIT = "5";
  process.env.CONTACT_MAX_ATTEMPTS = "10";
  resetEnvCache();
});

afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  await Promise.all(smtps.splice(0).map((s) => s.close()));
  for (const v of ["CONTACT_TO", "SMTP_URL", "CONTACT_RATE_LIMIT", "CONTACT_MAX_ATTEMPTS"]) delete process.env[v];
  resetEnvCache();
});

describe("the e-mail the stable receives", () => {
  test("goes to CONTACT_TO over SMTP, from the site, with the visitor as Reply-To and the message in the body", async () => {
    const server = await smtp();
    useSmtp(server.url);
    process.env.MAIL_FROM = "Stald Nordlys <web@stald.example>";
    resetEnvCache();
    worker();
    const text = "Hej! Vi har en 2-årig hoppe og vil høre om træning.\nKan vi besøge stalden på lørdag?";
    await submit({ name: "Anne Jensen", email: "anne.jensen@example.dk", message: text });
    await waitFor(() => server.received.length === 1, 10_000, "the mail");
    delete process.env.MAIL_FROM;

    const [stored] = await listContactMessages();
    const mail = server.received[0]!;
    expect(mail.envelopeTo).toEqual(["stable@example.com"]);
    expect(mail.envelopeFrom).toBe("web@stald.example");
    expect(mail.header("to")).toBe("stable@example.com");
    expect(mail.header("from")).toBe("Stald Nordlys <web@stald.example>");
    expect(mail.headers.get("reply-to")).toEqual(["anne.jensen@example.dk"]);
    expect(mail.header("subject")).toBe("Contact form: message from Anne Jensen");
    expect(mail.header("message-id")).toBe(`<contact-${stored!.id}@localhost>`);
    expect(mail.header("x-contact-message-id")).toBe(stored!.id);
    expect(mail.body).toContain("Name:     Anne Jensen");
    expect(mail.body).toContain("E-mail:   anne.jensen@example.dk");
    expect(mail.body).toContain(text);
    expect(mail.headers.has("bcc")).toBe(false);

    await waitFor(async () => (await getContactMessage(stored!.id))?.state === "sent", 5_000, "sent state");
    expect(await getContactMessage(stored!.id)).toMatchObject({
      state: "sent",
      attempts: 1,
      sentTo: "stable@example.com",
      lastError: null,
    });
  });

  test("a name that tries to smuggle headers never reaches the mail", async () => {
    const outcome = await submitContact(contactRequest({ name: "Anne\r\nBcc: victim@example.com" }));
    expect(outcome.status).toBe(400);
    const mail = composeContactMail(
      {
        ...(await createContactMessage(
          { name: "Ann", email: "a@example.com", message: "0123456789" },
          { attemptLimit: 1 },
        )),
      },
      "stable@example.com",
    );
    expect(mail.replyTo).toBe("a@example.com");
  });

  test("shows invisible characters a visitor typed by their code in the subject and the body", async () => {
    const stored = await createContactMessage(
      { name: "Anne\u202Egnp.exe", email: "anne@example.com", message: "Hello\u200B there, call me\u2066 back" },
      { attemptLimit: 1 },
    );
    const mail = composeContactMail(stored, "stable@example.com");
    expect(mail.subject).toBe("Contact form: message from Anne[U+202E]gnp.exe");
    expect(mail.text).toContain("Name:     Anne[U+202E]gnp.exe");
    expect(mail.text).toContain("Hello[U+200B] there, call me[U+2066] back");
    expect(mail.text).not.toMatch(/[\u200B\u202E\u2066]/);
  });

  test("without CONTACT_TO the address in Contact Info is used; with neither, messages wait untouched", async () => {
    delete process.env.CONTACT_TO;
    resetEnvCache();
    expect(await contactRecipient()).toBeNull();
    await submit();
    expect(await deliverNextMail({ ...(FAST as DeliveryOptions), concurrency: 1 })).toBe("no-recipient");
    expect((await listContactMessages())[0]).toMatchObject({ state: "pending", attempts: 0 });

    const server = await smtp();
    useSmtp(server.url);
    worker();
    // Saving the contact details wakes the queue.
    await saveContactInfo({ address: "", phoneNumber: "", emailAddress: " office@stald.example " });
    await waitFor(() => server.received.length === 1, 10_000, "the mail");
    expect(server.received[0]!.envelopeTo).toEqual(["office@stald.example"]);
  });
});

describe("the delivery queue", () => {
  test("backoff doubles and is capped", () => {
    expect([1, 2, 3, 4, 5, 10].map((n) => retryDelayMs(n, 60_000, 3_600_000))).toEqual([
      60_000, 120_000, 240_000, 480_000, 960_000, 3_600_000,
    ]);
  });

  test("mail server down, then back: stored at once, survives a restart, delivered after recovery exactly once", async () => {
    const port = await freePort();
    useSmtp(`smtp://127.0.0.1:${port}`);
    let w = worker();
    await submit({ message: "Sent while the mail server is down" });
    // Stored and reported as sent to the visitor, whatever the mail server does.
    const [stored] = await listContactMessages();
    expect(stored).toMatchObject({ message: "Sent while the mail server is down" });
    await waitFor(
      async () => ((await getContactMessage(stored!.id))?.attempts ?? 0) >= 2,
      10_000,
      "two failed attempts",
    );
    await w.stop();
    const failed = await getContactMessage(stored!.id);
    expect(failed).toMatchObject({ state: "pending", lastError: expect.stringMatching(/ECONNREFUSED/) });
    expect(Date.parse(failed!.nextAttemptAt)).toBeGreaterThan(Date.parse(failed!.createdAt));

    // "Restart": a new worker on the same database, once the mail server is back.
    const server = await smtp(port);
    w = worker();
    await waitFor(
      async () => (await getContactMessage(stored!.id))?.state === "sent",
      10_000,
      "delivery after recovery",
    );
    await settle();
    expect(server.received).toHaveLength(1);
    expect(server.received[0]!.body).toContain("Sent while the mail server is down");
    const sent = await getContactMessage(stored!.id);
    expect(sent!.attempts).toBe(failed!.attempts + 1);
    expect(sent!.lastError).toBeNull();
  });

  test("a worker stopped mid-queue finishes its step; the next one picks up the rest, nothing lost or doubled", async () => {
    const server = await smtp();
    useSmtp(server.url);
    for (let i = 0; i < 20; i++) await submit({ message: `Queued message number ${i}` }, `192.0.2.${i}`);
    const w1 = worker({ concurrency: 1 });
    await waitFor(() => server.received.length >= 3, 10_000, "some deliveries");
    await w1.stop();
    const afterStop = await countContactMessagesByState();
    expect(afterStop.sending).toBe(0);
    expect(afterStop.sent).toBe(server.received.length);
    worker();
    await waitFor(() => server.received.length === 20, 10_000, "all deliveries");
    await settle();
    expect(new Set(server.received.map((m) => m.header("message-id"))).size).toBe(20);
    expect(server.received).toHaveLength(20);
    expect(await countContactMessagesByState()).toEqual({ pending: 0, sending: 0, sent: 20, failed: 0 });
  });

  test("a claim whose worker died is taken again when its lease runs out", async () => {
    const server = await smtp();
    useSmtp(server.url);
    await submit();
    const claim = await claimNextDueMail({ leaseMs: 300 });
    expect(claim).not.toBeNull();
    // The claimed row is invisible to others while the lease holds.
    expect(await claimNextDueMail({ leaseMs: 300 })).toBeNull();
    worker();
    const id = claim!.contactMessageId!;
    await waitFor(async () => (await getContactMessage(id))?.state === "sent", 10_000, "redelivery");
    expect(server.received).toHaveLength(1);
    expect(await getContactMessage(id)).toMatchObject({ attempts: 2 });
  });

  test("after the last attempt a message is failed; an admin retry sends it", async () => {
    process.env.CONTACT_MAX_ATTEMPTS = "2";
    const port = await freePort();
    useSmtp(`smtp://127.0.0.1:${port}`);
    worker();
    await submit();
    const [stored] = await listContactMessages();
    await waitFor(async () => (await getContactMessage(stored!.id))?.state === "failed", 10_000, "failed state");
    expect(await getContactMessage(stored!.id)).toMatchObject({ attempts: 2, state: "failed" });
    // Nothing more happens on its own: a queue step leaves it alone.
    expect(await deliverNextMail({ ...(FAST as DeliveryOptions), concurrency: 1 })).toBe("idle");
    expect((await getContactMessage(stored!.id))!.attempts).toBe(2);

    const server = await smtp(port);
    expect(await retryContactMessage(stored!.id, { extraAttempts: 2 })).toBe(true);
    expect(await retryContactMessage(stored!.id, { extraAttempts: 2 })).toBe(false);
    workers[0]!.wake();
    await waitFor(() => server.received.length === 1, 10_000, "the retried mail");
    await waitFor(async () => (await getContactMessage(stored!.id))?.state === "sent", 5_000, "sent state");
    expect(await getContactMessage(stored!.id)).toMatchObject({ attempts: 3, attemptLimit: 4 });
  });

  test("a burst of 500 messages from many addresses: every one stored and delivered exactly once; one address's flood is limited", async () => {
    const server = await smtp();
    useSmtp(server.url);
    // Three workers compete for the same queue, as several instances would.
    worker();
    worker();
    worker();
    const started = Date.now();
    const outcomes = [];
    for (let batch = 0; batch < 10; batch++) {
      outcomes.push(
        ...(await Promise.all(
          Array.from({ length: 50 }, (_, i) => {
            const n = batch * 50 + i;
            return submitContact(
              contactRequest({ message: `Burst message ${n}` }, { ip: `10.${batch}.${Math.floor(i / 10)}.${i}` }),
            );
          }),
        )),
      );
    }
    const storedIn = Date.now() - started;
    expect(outcomes.map((o) => o.status)).toEqual(Array(500).fill(200));
    const counts = await countContactMessagesByState();
    expect(counts.pending + counts.sending + counts.sent).toBe(500);

    const flood = await Promise.all(
      Array.from({ length: 40 }, () => submitContact(contactRequest({}, { ip: "198.51.100.66" }))),
    );
    expect(flood.filter((o) => o.status === 200)).toHaveLength(5);
    expect(flood.filter((o) => o.status === 429)).toHaveLength(35);

    await waitFor(() => server.received.length >= 505, 90_000, "505 deliveries");
    const deliveredIn = Date.now() - started;
    await settle();
    expect(server.received).toHaveLength(505);
    const ids = server.received.map((m) => m.header("x-contact-message-id"));
    expect(new Set(ids).size).toBe(505);
    const bodies = new Set(server.received.map((m) => /Burst message (\d+)/.exec(m.body)?.[1]).filter(Boolean));
    expect(bodies.size).toBe(500);
    await waitFor(async () => (await countContactMessagesByState()).sent === 505, 5_000, "all marked sent");
    expect(await countContactMessagesByState()).toEqual({ pending: 0, sending: 0, sent: 505, failed: 0 });
    const rows = await listContactMessages({ limit: 1000 });
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
    console.info(`burst: 500 stored in ${storedIn} ms; 505 delivered in ${deliveredIn} ms`);
  }, 120_000);
});
