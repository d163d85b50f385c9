/**
 * Sample content for a fresh installation: one racing season (scripts/demo-season.ts) with its
 * horses, results, victories, entries and news, the team, the banner, an invited owner with
 * owners-only updates, the home gallery, contact details and the Site tab, every text in English and
 * Danish, with photos drawn as SVG and rendered to JPEG by sharp (no downloads).
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { getContactInfo, isContactInfoEmpty, saveContactInfo } from "~/models/contact-info.server";
import { listHomeImages, updateHomeImage } from "~/models/home-image.server";
import { createHorse } from "~/models/horse.server";
import { saveNews } from "~/models/news.server";
import { inviteOwner } from "~/models/owner-account.server";
import { createPost } from "~/models/post.server";
import { createTeamMember } from "~/models/team-member.server";
import { listWinnersWithHorses, updateWinner } from "~/models/winner.server";
import { fillDemoBilling } from "./demo-billing";
import { createRunner, declareRunner, withdrawRunner } from "~/models/runner.server";
import { recordResult } from "~/models/runner-result.server";
import { danishLocalToIso } from "~/racing/declaration";
import { saveSiteSettings } from "~/models/site-settings.server";
import { danishToday } from "~/racing/race-day";
import { fromDanishLocal } from "~/news/publish-at";
import { HORSES, planSeason, type PlannedPost } from "./demo-season";
import { db } from "~/platform/db.server";
import { storeImage, type StoredImage, type StoreOptions } from "~/media/images.server";
import { mediaStorage } from "~/media/media-storage.server";
import type { Bucket } from "~/media/storage.server";

/** A generated photo goes through the same pipeline as an upload: validated, variants written. */
async function saveImage(
  bucket: Bucket,
  jpeg: Buffer,
  options: Pick<StoreOptions, "homePosition" | "socialCard" | "private"> = {},
): Promise<StoredImage> {
  const file = path.join(os.tmpdir(), `stable-demo-${crypto.randomUUID()}.jpg`);
  await fs.writeFile(file, jpeg);
  try {
    return await storeImage(bucket, { path: file }, options);
  } finally {
    await fs.rm(file, { force: true });
  }
}

/** The tables the demo fills; any row in one of them means the database is someone's real content. */
export async function contentCounts() {
  const count = async (
    table: "horses" | "winners" | "runners" | "team_members" | "latest_news" | "posts" | "owner_accounts",
  ) => {
    const row = await db()
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return {
    horses: await count("horses"),
    winners: await count("winners"),
    runners: await count("runners"),
    team_members: await count("team_members"),
    latest_news: await count("latest_news"),
    posts: await count("posts"),
    owner_accounts: await count("owner_accounts"),
  };
}

// ---------------------------------------------------------------------------------------------
// Drawing

type Palette = { skyTop: string; skyBottom: string; ground: string; far: string; coat: string; mane: string };

function horseShape(x: number, y: number, scale: number, coat: string, mane: string, flip = false) {
  const transform = `translate(${x} ${y}) scale(${flip ? -scale : scale} ${scale})`;
  return `<g transform="${transform}">
    <path d="M-62 -8 C-80 0 -86 26 -80 52 C-74 34 -70 18 -60 6 Z" fill="${mane}"/>
    <ellipse cx="0" cy="0" rx="62" ry="27" fill="${coat}"/>
    <path d="M40 -12 L62 -62 L80 -66 L70 -4 Z" fill="${coat}"/>
    <path d="M62 -62 L72 -80 L110 -44 L104 -32 L82 -40 Z" fill="${coat}"/>
    <path d="M66 -70 L70 -92 L78 -74 Z" fill="${coat}"/>
    <path d="M44 -14 L60 -60 L68 -66 L54 -16 Z" fill="${mane}"/>
    <rect x="-48" y="14" width="11" height="64" rx="4" fill="${coat}"/>
    <rect x="-30" y="14" width="11" height="64" rx="4" fill="${coat}"/>
    <rect x="22" y="14" width="11" height="64" rx="4" fill="${coat}"/>
    <rect x="38" y="12" width="11" height="66" rx="4" fill="${coat}"/>
    <g fill="#1c1917"><rect x="-49" y="74" width="13" height="7" rx="2"/><rect x="-31" y="74" width="13" height="7" rx="2"/>
    <rect x="21" y="74" width="13" height="7" rx="2"/><rect x="37" y="74" width="13" height="7" rx="2"/></g>
  </g>`;
}

function landscape(width: number, height: number, p: Palette, extra = "") {
  const horizon = height * 0.62;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.skyTop}"/><stop offset="1" stop-color="${p.skyBottom}"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#sky)"/>
  <circle cx="${width * 0.78}" cy="${height * 0.22}" r="${height * 0.09}" fill="#fff7d6" opacity="0.85"/>
  <path d="M0 ${horizon} Q ${width * 0.25} ${horizon - height * 0.14} ${width * 0.5} ${horizon - height * 0.04} T ${width} ${horizon - height * 0.08} V ${height} H 0 Z" fill="${p.far}"/>
  <rect y="${horizon}" width="${width}" height="${height - horizon}" fill="${p.ground}"/>
  ${extra}
</svg>`;
}

function rails(width: number, y: number) {
  const posts = Array.from(
    { length: Math.ceil(width / 90) + 1 },
    (_, i) => `<rect x="${i * 90}" y="${y}" width="6" height="44" fill="#f5f5f4"/>`,
  );
  return `<rect y="${y}" width="${width}" height="7" fill="#f5f5f4"/>${posts.join("")}`;
}

const PALETTES: Palette[] = [
  { skyTop: "#f7b267", skyBottom: "#fde7c8", ground: "#4d7c3a", far: "#6b8f5a", coat: "#6b3f22", mane: "#2b1a10" },
  { skyTop: "#7fb3d5", skyBottom: "#e3f0f7", ground: "#3f7a3a", far: "#5f8c56", coat: "#8a4b22", mane: "#3b2313" },
  { skyTop: "#9aa9bc", skyBottom: "#e6e9ee", ground: "#557a46", far: "#768f6a", coat: "#b9b7b2", mane: "#5f5d59" },
  { skyTop: "#5b86b0", skyBottom: "#cfe0ee", ground: "#46733c", far: "#628759", coat: "#2a211c", mane: "#0f0c0a" },
  { skyTop: "#e98a6b", skyBottom: "#f9d9c4", ground: "#5b7f3b", far: "#7b9660", coat: "#a0522d", mane: "#4a2612" },
  { skyTop: "#86b6c9", skyBottom: "#eef6f8", ground: "#4f8240", far: "#6e9a5e", coat: "#4a2c1a", mane: "#1f130b" },
];

const COATS: Record<string, [string, string]> = {
  Bay: ["#7b4526", "#1f140d"],
  "Dark Bay": ["#4a2c1a", "#140c07"],
  Chestnut: ["#a0522d", "#6e3718"],
  Grey: ["#b9b7b2", "#6f6d69"],
  Black: ["#241d19", "#0c0908"],
  Brown: ["#5b3a24", "#2a1a10"],
};

/** Rasterises a drawing at a photo's typical upload width (smaller than drawn keeps the demo quick). */
async function jpeg(svg: string, width: number) {
  return sharp(Buffer.from(svg)).resize({ width }).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}

function horsePortrait(color: string, seed: number) {
  const [coat, mane] = COATS[color] ?? COATS.Bay!;
  const p = { ...PALETTES[seed % PALETTES.length]!, coat, mane };
  return landscape(1200, 900, p, `${rails(1200, 600)}${horseShape(560, 650, 2.6, coat, mane, seed % 2 === 1)}`);
}

function winnerScene(seed: number, coat: string) {
  const p = PALETTES[(seed + 2) % PALETTES.length]!;
  const finish = `<rect x="1040" y="330" width="14" height="330" fill="#fafaf9"/><circle cx="1047" cy="330" r="34" fill="#c81e1e"/><circle cx="1047" cy="330" r="20" fill="#fafaf9"/>`;
  const silks = ["#c81e1e", "#1d4ed8", "#ca8a04", "#15803d", "#7e22ce"][seed % 5]!;
  const jockey = `<g transform="translate(615 500)"><ellipse cx="0" cy="0" rx="30" ry="40" fill="${silks}"/><circle cx="14" cy="-52" r="20" fill="${silks}"/></g>`;
  return landscape(
    1200,
    800,
    p,
    `${rails(1200, 540)}<rect y="610" width="1200" height="190" fill="#3c6e31"/>${finish}${horseShape(600, 600, 2.3, coat, "#1c1917")}${jockey}`,
  );
}

function personPortrait(seed: number) {
  const backgrounds = ["#dcebe1", "#f1e4c3", "#dbe4ee", "#efdcd5", "#e4e1ee"];
  const jackets = ["#13432b", "#7f5f13", "#1e3a5f", "#6b2d1f", "#3f3f46"];
  const skins = ["#f1c7a8", "#e0ac86", "#c68b64", "#f3d2b9", "#d9a07b"];
  const hair = ["#3b2313", "#d6b26e", "#1c1917", "#8a4b22", "#9ca3af"];
  const i = seed % 5;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
  <rect width="800" height="800" fill="${backgrounds[i]}"/>
  <path d="M0 560 Q 200 500 400 540 T 800 520 V 800 H 0 Z" fill="#ffffff" opacity="0.35"/>
  <path d="M170 800 C 180 610 270 540 400 540 C 530 540 620 610 630 800 Z" fill="${jackets[i]}"/>
  <path d="M360 540 L400 620 L440 540 Z" fill="#fafaf9"/>
  <rect x="360" y="450" width="80" height="100" rx="30" fill="${skins[i]}"/>
  <ellipse cx="400" cy="360" rx="112" ry="130" fill="${skins[i]}"/>
  <path d="M288 350 C 280 230 360 200 400 205 C 470 205 525 250 512 350 C 490 290 440 270 400 272 C 350 272 305 300 288 350 Z" fill="${hair[i]}"/>
</svg>`;
}

/** Home's first screen: a string of horses at morning exercise, wide enough for a desktop. */
function heroSvg() {
  const p = PALETTES[0]!;
  return landscape(
    2400,
    1350,
    p,
    `${rails(2400, 930)}${horseShape(1560, 1060, 3.4, COATS.Bay![0], COATS.Bay![1])}${horseShape(1020, 1110, 3, COATS.Grey![0], COATS.Grey![1])}${horseShape(520, 1150, 2.6, COATS["Dark Bay"]![0], COATS["Dark Bay"]![1])}`,
  );
}

function gallerySvg(index: number) {
  const p = PALETTES[index]!;
  switch (index) {
    case 0: // Morning gallop on the track.
      return landscape(1600, 1200, p, `${rails(1600, 800)}${horseShape(800, 880, 3.2, p.coat, p.mane)}`);
    case 1: // The stable block.
      return landscape(
        1600,
        1200,
        p,
        `<rect x="260" y="420" width="1080" height="360" fill="#8b3a2b"/><path d="M220 430 L800 250 L1380 430 Z" fill="#3f3f46"/>
        ${[0, 1, 2, 3, 4].map((d) => `<rect x="${330 + d * 200}" y="560" width="120" height="220" fill="#5b2a1f"/><rect x="${330 + d * 200}" y="560" width="120" height="100" fill="#f5f5f4" opacity="0.85"/>`).join("")}
        <rect x="770" y="300" width="60" height="60" fill="#fafaf9"/>`,
      );
    case 2: // Grey horse at pasture.
      return landscape(
        1600,
        1200,
        p,
        `${horseShape(620, 900, 2.8, p.coat, p.mane, true)}${horseShape(1180, 960, 1.6, "#7b4526", "#1f140d")}`,
      );
    default: // Evening in the paddock.
      return landscape(1600, 1200, p, `${rails(1600, 860)}${horseShape(900, 930, 3, p.coat, p.mane, true)}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Content

const TEAM = [
  {
    name: "Henrik Lauritsen",
    role: { en: "Head Trainer", da: "Cheftræner" },
    description: {
      en: "Henrik has trained in Klampenborg for more than twenty years and saddled two Danish Derby winners. He plans every horse's season himself.",
      da: "Henrik har trænet i Klampenborg i mere end tyve år og har sadlet to vindere af Dansk Derby. Han planlægger selv hver hests sæson.",
    },
  },
  {
    name: "Maja Thomsen",
    role: { en: "Assistant Trainer", da: "Assistenttræner" },
    description: {
      en: "Maja rides out every morning and runs the yard when Henrik is at the races. She has a gift for bringing on young horses.",
      da: "Maja rider ud hver morgen og styrer stalden, når Henrik er på banen. Hun har et særligt tag på de unge heste.",
    },
  },
  {
    name: "Lars Vestergaard",
    role: { en: "Head Groom", da: "Staldmester" },
    description: {
      en: "Lars knows every horse's habits, feeds and quirks. Nothing leaves the yard for the races without his final check.",
      da: "Lars kender hver hests vaner, foder og særheder. Intet forlader stalden til løb uden hans sidste kontrol.",
    },
  },
  {
    name: "Emma Kjær",
    role: { en: "Work Rider", da: "Træningsrytter" },
    description: {
      en: "A former apprentice jockey, Emma gives our horses their fast work and reports back on every canter.",
      da: "Emma er tidligere lærlingejockey. Hun rider hestenes hurtige arbejde og fortæller om hver eneste galop.",
    },
  },
  { name: "Dr. Peter Winther", role: { en: "Equine Veterinarian", da: "Dyrlæge" }, description: null },
];

const GALLERY_ALT = [
  { en: "Morning gallop on the training track", da: "Morgengalop på træningsbanen" },
  { en: "The stable block in the afternoon sun", da: "Stalden i eftermiddagssolen" },
  { en: "Horses grazing in the paddock", da: "Heste på græs på folden" },
  { en: "A racehorse in the paddock at sunset", da: "En væddeløbshest på folden ved solnedgang" },
];

/** An owner invited for two horses, who sees the owners-only updates about Nordlys. */
export { DEMO_COMPANY } from "./demo-billing";

export const DEMO_OWNER = {
  name: "Karen Holm",
  email: "karen.holm@example.com",
  language: "en" as const,
  horses: ["Nordlys", "Sølvpil"],
};

export class DatabaseNotEmptyError extends Error {}

/** Posts appear at 10:00 Danish time on their day. */
const publishAt = (day: string) => fromDanishLocal(`${day}T10:00`)!;

/**
 * Fills an empty database with the sample content; refuses (throws) when any content exists.
 * `heroPhoto`: a photograph (any format sharp reads) to use as the hero instead of the drawn one;
 * the bench uses one to measure Home with a photo's weight. `today`: the Danish date the season is
 * placed around (the tests fix it).
 */
export async function fillDemo(
  report: (line: string) => void = () => {},
  { heroPhoto, today = danishToday() }: { heroPhoto?: Buffer; today?: string } = {},
) {
  const counts = await contentCounts();
  const present = Object.entries(counts).filter(([, n]) => n > 0);
  if (present.length) {
    throw new DatabaseNotEmptyError(
      `The database already has content (${present.map(([t, n]) => `${n} ${t}`).join(", ")}); the demo only fills an empty database.`,
    );
  }
  const plan = planSeason(today);
  const wins = plan.run.filter((r) => r.result.position === 1 && r.photo);

  // Every photo is drawn before the first row is written, so a drawing failure leaves the database empty.
  const gallery = await listHomeImages();
  const galleryImages = await Promise.all(
    gallery.map(async (row, index) =>
      saveImage("horse-images", await jpeg(gallerySvg(index % 4), 1280), { homePosition: row.position }),
    ),
  );
  const horseImages = await Promise.all(
    HORSES.map(async (h, i) =>
      saveImage("horse-images", await jpeg(horsePortrait(h.color, i), 960), { socialCard: true }),
    ),
  );
  const coatOf = (name: string) => COATS[HORSES.find((h) => h.name === name)!.color]![0];
  const winnerPhotos = await Promise.all(
    wins.map(async (w, i) => saveImage("winner-photos", await jpeg(winnerScene(i, coatOf(w.horse)), 960))),
  );
  const teamPhotos = await Promise.all(
    TEAM.map(async (_, i) => saveImage("team-photos", await jpeg(personPortrait(i), 640))),
  );
  const heroJpeg = heroPhoto
    ? await sharp(heroPhoto).rotate().jpeg({ quality: 85, mozjpeg: true }).toBuffer()
    : await jpeg(heroSvg(), 2400);
  const hero = await saveImage("horse-images", heroJpeg, { socialCard: true });
  const postPhotos = await Promise.all(
    plan.posts.map((post, p) =>
      Promise.all(
        post.photos.map(async (_, i) =>
          saveImage("post-photos", await jpeg(winnerScene(p * 3 + i, coatOf(post.horses[0] ?? "Nordlys")), 1280), {
            socialCard: i === 0,
          }),
        ),
      ),
    ),
  );
  // Kept apart from the public media, like every owners-only photo (none where the site has no private storage).
  const updatePhotos = await Promise.all(
    plan.ownersUpdates.map(async (_, i) =>
      mediaStorage().closed
        ? await saveImage("post-photos", await jpeg(winnerScene(11 + i, coatOf("Nordlys")), 1280), { private: true })
        : null,
    ),
  );

  for (const [index, row] of gallery.entries()) {
    const alt = GALLERY_ALT[index % 4]!;
    await updateHomeImage(row.id, { altText: alt.en, altTextDa: alt.da, image: galleryImages[index]! });
  }
  report(`gallery: ${gallery.length} images`);

  const horseIds = new Map<string, string>();
  // Oldest first, so the list (newest first) starts with the first horse above.
  for (let i = HORSES.length - 1; i >= 0; i--) {
    const h = HORSES[i]!;
    const created = await createHorse({
      name: h.name,
      age: h.age,
      yearOfBirth: plan.season - h.age,
      color: h.color,
      sex: h.sex,
      sire: h.sire,
      dam: h.dam,
      damSire: h.damSire,
      owner: h.owner,
      description: h.description.en,
      descriptionDa: h.description.da,
      sharesAvailable: !!h.shares,
      sharesText: h.shares?.en,
      sharesTextDa: h.shares?.da,
      image: horseImages[i]!,
      // What it did before this season; the season's results add to them.
      firstPlaces: h.earlier.places[0],
      secondPlaces: h.earlier.places[1],
      thirdPlaces: h.earlier.places[2],
      totalPrizeOre: h.earlier.prizeOre,
    });
    horseIds.set(h.name, created.id);
    // Distinct creation times keep the order stable on every engine.
    await new Promise((resolve) => setTimeout(resolve, 3));
  }
  report(`horses: ${HORSES.length} (${HORSES.filter((h) => h.shares).length} with shares available)`);

  for (const r of plan.run) {
    const { id } = await createRunner({
      horseId: horseIds.get(r.horse)!,
      raceName: r.race,
      raceDate: r.date,
      postTime: r.postTime,
      track: r.track,
      distance: r.distance,
      jockey: r.jockey,
    });
    const { position, prizeOre } = r.result;
    await recordResult(id, { position, didNotFinish: position === null, prizeOre }, today);
  }
  // The stable added photos of its biggest wins in the Winners tab.
  const victories = await listWinnersWithHorses();
  for (const [i, w] of wins.entries()) {
    const victory = victories.find((v) => v.raceName === w.race && v.raceDate === w.date)!;
    await updateWinner(victory.id, {
      horseId: victory.horseId!,
      raceName: victory.raceName,
      raceDate: victory.raceDate,
      track: victory.track,
      distance: victory.distance,
      jockey: victory.jockey,
      prizeOre: victory.prizeOre,
      photo: winnerPhotos[i]!,
    });
  }
  report(`season ${plan.season}: ${plan.run.length} runs with results, ${victories.length} victories`);

  for (const [i, r] of plan.entered.entries()) {
    const soon = daysBetween(today, r.date) <= 3;
    const { id } = await createRunner({
      horseId: horseIds.get(r.horse)!,
      raceName: r.race,
      raceDate: r.date,
      postTime: soon ? r.postTime : null,
      track: r.track,
      distance: r.distance,
      jockey: r.jockey,
      // To be declared by 09:30 two days before the race.
      declarationDeadline: soon ? null : danishLocalToIso(`${addDays(r.date, -2)}T09:30`),
    });
    if (i === 0 && soon)
      await declareRunner(id, { jockey: r.jockey, weightG: 57_500, draw: 3, equipment: ["blinkers"] });
    if (i === 2) await withdrawRunner(id, null);
  }
  report(`entries: ${plan.entered.length} (the third a non-runner)`);

  for (const [i, m] of TEAM.entries()) {
    await createTeamMember({
      name: m.name,
      role: m.role.en,
      roleDa: m.role.da,
      description: m.description?.en ?? null,
      descriptionDa: m.description?.da ?? null,
      photo: teamPhotos[i]!,
    });
  }
  report(`team: ${TEAM.length} members`);

  await saveNews(plan.banner.en, undefined, plan.banner.da);
  report("news: the banner");

  const post = (p: PlannedPost, photos: (StoredImage | null)[], audience: "public" | "owners") =>
    createPost({
      title: p.title.en,
      titleDa: p.title.da,
      body: p.body.en,
      bodyDa: p.body.da,
      audience,
      video: null,
      publishAt: publishAt(p.publishDay),
      draft: false,
      horseIds: p.horses.map((name) => horseIds.get(name)!),
      photos: photos.flatMap((image, i) =>
        image
          ? [
              {
                position: i + 1,
                image,
                description: p.photos[i]?.en ?? "",
                descriptionDa: p.photos[i]?.da ?? "",
              },
            ]
          : [],
      ),
    });
  for (const [i, p] of plan.posts.entries()) await post(p, postPhotos[i]!, "public");
  report(`news posts: ${plan.posts.length}`);
  for (const [i, u] of plan.ownersUpdates.entries()) await post(u, [updatePhotos[i] ?? null], "owners");

  // Invited after the updates, so the one mail waiting for her is the invitation.
  const demoOwner = await inviteOwner({
    name: DEMO_OWNER.name,
    email: DEMO_OWNER.email,
    language: DEMO_OWNER.language,
    horseIds: DEMO_OWNER.horses.map((name) => horseIds.get(name)!),
  });
  report(
    `owners: ${DEMO_OWNER.name} invited for ${DEMO_OWNER.horses.join(" and ")}, ${plan.ownersUpdates.length} owners-only updates`,
  );
  await fillDemoBilling(report, { today, horseIds, ownerId: demoOwner.userId });

  if (isContactInfoEmpty(await getContactInfo())) {
    await saveContactInfo({
      address: "Stald Nordlys\nDyrehavevej 14\n2930 Klampenborg",
      phoneNumber: "+45 39 64 12 80",
      emailAddress: "kontakt@staldnordlys.dk",
    });
    report("contact details");
  }

  await saveSiteSettings({
    stableName: "Stald Nordlys",
    tagline: "Thoroughbred training from Klampenborg to the winner's circle",
    taglineDa: "Fuldblodstræning fra Klampenborg til vindercirklen",
    heroAltEn: "Three of our horses at morning exercise along the rails of the training track",
    heroAltDa: "Tre af vores heste på morgentræning langs rækværket på træningsbanen",
    excellenceEn: null,
    excellenceDa: null,
    careEn: null,
    careDa: null,
    facebook: "https://www.facebook.com/staldnordlys",
    instagram: "https://www.instagram.com/staldnordlys",
    youtube: null,
    x: null,
    hero,
  });
  report("site: hero photo, taglines, social links");
}

function addDays(date: string, days: number) {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

function daysBetween(from: string, to: string) {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
