/**
 * The unit tests that replace modules (vi.mock): each runs in a module graph of its own (the
 * "unit-mocks" project of vitest.config.ts), as a mock may not take, or may leak, where files share
 * one. tooling/conventions.test.ts keeps this list whole.
 */
export const MOCKING_UNIT_TESTS = ["packages/features/src/shell/model/load-on-demand.test.ts"];
