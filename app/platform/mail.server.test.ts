import { describe, expect, it } from "vitest";
import { senderAddress } from "./mail.server";

describe("senderAddress", () => {
  it("names the sender as the mail does when MAIL_FROM is only an address", () => {
    expect(senderAddress("no-reply@localhost", "Stald Nordlys")).toEqual({
      name: "Stald Nordlys",
      address: "no-reply@localhost",
    });
    expect(senderAddress("<post@stald.example>", "Stald Øst")).toEqual({
      name: "Stald Øst",
      address: "post@stald.example",
    });
  });

  it("keeps a name MAIL_FROM gives, and a bare address when the mail names nobody", () => {
    expect(senderAddress("Nordlys Racing <post@stald.example>", "Stald Nordlys")).toBe(
      "Nordlys Racing <post@stald.example>",
    );
    expect(senderAddress('"Nordlys, Racing" <post@stald.example>', "Stald Nordlys")).toBe(
      '"Nordlys, Racing" <post@stald.example>',
    );
    expect(senderAddress("no-reply@localhost")).toBe("no-reply@localhost");
  });
});
