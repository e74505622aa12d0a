/** One address a partner's site answers on: the host to show and the link to it (null: none to open). */
export interface SiteAddress {
  host: string;
  href: string | null;
}

/** PUBLIC_URL with another host name, or null when that is no host name of it (an IP address's sub-domain). */
function withHost(publicUrl: URL, hostname: string): string | null {
  const url = new URL(publicUrl);
  url.hostname = hostname;
  // The URL setter leaves a value that is not a host name of this address aside, silently.
  return url.hostname === hostname.toLowerCase() ? url.origin : null;
}

/**
 * The addresses a partner's site answers on, as the server picks a partner by host
 * (docs/operations.md, "Partners in the console"): its own domain first, then its sub-domain label on the
 * product's base domain, the host of PUBLIC_URL as the page has it (`publicUrl`, never the
 * console's own address, which may itself be a sub-domain such as app.example.com). Both take
 * PUBLIC_URL's scheme and port, as the server's links to a partner's domain do.
 */
export function siteAddresses(
  partner: { domain: string; subDomain: string },
  publicUrl: string,
): SiteAddress[] {
  const base = URL.canParse(publicUrl) ? new URL(publicUrl) : null;
  const at = (host: string): SiteAddress => ({ host, href: base && withHost(base, host) });
  const sub = partner.subDomain && base ? `${partner.subDomain}.${base.hostname}` : partner.subDomain;
  return [...(partner.domain ? [at(partner.domain)] : []), ...(sub ? [at(sub)] : [])];
}
