import { createContext, useContext } from "react";

/**
 * The page's Content-Security-Policy nonce for its inline scripts (docs/security.md). The server
 * renders with the real value; in the browser the context stays empty, so hydrated <script> tags
 * match the DOM, where the browser hides the attribute's value.
 */
export const NonceContext = createContext("");

export const useNonce = () => useContext(NonceContext);
