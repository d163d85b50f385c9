import { createRequestHandler, type ServerBuild } from "react-router";
import { matchPath } from "~/pages/page-match";
import { withOutageAnswers } from "./outage";
import type { FetchHandler } from "./request-handler";

/**
 * Whether a path is the navigation-data address of a feed, site file or download
 * (`/owners/media/….jpg.data`, `/admin/news/subscribers.csv.data`). React Router would run its
 * loader and answer the file inside the data, without the file's own headers (`private, no-store`,
 * its type, its sandbox); nothing of the site asks for one.
 */
export function isResourceData(pathname: string) {
  if (!pathname.endsWith(".data")) return false;
  const entry = matchPath(pathname.slice(0, -".data".length))?.entry;
  return !!entry && entry.kind !== "page";
}

const notFound = () =>
  new Response("Not Found", {
    status: 404,
    headers: { "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" },
  });

/**
 * React Router's request handler as the site runs it: a resource's `.data` address is 404 before
 * any loader runs, and an outage answers 503 (server/outage.ts). The authorization matrix sends its
 * requests through the same handler (tests/router.ts).
 */
export function renderApp(build: ServerBuild | (() => Promise<ServerBuild>), mode: string): FetchHandler {
  const handle = createRequestHandler(build, mode);
  return withOutageAnswers(async (request) =>
    isResourceData(new URL(request.url).pathname) ? notFound() : handle(request),
  );
}
