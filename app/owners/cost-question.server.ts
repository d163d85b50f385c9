import type { RateLimitRule } from "~/platform/rate-limit.server";
import { registerMailKind } from "~/jobs/mail-delivery.server";
import { CATEGORY_NAMES } from "~/models/billing-terms";
import { getContactMessage, type ContactMessage } from "~/models/contact-message.server";
import type { Cost } from "~/models/cost.server";
import { enqueueMail } from "~/models/mail-queue.server";
import { getSiteSettings } from "~/models/site-settings.server";
import { DEFAULT_SITE_SETTINGS } from "~/models/site-settings";
import { db } from "~/platform/db.server";
import { env } from "~/platform/env.server";
import { mailDomain } from "~/platform/mail-parts.server";
import type { Mail } from "~/platform/mail.server";
import { formatOere } from "~/billing/document-texts";
import { showInvisible } from "~/utils/visible-text";

/**
 * An owner's question about a planned cost reaches the stable by mail (decision 0295): kept as a
 * message in the Messages tab (from the owner, with the cost it is about) and queued with it in one
 * transaction as a mail of its own kind, Reply-To the owner. Bounded per owner and network and per
 * recipient, the stable, as every mail a non-administrator causes (decision 0221).
 */

const MINUTE = 60_000;

export const QUESTION_LIMITS = {
  /** One owner's questions: room to ask about each cost of a visit, none to flood the stable with. */
  perOwner: { limit: 5, windowMs: 60 * MINUTE },
  perNetwork: { limit: 20, windowMs: 60 * MINUTE },
  /** The stable, from all owners together. */
  perRecipient: { limit: 50, windowMs: 24 * 60 * MINUTE },
} satisfies Record<string, RateLimitRule>;

/** The keys one question counts against, the owner's and network's first, then the stable's. */
export function questionKeys(ownerId: string, network: string): Array<[string, RateLimitRule]> {
  return [
    [`cost-question:ip:${network}`, QUESTION_LIMITS.perNetwork],
    [`cost-question:owner:${ownerId}`, QUESTION_LIMITS.perOwner],
  ];
}

export function questionRecipientKeys(): Array<[string, RateLimitRule]> {
  return [["cost-question:to:stable", QUESTION_LIMITS.perRecipient]];
}

/** The cost as the stable's mail names it, in English as the stable's other mail: "Vet: Scan, 1.250,00 kr. (2026-03-02)". */
export function costLabel(cost: Pick<Cost, "category" | "description" | "amountOere" | "date">) {
  const what = cost.description.trim()
    ? `${CATEGORY_NAMES.en[cost.category]}: ${cost.description.trim()}`
    : CATEGORY_NAMES.en[cost.category];
  return `${what}, ${formatOere(cost.amountOere)} kr. net (${cost.date})`;
}

/** Stores the question as the owner's message to the stable and queues its mail, together. */
export async function queueCostQuestion(
  owner: { name: string; email: string },
  cost: Pick<Cost, "category" | "description" | "amountOere" | "date" | "parts">,
  question: string,
  { now = new Date() }: { now?: Date } = {},
) {
  const horses = [...new Set(cost.parts.map((p) => p.horseName).filter(Boolean))].join(", ");
  const message = [
    `Question about a planned cost awaiting approval: ${costLabel(cost)}${horses ? `, ${horses}` : ""}.`,
    "",
    question.trim(),
  ].join("\n");
  const id = crypto.randomUUID();
  await db()
    .transaction()
    .execute(async (trx) => {
      await trx
        .insertInto("contact_messages")
        .values({ id, name: owner.name, email: owner.email, message, created_at: now.toISOString() })
        .execute();
      await enqueueMail(
        { kind: "cost-question", contactMessageId: id, attemptLimit: env().CONTACT_MAX_ATTEMPTS },
        { executor: trx, now },
      );
    });
  return id;
}

/** The mail the stable receives: from the site's address, Reply-To the owner. */
export function composeCostQuestionMail(stored: ContactMessage, to: string, stableName?: string): Mail {
  const received = new Date(stored.createdAt).toLocaleString("da-DK", { timeZone: "Europe/Copenhagen" });
  const name = showInvisible(stored.name);
  return {
    to,
    fromName: stableName,
    replyTo: stored.email,
    subject: `Owners' area: a question about a cost from ${name}`,
    text: [
      "An owner asked a question about a planned cost in the owners' area. The cost is not billed to",
      "them until they approve it; the Billing tab shows it with their question.",
      "",
      `Owner:    ${name}`,
      `E-mail:   ${showInvisible(stored.email)}`,
      `Received: ${received}`,
      "",
      showInvisible(stored.message),
      "",
      "--",
      `Reply to this e-mail to answer ${name} directly.`,
      "",
    ].join("\n"),
    headers: {
      "Message-ID": `<cost-question-${stored.id}@${mailDomain()}>`,
      "X-Contact-Message-Id": stored.id,
    },
  };
}

/** Hands the mail queue the way to compose a question's mail (at start-up, server/jobs.ts). */
export function registerCostQuestionMail() {
  registerMailKind("cost-question", async (claim, stableAddress) => {
    const message = claim.contactMessageId ? await getContactMessage(claim.contactMessageId) : null;
    if (!message || !stableAddress) throw new Error("The question or the stable's address is missing");
    const site = await getSiteSettings().catch(() => DEFAULT_SITE_SETTINGS);
    return composeCostQuestionMail(message, stableAddress, site.stableName);
  });
}
