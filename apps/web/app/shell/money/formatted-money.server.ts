import { AsyncLocalStorage } from "node:async_hooks";
import { observeFormattedMoney } from "@nc/contracts/money";
import { inlineJson } from "../inline-json";
import { FORMATTED_MONEY_GLOBAL } from "./formatted-money";

/**
 * The amounts one page's rendering formatted. A page of a hundred rows has a few hundred at most;
 * past this bound the rest are simply formatted again in the browser.
 */
const MAX_AMOUNTS = 500;

const page = new AsyncLocalStorage<Map<string, string>>();
observeFormattedMoney((key, text) => {
  const amounts = page.getStore();
  if (amounts && amounts.size < MAX_AMOUNTS) amounts.set(key, text);
});

/** Runs a page's rendering and returns, with its result, every amount it formatted. */
export async function recordingFormattedMoney<T>(render: () => Promise<T>) {
  const amounts = new Map<string, string>();
  const result = await page.run(amounts, render);
  return { result, amounts };
}

/**
 * The script that hands the browser those amounts (shell/money/formatted-money.ts reads it before
 * hydration); nothing when the page formatted none.
 */
export function formattedMoneyScript(amounts: Map<string, string>, nonce: string): string {
  if (amounts.size === 0) return "";
  return `<script nonce="${nonce}">window.${FORMATTED_MONEY_GLOBAL}=${inlineJson(Object.fromEntries(amounts))}</script>`;
}
