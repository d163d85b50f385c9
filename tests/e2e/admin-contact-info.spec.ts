import { test, expect } from "./fixtures";
import { getContactInfo, saveContactInfo } from "~/models/contact-info.server";

test("contact info saves as one row and the Contact page shows it at once", async ({ adminPage: page }) => {
  await saveContactInfo({ address: "Old road 1", phoneNumber: "", emailAddress: "" });
  await page.goto("/admin/contact-info");
  const form = page.getByRole("form", { name: "Contact Information" });
  await expect(form.getByLabel("Stable Address", { exact: true })).toHaveValue("Old road 1");
  await form.getByLabel("Stable Address", { exact: true }).fill("Dyrehavevej 1\n2930 Klampenborg");
  await form.getByLabel("Phone Number", { exact: true }).fill("+45 12 34 56 78");
  await form.getByLabel("Email Address", { exact: true }).fill("stald@example.dk");
  await form.getByRole("button", { name: "Save Contact Information" }).click();
  await expect(page.getByText("Contact Information Updated", { exact: true })).toBeVisible();
  await expect(page.getByText("Contact details have been saved successfully.")).toBeVisible();
  expect(await getContactInfo()).toEqual({
    address: "Dyrehavevej 1\n2930 Klampenborg",
    phoneNumber: "+45 12 34 56 78",
    emailAddress: "stald@example.dk",
  });

  await page.goto("/contact");
  await expect(page.getByText("+45 12 34 56 78")).toBeVisible();
  await expect(page.getByText("2930 Klampenborg")).toBeVisible();
});
