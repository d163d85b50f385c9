import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import type { Route } from "./+types/billing-receipt";
import { mediaStorage } from "~/media/media-storage.server";
import { receiptContentType } from "~/media/receipts.server";
import { receiptFor } from "~/models/cost.server";
import { faultOf, RETRY_AFTER_SECONDS } from "~/platform/faults.server";
import { log } from "~/platform/log.server";
import { openTab } from "./+shared/tab-reads.server";

/**
 * GET /admin/billing/costs/<cost>/receipt: a cost's receipt from the private storage, for
 * administrators only (the admin check first), never kept by any cache, opened in a sandbox so a
 * PDF or photo can run nothing on the site's origin.
 */
const PRIVATE_FILE = {
  "Cache-Control": "private, no-store",
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'; sandbox",
  "X-Robots-Tag": "noindex",
} as const;

const text = (status: number, body: string, extra: Record<string, string> = {}) =>
  new Response(body, { status, headers: { ...PRIVATE_FILE, "Content-Type": "text/plain; charset=utf-8", ...extra } });

export async function loader({ request, params }: Route.LoaderArgs) {
  const { user } = await openTab(request);
  try {
    const key = await receiptFor({ id: user.id, isAdmin: true }, params.id ?? "");
    const file = key ? await mediaStorage().get(key) : null;
    if (!key || !file) return text(404, "Not Found");
    const ext = key.slice(key.lastIndexOf(".") + 1);
    const headers = {
      ...PRIVATE_FILE,
      "Content-Type": receiptContentType(key),
      "Content-Length": String(file.size),
      "Content-Disposition": `inline; filename="receipt-${params.id}.${ext}"`,
    };
    if (request.method === "HEAD") {
      file.stream.destroy();
      return new Response(null, { headers });
    }
    file.stream.on("error", (error) => log.error("receipt read failed", { key, error }));
    return new Response(Readable.toWeb(file.stream) as WebReadableStream as ReadableStream, { headers });
  } catch (error) {
    log.error("receipt lookup failed", { error });
    if (faultOf(error)) return text(503, "Service Unavailable", { "Retry-After": String(RETRY_AFTER_SECONDS) });
    return text(500, "Internal Server Error");
  }
}
