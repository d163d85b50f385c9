import { describe, expect, test } from "vitest";
import { checkContact, type ContactValues } from "./contact-form";

const valid: ContactValues = {
  name: "Anne Jensen",
  email: "anne@example.com",
  message: "I would like to visit the yard.",
};
const email = (length: number) => `${"a".repeat(length - "@example.com".length)}@example.com`;

function check(patch: Partial<ContactValues>) {
  return checkContact({ ...valid, ...patch });
}

describe("contact form rules (spec section 5)", () => {
  test.each([
    ["name", "", "Name is required"],
    ["name", "   \t ", "Name is required"],
    ["name", "a".repeat(101), "Name must be less than 100 characters"],
    ["name", ` ${"a".repeat(101)} `, "Name must be less than 100 characters"],
    ["email", "", "Invalid email address"],
    ["email", "    ", "Invalid email address"],
    ["email", "not-an-address", "Invalid email address"],
    ["email", "anne@localhost", "Invalid email address"],
    ["email", email(256), "Email must be less than 255 characters"],
    ["message", "", "Message must be at least 10 characters"],
    ["message", "          ", "Message must be at least 10 characters"],
    ["message", "123456789", "Message must be at least 10 characters"],
    ["message", "   123456789   ", "Message must be at least 10 characters"],
    ["message", "x".repeat(2001), "Message must be less than 2000 characters"],
  ] as const)("%s %j is refused with %j", (field, value, message) => {
    const result = check({ [field]: value });
    expect(result).toEqual({ ok: false, firstError: message, fieldErrors: { [field]: message } });
  });

  test.each([
    ["name", "a"],
    ["name", "a".repeat(100)],
    ["name", `  ${"a".repeat(100)}  `],
    ["email", email(255)],
    ["email", `  ${email(255)} `],
    ["message", "1234567890"],
    ["message", "x".repeat(2000)],
    ["message", `\n${"x".repeat(2000)}\n\n`],
  ] as const)("%s %j at the boundary is accepted", (field, value) => {
    const result = check({ [field]: value });
    expect(result.ok).toBe(true);
  });

  test("values are trimmed", () => {
    expect(checkContact({ name: "  Anne ", email: " anne@example.com\t", message: "\n Hello stable! \n" })).toEqual({
      ok: true,
      data: { name: "Anne", email: "anne@example.com", message: "Hello stable!" },
    });
  });

  test("the first failing rule, in field order, is the one reported; every field keeps its own", () => {
    expect(checkContact({ name: "", email: "x", message: "short" })).toEqual({
      ok: false,
      firstError: "Name is required",
      fieldErrors: {
        name: "Name is required",
        email: "Invalid email address",
        message: "Message must be at least 10 characters",
      },
    });
    expect(check({ email: "x", message: "short" })).toMatchObject({ firstError: "Invalid email address" });
  });

  test("a name cannot carry a line break into the mail headers, and the e-mail is exactly one address", () => {
    for (const name of ["Anne\r\nBcc: victim@example.com", "Anne\nX", "Anne\u0000"]) {
      expect(check({ name })).toMatchObject({ ok: false, fieldErrors: { name: "Name must be on a single line" } });
    }
    for (const e of [
      "a@example.com\r\nBcc: b@example.com",
      "a@example.com, b@example.com",
      "A <a@example.com>",
      "a@example.com b@example.com",
    ]) {
      expect(check({ email: e })).toMatchObject({ ok: false, fieldErrors: { email: "Invalid email address" } });
    }
  });
});

describe("contact form rules in Danish (the same schema, the page's language)", () => {
  test("each rule has its Danish message, the first failing one reported", () => {
    expect(checkContact({ name: "", email: "x", message: "short" }, "da")).toEqual({
      ok: false,
      firstError: "Skriv dit navn",
      fieldErrors: {
        name: "Skriv dit navn",
        email: "Skriv en gyldig e-mailadresse",
        message: "Beskeden skal være på mindst 10 tegn",
      },
    });
    const da = (patch: Partial<ContactValues>) => checkContact({ ...valid, ...patch }, "da");
    expect(da({ name: "a".repeat(101) })).toMatchObject({ firstError: "Navnet må højst være på 100 tegn" });
    expect(da({ name: "Anne\nX" })).toMatchObject({ firstError: "Navnet skal stå på én linje" });
    expect(da({ email: email(256) })).toMatchObject({ firstError: "E-mailadressen må højst være på 255 tegn" });
    expect(da({ message: "x".repeat(2001) })).toMatchObject({ firstError: "Beskeden må højst være på 2000 tegn" });
    expect(da({})).toMatchObject({ ok: true });
  });
});
