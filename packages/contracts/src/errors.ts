/**
 * The error catalogue: every non-zero envelope code with its HTTP status and message key.
 * Message texts live in locales/<lang>/errors.json under the same key.
 */
export const ERRORS = {
  validation: { code: 40001, status: 400 },
  captchaRequired: { code: 40002, status: 400 },
  captchaInvalid: { code: 40003, status: 400 },
  codeInvalid: { code: 40004, status: 400 },
  credentialsInvalid: { code: 40010, status: 400 },
  passwordWeak: { code: 40011, status: 400 },
  passwordWrong: { code: 40012, status: 400 },
  emailUnchanged: { code: 40013, status: 400 },
  badRequest: { code: 40014, status: 400 },
  // Two-factor sign-in (docs/security.md, "Two-factor sign-in"): 40016-40017, 40913-40914, 42911.
  twoFactorCodeInvalid: { code: 40016, status: 400 },
  twoFactorPendingInvalid: { code: 40017, status: 400 },
  twoFactorAlreadyOn: { code: 40913, status: 409 },
  twoFactorNotOn: { code: 40914, status: 409 },
  unsupportedMediaType: { code: 40015, status: 415 },
  // Passkeys (docs/security.md, "Passkeys"): 40018-40019, 40061-40062, 40330.
  passkeyChallengeInvalid: { code: 40018, status: 400 },
  passkeyInvalid: { code: 40019, status: 400 },
  passkeyLimit: { code: 40061, status: 400 },
  passkeyNone: { code: 40062, status: 400 },
  passkeyCloned: { code: 40330, status: 403 },
  tenantLimitReached: { code: 40020, status: 400 },
  lastOwner: { code: 40021, status: 400 },
  builtInRole: { code: 40022, status: 400 },
  roleInUse: { code: 40023, status: 400 },
  ownerOnly: { code: 40024, status: 403 },
  inviteInvalid: { code: 40025, status: 400 },
  inviteEmailMismatch: { code: 40026, status: 400 },
  alreadyMember: { code: 40027, status: 400 },
  rechargeMethodUnavailable: { code: 40028, status: 400 },
  priceNotSet: { code: 40040, status: 400 },
  jobTooManyRows: { code: 40041, status: 400 },
  jobLimitReached: { code: 40042, status: 400 },
  fileTooLarge: { code: 40043, status: 413 },
  fileEmpty: { code: 40044, status: 400 },
  fileTypeUnsupported: { code: 40045, status: 415 },
  fileTypeMismatch: { code: 40046, status: 400 },
  fileEncodingBroken: { code: 40047, status: 400 },
  fileCorrupt: { code: 40048, status: 400 },
  fileExpandsTooMuch: { code: 40049, status: 400 },
  fileColumnMissing: { code: 40050, status: 400 },
  fileMostlyJunk: { code: 40057, status: 400 },
  // Bounds on what an upload expands to (docs/security.md, "Uploads").
  fileRowTooLarge: { code: 40058, status: 400 },
  fileTooComplex: { code: 40059, status: 400 },
  fileReadTooSlow: { code: 40060, status: 400 },
  // A credit that would take a balance past BALANCE_MAX_MICROS (docs/security.md, "Input bounds").
  balanceCeiling: { code: 40070, status: 400 },
  fraudListFull: { code: 40051, status: 400 },
  apiKeyLimit: { code: 40052, status: 400 },
  idempotencyKeyInvalid: { code: 40053, status: 400 },
  webhookLimit: { code: 40054, status: 400 },
  webhookTargetForbidden: { code: 40055, status: 400 },
  usageRangeTooLong: { code: 40056, status: 400 },
  idempotencyKeyReused: { code: 42200, status: 422 },
  jobNotDraft: { code: 40904, status: 409 },
  jobNotSubmitted: { code: 40905, status: 409 },
  apiKeyClosed: { code: 40906, status: 409 },
  idempotencyInProgress: { code: 40907, status: 409 },
  jobNotFinished: { code: 40908, status: 409 },
  jobNoFailedRows: { code: 40909, status: 409 },
  // 4003x travel with HTTP 200: the spec's client reads them from a successful answer.
  noActiveTenant: { code: 40035, status: 200 },
  notTenantMember: { code: 40036, status: 200 },
  tenantSuspended: { code: 40037, status: 200 },
  tenantRemoved: { code: 40038, status: 200 },
  // An organisation waiting to be deleted: only its owners may restore or export it.
  tenantPendingDeletion: { code: 40081, status: 200 },
  // The organisation requires two-factor sign-in and the member has not set it up (docs/security.md,
  // "Two-factor sign-in for every member"): only leaving is open until they do.
  tenantRequiresTwoFactor: { code: 40082, status: 200 },
  twoFactorNeededToRequire: { code: 40083, status: 400 },
  // Single sign-on (docs/security.md, "Single sign-on"): 40090-40098. 40090 travels with HTTP 200
  // like 40082: the organisation requires its single sign-on of this member's e-mail domain.
  tenantRequiresSso: { code: 40090, status: 200 },
  ssoUnavailable: { code: 40091, status: 400 },
  ssoFailed: { code: 40092, status: 400 },
  ssoEmailUnverified: { code: 40093, status: 400 },
  ssoDomainTaken: { code: 40094, status: 409 },
  ssoDomainNotProven: { code: 40095, status: 400 },
  ssoIssuerUnreachable: { code: 40096, status: 400 },
  ssoNotConfigured: { code: 40097, status: 400 },
  ssoSignInFirst: { code: 40098, status: 400 },
  sessionInvalid: { code: 40099, status: 401 },
  apiKeyMissing: { code: 40100, status: 401 },
  apiKeyInvalid: { code: 40101, status: 401 },
  apiKeyInQuery: { code: 40102, status: 401 },
  insufficientBalance: { code: 40200, status: 402 },
  // An API key's daily or monthly spend limit (docs/api.md, "Spend limits"), not the balance.
  apiKeySpendLimit: { code: 40201, status: 402 },
  forbidden: { code: 40300, status: 403 },
  // Rights inside an organisation (docs/security.md, roles and rights): 40310-40319.
  grantBeyondOwnRights: { code: 40310, status: 403 },
  ownRoleLocked: { code: 40311, status: 403 },
  apiKeyCreatorLacksRight: { code: 40312, status: 403 },
  apiKeyScopeLapsed: { code: 40313, status: 403 },
  invitationInviterLacksRight: { code: 40314, status: 403 },
  apiKeyCreatorWithoutTwoFactor: { code: 40315, status: 403 },
  // A fresh second factor (or the password) for what matters (docs/security.md, "Step-up").
  stepUpRequired: { code: 40340, status: 403 },
  // Hosts and cross-site requests (docs/security.md, hosts, links, headers): 40320-40329.
  crossSiteRequest: { code: 40320, status: 403 },
  hostInvalid: { code: 40321, status: 400 },
  // Privacy controls (docs/security.md, privacy: export and deletion): 40080-40089, 40910-40919.
  accountOwnsTenants: { code: 40080, status: 400 },
  tenantBalanceRemains: { code: 40910, status: 409 },
  tenantJobsRunning: { code: 40911, status: 409 },
  tenantNotPendingDeletion: { code: 40912, status: 409 },
  notFound: { code: 40400, status: 404 },
  idempotencyConflict: { code: 40900, status: 409 },
  reservationClosed: { code: 40901, status: 409 },
  rechargeNotPending: { code: 40902, status: 409 },
  jobClosed: { code: 40903, status: 409 },
  payloadTooLarge: { code: 41300, status: 413 },
  rateLimited: { code: 42900, status: 429 },
  uploadsBusy: { code: 42901, status: 429 },
  // Sign-in limits (docs/security.md, sign-in, codes and lockout): 42910-42919.
  signInThrottled: { code: 42910, status: 429 },
  twoFactorTriesUsed: { code: 42911, status: 429 },
  internal: { code: 50000, status: 500 },
  lookupFailed: { code: 50200, status: 502 },
  unavailable: { code: 50300, status: 503 },
} as const satisfies Record<string, { code: number; status: number }>;

export type ErrorKey = keyof typeof ERRORS;

export const ERROR_KEYS = Object.keys(ERRORS) as ErrorKey[];

/** Codes that send the browser to tenant selection (docs/architecture.md, "Decisions and why"). */
export const TENANT_SELECTION_CODES: readonly number[] = [40035, 40036, 40037, 40038, 40081, 40082, 40090];
export const SESSION_INVALID_CODE = ERRORS.sessionInvalid.code;

export function errorKeyForCode(code: number): ErrorKey | undefined {
  return ERROR_KEYS.find((key) => ERRORS[key].code === code);
}
