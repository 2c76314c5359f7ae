// The one pipeline that makes a picture's files, for the site's own pictures
// (scripts/build-images.ts, at build time) and those staff upload (./convert.ts, on the server):
// one decoded master at the largest width, upright, then AVIF and WebP at each width of
// app/config/picture-sizes.ts and one JPEG (PNG when transparent) near 640 px. No metadata is
// written (sharp keeps none unless asked). No global sharp settings here: the build runs many
// at once, the server one at a time (./convert.ts sets that).
import sharp, { type Sharp, type SharpOptions } from "sharp";
import {
  FAST_EFFORT,
  fallbackWidth,
  SETTINGS,
  widthsFor,
  type PictureEffort,
} from "#app/config/picture-sizes.ts";

export type EncodedFile = { width: number; format: "avif" | "webp" | "jpg" | "png"; data: Buffer };

export type Encoded = {
  /** The largest file's size (the <img>'s width and height). */
  width: number;
  height: number;
  widths: number[];
  /** The fallback's width and type. */
  fallback: { width: number; format: "jpg" | "png" };
  /** The dominant colour, shown while the picture loads. */
  placeholder: string;
  files: EncodedFile[];
};

/**
 * Every file of a picture. `W` × `H`: its size upright. `input`: how sharp reads the source
 * (`decode`: its options, e.g. the pixel limit; an SVG is rasterised at the largest width);
 * `timeout`: the longest each step may take; `effort`: the encoders' ("standard" unless said).
 */
export async function encodePicture(
  source: Buffer,
  size: { W: number; H: number },
  options: {
    decode?: SharpOptions;
    svg?: boolean;
    timeout?: { seconds: number };
    effort?: PictureEffort;
  } = {},
): Promise<Encoded> {
  const { W, H } = size;
  const fast = options.effort === "fast";
  const avif = fast ? { ...SETTINGS.avif, ...FAST_EFFORT.avif } : SETTINGS.avif;
  const webp = fast ? { ...SETTINGS.webp, ...FAST_EFFORT.webp } : SETTINGS.webp;
  const widths = widthsFor(W);
  const maxW = widths[widths.length - 1]!;
  const timed = (s: Sharp) => (options.timeout ? s.timeout(options.timeout) : s);
  const decoded = await timed(
    options.svg
      ? sharp(source, { ...options.decode, density: (72 * maxW) / W })
      : sharp(source, options.decode).rotate(),
  )
    .resize(maxW)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: decoded.info.width, height: decoded.info.height, channels: 4 as const } };
  const master = () => timed(sharp(decoded.data, raw));
  const stats = await master().stats();
  const opaque = stats.isOpaque;
  const { r, g, b } = stats.dominant;
  const placeholder = `#${[r, g, b].map((v) => v.toString(16).padStart(2, "0")).join("")}`;
  const fallback = { width: fallbackWidth(widths), format: opaque ? "jpg" : "png" } as const;
  const files: EncodedFile[] = [];
  for (const w of widths) {
    const base = master().resize(w, null, { kernel: "lanczos3" });
    const pipeline = opaque ? base.removeAlpha() : base;
    files.push({ width: w, format: "avif", data: await pipeline.clone().avif(avif).toBuffer() });
    files.push({ width: w, format: "webp", data: await pipeline.clone().webp(webp).toBuffer() });
    if (w === fallback.width)
      files.push({
        width: w,
        format: fallback.format,
        data: await (
          opaque ? pipeline.clone().jpeg(SETTINGS.jpeg) : pipeline.clone().png(SETTINGS.png)
        ).toBuffer(),
      });
  }
  return { width: maxW, height: Math.round((H * maxW) / W), widths, fallback, placeholder, files };
}
