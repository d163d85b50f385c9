/** Shown, and stored, when a team member has no description of their own. */
export const DEFAULT_MEMBER_DESCRIPTION = "Experienced professional dedicated to excellence in horse racing.";
