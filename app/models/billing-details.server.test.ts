import { describe, expect, it } from "vitest";
import { createUser } from "@tests/auth";
import { STABLE_DETAILS } from "@tests/billing";
import { useFreshDatabase } from "@tests/db";
import { createOwner, testHorse } from "@tests/owners";
import { saveContactInfo } from "./contact-info.server";
import { runAs } from "~/platform/actor.server";
import { listActivity } from "./activity.server";
import {
  getOwnerBillingDetails,
  getStableBillingDetails,
  InvalidBillingDetailsError,
  saveApprovalLimit,
  saveOwnerBillingDetails,
  saveStableBillingDetails,
} from "./billing-details.server";
import { getSiteSettings } from "./site-settings.server";

useFreshDatabase();

const address = { street: "Østergade 12", postalCode: "8000", city: "Aarhus C", countryCode: "DK" };

describe("the stable's invoice details", () => {
  it("are empty until saved, then read back with the Contact tab's phone, apart from the site settings", async () => {
    expect(await getStableBillingDetails()).toMatchObject({
      legalName: "",
      cvr: "",
      paymentTermsDays: 14,
      phone: null,
    });
    await saveContactInfo({ address: "", phoneNumber: "+45 39 63 00 00", emailAddress: "" });
    const admin = await createUser({ admin: true });
    await runAs({ userId: admin.id, email: admin.email, via: "dashboard" }, () =>
      saveStableBillingDetails(STABLE_DETAILS),
    );
    expect(await getStableBillingDetails()).toEqual({ ...STABLE_DETAILS, phone: "+45 39 63 00 00" });
    expect(Object.keys(await getSiteSettings())).not.toContain("seller");
    const { entries } = await listActivity();
    expect(entries[0]).toMatchObject({ kind: "update", entity: "site", summary: "Invoice details updated" });
    expect(entries[0]!.changes).toContainEqual({ field: "CVR", old: null, new: "12345678" });
  });

  it("are refused, naming the fields, when an invoice could not carry them", async () => {
    const bad = {
      ...STABLE_DETAILS,
      legalName: " ",
      cvr: "1234567",
      bank: { regNo: "12", accountNo: "x", iban: "DK50", bic: "nope" },
      invoiceEmail: "faktura",
      paymentTermsDays: -1,
      reminderDays: 0,
      address: { ...STABLE_DETAILS.address, countryCode: "Denmark" },
    };
    const error = await saveStableBillingDetails(bad).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidBillingDetailsError);
    expect((error as InvalidBillingDetailsError).fields).toEqual([
      "legalName",
      "countryCode",
      "cvr",
      "regNo",
      "accountNo",
      "iban",
      "bic",
      "invoiceEmail",
      "paymentTermsDays",
      "reminderDays",
    ]);
    expect((await getStableBillingDetails()).legalName).toBe("");
  });
});

describe("an owner's billing details", () => {
  it("default to the account's name, e-mail and language, and take the next customer number when first saved", async () => {
    const horse = await testHorse("Nordlys");
    const anna = await createOwner({ horseIds: [horse.id], name: "Anna Holm", language: "da" });
    const bo = await createOwner({ horseIds: [horse.id], name: "Bo Berg", language: "en" });
    expect(await getOwnerBillingDetails(anna.id)).toMatchObject({
      kind: "person",
      name: "Anna Holm",
      email: anna.email,
      language: "da",
      customerNo: null,
      approvalLimitOere: null,
    });
    expect(await saveOwnerBillingDetails(bo.id, { kind: "person", name: null, address, cvr: null, email: null })).toBe(
      true,
    );
    await saveOwnerBillingDetails(anna.id, {
      kind: "company",
      name: "Holm Væddeløb ApS",
      address,
      cvr: "87654321",
      email: "Bogholderi@Holm.dk",
    });
    await saveOwnerBillingDetails(bo.id, { kind: "person", name: null, address, cvr: null, email: null });
    expect(await getOwnerBillingDetails(anna.id)).toMatchObject({
      kind: "company",
      name: "Holm Væddeløb ApS",
      cvr: "87654321",
      email: "bogholderi@holm.dk",
      customerNo: 2,
      address,
    });
    expect((await getOwnerBillingDetails(bo.id))!.customerNo).toBe(1);
    // The language is the account's own: given, it changes there (invoices, mail), logged with the rest.
    const admin = await createUser({ admin: true });
    await runAs({ userId: admin.id, email: admin.email, via: "dashboard" }, () =>
      saveOwnerBillingDetails(bo.id, { kind: "person", name: null, address, cvr: null, email: null, language: "da" }),
    );
    expect(await getOwnerBillingDetails(bo.id)).toMatchObject({ language: "da", customerNo: 1 });
    const changes = (await listActivity()).entries.flatMap((e) => e.changes.filter((c) => c.field === "Language"));
    expect(changes).toEqual([{ field: "Language", old: "English", new: "Danish" }]);
    expect(
      await saveOwnerBillingDetails("nobody", { kind: "person", name: null, address, cvr: null, email: null }),
    ).toBe(false);
  });

  it("refuse a CVR that is not 8 digits or belongs to a person, a company without a name, a missing address", async () => {
    const horse = await testHorse("Nordlys");
    const anna = await createOwner({ horseIds: [horse.id] });
    const save = (values: Partial<Parameters<typeof saveOwnerBillingDetails>[1]>) =>
      saveOwnerBillingDetails(anna.id, {
        kind: "person",
        name: null,
        address,
        cvr: null,
        email: null,
        ...values,
      }).catch((e: InvalidBillingDetailsError) => e.fields);
    expect(await save({ kind: "company", name: "X ApS", cvr: "1234" })).toEqual(["cvr"]);
    expect(await save({ cvr: "12345678" })).toEqual(["cvr"]);
    expect(await save({ kind: "company", name: " " })).toEqual(["name"]);
    expect(await save({ address: { ...address, street: "" }, email: "not-an-address" })).toEqual(["street", "email"]);
  });

  it("hold the owner's own approval limit, saved in their name", async () => {
    const horse = await testHorse("Nordlys");
    const anna = await createOwner({ horseIds: [horse.id], name: "Anna Holm" });
    const asAnna = <T>(fn: () => T) => runAs({ userId: anna.id, email: anna.email, via: "owners" }, fn);
    expect(await asAnna(() => saveApprovalLimit(anna.id, 500000))).toBe(true);
    expect((await getOwnerBillingDetails(anna.id))!.approvalLimitOere).toBe(500000);
    await expect(saveApprovalLimit(anna.id, -1)).rejects.toThrow(InvalidBillingDetailsError);
    expect(await asAnna(() => saveApprovalLimit(anna.id, null))).toBe(true);
    expect((await getOwnerBillingDetails(anna.id))!.approvalLimitOere).toBeNull();
    const { entries } = await listActivity({ kind: "update" });
    expect(entries.map((e) => [e.summary, e.actorEmail])).toEqual([
      [`Approval limit saved: Anna Holm (${anna.email})`, anna.email],
      [`Approval limit saved: Anna Holm (${anna.email})`, anna.email],
    ]);
    const invited = await createOwner({ horseIds: [horse.id], active: false });
    expect(await saveApprovalLimit(invited.id, 100)).toBe(false);
  });
});
