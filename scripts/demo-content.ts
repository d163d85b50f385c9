/**
 * Sample content for a fresh installation: horses, victories, the team, a news line and three news
 * posts, an invited owner with an owners-only update, the home gallery and contact details, with
 * photos drawn as SVG and rendered to JPEG by sharp (no downloads).
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
import { createWinner } from "~/models/winner.server";
import { createRunner, declareRunner, recordResult, withdrawRunner } from "~/models/runner.server";
import { danishLocalToIso, type Equipment } from "~/racing/declaration";
import { saveSiteSettings } from "~/models/site-settings.server";
import { danishToday } from "~/racing/race-day";
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

type DemoHorse = {
  name: string;
  age: number;
  color: keyof typeof COATS;
  sire: string;
  dam: string;
  owner: string | null;
  places: [number, number, number];
};

const HORSES: DemoHorse[] = [
  {
    name: "Nordlys",
    age: 4,
    color: "Bay",
    sire: "Sea The Stars",
    dam: "Frøken Fryd",
    owner: "Stald Øresund",
    places: [3, 2, 1],
  },
  {
    name: "Sølvpil",
    age: 5,
    color: "Grey",
    sire: "Dark Angel",
    dam: "Sølvregn",
    owner: "Familien Holm",
    places: [2, 3, 2],
  },
  {
    name: "Kongens Ære",
    age: 3,
    color: "Dark Bay",
    sire: "Frankel",
    dam: "Dronningens Perle",
    owner: "Hestesport Fyn ApS",
    places: [2, 1, 0],
  },
  {
    name: "Havgus",
    age: 6,
    color: "Chestnut",
    sire: "Lope de Vega",
    dam: "Strandeng",
    owner: "Jens Kristensen",
    places: [1, 4, 3],
  },
  {
    name: "Midsommernat",
    age: 4,
    color: "Black",
    sire: "Dubawi",
    dam: "Sankthans",
    owner: "Stald Bakkehuset",
    places: [1, 1, 2],
  },
  { name: "Stormvejr", age: 5, color: "Brown", sire: "Kingman", dam: "Vestenvind", owner: null, places: [1, 2, 4] },
  {
    name: "Lykkeper",
    age: 3,
    color: "Chestnut",
    sire: "Night of Thunder",
    dam: "Firkløver",
    owner: "Anne & Per Mikkelsen",
    places: [1, 0, 1],
  },
  {
    name: "Vinterdrøm",
    age: 7,
    color: "Grey",
    sire: "Galileo",
    dam: "Snefnug",
    owner: "Stald Øresund",
    places: [1, 3, 5],
  },
  {
    name: "Skovmærke",
    age: 2,
    color: "Bay",
    sire: "Wootton Bassett",
    dam: "Bøgeblad",
    owner: "Familien Holm",
    places: [0, 1, 0],
  },
  {
    name: "Rødtjørn",
    age: 4,
    color: "Chestnut",
    sire: "Siyouni",
    dam: "Hybenrose",
    owner: "Klaus Damgaard",
    places: [1, 1, 1],
  },
  {
    name: "Bølgeblik",
    age: 5,
    color: "Dark Bay",
    sire: "Australia",
    dam: "Havfrue",
    owner: "Stald Bakkehuset",
    places: [0, 2, 2],
  },
  {
    name: "Guldsmed",
    age: 3,
    color: "Bay",
    sire: "Zarak",
    dam: "Sommerfugl",
    owner: "Hestesport Fyn ApS",
    places: [0, 0, 1],
  },
];

const KLAMPENBORG = "Klampenborg Galopbane";
const AARHUS = "Jydsk Væddeløbsbane, Aarhus";
const AALBORG = "Aalborg Væddeløbsbane";
const ODENSE = "Odense Væddeløbsbane";

type DemoWin = {
  horse: string;
  race: string;
  date: string;
  track: string;
  distance: string;
  jockey: string;
  prizeOre: number;
};

const WINS: DemoWin[] = [
  {
    horse: "Nordlys",
    race: "Dansk Derby",
    date: "2026-08-02",
    track: KLAMPENBORG,
    distance: "2400 m",
    jockey: "Mads Sørensen",
    prizeOre: 50_000_000,
  },
  {
    horse: "Kongens Ære",
    race: "Dansk 2000 Guineas",
    date: "2026-05-24",
    track: KLAMPENBORG,
    distance: "1600 m",
    jockey: "Camilla Holm",
    prizeOre: 15_000_000,
  },
  {
    horse: "Sølvpil",
    race: "Jydsk Grand Prix",
    date: "2026-07-12",
    track: AARHUS,
    distance: "2000 m",
    jockey: "Jonas Bech",
    prizeOre: 12_500_000,
  },
  {
    horse: "Havgus",
    race: "Aalborg Sommerløb",
    date: "2026-06-21",
    track: AALBORG,
    distance: "1800 m",
    jockey: "Sofie Lund",
    prizeOre: 4_500_000,
  },
  {
    horse: "Midsommernat",
    race: "Fynsk Sprintløb",
    date: "2026-06-07",
    track: ODENSE,
    distance: "1200 m",
    jockey: "Mads Sørensen",
    prizeOre: 3_250_050,
  },
  {
    horse: "Nordlys",
    race: "Dyrehavsløbet",
    date: "2026-05-10",
    track: KLAMPENBORG,
    distance: "2200 m",
    jockey: "Mads Sørensen",
    prizeOre: 8_000_000,
  },
  {
    horse: "Stormvejr",
    race: "Jydsk Efterårsløb",
    date: "2025-09-28",
    track: AARHUS,
    distance: "2400 m",
    jockey: "Frederik Juhl",
    prizeOre: 6_000_000,
  },
  {
    horse: "Lykkeper",
    race: "Aalborg Juniorløb",
    date: "2026-09-06",
    track: AALBORG,
    distance: "1400 m",
    jockey: "Camilla Holm",
    prizeOre: 2_500_000,
  },
  {
    horse: "Vinterdrøm",
    race: "Odense Grand Prix",
    date: "2025-08-16",
    track: ODENSE,
    distance: "2000 m",
    jockey: "Sofie Lund",
    prizeOre: 7_500_000,
  },
  {
    horse: "Rødtjørn",
    race: "Klampenborg Handicap",
    date: "2026-10-04",
    track: KLAMPENBORG,
    distance: "1800 m",
    jockey: "Jonas Bech",
    prizeOre: 2_875_075,
  },
];

/**
 * Runners, dated from the day the demo runs (days from today), so there are always some to come.
 * A runner with a result records it as the Runners tab does: a win becomes a victory.
 */
const RUNNERS: {
  horse: string;
  race: string;
  days: number;
  postTime: string | null;
  track: string;
  distance: string;
  jockey: string;
  result?: { position: number | null; prizeOre: number | null };
  /** Declared (weight in grams, draw, equipment), or withdrawn as a non-runner (its reason). */
  declared?: { weightG: number; draw: number | null; equipment: Equipment[] };
  withdrawn?: string;
}[] = [
  {
    horse: "Nordlys",
    race: "Skandinavisk Grand Prix",
    days: 4,
    postTime: "15:40",
    track: KLAMPENBORG,
    distance: "2400 m",
    jockey: "Mads Sørensen",
    declared: { weightG: 57_500, draw: 3, equipment: ["blinkers"] },
  },
  {
    horse: "Sølvpil",
    race: "Jydsk 1000 Guineas",
    days: 6,
    postTime: "14:15",
    track: AARHUS,
    distance: "1600 m",
    jockey: "Sofie Lund",
    declared: { weightG: 55_000, draw: null, equipment: ["hood", "tongue-tie"] },
  },
  {
    horse: "Havgus",
    race: "Aalborg Sprint",
    days: 11,
    postTime: null,
    track: AALBORG,
    distance: "1200 m",
    jockey: "Jonas Bech",
    withdrawn: "A little stiff after Tuesday's work; we give him time.",
  },
  {
    horse: "Kongens Ære",
    race: "Odense Sommerløb",
    days: 13,
    postTime: "16:05",
    track: ODENSE,
    distance: "2000 m",
    jockey: "Mads Sørensen",
  },
  {
    horse: "Midsommernat",
    race: "Klampenborg Maiden",
    days: 20,
    postTime: "13:30",
    track: KLAMPENBORG,
    distance: "1800 m",
    jockey: "Emma Kjær",
  },
  {
    horse: "Lykkeper",
    race: "Aarhus Handicap",
    days: 27,
    postTime: null,
    track: AARHUS,
    distance: "2100 m",
    jockey: "Sofie Lund",
  },
  {
    horse: "Stormvejr",
    race: "Klampenborg Efterårsløb",
    days: -2,
    postTime: "15:00",
    track: KLAMPENBORG,
    distance: "2000 m",
    jockey: "Jonas Bech",
  },
  {
    horse: "Kongens Ære",
    race: "Dansk Oaks Trial",
    days: -9,
    postTime: "14:50",
    track: KLAMPENBORG,
    distance: "2200 m",
    jockey: "Mads Sørensen",
    result: { position: 1, prizeOre: 12_000_000 },
  },
  {
    horse: "Nordlys",
    race: "Jydsk Sommer Cup",
    days: -16,
    postTime: "15:20",
    track: AARHUS,
    distance: "2000 m",
    jockey: "Mads Sørensen",
    result: { position: 2, prizeOre: 4_500_000 },
  },
  {
    horse: "Havgus",
    race: "Aalborg Pokalløb",
    days: -23,
    postTime: "16:10",
    track: AALBORG,
    distance: "1400 m",
    jockey: "Jonas Bech",
    result: { position: 3, prizeOre: 1_800_000 },
  },
  {
    horse: "Sølvpil",
    race: "Odense Løbet",
    days: -30,
    postTime: "14:40",
    track: ODENSE,
    distance: "1600 m",
    jockey: "Sofie Lund",
    result: { position: 6, prizeOre: null },
  },
  {
    horse: "Vinterdrøm",
    race: "Klampenborg Stayers",
    days: -37,
    postTime: null,
    track: KLAMPENBORG,
    distance: "2800 m",
    jockey: "Emma Kjær",
    result: { position: null, prizeOre: null },
  },
];

function daysFrom(today: string, days: number) {
  const [y, m, d] = today.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

const TEAM = [
  {
    name: "Henrik Lauritsen",
    role: "Head Trainer",
    description:
      "Henrik has trained in Klampenborg for more than twenty years and saddled two Danish Derby winners. He plans every horse's season himself.",
  },
  {
    name: "Maja Thomsen",
    role: "Assistant Trainer",
    description:
      "Maja rides out every morning and runs the yard when Henrik is at the races. She has a gift for bringing on young horses.",
  },
  {
    name: "Lars Vestergaard",
    role: "Head Groom",
    description:
      "Lars knows every horse's habits, feeds and quirks. Nothing leaves the yard for the races without his final check.",
  },
  {
    name: "Emma Kjær",
    role: "Work Rider",
    description: "A former apprentice jockey, Emma gives our horses their fast work and reports back on every canter.",
  },
  { name: "Dr. Peter Winther", role: "Equine Veterinarian", description: null },
];

const GALLERY_ALT = [
  "Morning gallop on the training track",
  "The stable block in the afternoon sun",
  "Horses grazing in the paddock",
  "A racehorse in the paddock at sunset",
];

/** News posts, oldest first; `photos` drawn like the winners' scenes, `daysAgo` from today. */
const POSTS = [
  {
    title: "Sølvpil back on the gallops",
    language: "en" as const,
    daysAgo: 21,
    horses: ["Sølvpil"],
    photos: ["Sølvpil cantering on the sand gallop in the morning mist"],
    body: "After a quiet winter in the field, **Sølvpil** is back in full work.\n\nShe worked over six furlongs on Tuesday and came back blowing lightly. The plan:\n\n- a racecourse gallop at Klampenborg in May\n- her first start of the season in June",
  },
  {
    title: "Ny stald til unghestene",
    language: "da" as const,
    daysAgo: 9,
    horses: [],
    photos: [],
    body: "Vi har taget den nye stald med tolv bokse i brug. Unghestene flyttede ind i weekenden og har allerede fundet sig til rette.\n\nTak til alle, der hjalp med flytningen — og til naboerne for tålmodigheden med byggeriet.",
  },
  {
    title: "Nordlys wins the Danish Derby",
    language: "en" as const,
    daysAgo: 2,
    horses: ["Nordlys"],
    photos: [
      "Nordlys and Mads Sørensen in the winner's circle at Klampenborg",
      "Nordlys back at the yard after the Derby",
    ],
    body: "What a day at Klampenborg! **Nordlys** led from the final bend and held on by a neck.\n\n## The race\n\nMads Sørensen kept him handy from the start and kicked on early. Congratulations to *Stald Øresund* and the whole team at home.",
  },
];

/** An owner invited for two horses, and an update only the owners of the tagged horse see. */
export const DEMO_OWNER = {
  name: "Karen Holm",
  email: "karen.holm@example.com",
  language: "en" as const,
  horses: ["Nordlys", "Sølvpil"],
};

const OWNERS_UPDATE = {
  title: "Nordlys: a week after the Derby",
  language: "en" as const,
  daysAgo: 2,
  horses: ["Nordlys"],
  photo: "Nordlys grazing in the paddock behind the yard",
  body: "Nordlys ate up every night after Klampenborg and trotted up sound on Monday.\n\n## The plan\n\n- a week of walking and turn-out\n- back cantering from next Tuesday\n- we will talk about the autumn races when we meet at the yard",
};

export class DatabaseNotEmptyError extends Error {}

/**
 * Fills an empty database with the sample content; refuses (throws) when any content exists.
 * `heroPhoto`: a photograph (any format sharp reads) to use as the hero instead of the drawn one;
 * the bench uses one to measure Home with a photo's weight.
 */
export async function fillDemo(report: (line: string) => void = () => {}, { heroPhoto }: { heroPhoto?: Buffer } = {}) {
  const counts = await contentCounts();
  const present = Object.entries(counts).filter(([, n]) => n > 0);
  if (present.length) {
    throw new DatabaseNotEmptyError(
      `The database already has content (${present.map(([t, n]) => `${n} ${t}`).join(", ")}); the demo only fills an empty database.`,
    );
  }

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
  const wins = [...WINS].sort((a, b) => a.date.localeCompare(b.date));
  const winnerPhotos = await Promise.all(
    wins.map(async (w, i) => {
      const color = HORSES.find((h) => h.name === w.horse)!.color;
      return saveImage("winner-photos", await jpeg(winnerScene(i, COATS[color]![0]), 960));
    }),
  );
  const teamPhotos = await Promise.all(
    TEAM.map(async (_, i) => saveImage("team-photos", await jpeg(personPortrait(i), 640))),
  );
  const heroJpeg = heroPhoto
    ? await sharp(heroPhoto).rotate().jpeg({ quality: 85, mozjpeg: true }).toBuffer()
    : await jpeg(heroSvg(), 2400);
  const hero = await saveImage("horse-images", heroJpeg, { socialCard: true });
  const postPhotos = await Promise.all(
    POSTS.map((post, p) =>
      Promise.all(
        post.photos.map(async (_, i) =>
          saveImage("post-photos", await jpeg(winnerScene(p * 3 + i, COATS.Brown![0]), 1280), { socialCard: i === 0 }),
        ),
      ),
    ),
  );

  // Kept apart from the public media, like every owners-only photo (none where the site has no private storage).
  const updatePhoto = mediaStorage().closed
    ? await saveImage("post-photos", await jpeg(winnerScene(11, COATS.Brown![0]), 1280), { private: true })
    : null;

  for (const [index, row] of gallery.entries()) {
    await updateHomeImage(row.id, { altText: GALLERY_ALT[index % 4]!, image: galleryImages[index]! });
  }
  report(`gallery: ${gallery.length} images`);

  const horseIds = new Map<string, string>();
  // Oldest first, so the list (newest first) starts with the first horse above.
  for (let i = HORSES.length - 1; i >= 0; i--) {
    const h = HORSES[i]!;
    const image = horseImages[i]!;
    const created = await createHorse({
      name: h.name,
      age: h.age,
      color: h.color,
      sire: h.sire,
      dam: h.dam,
      owner: h.owner,
      image,
      firstPlaces: h.places[0],
      secondPlaces: h.places[1],
      thirdPlaces: h.places[2],
    });
    horseIds.set(h.name, created.id);
    // Distinct creation times keep the order stable on every engine.
    await new Promise((resolve) => setTimeout(resolve, 3));
  }
  report(`horses: ${HORSES.length}`);

  for (const [i, w] of wins.entries()) {
    const photo = winnerPhotos[i]!;
    await createWinner({
      horseId: horseIds.get(w.horse)!,
      raceName: w.race,
      raceDate: w.date,
      track: w.track,
      distance: w.distance,
      jockey: w.jockey,
      prizeOre: w.prizeOre,
      photo,
    });
  }
  report(`victories: ${WINS.length}`);

  const today = danishToday();
  for (const r of RUNNERS) {
    const { id } = await createRunner({
      horseId: horseIds.get(r.horse)!,
      raceName: r.race,
      raceDate: daysFrom(today, r.days),
      postTime: r.postTime,
      track: r.track,
      distance: r.distance,
      jockey: r.jockey,
      // Entered runners still to be declared: the deadline two days before, 09:30 Danish time.
      declarationDeadline: r.days >= 3 && !r.declared ? danishLocalToIso(`${daysFrom(today, r.days - 2)}T09:30`) : null,
    });
    if (r.declared) await declareRunner(id, { jockey: r.jockey, ...r.declared });
    if (r.withdrawn) await withdrawRunner(id, r.withdrawn);
    if (r.result) {
      const { position, prizeOre } = r.result;
      await recordResult(id, { position, didNotFinish: position === null, prizeOre }, today);
    }
  }
  report(
    `runners: ${RUNNERS.filter((r) => r.days >= 0).length} upcoming (${RUNNERS.filter((r) => r.declared).length} declared, ${RUNNERS.filter((r) => r.withdrawn).length} non-runner), ${RUNNERS.filter((r) => r.result).length} with results`,
  );

  for (const [i, m] of TEAM.entries()) {
    await createTeamMember({ name: m.name, role: m.role, description: m.description, photo: teamPhotos[i]! });
  }
  report(`team: ${TEAM.length} members`);

  await saveNews("Nordlys wins the Danish Derby at Klampenborg! Congratulations to Stald Øresund and Mads Sørensen.");
  report("news: 1 line");

  for (const [p, post] of POSTS.entries()) {
    await createPost({
      title: post.title,
      body: post.body,
      language: post.language,
      video: null,
      publishAt: new Date(Date.now() - post.daysAgo * 24 * 60 * 60_000).toISOString(),
      draft: false,
      horseIds: post.horses.map((name) => horseIds.get(name)!),
      photos: post.photos.map((description, i) => ({ position: i + 1, image: postPhotos[p]![i]!, description })),
    });
  }
  report(`news posts: ${POSTS.length}`);

  await createPost({
    title: OWNERS_UPDATE.title,
    body: OWNERS_UPDATE.body,
    language: OWNERS_UPDATE.language,
    audience: "owners",
    video: null,
    publishAt: new Date(Date.now() - OWNERS_UPDATE.daysAgo * 24 * 60 * 60_000).toISOString(),
    draft: false,
    horseIds: OWNERS_UPDATE.horses.map((name) => horseIds.get(name)!),
    photos: updatePhoto ? [{ position: 1, image: updatePhoto, description: OWNERS_UPDATE.photo }] : [],
  });
  // Invited after the update, so the one mail waiting for her is the invitation.
  await inviteOwner({
    name: DEMO_OWNER.name,
    email: DEMO_OWNER.email,
    language: DEMO_OWNER.language,
    horseIds: DEMO_OWNER.horses.map((name) => horseIds.get(name)!),
  });
  report(`owners: ${DEMO_OWNER.name} invited for ${DEMO_OWNER.horses.join(" and ")}, one owners-only update`);

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
