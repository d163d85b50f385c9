import { PassThrough } from "node:stream";
import type { EntryContext, HandleErrorFunction } from "react-router";
import { ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { withPageCss } from "~/islands/page-css.server";
import { SITE_CSS } from "~/platform/critical-css.server";
import { ServerDocumentContext, SiteCssContext } from "~/components/document-context";
import { contentSecurityPolicy, inlineScriptHashes, newScriptMarker, removeScriptMarker } from "~/platform/csp.server";
import { env } from "~/platform/env.server";
import { noteFault } from "~/platform/faults.server";
import { log } from "~/platform/log.server";

export const streamTimeout = 5_000;

const mediaOrigins = () => {
  const publicUrl = env().MEDIA_PUBLIC_URL;
  return publicUrl ? [new URL(publicUrl).origin] : [];
};

/**
 * Renders the whole document before answering (pages read their data in loaders, so nothing is
 * gained by streaming), which lets the Content-Security-Policy list the hash of every inline
 * script React Router emitted, and only those: they carry this render's marker. Hashes, unlike a
 * nonce, stay valid when the page cache serves the same bytes again.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const marker = newScriptMarker();
    const chunks: Buffer[] = [];
    const body = new PassThrough();
    body.on("data", (chunk: Buffer) => chunks.push(chunk));
    body.on("error", reject);
    body.on("end", () => {
      clearTimeout(timeout);
      const rendered = Buffer.concat(chunks).toString("utf8");
      const html = withPageCss(removeScriptMarker(rendered, marker));
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      if (env().NODE_ENV !== "development") {
        responseHeaders.set(
          "Content-Security-Policy",
          contentSecurityPolicy(inlineScriptHashes(rendered, marker), mediaOrigins()),
        );
      }
      resolve(new Response(request.method === "HEAD" ? null : html, { status, headers: responseHeaders }));
    });

    const app = (
      <ServerDocumentContext.Provider value={true}>
        <SiteCssContext.Provider value={SITE_CSS}>
          <ServerRouter context={routerContext} url={request.url} nonce={marker} />
        </SiteCssContext.Provider>
      </ServerDocumentContext.Provider>
    );
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce: marker,
      onAllReady() {
        pipe(body);
      },
      onShellError(error: unknown) {
        clearTimeout(timeout);
        reject(error);
      },
      onError(error: unknown) {
        status = 500;
        if (!request.signal.aborted) log.error("Rendering failed", { path: new URL(request.url).pathname, error });
      },
    });
    const timeout = setTimeout(abort, streamTimeout + 1000);
  });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  // An aborted request (the visitor went away) is not an error of ours.
  if (request.signal.aborted) return;
  // An operational fault (database unreachable) turns the error page into a 503 (server/outage.ts).
  noteFault(error);
  log.error("Request failed", { method: request.method, path: new URL(request.url).pathname, error });
};
