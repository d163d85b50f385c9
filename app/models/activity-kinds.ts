/** What happened; the Activity tab filters by these. */
export const ACTIVITY_KINDS = {
  create: "Created",
  update: "Updated",
  delete: "Deleted",
  restore: "Restored",
  purge: "Deleted forever",
  reorder: "Reordered",
  export: "Exported",
  "sign-in": "Signed in",
  "sign-in-failed": "Failed sign-in",
  "sign-out": "Signed out",
  "password-reset": "Password reset",
  invite: "Invited",
  accept: "Invitation accepted",
  revoke: "Access revoked",
  issue: "Issued",
  credit: "Credited",
  payment: "Payment recorded",
  approve: "Approved",
  question: "Question asked",
} as const;
export type ActivityKind = keyof typeof ACTIVITY_KINDS;

export function isActivityKind(value: unknown): value is ActivityKind {
  return typeof value === "string" && Object.hasOwn(ACTIVITY_KINDS, value);
}
