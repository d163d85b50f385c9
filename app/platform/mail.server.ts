import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "./env.server";
import { removeLeftoverFiles } from "./leftover-files.server";
import { log } from "./log.server";

/** A file sent with a mail, made when the mail is delivered (the queue keeps no file); nodemailer's own shape. */
export type MailAttachment = { filename: string; contentType: string; content: Buffer };

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  headers?: Record<string, string>;
  attachments?: MailAttachment[];
  /** The sender's name (the stable's), used unless MAIL_FROM gives one of its own. */
  fromName?: string;
};

/**
 * The From of a mail: MAIL_FROM as it is when it names its sender ('Stald Nordlys <post@…>'),
 * else its address under the mail's own sender name, if it has one.
 */
export function senderAddress(mailFrom: string, fromName?: string): string | { name: string; address: string } {
  const named = /^\s*"?([^"<]*?)"?\s*<([^<>]+)>\s*$/.exec(mailFrom);
  if (named?.[1]) return mailFrom.trim();
  const address = (named?.[2] ?? mailFrom).trim();
  return fromName?.trim() ? { name: fromName.trim(), address } : address;
}

export type SentMail = { messageId: string; file?: string };

let smtp: Transporter | undefined;
let smtpUrl: string | undefined;
let sending = 0;
let idle: ReturnType<typeof setTimeout> | undefined;
const fileTransport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });

/** Pooled connections are closed once no mail has been sent for this long. */
const POOL_IDLE_MS = 1_000;

/**
 * The SMTP transport: a pool of MAIL_CONCURRENCY connections, each used for up to 100 messages, so
 * a newsletter is not one connection (TCP, TLS, greeting, login) per mail: measured on a local
 * server, 105 ms a mail with a connection each, 7 ms pooled (docs/decisions/0195).
 */
function smtpTransport(url: string, connections: number) {
  if (!smtp || smtpUrl !== url) {
    smtp?.close();
    smtp = nodemailer.createTransport({
      url,
      pool: true,
      maxConnections: connections,
      maxMessages: 100,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    smtpUrl = url;
  }
  return smtp;
}

/** Closes the pooled SMTP connections (idle for a while, or at shutdown); the next mail opens new ones. */
export function closeMailConnections() {
  clearTimeout(idle);
  smtp?.close();
  smtp = undefined;
  smtpUrl = undefined;
}

/**
 * Sends through SMTP_URL when it is set; otherwise writes the message as an .eml file in
 * DATA_DIR/mail and logs where, so the embedded default needs no mail server. Throws when the SMTP
 * server refuses or cannot be reached.
 */
export async function sendMail(mail: Mail): Promise<SentMail> {
  const { SMTP_URL, MAIL_FROM, MAIL_CONCURRENCY, dataDir } = env();
  const { fromName, ...content } = mail;
  const message = { from: senderAddress(MAIL_FROM, fromName), ...content };
  if (SMTP_URL) {
    clearTimeout(idle);
    sending++;
    try {
      const info = await smtpTransport(SMTP_URL, MAIL_CONCURRENCY).sendMail(message);
      return { messageId: info.messageId };
    } finally {
      if (--sending === 0) {
        idle = setTimeout(closeMailConnections, POOL_IDLE_MS);
        idle.unref?.();
      }
    }
  }
  const info = await fileTransport.sendMail(message);
  const dir = path.join(dataDir, "mail");
  const partial = partialMailDir(dataDir);
  // Stored mail holds reset links and visitors' messages: only the site's own user may read it.
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  await fs.mkdir(partial, { recursive: true, mode: 0o700 });
  const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomUUID().slice(0, 8)}.eml`;
  const file = path.join(dir, name);
  // Written beside and then renamed into place: whoever reads the mail folder sees a whole mail or none.
  const writing = path.join(partial, name);
  try {
    await fs.writeFile(writing, info.message as Buffer, { mode: 0o600 });
    await fs.rename(writing, file);
  } catch (error) {
    await fs.rm(writing, { force: true });
    throw error;
  }
  log.info("mail written to file", { to: mail.to, subject: mail.subject, file });
  return { messageId: info.messageId, file };
}

const partialMailDir = (dataDir: string) => path.join(dataDir, "tmp", "mail");

/** A mail being written takes milliseconds: one older than this was left by a process that was killed. */
export const PARTIAL_MAIL_AGE_MS = 10 * 60_000;

/** Removes mails a killed process left half-written beside the mail folder; those being written stay. */
export function sweepPartialMail() {
  return removeLeftoverFiles(partialMailDir(env().dataDir), { olderThanMs: PARTIAL_MAIL_AGE_MS });
}
