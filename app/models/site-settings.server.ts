import { db } from "~/platform/db.server";
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from "~/models/site-settings";

export async function getSiteSettings(): Promise<SiteSettings> {
  const row = await db()
    .selectFrom("site_settings")
    .select(["stable_name", "tagline", "logo_url"])
    .where("id", "=", 1)
    .executeTakeFirst();
  if (!row) return DEFAULT_SITE_SETTINGS;
  return { stableName: row.stable_name, tagline: row.tagline, logoUrl: row.logo_url };
}
