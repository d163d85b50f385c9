import type { Kysely } from "kysely";
import type { Database } from "@db/schema";
import { db } from "~/platform/db.server";
import { writeContent } from "~/platform/invalidation.server";
import { changedFields, recordActivity } from "./activity.server";
import { imageRef, type NewImage } from "./image-columns";
import { DEFAULT_LOGO_URL, DEFAULT_SITE_SETTINGS, type SiteSettings } from "./site-settings";

const COLUMNS = [
  "stable_name",
  "tagline",
  "tagline_da",
  "logo_url",
  "logo_width",
  "logo_height",
  "hero_url",
  "hero_width",
  "hero_height",
  "hero_alt_en",
  "hero_alt_da",
  "excellence_en",
  "excellence_da",
  "care_en",
  "care_da",
  "ownership_en",
  "ownership_da",
  "facebook_url",
  "instagram_url",
  "youtube_url",
  "x_url",
] as const;

function readRow(q: Kysely<Database>) {
  return q.selectFrom("site_settings").select(COLUMNS).where("id", "=", 1).executeTakeFirst();
}

type Row = NonNullable<Awaited<ReturnType<typeof readRow>>>;

function toSettings(r: Row): SiteSettings {
  const uploaded = r.logo_url !== DEFAULT_LOGO_URL ? imageRef(r.logo_url, r.logo_width, r.logo_height) : null;
  return {
    stableName: r.stable_name,
    tagline: r.tagline,
    taglineDa: r.tagline_da,
    logoUrl: r.logo_url,
    logo: uploaded,
    hero: imageRef(r.hero_url, r.hero_width, r.hero_height),
    heroAlt: { en: r.hero_alt_en, da: r.hero_alt_da },
    excellence: { en: r.excellence_en, da: r.excellence_da },
    care: { en: r.care_en, da: r.care_da },
    ownership: { en: r.ownership_en, da: r.ownership_da },
    social: { facebook: r.facebook_url, instagram: r.instagram_url, youtube: r.youtube_url, x: r.x_url },
  };
}

export async function getSiteSettings(): Promise<SiteSettings> {
  const row = await readRow(db());
  return row ? toSettings(row) : DEFAULT_SITE_SETTINGS;
}

/** What the Site tab saves; the images are new uploads (null: keep the current one). */
export type SiteSettingsInput = {
  stableName: string;
  tagline: string;
  taglineDa: string;
  heroAltEn: string;
  heroAltDa: string;
  excellenceEn: string | null;
  excellenceDa: string | null;
  careEn: string | null;
  careDa: string | null;
  /** Absent: kept as it is (a save that does not show the texts). */
  ownershipEn?: string | null;
  ownershipDa?: string | null;
  facebook: string | null;
  instagram: string | null;
  youtube: string | null;
  x: string | null;
  logo?: NewImage | null;
  hero?: NewImage | null;
  /** Back to the site's own logo drawing. */
  removeLogo?: boolean;
  /** No hero photo of its own: the first gallery image again. */
  removeHero?: boolean;
};

const LABELS = {
  stable_name: "Stable Name",
  tagline: "Tagline (English)",
  tagline_da: "Tagline (Danish)",
  logo_url: "Logo",
  hero_url: "Hero Photo",
  hero_alt_en: "Hero Photo Description (English)",
  hero_alt_da: "Hero Photo Description (Danish)",
  excellence_en: "Excellence Text (English)",
  excellence_da: "Excellence Text (Danish)",
  care_en: "24/7 Text (English)",
  care_da: "24/7 Text (Danish)",
  ownership_en: "Ownership Text (English)",
  ownership_da: "Ownership Text (Danish)",
  facebook_url: "Facebook",
  instagram_url: "Instagram",
  youtube_url: "YouTube",
  x_url: "X",
} as const;

/**
 * Saves the Site tab in one transaction, with its activity entry; every public page follows
 * (contentChanged). Answers the images it no longer uses, removed once this has committed.
 */
export async function saveSiteSettings(values: SiteSettingsInput): Promise<{ replacedImageUrls: (string | null)[] }> {
  return writeContent(async (trx) => {
    const before = await readRow(trx);
    const logo = values.logo
      ? { logo_url: values.logo.url, logo_width: values.logo.width, logo_height: values.logo.height }
      : values.removeLogo
        ? { logo_url: DEFAULT_LOGO_URL, logo_width: null, logo_height: null }
        : before
          ? { logo_url: before.logo_url, logo_width: before.logo_width, logo_height: before.logo_height }
          : { logo_url: DEFAULT_LOGO_URL, logo_width: null, logo_height: null };
    const hero = values.hero
      ? { hero_url: values.hero.url, hero_width: values.hero.width, hero_height: values.hero.height }
      : values.removeHero || !before
        ? { hero_url: null, hero_width: null, hero_height: null }
        : { hero_url: before.hero_url, hero_width: before.hero_width, hero_height: before.hero_height };
    const row = {
      stable_name: values.stableName,
      tagline: values.tagline,
      tagline_da: values.taglineDa,
      ...logo,
      ...hero,
      hero_alt_en: values.heroAltEn,
      hero_alt_da: values.heroAltDa,
      excellence_en: values.excellenceEn,
      excellence_da: values.excellenceDa,
      care_en: values.careEn,
      care_da: values.careDa,
      ownership_en: values.ownershipEn === undefined ? (before?.ownership_en ?? null) : values.ownershipEn,
      ownership_da: values.ownershipDa === undefined ? (before?.ownership_da ?? null) : values.ownershipDa,
      facebook_url: values.facebook,
      instagram_url: values.instagram,
      youtube_url: values.youtube,
      x_url: values.x,
    };
    await trx
      .insertInto("site_settings")
      .values({ id: 1, ...row })
      .onConflict((oc) => oc.column("id").doUpdateSet(row))
      .execute();
    const changes = before ? changedFields(before, { ...before, ...row }, LABELS) : [];
    await recordActivity({ kind: "update", entity: "site", summary: "Site settings updated", changes }, { trx });
    const replaced = (old: string | null | undefined, now: string | null) =>
      old && old !== now && old.startsWith("/media/") ? old : null;
    return { replacedImageUrls: [replaced(before?.logo_url, row.logo_url), replaced(before?.hero_url, row.hero_url)] };
  });
}
