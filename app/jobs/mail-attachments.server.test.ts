import { afterEach, expect, test } from "vitest";
import type { MailKind } from "@db/schema";
import { useFreshDatabase } from "@tests/db";
import { useTestEnv } from "@tests/env";
import { freePort, startSmtpServer, type ReceivedMail, type TestSmtpServer } from "@tests/smtp";
import { deliverNextMail, registerMailKind } from "~/jobs/mail-delivery.server";
import { enqueueMail, listQueuedMail } from "~/models/mail-queue.server";
import { db } from "~/platform/db.server";
import { resetEnvCache } from "~/platform/env.server";

/**
 * A mail kind attaches files it makes when the mail is delivered (an invoice's PDF rebuilt from the
 * stored invoice), never kept in the queue. The kind below exists only in this test.
 */

useFreshDatabase();
useTestEnv({ CONTACT_RETRY_BASE_MS: "1" });

const KIND = "document-test" as MailKind;
/** What the feature has stored: the mail's row refers to it by id, as an invoice would. */
const documents = new Map<string, string>();
let composed = 0;

registerMailKind(KIND, async (claim) => {
  composed++;
  const body = documents.get(claim.id);
  if (body === undefined) throw new Error("The document is not there yet");
  return {
    to: claim.toAddress!,
    subject: "Your invoice",
    text: "The invoice is attached.",
    attachments: [
      { filename: "faktura-2026-0001.pdf", contentType: "application/pdf", content: Buffer.from(`%PDF-${body}`) },
    ],
  };
});

const servers: TestSmtpServer[] = [];
afterEach(async () => {
  documents.clear();
  composed = 0;
  delete process.env.SMTP_URL;
  resetEnvCache();
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function smtpAt(url: string) {
  process.env.SMTP_URL = url;
  resetEnvCache();
}

/** The attachments of a received multipart mail: file name, type and decoded bytes. */
function attachmentsOf(mail: ReceivedMail) {
  const boundary = /boundary="?([^";]+)"?/.exec(mail.header("content-type") ?? "")?.[1];
  expect(boundary).toBeTruthy();
  return mail.raw
    .split(`--${boundary}`)
    .filter((part) => /Content-Disposition: attachment/i.test(part))
    .map((part) => {
      const [head = "", body = ""] = part.split("\r\n\r\n");
      return {
        filename: /filename="?([^"\r\n]+)"?/.exec(head)?.[1],
        type: /Content-Type: ([^;\r\n]+)/i.exec(head)?.[1],
        content: Buffer.from(body.replace(/\s+/g, ""), "base64").toString("latin1"),
      };
    });
}

test("a mail's attachment is made when it is delivered, from what is stored then, and sent with it", async () => {
  const server = await startSmtpServer();
  servers.push(server);
  await smtpAt(server.url);
  const mail = await enqueueMail({ kind: KIND, toAddress: "owner@example.com", attemptLimit: 3 });
  documents.set(mail.id, "issued at delivery");
  expect(composed).toBe(0);

  expect(await deliverNextMail()).toBe("sent");
  expect(server.received).toHaveLength(1);
  const [received] = server.received;
  expect(received!.envelopeTo).toEqual(["owner@example.com"]);
  expect(received!.raw).toContain("The invoice is attached.");
  expect(attachmentsOf(received!)).toEqual([
    { filename: "faktura-2026-0001.pdf", type: "application/pdf", content: "%PDF-issued at delivery" },
  ]);
  expect(composed).toBe(1);
});

test("the queue row keeps no file, and a retry makes the attachment again", async () => {
  await smtpAt(`smtp://127.0.0.1:${await freePort()}`);
  const mail = await enqueueMail({ kind: KIND, toAddress: "owner@example.com", attemptLimit: 3 });
  documents.set(mail.id, "first");
  expect(await deliverNextMail()).toBe("retry");
  const row = await db().selectFrom("mail_queue").selectAll().where("id", "=", mail.id).executeTakeFirstOrThrow();
  expect(JSON.stringify(row)).not.toMatch(/PDF|first|faktura/);

  const server = await startSmtpServer();
  servers.push(server);
  await smtpAt(server.url);
  documents.set(mail.id, "second");
  await db()
    .updateTable("mail_queue")
    .set({ next_attempt_at: new Date(0).toISOString() })
    .execute();
  expect(await deliverNextMail()).toBe("sent");
  expect(composed).toBe(2);
  expect(attachmentsOf(server.received[0]!).map((a) => a.content)).toEqual(["%PDF-second"]);
});

test("an attachment that cannot be made yet is a failed attempt, retried, not a lost mail", async () => {
  const server = await startSmtpServer();
  servers.push(server);
  await smtpAt(server.url);
  const mail = await enqueueMail({ kind: KIND, toAddress: "owner@example.com", attemptLimit: 3 });
  expect(await deliverNextMail()).toBe("retry");
  const [queued] = await listQueuedMail({ kind: KIND });
  expect(queued).toMatchObject({ state: "pending", attempts: 1, lastError: "The document is not there yet" });
  expect(server.received).toEqual([]);

  documents.set(mail.id, "now");
  await db()
    .updateTable("mail_queue")
    .set({ next_attempt_at: new Date(0).toISOString() })
    .execute();
  expect(await deliverNextMail()).toBe("sent");
  expect(attachmentsOf(server.received[0]!)).toHaveLength(1);
});
