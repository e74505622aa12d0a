import { describe, expect, it } from "vitest";
import { scriptsAfterPaint, startsScriptsAfterPaint } from "./scripts-after-paint.server";

const NONCE = "n0nce";
/** A page as React Router's <Scripts> writes it: preloads in <head>, then the module and the loader data. */
const PAGE = [
  "<!DOCTYPE html><html><head>",
  `<link rel="modulepreload" fetchpriority="low" href="/assets/entry.client-A.js" nonce="${NONCE}"/>`,
  `<link rel="modulepreload" href="/assets/root-B.js" nonce="${NONCE}"/>`,
  "</head><body><main>Sign in</main>",
  `<script nonce="${NONCE}">window.__reactRouterContext = {};</script>`,
  `<script nonce="${NONCE}" type="module" async="">import "/assets/manifest-C.js";\nimport("/assets/entry.client-A.js");</script>`,
  `<script nonce="${NONCE}">window.__reactRouterContext.streamController.enqueue("[]");</script>`,
  "</body></html>",
].join("");

describe("scripts after the first paint", () => {
  it("takes the preloads out, empties the module script and starts both from the end of <body>", () => {
    const html = scriptsAfterPaint(PAGE, NONCE);
    expect(html).not.toMatch(/<link[^>]*modulepreload/);
    expect(html).toContain(`<script nonce="${NONCE}" type="module" async=""></script>`);
    // The starter comes last in <body>, after the loader data, and carries what it took out.
    const starter = html.slice(html.lastIndexOf(`<script nonce="${NONCE}">(function(h,c,n)`));
    expect(starter.endsWith("</script></body></html>")).toBe(true);
    expect(starter).toContain('["/assets/entry.client-A.js","/assets/root-B.js"]');
    expect(starter).toContain(
      JSON.stringify('import "/assets/manifest-C.js";\nimport("/assets/entry.client-A.js");'),
    );
    expect(starter).toContain(`,${JSON.stringify(NONCE)})`);
    // The page before the module script is untouched.
    expect(html.startsWith("<!DOCTYPE html><html><head></head><body><main>Sign in</main>")).toBe(true);
  });

  it("runs the module script first, then adds the preloads one per task", () => {
    const hrefs = Array.from({ length: 20 }, (_, i) => `/assets/m${i}.js`);
    const links = hrefs.map((href) => `<link rel="modulepreload" href="${href}" nonce="${NONCE}"/>`).join("");
    const html = scriptsAfterPaint(PAGE.replace(/(<link[^>]*\/>)+/, links), NONCE);
    const code = html.slice(html.lastIndexOf("(function(h,c,n)"), html.lastIndexOf("</script>"));
    // A hidden tab starts at once; timers are queued here and run one task at a time.
    const added: string[] = [];
    const timers: Array<() => void> = [];
    const element = (tag: string) => ({ tag, rel: "", href: "", type: "", textContent: "", nonce: "" });
    const append = (node: ReturnType<typeof element>) =>
      added.push(node.tag === "link" ? node.href : "module");
    const document = {
      visibilityState: "hidden",
      addEventListener: () => {},
      createElement: element,
      head: { appendChild: append },
      body: { appendChild: append },
      documentElement: { hasAttribute: () => false },
    };
    const setTimeout = (fn: (arg: unknown) => void, _ms: number, arg?: unknown) => timers.push(() => fn(arg));
    new Function("document", "window", "setTimeout", code)(document, {}, setTimeout);
    expect(added).toEqual(["module", hrefs[0]]);
    for (let task = 2; task <= hrefs.length; task += 1) {
      timers.shift()?.();
      expect(added).toHaveLength(1 + task);
    }
    expect(added).toEqual(["module", ...hrefs]);
    expect(timers).toHaveLength(0);
  });

  it('escapes every "<" it writes into the starter, so nothing in it can open or close a tag', () => {
    const page = PAGE.replace(
      'import("/assets/entry.client-A.js");',
      'import("/assets/x.js"); if (a<b) {} // <!--',
    );
    const html = scriptsAfterPaint(page, NONCE);
    const starter = html.slice(html.lastIndexOf("(function(h,c,n)"), html.lastIndexOf("</script>"));
    expect(starter).not.toContain("<");
    expect(starter).toContain("if (a\\u003cb) {} // \\u003c!--");
  });

  it("leaves a page without React Router's module script as it is", () => {
    const page = "<html><body><h1>Error</h1></body></html>";
    expect(scriptsAfterPaint(page, NONCE)).toBe(page);
  });

  it("applies to the public pages, the dashboard and the console, not to the docs, in any language", () => {
    for (const path of [
      "/",
      "/login",
      "/zh-Hans/register",
      "/es/forget-password",
      "/accept-invite",
      "/no/such",
      "/dashboard",
      "/dashboard/detection",
      "/pt/operator/users",
      "/operator",
    ])
      expect(startsScriptsAfterPaint(path), path).toBe(true);
    for (const path of ["/docs", "/zh-Hans/docs/api", "/es/docs/guides/quick-start"])
      expect(startsScriptsAfterPaint(path), path).toBe(false);
  });
});
