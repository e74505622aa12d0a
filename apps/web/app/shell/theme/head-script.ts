import { LOADING_BG_KEY } from "./color-mode";

/**
 * Runs in <head> before the first paint, only where the server could not know the scheme: the
 * "system" mode without the browser's colour hint, which the server marks by leaving out
 * `data-ssr-bg` (root.tsx). There it applies the system's dark mode and paints the saved
 * background, so a slow load shows the right colour, not a white flash. Everywhere else the
 * server has already written the class, the scheme and the background, and the script reads
 * nothing: `document.cookie` and the first `localStorage` access are each a synchronous call to
 * the browser, which on a busy phone holds the parser before the first paint
 * (docs/performance.md, "The head script reads nothing the server wrote").
 */
export const HEAD_SCRIPT = `(function(){try{var d=document.documentElement;if(d.dataset.ssrBg)return;var dark=window.matchMedia("(prefers-color-scheme: dark)").matches;d.classList.toggle("dark",dark);d.style.colorScheme=dark?"dark":"light";var bg=localStorage.getItem("${LOADING_BG_KEY}");if(bg)d.style.backgroundColor=bg;}catch(e){}})();`;
