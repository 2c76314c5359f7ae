// @vitest-environment node
// The contact inbox and its delivery through the mail outbox, the same suite on SQLite and on
// PostgreSQL (a database of its own in the run's throwaway cluster).
import { describe, expect, it } from "vitest";
import { testDatabases } from "../db/testing/databases.ts";
import { openServices } from "../services.ts";
import { deliveryContract } from "./testing/delivery-contract.ts";
import { config } from "../testing/config.ts";
import { formInput } from "../testing/form-input.ts";
import { memoryLog } from "../testing/log.ts";
import { repositoryContract } from "./testing/repository-contract.ts";

const databases = await testDatabases("Contact inbox");

for (const database of databases) {
  describe(`on ${database.name}`, () => {
    repositoryContract(() => database);
    deliveryContract(() => database);
  });
}

describe.skipIf(databases.length < 2)("on PostgreSQL going away", () => {
  it("answers 503 (and logs no internals to the visitor) when the database goes away", async () => {
    const l = await databases.at(-1)!.fresh();
    const log = memoryLog();
    const services = await openServices(
      config({ dataDir: l.dataDir, databaseUrl: l.databaseUrl, logger: log.logger }),
    );
    try {
      const contact = services.contact;
      expect((await contact.submitForm(formInput(Date.now()))).status).toBe(200);
      await l.takeAway!();
      const result = await contact.submitForm(formInput(Date.now()));
      expect(result).toEqual({
        status: 503,
        body: {
          success: false,
          message: "We could not save your message just now. Please try again in a few minutes.",
        },
        headers: { "Retry-After": "60" },
      });
      expect(log.entries.some((e) => e.msg === "contact.storage-unavailable")).toBe(true);
    } finally {
      await services.close();
      await l.cleanup();
    }
  });
});
