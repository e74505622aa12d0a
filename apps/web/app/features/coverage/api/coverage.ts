import type { CoverageView } from "@nc/contracts/coverage";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/** GET /api/tenant/pub/coverage: every country, for a visitor of this site's brand (docs/api.md, "Coverage"). */
export const COVERAGE_PATH = "/api/tenant/pub/coverage";

export const getCoverage = () => api<CoverageView>(COVERAGE_PATH);

/** The server keeps each brand's answer a minute: asking sooner gains nothing. */
export const coverageQuery = () =>
  queryOptions({ queryKey: ["coverage"], queryFn: getCoverage, staleTime: 60_000 });

export const useCoverage = () => useQuery(coverageQuery());
