import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { bestCompression, brotliQuality, encodePage, etagMatches, LARGE_BODY, pickEncoding } from "./page-encoding";

describe("helpers", () => {
  it("compares entity tags weakly and handles lists and *", () => {
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches("*", 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"x"', 'W/"abc"')).toBe(false);
    expect(etagMatches(undefined, 'W/"abc"')).toBe(false);
  });

  it("prefers brotli, then gzip, and honours q=0", () => {
    expect(pickEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(pickEncoding("gzip")).toBe("gzip");
    expect(pickEncoding("br;q=0, gzip")).toBe("gzip");
    expect(pickEncoding(undefined)).toBe("identity");
  });
});

describe("encoding a page", () => {
  const body = Buffer.from(
    Array.from({ length: 4000 }, (_, i) => `<li>Race ${(i * 7919) % 10007} · ${i % 28}.${i % 12}.2026</li>`).join(""),
  );

  it("stores gzip at once and leaves brotli to the background", async () => {
    const entry = await encodePage(200, new Headers({ "content-type": "text/html" }), body);
    expect(entry.br).toBeNull();
    expect(zlib.gunzipSync(entry.gzip).equals(body)).toBe(true);
    expect(entry.etag).toMatch(/^W\/".{27}"$/);
  });

  it("compresses with brotli at its best quality, a body of several slices whole", async () => {
    const br = await bestCompression(body);
    expect(zlib.brotliDecompressSync(br).equals(body)).toBe(true);
    const quality9 = zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } });
    expect(br.length).toBeLessThan(quality9.length);
  });

  it("gives a body past a megabyte a fast quality, still whole, and a page the best", async () => {
    expect(brotliQuality(600 * 1024)).toBe(11);
    expect(brotliQuality(LARGE_BODY)).toBe(11);
    expect(brotliQuality(LARGE_BODY + 1)).toBe(6);
    const large = Buffer.from(
      Array.from({ length: 20_000 }, (_, i) => `<url><loc>https://stald.example/horses/h-${i}</loc></url>\n`).join(""),
    );
    expect(large.length).toBeGreaterThan(LARGE_BODY);
    const br = await bestCompression(large);
    expect(zlib.brotliDecompressSync(br).equals(large)).toBe(true);
  });

  it("stops when told to", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(bestCompression(body, controller.signal)).rejects.toThrow(/abort/i);
  });
});
