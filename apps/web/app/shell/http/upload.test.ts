import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./api-error";
import { setClientHooks } from "./client";
import { upload } from "./upload";

/** A stand-in XMLHttpRequest (Node has none) that answers each send with `answer`. */
let answer: { status: number; body: unknown } = { status: 200, body: { code: 0, msg: "ok", data: null } };
let sent: { url: string; headers: Record<string, string>; body: unknown } | null = null;
class FakeXhr {
  status = 0;
  statusText = "";
  response: unknown = null;
  responseType = "";
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private url = "";
  private headers: Record<string, string> = {};
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {
    this.onabort?.();
  }
  send(body: unknown) {
    sent = { url: this.url, headers: this.headers, body };
    this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
    this.status = answer.status;
    this.response = answer.body;
    this.onload?.();
  }
}

/** Uploads go through the same session and organisation handling as every other call (client.ts). */
describe("file uploads", () => {
  let calls: string[] = [];
  beforeEach(() => {
    calls = [];
    sent = null;
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    setClientHooks({
      locale: () => "es",
      tenantId: () => "t-1",
      refreshSession: () => calls.push("refreshSession"),
      onAuthError: () => calls.push("onAuthError"),
      onTenantError: (code, message) => calls.push(`onTenantError ${code} ${message}`),
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const file = new Blob(["+15550100"]);

  it("sends the file with the page's language and the tab's organisation, reporting progress", async () => {
    answer = { status: 200, body: { code: 0, msg: "ok", data: { id: "j-1" } } };
    const shares: number[] = [];
    const data = await upload("/api/tenant/job/upload", file, {
      query: { service: "hlr", column: undefined },
      onProgress: (share) => shares.push(share),
    });
    expect(data).toEqual({ id: "j-1" });
    expect(sent).toMatchObject({
      url: "/api/tenant/job/upload?service=hlr",
      headers: { "x-locale": "es", "x-tenant-id": "t-1", "content-type": "application/octet-stream" },
      body: file,
    });
    expect(shares).toEqual([0.5]);
    expect(calls).toEqual([]);
  });

  it.each([40035, 40036, 40037, 40038])(
    "code %i opens tenant selection with the server's reason",
    async (code) => {
      answer = { status: 200, body: { code, msg: `answer ${code}`, data: null } };
      const error = await upload("/api/tenant/job/upload", file).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ code, message: `answer ${code}` });
      expect(calls).toEqual([`onTenantError ${code} answer ${code}`]);
    },
  );

  it("a session gone (401) refreshes the session and goes to sign-in", async () => {
    answer = { status: 401, body: { code: 40099, msg: "signed out", data: null } };
    expect(await upload("/api/tenant/job/upload", file).catch((e: unknown) => e)).toMatchObject({
      code: 40099,
    });
    expect(calls).toEqual(["refreshSession", "onAuthError"]);
  });

  it("an answer without an envelope is an ApiError with the status", async () => {
    answer = { status: 502, body: null };
    expect(await upload("/api/tenant/job/upload", file).catch((e: unknown) => e)).toMatchObject({
      code: 50000,
      status: 502,
    });
  });
});
