import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { buildRequest, signedInUser } from "@tests/auth";
import { success, useAdmin } from "@tests/admin-actions";
import { billedOwner, horseInTraining, setUpStable } from "@tests/billing";
import { useFreshDatabase } from "@tests/db";
import { testHorse } from "@tests/owners";
import { runMonthlyDrafts } from "~/billing/monthly-drafts.server";
import { issueInvoices } from "~/billing/issue.server";
import { mediaStorage } from "~/media/media-storage.server";
import { decideOnCost, getCost, listCosts } from "~/models/cost.server";
import { listInvoices } from "~/models/invoice.server";
import { saveApprovalLimit } from "~/models/billing-details.server";
import { db } from "~/platform/db.server";
import { formatDkk } from "~/racing/format";
import * as page from "./billing-costs";
import * as receipt from "./billing-receipt";

useFreshDatabase();

const admin = useAdmin();
const PAGE = "/admin/billing/costs";
const PDF = "%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n";

function multipart(
  fields: Record<string, string>,
  file?: { bytes: string | Uint8Array<ArrayBuffer>; name: string; type: string },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append("receipt", new File([file.bytes], file.name, { type: file.type }));
  return form;
}

const costFields = (horseIds: string[], fields: Record<string, string> = {}) => ({
  intent: "create",
  date: "2026-03-12",
  category: "vet",
  description: "Scanning",
  amount: "1.250,00",
  vat: "standard",
  passedOn: "1",
  ...Object.fromEntries(horseIds.map((id) => [`horse:${id}`, "1"])),
  ...fields,
});

const march = { start: "2026-03-01", end: "2026-03-31" };
const receiptFiles = async () => (await mediaStorage().list("private/receipts/", { limit: 1000 })).map((f) => f.key);

function render(path: string, data: unknown) {
  const Page = page.default as unknown as () => null;
  const Stub = createRoutesStub([{ path: PAGE, Component: Page, loader: () => data, HydrateFallback: () => null }]);
  return renderToString(createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { 0: data } } }));
}

const download = (id: string, cookie: string) =>
  receipt.loader({
    request: buildRequest(`${PAGE}/${id}/receipt`, { cookie }),
    params: { id },
    context: {},
  } as never);

describe("Costs", () => {
  it("adds a cost over two horses with its receipt kept privately, lists it by month and opens the receipt", async () => {
    const [a, b] = [await testHorse("Nordlys"), await testHorse("Bifrost")];
    const before = await receiptFiles();
    const r = await admin.run(
      page.action,
      PAGE,
      multipart(costFields([a.id, b.id]), { bytes: PDF, name: "faktura.pdf", type: "application/pdf" }),
    );
    const [cost] = await listCosts(march);
    expect(r).toMatchObject({
      status: 302,
      location: `${PAGE}?month=2026-03&saved=${cost!.id}#item-${cost!.id}`,
      toast: success("Cost Added", `Vet: Scanning, ${formatDkk(125000)} is added.`),
    });
    expect(cost).toMatchObject({
      date: "2026-03-12",
      category: "vet",
      amountOere: 125000,
      vat: "standard",
      passedOn: true,
      planned: false,
      receiptKey: expect.stringMatching(/^private\/receipts\/\d+-[0-9a-f]{12}\.pdf$/),
    });
    expect(cost!.parts.map((p) => p.partOere).sort()).toEqual([62500, 62500]);
    expect(await receiptFiles()).toEqual([...before, cost!.receiptKey].sort());

    const loaded = (await admin.run(page.loader, `${PAGE}?month=2026-03`)).data as unknown as Awaited<
      ReturnType<typeof page.loader>
    >;
    expect(loaded.costs.map((c) => c.id)).toEqual([cost!.id]);
    expect(((await admin.run(page.loader, `${PAGE}?month=2026-04`)).data as unknown as typeof loaded).costs).toEqual(
      [],
    );
    const html = render(`${PAGE}?month=2026-03`, loaded);
    expect(html).toContain(`href="/admin/billing/costs/${cost!.id}/receipt"`);
    expect(html).not.toContain("/media/");
    expect(html).toContain("Nordlys: 625,00");

    const file = await download(cost!.id, admin.cookie);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("application/pdf");
    expect(file.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await file.text()).toBe(PDF);
    expect((await download("00000000-0000-4000-8000-000000000000", admin.cookie)).status).toBe(404);
  });

  it("refuses a cost without horses or amount, with a date that is none, or a receipt that is no PDF or photo, storing nothing", async () => {
    const horse = await testHorse("Nordlys");
    const before = await receiptFiles();
    const bad = await admin.run(
      page.action,
      PAGE,
      costFields([], { amount: "", date: "2026-02-30", category: "cake" }),
    );
    expect(bad.status).toBe(400);
    expect(bad.data!.errors).toEqual({
      date: "Enter the date of the cost",
      category: "Choose a category",
      amount: "Enter the amount",
      horses: "Choose one or more horses",
    });
    const notReceipt = await admin.run(
      page.action,
      PAGE,
      multipart(costFields([horse.id]), { bytes: "<script>alert(1)</script>", name: "x.pdf", type: "application/pdf" }),
    );
    expect(notReceipt.status).toBe(400);
    expect(notReceipt.data!.errors).toEqual({
      receipt: "The receipt must be a PDF or a photo (JPEG, PNG, WebP or HEIC)",
    });
    const gone = await admin.run(page.action, PAGE, costFields(["no-such-horse"]));
    expect(gone.data!.errors).toEqual({ horses: "Choose one or more horses" });
    expect(await listCosts(march)).toEqual([]);
    expect(await receiptFiles()).toEqual(before);
  });

  it("changes a cost, replaces and removes its receipt, shows who approved it, and deletes it with its receipt", async () => {
    await setUpStable();
    const anna = await billedOwner("Anna Holm");
    const horse = await horseInTraining("Nordlys", [{ ownerId: anna.id, hundredths: 10000 }]);
    await admin.run(
      page.action,
      PAGE,
      multipart(costFields([horse.id], { planned: "1" }), { bytes: PDF, name: "a.pdf", type: "application/pdf" }),
    );
    const [cost] = await listCosts(march);
    // Anna's part, 1.562,50 kr. with VAT, is above her limit: the row says she has yet to approve it.
    await saveApprovalLimit(anna.id, 100_000);
    const waiting = render(`${PAGE}?month=2026-03`, (await admin.run(page.loader, `${PAGE}?month=2026-03`)).data);
    expect(waiting).toContain(
      `Waiting for Anna Holm&#x27;s approval: their part ${formatDkk(156250)} is above their limit of ${formatDkk(100000)}`,
    );
    expect(await decideOnCost(anna.id, cost!.id, { state: "approved" }, new Date("2026-03-13T10:00:00Z"))).toEqual({
      state: "approved",
    });
    const html = render(
      `${PAGE}?month=2026-03&edit=${cost!.id}`,
      (await admin.run(page.loader, `${PAGE}?month=2026-03&edit=${cost!.id}`)).data,
    );
    expect(html).toContain("Approved by Anna Holm on 13 March 2026");
    expect(html).not.toContain("Waiting for");
    expect(html).toContain(`Edit Cost: Vet: Scanning, ${formatDkk(125000)}`);

    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
    const edited = await admin.run(
      page.action,
      PAGE,
      multipart(
        costFields([horse.id], { intent: "update", id: cost!.id, amount: "1.300", vat: "outlay", passedOn: "" }),
        {
          bytes: jpeg,
          name: "photo.jpg",
          type: "image/jpeg",
        },
      ),
    );
    expect(edited).toMatchObject({
      status: 302,
      toast: success("Cost Updated", `Vet: Scanning, ${formatDkk(130000)} is saved.`),
    });
    const changed = await getCost(cost!.id);
    expect(changed).toMatchObject({ amountOere: 130000, vat: "outlay", passedOn: false });
    expect(changed!.receiptKey).toMatch(/\.jpg$/);
    expect(await receiptFiles()).not.toContain(cost!.receiptKey);
    expect(await receiptFiles()).toContain(changed!.receiptKey);

    await admin.run(page.action, PAGE, costFields([horse.id], { intent: "update", id: cost!.id, removeReceipt: "1" }));
    expect((await getCost(cost!.id))!.receiptKey).toBeNull();
    expect(await receiptFiles()).not.toContain(changed!.receiptKey);

    const deleted = await admin.run(page.action, PAGE, { intent: "delete", id: cost!.id });
    expect(deleted).toMatchObject({ status: 302, location: `${PAGE}?month=2026-03`, toast: success("Cost Deleted") });
    expect(await getCost(cost!.id)).toBeNull();
    expect((await admin.run(page.action, PAGE, { intent: "delete", id: cost!.id })).status).toBe(404);
  });

  it("spreads a cost by the parts typed for each horse, which must add up to the amount", async () => {
    const [a, b, c] = [await testHorse("Nordlys"), await testHorse("Bifrost"), await testHorse("Aurora")];
    const parts = { [`part:${a.id}`]: "500", [`part:${b.id}`]: "500,00", [`part:${c.id}`]: "250" };
    const wrong = await admin.run(
      page.action,
      PAGE,
      costFields([a.id, b.id, c.id], { ...parts, [`part:${c.id}`]: "200" }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.data!.errors).toEqual({
      horses:
        "Give every horse chosen its part, each at least 0,01 kr., adding up to the amount; or leave the parts empty to spread it evenly",
    });
    const missing = await admin.run(page.action, PAGE, costFields([a.id, b.id, c.id], { [`part:${a.id}`]: "1250" }));
    expect(missing.status).toBe(400);
    expect(await listCosts(march)).toEqual([]);
    const r = await admin.run(page.action, PAGE, costFields([a.id, b.id, c.id], parts));
    expect(r.status).toBe(302);
    const [cost] = await listCosts(march);
    expect(Object.fromEntries(cost!.parts.map((p) => [p.horseName, p.partOere]))).toEqual({
      Nordlys: 50000,
      Bifrost: 50000,
      Aurora: 25000,
    });
    // Three horses, no parts typed: spread evenly to the øre, the parts adding up.
    await admin.run(page.action, PAGE, costFields([a.id, b.id, c.id], { date: "2026-03-20", amount: "100" }));
    const even = (await listCosts(march)).find((x) => x.date === "2026-03-20")!;
    expect(even.parts.map((p) => p.partOere).sort()).toEqual([3333, 3333, 3334]);
  });

  it("keeps a cost billed on an issued invoice, saying why", async () => {
    await setUpStable();
    const anna = await billedOwner("Anna Holm");
    const horse = await horseInTraining("Nordlys", [{ ownerId: anna.id, hundredths: 10000 }]);
    await admin.run(
      page.action,
      PAGE,
      multipart(costFields([horse.id]), { bytes: PDF, name: "a.pdf", type: "application/pdf" }),
    );
    const [cost] = await listCosts(march);
    await runMonthlyDrafts({ month: "2026-03", now: new Date("2026-04-01T08:00:00Z") });
    const [draft] = await listInvoices({ ownerId: anna.id });
    await issueInvoices([draft!.id], { now: new Date("2026-04-01T08:00:00Z") });
    const refused = await admin.run(page.action, PAGE, { intent: "delete", id: cost!.id });
    expect(refused).toMatchObject({
      status: 409,
      toast: expect.objectContaining({
        type: "error",
        description: "This cost is on an issued invoice and stays as billed. Correct it with a credit note instead.",
      }),
    });
    const edit = await admin.run(
      page.action,
      PAGE,
      costFields([horse.id], { intent: "update", id: cost!.id, amount: "1" }),
    );
    expect(edit.status).toBe(409);
    expect(await getCost(cost!.id)).toEqual(cost);
    expect(await receiptFiles()).toContain(cost!.receiptKey);
  });

  it("says it in Danish to an administrator who reads Danish", async () => {
    await db().updateTable("users").set({ admin_language: "da" }).execute();
    const horse = await testHorse("Nordlys");
    const r = await admin.run(
      page.action,
      PAGE,
      costFields([horse.id], { category: "farrier", description: "Nye sko" }),
    );
    expect(r.toast).toEqual(success("Udgift tilføjet", `Beslag: Nye sko, ${formatDkk(125000)} er tilføjet.`));
    const bad = await admin.run(page.action, PAGE, costFields([horse.id], { amount: "mange" }));
    expect(bad.data!.errors).toEqual({ amount: "Skriv et beløb i kroner, fx 1.250,00" });
  });

  it("refuses visitors and non-administrators, the receipt too, changing nothing", async () => {
    const horse = await testHorse("Nordlys");
    await admin.run(
      page.action,
      PAGE,
      multipart(costFields([horse.id]), { bytes: PDF, name: "a.pdf", type: "application/pdf" }),
    );
    const [cost] = await listCosts(march);
    const member = await signedInUser({ email: "member@example.dk" });
    const denied = await download(cost!.id, member.cookie).catch((e: unknown) => e as Response);
    expect(denied.status).toBe(302);
    expect(denied.headers.get("Location")).toBe("/");
    admin.signIn("");
    expect((await admin.run(page.action, PAGE, { intent: "delete", id: cost!.id })).location).toMatch(/^\/auth\b/);
    admin.signIn(member.cookie);
    expect((await admin.run(page.action, PAGE, { intent: "delete", id: cost!.id })).location).toBe("/");
    expect((await admin.run(page.loader, PAGE)).location).toBe("/");
    expect(await getCost(cost!.id)).toEqual(cost);
  });
});
