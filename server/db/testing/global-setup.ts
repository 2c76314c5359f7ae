// Vitest's global setup: ONE throwaway PostgreSQL cluster for the whole run (initdb costs a few
// seconds; each of 17 test files used to start its own), and in it a database migrated once, the
// template every test's database is copied from (`CREATE DATABASE … TEMPLATE`, a file copy, far
// cheaper than running every migration again). Test files reach both through `inject("postgres")`
// (server/db/testing/databases.ts).
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../index.ts";
import { startPostgres } from "./postgres.ts";

/** What the test files are given: where the cluster is, or why there is none. */
export type ProvidedPostgres = { url: string; template: string } | { skip: string };

declare module "vitest" {
  export interface ProvidedContext {
    postgres: ProvidedPostgres;
  }
}

export const TEMPLATE = "migrated_template";

export default async function setup(project: TestProject) {
  const started = await startPostgres();
  if (!("url" in started)) {
    project.provide("postgres", { skip: started.skip });
    return;
  }
  const admin = new pg.Client(started.url);
  await admin.connect();
  await admin.query(`CREATE DATABASE ${TEMPLATE}`);
  await admin.end();
  const url = new URL(started.url);
  url.pathname = `/${TEMPLATE}`;
  // Migrated by the code under test, then closed: a template must have no connection open.
  const db = await openDatabase({ dataDir: "/nonexistent/unused-with-postgres", databaseUrl: url.href });
  await db.close();
  project.provide("postgres", { url: started.url, template: TEMPLATE });
  return () => started.stop();
}
