import { formatOere } from "~/billing/document-texts";

/** The longest question an owner may ask about a cost (decideOnCost keeps 1,000 characters). */
export const QUESTION_MAX = 1000;

/** Whole øre as the owners' pages show money, the Danish way in both languages: "1.234,50 kr.". */
export function kroner(oere: number) {
  return `${formatOere(oere)} kr.`;
}
