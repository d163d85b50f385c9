import { createHash } from "node:crypto";
import { env } from "./env.server";

/**
 * The site's address in the links of its mail: PUBLIC_ORIGIN, else the one the change that queued
 * the mail came through (an allowed local address: the host check let nothing else in), never a Host header's.
 */
export function mailOrigin(linkOrigin: string | null): string {
  const configured = env().PUBLIC_ORIGIN;
  if (configured) return new URL(configured).origin;
  return linkOrigin ?? `http://localhost:${env().PORT}`;
}

/** A subject is one header line: names typed with line breaks lose them. */
export function oneLine(text: string) {
  return text.replace(/[\p{Cc}\u2028\u2029]+/gu, " ").trim();
}

/** The domain of the site's own Message-IDs: PUBLIC_ORIGIN's host, else localhost. */
export function mailDomain() {
  const origin = env().PUBLIC_ORIGIN;
  return origin ? new URL(origin).hostname : "localhost";
}

/**
 * A Message-ID made from what makes a mail one mail (a post and a subscriber; an event and a
 * person): composed again for a retry, or for a claim taken over after a crash, it is the same, so a
 * receiving server can drop the second copy.
 */
export function stableMessageId(kind: string, ...parts: string[]) {
  const digest = createHash("sha256").update(parts.join("\n")).digest("hex").slice(0, 32);
  return `<${kind}.${digest}@${mailDomain()}>`;
}
