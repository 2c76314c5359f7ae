import type { ComponentProps } from "react";
import manifest from "#app/content/media-manifest.json";

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

type PictureProps = Omit<
  ComponentProps<"img">,
  "src" | "srcSet" | "sizes" | "alt" | "width" | "height" | "loading" | "fetchPriority"
> & {
  /** Name of the source under media/ without extension, e.g. "service-web-design". */
  name: string;
  /** Text alternative; pass "" for decorative pictures. */
  alt: string;
  /** Displayed width per breakpoint, e.g. "(min-width: 1024px) 33vw, 100vw". */
  sizes?: string;
  /** The page's LCP image: loaded eagerly with high fetch priority. */
  priority?: boolean;
  /** Class of the <picture> wrapper. */
  className?: string;
  /** Class of the <img> (sizing, object-fit, radius). */
  imgClassName?: string;
};

/** A responsive picture: AVIF and WebP sources with a srcset of widths, a JPEG/PNG fallback, intrinsic size. */
export function Picture({
  name,
  alt,
  sizes = "100vw",
  priority = false,
  className,
  imgClassName,
  style,
  ...img
}: PictureProps) {
  const entry = mediaEntry(name);
  const opaque = entry.fallback.endsWith(".jpg");
  return (
    <picture className={className}>
      {(["avif", "webp"] as const)
        .filter((f) => entry.formats.includes(f))
        .map((f) => (
          <source key={f} type={`image/${f}`} srcSet={mediaSrcSet(name, f)} sizes={sizes} />
        ))}
      <img
        src={entry.fallback}
        width={entry.width}
        height={entry.height}
        alt={alt}
        loading={priority ? "eager" : "lazy"}
        decoding="async"
        fetchPriority={priority ? "high" : undefined}
        className={imgClassName}
        style={opaque && entry.placeholder ? { backgroundColor: entry.placeholder, ...style } : style}
        {...img}
      />
    </picture>
  );
}
