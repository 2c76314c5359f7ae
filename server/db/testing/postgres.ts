// A throwaway PostgreSQL cluster for the tests: initdb in a temp dir, 127.0.0.1, random port.
// As root it runs the server as the `postgres` user (PostgreSQL refuses to run as root).
import { execFile } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { freePort } from "../../testing/server-process.ts";

const run = promisify(execFile);
const BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";

export type TestPostgres = {
  url: string;
  stop(): Promise<void>;
  /** Stops the server, keeping its data (a database outage); `resume` starts it again. */
  pause(): Promise<void>;
  resume(): Promise<void>;
};

/** Starts a cluster, or resolves with the reason it cannot start here. */
export async function startPostgres(): Promise<TestPostgres | { skip: string }> {
  if (!existsSync(join(BIN, "pg_ctl"))) return { skip: `PostgreSQL binaries not found in ${BIN}` };
  const root = mkdtempSync(join(tmpdir(), "contact-pg-"));
  const data = join(root, "data");
  const asRoot = process.getuid?.() === 0;
  let prefix: string[] = [];
  let user = userInfo().username;
  try {
    if (asRoot) {
      const uid = Number((await run("id", ["-u", "postgres"])).stdout.trim());
      const gid = Number((await run("id", ["-g", "postgres"])).stdout.trim());
      chownSync(root, uid, gid);
      prefix = ["runuser", "-u", "postgres", "--"];
      user = "postgres";
    }
    const exec = (cmd: string, args: string[]) => {
      const [file, ...rest] = [...prefix, join(BIN, cmd), ...args];
      return run(file!, rest, { cwd: root, timeout: 60_000 });
    };
    await exec("initdb", ["-D", data, "-A", "trust", "-U", user, "-E", "UTF8", "--locale=C", "--no-sync"]);
    const port = await freePort();
    const options = `-h 127.0.0.1 -p ${port} -k ${root} -c fsync=off -c full_page_writes=off -c synchronous_commit=off`;
    const start = () =>
      exec("pg_ctl", ["-D", data, "-o", options, "-l", join(root, "log"), "-w", "-t", "30", "start"]);
    await start();
    const pidFile = join(data, "postmaster.pid");
    let pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
    // If the test run dies, do not leave a server behind.
    const onExit = () => {
      try {
        process.kill(pid, "SIGQUIT");
      } catch {
        // already gone
      }
    };
    process.once("exit", onExit);
    return {
      url: `postgres://${user}@127.0.0.1:${port}/postgres`,
      async stop() {
        process.off("exit", onExit);
        await exec("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]).catch(onExit);
        rmSync(root, { recursive: true, force: true });
      },
      async pause() {
        await exec("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
      },
      async resume() {
        await start();
        pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
      },
    };
  } catch (error) {
    const log = join(root, "log");
    const detail = existsSync(log) ? readFileSync(log, "utf8").slice(-500) : String(error);
    rmSync(root, { recursive: true, force: true });
    return { skip: `PostgreSQL could not start: ${detail}` };
  }
}
