// The encoders' effort (PICTURE_EFFORT): "fast" makes the same files (widths, formats, size,
// placeholder) as "standard", at the encoders' lowest effort, which the bytes show.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { encodePicture } from "./encode.ts";

/** A photo-like picture: noise compresses differently at each effort, as a photo does. */
const photo = () =>
  sharp({
    create: {
      width: 640,
      height: 480,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 30 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();

describe("the encoders' effort", () => {
  it("fast makes the same files as standard, of other bytes", async () => {
    const source = await photo();
    const standard = await encodePicture(source, { W: 640, H: 480 });
    const fast = await encodePicture(source, { W: 640, H: 480 }, { effort: "fast" });
    const shape = (e: typeof standard) => ({ ...e, files: e.files.map((f) => `${f.width}.${f.format}`) });
    expect(shape(fast)).toEqual(shape(standard));
    const bytes = (e: typeof standard, format: string) =>
      e.files.filter((f) => f.format === format).map((f) => f.data.length);
    expect(bytes(fast, "avif")).not.toEqual(bytes(standard, "avif"));
    expect(bytes(fast, "webp")).not.toEqual(bytes(standard, "webp"));
  });
});
