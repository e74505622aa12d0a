import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/test-app";

describe("smoke", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  it("answers health and partner info", async () => {
    expect((await t.app.inject("/healthz")).statusCode).toBe(200);
    const res = await t.app.inject("/api/tenant/partner/info");
    expect(res.json()).toMatchObject({ code: 0, data: { name: "NumberCheck" } });
  });
});
