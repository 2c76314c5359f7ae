// Vitest's global setup: ONE throwaway PostgreSQL cluster for the whole run, shared by the
// projects (initdb costs a few seconds; each of 17 test files used to start its own), and in it a
// database migrated once, the template every test's database is copied from (`CREATE DATABASE …
// TEMPLATE`, a file copy, far cheaper than running every migration again). Test files reach both
// through `inject("postgres")` (server/db/testing/databases.ts).
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

/** The cluster and its template, made once for all the projects that name this setup (each
 *  project calls it; the last one to end stops the cluster). */
type Shared = { provided: Promise<{ value: ProvidedPostgres; stop: () => Promise<void> }>; users: number };
const SHARED = Symbol.for("techspark.test-postgres");
const registry = globalThis as { [SHARED]?: Shared };

async function makeCluster(): Promise<{ value: ProvidedPostgres; stop: () => Promise<void> }> {
  const started = await startPostgres();
  if (!("url" in started)) return { value: { skip: started.skip }, stop: async () => {} };
  const admin = new pg.Client(started.url);
  await admin.connect();
  await admin.query(`CREATE DATABASE ${TEMPLATE}`);
  await admin.end();
  const url = new URL(started.url);
  url.pathname = `/${TEMPLATE}`;
  // Migrated by the code under test, then closed: a template must have no connection open.
  const db = await openDatabase({ dataDir: "/nonexistent/unused-with-postgres", databaseUrl: url.href });
  await db.close();
  return { value: { url: started.url, template: TEMPLATE }, stop: () => started.stop() };
}

export default async function setup(project: TestProject) {
  const shared = (registry[SHARED] ??= { provided: makeCluster(), users: 0 });
  shared.users++;
  const { value, stop } = await shared.provided;
  project.provide("postgres", value);
  return async () => {
    if (--shared.users > 0) return;
    delete registry[SHARED];
    await stop();
  };
}
