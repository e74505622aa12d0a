import type { BasicView, SingleCheckView } from "@nc/contracts/detection-single";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { type ApiCall, callsTo, expectFieldError, Refusal, renderPage, stubApi } from "../../../test/render";
import DetectionPage, { loader } from "./detection";

const BASIC: BasicView = {
  e164: "+12025550100",
  valid: true,
  possible: true,
  lineType: "mobile",
  country: { iso2: "US", iso3: "USA", dialCode: "1" },
  formats: { e164: "+12025550100", international: "+1 202-555-0100", national: "(202) 555-0100" },
  originalCarrier: { name: "Verizon", mcc: "310", mnc: "004", country: "US" },
  region: "Washington D.C.",
  timeZones: [],
  possiblyPorted: false,
  qualifiesForHlr: true,
  normalisation: { invalidReason: null, defaultCountryUsed: null, steps: ["trimmed", "international_plus"] },
};

function answer(call: ApiCall, change: Partial<SingleCheckView["result"]> = {}): SingleCheckView {
  const { service } = call.body as { service: SingleCheckView["service"] };
  return {
    jobId: "j-1",
    service,
    result: {
      basic: BASIC,
      hlr: null,
      mnp: null,
      lineType: null,
      simSwap: null,
      smsPumpingRisk: null,
      callerName: null,
      fraud: null,
      charged: true,
      sandbox: false,
      ...change,
    },
    costMicros: "5000",
    currency: "USD",
    sandbox: false,
  };
}

/** Prices per service, micros for one number. */
const PRICES: Record<string, string> = {
  basic: "1000",
  hlr: "8000",
  mnp: "6000",
  fraud_shield: "12000",
  fraud_shield_enhanced: "20000",
  line_type: "10000",
  sim_swap: "60000",
  sms_pumping_risk: "30000",
  caller_name: "12000",
};

const quote = (service: string) => ({
  service,
  quantity: 1,
  currency: "USD",
  unitPriceMicros: PRICES[service],
  totalMicros: PRICES[service],
});

async function openDetection(
  check: (call: ApiCall) => unknown = answer,
  url = "/dashboard/detection",
  sandbox = false,
  loaderData: Awaited<ReturnType<typeof loader>> = { queries: undefined },
) {
  const calls = stubApi({
    "GET /api/tenant/price/quote": (call) => quote(call.query.get("service") ?? ""),
    "POST /api/tenant/detection/check": check,
  });
  const page = await renderPage(<DetectionPage />, {
    url,
    pattern: "/dashboard/detection",
    root: { lookupSandbox: sandbox },
    loaderData,
  });
  return {
    ...page,
    calls,
    number: screen.getByLabelText("Phone number"),
    submit: screen.getByRole("button", { name: "Check number" }),
  };
}

const service = (name: string) => screen.getByRole("radio", { name: new RegExp(name) }) as HTMLInputElement;

describe("detection: one number", () => {
  it("lists every service with the organisation's price for one number, basic chosen", async () => {
    await openDetection();
    expect(await screen.findByTestId("detection-price-hlr")).toHaveProperty(
      "textContent",
      "$0.008 per number",
    );
    expect(screen.getByTestId("detection-price-basic").textContent).toBe("$0.001 per number");
    expect(service("Basic check").checked).toBe(true);
    expect(screen.queryByRole("checkbox", { name: "Ask the network again" })).toBeNull();
  });

  it("shows the prices the server answered with the page, without asking for them again", async () => {
    // The loader as the server runs it, its in-process API answering 403 for one service.
    const context = {
      tenant: { tenant: { id: "t-1" } },
      apiJson: async (path: string) => {
        const service = new URL(path, "http://x").searchParams.get("service") ?? "";
        return service === "mnp" ? { status: 403, data: null } : { status: 200, data: quote(service) };
      },
    };
    const loaded = await loader({ context } as unknown as Parameters<typeof loader>[0]);
    const { calls } = await openDetection(answer, "/dashboard/detection", false, loaded);
    expect(screen.getByTestId("detection-price-hlr").textContent).toBe("$0.008 per number");
    expect(screen.getByTestId("detection-price-basic").textContent).toBe("$0.001 per number");
    // The refused one is asked for by the browser, as without the server's answers.
    expect(await screen.findByTestId("detection-price-mnp")).toHaveProperty(
      "textContent",
      "$0.006 per number",
    );
    expect(callsTo(calls, "GET /api/tenant/price/quote").map((call) => call.query.get("service"))).toEqual([
      "mnp",
    ]);
  });

  it("opens with the service the address names", async () => {
    await openDetection(answer, "/dashboard/detection?service=mnp");
    expect(service("Number portability").checked).toBe(true);
  });

  it("says before a check that the caller name is for United States numbers only, when it is chosen", async () => {
    const { user } = await openDetection(answer, "/dashboard/detection?service=caller_name");
    expect(service("Caller name").checked).toBe(true);
    expect(screen.getByTestId("detection-us-only").textContent).toContain(
      "Caller name is given for United States numbers only.",
    );
    await user.click(service("Basic check"));
    expect(screen.queryByTestId("detection-us-only")).toBeNull();
  });

  it("says look-ups are free while the sandbox answers them", async () => {
    await openDetection(answer, "/dashboard/detection", true);
    expect(screen.getByTestId("detection-price-hlr").textContent).toBe("Free in sandbox");
    expect(await screen.findByTestId("detection-price-basic")).toHaveProperty(
      "textContent",
      "$0.001 per number",
    );
  });

  it("wants a number that is more than spaces", async () => {
    const { user, number, submit, calls } = await openDetection();
    await user.type(number, "   ");
    await user.click(submit);
    await expectFieldError(number, "This field is required.");
    expect(callsTo(calls, "POST /api/tenant/detection/check")).toEqual([]);
  });

  it("checks the number with the chosen service and shows how it was read and what it cost", async () => {
    const { user, number, submit, calls } = await openDetection();
    await user.type(number, "+1 202 555 0100");
    await user.click(submit);
    const result = await screen.findByTestId("detection-result");
    expect(within(result).getByTestId("detection-valid").textContent).toBe("Yes");
    expect(within(result).getByText("Mobile")).toBeTruthy();
    expect(within(result).getByText("Verizon · 310-004 · US")).toBeTruthy();
    expect(within(result).getByText("+1 202-555-0100")).toBeTruthy();
    expect(within(result).getByTestId("detection-cost").textContent).toBe("Charged: $0.005");
    // Only ordinary steps: no "how it was read" line.
    expect(within(result).queryByTestId("detection-steps")).toBeNull();
    expect(callsTo(calls, "POST /api/tenant/detection/check")[0]?.body).toEqual({
      service: "basic",
      number: "+1 202 555 0100",
    });
  });

  it("for a live look-up can ask the network again, and shows its status", async () => {
    const { user, number, submit, calls } = await openDetection((call) =>
      answer(call, {
        hlr: {
          connectivity: "absent",
          error: { code: 27, name: "Absent subscriber", permanent: false },
          currentNetwork: null,
          originalNetwork: null,
          roaming: { roaming: null, network: null, country: null },
          ported: false,
          source: "live",
          provider: "sandbox",
          obtainedAt: "2026-11-01T00:00:00.000Z",
        },
      }),
    );
    await user.click(service("HLR lookup"));
    await user.click(screen.getByRole("checkbox", { name: "Ask the network again" }));
    await user.type(number, "+12025550100");
    await user.click(submit);
    expect((await screen.findByTestId("detection-connectivity")).textContent).toBe("Absent");
    expect(screen.getByText("Absent subscriber (27)")).toBeTruthy();
    expect(callsTo(calls, "POST /api/tenant/detection/check")[0]?.body).toEqual({
      service: "hlr",
      number: "+12025550100",
      fresh: true,
    });
  });

  it("names the unusual steps taken to read a number, and an invalid number's reason", async () => {
    const { user, number, submit } = await openDetection((call) =>
      answer(call, {
        basic: {
          ...BASIC,
          valid: false,
          normalisation: {
            invalidReason: null,
            defaultCountryUsed: null,
            steps: ["trimmed", "vanity_letters"],
          },
        },
      }),
    );
    await user.type(number, "1-800-FLOWERS");
    await user.click(submit);
    expect((await screen.findByTestId("detection-valid")).textContent).toBe("No");
    expect(screen.getByTestId("detection-steps").textContent).toBe(
      "spaces and invisible characters removed · letters turned into keypad digits",
    );
  });

  it("shows a refusal as an alert, and a new try clears the old answer", async () => {
    let refuse = false;
    const { user, number, submit } = await openDetection((call) =>
      refuse ? new Refusal(40030, "The balance is too low for this check.") : answer(call),
    );
    await user.type(number, "+12025550100");
    await user.click(submit);
    await screen.findByTestId("detection-result");
    refuse = true;
    await user.click(submit);
    expect((await screen.findByTestId("detection-error")).textContent).toContain(
      "The balance is too low for this check.",
    );
    expect(screen.queryByTestId("detection-result")).toBeNull();
  });
});
