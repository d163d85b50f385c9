import { UNSAFE_decodeViaTurboStream, UNSAFE_SingleFetchRedirectSymbol, type ServerBuild } from "react-router";
import routes from "~/routes";
import * as entry from "~/entry.server";
import { withRequestSession } from "~/auth/auth.server";
import { renderApp } from "@server/render-app";

/** A route of the table as app/routes.ts declares it. */
export type RouteEntry = { id?: string; path?: string; index?: boolean; file: string; children?: RouteEntry[] };

export type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];

/** The intents a route's action declares (adminAction, ownersAction), or null where it declares none. */
export function declaredIntents(module: RouteModule): readonly string[] | null {
  return (module.action as { intents?: readonly string[] } | undefined)?.intents ?? null;
}

const MODULES = import.meta.glob<RouteModule>([
  "/app/root.tsx",
  "/app/routes/**/*.tsx",
  "/app/routes/**/*.ts",
  "!/app/routes/**/*.test.ts",
  "!/app/routes/**/*.test.tsx",
  "!/app/routes/**/+shared/**",
]);

/** A route module by its file, relative to app/ as app/routes.ts names it. */
export async function routeModule(file: string): Promise<RouteModule> {
  const load = MODULES[`/app/${file}`];
  if (!load) throw new Error(`route module ${file} not found`);
  return load();
}

type Handler = (args: { request: Request; params: Record<string, string>; context: unknown }) => Promise<unknown>;

/** Calls a route module's loader or action directly, as React Router would with these arguments. */
export async function callRoute(
  file: string,
  kind: "loader" | "action",
  request: Request,
  params: Record<string, string> = {},
): Promise<unknown> {
  const handler = (await routeModule(file))[kind] as Handler | undefined;
  if (!handler) throw new Error(`${file} has no ${kind}`);
  try {
    return await handler({ request, params, context: {} });
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

/** React Router's route id: the one given, else the file without its extension. */
const idOf = (route: RouteEntry) => route.id ?? route.file.replace(/\.[^.]+$/, "");

/**
 * One address of the route table: its path pattern as React Router matches it, and the route that
 * answers it (a layout's index route, where it has one: `/admin` is the dashboard's home).
 */
export type RouteRow = {
  path: string;
  id: string;
  file: string;
  index: boolean;
  /** The routes above it (root excluded), whose loaders run too. */
  parents: string[];
};

/** Every address of app/routes.ts, once, in the table's order. */
export function routeRows(table: RouteEntry[] = routes as RouteEntry[]): RouteRow[] {
  const rows = new Map<string, RouteRow>();
  const walk = (entries: RouteEntry[], parent: string, parents: string[]) => {
    for (const route of entries) {
      const path = route.index
        ? parent || "/"
        : `${parent.replace(/\/$/, "")}/${route.path ?? ""}`.replace(/\/+$/, "") || "/";
      const id = idOf(route);
      // A layout's own row gives way to its index route, which answers the same address.
      if (!rows.has(path) || route.index) rows.set(path, { path, id, file: route.file, index: !!route.index, parents });
      walk(route.children ?? [], path, [...parents, id]);
    }
  };
  walk(table, "", []);
  return [...rows.values()];
}

/**
 * The server build React Router makes of app/routes.ts, from the route modules as the tests load
 * them (so with the test's database, storage and auth). Only the document's rendering is left out
 * (entry.server's `default`): a page answers its status and headers with an empty body; the rest of
 * app/entry.server.tsx (handleError, streamTimeout) is the site's.
 */
export async function testServerBuild(): Promise<ServerBuild> {
  const manifest: ServerBuild["routes"] = { root: { id: "root", path: "", module: await routeModule("root.tsx") } };
  const add = async (entries: RouteEntry[], parentId: string) => {
    for (const route of entries) {
      const id = idOf(route);
      manifest[id] = { id, parentId, path: route.path, index: route.index, module: await routeModule(route.file) };
      await add(route.children ?? [], id);
    }
  };
  await add(routes as RouteEntry[], "root");
  const clientRoutes = Object.fromEntries(
    Object.values(manifest).map((route) => {
      const { id, parentId, path, index, module } = route!;
      const client = {
        id,
        parentId,
        path,
        index,
        hasAction: !!module.action,
        hasLoader: !!module.loader,
        hasClientAction: false,
        hasClientLoader: false,
        hasClientMiddleware: false,
        hasErrorBoundary: !!module.ErrorBoundary,
        module: `/${id}.js`,
        clientActionModule: undefined,
        clientLoaderModule: undefined,
        clientMiddlewareModule: undefined,
        hydrateFallbackModule: undefined,
      };
      return [id, client];
    }),
  );
  return {
    entry: { module: { ...entry, default: (_request, status, headers) => new Response(null, { status, headers }) } },
    routes: manifest,
    assets: {
      entry: { imports: [], module: "/entry.client.js" },
      routes: clientRoutes,
      url: "/manifest.js",
      version: "test",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    // As react-router.config.ts has it: no future flags.
    future: { v8_middleware: false, v8_passThroughRequests: false, v8_trailingSlashAwareDataRequests: false },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  };
}

/** What a request got: its status, where it was sent (a redirect, or a `.data` answer's redirect), its headers and data. */
export type Answer = { status: number; location: string | null; headers: Headers; data?: unknown };

/**
 * The site's React Router handler (server/render-app.ts) over that build, each request's session
 * looked up once as server/app.ts has it. A `.data` request's redirect (React Router answers 202
 * with the redirect in the data) is read back as its location.
 */
export async function siteHandler(): Promise<(request: Request) => Promise<Answer>> {
  const handle = renderApp(await testServerBuild(), "test");
  return async (request) => {
    const response = await withRequestSession(() => handle(request));
    const isData = new URL(request.url).pathname.endsWith(".data");
    if (!isData || !response.body || !response.headers.get("Content-Type")?.startsWith("text/x-script")) {
      await response.body?.cancel();
      return { status: response.status, location: response.headers.get("Location"), headers: response.headers };
    }
    const decoded = await UNSAFE_decodeViaTurboStream(response.body, globalThis);
    await decoded.done;
    const value = decoded.value as Record<string | symbol, unknown>;
    // A GET's redirect sits under a symbol, an action's is the answer itself.
    const redirect = (value[UNSAFE_SingleFetchRedirectSymbol] ?? (response.status === 202 ? value : null)) as {
      redirect?: string;
    } | null;
    return { status: response.status, location: redirect?.redirect ?? null, headers: response.headers, data: value };
  };
}

/** The `.data` address client navigation uses for a path: `/_root.data` for the home page, else the path + `.data`. */
export function dataPath(path: string) {
  const url = new URL(path, "http://localhost");
  url.pathname = url.pathname === "/" ? "/_root.data" : `${url.pathname}.data`;
  return `${url.pathname}${url.search}`;
}
