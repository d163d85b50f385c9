/**
 * The demo's racing season (decision 0234): one Danish flat season, April to November, at
 * Klampenborg, Aarhus, Aalborg, Odense and Jägersro, told in English and Danish. `planSeason(today)`
 * places it around the day the demo runs: the races before it have their results and the posts
 * about them, the next ones are entries (the next season's first ones when this season is over).
 * Plain data and one pure function, so the rules it keeps are tested without a database.
 */
import type { Bilingual } from "~/models/bilingual";
import { formatDay } from "~/racing/format";

export const KLAMPENBORG = "Klampenborg Galopbane";
export const AARHUS = "Jydsk Væddeløbsbane, Aarhus";
export const AALBORG = "Aalborg Væddeløbsbane";
export const ODENSE = "Odense Væddeløbsbane";
export const JAGERSRO = "Jägersro, Malmö";

/** The colours the demo's horses are drawn in (app/racing/horse-terms.ts names them). */
export type Coat = "Bay" | "Brown" | "Chestnut" | "Grey" | "Black";

export type DemoHorse = {
  name: string;
  /** Its age in the season (racing age: a year older every 1 January). */
  age: number;
  sex: "male" | "female" | "gelding";
  color: Coat;
  sire: string;
  dam: string;
  damSire: string;
  owner: string | null;
  /** What it won and earned before this season: the career figures the record does not list. */
  earlier: { places: [number, number, number]; prizeOre: number };
  description: Bilingual;
  shares?: Bilingual;
};

export const HORSES: DemoHorse[] = [
  {
    name: "Nordlys",
    age: 3,
    sex: "male",
    color: "Bay",
    sire: "Sea The Stars",
    dam: "Frøken Fryd",
    damSire: "Dansili",
    owner: "Stald Øresund",
    earlier: { places: [1, 0, 1], prizeOre: 4_000_000 },
    description: {
      en: "A big, relaxed colt who took his time as a two-year-old and came into his own this spring.\n\nHe stays every yard of a mile and a half and likes the ground on the soft side.",
      da: "En stor, rolig hingst, der fik lov at tage tiden som toårig og for alvor fandt sig selv i foråret.\n\nHan holder hele vejen på 2400 meter og kan lide, at banen er lidt blød.",
    },
  },
  {
    name: "Sølvpil",
    age: 5,
    sex: "female",
    color: "Grey",
    sire: "Dark Angel",
    dam: "Sølvregn",
    damSire: "Galileo",
    owner: "Familien Holm",
    earlier: { places: [3, 2, 2], prizeOre: 41_000_000 },
    description: {
      en: "Our senior mare: tough, honest and at her best over ten furlongs in the summer.",
      da: "Stallens erfarne hoppe: hård, ærlig og bedst på 2000 meter om sommeren.",
    },
  },
  {
    name: "Kongens Ære",
    age: 3,
    sex: "female",
    color: "Brown",
    sire: "Frankel",
    dam: "Dronningens Perle",
    damSire: "Pivotal",
    owner: "Hestesport Fyn ApS",
    earlier: { places: [0, 1, 0], prizeOre: 1_200_000 },
    description: {
      en: "A quick, light-framed filly with a turn of foot. She won the 1000 Guineas in May.",
      da: "En hurtig, let bygget hoppe med et stærkt speedskift. Hun vandt 1000 Guineas i maj.",
    },
  },
  {
    name: "Havgus",
    age: 6,
    sex: "gelding",
    color: "Chestnut",
    sire: "Lope de Vega",
    dam: "Strandeng",
    damSire: "Montjeu",
    owner: "Jens Kristensen",
    earlier: { places: [4, 5, 3], prizeOre: 38_000_000 },
    description: {
      en: "A handicapper who never runs a bad race, and a favourite in the yard.",
      da: "En handicaphest, der aldrig løber et dårligt løb, og en af stallens yndlinge.",
    },
  },
  {
    name: "Midsommernat",
    age: 4,
    sex: "female",
    color: "Black",
    sire: "Dubawi",
    dam: "Sankthans",
    damSire: "Oasis Dream",
    owner: "Stald Bakkehuset",
    earlier: { places: [1, 1, 1], prizeOre: 9_500_000 },
    description: {
      en: "A sprinter: fast from the gates and happiest over six furlongs.",
      da: "En sprinter: hurtig fra start og bedst på 1200 meter.",
    },
  },
  {
    name: "Stormvejr",
    age: 5,
    sex: "gelding",
    color: "Brown",
    sire: "Kingman",
    dam: "Vestenvind",
    damSire: "Shamardal",
    owner: null,
    earlier: { places: [2, 1, 3], prizeOre: 15_000_000 },
    description: {
      en: "A strong-galloping stayer who loves the autumn ground at Aarhus.",
      da: "En stærkt galopperende stayer, der elsker efterårets baner i Aarhus.",
    },
  },
  {
    name: "Lykkeper",
    age: 2,
    sex: "male",
    color: "Chestnut",
    sire: "Night of Thunder",
    dam: "Firkløver",
    damSire: "Cape Cross",
    owner: "Anne & Per Mikkelsen",
    earlier: { places: [0, 0, 0], prizeOre: 0 },
    description: {
      en: "A forward two-year-old who won at Aalborg in September. A colt to follow next year.",
      da: "En fremmelig toårig, der vandt i Aalborg i september. En hingst at følge næste år.",
    },
    shares: { en: "25 % available", da: "25 % ledig" },
  },
  {
    name: "Vinterdrøm",
    age: 7,
    sex: "gelding",
    color: "Grey",
    sire: "Galileo",
    dam: "Snefnug",
    damSire: "Danehill",
    owner: "Stald Øresund",
    earlier: { places: [5, 4, 6], prizeOre: 52_000_000 },
    description: {
      en: "A veteran stayer with five wins behind him and as much enthusiasm as ever.",
      da: "En erfaren stayer med fem sejre bag sig og lige så meget lyst som altid.",
    },
  },
  {
    name: "Skovmærke",
    age: 2,
    sex: "female",
    color: "Bay",
    sire: "Wootton Bassett",
    dam: "Bøgeblad",
    damSire: "Siyouni",
    owner: "Familien Holm",
    earlier: { places: [0, 0, 0], prizeOre: 0 },
    description: {
      en: "A scopey filly who ran a promising third on her debut and will be a three-year-old to watch.",
      da: "En rummelig hoppe, der løb et lovende tredjepladsløb i sin debut og bliver en treårig at holde øje med.",
    },
    shares: { en: "Shares from 10 %", da: "Andele fra 10 %" },
  },
  {
    name: "Rødtjørn",
    age: 4,
    sex: "male",
    color: "Chestnut",
    sire: "Siyouni",
    dam: "Hybenrose",
    damSire: "Sadler's Wells",
    owner: "Klaus Damgaard",
    earlier: { places: [1, 2, 0], prizeOre: 7_000_000 },
    description: {
      en: "A consistent miler who won the Klampenborg Handicap in October.",
      da: "En stabil milehest, der vandt Klampenborg Handicap i oktober.",
    },
  },
  {
    name: "Bølgeblik",
    age: 5,
    sex: "female",
    color: "Brown",
    sire: "Australia",
    dam: "Havfrue",
    damSire: "Invincible Spirit",
    owner: "Stald Bakkehuset",
    earlier: { places: [1, 2, 2], prizeOre: 14_000_000 },
    description: {
      en: "A genuine mare who is always in the first three at Odense.",
      da: "En ærlig hoppe, der altid er blandt de tre første i Odense.",
    },
  },
  {
    name: "Guldsmed",
    age: 3,
    sex: "male",
    color: "Bay",
    sire: "Zarak",
    dam: "Sommerfugl",
    damSire: "Kendargent",
    owner: "Hestesport Fyn ApS",
    earlier: { places: [0, 0, 0], prizeOre: 0 },
    description: {
      en: "A late-maturing colt who got off the mark at Jägersro in November.",
      da: "En sent udviklet hingst, der tog sin første sejr på Jägersro i november.",
    },
    shares: { en: "50 % available", da: "50 % ledig" },
  },
];

/** Who a race is for: two-year-olds, three-year-olds (the classics), three or four years and up. */
export type Generation = "2" | "3" | "3+" | "4+";

export function fitsGeneration(age: number, generation: Generation): boolean {
  if (generation === "2") return age === 2;
  if (generation === "3") return age === 3;
  return age >= Number(generation[0]);
}

/** A post about a race, in both languages, published the morning after it. */
type RacePost = {
  title: Bilingual;
  body: Bilingual;
  photos: Bilingual[];
};

/** One of the stable's runs in the season: the race (its day as MM-DD), the horse and how it went. */
export type SeasonRun = {
  day: string;
  race: string;
  generation: Generation;
  track: string;
  distance: string;
  postTime: string | null;
  horse: string;
  jockey: string;
  /** Position (null: did not finish) and prize, for a race that has been run. */
  result: { position: number | null; prizeOre: number | null };
  /** A win whose photo the stable added in the Winners tab. */
  photo?: boolean;
  post?: RacePost;
};

const run = (
  day: string,
  race: string,
  generation: Generation,
  track: string,
  distance: string,
  horse: string,
  jockey: string,
  position: number | null,
  prizeOre: number | null,
  extra: Partial<SeasonRun> = {},
): SeasonRun => ({
  day,
  race,
  generation,
  track,
  distance,
  postTime: extra.postTime ?? "15:10",
  horse,
  jockey,
  result: { position, prizeOre },
  ...extra,
});

/** The season, in order. */
export const SEASON: SeasonRun[] = [
  run("04-12", "Jägersro Vårpris", "4+", JAGERSRO, "2100 m", "Sølvpil", "Sofie Lund", 3, 3_000_000),
  run("04-19", "Åbningsløbet", "3+", KLAMPENBORG, "1600 m", "Rødtjørn", "Jonas Bech", 2, 1_600_000),
  run("04-26", "Forårsløb for 3-årige", "3", KLAMPENBORG, "2000 m", "Nordlys", "Mads Sørensen", 1, 6_000_000, {
    photo: true,
  }),
  run("05-03", "Jydsk Forårshandicap", "4+", AARHUS, "2000 m", "Havgus", "Jonas Bech", 3, 1_400_000),
  run("05-17", "Dansk 1000 Guineas", "3", KLAMPENBORG, "1600 m", "Kongens Ære", "Camilla Holm", 1, 15_000_000, {
    postTime: "14:40",
    photo: true,
    post: {
      title: { en: "Kongens Ære wins the 1000 Guineas", da: "Kongens Ære vinder 1000 Guineas" },
      body: {
        en: "A first classic for the yard! **Kongens Ære** came from the back of the field and won the Dansk 1000 Guineas at Klampenborg by a length.\n\nCamilla Holm gave her a patient ride and she quickened past them all in the last furlong.",
        da: "Stallens første klassiske sejr! **Kongens Ære** kom bagfra og vandt Dansk 1000 Guineas i Klampenborg med en længde.\n\nCamilla Holm red hende tålmodigt, og hun satte farten op forbi dem alle på de sidste 200 meter.",
      },
      photos: [
        {
          en: "Kongens Ære and Camilla Holm after the 1000 Guineas",
          da: "Kongens Ære og Camilla Holm efter 1000 Guineas",
        },
      ],
    },
  }),
  run("05-17", "Dansk 2000 Guineas", "3", KLAMPENBORG, "1600 m", "Nordlys", "Mads Sørensen", 2, 5_000_000, {
    postTime: "15:20",
  }),
  run("05-25", "Pramms Memorial", "3+", JAGERSRO, "1600 m", "Sølvpil", "Sofie Lund", 6, null),
  run("06-07", "Fynsk Sprint", "3+", ODENSE, "1200 m", "Midsommernat", "Mads Sørensen", 1, 3_250_050, {
    photo: true,
  }),
  run("06-14", "Aalborg Sommerhandicap", "4+", AALBORG, "1800 m", "Havgus", "Sofie Lund", 1, 4_500_000, {
    photo: true,
  }),
  run("06-28", "Maidenløb for 3-årige", "3", KLAMPENBORG, "1800 m", "Guldsmed", "Emma Kjær", 3, 800_000),
  run("07-05", "Dansk Oaks", "3", KLAMPENBORG, "2200 m", "Kongens Ære", "Camilla Holm", 2, 8_000_000),
  run("07-12", "Jydsk Grand Prix", "3+", AARHUS, "2000 m", "Sølvpil", "Jonas Bech", 1, 12_500_000, {
    photo: true,
  }),
  run("07-26", "Odense Sommerløb", "3+", ODENSE, "1800 m", "Bølgeblik", "Frederik Juhl", 2, 1_500_000),
  run("08-02", "Dansk Derby", "3", KLAMPENBORG, "2400 m", "Nordlys", "Mads Sørensen", 1, 50_000_000, {
    postTime: "15:40",
    photo: true,
    post: {
      title: { en: "Nordlys wins the Danish Derby", da: "Nordlys vinder Dansk Derby" },
      body: {
        en: "What a day at Klampenborg! **Nordlys** led from the final bend and held on by a neck.\n\n## The race\n\nMads Sørensen kept him handy from the start and kicked on early. Congratulations to *Stald Øresund* and the whole team at home.",
        da: "Sikken dag i Klampenborg! **Nordlys** førte fra sidste sving og holdt stand med en hals.\n\n## Løbet\n\nMads Sørensen holdt ham godt placeret fra start og satte tidligt af. Tillykke til *Stald Øresund* og hele holdet derhjemme.",
      },
      photos: [
        {
          en: "Nordlys and Mads Sørensen in the winner's circle at Klampenborg",
          da: "Nordlys og Mads Sørensen i vindercirklen i Klampenborg",
        },
        { en: "Nordlys back at the yard after the Derby", da: "Nordlys hjemme i stalden efter Derbyet" },
      ],
    },
  }),
  run("08-16", "Aalborg Pokalløb", "3+", AALBORG, "1400 m", "Havgus", "Jonas Bech", 3, 1_800_000),
  run("08-23", "Klampenborg 2-års Maiden", "2", KLAMPENBORG, "1200 m", "Skovmærke", "Emma Kjær", 3, 700_000),
  run("08-30", "Jägersro Sprint", "3+", JAGERSRO, "1200 m", "Midsommernat", "Mads Sørensen", 5, null),
  run("09-06", "Aalborg Juniorløb", "2", AALBORG, "1400 m", "Lykkeper", "Camilla Holm", 1, 2_500_000, {
    photo: true,
    post: {
      title: { en: "Lykkeper wins the Aalborg Juniorløb", da: "Lykkeper vinder Aalborg Juniorløb" },
      body: {
        en: "Our two-year-old **Lykkeper** won the Aalborg Juniorløb on only his second start, going clear a furlong out.\n\nHe will have one more run this autumn before a winter's rest.",
        da: "Vores toårige **Lykkeper** vandt Aalborg Juniorløb i blot sin anden start og trak fra 200 meter før mål.\n\nHan får endnu en start i efteråret før vinterpausen.",
      },
      photos: [],
    },
  }),
  run("09-13", "Scandinavian Open Championship", "3+", KLAMPENBORG, "2400 m", "Nordlys", "Mads Sørensen", 3, 6_000_000),
  run("09-20", "Jydsk Efterårshandicap", "4+", AARHUS, "2400 m", "Stormvejr", "Frederik Juhl", 1, 6_000_000),
  run("09-27", "Klampenborg Stayers", "3+", KLAMPENBORG, "2800 m", "Vinterdrøm", "Emma Kjær", null, null),
  run("10-04", "Klampenborg Handicap", "3+", KLAMPENBORG, "1800 m", "Rødtjørn", "Jonas Bech", 1, 2_875_075),
  run("10-11", "Odense Efterårsløb", "3+", ODENSE, "2000 m", "Bølgeblik", "Frederik Juhl", 3, 900_000),
  run("10-18", "Dansk 2-års Løb", "2", KLAMPENBORG, "1600 m", "Lykkeper", "Camilla Holm", 2, 3_000_000),
  run("10-25", "Jydsk Afslutningsløb", "3+", AARHUS, "2000 m", "Sølvpil", "Sofie Lund", 4, 400_000),
  run("11-01", "Novemberhandicap", "3+", KLAMPENBORG, "2000 m", "Stormvejr", "Jonas Bech", 2, 1_500_000),
  run("11-08", "Jägersro Novemberløb", "3+", JAGERSRO, "1800 m", "Guldsmed", "Emma Kjær", 1, 2_000_000),
  run("11-15", "Sæsonafslutningen", "3+", KLAMPENBORG, "2000 m", "Havgus", "Sofie Lund", 4, 500_000),
];

/** The next season's first races, which the stable enters its horses for once this season is over. */
export const NEXT_SEASON: SeasonRun[] = [
  run("04-11", "Jägersro Vårpris", "4+", JAGERSRO, "2100 m", "Nordlys", "Mads Sørensen", null, null),
  run("04-18", "Åbningsløbet", "3+", KLAMPENBORG, "1600 m", "Rødtjørn", "Jonas Bech", null, null),
  run("04-25", "Forårsløb for 3-årige", "3", KLAMPENBORG, "2000 m", "Lykkeper", "Camilla Holm", null, null),
  run("05-02", "Jydsk Forårshandicap", "4+", AARHUS, "2000 m", "Havgus", "Jonas Bech", null, null),
  run("05-09", "Aalborg Forårsløb", "3+", AALBORG, "1400 m", "Midsommernat", "Mads Sørensen", null, null),
  run("05-16", "Dansk 1000 Guineas", "3", KLAMPENBORG, "1600 m", "Skovmærke", "Emma Kjær", null, null),
];

/** Posts not about one race, by their day in the season. */
export const SEASON_POSTS: { day: string; horses: string[]; title: Bilingual; body: Bilingual; photos: Bilingual[] }[] =
  [
    {
      day: "04-02",
      horses: ["Sølvpil"],
      title: { en: "Sølvpil back on the gallops", da: "Sølvpil tilbage på træningsbanen" },
      body: {
        en: "After a quiet winter in the field, **Sølvpil** is back in full work.\n\nShe worked over six furlongs on Tuesday and came back blowing lightly. The plan:\n\n- her first start of the season at Jägersro in April\n- the Jydsk Grand Prix in July",
        da: "Efter en rolig vinter på folden er **Sølvpil** tilbage i fuld træning.\n\nHun arbejdede 1200 meter i tirsdags og kom hjem uden at puste meget. Planen:\n\n- sæsonens første start på Jägersro i april\n- Jydsk Grand Prix i juli",
      },
      photos: [
        {
          en: "Sølvpil cantering on the sand gallop in the morning mist",
          da: "Sølvpil i galop på sandbanen i morgendisen",
        },
      ],
    },
    {
      day: "07-15",
      horses: [],
      title: { en: "A new barn for the young horses", da: "Ny stald til unghestene" },
      body: {
        en: "The new barn with twelve boxes is in use. The young horses moved in at the weekend and have already settled.\n\nThanks to everyone who helped with the move, and to the neighbours for their patience with the building work.",
        da: "Vi har taget den nye stald med tolv bokse i brug. Unghestene flyttede ind i weekenden og har allerede fundet sig til rette.\n\nTak til alle, der hjalp med flytningen, og til naboerne for tålmodigheden med byggeriet.",
      },
      photos: [],
    },
  ];

/** The owners-only updates about Nordlys, by their day in the season, each with a private photo. */
export const OWNERS_UPDATES: { day: string; title: Bilingual; body: Bilingual; photo: Bilingual }[] = [
  {
    day: "04-05",
    title: { en: "Nordlys: ready for his first run", da: "Nordlys: klar til sæsonens første start" },
    body: {
      en: "Nordlys has wintered well and has done two good pieces of work on the grass.\n\n## The plan\n\n- the three-year-olds' race at Klampenborg on 26 April\n- then, all being well, the 2000 Guineas",
      da: "Nordlys er kommet fint gennem vinteren og har haft to gode arbejder på græsset.\n\n## Planen\n\n- treårsløbet i Klampenborg den 26. april\n- derefter, hvis alt går vel, 2000 Guineas",
    },
    photo: { en: "Nordlys on the grass gallop in April", da: "Nordlys på græsbanen i april" },
  },
  {
    day: "08-09",
    title: { en: "Nordlys: a week after the Derby", da: "Nordlys: en uge efter Derbyet" },
    body: {
      en: "Nordlys ate up every night after Klampenborg and trotted up sound on Monday.\n\n## The plan\n\n- a week of walking and turn-out\n- back cantering from next Tuesday\n- we will talk about the autumn races when we meet at the yard",
      da: "Nordlys har ædt op hver aften siden Klampenborg og travede rent i mandags.\n\n## Planen\n\n- en uge med skridt og fold\n- galop igen fra næste tirsdag\n- vi taler om efterårets løb, når vi mødes i stalden",
    },
    photo: {
      en: "Nordlys grazing in the paddock behind the yard",
      da: "Nordlys græsser på folden bag stalden",
    },
  },
];

/** The first season the demo can show on `today` (YYYY-MM-DD): this year's from April, else last year's. */
export function seasonOf(today: string): number {
  const year = Number(today.slice(0, 4));
  return Number(today.slice(5, 7)) >= 4 ? year : year - 1;
}

/** How far ahead the stable has entered its horses; the next five are entered whatever the distance. */
const ENTRIES_AHEAD_DAYS = 42;
const AT_LEAST_ENTRIES = 5;

export type PlannedRun = SeasonRun & { date: string; age: number };
export type PlannedPost = {
  publishDay: string;
  horses: string[];
  title: Bilingual;
  body: Bilingual;
  photos: Bilingual[];
};

export type SeasonPlan = {
  season: number;
  /** Run, with their results, oldest first. */
  run: PlannedRun[];
  /** Entered, soonest first: the first declared, the third a non-runner. */
  entered: PlannedRun[];
  /** Public posts that are out, oldest first (each published the morning after its race). */
  posts: PlannedPost[];
  ownersUpdates: PlannedPost[];
  /** The news banner: the latest win, or the season's first race still to come. */
  banner: Bilingual;
};

const addDays = (date: string, days: number) => {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
};

const ageIn = (horse: string, year: number, season: number) =>
  HORSES.find((h) => h.name === horse)!.age + (year - season);

/** The season as it stands on `today` (the Danish date). */
export function planSeason(today: string): SeasonPlan {
  const season = seasonOf(today);
  const dated = (runs: SeasonRun[], year: number) =>
    runs.map((r) => ({ ...r, date: `${year}-${r.day}`, age: ageIn(r.horse, year, season) }));
  const thisSeason = dated(SEASON, season);
  const run = thisSeason.filter((r) => r.date < today);
  const ahead = [...thisSeason.filter((r) => r.date >= today), ...dated(NEXT_SEASON, season + 1)];
  const horizon = addDays(today, ENTRIES_AHEAD_DAYS);
  const entered = ahead.filter((r, i) => i < AT_LEAST_ENTRIES || r.date <= horizon);

  const raceDayAfter = (date: string) => addDays(date, 1);
  const posts: PlannedPost[] = [
    ...SEASON_POSTS.map((p) => ({ ...p, publishDay: `${season}-${p.day}` })),
    ...run.flatMap((r) => (r.post ? [{ ...r.post, horses: [r.horse], publishDay: raceDayAfter(r.date) }] : [])),
  ]
    .filter((p) => p.publishDay < today)
    .sort((a, b) => a.publishDay.localeCompare(b.publishDay));
  const ownersUpdates = OWNERS_UPDATES.map(({ photo, ...u }) => ({
    ...u,
    horses: ["Nordlys"],
    photos: [photo],
    publishDay: `${season}-${u.day}`,
  })).filter((u) => u.publishDay < today);

  const place = (r: PlannedRun) => r.track.split(",")[0]!;
  const lastWin = run.filter((r) => r.result.position === 1).at(-1);
  const first = entered[0]!;
  const banner: Bilingual = lastWin
    ? {
        en: `${lastWin.horse} wins the ${lastWin.race} at ${place(lastWin)}! Congratulations to ${lastWin.jockey} and the whole team.`,
        da: `${lastWin.horse} vinder ${lastWin.race} på ${place(lastWin)}! Tillykke til ${lastWin.jockey} og hele holdet.`,
      }
    : {
        en: `Our season starts on ${formatDay(first.date, "en")} at ${place(first)}: follow our runners here.`,
        da: `Vores sæson starter den ${formatDay(first.date, "da")} på ${place(first)}: følg vores heste her.`,
      };
  return { season, run, entered, posts, ownersUpdates, banner };
}
