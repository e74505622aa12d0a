/** A UUID as text (any version, either case): the ids of rows, in paths, headers and queries. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether the text is a UUID, checked before it reaches the database, where a malformed uuid would
 * fail the statement instead of answering "no such row".
 */
export const isUuid = (text: string): boolean => UUID.test(text);
