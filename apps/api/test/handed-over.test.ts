import { describe, expect, it } from 'vitest';
import { handedOver } from '../src/platform/wiring/handed-over.js';

/** Issue 35: what one part of the server hands another at start-up (platform/wiring/handed-over.ts). */
describe('a value handed over at start-up', () => {
  it('is taken as given, and a later give replaces it', () => {
    const slot = handedOver<(n: number) => number>('nobody gave the doubler');
    slot.give((n) => n * 2);
    expect(slot.take()(21)).toBe(42);
    slot.give((n) => n * 3);
    expect(slot.take()(2)).toBe(6);
  });

  it('taken before it was given, throws the slot own message (a wiring mistake)', () => {
    const slot = handedOver<() => void>('the users module has not given platform/rbac its staff-user lookup');
    expect(() => slot.take()).toThrow('the users module has not given platform/rbac its staff-user lookup');
  });
});
