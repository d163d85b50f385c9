import { z } from "zod";
import { registerMailKind, registerStableAddress } from "~/jobs/mail-delivery.server";
import { getContactMessage, type ContactMessage } from "~/models/contact-message.server";
import { getContactInfo } from "~/models/contact-info.server";
import { getSiteSettings } from "~/models/site-settings.server";
import { DEFAULT_SITE_SETTINGS } from "~/models/site-settings";
import { env } from "~/platform/env.server";
import { mailDomain } from "~/platform/mail-parts.server";
import type { Mail } from "~/platform/mail.server";
import { showInvisible } from "~/utils/visible-text";

/** CONTACT_TO, else the e-mail address in the admin's contact details; null when neither is usable. */
export async function contactRecipient(): Promise<string | null> {
  const { CONTACT_TO } = env();
  if (CONTACT_TO) return CONTACT_TO;
  const address = (await getContactInfo()).emailAddress.trim();
  return z.email().safeParse(address).success ? address : null;
}

/**
 * The e-mail the stable receives. From is the site's own address (a visitor's address there would
 * fail the receiver's sender checks); Reply-To is the visitor's one, already validated as exactly one
 * address with no line breaks. The Message-ID is derived from the stored row, so a copy sent twice
 * after a crash is recognisably the same message.
 */
export function composeContactMail(stored: ContactMessage, to: string, stableName?: string): Mail {
  const received = new Date(stored.createdAt).toLocaleString("da-DK", { timeZone: "Europe/Copenhagen" });
  // What the visitor typed, with invisible characters shown by code (a reversed name in the subject, say).
  const message = {
    ...stored,
    name: showInvisible(stored.name),
    email: showInvisible(stored.email),
    message: showInvisible(stored.message),
  };
  return {
    to,
    fromName: stableName,
    replyTo: stored.email,
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

/** Hands the mail queue the stable's address and the way to compose contact mail (at start-up, server/jobs.ts). */
export function registerContactMail() {
  registerStableAddress(contactRecipient);
  registerMailKind("contact", async (claim, stableAddress) => {
    const message = claim.contactMessageId ? await getContactMessage(claim.contactMessageId) : null;
    if (!message || !stableAddress) throw new Error("The contact message or the stable's address is missing");
    const site = await getSiteSettings().catch(() => DEFAULT_SITE_SETTINGS);
    return composeContactMail(message, stableAddress, site.stableName);
  });
}
