import manifest from "#app/content/media-manifest.json";
import { PictureView, type PictureData, type PictureViewProps } from "./picture-view.tsx";

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

/** The manifest entry for a picture in media/; throws (at render, so in dev and at build) if unknown. */
export function mediaEntry(name: string): MediaEntry {
  const entry = media[name];
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
  return `/img/${name}-${w}.${format}`;
}

export function mediaSrcSet(name: string, format: MediaFormat): string {
  return mediaEntry(name)
    .widths.map((w) => `/img/${name}-${w}.${format} ${w}w`)
    .join(", ");
}

/**
 * What <Picture> draws for a name, as plain data: loaders can resolve pictures on the server
 * and pass them to <PictureView> (picture-view.tsx), keeping the manifest out of the page's JS.
 */
export function pictureData(name: string): PictureData {
  const entry = mediaEntry(name);
  const opaque = entry.fallback.endsWith(".jpg");
  return {
    src: entry.fallback,
    width: entry.width,
    height: entry.height,
    sources: (["avif", "webp"] as const)
      .filter((f) => entry.formats.includes(f))
      .map((f) => ({ type: `image/${f}`, srcSet: mediaSrcSet(name, f) })),
    ...(opaque && entry.placeholder ? { placeholder: entry.placeholder } : {}),
  };
}

type PictureProps = Omit<PictureViewProps, "picture"> & {
  /** Name of the source under media/ without extension, e.g. "service-web-design". */
  name: string;
};

/** A responsive picture by its name in the media manifest (see PictureView for the props). */
export function Picture({ name, ...props }: PictureProps) {
  return <PictureView picture={pictureData(name)} {...props} />;
}
