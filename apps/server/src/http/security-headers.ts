import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { servedOverHttps } from "./public-url";

/** A fresh value per page for its inline scripts (Content-Security-Policy nonce). */
export function newNonce(): string {
  return randomBytes(18).toString("base64");
}

/**
 * The policy of a rendered page (docs/security.md). Scripts: our own files and the inline ones the
 * renderer marks with this page's nonce (the colour-mode head script, React Router's context, module
 * entry and scroll restoration). Styles may be inline: antd writes <style> tags while the page runs
 * and the API reference viewer injects its own without any nonce, and since pages change without a
 * reload one policy has to serve all of them; a style cannot run code. The captcha's Web Worker is
 * a file of ours ('self'); partners' logos may be any https image. In development Vite injects
 * scripts and a WebSocket of its own without a nonce, so the policy there is relaxed (pages in
 * development are never public).
 */
export function pagePolicy(nonce: string, mode: "production" | "development"): string {
  const production = mode === "production";
  const directives = [
    "default-src 'self'",
    production ? `script-src 'self' 'nonce-${nonce}'` : "script-src 'self' 'unsafe-inline' 'unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    production ? "connect-src 'self'" : "connect-src 'self' ws: wss:",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ];
  return directives.join("; ");
}

/** API answers are data, never documents: nothing may load or run in them. */
const API_POLICY = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Powerful browser features the product never uses, switched off for every page. */
const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "payment=()",
  "usb=()",
].join(", ");

/** One year, as OWASP ASVS asks; the preload list is the operator's decision. */
const HSTS_MAX_AGE = 31_536_000;

/**
 * Headers every answer carries: no sniffing, no framing by other sites, no referrer leaks, no
 * powerful features; HSTS once the site is served over https; the API's own policy (a page's
 * policy is set by the renderer with its nonce).
 */
export function securityHeaders(app: FastifyInstance) {
  const { HSTS_INCLUDE_SUBDOMAINS } = app.httpServices.config;
  const hsts = `max-age=${HSTS_MAX_AGE}${HSTS_INCLUDE_SUBDOMAINS ? "; includeSubDomains" : ""}`;
  app.addHook("onSend", async (request, reply) => {
    reply.header("X-Content-Type-Options", "nosniff");
    reply.header("Referrer-Policy", "strict-origin-when-cross-origin");
    reply.header("X-Frame-Options", "SAMEORIGIN");
    reply.header("Permissions-Policy", PERMISSIONS_POLICY);
    if (servedOverHttps(app, request)) reply.header("Strict-Transport-Security", hsts);
    if (request.url.startsWith("/api/")) {
      reply.header("Cache-Control", "no-store");
      reply.header("Content-Security-Policy", API_POLICY);
    }
  });
}
