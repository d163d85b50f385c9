import type { Generated } from "kysely";

/** Row types of every table, as the application sees them on either engine. */
export interface Database {
  site_settings: SiteSettingsTable;
  latest_news: LatestNewsTable;
  home_images: HomeImagesTable;
  horses: HorsesTable;
  winners: WinnersTable;
  team_members: TeamMembersTable;
  contact_info: ContactInfoTable;
  rate_limits: RateLimitsTable;
  contact_messages: ContactMessagesTable;
}

export interface SiteSettingsTable {
  id: number;
  stable_name: string;
  tagline: string;
  logo_url: string;
}

export interface LatestNewsTable {
  id: string;
  news_text: string;
  created_at: Generated<string>;
}

export interface HomeImagesTable {
  id: string;
  position: number;
  image_url: string | null;
  image_width: number | null;
  image_height: number | null;
  alt_text: Generated<string>;
}

export interface HorsesTable {
  id: string;
  name: string;
  age: number;
  color: string;
  sire: string;
  dam: string;
  owner: string | null;
  image_url: string | null;
  image_width: number | null;
  image_height: number | null;
  total_prize_ore: Generated<number>;
  first_places: Generated<number>;
  second_places: Generated<number>;
  third_places: Generated<number>;
  created_at: Generated<string>;
}

export interface WinnersTable {
  id: string;
  horse_id: string | null;
  race_name: string;
  race_date: string;
  track: string | null;
  distance: string | null;
  jockey: string | null;
  prize_ore: number | null;
  photo_url: string | null;
  photo_width: number | null;
  photo_height: number | null;
  created_at: Generated<string>;
}

export interface TeamMembersTable {
  id: string;
  name: string;
  role: string;
  description: string | null;
  photo_url: string | null;
  photo_width: number | null;
  photo_height: number | null;
  position: number;
  created_at: Generated<string>;
}

export interface ContactInfoTable {
  id: number;
  address: Generated<string>;
  phone_number: Generated<string>;
  email_address: Generated<string>;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: string;
}

export type ContactDeliveryState = "pending" | "sending" | "sent" | "failed";

export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  message: string;
  created_at: string;
  state: Generated<ContactDeliveryState>;
  attempts: Generated<number>;
  attempt_limit: number;
  next_attempt_at: string;
  lease_until: string | null;
  claim_token: string | null;
  last_error: string | null;
  sent_at: string | null;
  sent_to: string | null;
}
