import { expect, test } from "vitest";
import { preview } from "./preview";

test("a preview is one line, cut with an ellipsis only when the text goes on", () => {
  expect(preview("  Hello\n\nthere  ", 20)).toBe("Hello there");
  expect(preview("abcdefghij", 10)).toBe("abcdefghij");
  expect(preview("abcdefghijk", 10)).toBe("abcdefghi…");
});
