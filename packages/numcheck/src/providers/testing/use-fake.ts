import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import type { FakeUpstream } from "./fake-upstream";

/**
 * Runs `fake` for the test file: started once, reset before each test, and checked after each one
 * (an answer or a request off the contract fails that test). `baseUrl` is set once it listens.
 */
export function useFake(fake: FakeUpstream): { readonly baseUrl: string } {
  const state = { baseUrl: "" };
  beforeAll(async () => {
    state.baseUrl = await fake.start();
  });
  afterAll(() => fake.stop());
  beforeEach(() => fake.reset());
  afterEach(() => fake.assertClean());
  return state;
}
