/**
 * Whose job a read is for: the organisation's own (undefined) or, for partner staff, a customer's
 * ("partner", sent as ?scope=partner; the server checks the caller may).
 */
export type JobScope = "partner" | undefined;

export const scopeQuery = (scope: JobScope): Record<string, string> => (scope ? { scope } : {});
