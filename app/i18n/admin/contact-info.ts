import { section } from "./section";

/** The Contact Info tab (the spec's texts). */
export const contactInfoTexts = section(
  {
    "contactInfo.title": "Contact Information",
    "contactInfo.address": "Stable Address",
    "contactInfo.phone": "Phone Number",
    "contactInfo.email": "Email Address",
    "contactInfo.save": "Save Contact Information",
    "contactInfo.saved": "Contact Information Updated",
    "contactInfo.savedText": "Contact details have been saved successfully.",
    "contactInfo.failed": "Failed to update contact information",
  },
  {
    "contactInfo.title": "Kontaktoplysninger",
    "contactInfo.address": "Staldens adresse",
    "contactInfo.phone": "Telefonnummer",
    "contactInfo.email": "E-mailadresse",
    "contactInfo.save": "Gem kontaktoplysninger",
    "contactInfo.saved": "Kontaktoplysninger opdateret",
    "contactInfo.savedText": "Kontaktoplysningerne er gemt.",
    "contactInfo.failed": "Kontaktoplysningerne kunne ikke opdateres",
  },
);
