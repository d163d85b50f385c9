import { issueFormStamp } from "~/contact/form-stamp.server";
import { env } from "~/platform/env.server";
import { contentTypeOf } from "~/pages/registry";

/**
 * GET /form-stamp: a fresh form stamp for a form whose page carries none (the footer's Subscribe
 * form, so that every page stays shared in the page cache: decision 0193), and how long the form
 * must then wait before it may be sent. Never stored by any cache.
 */
export function loader() {
  return new Response(JSON.stringify({ stamp: issueFormStamp(), waitMs: env().CONTACT_MIN_FILL_MS }), {
    headers: {
      "Content-Type": contentTypeOf("form-stamp"),
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
