// @vitest-environment node
// The storage and delivery contracts against a throwaway PostgreSQL cluster started here.
import { afterAll, describe, expect, it } from "vitest";
import { createContactService } from "./index.ts";
import { postgresBackend, type Backend } from "./testing/backends.ts";
import { deliveryContract } from "./testing/delivery-contract.ts";
import { config, formInput, memoryLog, tempDir } from "./testing/helpers.ts";
import { startPostgres, type TestPostgres } from "./testing/postgres.ts";
import { storeContract } from "./testing/store-contract.ts";
import { skipOrFail } from "../testing/server-process.ts";

const started = await startPostgres();
const cluster: TestPostgres | null = "url" in started ? started : null;
// Skipped with a warning where PostgreSQL is not installed; an error on CI (TEST_REQUIRE_POSTGRES=1).
skipOrFail("skip" in started ? started.skip : null, "PostgreSQL tests", "TEST_REQUIRE_POSTGRES");
let stopped = false;
afterAll(async () => {
  if (cluster && !stopped) await cluster.stop();
});

const backend = (): Backend => postgresBackend(cluster!.url);

describe.skipIf(!cluster)("PostgreSQL store", () => {
  storeContract(backend);
  deliveryContract(backend);

  it("answers 503 (and logs no internals to the visitor) when the database goes away", async () => {
    const l = await backend().fresh();
    const { dir, remove } = tempDir();
    const log = memoryLog();
    const service = await createContactService(
      config({ dataDir: dir, databaseUrl: l.databaseUrl, logger: log.logger }),
    );
    try {
      expect((await service.submitForm(formInput(service, Date.now()))).status).toBe(200);
      await cluster!.stop();
      stopped = true;
      const result = await service.submitForm(formInput(service, Date.now()));
      expect(result).toEqual({
        status: 503,
        body: {
          success: false,
          message:
            "We could not save your message just now. Please try again in a few minutes, or contact us by phone or e-mail.",
        },
        headers: { "Retry-After": "60" },
      });
      expect(log.entries.some((e) => e.msg === "contact.storage-unavailable")).toBe(true);
    } finally {
      await service.close();
      remove();
    }
  });
});
