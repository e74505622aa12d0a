import { describe, expect, it } from "vitest";
import { LOGGED_PATH_MAX, loggedPath } from "./request-log-path";

describe("loggedPath (the request log's path)", () => {
  it("keeps paths and ordinary query values as sent", () => {
    expect(loggedPath("/api/v1/jobs?limit=20&cursor=MjAyNi0x")).toBe("/api/v1/jobs?limit=20&cursor=MjAyNi0x");
    expect(loggedPath("/api/v1/jobs/5b0c4c2e-8f6e-4f3b-9d51-0c2b1f7e9a10/results?status=done")).toBe(
      "/api/v1/jobs/5b0c4c2e-8f6e-4f3b-9d51-0c2b1f7e9a10/results?status=done",
    );
    expect(loggedPath("/api/v1/usage?from=2026-01-01&to=2026-01-31")).toBe(
      "/api/v1/usage?from=2026-01-01&to=2026-01-31",
    );
    expect(loggedPath("/api/v1/jobs?flag&column=3")).toBe("/api/v1/jobs?flag&column=3");
  });

  it("masks what could be a key, by name or by look", () => {
    expect(loggedPath("/api/v1/check?api_key=abc&token=x&x=nc_live_0a1b2c3d4e5f_secret")).toBe(
      "/api/v1/check?api_key=[redacted]&token=[redacted]&x=[redacted]",
    );
  });

  it("masks what could be a phone number, in the query and in the path, however written", () => {
    expect(loggedPath("/api/v1/x?n=%2B44%207400%20123456&m=+1+(202)+555-0104&o=0044.7400.123456")).toBe(
      "/api/v1/x?n=[redacted]&m=[redacted]&o=[redacted]",
    );
    expect(loggedPath("/api/v1/jobs/+447400123456")).toBe("/api/v1/jobs/[redacted]");
    expect(loggedPath("/api/v1/jobs/%2B447400123456/results")).toBe("/api/v1/jobs/[redacted]/results");
    // Short numbers are no phone numbers; broken percent-encoding is judged as it is.
    expect(loggedPath("/api/v1/jobs?limit=100000&bad=%E0%A4%A")).toBe(
      "/api/v1/jobs?limit=100000&bad=%E0%A4%A",
    );
  });

  it("cuts very long paths", () => {
    expect(loggedPath(`/api/v1/jobs?fileName=${"a".repeat(1_000)}`)).toHaveLength(LOGGED_PATH_MAX);
  });
});
