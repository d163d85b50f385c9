import { describe, expect, it } from "vitest";
import { getContactInfo } from "~/models/contact-info.server";
import type { Toast } from "~/toast/toast";
import { breakTable, failure, success, useAdmin } from "@tests/admin-actions";
import { useFreshDatabase } from "@tests/db";
import * as contactInfoTab from "./contact-info";

useFreshDatabase();

const { run } = useAdmin();

describe("Contact Info tab", () => {
  it("saves the single row and answers a failing database with the spec's toast", async () => {
    const values = {
      intent: "save",
      address: "Dyrehavevej 1\n2930 Klampenborg",
      phoneNumber: "+45 12 34 56 78",
      emailAddress: "stald@example.dk",
    };
    const r = await run(contactInfoTab.action, "/admin/contact-info", values);
    expect(r).toMatchObject({
      status: 302,
      location: "/admin/contact-info",
      toast: success("Contact Information Updated", "Contact details have been saved successfully."),
    });
    expect(await getContactInfo()).toEqual({
      address: values.address,
      phoneNumber: values.phoneNumber,
      emailAddress: values.emailAddress,
    });
    await breakTable("contact_info");
    const broken = await run(contactInfoTab.action, "/admin/contact-info", { ...values, address: "New" });
    expect(broken).toMatchObject({ status: 500, toast: failure("Failed to update contact information") });
    expect(broken.data!.values.address).toBe("New");
    const loaded = await run(contactInfoTab.loader, "/admin/contact-info");
    expect((loaded.data as unknown as { fetchError: Toast }).fetchError).toEqual(
      failure("Failed to fetch contact information"),
    );
  });
});
