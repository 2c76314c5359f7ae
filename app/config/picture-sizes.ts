// The responsive sizes and encoder settings of every picture the site serves: the pictures of
// media/ (scripts/build-images.ts, at build time) and those staff upload for posts
// (server/pictures/, on the server). One definition, so that both kinds get the same widths and
// the same quality. Changing SETTINGS rebuilds every picture of media/ (its hash is in the
// manifest); uploaded pictures keep the files they were given.

/** Candidate widths; each picture gets those ≤ its own width (never upscaled). */
export const WIDTHS = [160, 320, 480, 640, 960, 1280, 1600, 1920];
/** Preferred width of the single fallback file (the closest available is used). */
const FALLBACK_WIDTH = 640;

export const SETTINGS = {
  version: 1,
  widths: WIDTHS,
  // effort 2: ~9× faster than the default 4 for ~5–8 % more bytes at the same quality.
  avif: { quality: 46, effort: 2, chromaSubsampling: "4:2:0" },
  webp: { quality: 72, effort: 4, smartSubsample: true },
  jpeg: { quality: 70, mozjpeg: true },
  png: { compressionLevel: 9, palette: true, quality: 90 },
} as const;

/** The encoders' effort for uploaded pictures (PICTURE_EFFORT): "standard" is SETTINGS'; "fast"
 *  about four times quicker for larger files (a small server; the tests, whose pictures are
 *  checked for their sizes, shapes and metadata, not their bytes). */
export type PictureEffort = "standard" | "fast";
export const FAST_EFFORT = { avif: { effort: 0 }, webp: { effort: 0 } } as const;

/** The widths a picture `w` pixels wide gets. */
export function widthsFor(w: number): number[] {
  const max = WIDTHS[WIDTHS.length - 1]!;
  // Smallest useful width: 1/8 of the largest file (a 1920 px hero needs no 160 px version).
  const list = WIDTHS.filter((x) => x <= w && x >= Math.min(w, max) / 8);
  const largest = list[list.length - 1] ?? 0;
  // Keep the full resolution when it is below the largest candidate but noticeably larger than the
  // largest standard width that fits (e.g. an 800 px portrait also gets an 800 px file).
  if (list.length === 0 || (w < max && w > largest * 1.1)) list.push(w);
  return list;
}

/** The width of the one JPEG/PNG fallback among `widths`. */
export function fallbackWidth(widths: number[]): number {
  return widths.reduce(
    (best, w) => (Math.abs(w - FALLBACK_WIDTH) < Math.abs(best - FALLBACK_WIDTH) ? w : best),
    widths[0]!,
  );
}

/** The frames a picture may be cropped to as it is uploaded (app/lib/picture-upload.ts), by name:
 *  its shape (width ÷ height), each that of the site's own pictures of its kind (media/): a team
 *  member's portrait 4:5 (800 × 1000); a card's 4:3, a project's card (960 × 720) and a service's
 *  picture (1280 × 960, its card on /services-2 shows it whole); a wide 16:9, the top of a
 *  project's page (1600 × 900). */
export const PICTURE_FRAMES = {
  portrait: { ratio: 4 / 5, label: "4:5, taller than wide" },
  card: { ratio: 4 / 3, label: "4:3, wider than tall" },
  wide: { ratio: 16 / 9, label: "16:9, wide" },
} as const;
export type PictureFrame = keyof typeof PICTURE_FRAMES;
