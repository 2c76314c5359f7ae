// An operator command (scripts/*.ts `main`) run in the test's process, as the shell would run it:
// its exit code and everything it printed.
import type { Io } from "../cli.ts";

export type CommandResult = { code: number; stdout: string; stderr: string };

export function commandRunner<Env>(
  main: (argv: string[], env: Env, io: Io) => Promise<number>,
  env: Env,
): (...args: string[]) => Promise<CommandResult> {
  return async (...args) => {
    const io = { stdout: "", stderr: "" };
    const code = await main(args, env, {
      stdout: (t) => (io.stdout += t),
      stderr: (t) => (io.stderr += t),
    });
    return { code, ...io };
  };
}
