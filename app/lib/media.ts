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
