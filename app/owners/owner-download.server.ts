import { getUser } from "~/auth/auth.server";
import { faultOf, RETRY_AFTER_SECONDS } from "~/platform/faults.server";
import { log } from "~/platform/log.server";

/**
 * The owners' own files (decision 0295): an invoice's documents, a cost's receipt. One person's, so
 * no cache on the way may keep it; anything not theirs, not there or asked signed out, by a guest or a
 * revoked owner, is the same 404, so nothing is learnt.
 */
export const PRIVATE_FILE = {
  "Cache-Control": "private, no-store",
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'; sandbox",
} as const;

const text = { ...PRIVATE_FILE, "Content-Type": "text/plain; charset=utf-8" };

/** A record's id as the site makes them (crypto.randomUUID); anything else names nothing. */
export const isRecordId = (value: string | undefined): value is string =>
  !!value && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value);

export const notFound = () => new Response("Not Found", { status: 404, headers: text });

/** The signed-in owner (never a guest: a guest sees none of the money), or null. */
export async function payingOwner(request: Request) {
  const user = await getUser(request);
  return user?.owner && user.owner.role === "owner" && !user.owner.hostId ? user : null;
}

/** A file to save: its bytes, type and name, private. */
export function fileResponse(
  request: Request,
  file: { filename: string; contentType: string; content: Uint8Array },
  disposition: "attachment" | "inline" = "attachment",
) {
  const headers = {
    ...PRIVATE_FILE,
    "Content-Type": file.contentType,
    "Content-Length": String(file.content.byteLength),
    "Content-Disposition": `${disposition}; filename="${file.filename.replace(/[^A-Za-z0-9._-]/g, "_")}"`,
  };
  if (request.method === "HEAD") return new Response(null, { headers });
  return new Response(file.content as BodyInit, { headers });
}

/** A failure reading the file: 503 with when to try again while the database or storage is away, else 500. */
export function failed(what: string, error: unknown) {
  log.error(`${what} failed`, { error });
  if (faultOf(error))
    return new Response("Service Unavailable", {
      status: 503,
      headers: { ...text, "Retry-After": String(RETRY_AFTER_SECONDS) },
    });
  return new Response("Internal Server Error", { status: 500, headers: text });
}
