// What a page needs to draw a picture of the media manifest: plain data, resolved on the server
// (media.server.ts) and handed to <PictureView>, so the manifest never reaches the browser.

export type PictureData = {
  src: string;
  width: number;
  height: number;
  /** AVIF and WebP candidates, best first. */
  sources: Array<{ type: string; srcSet: string }>;
  /** Dominant colour, shown behind an opaque picture while it loads. */
  placeholder?: string;
};

/** What a picture's entry says (the media manifest's, or an uploaded picture's row). */
type PictureEntry = {
  width: number;
  height: number;
  widths: readonly number[];
  formats: readonly string[];
  fallback: string;
  placeholder?: string;
};

/** A picture drawn from its entry, its files named `{base}-{width}.{format}` ("/img/about-1",
 *  "/media/u/0123456789abcdef"). */
export function pictureFrom(entry: PictureEntry, base: string): PictureData {
  const opaque = entry.fallback.endsWith(".jpg");
  return {
    src: entry.fallback,
    width: entry.width,
    height: entry.height,
    sources: (["avif", "webp"] as const)
      .filter((f) => entry.formats.includes(f))
      .map((f) => ({
        type: `image/${f}`,
        srcSet: entry.widths.map((w) => `${base}-${w}.${f} ${w}w`).join(", "),
      })),
    ...(opaque && entry.placeholder ? { placeholder: entry.placeholder } : {}),
  };
}
