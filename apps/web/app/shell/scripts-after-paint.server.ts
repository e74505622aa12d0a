import { splitLocalePath } from "@nc/contracts/locales";
import { inlineJson } from "./inline-json";

/**
 * The part whose pages keep React Router's scripts as they are: the docs, whose API reference is
 * drawn by its scripts (its content is not in the HTML, so there is nothing to paint first).
 */
const LOADED_AT_ONCE = ["/docs"];

/**
 * Whether a page starts its scripts only after its first paint: the public pages a first visit
 * lands on (home, sign-in, sign-up, password reset, invitations, 404), the dashboard and the
 * operator console. Their content is complete in the HTML, so what a person first sees no longer
 * waits on the scripts, on a slow link the scripts do not share it with the HTML and the style
 * sheet, and the browser paints before hydration's long tasks begin (docs/performance.md, "Work
 * right after hydration, and scripts after the first paint", and "Signed-in pages painted before
 * their scripts").
 */
export function startsScriptsAfterPaint(pathname: string): boolean {
  const { rest } = splitLocalePath(pathname);
  return !LOADED_AT_ONCE.some((part) => rest === part || rest.startsWith(`${part}/`));
}

/** Each module preload link of React Router's <Scripts>, its address captured. */
const PRELOAD = /<link rel="modulepreload"[^>]*? href="([^"]+)"[^>]*?\/>/g;
/** React Router's module script: the route modules' imports, then hydration. */
const MODULE = /(<script nonce="[^"]*" type="module" async="">)([\s\S]*?)(<\/script>)/;

/**
 * How many module preload links the starter adds per task. Adding one costs the main thread one
 * to three milliseconds on this project's hosts (the request is set up at once), and a page has
 * 75–120. Eight per task were 50–70 ms tasks in Lighthouse's mobile simulation of /login on a slow
 * host; four per task were still 60–106 ms at the reference phone's slowdown on a fast host, each
 * counted as blocking time, and one per task is under 30 ms (docs/performance.md, "Less work
 * between the first paint and an interactive page" and "antd's work at hydration").
 */
const PRELOADS_PER_TASK = 1;

/**
 * Started at the end of <body>. Once the browser reports the first contentful paint (a paint
 * timing entry, dispatched once the frame is on screen), it runs the module script that the HTML
 * carried, then adds the preload links one per task. Without paint timing: after the second
 * frame has begun. In a hidden tab, where no frame comes, at once (also when the tab is hidden
 * before the paint); and 4 s after the start at the latest, whatever happened. A form sent before
 * the page is hydrated is held, and sent again once it is (window.__ncHeldSubmit,
 * shell/hydration/hydration-mark.ts).
 */
const STARTER = `(function(h,c,n){var d=document,w=window,done=0;function go(){if(done)return;done=1;
var s=d.createElement("script");s.type="module";s.nonce=n;s.textContent=c;d.body.appendChild(s);preload(0)}
function preload(i){h.slice(i,i+${PRELOADS_PER_TASK}).forEach(function(u){var l=d.createElement("link");l.rel="modulepreload";l.href=u;l.nonce=n;d.head.appendChild(l)});
if(h.length>i+${PRELOADS_PER_TASK})setTimeout(preload,0,i+${PRELOADS_PER_TASK})}
function later(){setTimeout(go,0)}
d.addEventListener("submit",function(e){if(!d.documentElement.hasAttribute("data-hydrated")){e.preventDefault();w.__ncHeldSubmit=e.target}},true);
if(d.visibilityState==="hidden")return go();
d.addEventListener("visibilitychange",function(){if(d.visibilityState==="hidden")go()});
setTimeout(go,4000);
try{var o=new PerformanceObserver(function(l){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();later()}});o.observe({type:"paint",buffered:true})}
catch(e){requestAnimationFrame(function(){requestAnimationFrame(later)})}})`;

/**
 * The page with its scripts started after the first contentful paint: the module preloads taken
 * out, the module script's element kept but emptied (React hydrates the document and expects it there), and
 * the starter added before </body>. A page not shaped as React Router writes it is left as it is.
 */
export function scriptsAfterPaint(html: string, nonce: string): string {
  const hrefs: string[] = [];
  const withoutPreloads = html.replace(PRELOAD, (_, href: string) => {
    hrefs.push(href);
    return "";
  });
  const module = MODULE.exec(withoutPreloads);
  // The last </body>: an earlier one could sit inside the page's data.
  const end = withoutPreloads.lastIndexOf("</body>");
  if (!module || end < module.index) return html;
  const [whole, open, code, close] = module;
  const starter = `<script nonce="${nonce}">${STARTER}(${inlineJson(hrefs)},${inlineJson(code)},${inlineJson(nonce)})</script>`;
  return (
    withoutPreloads.slice(0, module.index) +
    open +
    close +
    withoutPreloads.slice(module.index + whole.length, end) +
    starter +
    withoutPreloads.slice(end)
  );
}
