/** What a route module's `handle` tells the root layout. */
export type RouteHandle = {
  /**
   * false: a first visit gets the page as plain server-rendered HTML with the small public script
   * (app/islands), not the React app (decision 0120). Client navigation from the app still renders it.
   */
  hydrate?: boolean;
  /** The plain page's script (an app/islands entry imported with ?worker&url) when it needs more than the common one. */
  script?: string;
};

/** The handle of the public pages. */
export const PLAIN_PAGE: RouteHandle = { hydrate: false };

/** The deepest matched route's handle, where the root layout reads what kind of page it renders. */
export function leafHandle(matches: readonly { handle?: unknown }[]): RouteHandle {
  return (matches.at(-1)?.handle as RouteHandle | undefined) ?? {};
}
