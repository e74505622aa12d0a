/**
 * Turns schema issues into field errors with a stable reason code. The server sends these in the
 * envelope; the forms use the same reasons, so one set of translations (validation.json) serves both.
 */
export interface FieldIssue {
  field: string;
  reason: string;
  params: Record<string, string | number>;
}

interface IssueLike {
  code: string;
  path: readonly PropertyKey[];
  message?: string;
  input?: unknown;
  minimum?: number | bigint;
  maximum?: number | bigint;
  format?: string;
  origin?: string;
}

export function fieldIssue(issue: IssueLike): FieldIssue {
  const field = issue.path.map(String).join(".") || "body";
  switch (issue.code) {
    case "invalid_type":
      return { field, reason: issue.input === undefined ? "required" : "invalid_type", params: {} };
    case "too_small":
      // A number out of its range is not "too short"; an empty text is a missing value.
      if (issue.origin === "number" || issue.origin === "bigint")
        return { field, reason: "out_of_range", params: {} };
      if (issue.origin === "string" && Number(issue.minimum) === 1)
        return { field, reason: "required", params: {} };
      // A list with too few entries is a choice to make, not a length of text.
      if (issue.origin === "array" || issue.origin === "set")
        return { field, reason: "too_few", params: { min: Number(issue.minimum) } };
      return { field, reason: "too_short", params: { min: Number(issue.minimum) } };
    case "too_big":
      if (issue.origin === "number" || issue.origin === "bigint")
        return { field, reason: "out_of_range", params: {} };
      return { field, reason: "too_long", params: { max: Number(issue.maximum) } };
    case "invalid_format":
      if (issue.format === "email") return { field, reason: "invalid_email", params: {} };
      return {
        field,
        reason: issue.message && /^[a-z_]+$/.test(issue.message) ? issue.message : "invalid_format",
        params: {},
      };
    case "invalid_value":
      return { field, reason: "invalid_value", params: {} };
    case "unrecognized_keys":
      return { field, reason: "unknown_field", params: {} };
    case "custom":
      return {
        field,
        reason: issue.message && /^[a-z_]+$/.test(issue.message) ? issue.message : "invalid",
        params: {},
      };
    default:
      return { field, reason: "invalid", params: {} };
  }
}
