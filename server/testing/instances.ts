// Server instances as the server opens them (every service, on one database), for the tests of
// what two instances see of each other's changes.
import { config } from "./config.ts";
import { memoryLog } from "./log.ts";
import type { Location } from "../db/testing/databases.ts";
import { openServices, type Services } from "../services.ts";
import type { Logger } from "../log.ts";

/** The services of an instance on `location`, closed by `defer` after the test. */
export async function openInstance(
  location: Location,
  defer: (cleanup: () => unknown) => void,
  logger: Logger = memoryLog().logger,
): Promise<Services> {
  const services = await openServices(
    config({ dataDir: location.dataDir, databaseUrl: location.databaseUrl, logger }),
  );
  defer(() => services.close());
  return services;
}

/** Waits until `check` holds (every 10 ms, at most 5 s); resolves with the ms it took. */
export async function until(check: () => boolean): Promise<number> {
  const start = performance.now();
  while (!check()) {
    if (performance.now() - start > 5000) throw new Error("Not within 5 s");
    await new Promise((r) => setTimeout(r, 10));
  }
  return performance.now() - start;
}
