import { afterEach, expect, test } from "vitest";
import { billedOwner, horseInTraining, setUpStable } from "@tests/billing";
import { useFreshDatabase } from "@tests/db";
import { useTestEnv } from "@tests/env";
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from "@tests/smtp";
import { deliverNextMail } from "~/jobs/mail-delivery.server";
import { getInvoice, listInvoices } from "~/models/invoice.server";
import { listQueuedMail } from "~/models/mail-queue.server";
import { db } from "~/platform/db.server";
import { resetEnvCache } from "~/platform/env.server";
import { composeDocumentMail, registerBillingJobs } from "./invoice-mail.server";
import { issueCreditNote, issueInvoices } from "./issue.server";
import { runMonthlyDrafts } from "./monthly-drafts.server";

useFreshDatabase();
useTestEnv({ PUBLIC_ORIGIN: "https://stald.example" });
registerBillingJobs();

const servers: TestSmtpServer[] = [];
afterEach(async () => {
  delete process.env.SMTP_URL;
  resetEnvCache();
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

function attachmentsOf(mail: ReceivedMail) {
  const boundary = /boundary="?([^";]+)"?/.exec(mail.header("content-type") ?? "")?.[1];
  return mail.raw
    .split(`--${boundary}`)
    .filter((part) => /Content-Disposition: attachment/i.test(part))
    .map((part) => {
      const [head = "", body = ""] = part.split("\r\n\r\n");
      return {
        filename: /filename="?([^"\r\n]+)"?/.exec(head)?.[1],
        type: /Content-Type: ([^;\r\n]+)/i.exec(head)?.[1],
        content: Buffer.from(body.replace(/\s+/g, ""), "base64"),
      };
    });
}

async function issued(language: "da" | "en") {
  await setUpStable();
  const owner = await billedOwner("Karen Holm", { language });
  await horseInTraining("Nordlys", [{ ownerId: owner.id, hundredths: 10000 }]);
  await runMonthlyDrafts({ month: "2026-01" });
  const [draft] = await listInvoices({ ownerId: owner.id });
  await issueInvoices([draft!.id], { now: new Date("2026-02-01T08:00:00Z") });
  return { owner, invoice: (await getInvoice(draft!.id))! };
}

test("an issued invoice goes to its owner once, in their language, with its PDF attached", async () => {
  const server = await startSmtpServer();
  servers.push(server);
  process.env.SMTP_URL = server.url;
  resetEnvCache();
  const { owner } = await issued("da");
  // The owners' invitations are not this test's.
  await db().deleteFrom("mail_queue").where("kind", "<>", "invoice").execute();
  expect(await deliverNextMail()).toBe("sent");
  expect(await deliverNextMail()).toBe("idle");
  expect(server.received).toHaveLength(1);
  const [mail] = server.received;
  expect(mail!.envelopeTo).toEqual([owner.email]);
  expect(mail!.header("subject")).toBe("Faktura 1 fra Stald Nordlys ApS");
  expect(mail!.raw).toContain("Vedh=C3=A6ftet er faktura nr. 1");
  const [pdf] = attachmentsOf(mail!);
  expect(pdf).toMatchObject({ filename: "faktura-1.pdf", type: "application/pdf" });
  expect(pdf!.content.subarray(0, 5).toString()).toBe("%PDF-");
  expect((await listQueuedMail({ kind: "invoice" })).map((m) => m.state)).toEqual(["sent"]);
});

test("a credit note's mail names the invoice it credits; an English owner reads English", async () => {
  const { invoice } = await issued("en");
  const note = await issueCreditNote(invoice.id, { now: new Date("2026-02-03T08:00:00Z") });
  const credit = (await getInvoice(note!.id))!;
  const mail = await composeDocumentMail(credit.mailId!, "https://stald.example");
  expect(mail.subject).toBe("Credit note 2 from Stald Nordlys ApS");
  expect(mail.text).toContain("Please find attached credit note no. 2 of 3 February 2026, which credits invoice no. 1");
  expect(mail.attachments?.map((a) => a.filename)).toEqual(["credit-note-2.pdf"]);
});

test("a mail whose invoice is not there fails its attempt, to be retried, rather than being lost", async () => {
  const { invoice } = await issued("da");
  await db().insertInto("restore_in_progress").values({ id: 1 }).execute();
  await db().updateTable("invoices").set({ mail_id: "elsewhere" }).where("id", "=", invoice.id).execute();
  await db().deleteFrom("restore_in_progress").execute();
  await expect(composeDocumentMail(invoice.mailId!, "https://stald.example")).rejects.toThrow(/not there/);
});
