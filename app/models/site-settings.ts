export type SiteSettings = { stableName: string; tagline: string; logoUrl: string };

/** Used until the settings row is read, and whenever it cannot be. */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  stableName: "Stald Nordlys",
  tagline: "Thoroughbred training from Klampenborg to the winner's circle",
  logoUrl: "/logo.svg",
};

/** The stable's name from the root loader's data in a route's `meta` (defaults before it is read). */
export function stableNameFrom(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { site?: SiteSettings } | undefined;
  return root?.site?.stableName ?? DEFAULT_SITE_SETTINGS.stableName;
}
