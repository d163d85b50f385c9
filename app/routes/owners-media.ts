import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import type { Route } from "./+types/owners-media";
import { getUser } from "~/auth/auth.server";
import { mediaStorage } from "~/media/media-storage.server";
import { PRIVATE_MEDIA_URL_PREFIX } from "~/media/image";
import { contentTypeOf } from "~/media/object-storage.server";
import { isSiteMediaKey, normaliseKey, PRIVATE_KEY_PREFIX } from "~/media/storage.server";
import { mayViewPrivatePhoto } from "~/owners/private-media.server";
import { faultOf, RETRY_AFTER_SECONDS } from "~/platform/faults.server";
import { log } from "~/platform/log.server";

/**
 * One person's photo, never anybody else's copy: no cache on the way may keep it (a shared one, the
 * browser's after signing out), so a revoked owner's next request is refused like anyone's.
 */
const PRIVATE_FILE = {
  "Cache-Control": "private, no-store",
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'; sandbox",
} as const;

/** Not there, not theirs, not yet out, or not a name the site gives: the same answer, so nothing is learnt. */
const notFound = () =>
  new Response("Not Found", { status: 404, headers: { ...PRIVATE_FILE, "Content-Type": "text/plain; charset=utf-8" } });

/**
 * GET /owners/media/<bucket>/<name>: a private photo (of an owners-only post) from the private
 * storage, to administrators and to the owners and guests of a horse the post is tagged with
 * (decision 0210). Never from /media/, a public bucket or a CDN.
 */
export async function loader({ request }: Route.LoaderArgs) {
  // The path as sent: stored names never hold '%', so an escape is refused, not decoded.
  let key: string;
  try {
    key = PRIVATE_KEY_PREFIX + normaliseKey(new URL(request.url).pathname.slice(PRIVATE_MEDIA_URL_PREFIX.length));
  } catch {
    return notFound();
  }
  if (!isSiteMediaKey(key)) return notFound();
  try {
    const user = await getUser(request);
    if (!(await mayViewPrivatePhoto(user && { id: user.id, isAdmin: user.isAdmin }, key))) return notFound();
    const file = await mediaStorage().get(key);
    if (!file) return notFound();
    const headers = { ...PRIVATE_FILE, "Content-Type": contentTypeOf(key), "Content-Length": String(file.size) };
    if (request.method === "HEAD") {
      file.stream.destroy();
      return new Response(null, { headers });
    }
    file.stream.on("error", (error) => log.error("private media read failed", { key, error }));
    return new Response(Readable.toWeb(file.stream) as WebReadableStream as ReadableStream, { headers });
  } catch (error) {
    log.error("private media lookup failed", { key, error });
    const text = { ...PRIVATE_FILE, "Content-Type": "text/plain; charset=utf-8" };
    // The database or the storage cannot be reached: temporary, so say when to try again.
    if (faultOf(error))
      return new Response("Service Unavailable", {
        status: 503,
        headers: { ...text, "Retry-After": String(RETRY_AFTER_SECONDS) },
      });
    return new Response("Internal Server Error", { status: 500, headers: text });
  }
}
