import { registerAccount } from "./accounts";
import { apiCall } from "./api";
import { type RunningServer, startServer } from "./server";

/** A server with one signed-up person whose organisation has something on every list page. */
export interface SampleOrganisation {
  server: RunningServer;
  sid: string;
  tenantId: string;
  /** A finished job of three numbers (two valid, one not). */
  jobId: string;
}

/**
 * Starts a server and fills one organisation the way a new customer's first hour does: a job, an
 * API key and a bank-transfer order, so the history, key and recharge pages show rows, not their
 * empty states. Used by the files that measure pages (accessibility, layout).
 */
export async function startSampleOrganisation(person: string): Promise<SampleOrganisation> {
  const server = await startServer({
    env: {
      CAPTCHA_ENABLED: "false",
      WELCOME_CREDIT: "5",
      BANK_TRANSFER_DETAILS: "Beneficiary: NumberCheck Ltd\nIBAN: DE89 3704 0044 0532 0130 00",
    },
  });
  const sid = await registerAccount(
    server,
    person,
    `${person.toLowerCase().replace(/\W/g, "-")}-${Date.now()}@example.com`,
  );
  const tenantId = (await apiCall<{ id: string }>(server, sid, "POST", "/api/tenant", { name: "Access Co" }))
    .id;
  const inOrg = <T>(method: "GET" | "POST", path: string, body?: object) =>
    apiCall<T>(server, sid, method, path, body, tenantId);
  const jobId = (
    await inOrg<{ id: string }>("POST", "/api/tenant/job", {
      service: "basic",
      numbers: ["+447911123456", "+12025550100", "12"],
    })
  ).id;
  await inOrg("POST", "/api/tenant/apikey", { name: "Reporting", scopes: ["check"], mode: "test" });
  await inOrg("POST", "/api/tenant/recharge", { method: "bank_transfer", amount: "25" });
  return { server, sid, tenantId, jobId };
}
