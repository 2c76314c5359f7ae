// Which module may import which (`npm run check` runs this: npm run deps).
// The app is layered, each layer importing only those below it:
//   routes (and root, entry files) → components → hooks → lib → config/content
// config and content are one layer (the site's data); no import cycles anywhere. A content type's
// folder (app/content-types/<name>/) crosses the layers, each file in its own: its declaration,
// schema and seed are data (as define.ts, index.ts and posts.ts beside them), its view is lib, its
// console preview (and any component of its own pages) a component. The server may use the app's lib/ and config/ and the content
// types' data; the app never imports the server. Tests sit above everything.
const test = "\\.test\\.tsx?$";
const top = "^app/(routes/|routes\\.ts|root\\.tsx|entry\\.)";
const typeData = "^app/content-types/([^/]+|[^/]+/(type|schema|seed))\\.ts$";
const typeView = "^app/content-types/[^/]+/view\\.server\\.ts$";
const typeComponent = "^app/content-types/[^/]+/[^/]+\\.tsx$";
const entry = "^app/entry\\.server\\.tsx$";

/** A layer may not import from the layers named in `above`. */
const layer = (name, from, above, comment) => ({
  name,
  comment,
  severity: "error",
  from: { path: from, pathNot: test },
  to: { path: above },
});

export default {
  forbidden: [
    {
      name: "no-circular",
      comment:
        "Modules that import each other (directly or through others) cannot be understood or loaded alone.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "app-not-to-server",
      comment: "The app is built for the browser and the prerender: it never imports the server.",
      severity: "error",
      from: { path: "^app/" },
      to: { path: "^server/" },
    },
    {
      name: "server-to-app-lib-config-only",
      comment:
        "The server uses the app's plain modules (lib/, config/, the content types' declarations, schemas and seeds), never its routes, components, or a content type's view or components.",
      severity: "error",
      from: { path: "^server/" },
      to: { path: "^app/", pathNot: `^app/(lib|config)/|${typeData}|${entry}` },
    },
    {
      name: "server-to-app-entry-types-in-app-ts-only",
      comment:
        "The seam is declared once, by app/entry.server.tsx's exports: server/app.ts takes their types (and reads the values from the built bundle); nothing else in the server imports the entry.",
      severity: "error",
      from: { path: "^server/", pathNot: "^server/app\\.ts$" },
      to: { path: entry },
    },
    {
      name: "server-to-app-entry-type-only",
      comment: "Importing the entry's code would load a second copy of the app next to the built one.",
      severity: "error",
      from: { path: "^server/app\\.ts$" },
      to: { path: entry, dependencyTypesNot: ["type-only"] },
    },
    {
      name: "infrastructure-not-to-features",
      comment:
        "The database and the mail service know no feature: features add their tables (declaration merging into server/db/schema.ts) and mail kinds (server/services.ts) themselves, so adding a feature edits the feature and the composition root. Type-only imports count; tests may use a feature's fixtures.",
      severity: "error",
      from: { path: "^server/(db|mail)/", pathNot: test },
      to: { path: "^server/(?!(db|mail|testing)/)[^/]+/" },
    },
    {
      name: "features-not-to-features",
      comment:
        "A feature (server/<folder>/) imports no other feature: what one needs of another is a hook or a port the composition root (server/services.ts) fills (a post deleted for good takes its comments: server/comments/posts-removed.ts). Allowed: the forms' guard every form post passes (server/forms/, a layer below the features) and the consoles of the posts and the content choosing among the uploaded pictures (server/pictures/, below them). The staff console is no exception: the composition root builds each feature's console front (server/<feature>/console.ts) and hands it to the staff service, which serves it under its sign-in. Type-only imports count; tests may use another feature's fixtures.",
      severity: "error",
      from: { path: "^server/([^/]+)/", pathNot: [test, "^server/(db|mail|testing|health)/"] },
      to: {
        path: "^server/([^/]+)/",
        pathNot: ["^server/$1/", "^server/(db|mail|testing|health|forms|pictures)/"],
      },
    },
    {
      name: "features-not-to-features-but-pictures",
      comment:
        "The consoles of the posts and the content may read the uploaded pictures (see features-not-to-features).",
      severity: "error",
      from: { path: "^server/(?!(posts|content|pictures)/)[^/]+/", pathNot: test },
      to: { path: "^server/pictures/" },
    },
    layer(
      "components-not-to-routes",
      typeComponent,
      top,
      "A content type's preview (and its pages' own components) are components.",
    ),
    layer(
      "components-not-to-routes",
      "^app/components/",
      top,
      "Components are used by routes; a component importing a route would tie it to one page.",
    ),
    layer(
      "hooks-not-to-components",
      "^app/hooks/",
      `${top}|^app/components/|${typeComponent}`,
      "Hooks hold behaviour that components use; they do not render components.",
    ),
    layer(
      "lib-not-to-ui",
      `^app/lib/|${typeView}`,
      `${top}|^app/(components|hooks)/|${typeComponent}`,
      "lib/ is plain code (data shaping, formatting, clients): it knows nothing of components or hooks.",
    ),
    layer(
      "data-not-to-code",
      `^app/(config|content)/|${typeData}`,
      `${top}|^app/(components|hooks|lib)/|${typeView}|${typeComponent}`,
      "config/ and content/ are the site's data: everything else reads them, they read nothing above them.",
    ),
    {
      name: "production-not-to-dev-deps",
      comment:
        "The container installs production dependencies only: code that runs there imports no dev dependency.",
      severity: "error",
      from: {
        path: "^(app|server)/",
        pathNot: `${test}|/testing/|^app/routes\\.ts$|^server/(contact|newsletter)/bench\\.ts$`,
      },
      to: { dependencyTypes: ["npm-dev"], dependencyTypesNot: ["type-only"] },
    },
    {
      name: "not-to-unresolvable",
      comment: "An import that resolves to nothing fails at run time.",
      severity: "error",
      from: {},
      // Route modules' `./+types/…` live in .react-router/types (tsconfig rootDirs, generated).
      to: { couldNotResolve: true, pathNot: "/\\+types/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|\\.react-router|bench/out|test-results|playwright-report)/" },
    // Type-only imports count: a type from a higher layer ties the lower one to it all the same.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
    },
  },
};
