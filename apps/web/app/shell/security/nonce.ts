import { createContext, useContext } from "react";

/**
 * The page's Content-Security-Policy nonce (docs/security.md). The server renders with the real
 * value; in the browser the context stays empty, so hydrated <script> tags match the DOM, where the
 * browser hides the attribute's value.
 */
export const NonceContext = createContext("");

export const useNonce = () => useContext(NonceContext);

let pageNonce: string | undefined;

/**
 * The nonce for <style> tags antd adds while the page runs: the server's value while rendering,
 * in the browser the one the page's own scripts carry (the property keeps what the attribute hides).
 */
export function useStyleNonce(): string {
  const nonce = useNonce();
  if (nonce || typeof document === "undefined") return nonce;
  pageNonce ??= document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";
  return pageNonce;
}
