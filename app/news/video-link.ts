/** A post's video: YouTube or Vimeo only, kept as the site and the video's id, never as a typed address. */
export type PostVideo = { provider: "youtube" | "vimeo"; id: string };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{6,12}$/;
const YOUTUBE_HOSTS = [
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "youtube-nocookie.com",
  "www.youtube-nocookie.com",
];
const VIMEO_HOSTS = ["vimeo.com", "www.vimeo.com", "player.vimeo.com"];

/** The video a YouTube or Vimeo address points at, or null for any other address. */
export function parseVideoLink(link: string): PostVideo | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split("/").filter(Boolean);
  if (host === "youtu.be") return youtube(segments.length === 1 ? segments[0] : null);
  if (YOUTUBE_HOSTS.includes(host)) {
    if (segments.length === 1 && segments[0] === "watch") return youtube(url.searchParams.get("v"));
    if (segments.length === 2 && ["embed", "shorts", "live", "v"].includes(segments[0]!)) return youtube(segments[1]);
    return null;
  }
  if (VIMEO_HOSTS.includes(host)) {
    const id = host === "player.vimeo.com" ? (segments[0] === "video" ? segments[1] : null) : segments.at(-1);
    const plain = host === "player.vimeo.com" ? segments.length === 2 : segments.length >= 1;
    return plain && id && VIMEO_ID.test(id) ? { provider: "vimeo", id } : null;
  }
  return null;
}

function youtube(id: string | null | undefined): PostVideo | null {
  return id && YOUTUBE_ID.test(id) ? { provider: "youtube", id } : null;
}

/** Where the video plays on its own site (the link without JavaScript, and in feeds). */
export function videoWatchUrl(video: PostVideo): string {
  return video.provider === "youtube" ? `https://www.youtube.com/watch?v=${video.id}` : `https://vimeo.com/${video.id}`;
}

/** The player loaded into the page once the visitor asks for it. */
export function videoEmbedUrl(video: PostVideo): string {
  return video.provider === "youtube"
    ? `https://www.youtube-nocookie.com/embed/${video.id}?autoplay=1`
    : `https://player.vimeo.com/video/${video.id}?autoplay=1&dnt=1`;
}

/** The only frame sources the site's CSP allows: the two players. */
export const VIDEO_FRAME_SOURCES = ["https://www.youtube-nocookie.com", "https://player.vimeo.com"] as const;
