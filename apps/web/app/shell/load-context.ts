import type { PageContext } from "@nc/contracts/site";

/**
 * The load context every loader receives is the page context the server builds for the request
 * (apps/server/src/features/web, docs/architecture.md "Pages"); declared once here so loaders and
 * the entry read it typed.
 */
declare module "react-router" {
  interface AppLoadContext extends PageContext {}
}
