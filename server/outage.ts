import { RETRY_AFTER_SECONDS, recordingFaults, type FaultKind } from "~/platform/faults.server";
import type { FetchHandler } from "./request-handler";

const WHY: Record<FaultKind, string> = {
  "database-unavailable": "The site cannot reach its database right now.",
  "database-replaced": "The site's database file was deleted or replaced while it was running.",
  "disk-full": "The server's disk is full.",
  "storage-unavailable": "The site cannot use its storage right now.",
  "object-storage-unavailable": "The site cannot reach its photo storage right now.",
};

/** Plain HTML without scripts: it must render when nothing else works. */
const outagePage = (kind: FaultKind) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Temporarily unavailable</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:15vh auto;padding:0 1rem;color:#1c1917;line-height:1.5}h1{font-size:1.75rem}a{color:#7c2d12}</style>
</head>
<body>
<h1>Temporarily unavailable</h1>
<p>${WHY[kind]} Please try again in a minute.</p>
<p><a href="/">Return to Home</a></p>
</body>
</html>
`;

function isDocumentRequest(request: Request) {
  return !new URL(request.url).pathname.endsWith(".data");
}

function withRetryAfter(response: Response) {
  const headers = new Headers(response.headers);
  headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * Wraps the React Router handler. A page whose loader or action failed (500) because of an
 * operational fault, such as the database being unreachable, answers a short 503 page instead of
 * the generic error page (navigation data keeps its body and becomes 503); every 503 says when to
 * try again (Retry-After). Faults are noted by handleError in app/entry.server.tsx while the
 * request runs.
 */
export function withOutageAnswers(handle: FetchHandler): FetchHandler {
  return async (request) => {
    const { value: response, fault } = await recordingFaults(() => handle(request));
    // Client navigation decodes the error from the data itself: only the status changes.
    if (response.status === 500 && fault && !isDocumentRequest(request)) {
      return withRetryAfter(new Response(response.body, { status: 503, headers: response.headers }));
    }
    if (response.status === 500 && fault) {
      await response.body?.cancel();
      return new Response(request.method === "HEAD" ? null : outagePage(fault.kind), {
        status: 503,
        headers: {
          "Content-Type": "text/html; charset=utf-8",
          "Cache-Control": "no-store",
          "Retry-After": String(RETRY_AFTER_SECONDS),
        },
      });
    }
    if (response.status === 503 && !response.headers.has("Retry-After")) return withRetryAfter(response);
    return response;
  };
}
