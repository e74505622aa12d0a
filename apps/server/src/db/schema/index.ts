// The drizzle schema handed to the client and to drizzle-kit; one file per area beside this one.
export * from "./audit";
export * from "./commerce";
export * from "./detection";
export * from "./integration";
export * from "./mail";
export * from "./money";
export * from "./partners";
export * from "./passkeys";
export * from "./sso";
export * from "./system";
export * from "./tenants";
export * from "./users";
