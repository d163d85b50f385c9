import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { imageSources, stemOfStoredFile, variantUrl, variantWidths } from "~/media/image";
import { ResponsiveImage } from "./responsive-image";

describe("variant naming", () => {
  it("derives every variant from the URL and the intrinsic width alone, never upscaling", () => {
    expect(variantWidths(4000)).toEqual([320, 640, 960, 1280, 1920]);
    expect(variantWidths(1920)).toEqual([320, 640, 960, 1280, 1920]);
    expect(variantWidths(1000)).toEqual([320, 640, 960, 1000]);
    expect(variantWidths(320)).toEqual([320]);
    expect(variantWidths(200)).toEqual([200]);
    expect(variantUrl("/media/horse-images/1700000000000-abc.jpg", 640, "avif")).toBe(
      "/media/horse-images/1700000000000-abc.w640.avif",
    );
    expect(stemOfStoredFile("horse-images/home-2-1700.w1280.webp")).toBe("horse-images/home-2-1700");
    expect(stemOfStoredFile("horse-images/home-2-1700.jpg")).toBe("horse-images/home-2-1700");
  });

  it("builds srcsets smallest first and a moderate WebP fallback", () => {
    const s = imageSources({ url: "/media/team-photos/1-a.png", width: 1000 });
    expect(s.srcSet.avif).toBe(
      "/media/team-photos/1-a.w320.avif 320w, /media/team-photos/1-a.w640.avif 640w, /media/team-photos/1-a.w960.avif 960w, /media/team-photos/1-a.w1000.avif 1000w",
    );
    expect(s.srcSet.webp.split(", ")).toHaveLength(4);
    expect(s.src).toBe("/media/team-photos/1-a.w960.webp");
    expect(imageSources({ url: "/media/team-photos/2-b.jpg", width: 200 }).src).toBe(
      "/media/team-photos/2-b.w200.webp",
    );
  });
});

describe("<ResponsiveImage>", () => {
  const stored = { url: "/media/horse-images/1700000000000-abc.jpg", width: 4000, height: 3000 };

  it("renders a stored image as <picture> with AVIF and WebP sources, sizes and reserved space, lazy by default", () => {
    const html = renderToStaticMarkup(
      <ResponsiveImage image={stored} alt="Nordlys Star" sizes="(min-width: 768px) 33vw, 100vw" className="w-full" />,
    );
    expect(html).toMatch(/^<picture class="contents">/);
    expect(html).toContain(
      `<source type="image/avif" srcSet="${imageSources(stored).srcSet.avif}" sizes="(min-width: 768px) 33vw, 100vw"/>`,
    );
    expect(html).toContain(`<source type="image/webp" srcSet="${imageSources(stored).srcSet.webp}"`);
    expect(html.indexOf("image/avif")).toBeLessThan(html.indexOf("image/webp"));
    expect(html).toContain('src="/media/horse-images/1700000000000-abc.w960.webp"');
    expect(html).toContain('alt="Nordlys Star"');
    expect(html).toContain('width="4000" height="3000"');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('decoding="async"');
    expect(html).not.toContain("fetchpriority");
    expect(html).toContain('class="w-full"');
  });

  it("loads the priority image eagerly with high fetch priority", () => {
    const html = renderToStaticMarkup(<ResponsiveImage image={stored} alt="Hero" sizes="100vw" priority />);
    expect(html).toContain('loading="eager"');
    expect(html).toContain('fetchPriority="high"');
  });

  it("preloads the priority image from the document's head, with its AVIF srcset and sizes", async () => {
    const { renderToString } = await import("react-dom/server");
    const html = renderToString(
      <html>
        <head />
        <body>
          <ResponsiveImage image={stored} alt="Hero" sizes="(min-width: 768px) 25vw, 50vw" priority />
          <ResponsiveImage image={{ ...stored, url: "/media/horse-images/2-b.jpg" }} alt="Next" sizes="50vw" eager />
        </body>
      </html>,
    );
    const head = html.slice(0, html.indexOf("<body"));
    const preloads = [...head.matchAll(/<link rel="preload"[^>]*>/g)].map((m) => m[0]);
    expect(preloads).toHaveLength(1);
    expect(preloads[0]).toContain(`imageSrcSet="${imageSources(stored).srcSet.avif}"`);
    expect(preloads[0]).toContain('imageSizes="(min-width: 768px) 25vw, 50vw"');
    expect(preloads[0]).toContain('type="image/avif"');
    expect(preloads[0]).toContain('fetchPriority="high"');
  });

  it("loads an eager image at once but without high priority", () => {
    const html = renderToStaticMarkup(<ResponsiveImage image={stored} alt="Second" sizes="50vw" eager />);
    expect(html).toContain('loading="eager"');
    expect(html).not.toContain("fetchPriority");
  });

  it("falls back to /placeholder.svg, or the given fallback, when there is no image", () => {
    const team = renderToStaticMarkup(<ResponsiveImage image={null} alt="Anna" sizes="33vw" />);
    expect(team).toMatch(/^<img src="\/placeholder.svg" alt="Anna" width="400" height="300"/);
    expect(team).not.toContain("<picture");
    const other = renderToStaticMarkup(<ResponsiveImage image={undefined} alt="" sizes="50vw" fallback="/logo.svg" />);
    expect(other).toContain('src="/logo.svg"');
  });

  it("renders external and legacy URLs, and stored ones without a known size, as a plain <img>", () => {
    const external = renderToStaticMarkup(
      <ResponsiveImage image={{ url: "https://example.com/a.jpg", width: 800, height: 600 }} alt="x" sizes="50vw" />,
    );
    expect(external).toMatch(/^<img src="https:\/\/example.com\/a.jpg" alt="x" width="800" height="600"/);
    const legacy = renderToStaticMarkup(
      <ResponsiveImage
        image={{ url: "/media/horse-images/old.jpg", width: null, height: null }}
        alt="y"
        sizes="50vw"
      />,
    );
    expect(legacy).toMatch(/^<img src="\/media\/horse-images\/old.jpg"/);
    expect(legacy).not.toContain("srcSet");
  });
});
