/**
 * Clicks, then waits until `holds` says the click counted, clicking again when it did not (at most
 * `tries` times). On a loaded machine a click made while a list, a menu or a dialog is still
 * opening can land before the element takes it; the test then goes on from a state it did not
 * mean (an open list over the next control, a live key made instead of a test one).
 */
export async function clickUntil(
  click: () => Promise<void>,
  holds: () => Promise<boolean>,
  { tries = 3, waitMs = 5_000 }: { tries?: number; waitMs?: number } = {},
): Promise<void> {
  for (let attempt = 1; attempt <= tries; attempt++) {
    await click();
    for (const deadline = Date.now() + waitMs; Date.now() < deadline; ) {
      if (await holds()) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`a click did not count in ${tries} tries`);
}
