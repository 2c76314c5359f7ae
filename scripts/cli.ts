// What the operator commands (scripts/inbox.ts, scripts/newsletter.ts) share: their streams, the
// error that means "wrong usage" (exit 2, with a pointer to `help`), and the exit codes.

export type Io = { stdout(text: string): void; stderr(text: string): void };

/** A mistake in the command line: reported with a pointer to `help`, exit code 2. */
export class UsageError extends Error {}

/**
 * Runs a command's `run` and resolves with its exit code: 0 done, 1 failed (the message on
 * stderr), 2 usage error (unknown command or option, missing argument).
 */
export async function runCommand(name: string, io: Io, run: () => Promise<void>): Promise<number> {
  try {
    await run();
    return 0;
  } catch (error) {
    const usage =
      error instanceof UsageError || String((error as { code?: unknown }).code).startsWith("ERR_PARSE_ARGS");
    io.stderr(`${name}: ${(error as Error).message}\n`);
    if (usage) io.stderr(`Run \`node scripts/${name}.ts help\` for the commands.\n`);
    return usage ? 2 : 1;
  }
}
