// Each conversion in a process of its own: sharp's memory (the decoded master, the AVIF
// encoder's buffers, what glibc keeps after them) belongs to that process and goes back to the
// system when it exits, so the server's own memory stays where it was however many pictures it
// converts (decision 019: in the server's process, RSS stayed about 200 MB higher after one).
// The parent sends the picture's bytes and gets its files back over the IPC channel.
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { Converted, PictureCrop } from "./repository.ts";
import type { PictureEffort } from "#app/config/picture-sizes.ts";

const CHILD = fileURLToPath(new URL("./convert-child.ts", import.meta.url));
/** Longer than convert.ts's own limit per step: a process that hangs is killed. */
const TIMEOUT_MS = 5 * 60_000;

type Answer = { ok: true; result: Converted } | { ok: false; error: string };

/** The files of picture `name` from its uploaded bytes (cropped to its frame: `crop`; at the
 *  encoders' `effort`), made by a child process. */
export function convertApart(
  name: string,
  input: Buffer,
  crop?: PictureCrop,
  effort?: PictureEffort,
): Promise<Converted> {
  return new Promise((resolve, reject) => {
    // No inherited flags (a test runner's loaders): plain Node, which runs the .ts sources.
    const child = fork(CHILD, [], {
      serialization: "advanced",
      execArgv: [],
      // glibc's default of 8 arenas a core keeps freed native memory in each of libvips's threads.
      env: { ...process.env, MALLOC_ARENA_MAX: "2" },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), TIMEOUT_MS);
    let answered = false;
    child.once("message", (message: Answer) => {
      answered = true;
      clearTimeout(timer);
      if (!message.ok) return reject(new Error(message.error));
      const { entry, files } = message.result;
      // Buffers cross the channel as Uint8Arrays.
      resolve({ entry, files: files.map((f) => ({ ...f, data: Buffer.from(f.data) })) });
    });
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      if (!answered)
        reject(new Error(`the conversion's process ended (${signal ?? code}) without an answer`));
    });
    child.send({ name, input, crop, effort });
  });
}
