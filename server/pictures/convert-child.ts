// The process ./convert-apart.ts starts for one conversion: reads the picture's name and bytes
// from its parent, answers with its files (or why not), and ends.
import { convert } from "./convert.ts";
import type { PictureCrop } from "./repository.ts";
import type { PictureEffort } from "#app/config/picture-sizes.ts";

process.once(
  "message",
  (message: { name: string; input: Uint8Array; crop?: PictureCrop; effort?: PictureEffort }) => {
    convert(message.name, Buffer.from(message.input), message.crop, message.effort).then(
      (result) => process.send!({ ok: true, result }, () => process.exit(0)),
      (error: unknown) =>
        process.send!({ ok: false, error: error instanceof Error ? error.message : String(error) }, () =>
          process.exit(0),
        ),
    );
  },
);
