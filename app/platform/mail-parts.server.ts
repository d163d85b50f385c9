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
