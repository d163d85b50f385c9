import fs from "node:fs";
import path from "node:path";

/**
 * The mail a test site wrote to DATA_DIR/mail (no SMTP_URL set), read back the way a mail program
 * shows it: headers with their encoded words decoded, the text and HTML parts decoded from
 * quoted-printable or base64.
 */
export type FileMail = {
  to: string;
  subject: string;
  headers: Record<string, string>;
  text: string;
  html: string;
};

function decodeBytes(text: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case "quoted-printable": {
      const joined = text.replace(/=\r?\n/g, "");
      const bytes: number[] = [];
      for (let i = 0; i < joined.length; i++) {
        const hex = joined[i] === "=" ? joined.slice(i + 1, i + 3) : "";
        if (/^[0-9A-F]{2}$/i.test(hex)) {
          bytes.push(parseInt(hex, 16));
          i += 2;
        } else bytes.push(...Buffer.from(joined[i]!, "utf8"));
      }
      return Buffer.from(bytes).toString("utf8");
    }
    case "base64":
      return Buffer.from(text.replace(/\s+/g, ""), "base64").toString("utf8");
    default:
      return text;
  }
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=), adjacent ones joined. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeBytes(text.replace(/_/g, " "), "quoted-printable"),
    );
}

function split(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.indexOf("\n\n");
  const head = (at < 0 ? raw : raw.slice(0, at)).replace(/\n[ \t]+/g, " ");
  const headers: Record<string, string> = {};
  for (const line of head.split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body: at < 0 ? "" : raw.slice(at + 2) };
}

export function parseMail(raw: string): FileMail {
  const { headers, body } = split(raw.replace(/\r\n/g, "\n"));
  const parts: { type: string; text: string }[] = [];
  const boundary = /boundary="?([^";]+)"?/.exec(headers["content-type"] ?? "")?.[1];
  const chunks = boundary ? body.split(`--${boundary}`).slice(1, -1) : [body];
  for (const chunk of chunks) {
    const part = boundary ? split(chunk.replace(/^\n/, "")) : { headers, body };
    parts.push({
      type: (part.headers["content-type"] ?? "text/plain").split(";")[0]!.trim(),
      text: decodeBytes(part.body, part.headers["content-transfer-encoding"]),
    });
  }
  return {
    to: headers.to ?? "",
    subject: headers.subject ?? "",
    headers,
    text: parts.find((p) => p.type === "text/plain")?.text ?? "",
    html: parts.find((p) => p.type === "text/html")?.text ?? "",
  };
}

/** Every mail the site has written so far, oldest first. */
export function mailIn(dataDir: string): FileMail[] {
  const dir = path.join(dataDir, "mail");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((file) => parseMail(fs.readFileSync(path.join(dir, file), "utf8")));
}
