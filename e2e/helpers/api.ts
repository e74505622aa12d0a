import type { RunningServer } from "./server";

/** Calls the dashboard API as a signed-in user (and inside an organisation when given); returns data. */
export async function apiCall<T>(
  server: RunningServer,
  sid: string,
  method: "GET" | "POST" | "DELETE",
  path: string,
  body?: object,
  tenantId?: string,
): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      cookie: `sid=${sid}`,
      ...(tenantId ? { "x-tenant-id": tenantId } : {}),
      ...(body ? { "content-type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const envelope = (await res.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 0) throw new Error(`${method} ${path}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

/** The accept link of the last invitation e-mailed to an address, moved onto the test server's origin. */
export async function waitForInviteLink(
  server: RunningServer,
  email: string,
): Promise<{ url: string; token: string }> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const line = server
      .output()
      .split("\n")
      .filter((l) => l.includes("local outbox") && l.includes(email))
      .at(-1);
    const match = line
      ? /(https?:\/\/\S+\/accept-invite\?token=[^\s&]+)/.exec(JSON.parse(line).outbox.text)
      : null;
    if (match) {
      const link = new URL(match[1]!);
      return { url: `${server.url}${link.pathname}${link.search}`, token: link.searchParams.get("token")! };
    }
    if (Date.now() > deadline) throw new Error(`no invitation e-mailed to ${email}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
