import type { ApiKeyCreatedView } from "@nc/contracts/api-keys";
import type { BillingDetails, StatementMonths } from "@nc/contracts/billing-details";
import { TRADE_TYPES } from "@nc/contracts/trade-types";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rechargeCommands } from "../src/cli/commands/recharge";
import { auditEvents, sessions } from "../src/db/schema/index";
import { type Account, call, expectFieldError, expectOk, registerUser } from "./helpers/accounts";
import { apiClient, keyCaller } from "./helpers/api-client";
import { system } from "./helpers/billing";
import { runCommand } from "./helpers/cli";
import { pdfText } from "./helpers/pdf-text";
import { createTenant, expectCode, joinTenant } from "./helpers/tenancy";
import { createTestApp, type TestApp } from "./helpers/test-app";

const ACME_HOST = "numbers.acme.test";
const DETAILS = {
  legalName: "Globex Comércio Ltda",
  addressLine1: "Avenida Paulista 1000",
  city: "São Paulo",
  postalCode: "01310-100",
  region: "SP",
  country: "BR",
  taxId: "11.222.333/0001-81",
};

/**
 * Billing details, receipts and monthly statements (docs/operations.md, "Billing details, receipts
 * and statements"), for an organisation of a partner's site: its documents carry the partner's brand.
 */
describe("billing details, receipts and statements", () => {
  let t: TestApp;
  let owner: Account;
  let tenantId: string;
  let api: (
    method: "GET" | "POST",
    url: string,
    payload?: object,
    locale?: string,
  ) => ReturnType<typeof call>;

  const as =
    (user: Account, tenant: string) =>
    (method: "GET" | "POST", url: string, payload?: object, locale = "en") =>
      call(t, method, url, payload, {
        sid: user.sid,
        host: ACME_HOST,
        headers: { "x-tenant-id": tenant, "x-locale": locale },
      });

  beforeAll(async () => {
    t = await createTestApp({ BANK_TRANSFER_DETAILS: "IBAN DE89 3704 0044 0532 0130 00", RECHARGE_MIN: "5" });
    await t.app.services.partners.create({
      name: "Acme Numbers",
      email: "billing@acme.test",
      domain: ACME_HOST,
      subDomain: "acme",
    });
    owner = await registerUser(t, { host: ACME_HOST });
    tenantId = await createTenant(t, owner, "Globex", ACME_HOST);
    api = as(owner, tenantId);
  });
  afterAll(() => t.close());

  /** A bank-transfer order of `amount`, confirmed by the operator when `paid`. */
  async function order(amount: string, paid = true) {
    const created = expectOk<{ orderId: string; reference: string }>(
      await api("POST", "/api/tenant/recharge", { method: "bank_transfer", amount }),
    );
    if (paid)
      expect((await runCommand(t, rechargeCommands, "confirm", { reference: created.reference })).code).toBe(
        0,
      );
    return created;
  }

  it("has no details at first, then saves them once checked, audited", async () => {
    expect(expectOk(await api("GET", "/api/tenant/account/billing-details"))).toBeNull();
    const saved = expectOk<BillingDetails>(await api("POST", "/api/tenant/account/billing-details", DETAILS));
    expect(saved).toMatchObject({ ...DETAILS, addressLine2: null });
    expect(expectOk<BillingDetails>(await api("GET", "/api/tenant/account/billing-details"))).toEqual(saved);

    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.tenantId, tenantId),
          eq(auditEvents.action, "organisation.billing_details_updated"),
        ),
      );
    expect(event?.details).toMatchObject({
      before: { legalName: null },
      after: { legalName: DETAILS.legalName },
    });
  });

  it("refuses a tax number that does not fit the country, naming the field and the reason in the reader's language", async () => {
    const wrongDigit = await api("POST", "/api/tenant/account/billing-details", {
      ...DETAILS,
      taxId: "11.222.333/0001-82",
    });
    expectFieldError(wrongDigit, "taxId", "tax_id_check_digit");
    const wrongShape = await api(
      "POST",
      "/api/tenant/account/billing-details",
      { ...DETAILS, country: "DE", taxId: "DE12345" },
      "es",
    );
    expectFieldError(wrongShape, "taxId", "tax_id_format");
    expect(wrongShape.json().data.fields[0].message).toContain("DE123456789");
    expect(wrongShape.json().msg).toMatch(/país/);
    expectFieldError(
      await api("POST", "/api/tenant/account/billing-details", { ...DETAILS, legalName: " " }),
      "legalName",
      "required",
    );
    expectFieldError(
      await api("POST", "/api/tenant/account/billing-details", { ...DETAILS, country: "Brazil" }),
      "country",
      "invalid_format",
    );
    // Nothing changed.
    expect(expectOk<BillingDetails>(await api("GET", "/api/tenant/account/billing-details")).taxId).toBe(
      DETAILS.taxId,
    );
  });

  it("lets only money settings' holders save, with a fresh proof", async () => {
    const finance = await registerUser(t, { host: ACME_HOST });
    await joinTenant(t, tenantId, finance, "finance");
    expectCode(
      await as(finance, tenantId)("POST", "/api/tenant/account/billing-details", DETAILS),
      403,
      40300,
    );
    await t.database.db
      .update(sessions)
      .set({ stepUpAt: new Date(Date.now() - 3_600_000) })
      .where(eq(sessions.userId, owner.id));
    expectCode(await api("POST", "/api/tenant/account/billing-details", DETAILS), 403, 40340);
    await t.database.db.update(sessions).set({ stepUpAt: new Date() }).where(eq(sessions.userId, owner.id));
  });

  it("makes a receipt of a credited top-up: the partner's brand, the billed details, the amount", async () => {
    const { orderId } = await order("123.45");
    const res = await api("GET", `/api/tenant/recharge/s/${orderId}/receipt/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="receipt-R-\d{8}-[0-9A-Z]{8}\.pdf"$/,
    );
    const text = pdfText(res.rawPayload);
    expect(text).toContain("Acme Numbers");
    expect(text).not.toContain("NumberCheck");
    expect(text).toContain("$123.45");
    expect(text).toContain("Globex Comércio Ltda");
    expect(text).toContain("11.222.333/0001-81");
    expect(text).toContain("Bank transfer");

    const chinese = pdfText(
      (await api("GET", `/api/tenant/recharge/s/${orderId}/receipt/pdf`, undefined, "zh-Hans")).rawPayload,
    );
    expect(chinese).toContain("收据");
    expect(chinese).toContain("银行转账");
    expect(chinese).toContain("巴西");
  });

  it("refuses the receipt of an order not credited, and of another organisation's order", async () => {
    const pending = await order("20", false);
    expectCode(await api("GET", `/api/tenant/recharge/s/${pending.orderId}/receipt/pdf`), 404, 40400);
    const { orderId } = await order("30");

    const stranger = await registerUser(t, { host: ACME_HOST });
    const otherTenant = await createTenant(t, stranger, "Initech", ACME_HOST);
    expectCode(
      await as(stranger, otherTenant)("GET", `/api/tenant/recharge/s/${orderId}/receipt/pdf`),
      404,
      40400,
    );
    // Naming the owner's organisation in the header does not help someone outside it.
    const res = await as(stranger, tenantId)("GET", `/api/tenant/recharge/s/${orderId}/receipt/pdf`);
    expect(res.headers["content-type"]).not.toBe("application/pdf");
    expect(res.json().code).not.toBe(0);
  });

  it("states a month: opening balance, top-ups, charges by service, closing balance that add up", async () => {
    const billing = t.app.services.billing;
    await billing.charge({
      tenantId,
      tradeType: TRADE_TYPES.checkHlr,
      amountMicros: 2_500_000n,
      service: "hlr",
      quantity: 1,
      actor: system,
    });
    const { months } = expectOk<StatementMonths>(await api("GET", "/api/tenant/account/statements"));
    expect(months).toHaveLength(1);
    const month = months[0]!;
    expect(month).toMatch(/^\d{4}-\d{2}$/);
    const res = await api("GET", `/api/tenant/account/statements/${month}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="statement-${month}.pdf"`);
    const text = pdfText(res.rawPayload);
    expect(text).toContain("Acme Numbers");
    expect(text).toContain("Opening balance");
    expect(text).toContain("$0.00");
    // Top-ups 123.45 + 30; one HLR check of 2.50; the balance closes at 150.95.
    expect(text).toContain("$153.45");
    expect(text).toMatch(/Checks: HLR lookup\n-\$2\.50/);
    expect(text).toContain("$150.95");
    expect((await billing.balance(tenantId)).balanceMicros).toBe(150_950_000n);

    const portuguese = pdfText(
      (await api("GET", `/api/tenant/account/statements/${month}/pdf`, undefined, "pt")).rawPayload,
    );
    expect(portuguese).toContain("Extrato mensal");
    expectCode(await api("GET", "/api/tenant/account/statements/2001-01/pdf"), 404, 40400);
    expectFieldError(
      await api("GET", "/api/tenant/account/statements/2001-13/pdf"),
      "month",
      "invalid_format",
    );
  });

  it("answers the same documents through the public API, in the language asked, and only the key's own", async () => {
    const made = expectOk<ApiKeyCreatedView>(
      await api("POST", "/api/tenant/apikey", { name: "books", scopes: ["usage:read"], mode: "live" }),
    );
    const v1 = keyCaller(t, made.secret);
    const { items } = expectOk<{ items: { id: string; amountMicros: string; method: string }[] }>(
      await v1("GET", "/api/v1/receipts"),
    );
    expect(items.map((i) => i.amountMicros)).toEqual(["30000000", "123450000"]);
    const receipt = await v1("GET", `/api/v1/receipts/${items[1]!.id}`, undefined, {
      "accept-language": "es",
    });
    expect(receipt.headers["content-type"]).toBe("application/pdf");
    const text = pdfText(receipt.rawPayload);
    expect(text).toContain("Recibo");
    expect(text).toContain("Acme Numbers");
    expect(text).toMatch(/123,45/);

    const { months } = expectOk<StatementMonths>(await v1("GET", "/api/v1/statements"));
    const statement = await v1("GET", `/api/v1/statements/${months[0]}`);
    expect(pdfText(statement.rawPayload)).toContain("Closing balance");

    // Another organisation's key finds none of these.
    const other = await apiClient(t, { scopes: ["usage:read"] });
    expectCode(await other.call("GET", `/api/v1/receipts/${items[1]!.id}`), 404, 40400);
    expect(expectOk<{ items: unknown[] }>(await other.call("GET", "/api/v1/receipts")).items).toEqual([]);
  });
});
