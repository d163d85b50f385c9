export type SiteSettings = { stableName: string; tagline: string; logoUrl: string };

/** Used until the settings row is read, and whenever it cannot be. */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  stableName: "Stald Nordlys",
  tagline: "Thoroughbred training from Klampenborg to the winner's circle",
  logoUrl: "/logo.svg",
};
