import { API_KEY_IPS_MAX, apiKeyCreateBody } from "@nc/contracts/api-keys";
import { fieldIssue } from "@nc/contracts/validation";

/** One address or range the server would refuse, with its line in the box (1-based). */
export interface IpLineIssue {
  line: number;
  reason: string;
  params: Record<string, string | number>;
}

/** The shared schema of one entry, so the box says what the server would say. */
const entrySchema = apiKeyCreateBody.shape.ipAllowList.unwrap().element;

/** The non-empty lines of the allow-list box, trimmed, each with its line number. */
export function ipLines(text: string | undefined): { line: number; value: string }[] {
  return (text ?? "")
    .split(/\r?\n/)
    .map((value, index) => ({ line: index + 1, value: value.trim() }))
    .filter((entry) => entry.value !== "");
}

/** The first line the schema refuses, or "tooMany" past the limit; null when all is well. */
export function checkIpLines(text: string | undefined): IpLineIssue | "tooMany" | null {
  const lines = ipLines(text);
  if (lines.length > API_KEY_IPS_MAX) return "tooMany";
  for (const { line, value } of lines) {
    const result = entrySchema.safeParse(value);
    if (!result.success) {
      const issue = fieldIssue({ ...result.error.issues[0]!, input: value } as never);
      return { line, reason: issue.reason, params: issue.params };
    }
  }
  return null;
}
