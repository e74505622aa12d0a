/** The history's one-choice filters, each named in the catalogue under history:filters. */
export const SELECT_FILTERS = ["service", "status", "channel"] as const;
export type SelectFilter = (typeof SELECT_FILTERS)[number];
