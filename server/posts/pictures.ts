// The pictures a post may name: every picture of the media manifest (app/content/media-manifest.json,
// written by scripts/build-images.ts), read from the file as the seed's posts are (./files.ts):
// the server runs its own sources, where a JSON import would need an import attribute.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { MediaEntry } from "#app/lib/media.server.ts";

/** The manifest's entries by picture name; none when it is missing (every picture is then
 *  refused). */
export function manifestEntries(): Record<string, MediaEntry> {
  const candidates = [
    fileURLToPath(new URL("../../app/content/media-manifest.json", import.meta.url)),
    path.resolve("app/content/media-manifest.json"),
  ];
  const found = candidates.find((file) => existsSync(file));
  if (!found) return {};
  return JSON.parse(readFileSync(found, "utf8")) as Record<string, MediaEntry>;
}
