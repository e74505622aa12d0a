import type { OperatorProviderHealth, OperatorProvidersView } from "@nc/contracts/operator";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { operatorMe } from "../../../test/operator-me";
import { renderPage, stubApi } from "../../../test/render";
import OperatorProvidersPage from "./providers";

/** No provider configured: every look-up is answered by the sandbox. */
const SANDBOX: OperatorProvidersView = {
  providers: [],
  settings: {
    sandbox: true,
    routes: null,
    chains: { hlr: [], mnp: [], line_type: [], sim_swap: [], sms_pumping_risk: [], caller_name: [] },
    concurrency: "10",
    timeoutMs: 10_000,
    deadlineMs: 8_000,
    stragglerMs: 0,
    cacheHours: 24,
  },
  margins: [],
};

describe("operator providers page", () => {
  it("in the sandbox, tells the operator what customers see and how to get live answers", async () => {
    stubApi({
      "GET /api/operator/me": () => operatorMe("platform"),
      "GET /api/operator/providers": () => SANDBOX,
    });
    await renderPage(<OperatorProvidersPage />, { url: "/operator/providers" });
    const note = await screen.findByTestId("providers-sandbox");
    expect(note.textContent).toContain("customers see them as sample answers");
    expect(note.textContent).toContain(
      "Configure a look-up provider (its credentials in the server's settings) for real network data.",
    );
  });

  it("shows one look-up's deadline, when a slow call frees its slot, and the slow calls running on", async () => {
    const busy: OperatorProviderHealth = {
      name: "tyntec",
      answers: ["hlr"],
      breaker: "closed",
      openTenants: 0,
      concurrency: { limit: 50, active: 50, waiting: 3, stragglers: 2 },
      lastHour: { calls: 10, errors: 0, errorRate: 0, creditErrors: 0, p50Ms: 150, p99Ms: 9000, costs: [] },
    };
    stubApi({
      "GET /api/operator/me": () => operatorMe("platform"),
      "GET /api/operator/providers": () => ({
        ...SANDBOX,
        providers: [busy],
        settings: { ...SANDBOX.settings, sandbox: false, stragglerMs: 1_000 },
      }),
    });
    await renderPage(<OperatorProvidersPage />, { url: "/operator/providers" });
    const settings = await screen.findByTestId("provider-settings");
    expect(settings.textContent).toContain("Deadline per look-up8,000 ms");
    expect(settings.textContent).toContain("Slot freed after1,000 ms");
    const health = screen.getByTestId("provider-health");
    expect(health.textContent).toContain("50 of 50, 3 waiting");
    expect(health.textContent).toContain("Running on past their slot: 2");
  });
});
