import { COLOR_MODE_COOKIE } from "@nc/contracts/site";
import { LOADING_BG_KEY } from "./color-mode";

/**
 * Runs in <head> before the first paint: applies "system" dark mode when the server could not know
 * it, and paints the saved background so a slow load shows the right colour, not a white flash.
 */
export const HEAD_SCRIPT = `(function(){try{var d=document.documentElement;var m=(document.cookie.match(/(?:^|; )${COLOR_MODE_COOKIE}=([^;]+)/)||[])[1]||"system";if(m==="system"){var dark=window.matchMedia("(prefers-color-scheme: dark)").matches;d.classList.toggle("dark",dark);d.style.colorScheme=dark?"dark":"light";}var bg=localStorage.getItem("${LOADING_BG_KEY}");if(bg&&!d.dataset.ssrBg)d.style.backgroundColor=bg;}catch(e){}})();`;
