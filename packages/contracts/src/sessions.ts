/**
 * A person's own sessions (docs/security.md, "Sessions"): what the profile's list shows. The id
 * names the session for signing it out; it is neither the cookie nor its digest.
 */
export type DeviceKind = "desktop" | "mobile" | "tablet";

export interface SessionView {
  id: string;
  /** The session this request came with. */
  current: boolean;
  /** Browser and system as read from the user agent, e.g. "Firefox 133" and "Windows"; null when unknown. */
  browser: string | null;
  os: string | null;
  device: DeviceKind | null;
  ip: string | null;
  /** Where, when known; no outside look-up service is asked, so it is null for now. */
  place: string | null;
  signedInAt: string;
  lastSeenAt: string;
}

export interface SessionList {
  sessions: SessionView[];
}
