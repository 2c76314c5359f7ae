// docs/api/openapi.yaml, the public JSON API's description (the spec's §7 is the contract; the file
// follows it): (a) a valid OpenAPI 3.1 document for a maintained validator, its limits those of
// the code; (b) its paths exactly the public `/api/*` paths the server serves: React Router's
// routes (app/routes.ts) and the routers server/app.ts mounts before the pages (the services'
// `routers`), less the staff console's `/api/admin/*`, which is not public. (c), the server's
// answers matching its schemas: tests/spec/openapi-answers.test.ts.
import { fileURLToPath } from "node:url";
import SwaggerParser from "@apidevtools/swagger-parser";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { Router } from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import routes from "#app/routes.ts";
import { STAFF_API } from "#app/config/forms.ts";
import { CONTACT_LIMITS } from "#app/lib/contact-fields.ts";
import { TRAFFIC_BEACON_MAX_BYTES } from "#app/lib/traffic.ts";
import { config } from "#server/testing/config.ts";
import { tempDir } from "#server/testing/temp-dir.ts";
import { openServices, type Services } from "#server/services.ts";

const FILE = fileURLToPath(new URL("../../docs/api/openapi.yaml", import.meta.url));

/** The document as written (SwaggerParser.validate dereferences the one it returns). */
type Schema = { properties?: Record<string, { maxLength?: number }>; required?: string[] };
type Document = {
  openapi: string;
  info: { description?: string };
  paths: Record<string, Record<string, { requestBody?: { description?: string } }>>;
  components: { schemas: Record<string, Schema> };
};
const parse = async () => (await SwaggerParser.parse(FILE)) as unknown as Document;

/** The public API's paths: under /api/, not the console's. */
const isPublicApi = (path: string) =>
  path.startsWith("/api/") && path !== STAFF_API && !path.startsWith(`${STAFF_API}/`);

/** Every path of React Router's route config, children joined to their parents. */
function routePaths(entries: readonly RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const here = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent;
    return [...(entry.path ? [here] : []), ...routePaths(entry.children ?? [], here)];
  });
}

/** What Express's router keeps of each layer (the `router` package, Express 5). */
type Layer = {
  rawPath?: unknown;
  route?: { path: unknown };
  handle: { stack?: Layer[] };
};

/** Every path an Express router answers: its routes' paths, and those of the routers it mounts. */
function routerPaths(stack: readonly Layer[], prefix = ""): string[] {
  const paths = (value: unknown): string[] =>
    (Array.isArray(value) ? value.flat(Infinity) : [value]).filter((p): p is string => typeof p === "string");
  return stack.flatMap((layer) => {
    if (layer.route) return paths(layer.route.path).map((p) => prefix + p);
    const mount = paths(layer.rawPath).find((p) => p !== "/") ?? "";
    if (layer.handle.stack) return routerPaths(layer.handle.stack, prefix + mount);
    // Middleware mounted at a path of its own serves it too.
    return mount ? [prefix + mount] : [];
  });
}

describe("docs/api/openapi.yaml", () => {
  test("(a) is a valid OpenAPI 3.1 document (@apidevtools/swagger-parser: the schema, every $ref)", async () => {
    const api = await SwaggerParser.validate(FILE);
    expect(api).toHaveProperty("openapi", "3.1.0");
    // It says what it is bound to, and what it leaves out.
    const { info } = await parse();
    expect(info.description).toMatch(/§7/);
    expect(info.description).toContain("/api/admin/*");
  });

  test("(a) its limits are the code's: the contact fields' lengths, the beacon's size", async () => {
    const { components, paths } = await parse();
    const message = components.schemas.ContactMessage!;
    expect(message.required).toEqual(["name", "email", "phone", "message"]);
    for (const [field, limit] of Object.entries(CONTACT_LIMITS)) {
      expect({ field, maxLength: message.properties?.[field]?.maxLength }).toEqual({
        field,
        maxLength: limit,
      });
    }
    expect(paths["/api/traffic"]!.post!.requestBody!.description).toContain(
      `${TRAFFIC_BEACON_MAX_BYTES} bytes`,
    );
  });

  describe("(b) its paths", () => {
    let services: Services;
    let removeDir: () => void;

    beforeAll(async () => {
      const { dir, remove } = tempDir("openapi-");
      removeDir = remove;
      // The routers server/main.ts gives the app, from the services as the server opens them.
      services = await openServices(config({ dataDir: dir, startConverter: false }));
    });
    afterAll(async () => {
      await services?.close();
      removeDir?.();
    });

    test("are exactly the public /api/* paths the server serves (the console's /api/admin/* left out)", async () => {
      const all = [
        ...routePaths(routes),
        ...services.routers.flatMap((router: Router) => routerPaths(router.stack as Layer[])),
      ];
      // The walk sees the routers' own paths: the console's are there, and left out below.
      expect(all.some((p) => p.startsWith(`${STAFF_API}/`))).toBe(true);
      const served = new Set(all.filter(isPublicApi));
      const described = Object.keys((await parse()).paths);
      expect(
        described.filter((p) => !isPublicApi(p)),
        "only public /api/* paths",
      ).toEqual([]);
      expect(described.toSorted()).toEqual([...served].toSorted());
      // The spec's call is one of them.
      expect(described).toContain("/api/send-email");
    });
  });
});
