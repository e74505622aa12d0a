import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_COOKIE,
  type Locale,
  localeFromAcceptLanguage,
} from "@nc/contracts/locales";
import type { FastifyRequest } from "fastify";

/** The language of the request's messages: the page's own (header), then the cookie, then the browser. */
export function requestLocale(request: FastifyRequest): Locale {
  const header = request.headers["x-locale"];
  if (isLocale(header)) return header;
  const cookie = request.cookies?.[LOCALE_COOKIE];
  if (isLocale(cookie)) return cookie;
  return localeFromAcceptLanguage(request.headers["accept-language"]) ?? DEFAULT_LOCALE;
}
