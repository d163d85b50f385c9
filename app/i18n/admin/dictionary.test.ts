import { describe, expect, it } from "vitest";
import { IMAGE_MESSAGES, imageProblemText, pixelDetails, type ImageProblem } from "~/media/image";
import { UPLOAD_MESSAGES } from "~/media/upload.server";
import { ACTIVITY_KINDS } from "~/models/activity-kinds";
import { FAULT_REASONS } from "~/platform/faults.server";
import { TRASH_KINDS } from "~/trash/kinds.server";
import { ADMIN_SECTIONS, adminDa, adminEn, adminTranslator, isAdminKey, msg } from "./dictionary";

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)(?:'s)?\}/g)].map((m) => m[1]).sort();

describe("the dashboard's texts", () => {
  it("give each key one section, and Danish exactly the English keys", () => {
    const keys = ADMIN_SECTIONS.flatMap((s) => Object.keys(s.en));
    expect(new Set(keys).size).toBe(keys.length);
    for (const s of ADMIN_SECTIONS) expect(Object.keys(s.da).sort()).toEqual(Object.keys(s.en).sort());
    expect(Object.keys(adminDa).sort()).toEqual(Object.keys(adminEn).sort());
  });

  it("have no empty text, and each Danish text takes the values its English one takes", () => {
    for (const key of Object.keys(adminEn) as (keyof typeof adminEn)[]) {
      expect(adminEn[key].trim(), key).not.toBe("");
      expect(adminDa[key].trim(), key).not.toBe("");
      expect(placeholders(adminDa[key]), key).toEqual(placeholders(adminEn[key]));
    }
  });

  it("keep the specification's English texts", () => {
    const t = adminTranslator("en");
    const spec: Record<string, string> = {
      "dashboard.title": "Admin Dashboard",
      "dashboard.subtitle": "Manage your racing stable content with ease",
      "dashboard.welcome": "Welcome back",
      "tabs.contactInfo": "Contact Info",
      "home.latestNews": "Latest News",
      "home.saveNews": "Save Latest News",
      "home.gallery": "Homepage Gallery (4 Images)",
      "loading.news": "Loading latest news...",
      "loading.images": "Loading images...",
      "loading.horses": "Loading horses...",
      "loading.winners": "Loading winners...",
      "loading.team": "Loading team members...",
      "loading.contactInfo": "Loading contact information...",
      "horses.add": "Add New Horse",
      "horses.list": "Current Horses",
      "horses.addButton": "Add Horse",
      "horses.totalPrize": "Total Prize Money (DKK)",
      "horses.addPrize": "Add Prize Money (DKK)",
      "winners.add": "Add New Victory",
      "winners.list": "Recent Victories",
      "winners.edit": "Edit Victory Record",
      "winners.addButton": "Add Victory",
      "team.add": "Add Team Member",
      "team.list": "Team Members",
      "team.addButton": "Add Member",
      "contactInfo.save": "Save Contact Information",
      "form.saveChanges": "Save Changes",
      "form.cancel": "Cancel",
      "toast.error": "Error",
      "fetch.horses": "Failed to fetch horses",
      "fetch.teamMembers": "Failed to fetch team members",
      "fetch.contactInfo": "Failed to fetch contact information",
      "fetch.latestNews": "Failed to fetch latest news",
      "fetch.homeImages": "Failed to fetch home images",
      "horses.addFailed": "Failed to add horse",
      "winners.addFailed": "Failed to add winner",
      "team.addFailed": "Failed to add team member",
      "team.moveFailed": "Failed to update team member position",
      "contactInfo.failed": "Failed to update contact information",
      "home.newsTooLong": "News text must be 160 characters or less",
      "home.newsFailed": "Failed to update latest news",
      "home.imageFailed": "Failed to update home image",
      "horses.deleteFailed": "Failed to delete horse",
      "team.orderUpdated": "Order Updated",
      "team.orderUpdatedText": "Team member position has been updated.",
      "contactInfo.saved": "Contact Information Updated",
      "contactInfo.savedText": "Contact details have been saved successfully.",
      "home.newsSaved": "Latest News Updated",
      "home.newsSavedText": "News has been saved successfully.",
      "home.imageSaved": "Image Updated",
      "home.imageSavedText": "Home page image has been updated successfully.",
      "horses.deleted": "Horse Deleted",
      "horses.deletedText": "Horse has been removed successfully.",
      "toast.itemDeleted": "Item Deleted",
      "toast.itemDeletedText": "The item has been removed successfully.",
      "horses.added": "Horse Added",
      "winners.added": "Winner Added",
      "team.added": "Team Member Added",
      "horses.updated": "Horse Updated",
      "winners.updated": "Winner Updated",
      "team.updated": "Team Member Updated",
    };
    for (const [key, text] of Object.entries(spec)) {
      expect(isAdminKey(key), key).toBe(true);
      if (isAdminKey(key)) expect(t(key), key).toBe(text);
    }
    expect(t(msg("horses.edit", { name: "Nordlys" }))).toBe("Edit Horse: Nordlys");
  });

  it("say what the site's own modules say in English, and name every kind the log and the trash hold", () => {
    const t = adminTranslator("en");
    for (const problem of Object.keys(IMAGE_MESSAGES) as ImageProblem[]) {
      const details = pixelDetails(8000, 8000);
      expect(t(`upload.${problem}`, details), problem).toBe(imageProblemText(problem, details));
    }
    for (const [problem, text] of Object.entries(UPLOAD_MESSAGES)) {
      const key = `upload.${problem}`;
      expect(isAdminKey(key), key).toBe(true);
      if (isAdminKey(key)) expect(t(key), key).toBe(text);
    }
    for (const [kind, reason] of Object.entries(FAULT_REASONS)) {
      const key = `fault.${kind}`;
      expect(isAdminKey(key) && t(key), key).toBe(reason);
    }
    for (const [kind, label] of Object.entries(ACTIVITY_KINDS)) {
      const key = `activity.kind.${kind}`;
      expect(isAdminKey(key) && t(key), key).toBe(label);
    }
    for (const [name, kind] of TRASH_KINDS) {
      const key = `trash.noun.${name}`;
      expect(isAdminKey(key) && t(key), key).toBe(kind.noun);
    }
  });

  it("read in Danish for an administrator who chose it", () => {
    const da = adminTranslator("da");
    expect(da("dashboard.title")).toBe("Kontrolpanel");
    expect(da(msg("tabs.unread", { tab: da("tabs.messages"), count: 2 }))).toBe("Beskeder, 2 ulæste");
    expect(da({ shown: "as typed" })).toBe("as typed");
  });
});
