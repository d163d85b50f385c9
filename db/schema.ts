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
  users: UsersTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  verifications: VerificationsTable;
  user_roles: UserRolesTable;
  contact_messages: ContactMessagesTable;
  mail_queue: MailQueueTable;
  used_form_stamps: UsedFormStampsTable;
  runners: RunnersTable;
  job_runs: JobRunsTable;
  horse_slug_history: HorseSlugHistoryTable;
  trash: TrashTable;
  activity: ActivityTable;
  posts: PostsTable;
  post_photos: PostPhotosTable;
  post_horses: PostHorsesTable;
  subscribers: SubscribersTable;
  newsletter_sends: NewsletterSendsTable;
  owner_accounts: OwnerAccountsTable;
  owner_horses: OwnerHorsesTable;
  owner_calendars: OwnerCalendarsTable;
  owner_all_calendars: OwnerAllCalendarsTable;
  owner_notices: OwnerNoticesTable;
  withheld_invitations: WithheldInvitationsTable;
  restore_in_progress: RestoreInProgressTable;
  billing_day_rates: BillingDayRatesTable;
  horse_statuses: HorseStatusesTable;
  horse_day_rates: HorseDayRatesTable;
  horse_shares: HorseSharesTable;
  costs: CostsTable;
  cost_horses: CostHorsesTable;
  cost_approvals: CostApprovalsTable;
  number_series: NumberSeriesTable;
  invoices: InvoicesTable;
  invoice_lines: InvoiceLinesTable;
  payments: PaymentsTable;
  invoice_reminders: InvoiceRemindersTable;
  dh_settings: DhSettingsTable;
  dh_proposals: DhProposalsTable;
}

export interface SiteSettingsTable {
  id: number;
  stable_name: string;
  tagline: string;
  logo_url: string;
  logo_width: number | null;
  logo_height: number | null;
  tagline_da: string;
  hero_url: string | null;
  hero_width: number | null;
  hero_height: number | null;
  hero_alt_en: string;
  hero_alt_da: string;
  excellence_en: string | null;
  excellence_da: string | null;
  care_en: string | null;
  care_da: string | null;
  facebook_url: string | null;
  instagram_url: string | null;
  youtube_url: string | null;
  x_url: string | null;
  /** The ownership page's text; null: the site's standard text in that language. */
  ownership_en: string | null;
  ownership_da: string | null;
  /** The stable as the seller on its invoices ("" until the Site tab gives it). */
  seller_legal_name: Generated<string>;
  seller_street: Generated<string>;
  seller_postal_code: Generated<string>;
  seller_city: Generated<string>;
  seller_country_code: Generated<string>;
  seller_cvr: Generated<string>;
  seller_bank_reg_no: Generated<string>;
  seller_bank_account_no: Generated<string>;
  seller_iban: string | null;
  seller_bic: string | null;
  invoice_email: Generated<string>;
  payment_terms_days: Generated<number>;
  /** Days after the due date an unpaid invoice's reminder goes (once); null: none. */
  reminder_days: number | null;
}

export interface LatestNewsTable {
  id: string;
  news_text: string;
  /** The banner in Danish; "" where it is given in English only (decision 0230). */
  news_text_da: Generated<string>;
  created_at: Generated<string>;
}

export interface HomeImagesTable {
  id: string;
  position: number;
  image_url: string | null;
  image_width: number | null;
  image_height: number | null;
  alt_text: Generated<string>;
  alt_text_da: Generated<string>;
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
  /** Unique; set by the application on every insert and rename (null only before migration 0020 ran). */
  slug: string | null;
  created_at: Generated<string>;
  /** male, female, gelding (app/racing/horse-terms.ts), or the stable's own words; null: not given. */
  sex: string | null;
  year_of_birth: number | null;
  dam_sire: string | null;
  description: Generated<string>;
  description_da: Generated<string>;
  /** 1: listed on the ownership page with its shares text. */
  shares_available: Generated<number>;
  shares_text: Generated<string>;
  shares_text_da: Generated<string>;
  /** The horse's id at Dansk Hestevæddeløb; unique; null: not matched. */
  dh_horse_id: string | null;
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
  role_da: Generated<string>;
  description_da: Generated<string>;
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

/**
 * The sign-in tables are written by the auth library: instants are Date (timestamptz) on
 * PostgreSQL and ISO text on SQLite, booleans are boolean or 0/1.
 */
export type AuthInstant = Date | string;

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  email_verified: boolean | number;
  image: string | null;
  created_at: AuthInstant;
  updated_at: AuthInstant;
  /** The language of the admin dashboard for this account. */
  admin_language: Generated<AdminLanguage>;
}

export type AdminLanguage = "en" | "da";

export interface SessionsTable {
  id: string;
  user_id: string;
  token: string;
  expires_at: AuthInstant;
  ip_address: string | null;
  user_agent: string | null;
  created_at: AuthInstant;
  updated_at: AuthInstant;
}

export interface AccountsTable {
  id: string;
  user_id: string;
  account_id: string;
  provider_id: string;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: AuthInstant | null;
  refresh_token_expires_at: AuthInstant | null;
  scope: string | null;
  password: string | null;
  created_at: AuthInstant;
  updated_at: AuthInstant;
}

export interface VerificationsTable {
  id: string;
  identifier: string;
  value: string;
  expires_at: AuthInstant;
  created_at: AuthInstant;
  updated_at: AuthInstant;
}

export interface UserRolesTable {
  user_id: string;
  role: "admin";
  created_at: string;
}

export type MailDeliveryState = "pending" | "sending" | "sent" | "failed";
export type MailKind =
  | "contact"
  | "password-reset"
  | "deadline-reminder"
  | "newsletter-confirm"
  | "newsletter"
  | "owner-invitation"
  | "owner-notice"
  | "invoice"
  | "invoice-reminder"
  /** An owner's question about a planned cost, to the stable (its text is the contact message's). */
  | "cost-question";

export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  message: string;
  created_at: string;
  /** When an administrator opened it in the dashboard; null: not read yet. */
  read_at: string | null;
}

export interface MailQueueTable {
  id: string;
  kind: MailKind;
  contact_message_id: string | null;
  /** Null: the stable's own address (CONTACT_TO or Contact Info), looked up when sending. */
  to_address: string | null;
  /** The site's origin for links in the mail (PUBLIC_ORIGIN, or the allowed host the request came to). */
  link_origin: string | null;
  created_at: string;
  state: Generated<MailDeliveryState>;
  attempts: Generated<number>;
  attempt_limit: number;
  next_attempt_at: string;
  lease_until: string | null;
  claim_token: string | null;
  last_error: string | null;
  sent_at: string | null;
  sent_to: string | null;
  /** 0: the site's own mail; 1: bulk mail (newsletters), claimed only when no other mail is due. */
  priority: Generated<number>;
}

export interface UsedFormStampsTable {
  stamp_hash: string;
  expires_at: string;
}

export type JobRunStatus = "running" | "done" | "failed" | "stopped";

/** A scheduled job's run in one period (app/jobs/scheduler.server.ts); the row is the claim. */
export interface JobRunsTable {
  job: string;
  /** The period's key: a Danish date (daily), a month 'YYYY-MM' (monthly) or an instant (every N). */
  period: string;
  status: JobRunStatus;
  /** The instance running or having run it; null for a run carried over from before the table. */
  instance: string | null;
  attempts: Generated<number>;
  started_at: string;
  finished_at: string | null;
  /** While running: past it, the run is taken over (its instance is gone). */
  lease_until: string | null;
  /** After a failure or a stop: from then on the period may be run again. */
  retry_at: string | null;
  error: string | null;
  /** What the run reported (a backup's file). */
  note: string | null;
}

export interface RunnersTable {
  id: string;
  horse_id: string;
  race_name: string;
  race_date: string;
  /** HH:MM, Danish time; null when the post time is not known yet. */
  post_time: string | null;
  track: string | null;
  distance: string | null;
  jockey: string | null;
  /** 1 to 30 once a placing is recorded; null with did_not_finish = 1, or before a result. */
  position: number | null;
  did_not_finish: Generated<number>;
  prize_ore: number | null;
  /** When the result was recorded; null while the runner awaits its race or its result. */
  result_at: string | null;
  victory_id: string | null;
  /** The start at Dansk Hestevæddeløb ("gallop:<race id>:<horse id>"); unique; null: typed by hand. */
  dh_start_key: string | null;
  /** "dh" when the result came from Dansk Hestevæddeløb; null: typed by hand. */
  result_source: string | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
  /** entered (the default), declared, withdrawn (a non-runner); a result is shown over it. */
  status: Generated<RunnerStatus>;
  declared_at: string | null;
  /** The declared weight in grams (57,5 kg → 57500), exact. */
  weight_g: number | null;
  draw: number | null;
  /** The declared equipment, codes of RUNNER_EQUIPMENT joined by commas in that order; null for none. */
  equipment: string | null;
  withdrawn_at: string | null;
  withdrawal_reason: string | null;
  /** Instants (ISO UTC), typed as Danish time. */
  declaration_deadline: string | null;
  withdrawal_deadline: string | null;
  /** iCalendar SEQUENCE: raised by every change, so subscribed calendars take the new version. */
  sequence: Generated<number>;
}

export type RunnerStatus = "entered" | "declared" | "withdrawn";

export interface HorseSlugHistoryTable {
  old_slug: string;
  horse_id: string;
  created_at: Generated<string>;
}

export interface TrashTable {
  id: string;
  kind: string;
  record_id: string;
  label: string;
  /** JSON: the record's row and whatever else putting it back needs. */
  snapshot: string;
  /** JSON array of the image URLs the record used; the files go when the row is purged. */
  image_urls: Generated<string>;
  deleted_at: string;
  deleted_by_id: string | null;
  deleted_by_email: string | null;
}

export interface ActivityTable {
  id: string;
  at: string;
  actor_id: string | null;
  actor_email: string | null;
  via: string;
  kind: string;
  entity: string;
  entity_id: string | null;
  summary: string;
  /** JSON: the fields that changed, with their old and new values as shown. */
  details: string | null;
  /** How many attempts a folded failed sign-in stands for (1 for every other entry). */
  repeat_count: Generated<number>;
  /** The client network of a failed sign-in (an IPv4 address or an IPv6 /64); null when several. */
  network: string | null;
}

export interface PostsTable {
  id: string;
  slug: string;
  /** The English title and body; "" where the post is in Danish only (decision 0230). */
  title: string;
  /** Markdown (a small subset), rendered and sanitised when shown. */
  body: string;
  title_da: Generated<string>;
  body_da: Generated<string>;
  /** 'public': everyone; 'owners': the tagged horses' owners and their guests only (never on a public page). */
  audience: Generated<"public" | "owners">;
  video_provider: "youtube" | "vimeo" | null;
  video_id: string | null;
  publish_at: string;
  draft: Generated<number>;
  created_at: Generated<string>;
  updated_at: Generated<string>;
  /** 1: Send as Newsletter was ticked; the mails go out when the post is published. */
  newsletter: Generated<number>;
  /** When its newsletter was queued (set once: the claim that no instance queues it twice). */
  newsletter_queued_at: string | null;
  /** How many confirmed subscribers it was queued for. */
  newsletter_recipients: number | null;
  /** When an owners-only post's update notices were queued (set once: the claim that none goes twice). */
  notices_queued_at: string | null;
}

export interface PostPhotosTable {
  id: string;
  post_id: string;
  /** 1 to 8; the first is the post's picture in lists, feeds and link previews. */
  position: number;
  image_url: string;
  image_width: number | null;
  image_height: number | null;
  description: Generated<string>;
  description_da: Generated<string>;
}

export interface PostHorsesTable {
  post_id: string;
  horse_id: string;
}

export interface SubscribersTable {
  id: string;
  /** Trimmed and lower-cased. */
  email: string;
  language: "en" | "da";
  state: "pending" | "confirmed";
  /** SHA-256 of the confirmation link's token; null once confirmed. */
  confirm_token_hash: string | null;
  confirm_expires_at: string | null;
  unsubscribe_token_hash: string;
  created_at: string;
  confirmed_at: string | null;
}

export interface NewsletterSendsTable {
  post_id: string;
  subscriber_id: string;
  mail_id: string;
  created_at: string;
}

/** An owner of horses, or a guest an owner invited (read-only, the owner's horses only). */
export interface OwnerAccountsTable {
  user_id: string;
  role: "owner" | "guest";
  /** A guest's owner (no foreign key: the code ends a host's guests with the host); null for an owner. */
  host_id: string | null;
  name: string;
  language: "en" | "da";
  /** invited: no password yet; active: may sign in; revoked: access ended (no password, no session). */
  state: OwnerState;
  /** SHA-256 of the newest invitation link's token; null once used or ended. */
  invite_token_hash: string | null;
  invite_expires_at: string | null;
  invited_at: string;
  activated_at: string | null;
  revoked_at: string | null;
  notify_entries: Generated<number>;
  notify_declarations: Generated<number>;
  notify_withdrawals: Generated<number>;
  notify_results: Generated<number>;
  notify_updates: Generated<number>;
  created_at: string;
  /** The owner as the buyer on invoices: a private person or a company (with an optional CVR). */
  billing_kind: Generated<"person" | "company">;
  /** Null: the account's name. */
  billing_name: string | null;
  billing_street: Generated<string>;
  billing_postal_code: Generated<string>;
  billing_city: Generated<string>;
  billing_country_code: Generated<string>;
  billing_cvr: string | null;
  /** Null: the account's e-mail. */
  invoice_email: string | null;
  /** The customer number on invoices (the buyer reference), given when billing details are first saved. */
  customer_no: number | null;
  /** A planned cost whose part for this owner is above this (øre, VAT included) waits for their approval. */
  approval_limit_oere: number | null;
}

export type OwnerState = "invited" | "active" | "revoked";

/** The horses an owner follows (no foreign key to horses: a restored horse's links come back with it). */
export interface OwnerHorsesTable {
  user_id: string;
  horse_id: string;
  created_at: string;
}

/** A person's private calendar address for a horse: the token is signed from the row, only its hash is kept. */
/** A person's private calendar address for all the horses they follow (only its hash). */
export interface OwnerAllCalendarsTable {
  user_id: string;
  token_hash: string;
  issued_at: string;
}

export interface OwnerCalendarsTable {
  user_id: string;
  horse_id: string;
  token_hash: string;
  issued_at: string;
}

/** A guest invitation to an address that has an account: listed to its owner like any, never sent (decision 0222). */
export interface WithheldInvitationsTable {
  id: string;
  host_id: string;
  name: string;
  email: string;
  language: "en" | "da";
  invited_at: string;
  created_at: string;
}

export type OwnerNoticeKind = "entry" | "declaration" | "withdrawal" | "result" | "update";

/** A notice e-mail queued for one person; `id` is its mail's. (user_id, kind, event) is unique. */
export interface OwnerNoticesTable {
  id: string;
  user_id: string;
  kind: OwnerNoticeKind;
  /** What happened, once: `runner:<id>:<sequence>` for a runner's change, `post:<id>` for an update. */
  event: string;
  horse_id: string;
  /** JSON: what the mail says, as it was when the event happened. */
  details: string;
  created_at: string;
}

/** A row only inside a restore's transaction: the triggers guarding issued documents let it replace them. */
export interface RestoreInProgressTable {
  id: number;
}

export type HorseStatus = "training" | "pre-training" | "resting" | "away" | "retired";
export type FeeStatus = "training" | "pre-training" | "resting";
export type CostCategory =
  | "vet"
  | "farrier"
  | "dentist"
  | "physio"
  | "transport"
  | "entry-fee"
  | "declaration-fee"
  | "jockey-fee"
  | "insurance"
  | "other";
export type VatKind = "standard" | "outlay";

/** The stable's day rate at each status that has a fee (away and retired have none). */
export interface BillingDayRatesTable {
  status: FeeStatus;
  rate_oere: number;
  updated_at: string;
}

/** A horse's status from a date until the next row's. */
export interface HorseStatusesTable {
  horse_id: string;
  valid_from: string;
  status: HorseStatus;
  created_at: string;
}

/** A horse's own day rate at a status from a date; null: the standard rate again. */
export interface HorseDayRatesTable {
  horse_id: string;
  status: FeeStatus;
  valid_from: string;
  rate_oere: number | null;
  created_at: string;
}

/** One part of a horse in the set of parts from `valid_from`; owner null: the stable's own part. */
export interface HorseSharesTable {
  id: string;
  horse_id: string;
  valid_from: string;
  owner_id: string | null;
  /** The percentage in hundredths: 33,33 % is 3333. */
  hundredths: number;
  created_at: string;
}

export interface CostsTable {
  id: string;
  cost_date: string;
  category: CostCategory;
  description: string;
  /** Net of VAT. */
  amount_oere: number;
  vat: VatKind;
  /** A private storage key (private/…), never a public address. */
  receipt_key: string | null;
  passed_on: Generated<number>;
  planned: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** Each horse's part of a cost; the parts add up to the cost's amount. */
export interface CostHorsesTable {
  id: string;
  cost_id: string;
  horse_id: string;
  part_oere: number;
}

export interface CostApprovalsTable {
  cost_id: string;
  owner_id: string;
  state: "approved" | "question";
  question: string | null;
  decided_at: string;
}

export interface NumberSeriesTable {
  id: string;
  next_seq: number;
}

export type InvoiceKind = "invoice" | "credit-note";
export type InvoiceState = "draft" | "issued";

export interface InvoicesTable {
  id: string;
  kind: InvoiceKind;
  state: InvoiceState;
  owner_id: string;
  /** 'YYYY-MM' for a monthly run's draft: one per owner and month. */
  run_month: string | null;
  period_start: string;
  period_end: string;
  credited_invoice_id: string | null;
  note: string | null;
  /** 1 once the administrator changed a draft's lines: the monthly run leaves it alone. */
  edited: Generated<number>;
  seq: number | null;
  number: string | null;
  issue_date: string | null;
  due_date: string | null;
  language: "en" | "da" | null;
  /** JSON, as issued: the seller and buyer the documents name. */
  seller: string | null;
  buyer: string | null;
  net_oere: number | null;
  vat_oere: number | null;
  total_oere: number | null;
  mail_id: string | null;
  issued_at: string | null;
  issued_by: string | null;
  created_at: string;
  updated_at: string;
}

export type LineSource = "fee" | "cost" | "manual" | "credit";

export interface InvoiceLinesTable {
  id: string;
  invoice_id: string;
  position: number;
  source: LineSource;
  description: string;
  horse_id: string | null;
  horse_name: string | null;
  period_start: string | null;
  period_end: string | null;
  quantity: string;
  unit: "day" | "piece";
  unit_price_oere: number;
  share_hundredths: number | null;
  net_oere: number;
  vat: VatKind;
  cost_part_id: string | null;
  credits_line_id: string | null;
}

export interface PaymentsTable {
  id: string;
  invoice_id: string;
  paid_on: string;
  amount_oere: number;
  note: string | null;
  created_at: string;
  created_by: string | null;
}

export interface InvoiceRemindersTable {
  invoice_id: string;
  mail_id: string;
  queued_at: string;
}

export interface DhSettingsTable {
  id: number;
  licence: Generated<string>;
  /** gallop or trot. */
  discipline: Generated<string>;
  enabled: Generated<number>;
  /** 1: proposals for horses already matched are accepted by the import itself. */
  auto_apply: Generated<number>;
  last_run_at: string | null;
  last_outcome: string | null;
  /** What the last run could not read (shown on the Today panel until a run succeeds). */
  problem: string | null;
  /** unavailable, shape or not-found: how the dashboard words the problem, with its detail. */
  problem_kind: string | null;
  problem_detail: string | null;
  problem_at: string | null;
  /** After a 5xx, a timeout or a 429: the next run waits until then. */
  retry_after: string | null;
  updated_at: Generated<string>;
}

export type DhProposalKind = "horse" | "runner" | "withdrawal" | "result";
export type DhProposalStatus = "open" | "accepted" | "ignored";

export interface DhProposalsTable {
  id: string;
  kind: DhProposalKind;
  /** What it is about at DH, once: "horse:<id>", "runner:<start key>", "result:<start key>" … */
  key: string;
  dh_horse_id: string;
  /** The horse or runner of ours it changes; null: a new one. */
  target_id: string | null;
  race_date: string | null;
  /** JSON: what DH says (DhHorseData, DhStartData or DhResultData). */
  payload: string;
  /** The payload's digest: an import that reads the same again changes nothing. */
  fingerprint: string;
  status: Generated<DhProposalStatus>;
  created_at: Generated<string>;
  updated_at: Generated<string>;
  decided_at: string | null;
}
