import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureSavedFiles } from "../../../test/saved-files";
import { ApiError, DOWNLOAD_WITHOUT_FILE_CODE } from "./api-error";
import { setClientHooks } from "./client";
import { saveDownload } from "./download";

/**
 * Downloads follow the client's rules (client.ts): the same session and organisation handling and
 * the same retry as `api`. The server is a queue of answers handed out by a stand-in fetch.
 */
describe("file downloads", () => {
  let calls: string[] = [];
  let answers: (() => Response)[] = [];
  let requests: { url: string; method: string; headers: Headers }[] = [];
  let saved: { name: string; text: string }[] = [];

  beforeEach(() => {
    calls = [];
    answers = [];
    requests = [];
    setClientHooks({
      locale: () => "en",
      tenantId: () => "t-other",
      refreshSession: () => calls.push("refreshSession"),
      onAuthError: () => calls.push("onAuthError"),
      onTenantError: (code, message) => calls.push(`onTenantError ${code} ${message}`),
    });
    vi.stubGlobal("fetch", async (input: Request | string, init?: RequestInit) => {
      const request = new Request(input, init);
      requests.push({ url: request.url, method: request.method, headers: request.headers });
      const next = answers.shift();
      if (!next) throw new Error("no answer queued");
      return next();
    });
    saved = captureSavedFiles();
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  const file =
    (body: string, headers: Record<string, string> = {}) =>
    () =>
      new Response(body, { status: 200, headers: { "content-type": "text/csv; charset=utf-8", ...headers } });
  const envelope = (status: number, code: number, msg: string) => () =>
    new Response(JSON.stringify({ code, msg, data: null }), {
      status,
      headers: { "content-type": "application/json; charset=utf-8" },
    });
  const download = () =>
    saveDownload(
      "/api/tenant/audit/export",
      { from: "2026-01-01" },
      { tenantId: "t-1", locale: "es" },
      "audit.csv",
    );
  const settled = () => vi.waitFor(() => expect(saved.length).toBeGreaterThan(0));

  it("saves a 200 file under the server's name, asked with the page's language and organisation", async () => {
    answers.push(file("a,b\n1,2\n", { "content-disposition": 'attachment; filename="audit-2026.csv"' }));
    await download();
    await settled();
    expect(saved).toEqual([{ name: "audit-2026.csv", text: "a,b\n1,2\n" }]);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toMatch(/\/api\/tenant\/audit\/export\?from=2026-01-01$/);
    expect(requests[0]?.headers.get("x-tenant-id")).toBe("t-1");
    expect(requests[0]?.headers.get("x-locale")).toBe("es");
    expect(calls).toEqual([]);
  });

  it("saves the bytes as sent: the byte-order mark spreadsheets need stays", async () => {
    answers.push(file("\uFEFFa,b\n"));
    let bytes: number[] = [];
    vi.mocked(URL.createObjectURL).mockImplementationOnce((blob) => {
      void (blob as Blob).arrayBuffer().then((buffer) => {
        bytes = [...new Uint8Array(buffer)];
      });
      return "blob:bom";
    });
    await download();
    await vi.waitFor(() => expect(bytes.slice(0, 3)).toEqual([0xef, 0xbb, 0xbf]));
  });

  it("saves under the fallback name when the server gives none", async () => {
    answers.push(file("x"));
    await download();
    await settled();
    expect(saved).toEqual([{ name: "audit.csv", text: "x" }]);
  });

  it.each([40035, 40036, 40037, 40038, 40081])(
    "a 200 envelope with code %i is not saved: it goes to tenant selection with the server's reason",
    async (code) => {
      answers.push(envelope(200, code, `answer ${code}`));
      const error = await download().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ code, message: `answer ${code}`, status: 200 });
      expect(calls).toEqual([`onTenantError ${code} answer ${code}`]);
      expect(HTMLAnchorElement.prototype.click).not.toHaveBeenCalled();
    },
  );

  it("a success envelope is not a file: it is thrown as ApiError of its own code, saving nothing", async () => {
    answers.push(envelope(200, 0, "ok"));
    const error = await download().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: DOWNLOAD_WITHOUT_FILE_CODE, status: 200 });
    expect(calls).toEqual([]);
    expect(HTMLAnchorElement.prototype.click).not.toHaveBeenCalled();
  });

  it("an expired session refreshes the session and goes to sign-in, saving nothing", async () => {
    answers.push(envelope(401, 40099, "signed out"));
    const error = await download().catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 40099, message: "signed out", status: 401 });
    expect(calls).toEqual(["refreshSession", "onAuthError"]);
    expect(HTMLAnchorElement.prototype.click).not.toHaveBeenCalled();
  });

  it("any other refusal is thrown with the server's message, saving nothing", async () => {
    answers.push(envelope(403, 40300, "no access"));
    expect(await download().catch((e: unknown) => e)).toMatchObject({ code: 40300, message: "no access" });
    expect(calls).toEqual([]);
    expect(HTMLAnchorElement.prototype.click).not.toHaveBeenCalled();
  });

  it("a GET answered 503 is asked again once and the file is saved", async () => {
    answers.push(envelope(503, 50000, "busy"), file("late"));
    await download();
    await settled();
    expect(saved).toEqual([{ name: "audit.csv", text: "late" }]);
    expect(requests).toHaveLength(2);
  });

  it("a GET that met a network error is asked again once", async () => {
    answers.push(() => {
      throw new TypeError("Failed to fetch");
    }, file("late"));
    await download();
    await settled();
    expect(saved).toEqual([{ name: "audit.csv", text: "late" }]);
    expect(requests).toHaveLength(2);
  });

  it("a GET is retried only once: a second network error is the client's network error", async () => {
    const down = () => {
      throw new TypeError("Failed to fetch");
    };
    answers.push(down, down);
    expect(await download().catch((e: unknown) => e)).toMatchObject({ code: -1, message: "network" });
    expect(requests).toHaveLength(2);
  });

  it("a POSTed download sends its body as JSON and is never retried", async () => {
    answers.push(envelope(503, 50000, "busy"));
    const error = await saveDownload(
      "/api/tenant/s/t-1/export",
      {},
      { tenantId: "t-1", locale: "en" },
      "org.zip",
      {
        method: "POST",
        body: { password: "secret" },
      },
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 50000, message: "busy", status: 503 });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe("POST");
    expect(requests[0]?.headers.get("content-type")).toBe("application/json");
  });
});
