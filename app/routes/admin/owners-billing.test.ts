import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { signedInUser } from "@tests/auth";
import { success, useAdmin } from "@tests/admin-actions";
import { useFreshDatabase } from "@tests/db";
import { createOwner, testHorse } from "@tests/owners";
import { getOwnerBillingDetails } from "~/models/billing-details.server";
import { getOwnerAccount } from "~/models/owner-account.server";
import { db } from "~/platform/db.server";
import * as ownersTab from "./owners";

useFreshDatabase();

const admin = useAdmin();
const TAB = "/admin/owners";

const company = (id: string, fields: Record<string, string> = {}) => ({
  intent: "billing",
  id,
  kind: "company",
  name: "Holm Invest ApS",
  street: "Strandvejen 100",
  postalCode: "2900",
  city: "Hellerup",
  countryCode: "DK",
  cvr: "8765 4321",
  email: "Bogholderi@Holm.dk",
  language: "da",
  ...fields,
});

function renderTab(path: string, data: unknown, actionData?: unknown) {
  const Tab = ownersTab.default as unknown as () => null;
  const Stub = createRoutesStub([{ path: TAB, Component: Tab, loader: () => data, HydrateFallback: () => null }]);
  const hydrationData = { loaderData: { 0: data }, ...(actionData ? { actionData: { 0: actionData } } : {}) };
  return renderToString(createElement(Stub, { initialEntries: [path], hydrationData }));
}

describe("Owners tab, billing details", () => {
  it("saves a company owner's details with a customer number and language, and shows them", async () => {
    const horse = await testHorse("Xenia");
    const anna = await createOwner({ horseIds: [horse.id], name: "Anna Holm", language: "en" });
    const r = await admin.run(ownersTab.action, TAB, company(anna.id));
    expect(r).toMatchObject({
      status: 302,
      location: `${TAB}?saved=${anna.id}#item-${anna.id}`,
      toast: success("Billing Details Saved", "Invoices to Holm Invest ApS use these details."),
    });
    expect(await getOwnerBillingDetails(anna.id)).toMatchObject({
      kind: "company",
      name: "Holm Invest ApS",
      address: { street: "Strandvejen 100", postalCode: "2900", city: "Hellerup", countryCode: "DK" },
      cvr: "87654321",
      email: "bogholderi@holm.dk",
      language: "da",
      customerNo: 1,
    });
    expect((await getOwnerAccount(anna.id))!.language).toBe("da");

    const loaded = await admin.run(ownersTab.loader, TAB);
    const html = renderTab(`${TAB}?billing=${anna.id}`, loaded.data);
    expect(html).toContain("Billing Details: Anna Holm");
    expect(html).toContain("Invoices to Holm Invest ApS, customer no. 1");
    expect(html).toMatch(/name="cvr"[^>]*value="87654321"/);
  });

  it("a private person may leave name and e-mail to the account's; a person has no CVR", async () => {
    const horse = await testHorse("Xenia");
    const bo = await createOwner({ horseIds: [horse.id], name: "Bo Berg" });
    const r = await admin.run(ownersTab.action, TAB, company(bo.id, { kind: "person", name: "", cvr: "", email: "" }));
    expect(r.status).toBe(302);
    expect(await getOwnerBillingDetails(bo.id)).toMatchObject({ kind: "person", name: "Bo Berg", email: bo.email });
    const loaded = await admin.run(ownersTab.loader, TAB);
    const row = (loaded.data as unknown as { owners: { id: string; billing: Record<string, string> }[] }).owners.find(
      (o) => o.id === bo.id,
    )!;
    expect(row.billing).toMatchObject({ name: "", email: "", kind: "person" });
  });

  it("refuses what an invoice could not carry, 400 with the field's message, and saves nothing", async () => {
    const horse = await testHorse("Xenia");
    const anna = await createOwner({ horseIds: [horse.id] });
    const r = await admin.run(
      ownersTab.action,
      TAB,
      company(anna.id, { name: "", cvr: "123", street: "", email: "nope", countryCode: "Denmark" }),
    );
    expect(r.status).toBe(400);
    expect(r.data!.errors).toMatchObject({
      name: "A company needs its name on the invoices",
      cvr: "Enter the 8-digit CVR number, for a company only",
      street: "Street address is required",
      email: "Enter a valid e-mail address",
      countryCode: "Enter a two-letter country code, e.g. DK",
    });
    const person = await admin.run(ownersTab.action, TAB, company(anna.id, { kind: "person" }));
    expect(person.data!.errors).toEqual({ cvr: "Enter the 8-digit CVR number, for a company only" });
    expect(await getOwnerBillingDetails(anna.id)).toMatchObject({ customerNo: null, kind: "person" });
    const nobody = await admin.run(ownersTab.action, TAB, company("no-such-owner"));
    expect(nobody.status).toBe(404);
  });

  it("says it in Danish to an administrator who reads Danish", async () => {
    await db().updateTable("users").set({ admin_language: "da" }).execute();
    const horse = await testHorse("Xenia");
    const anna = await createOwner({ horseIds: [horse.id] });
    const bad = await admin.run(ownersTab.action, TAB, company(anna.id, { cvr: "1" }));
    expect(bad.data!.errors!.cvr).toBe("Skriv det 8-cifrede CVR-nummer, kun for en virksomhed");
    expect((await admin.run(ownersTab.action, TAB, company(anna.id))).toast).toMatchObject({
      title: "Faktureringsoplysninger gemt",
    });
  });

  it("refuses visitors and non-administrators, saving nothing", async () => {
    const horse = await testHorse("Xenia");
    const anna = await createOwner({ horseIds: [horse.id] });
    admin.signIn("");
    expect((await admin.run(ownersTab.action, TAB, company(anna.id))).location).toMatch(/^\/auth\b/);
    admin.signIn((await signedInUser({ email: "member@example.dk" })).cookie);
    expect((await admin.run(ownersTab.action, TAB, company(anna.id))).location).toBe("/");
    expect((await getOwnerBillingDetails(anna.id))!.customerNo).toBeNull();
  });
});
