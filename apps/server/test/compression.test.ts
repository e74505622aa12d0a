import { OPENAPI_PATH } from "@nc/contracts/openapi";
import { TRADE_TYPES } from "@nc/contracts/trade-types";
import ExcelJS from "exceljs";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPRESS_MIN_BYTES, compressibleType } from "../src/http/compression";
import { fundedTenant, system } from "./helpers/billing";
import { decodeBody } from "./helpers/content-encoding";
import { createTestApp, type TestApp } from "./helpers/test-app";

/** The body as the caller reads it after undoing the answer's Content-Encoding. */
const decoded = (res: LightMyRequestResponse) => decodeBody(res.headers["content-encoding"], res.rawPayload);

describe("compressed answers (docs/performance.md, Page weight)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: "GET",
      url,
      headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {},
    });

  it("sends a JSON answer brotli- or gzip-compressed as asked, plain when not", async () => {
    const plain = await get(OPENAPI_PATH);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);

    for (const [asked, expected] of [
      ["br", "br"],
      ["gzip", "gzip"],
      ["gzip, deflate, br, zstd", "br"],
      ["br;q=0, gzip", "gzip"],
      ["*", "br"],
    ] as const) {
      const res = await get(OPENAPI_PATH, asked);
      expect(res.headers["content-encoding"], asked).toBe(expected);
      expect(res.headers.vary).toMatch(/Accept-Encoding/);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
      expect(JSON.parse(decoded(res).toString("utf8"))).toEqual(plain.json());
      // The API's own headers survive compression.
      expect(res.headers["content-security-policy"]).toContain("default-src 'none'");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["cache-control"]).toBe("no-store");
    }
    for (const refused of ["identity", "deflate", "br;q=0, gzip;q=0"]) {
      const res = await get(OPENAPI_PATH, refused);
      expect(res.headers["content-encoding"], refused).toBeUndefined();
      expect(res.rawPayload.equals(plain.rawPayload)).toBe(true);
    }
  });

  it("sends a tiny answer as it is", async () => {
    const res = await get("/healthz", "br, gzip");
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.json()).toEqual({ status: "ok" });
  });

  it("compresses a CSV download on the fly and never an XLSX one; both read back whole", async () => {
    const { tenantId, billing, api } = await fundedTenant(t, 1_000_000n);
    for (let i = 0; i < 30; i++) {
      await billing.credit({ tenantId, tradeType: TRADE_TYPES.add, amountMicros: 1_000n, actor: system });
    }
    const url = "/api/tenant/account/transactions/export";
    const csvPlain = await api("GET", `${url}?format=csv`);
    expect(csvPlain.statusCode).toBe(200);
    expect(csvPlain.headers["content-encoding"]).toBeUndefined();
    expect(csvPlain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    for (const encoding of ["gzip", "br"]) {
      const csv = await api("GET", `${url}?format=csv`, undefined, { "accept-encoding": encoding });
      expect(csv.headers["content-encoding"]).toBe(encoding);
      expect(csv.headers["content-type"]).toContain("text/csv");
      expect(csv.headers["content-disposition"]).toMatch(/attachment; filename="transactions-.*\.csv"/);
      expect(csv.headers["content-length"]).toBeUndefined();
      expect(csv.rawPayload.length).toBeLessThan(csvPlain.rawPayload.length / 2);
      const text = decoded(csv);
      // Byte for byte the plain file: BOM, the 31 rows, CRLF line ends.
      expect(text.equals(csvPlain.rawPayload)).toBe(true);
      expect([...text.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(text.toString("utf8").trimEnd().split("\r\n")).toHaveLength(32);
    }

    // An XLSX file is a ZIP archive already: sent as it is whatever the caller accepts.
    const xlsx = await api("GET", `${url}?format=xlsx`, undefined, { "accept-encoding": "br, gzip" });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers["content-encoding"]).toBeUndefined();
    expect([...xlsx.rawPayload.subarray(0, 2)]).toEqual([0x50, 0x4b]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.actualRowCount).toBe(32);
  });

  it("compresses text, JSON, scripts and SVG, never Server-Sent streams or packed files", () => {
    for (const type of [
      "text/html; charset=utf-8",
      "text/csv; charset=utf-8",
      "application/json; charset=utf-8",
      "application/problem+json",
      "text/javascript",
      "application/javascript",
      "image/svg+xml",
      "application/xml",
    ]) {
      expect(compressibleType(type), type).toBe(true);
    }
    for (const type of [
      "text/event-stream",
      "Text/Event-Stream; charset=utf-8",
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "application/zip",
      "application/gzip",
      "application/octet-stream",
      "image/png",
      "",
    ]) {
      expect(compressibleType(type), type).toBe(false);
    }
  });
});
