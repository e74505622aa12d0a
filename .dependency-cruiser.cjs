// The layers and feature boundaries of the server and the web, checked by `npm run lint`
// (docs/architecture.md, "Layers", "Features and their public faces" and "Web layout").
const SERVER = "^apps/server/src/";
const WEB = "^apps/web/app/";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycle",
      comment:
        "A module must not reach itself again through its imports. A loop closed only by a type-only import is erased at build and allowed.",
      severity: "error",
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only", "type-import"] } },
    },
    {
      name: "core-stays-low",
      comment:
        "core/ is imported by everyone and imports nothing of the HTTP layer, the features or the composition root.",
      severity: "error",
      from: { path: `${SERVER}core/` },
      to: { path: `${SERVER}(features/|http/|services\\.ts$|app\\.ts$|main\\.ts$|cli/)` },
    },
    {
      name: "db-stays-low",
      comment:
        "db/ (schema, client, queries) imports nothing of the HTTP layer, the features or the composition root.",
      severity: "error",
      from: { path: `${SERVER}db/` },
      to: { path: `${SERVER}(features/|http/|services\\.ts$|app\\.ts$|main\\.ts$|cli/)` },
    },
    {
      name: "http-no-feature",
      comment:
        "The HTTP layer depends on core and on the services the composition root hands it (app.httpServices), never on a feature.",
      severity: "error",
      from: { path: `${SERVER}http/` },
      to: { path: `${SERVER}(features/|services\\.ts$|app\\.ts$|main\\.ts$|cli/)` },
    },
    {
      name: "feature-public-face",
      comment:
        "A feature reaches another feature only through its index.ts (its public face), never its repositories, routes or other files.",
      severity: "error",
      from: { path: `${SERVER}features/([^/]+)/`, pathNot: "\\.test\\.ts$" },
      to: {
        path: `${SERVER}features/[^/]+/`,
        pathNot: [`${SERVER}features/$1/`, `${SERVER}features/[^/]+/index\\.ts$`],
      },
    },
    {
      name: "web-shell-no-feature",
      comment:
        "The web's shell (layouts, HTTP client, access hooks, shared components) serves every feature and imports none, nor any route module.",
      severity: "error",
      from: { path: `${WEB}shell/` },
      to: { path: `${WEB}(features|routes)/` },
    },
    {
      name: "web-feature-public-face",
      comment:
        "A web feature reaches another feature only through its index.ts (its public face); shared pieces live in the shell.",
      severity: "error",
      from: { path: `${WEB}features/([^/]+)/`, pathNot: "\\.test\\.tsx?$" },
      to: {
        path: `${WEB}features/[^/]+/`,
        pathNot: [`${WEB}features/$1/`, `${WEB}features/[^/]+/index\\.ts$`],
      },
    },
    {
      name: "web-feature-no-route",
      comment:
        "Route modules compose features and the shell; a feature never imports a route module (its tests may render one).",
      severity: "error",
      from: { path: `${WEB}features/`, pathNot: "\\.test\\.tsx?$" },
      to: { path: `${WEB}routes/` },
    },
    {
      name: "packages-no-apps",
      comment: "The shared contracts and the number engine import nothing of the apps.",
      severity: "error",
      from: { path: "^packages/(contracts|numcheck)/" },
      to: { path: "^apps/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist|build|\\.react-router)/" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
    },
    skipAnalysisNotInRules: true,
  },
};
