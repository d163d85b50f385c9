import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { env } from "./env.server";
import { PARTIAL_MAIL_AGE_MS, sendMail, senderAddress, sweepPartialMail } from "./mail.server";

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

describe("mail without SMTP_URL", () => {
  it("lands in DATA_DIR/mail whole, written beside and moved in, with nothing left beside", async () => {
    const attachment = Buffer.alloc(256 * 1024, 7);
    const sent = await sendMail({
      to: "office@stald.example",
      subject: "A whole mail",
      text: "Everything in one piece.",
      attachments: [{ filename: "big.bin", contentType: "application/octet-stream", content: attachment }],
    });
    const dir = path.join(env().dataDir, "mail");
    expect(fs.readdirSync(dir)).toEqual([path.basename(sent.file!)]);
    const raw = fs.readFileSync(sent.file!, "utf8");
    expect(raw).toContain("To: office@stald.example");
    expect(raw).toContain("Subject: A whole mail");
    expect(raw.trimEnd().endsWith("--")).toBe(true);
    expect(fs.statSync(sent.file!).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(path.join(env().dataDir, "tmp", "mail"))).toEqual([]);
  });

  it("leaves a mail being written, and housekeeping removes one a killed process left", async () => {
    const partial = path.join(env().dataDir, "tmp", "mail");
    fs.mkdirSync(partial, { recursive: true });
    const writing = path.join(partial, "being-written.eml");
    const killed = path.join(partial, "killed-mid-write.eml");
    fs.writeFileSync(writing, "From: ");
    fs.writeFileSync(killed, "From: ");
    const longAgo = new Date(Date.now() - PARTIAL_MAIL_AGE_MS - 60_000);
    fs.utimesSync(killed, longAgo, longAgo);
    expect(await sweepPartialMail()).toBe(1);
    expect(fs.readdirSync(partial)).toEqual(["being-written.eml"]);
    fs.rmSync(writing);
  });
});
