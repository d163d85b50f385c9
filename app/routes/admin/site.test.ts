import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { getSiteSettings } from "~/models/site-settings.server";
import { getStableBillingDetails } from "~/models/billing-details.server";
import { db } from "~/platform/db.server";
import { socialCardUrl } from "~/media/image";
import { storage } from "~/media/storage.server";
import type { AdminActionData } from "~/routes/admin/+shared/admin-action.server";
import { standardHomeTexts, standardOwnershipText } from "~/i18n/home-texts";
import { buildRequest, signedInUser } from "@tests/auth";
import { answerOf } from "@tests/action-answers";
import { useFreshDatabase } from "@tests/db";
import { plainJpeg, solid } from "@tests/images";
import * as siteTab from "./site";

useFreshDatabase();

let cookie = "";
beforeEach(async () => {
  cookie = (await signedInUser({ admin: true })).cookie;
});

const fields = {
  stableName: "Stald Vestergaard",
  tagline: "Racehorses from the west coast",
  taglineDa: "Væddeløbsheste fra vestkysten",
  heroAltEn: "Horses on the beach",
  heroAltDa: "Heste på stranden",
  excellenceEn: "Our own words.",
  excellenceDa: standardHomeTexts("da").excellence,
  careEn: "",
  careDa: "Altid nogen i stalden.",
  facebook: "https://facebook.com/vestergaard",
  instagram: "",
  youtube: "https://www.youtube.com/@vestergaard",
  x: "",
};

function post(values: Record<string, string>, files: Record<string, Blob> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) form.append(k, v);
  for (const [k, v] of Object.entries(files)) form.append(k, new File([v], `${k}.bin`, { type: "image/jpeg" }));
  const request = buildRequest("/admin/site", { cookie, form });
  return answerOf<AdminActionData>(() => siteTab.action({ request, params: {}, context: {} } as never));
}

const jpeg = async (w: number, h: number) => new Blob([new Uint8Array(await plainJpeg(w, h))]);

describe("Site tab", () => {
  it("saves every field, the logo and the hero photo with its link-preview crop", async () => {
    const r = await post(fields, { logo: await jpeg(400, 400), hero: await jpeg(1600, 1000) });
    expect(r).toMatchObject({
      status: 302,
      location: "/admin/site",
      toast: expect.objectContaining({ type: "success", title: "Site Settings Saved" }),
    });
    const site = await getSiteSettings();
    expect(site).toMatchObject({
      stableName: "Stald Vestergaard",
      taglineDa: fields.taglineDa,
      heroAlt: { en: "Horses on the beach", da: "Heste på stranden" },
      // The standard text unchanged, or none, stays the standard text (it follows the site's own wording).
      excellence: { en: "Our own words.", da: null },
      care: { en: null, da: "Altid nogen i stalden." },
      social: { facebook: fields.facebook, instagram: null, youtube: fields.youtube, x: null },
    });
    expect(site.hero!.url).toMatch(/^\/media\/horse-images\/.+\.jpg$/);
    expect(site.logo!.url).toMatch(/^\/media\/horse-images\/.+\.jpg$/);
    const card = socialCardUrl(site.hero!.url).replace("/media/", "");
    expect(await storage().exists(card)).toBe(true);

    const loaded = await answerOf<AdminActionData>(() =>
      siteTab.loader({
        request: new Request("http://localhost/admin/site", { headers: { Cookie: cookie } }),
      } as never),
    );
    const values = (loaded.data as unknown as { values: Record<string, string> }).values;
    expect(values.excellenceDa).toBe(standardHomeTexts("da").excellence);
    expect(values.careEn).toBe(standardHomeTexts("en").care);
  });

  it("saves the ownership page's text in each language; the standard one unchanged stays the standard", async () => {
    const r = await post({
      ...fields,
      ownershipEn: standardOwnershipText("en"),
      ownershipDa: "Bliv medejer af en af vores heste.\n\nSkriv til os.",
    });
    expect(r.status).toBe(302);
    expect((await getSiteSettings()).ownership).toEqual({
      en: null,
      da: "Bliv medejer af en af vores heste.\n\nSkriv til os.",
    });
    const loaded = await answerOf<AdminActionData>(() =>
      siteTab.loader({
        request: new Request("http://localhost/admin/site", { headers: { Cookie: cookie } }),
      } as never),
    );
    const values = (loaded.data as unknown as { values: Record<string, string> }).values;
    expect(values.ownershipEn).toBe(standardOwnershipText("en"));
    const tooLong = await post({ ...fields, ownershipEn: "x".repeat(3001) });
    expect(tooLong.data!.errors!.ownershipEn).toBe("Must be 3000 characters or less");
  });

  it("refuses links that are not https, a missing name and a file that is not an image, saving nothing", async () => {
    for (const [field, value] of [
      ["facebook", "http://facebook.com/x"],
      ["instagram", "javascript:alert(1)"],
      ["x", "x.com/stald"],
    ] as const) {
      const r = await post({ ...fields, [field]: value });
      expect(r.status).toBe(400);
      expect(r.data!.errors![field]).toBe("Enter a full https:// address");
    }
    const nameless = await post({ ...fields, stableName: "  " });
    expect(nameless.data!.errors!.stableName).toBe("Stable name is required");
    const notImage = await post(fields, { hero: new Blob(["hello"]) });
    expect(notImage.status).toBe(400);
    expect(notImage.data!.errors!.hero).toContain("not an image");
    expect((await getSiteSettings()).stableName).toBe("Stald Nordlys");
  });

  it("refuses an AVIF logo and keeps the site's own", async () => {
    const avif = new Blob([new Uint8Array(await solid(64, 64).avif().toBuffer())]);
    const r = await post(fields, { logo: avif });
    expect(r.status).toBe(400);
    expect(r.data!.errors!.logo).toBe("The logo must be a PNG, JPEG or WebP image.");
    expect((await getSiteSettings()).logoUrl).toBe("/logo.svg");
  });

  it("answers a failing database with 'Failed to …', the typed values back", async () => {
    await sql`alter table site_settings rename to site_settings_gone`.execute(db());
    const r = await post(fields);
    expect(r.status).toBe(500);
    expect(r.toast).toMatchObject({ type: "error", title: "Error", description: "Failed to save site settings" });
    expect(r.data!.values.stableName).toBe("Stald Vestergaard");
    const loaded = await answerOf<AdminActionData>(() =>
      siteTab.loader({
        request: new Request("http://localhost/admin/site", { headers: { Cookie: cookie } }),
      } as never),
    );
    expect((loaded.data as unknown as { fetchError: unknown }).fetchError).toMatchObject({
      description: "Failed to fetch site settings",
    });
  });

  it("sends visitors to sign in and non-administrators away", async () => {
    cookie = "";
    expect((await post(fields)).location).toMatch(/^\/auth\b/);
    cookie = (await signedInUser({ email: "owner@example.dk" })).cookie;
    expect((await post(fields)).location).toBe("/");
    expect((await getSiteSettings()).stableName).toBe("Stald Nordlys");
  });
});

describe("Site tab, Invoicing Details", () => {
  const invoicing = {
    intent: "invoicing",
    legalName: "Stald Nordlys ApS",
    street: "Dyrehavevej 1",
    postalCode: "2930",
    city: "Klampenborg",
    countryCode: "dk",
    cvr: "1234 5678",
    regNo: "1234",
    accountNo: "0012345678",
    iban: "dk50 0040 0440 1162 43",
    bic: "dabadkkk",
    paymentTermsDays: "8",
    reminderDays: "",
    invoiceEmail: "faktura@example.dk",
  };
  const stableDetails = async () => {
    const { phone: _phone, ...rest } = await getStableBillingDetails();
    return rest;
  };

  it("saves the stable's details as the seller on its invoices, and the tab shows them", async () => {
    const r = await post(invoicing);
    expect(r).toMatchObject({
      status: 302,
      location: "/admin/site?saved=invoicing#item-invoicing",
      toast: expect.objectContaining({ type: "success", title: "Invoicing Details Saved" }),
    });
    expect(await stableDetails()).toEqual({
      legalName: "Stald Nordlys ApS",
      address: { street: "Dyrehavevej 1", postalCode: "2930", city: "Klampenborg", countryCode: "DK" },
      cvr: "12345678",
      bank: { regNo: "1234", accountNo: "0012345678", iban: "DK5000400440116243", bic: "DABADKKK" },
      invoiceEmail: "faktura@example.dk",
      paymentTermsDays: 8,
      reminderDays: null,
    });
    const loaded = await siteTab.loader({
      request: new Request("http://localhost/admin/site", { headers: { Cookie: cookie } }),
    } as never);
    expect(loaded.invoicing).toMatchObject({ legalName: "Stald Nordlys ApS", cvr: "12345678", paymentTermsDays: "8" });
  });

  it("refuses what an invoice could not carry, with the field's message, and keeps what was saved", async () => {
    const before = await stableDetails();
    const r = await post({
      ...invoicing,
      legalName: " ",
      cvr: "1234",
      regNo: "12",
      iban: "DK50",
      invoiceEmail: "not-an-address",
      paymentTermsDays: "400",
      reminderDays: "x",
    });
    expect(r.status).toBe(400);
    expect(r.data!.errors).toEqual({
      legalName: "Legal name is required",
      cvr: "Enter the 8-digit CVR number",
      regNo: "Enter the 4-digit registration number",
      iban: "Enter a valid IBAN, e.g. DK5000400440116243",
      invoiceEmail: "Enter a valid e-mail address",
      paymentTermsDays: "Enter a number of days from 0 to 365",
      reminderDays: "Enter a number of days from 1 to 365, or leave empty",
    });
    expect(r.data!.values.legalName).toBe(" ");
    expect(await stableDetails()).toEqual(before);
  });

  it("says it in Danish to an administrator who reads Danish", async () => {
    const danish = await signedInUser({ admin: true, email: "da@example.dk" });
    await db().updateTable("users").set({ admin_language: "da" }).where("id", "=", danish.user.id).execute();
    cookie = danish.cookie;
    const r = await post({ ...invoicing, cvr: "12" });
    expect(r.data!.errors!.cvr).toBe("Skriv det 8-cifrede CVR-nummer");
    expect((await post(invoicing)).toast).toMatchObject({ title: "Fakturaoplysninger gemt" });
  });

  it("refuses visitors and non-administrators, saving nothing", async () => {
    const before = await stableDetails();
    cookie = "";
    expect((await post(invoicing)).location).toMatch(/^\/auth\b/);
    cookie = (await signedInUser({ email: "owner@example.dk" })).cookie;
    expect((await post(invoicing)).location).toBe("/");
    expect(await stableDetails()).toEqual(before);
  });
});
