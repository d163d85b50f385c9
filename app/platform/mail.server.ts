import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "./env.server";
import { log } from "./log.server";

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  headers?: Record<string, string>;
};

export type SentMail = { messageId: string; file?: string };

let smtp: Transporter | undefined;
let smtpUrl: string | undefined;
const fileTransport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });

/**
 * Sends through SMTP_URL when it is set; otherwise writes the message as an .eml file in
 * DATA_DIR/mail and logs where, so the embedded default needs no mail server. Throws when the SMTP
 * server refuses or cannot be reached.
 */
export async function sendMail(mail: Mail): Promise<SentMail> {
  const { SMTP_URL, MAIL_FROM, dataDir } = env();
  const message = { from: MAIL_FROM, ...mail };
  if (SMTP_URL) {
    if (!smtp || smtpUrl !== SMTP_URL) {
      smtp = nodemailer.createTransport({
        url: SMTP_URL,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      });
      smtpUrl = SMTP_URL;
    }
    const info = await smtp.sendMail(message);
    return { messageId: info.messageId };
  }
  const info = await fileTransport.sendMail(message);
  const dir = path.join(dataDir, "mail");
  // Stored mail holds reset links and visitors' messages: only the site's own user may read it.
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(
    dir,
    `${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomUUID().slice(0, 8)}.eml`,
  );
  await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
  log.info("mail written to file", { to: mail.to, subject: mail.subject, file });
  return { messageId: info.messageId, file };
}
