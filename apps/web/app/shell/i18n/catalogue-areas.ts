import { splitLocalePath } from "@nc/contracts/locales";

/**
 * Which translation catalogues a page carries, by the part of the site it is in: a first visit to
 * the sign-in page does not download the dashboard's and the operator console's texts
 * (docs/performance.md, "Page weight"). Moving between parts loads the next part's set with the
 * locale layout's data, before the page renders (locale-layout.tsx, shouldRevalidate).
 */
export type CatalogueArea = "public" | "dashboard" | "operator";

/** Texts of the operator console only. */
const OPERATOR_ONLY = ["operatorPeople", "operatorSetup"];

/** Texts of the dashboard (and the console) only: no public page, header or error page uses them. */
const SIGNED_IN_ONLY = [
  "account",
  "apiKeys",
  "apiRequests",
  "apiUsage",
  "dashboard",
  "detection",
  "fraud",
  "fraudLists",
  "history",
  "notice-center",
  "permissions",
  "price",
  "profile",
  "recharge",
  "webhooks",
];

const LEFT_OUT: Record<CatalogueArea, ReadonlySet<string>> = {
  public: new Set([...SIGNED_IN_ONLY, ...OPERATOR_ONLY]),
  dashboard: new Set(OPERATOR_ONLY),
  operator: new Set(),
};

export function catalogueArea(pathname: string): CatalogueArea {
  const { rest } = splitLocalePath(pathname);
  if (rest === "/operator" || rest.startsWith("/operator/")) return "operator";
  if (rest === "/dashboard" || rest.startsWith("/dashboard/")) return "dashboard";
  return "public";
}

/**
 * Parts of each entry of a carried catalogue that a page of the area leaves out: a look-up kind's
 * words live with its service's name (docs/providers.md, "Look-up kinds"), but only the dashboard
 * shows a kind's answer, and only the server writes the results file's headers, the API
 * document's descriptions and the documentation's section on the answer.
 */
const SERVER_ONLY = ["columns", "api", "docs"];
const PARTS_LEFT_OUT: Record<CatalogueArea, Readonly<Record<string, readonly string[]>>> = {
  public: { services: ["answer", ...SERVER_ONLY] },
  dashboard: { services: SERVER_ONLY },
  operator: { services: SERVER_ONLY },
};

/** Whether a page of this area carries the catalogue `namespace`. */
export function areaCarries(area: CatalogueArea, namespace: string): boolean {
  return !LEFT_OUT[area].has(namespace);
}

/** The part of a carried catalogue that a page of this area carries. */
export function carriedPart(
  area: CatalogueArea,
  namespace: string,
  catalog: Record<string, unknown>,
): Record<string, unknown> {
  const parts = PARTS_LEFT_OUT[area][namespace];
  if (!parts) return catalog;
  return Object.fromEntries(
    Object.entries(catalog).map(([key, entry]) => {
      if (typeof entry !== "object" || entry === null) return [key, entry];
      return [key, Object.fromEntries(Object.entries(entry).filter(([part]) => !parts.includes(part)))];
    }),
  );
}
