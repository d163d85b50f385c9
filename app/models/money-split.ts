/** Splitting an amount of whole øre into parts that add up to it exactly (decision 0283). */

/**
 * Splits `amount` over weighted parts so that they add up to it exactly: each part is the exact
 * share rounded down, and the øre left over go one each to the parts with the largest remainders
 * (ties: the larger weight, then the order given). Every part is within one øre of its exact share.
 */
export function splitByLargestRemainder(
  amountOere: number,
  weights: readonly { key: string; weight: number }[],
): Map<string, number> {
  if (!Number.isSafeInteger(amountOere)) throw new RangeError("The amount is not a whole number of øre");
  if (weights.some((w) => !Number.isSafeInteger(w.weight) || w.weight < 0)) {
    throw new RangeError("A weight is not a whole, non-negative number");
  }
  if (new Set(weights.map((w) => w.key)).size !== weights.length) throw new RangeError("A part is named twice");
  const total = weights.reduce((sum, w) => sum + BigInt(w.weight), 0n);
  if (total === 0n) throw new RangeError("The weights add up to nothing");
  const negative = amountOere < 0;
  const amount = BigInt(Math.abs(amountOere));
  const parts = weights.map((w, index) => {
    const exact = amount * BigInt(w.weight);
    return { key: w.key, weight: w.weight, index, floor: exact / total, remainder: exact % total };
  });
  let left = amount - parts.reduce((sum, p) => sum + p.floor, 0n);
  const order = [...parts].sort((a, b) =>
    a.remainder !== b.remainder ? (a.remainder > b.remainder ? -1 : 1) : b.weight - a.weight || a.index - b.index,
  );
  for (const part of order) {
    if (left === 0n) break;
    part.floor += 1n;
    left -= 1n;
  }
  return new Map(parts.map((p) => [p.key, Number(negative ? -p.floor : p.floor)]));
}

/** A cost spread over horses in equal parts, to the øre (1.250,00 kr. over three: 416,67 + 416,67 + 416,66). */
export function spreadEvenly(amountOere: number, horseIds: readonly string[]): Map<string, number> {
  return splitByLargestRemainder(
    amountOere,
    horseIds.map((key) => ({ key, weight: 1 })),
  );
}
