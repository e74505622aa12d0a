import { PUBLIC_API_OPERATIONS, PUBLIC_API_TAGS } from "@nc/contracts/public-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translateDocument } from "../src/features/openapi/translate-document";
import zhHans from "../src/features/openapi/translations/zh-Hans.json";
import { createTestApp, type TestApp } from "./helpers/test-app";

type Json = Record<string, unknown>;
interface Document {
  info: { title: string; description: string };
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, { summary: string; description: string; operationId: string }>>;
  components: Json;
}

/** The document with every text we write blanked: what must be the same in every language. */
function shape(value: unknown, key: string | null = null): unknown {
  if (Array.isArray(value)) return value.map((item) => shape(item));
  if (value === null || typeof value !== "object")
    return typeof value === "string" && key !== null && ["description", "summary", "title"].includes(key)
      ? "·"
      : value;
  return Object.fromEntries(
    Object.entries(value as Json).map(([name, child]) => [
      name,
      key === "properties" ? shape(child) : shape(child, name),
    ]),
  );
}

describe("the OpenAPI document in the reader's language", { timeout: 120_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 180_000);
  afterAll(() => t?.close());

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: "GET", url, headers });
    expect(res.statusCode).toBe(200);
    return res.json() as Document;
  };

  it("zh-Hans: summaries, descriptions and tags translated; names, paths and codes as they are", async () => {
    const en = await get("/api/openapi.json");
    const zh = await get("/api/openapi.json?locale=zh-Hans");
    const check = zh.paths["/api/v1/check"]!.post!;
    expect(check.summary).toBe("检测一个号码");
    expect(check.operationId).toBe(en.paths["/api/v1/check"]!.post!.operationId);
    expect(check.description).toContain("权限范围：`check`");
    for (const [path, methods] of Object.entries(zh.paths))
      for (const [method, operation] of Object.entries(methods)) {
        const english =
          PUBLIC_API_OPERATIONS[`${method.toUpperCase()} ${path}` as keyof typeof PUBLIC_API_OPERATIONS];
        expect(operation.summary).toBe((zhHans as Record<string, string>)[english.summary]);
        expect(operation.summary).not.toBe(english.summary);
      }
    expect(zh.tags.map((tag) => tag.name)).toEqual(PUBLIC_API_TAGS.map((tag) => tag.name));
    expect(zh.tags.every((tag, i) => tag.description !== PUBLIC_API_TAGS[i]!.description)).toBe(true);
    expect(zh.info.description).toContain("**身份验证。**");
    // Error lists keep their codes; only the meaning is translated.
    expect(JSON.stringify(zh.paths)).toContain("- `40100` 缺少 `Authorization: Bearer` 头部。");
    // Everything but our texts is the same document.
    expect(shape(zh)).toEqual(shape(en));
    expect(en.paths["/api/v1/check"]!.post!.summary).toBe("Check a number");
  });

  it("follows the request's language without ?locale (Accept-Language, x-locale)", async () => {
    expect(
      (await get("/api/openapi.json", { "accept-language": "es-ES,es;q=0.9" })).paths["/api/v1/jobs"]!.post!
        .summary,
    ).toBe("Enviar un trabajo masivo");
    expect(
      (await get("/api/openapi.json", { "x-locale": "pt" })).paths["/api/v1/balance"]!.get!.summary,
    ).toBe("Obter o saldo");
  });

  it("every text of the document has its translation in each language", async () => {
    const en = await get("/api/openapi.json");
    for (const locale of ["zh-Hans", "es", "pt"] as const) {
      const missing = new Set<string>();
      translateDocument(en, locale, missing);
      expect([...missing], locale).toEqual([]);
    }
  });
});
