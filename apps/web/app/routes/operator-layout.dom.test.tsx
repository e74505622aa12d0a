import { ALL_OPERATOR_PERMISSIONS, type OperatorMe, type OperatorPermission } from "@nc/contracts/operator";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage, stubApi } from "../../test/render";
import type { Route } from "./+types/operator-layout";
import OperatorLayout, { loader } from "./operator-layout";

const me = (permissions: OperatorPermission[]): OperatorMe => ({
  userId: "u-1",
  email: "otto@example.com",
  scope: "partner",
  partnerId: "p-1",
  partnerName: "NumCheck",
  permissions,
});

async function openConsole(url: string, permissions: OperatorPermission[]) {
  stubApi({ "GET /api/operator/me": () => me(permissions) });
  const page = await renderPage(<OperatorLayout />, { url });
  // A desktop: the menu is in the side bar, filled once the console knows the operator.
  const menu = await screen.findByRole("menu");
  await within(menu).findByText("Overview");
  const entries = () =>
    within(menu)
      .getAllByRole("menuitem")
      .map((item) => item.textContent);
  return { ...page, entries };
}

describe("operator console layout", () => {
  it("offers only the pages the operator's rights open", async () => {
    const { entries } = await openConsole("/operator", [
      "operator.recharge:read",
      "operator.recharge:confirm",
    ]);
    expect(entries()).toEqual(["Overview", "Bank transfers", "Money summary"]);
  });

  it("every right offers every menu page", async () => {
    const { entries } = await openConsole("/operator", ALL_OPERATOR_PERMISSIONS);
    expect(entries()).toEqual([
      "Overview",
      "Bank transfers",
      "Money summary",
      "Customers",
      "Users",
      "Partners",
      "Prices",
      "Look-up providers",
      "Operators",
      "Audit log",
    ]);
  });

  it("a page opened without its right shows the 403 page", async () => {
    await openConsole("/operator/customers/0b7c4c1e-6f1a-4c1e-9a55-2f0d7c1e4a10", ["operator.audit:read"]);
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Permission denied");
  });

  it("a page opened with its right is not refused", async () => {
    await openConsole("/operator/audit", ["operator.audit:read"]);
    await screen.findByRole("menu");
    expect(screen.queryByText("Permission denied")).toBeNull();
  });
});

/** The layout's loader as the server runs it: the visitor, and what the API answers them in-process. */
async function load(
  answer: { status: number; data: OperatorMe | null },
  user: object | null = { id: "u-1" },
) {
  const asked: string[] = [];
  const context = {
    user,
    siteInfoFailed: false,
    apiJson: async (path: string) => {
      asked.push(path);
      return answer;
    },
  };
  const request = new Request("http://localhost/operator/money?x=1");
  try {
    return { result: await loader({ request, context, params: {} } as unknown as Route.LoaderArgs), asked };
  } catch (thrown) {
    return { thrown: thrown as { status?: number; init?: { status: number }; headers?: Headers }, asked };
  }
}

describe("operator console layout, first HTML", () => {
  it("the loader hands the page the operator's rights, asked of the API on the server", async () => {
    const answer = me(["operator.audit:read"]);
    const { result, asked } = await load({ status: 200, data: answer });
    expect(asked).toEqual(["/api/operator/me"]);
    expect(result).toEqual({ me: answer });
  });

  it("the loader answers 403 to a non-operator and sends the signed-out to sign-in", async () => {
    expect((await load({ status: 403, data: null })).thrown?.init?.status).toBe(403);
    const expired = await load({ status: 401, data: null });
    expect(expired.thrown?.status).toBe(302);
    expect(expired.thrown?.headers?.get("location")).toBe("/login?redirect=%2Foperator%2Fmoney%3Fx%3D1");
    const signedOut = await load({ status: 200, data: me([]) }, null);
    expect(signedOut.thrown?.status).toBe(302);
    expect(signedOut.asked).toEqual([]);
  });

  it("with the loader's rights the menu and the page are there at the first render, with no wait and no request", async () => {
    const calls = stubApi({});
    await renderPage(<OperatorLayout />, {
      url: "/operator",
      loaderData: { me: me(["operator.recharge:read", "operator.audit:read"]) },
    });
    const menu = screen.getByRole("menu");
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(["Overview", "Bank transfers", "Money summary", "Audit log"]);
    expect(screen.queryByLabelText("Loading the operator console…")).toBeNull();
    expect(calls).toEqual([]);
  });
});
