/** Device detection by user agent, as docs/architecture.md, "What a person meets first" describes it. */
export interface DeviceInfo {
  /** Phone or tablet. */
  mobileOrTablet: boolean;
  /** Phone only. */
  phone: boolean;
}

export function detectDevice(userAgent: string | null | undefined): DeviceInfo {
  const ua = userAgent ?? "";
  const phone = /Mobi/.test(ua);
  // A phone is also "phone or tablet", even when only "Mobi" names it (e.g. "Opera Mobi").
  return { mobileOrTablet: phone || /mobile|tablet|android|pad/i.test(ua), phone };
}
