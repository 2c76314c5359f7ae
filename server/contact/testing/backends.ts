// The two storage backends the contract tests run against: a fresh SQLite folder or a fresh
// PostgreSQL database per test.
import pg from "pg";
import { tempDir } from "./helpers.ts";

export type Location = { dataDir: string; databaseUrl?: string; cleanup(): Promise<void> };
export type Backend = { name: "sqlite" | "postgres"; fresh(): Promise<Location> };

export const sqliteBackend: Backend = {
  name: "sqlite",
  async fresh() {
    const { dir, remove } = tempDir();
    return { dataDir: `${dir}/data`, cleanup: async () => remove() };
  },
};

export function postgresBackend(adminUrl: string): Backend {
  let n = 0;
  return {
    name: "postgres",
    async fresh() {
      const name = `contact_test_${process.pid}_${++n}`;
      const admin = new pg.Client(adminUrl);
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return {
        dataDir: "/nonexistent/unused-with-postgres", // with DATABASE_URL nothing is written there
        databaseUrl: url.href,
        async cleanup() {
          const c = new pg.Client(adminUrl);
          await c.connect();
          await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          await c.end();
        },
      };
    },
  };
}
