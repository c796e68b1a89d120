import { describe, expect, it } from 'vitest';
import { withLeanHeap } from './lean-heap.js';

describe('lean heap', () => {
  it('hands back the work’s value and error, also when jobs overlap', async () => {
    const slow = withLeanHeap(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return 'first';
    });
    await expect(withLeanHeap(async () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    await expect(slow).resolves.toBe('first');
    await expect(withLeanHeap(async () => 42)).resolves.toBe(42);
  });
});
