/**
 * The query the profile page adds to the sign-in page after the account's deletion began: the
 * moment it goes for good. Its own module, so the sign-in page can test for it without loading
 * the notice (docs/performance.md, "Page weight").
 */
export const ACCOUNT_DELETED_PARAM = "deleted";
