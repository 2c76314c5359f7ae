// The media manifest (written by scripts/build-images.ts): sizes, formats and placeholder colour
// of every picture under media/; and the pictures staff uploaded for posts (server/pictures/),
// named `u/<hash>` and served under /media/, whose entries arrive with the posts that name them
// (`rememberPictures`). A name is the hash of a picture's bytes, so its entry never changes: what
// this process was told once stays true.
import manifest from "#app/content/media-manifest.json";
import { pictureFrom, type PictureData } from "./media.ts";

export type MediaFormat = "avif" | "webp";
export type MediaEntry = {
  width: number;
  height: number;
  widths: number[];
  formats: string[];
  fallback: string;
  placeholder?: string;
};

const media: Record<string, MediaEntry> = manifest;
const uploaded = new Map<string, MediaEntry>();

/** Makes uploaded pictures known to pictureData and mediaUrl (the published posts' pictures, a
 *  preview's): called with the entries that come with the posts. */
export function rememberPictures(entries: Readonly<Record<string, MediaEntry>> | undefined): void {
  for (const [name, entry] of Object.entries(entries ?? {})) uploaded.set(name, entry);
}

/** Whether `pictureData(name)` can draw it: a manifest picture, or an uploaded one made known. */
export const pictureKnown = (name: string): boolean => Object.hasOwn(media, name) || uploaded.has(name);

/** Where a picture's files are: uploaded ones under /media/, the manifest's under /img/. */
const folder = (name: string) => (uploaded.has(name) && !media[name] ? "/media" : "/img");

/** The manifest entry for a picture in media/ (or an uploaded one made known); throws (in a
 *  loader: at build and in dev) if unknown. */
export function mediaEntry(name: string): MediaEntry {
  const entry = media[name] ?? uploaded.get(name);
  if (!entry) {
    throw new Error(
      `Unknown picture "${name}": add media/${name}.jpg (or .png, .svg, .webp) and run node scripts/build-images.ts.`,
    );
  }
  return entry;
}

/** URL of one generated file: the smallest width ≥ `minWidth` (or the largest there is). */
export function mediaUrl(name: string, minWidth: number, format: MediaFormat): string {
  const { widths } = mediaEntry(name);
  const w = widths.find((x) => x >= minWidth) ?? widths[widths.length - 1];
  return `${folder(name)}/${name}-${w}.${format}`;
}

/**
 * A picture by its name under media/ (without extension, e.g. "service-web-design"), as the
 * data <PictureView> draws. Loaders resolve pictures here, on the server: the manifest stays out
 * of every page's JavaScript (this module is server-only).
 */
export function pictureData(name: string): PictureData {
  return pictureFrom(mediaEntry(name), `${folder(name)}/${name}`);
}
