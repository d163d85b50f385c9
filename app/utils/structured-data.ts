import type { ContactInfo } from "~/models/contact-info.server";
import type { SiteSettings } from "./site";

/** schema.org data describing the stable, for search engines' rich results. */
export function stableStructuredData(site: SiteSettings, contact: ContactInfo, origin: string) {
  const address = contact.address.trim();
  return {
    "@context": "https://schema.org",
    "@type": "SportsOrganization",
    name: site.stableName,
    description: site.tagline,
    sport: "Horse racing",
    url: `${origin}/`,
    logo: /^https?:/.test(site.logoUrl) ? site.logoUrl : `${origin}${site.logoUrl}`,
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

/** JSON for a <script type="application/ld+json">: "<" escaped so no text can close the element. */
export function jsonLd(value: unknown) {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
