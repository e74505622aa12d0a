/** Device detection by user agent, as spec section 5 words it. */
export interface DeviceInfo {
  /** Phone or tablet. */
  mobileOrTablet: boolean;
  /** Phone only. */
  phone: boolean;
}

export function detectDevice(userAgent: string | null | undefined): DeviceInfo {
  const ua = userAgent ?? "";
  return {
    mobileOrTablet: /mobile|tablet|android|pad/i.test(ua),
    phone: /Mobi/.test(ua),
  };
}
