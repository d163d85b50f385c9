import { describe, expect, test } from "vitest";
import { countChanges } from "@tests/content-changes";
import { useFreshDatabase } from "@tests/db";
import { getContactInfo, saveContactInfo } from "./contact-info.server";
import { db } from "~/platform/db.server";

useFreshDatabase();

describe("contact info", () => {
  test("an empty database has an empty contact row", async () => {
    expect(await getContactInfo()).toEqual({ address: "", phoneNumber: "", emailAddress: "" });
  });

  test("contact info is one row", async () => {
    await saveContactInfo({
      address: "Vej 1\n2930 Klampenborg",
      phoneNumber: "+45 12 34 56 78",
      emailAddress: "a@b.dk",
    });
    await saveContactInfo({ address: "Vej 2", phoneNumber: "", emailAddress: "" });
    expect(await getContactInfo()).toEqual({ address: "Vej 2", phoneNumber: "", emailAddress: "" });
    expect(await db().selectFrom("contact_info").select("id").execute()).toHaveLength(1);
  });

  test("contact info saves and signals the change", async () => {
    const changes = countChanges();
    await saveContactInfo({ address: "Vej 1", phoneNumber: "1", emailAddress: "a@b.dk" });
    changes.stop();
    expect(changes.count).toBe(1);
    expect(await getContactInfo()).toEqual({ address: "Vej 1", phoneNumber: "1", emailAddress: "a@b.dk" });
  });
});
