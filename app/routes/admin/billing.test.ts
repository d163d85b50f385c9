import { describe, expect, it } from "vitest";
import { buildRequest, signedInUser } from "@tests/auth";
import { success, useAdmin } from "@tests/admin-actions";
import { billedOwner, horseInTraining, setUpStable } from "@tests/billing";
import { useFreshDatabase } from "@tests/db";
import { addDays, previousMonth } from "~/models/billing-terms";
import { getInvoice, listInvoices } from "~/models/invoice.server";
import { paymentsOf, recordPayment, standings } from "~/models/payment.server";
import { adminTranslator } from "~/i18n/admin/dictionary";
import { readToday } from "./+shared/today.server";
import { issueInvoices } from "~/billing/issue.server";
import { runMonthlyDrafts } from "~/billing/monthly-drafts.server";
import { db } from "~/platform/db.server";
import { formatDkk } from "~/racing/format";
import { danishToday } from "~/racing/race-day";
import { action, loader } from "./billing";
import { loader as documentLoader } from "./billing-document";
import { loader as exportLoader } from "./billing-export";

useFreshDatabase();
const admin = useAdmin();

const TAB = "/admin/billing";
type Tab = Awaited<ReturnType<typeof loader>>;
const MONTH = "2026-01";

/** Two owners of Nordlys at 60/40 (a company and a private person), the month's drafts made. */
async function januaryDrafts() {
  await setUpStable();
  const anna = await billedOwner("Anna Holm", { company: true });
  const bo = await billedOwner("Bo Berg", { language: "en" });
  await horseInTraining("Nordlys", [
    { ownerId: anna.id, hundredths: 6000 },
    { ownerId: bo.id, hundredths: 4000 },
  ]);
  await runMonthlyDrafts({ month: MONTH });
  const draftOf = async (ownerId: string) => (await listInvoices({ ownerId, runMonth: MONTH }))[0]!;
  return { anna, bo, annaDraft: await draftOf(anna.id), boDraft: await draftOf(bo.id) };
}

/** Every row of the billing tables, to prove a refused form changed nothing. */
async function billingRows() {
  const [invoices, lines, payments] = await Promise.all([
    db().selectFrom("invoices").selectAll().orderBy("id").execute(),
    db().selectFrom("invoice_lines").selectAll().orderBy("id").execute(),
    db().selectFrom("payments").selectAll().orderBy("id").execute(),
  ]);
  return JSON.stringify({ invoices, lines, payments });
}

describe("the Billing tab", () => {
  it("opens at the month just ended with the drafts, their totals per owner, per horse and for the stable", async () => {
    const { annaDraft, boDraft } = await januaryDrafts();
    const empty = await admin.run(loader, TAB);
    expect((empty.data as unknown as Tab).overview.month).toBe(previousMonth(danishToday()));

    const { data } = await admin.run(loader, `${TAB}?month=${MONTH}`);
    const { overview } = data as unknown as Tab;
    expect(overview.month).toBe(MONTH);
    // 31 days at 450,00 kr.: 13.950,00 net, split 60/40; 25 % VAT on each.
    expect(overview.drafts.map((d) => [d.ownerName, d.totals.netOere, d.totals.vatOere, d.totals.totalOere])).toEqual([
      ["Anna Holm", 837000, 209250, 1046250],
      ["Bo Berg", 558000, 139500, 697500],
    ]);
    expect(overview.byHorse).toEqual([{ horse: "Nordlys", netOere: 1395000 }]);
    expect(overview.stable).toMatchObject({ netOere: 1395000, vatOere: 348750, totalOere: 1743750 });
    expect([annaDraft.id, boDraft.id]).toEqual(overview.drafts.map((d) => d.id));

    const opened = await admin.run(loader, `${TAB}?month=${MONTH}&open=${annaDraft.id}`);
    expect((opened.data as unknown as Tab).draft?.lines).toHaveLength(1);
  });

  it("creates the drafts for a month, and refuses a month that is none", async () => {
    await setUpStable();
    const anna = await billedOwner("Anna Holm");
    await horseInTraining("Nordlys", [{ ownerId: anna.id, hundredths: 10000 }]);
    const made = await admin.run(action, TAB, { intent: "drafts", month: MONTH });
    expect(made).toMatchObject({ status: 302, location: `${TAB}?month=${MONTH}`, toast: success("Drafts Created") });
    expect(made.toast?.description).toContain("1 new");
    expect(await listInvoices({ state: "draft" })).toHaveLength(1);

    const before = await billingRows();
    const bad = await admin.run(action, TAB, { intent: "drafts", month: "2026-13" });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ errors: { month: "Choose a month (YYYY-MM)" } });
    expect(await billingRows()).toBe(before);
  });

  it("changes, adds and removes a draft's lines and sets its note; bad input changes nothing", async () => {
    const { annaDraft } = await januaryDrafts();
    const fee = annaDraft.lines[0]!;
    const changed = await admin.run(action, TAB, {
      intent: "line-update",
      lineId: fee.id,
      month: MONTH,
      description: "Træning, januar",
      quantity: "30",
      unit: "day",
      unitPrice: "450,00",
      share: "60",
      vat: "standard",
    });
    expect(changed).toMatchObject({
      status: 302,
      location: `${TAB}?month=${MONTH}&open=${annaDraft.id}#draft`,
      toast: success("Line Saved"),
    });
    let draft = (await getInvoice(annaDraft.id))!;
    expect(draft.lines[0]).toMatchObject({ description: "Træning, januar", quantity: "30", netOere: 810000 });

    const added = await admin.run(action, TAB, {
      intent: "line-add",
      invoiceId: annaDraft.id,
      month: MONTH,
      description: "Transport til Jägersro",
      quantity: "1",
      unit: "piece",
      unitPrice: "1.250,00",
      share: "",
      vat: "outlay",
    });
    expect(added).toMatchObject({ status: 302, toast: success("Line Added") });
    draft = (await getInvoice(annaDraft.id))!;
    expect(draft.lines.map((l) => [l.description, l.netOere, l.vat])).toEqual([
      ["Træning, januar", 810000, "standard"],
      ["Transport til Jägersro", 125000, "outlay"],
    ]);

    const before = await billingRows();
    for (const form of <Record<string, string>[]>[
      { intent: "line-add", invoiceId: annaDraft.id, description: "", quantity: "1", unitPrice: "10", share: "" },
      { intent: "line-add", invoiceId: annaDraft.id, description: "X", quantity: "0", unitPrice: "10", share: "" },
      { intent: "line-add", invoiceId: annaDraft.id, description: "X", quantity: "1", unitPrice: "ten", share: "" },
      { intent: "line-add", invoiceId: annaDraft.id, description: "X", quantity: "1", unitPrice: "10", share: "120" },
      { intent: "line-update", lineId: fee.id, description: "X", quantity: "1", unitPrice: "", share: "" },
    ]) {
      expect((await admin.run(action, TAB, form)).status, JSON.stringify(form)).toBe(400);
    }
    const missing = await admin.run(action, TAB, {
      intent: "line-update",
      lineId: "no-such-line",
      description: "X",
      quantity: "1",
      unitPrice: "10",
    });
    expect(missing.status).toBe(404);
    expect(await billingRows()).toBe(before);

    const removed = await admin.run(action, TAB, { intent: "line-remove", lineId: draft.lines[1]!.id, month: MONTH });
    expect(removed).toMatchObject({ status: 302, toast: success("Line Removed") });
    const noted = await admin.run(action, TAB, { intent: "note", invoiceId: annaDraft.id, note: "Tak for januar" });
    expect(noted).toMatchObject({ status: 302, toast: success("Note Saved") });
    expect(await getInvoice(annaDraft.id)).toMatchObject({ note: "Tak for januar", edited: true });
    expect((await getInvoice(annaDraft.id))!.lines).toHaveLength(1);
  });

  it("issues the drafts chosen, then all the others, saying the numbers; an issued one is never changed", async () => {
    const { annaDraft, boDraft } = await januaryDrafts();
    const none = await admin.run(action, TAB, { intent: "issue", month: MONTH });
    expect(none).toMatchObject({
      status: 400,
      toast: expect.objectContaining({ description: "Choose at least one draft to issue." }),
    });

    const chosen = await admin.run(action, TAB, { intent: "issue", month: MONTH, [`pick-${boDraft.id}`]: "on" });
    expect(chosen).toMatchObject({ status: 302, toast: success("Invoices Issued", "Issued with the numbers 1.") });
    expect(await getInvoice(boDraft.id)).toMatchObject({ state: "issued", number: "1" });
    expect(await getInvoice(annaDraft.id)).toMatchObject({ state: "draft" });

    // December's drafts wait on their own month: all of January's is Anna's alone.
    await runMonthlyDrafts({ month: "2025-12" });
    const all = await admin.run(action, TAB, { intent: "issue", all: "1", month: MONTH });
    expect(all).toMatchObject({ toast: success("Invoices Issued", "Issued with the numbers 2.") });
    expect(await listInvoices({ state: "draft", runMonth: "2025-12" })).toHaveLength(2);

    const before = await billingRows();
    const locked = await admin.run(action, TAB, {
      intent: "line-update",
      lineId: boDraft.lines[0]!.id,
      description: "Changed",
      quantity: "1",
      unitPrice: "1",
    });
    expect(locked.status).toBe(409);
    expect(await billingRows()).toBe(before);

    const { data } = await admin.run(loader, `${TAB}?month=${MONTH}`);
    const { overview } = data as unknown as Tab;
    expect(overview.drafts).toEqual([]);
    expect(overview.otherMonths).toEqual([{ month: "2025-12", drafts: 2 }]);
    expect(overview.documents.map((d) => [d.number, d.ownerName, d.standing?.status])).toEqual([
      ["1", "Bo Berg", "due"],
      ["2", "Anna Holm", "due"],
    ]);
  });

  it("records a part payment and marks an invoice paid; more than is owed is refused", async () => {
    const { boDraft } = await januaryDrafts();
    await issueInvoices([boDraft.id]);
    const today = danishToday();
    const part = await admin.run(action, TAB, {
      intent: "payment",
      invoiceId: boDraft.id,
      paidOn: today,
      amount: "2.000,00",
      month: MONTH,
    });
    expect(part).toMatchObject({ status: 302, toast: success("Payment Recorded", "Invoice 1: Part-paid.") });

    const before = await billingRows();
    for (const form of [
      { intent: "payment", invoiceId: boDraft.id, paidOn: today, amount: "1.000.000,00" },
      { intent: "payment", invoiceId: boDraft.id, paidOn: today, amount: "4.975,01" },
      { intent: "payment", invoiceId: boDraft.id, paidOn: "2026-02-30", amount: "1,00" },
      { intent: "payment", invoiceId: boDraft.id, paidOn: today, amount: "abc" },
    ]) {
      expect((await admin.run(action, TAB, form)).status, JSON.stringify(form)).toBe(400);
    }
    const tooMuch = await admin.run(action, TAB, {
      intent: "payment",
      invoiceId: boDraft.id,
      paidOn: today,
      amount: "4.975,01",
    });
    expect(tooMuch.data).toMatchObject({
      errors: { amount: `That is more than is left to pay (${formatDkk(497500)}).` },
    });
    expect(await billingRows()).toBe(before);

    const paid = await admin.run(action, TAB, { intent: "payment", invoiceId: boDraft.id, paidOn: today, amount: "" });
    expect(paid).toMatchObject({ toast: success("Payment Recorded", "Invoice 1: Paid.") });
    expect((await paymentsOf(boDraft.id)).map((p) => p.amountOere)).toEqual([200000, 497500]);
  });

  it("credits chosen lines or a whole invoice, once", async () => {
    const { annaDraft } = await januaryDrafts();
    await issueInvoices([annaDraft.id]);
    const line = annaDraft.lines[0]!;
    const noLines = await admin.run(action, TAB, { intent: "credit", invoiceId: annaDraft.id });
    expect(noLines.status).toBe(400);

    const credited = await admin.run(action, TAB, {
      intent: "credit",
      invoiceId: annaDraft.id,
      [`line-${line.id}`]: "on",
      note: "Fejl i dage",
      month: MONTH,
    });
    expect(credited).toMatchObject({
      status: 302,
      location: `${TAB}?month=${MONTH}&doc=${annaDraft.id}#document`,
      toast: success("Credit Note Issued", "Credit note 2 is issued and mailed to the owner."),
    });
    const standing = (await standings([annaDraft.id], danishToday())).get(annaDraft.id);
    expect(standing?.status).toBe("credited");

    const before = await billingRows();
    const again = await admin.run(action, TAB, { intent: "credit", invoiceId: annaDraft.id, all: "1" });
    expect(again.status).toBe(409);
    expect(await billingRows()).toBe(before);
  });

  it("downloads an issued document's PDF and e-invoice, and the accountant's CSV", async () => {
    const { annaDraft } = await januaryDrafts();
    await issueInvoices([annaDraft.id]);
    const call = (handler: (args: never) => unknown, path: string, params: Record<string, string> = {}) =>
      handler({ request: buildRequest(path, { cookie: admin.cookie }), params, context: {} } as never);

    const pdf = (await call(documentLoader, "/admin/billing/documents/1.pdf", { "*": "1.pdf" })) as Response;
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Cache-Control")).toBe("private, no-store");
    expect(pdf.headers.get("Content-Disposition")).toMatch(/^attachment; filename=".+\.pdf"$/);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    const xml = (await call(documentLoader, "/admin/billing/documents/1.xml", { "*": "1.xml" })) as Response;
    expect(xml.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const ubl = await xml.text();
    expect(ubl).toContain("urn:fdc:peppol.eu:2017:poacc:billing:01:1.0");
    // The company owner's CVR is the buyer's endpoint.
    expect(ubl).toMatch(/<cbc:EndpointID schemeID="0184">\d{8}<\/cbc:EndpointID>/);

    for (const name of ["2.pdf", "1.doc", "../1.pdf"]) {
      expect(((await call(documentLoader, `/admin/billing/documents/${name}`, { "*": name })) as Response).status).toBe(
        404,
      );
    }

    const issueDate = (await getInvoice(annaDraft.id))!.issueDate!;
    const csv = (await call(
      exportLoader,
      `/admin/billing/export.csv?from=${issueDate}&to=${issueDate}&file=lines`,
    )) as Response;
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("Cache-Control")).toBe("private, no-store");
    const text = await csv.text();
    expect(text).toContain("Nordlys");
    expect(text.split("\r\n")[0]).toContain("Number");

    const bad = (await call(exportLoader, "/admin/billing/export.csv?from=2026-02-01&to=2026-01-01")) as Response;
    expect(bad.status).toBe(303);
    expect(bad.headers.get("Location")).toBe("/admin/billing");
  });

  it("lists overdue invoices on Today and on the tab until they are paid", async () => {
    const { annaDraft, boDraft } = await januaryDrafts();
    await issueInvoices([annaDraft.id, boDraft.id]);
    const t = adminTranslator("en");
    const due = (await getInvoice(annaDraft.id))!.dueDate!;
    expect((await readToday(t, due)).overdue.count).toBe(0);
    const later = addDays(due, 3);
    const today = await readToday(t, later);
    expect(today.overdue.count).toBe(2);
    expect(today.overdue.latest.map((o) => [o.number, o.ownerName, o.outstandingOere])).toEqual([
      ["1", "Anna Holm", 1046250],
      ["2", "Bo Berg", 697500],
    ]);
    await recordPayment(annaDraft.id, { paidOn: later, amountOere: 1046250 });
    expect((await readToday(t, later)).overdue.latest.map((o) => o.number)).toEqual(["2"]);
  });

  it("refuses visitors and non-administrators, and changes nothing", async () => {
    const { annaDraft } = await januaryDrafts();
    const member = await signedInUser({ email: "member@example.com" });
    const before = await billingRows();
    for (const cookie of [undefined, member.cookie]) {
      admin.signIn(cookie ?? "");
      for (const form of <Record<string, string>[]>[
        { intent: "drafts", month: MONTH },
        { intent: "issue", all: "1" },
        { intent: "note", invoiceId: annaDraft.id, note: "x" },
      ]) {
        const answer = await admin.run(action, TAB, form);
        expect(answer.status).toBe(302);
        expect(answer.location).not.toContain("/admin");
      }
      expect((await admin.run(loader, TAB)).status).toBe(302);
      for (const [handler, path] of [
        [documentLoader, "/admin/billing/documents/1.pdf"],
        [exportLoader, "/admin/billing/export.csv"],
      ] as const) {
        expect((await admin.run(handler, path)).status, path).toBe(302);
      }
    }
    expect(await billingRows()).toBe(before);
  });
});
