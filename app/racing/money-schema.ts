import { z } from "zod";
import { AMOUNT_LIMIT_TEXT, readDkkAmount, type AmountReading } from "./money";

/**
 * What a money field says when its text will not do; the messages are the form's own keys. Without
 * `invalid`, text that is no amount counts as 0 (the spec's rule for the horse form's added prize).
 * `negative`: the message for an amount typed with a minus, or "allowed" where one may be below zero.
 */
export type MoneyMessages<K extends string> = { invalid?: K; tooLarge: K; negative?: K | "allowed" };

/** The values every money message may use: what was typed (cut short) and the largest amount. */
export const moneyParams = (typed: string) => ({ typed: typed.slice(0, 40), limit: AMOUNT_LIMIT_TEXT });

/** A leading minus, ASCII or typographic. */
const MINUS = /^[-\u2212]\s*/;

/**
 * A money field's text as whole øre, a minus giving a negative amount; blank is `{ ore: null }`.
 * The field's echo (app/components/ui/money-field.tsx) and the schema below read it the same way.
 */
export function readMoneyText(text: string): AmountReading | { ore: null } {
  const s = text.trim();
  if (s === "") return { ore: null };
  const minus = MINUS.exec(s);
  const reading = readDkkAmount(minus ? s.slice(minus[0].length) : s);
  return minus && "ore" in reading ? { ore: -reading.ore || 0 } : reading;
}

/**
 * One money field of a form, typed the Danish way: '25.000', '25.000,50', '25000' and '25 000 kr.'
 * are all read (app/racing/money.ts). Gives whole øre, or null when the field was left blank.
 */
export function moneyAmount<K extends string>(messages: MoneyMessages<K>) {
  return z
    .string()
    .optional()
    .transform((v, ctx): number | null => {
      const typed = (v ?? "").trim();
      const reading = readMoneyText(typed);
      const refuse = (message: K | undefined) => {
        if (!message) return 0;
        ctx.addIssue({ code: "custom", message, params: moneyParams(typed) });
        return null;
      };
      if ("problem" in reading) {
        return reading.problem === "too-large" ? refuse(messages.tooLarge) : refuse(messages.invalid);
      }
      if (reading.ore !== null && reading.ore < 0 && messages.negative !== "allowed") {
        return refuse(messages.negative ?? messages.invalid);
      }
      return reading.ore;
    });
}
