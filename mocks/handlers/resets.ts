/**
 * Stateful mocks (a campaign paused, a group joined) register here how to go back to their start:
 * `.storybook/preview.tsx` resets them all before every story, so no story inherits another's state.
 */
const resets = new Set<() => void>();

export function registerMockReset(reset: () => void): void {
  resets.add(reset);
}

export function resetMockStores(): void {
  resets.forEach((reset) => reset());
}
