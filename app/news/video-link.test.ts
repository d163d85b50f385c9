import { describe, expect, test } from "vitest";
import { parseVideoLink, videoEmbedUrl, videoWatchUrl } from "./video-link";

describe("video links", () => {
  test.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10", { provider: "youtube", id: "dQw4w9WgXcQ" }],
    ["https://youtu.be/dQw4w9WgXcQ", { provider: "youtube", id: "dQw4w9WgXcQ" }],
    ["https://m.youtube.com/shorts/dQw4w9WgXcQ", { provider: "youtube", id: "dQw4w9WgXcQ" }],
    ["https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", { provider: "youtube", id: "dQw4w9WgXcQ" }],
    ["https://vimeo.com/76979871", { provider: "vimeo", id: "76979871" }],
    ["https://player.vimeo.com/video/76979871", { provider: "vimeo", id: "76979871" }],
  ])("%s is a video", (link, video) => {
    expect(parseVideoLink(link)).toEqual(video);
  });

  test.each([
    "javascript:alert(1)",
    "https://evil.example/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ"><script>',
    "https://youtu.be/abc",
    "https://vimeo.com/abc",
    "https://user:pw@youtu.be/dQw4w9WgXcQ",
    "not a link",
    "",
  ])("%s is refused", (link) => {
    expect(parseVideoLink(link)).toBeNull();
  });

  test("the addresses built from an id", () => {
    expect(videoEmbedUrl({ provider: "youtube", id: "dQw4w9WgXcQ" })).toBe(
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1",
    );
    expect(videoWatchUrl({ provider: "vimeo", id: "76979871" })).toBe("https://vimeo.com/76979871");
  });
});
