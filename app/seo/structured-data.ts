import type { ContactInfo } from "~/models/contact-info.server";
import type { Runner } from "~/models/runner.server";
import { raceStartIso } from "~/racing/race-day";
import { socialLinks, taglineIn, type SiteSettings } from "~/models/site-settings";
import { pathTo } from "~/pages/registry";

/**
 * schema.org data describing the stable, for search engines' rich results: its name, tagline in the
 * page's language, logo, contact details and its profiles elsewhere (`sameAs`).
 */
export function stableStructuredData(
  site: SiteSettings,
  contact: ContactInfo,
  origin: string,
  lang: "en" | "da" = "en",
) {
  const address = contact.address.trim();
  const profiles = socialLinks(site).map((link) => link.url);
  return {
    "@context": "https://schema.org",
    "@type": "SportsOrganization",
    name: site.stableName,
    description: taglineIn(site, lang),
    sport: "Horse racing",
    url: `${origin}${pathTo("home", { lang })}`,
    logo: /^https?:/.test(site.logoUrl) ? site.logoUrl : `${origin}${site.logoUrl}`,
    ...(profiles.length ? { sameAs: profiles } : {}),
    ...(contact.phoneNumber.trim() ? { telephone: contact.phoneNumber.trim() } : {}),
    ...(contact.emailAddress.trim() ? { email: contact.emailAddress.trim() } : {}),
    ...(address
      ? {
          address: {
            "@type": "PostalAddress",
            streetAddress: address.replace(/\s*\n\s*/g, ", "),
            addressCountry: "DK",
          },
        }
      : {}),
  };
}

/** schema.org SportsEvent data for runners: one event per race the stable's horse runs in. */
export function runnerEvents(runners: Runner[], origin: string) {
  return runners.map((runner) => ({
    "@context": "https://schema.org",
    "@type": "SportsEvent",
    name: `${runner.horseName} – ${runner.raceName}`,
    sport: "Horse racing",
    startDate: raceStartIso(runner.raceDate, runner.postTime),
    eventStatus:
      runner.status === "withdrawn" ? "https://schema.org/EventCancelled" : "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    url: `${origin}${pathTo("horse", { slug: runner.horseSlug })}`,
    ...(runner.track?.trim() ? { location: { "@type": "Place", name: runner.track.trim() } } : {}),
  }));
}

/** JSON for a <script type="application/ld+json">: "<" escaped so no text can close the element. */
export function jsonLd(value: unknown) {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/**
 * schema.org data for a horse's page: the horse as a Thing of Wikidata's kind "horse", its name,
 * photo and address, and a description in the page's language: its age, colour, sex, pedigree and
 * year of birth in one sentence (`summary`), then the stable's own words about it.
 */
export function horseStructuredData(
  horse: { name: string; image: { url: string } | null },
  { url, origin, summary, description }: { url: string; origin: string; summary: string; description: string },
) {
  return {
    "@context": "https://schema.org",
    "@type": "Thing",
    additionalType: "https://www.wikidata.org/wiki/Q726",
    name: horse.name,
    url,
    ...(horse.image ? { image: /^https?:/.test(horse.image.url) ? horse.image.url : origin + horse.image.url } : {}),
    description: [`${summary}.`, description.trim()].filter(Boolean).join(" "),
  };
}
