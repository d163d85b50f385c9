import { describe, expect, test } from "vitest";
import { buildRequest } from "@tests/auth";
import { ownerAccountFixtures } from "@tests/billing";
import { useFreshDatabase } from "@tests/db";
import { useTestEnv } from "@tests/env";
import { createGuest, createOwner, revokeLeavingSessions, signedIn, testHorse } from "@tests/owners";
import { getOwnerBillingDetails } from "~/models/billing-details.server";
import { getContactMessage } from "~/models/contact-message.server";
import { approvalsFor } from "~/models/cost.server";
import { listQueuedMail } from "~/models/mail-queue.server";
import { composeCostQuestionMail, QUESTION_LIMITS } from "~/owners/cost-question.server";
import { hitRateLimit } from "~/platform/rate-limit.server";
import { db } from "~/platform/db.server";
import * as invoicesPage from "./owners-invoices";
import * as invoicePdf from "./owners-invoice-pdf";
import * as invoiceXml from "./owners-invoice-xml";
import * as receipt from "./owners-receipt";
import * as settingsPage from "./owners-settings";

useFreshDatabase();
useTestEnv({ PUBLIC_ORIGIN: "https://stald.example" });

type Answer = { status: number; data: unknown; headers: Headers; location: string | null; body: Uint8Array | null };

/** A loader's or action's answer, thrown or returned, as one shape. */
async function call(
  fn: (args: never) => unknown,
  request: Request,
  params: Record<string, string> = {},
): Promise<Answer> {
  let outcome: unknown;
  try {
    outcome = await fn({ request, params, context: {} } as never);
  } catch (error) {
    if (!(error instanceof Response)) throw error;
    outcome = error;
  }
  if (outcome instanceof Response) {
    const body = new Uint8Array(await outcome.clone().arrayBuffer());
    return {
      status: outcome.status,
      data: null,
      headers: outcome.headers,
      location: outcome.headers.get("Location"),
      body,
    };
  }
  const { data, init } = outcome as { data: unknown; init: ResponseInit | null };
  return { status: init?.status ?? 200, data, headers: new Headers(init?.headers), location: null, body: null };
}

/** Anna owns Nordlys (January invoiced, a planned cost waiting); Bo owns Bifrost; Anna has a guest. */
async function stable() {
  const nordlys = await testHorse("Nordlys");
  const bifrost = await testHorse("Bifrost");
  const anna = await signedIn(await createOwner({ horseIds: [nordlys.id], name: "Anna" }));
  const bo = await signedIn(await createOwner({ horseIds: [bifrost.id], name: "Bo" }));
  const guest = await signedIn(await createGuest(anna.user.id, { name: "Gitte" }));
  const account = await ownerAccountFixtures(anna.user.id, nordlys.id);
  return { nordlys, anna, bo, guest, ...account };
}

const page = (cookie: string, path = "/owners/invoices") => call(invoicesPage.loader, buildRequest(path, { cookie }));
const post = (cookie: string, form: Record<string, string>, ip = "203.0.113.7", path = "/owners/invoices") =>
  call(invoicesPage.action, buildRequest(path, { cookie, form, headers: { "x-client-ip": ip } }));

type PageData = {
  state: "ok";
  documents: { id: string; kind: string; number: string; status: string | null }[];
  statement: { horseName: string; feesOere: number }[];
  awaiting: { costId: string; grossOere: number; limitOere: number; hasReceipt: boolean; question: string | null }[];
};

describe("the Invoices page", () => {
  test("shows an owner their issued invoice with its status, the year per horse and the cost awaiting them, privately", async () => {
    const s = await stable();
    const answer = await page(s.anna.cookie);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    const data = answer.data as PageData;
    // January's invoice, due 15 February: overdue since. February's draft is not shown.
    expect(data.documents).toEqual([expect.objectContaining({ id: s.invoice, kind: "invoice", status: "overdue" })]);
    expect(data.statement.map((r) => r.horseName)).toEqual(["Nordlys"]);
    // 5.000,00 kr. + 25 % VAT against a limit of 1.000,00 kr.
    expect(data.awaiting).toEqual([
      expect.objectContaining({
        costId: s.cost,
        grossOere: 625000,
        limitOere: 100000,
        hasReceipt: true,
        question: null,
      }),
    ]);
    // The Danish page answers the same.
    expect(((await page(s.anna.cookie, "/da/owners/invoices")).data as PageData).documents).toHaveLength(1);
    // Bo sees none of Anna's.
    const bos = (await page(s.bo.cookie)).data as PageData;
    expect(bos).toMatchObject({ documents: [], awaiting: [] });
    expect(bos.statement.map((r) => r.horseName)).toEqual(["Bifrost"]);
  });

  test("is no page for a guest, and sends a revoked owner to sign in", async () => {
    const s = await stable();
    expect((await page(s.guest.cookie)).status).toBe(404);
    expect((await post(s.guest.cookie, { intent: "approve-cost", id: s.cost })).status).toBe(404);
    await revokeLeavingSessions(s.anna.user.id);
    expect((await page(s.anna.cookie)).location).toMatch(/^\/auth\?redirectTo=/);
    expect(await approvalsFor([s.cost])).toEqual([]);
  });

  test("Approve records who approved and when; someone else's cost is a 404 that records nothing", async () => {
    const s = await stable();
    expect((await post(s.bo.cookie, { intent: "approve-cost", id: s.cost })).status).toBe(404);
    expect((await post(s.anna.cookie, { intent: "approve-cost", id: "not-an-id" })).status).toBe(404);
    expect(await approvalsFor([s.cost])).toEqual([]);
    const done = await post(s.anna.cookie, { intent: "approve-cost", id: s.cost });
    expect(done.status).toBe(302);
    expect(done.location).toBe("/owners/invoices");
    expect(await approvalsFor([s.cost])).toEqual([
      expect.objectContaining({ ownerId: s.anna.user.id, ownerName: "Anna", state: "approved", question: null }),
    ]);
    const activity = await db().selectFrom("activity").selectAll().where("entity_id", "=", s.cost).execute();
    expect(activity.map((a) => a.summary)).toEqual([expect.stringMatching(/^Cost approved by Anna/)]);
    expect(((await page(s.anna.cookie)).data as PageData).awaiting).toEqual([]);
  });

  test("Ask a question reaches the stable by mail, Reply-To the owner, and leaves the cost waiting", async () => {
    const s = await stable();
    const empty = await post(s.anna.cookie, { intent: "ask-cost", id: s.cost, question: "  " });
    expect(empty.status).toBe(400);
    expect((empty.data as { errors: Record<string, string> }).errors.question).toBe("Please write your question");
    const long = await post(
      s.anna.cookie,
      { intent: "ask-cost", id: s.cost, question: "x".repeat(1001) },
      "203.0.113.7",
      "/da/owners/invoices",
    );
    expect((long.data as { errors: Record<string, string> }).errors.question).toBe(
      "Hold dit spørgsmål under 1000 tegn",
    );
    const asked = await post(s.anna.cookie, {
      intent: "ask-cost",
      id: s.cost,
      question: "Is the <b>scan</b> needed now?",
    });
    expect(asked.status).toBe(302);
    const mails = await listQueuedMail({ kind: "cost-question" });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.toAddress).toBeNull();
    const message = (await getContactMessage(mails[0]!.contactMessageId!))!;
    expect(message).toMatchObject({ name: "Anna", email: s.anna.user.email });
    const mail = composeCostQuestionMail(message, "stald@example.com", "Stald Nordlys");
    expect(mail).toMatchObject({ to: "stald@example.com", replyTo: s.anna.user.email });
    expect(mail.subject).toBe("Owners' area: a question about a cost from Anna");
    expect(mail.text).toContain("Vet: Scan, 5.000,00 kr. net");
    expect(mail.text).toContain("Is the <b>scan</b> needed now?");
    expect(mail.html).toBeUndefined();
    const data = (await page(s.anna.cookie)).data as PageData;
    expect(data.awaiting).toEqual([expect.objectContaining({ question: "Is the <b>scan</b> needed now?" })]);
  });

  test("bounds the questions' mail per owner and per recipient; someone else's cost counts nothing", async () => {
    const s = await stable();
    const rateRows = async () => (await db().selectFrom("rate_limits").selectAll().execute()).length;
    const before = await rateRows();
    expect((await post(s.bo.cookie, { intent: "ask-cost", id: s.cost, question: "Mine?" })).status).toBe(404);
    expect(await rateRows()).toBe(before);
    const answers = [];
    for (let i = 0; i < 8; i++) {
      answers.push(
        (await post(s.anna.cookie, { intent: "ask-cost", id: s.cost, question: `Q${i}` }, `198.51.100.${i}`)).status,
      );
    }
    expect(answers).toEqual([302, 302, 302, 302, 302, 429, 429, 429]);
    expect(await listQueuedMail({ kind: "cost-question" })).toHaveLength(QUESTION_LIMITS.perOwner.limit);

    // The stable's own limit, from all owners together: once reached, no owner's question is mailed.
    const other = await stable();
    for (let i = 0; i < QUESTION_LIMITS.perRecipient.limit; i++)
      await hitRateLimit("cost-question:to:stable", QUESTION_LIMITS.perRecipient);
    const refused = await post(
      other.anna.cookie,
      { intent: "ask-cost", id: other.cost, question: "Now?" },
      "192.0.2.1",
    );
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await listQueuedMail({ kind: "cost-question" })).toHaveLength(QUESTION_LIMITS.perOwner.limit);
  });
});

describe("the owner's downloads", () => {
  test("give an owner their issued invoice as PDF and e-invoice, never cached, and 404 to anyone else", async () => {
    const s = await stable();
    const get = (fn: (args: never) => unknown, id: string, cookie?: string) =>
      call(fn, buildRequest(`/owners/invoices/${id}`, { cookie }), { id });
    const pdf = await get(invoicePdf.loader, s.invoice, s.anna.cookie);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Cache-Control")).toBe("private, no-store");
    expect(pdf.headers.get("Content-Disposition")).toMatch(/^attachment; filename=".+\.pdf"$/);
    expect(Buffer.from(pdf.body!).subarray(0, 5).toString()).toBe("%PDF-");
    const xml = await get(invoiceXml.loader, s.invoice, s.anna.cookie);
    expect(xml.headers.get("Content-Type")).toBe("application/xml");
    expect(Buffer.from(xml.body!).toString()).toContain("<cbc:CustomizationID>");
    for (const fn of [invoicePdf.loader, invoiceXml.loader]) {
      for (const cookie of [s.bo.cookie, s.guest.cookie, undefined]) {
        const refused = await get(fn, s.invoice, cookie);
        expect(refused.status).toBe(404);
        expect(refused.headers.get("Cache-Control")).toBe("private, no-store");
      }
      // A draft is nobody's to download, its owner's neither.
      expect((await get(fn, s.draft, s.anna.cookie)).status).toBe(404);
      // Nor is anything that is no record's id.
      expect((await get(fn, "1", s.anna.cookie)).status).toBe(404);
      expect((await get(fn, s.invoice.toUpperCase(), s.anna.cookie)).status).toBe(404);
    }
    await revokeLeavingSessions(s.anna.user.id);
    expect((await get(invoicePdf.loader, s.invoice, s.anna.cookie)).status).toBe(404);
  });

  test("give an owner the receipt of their cost, and 404 to anyone else", async () => {
    const s = await stable();
    const get = (cookie?: string) =>
      call(receipt.loader, buildRequest(`/owners/receipts/${s.cost}`, { cookie }), { id: s.cost });
    const mine = await get(s.anna.cookie);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("Content-Type")).toBe("application/pdf");
    expect(mine.headers.get("Content-Disposition")).toBe('attachment; filename="test-receipt.pdf"');
    expect(mine.headers.get("Cache-Control")).toBe("private, no-store");
    expect(Buffer.from(mine.body!).toString()).toContain("a receipt");
    for (const cookie of [s.bo.cookie, s.guest.cookie, undefined]) expect((await get(cookie)).status).toBe(404);
  });
});

describe("the limit per cost in Settings", () => {
  const save = (cookie: string, limit: string, path = "/owners/settings") =>
    call(settingsPage.action, buildRequest(path, { cookie, form: { intent: "approval-limit", limit } }));

  test("saves an amount in kroner as øre, or none, and turns down what is no amount", async () => {
    const s = await stable();
    expect((await save(s.anna.cookie, "2.500,50")).status).toBe(302);
    expect((await getOwnerBillingDetails(s.anna.user.id))!.approvalLimitOere).toBe(250050);
    const settings = await call(settingsPage.loader, buildRequest("/owners/settings", { cookie: s.anna.cookie }));
    expect((settings.data as { approvalLimit: { oere: number } }).approvalLimit).toEqual({ oere: 250050 });
    const bad = await save(s.anna.cookie, "lots", "/da/owners/settings");
    expect(bad.status).toBe(400);
    expect((bad.data as { errors: Record<string, string> }).errors.limit).toBe("Skriv et beløb i kroner, fx 2.500,00");
    expect((await save(s.anna.cookie, "99999999999999")).status).toBe(400);
    expect((await getOwnerBillingDetails(s.anna.user.id))!.approvalLimitOere).toBe(250050);
    expect((await save(s.anna.cookie, "")).status).toBe(302);
    expect((await getOwnerBillingDetails(s.anna.user.id))!.approvalLimitOere).toBeNull();
    // A guest's host pays: no limit of their own, and no field for one.
    expect((await save(s.guest.cookie, "100")).status).toBe(403);
    const guests = await call(settingsPage.loader, buildRequest("/owners/settings", { cookie: s.guest.cookie }));
    expect((guests.data as { approvalLimit: unknown }).approvalLimit).toBeNull();
  });
});
