import { launchBrowser } from "../e2e/helpers/browser.ts";

const base = process.argv[2]!;
const pages = process.argv.slice(3);
const browser = await launchBrowser();
for (const spec of pages) {
  const [path, mode, width, name] = spec.split(",");
  const context = await browser.newContext({
    viewport: { width: Number(width), height: 900 },
    colorScheme: mode as "dark" | "light",
  });
  await context.addCookies([{ name: "color_mode", value: mode!, url: base }]);
  const page = await context.newPage();
  await page.goto(base + path);
  await page.waitForTimeout(500);
  await page.screenshot({ path: `screenshots/${name}.png`, fullPage: false });
  await context.close();
}
await browser.close();
