import { describe, expect, it } from 'vitest';
import { importedOnFirstCall } from '../../lambdas/runtime/lazy.js';

type Greeter = { greet(name: string): Promise<string>; count(): Promise<number> };

describe('importedOnFirstCall (a use case loaded by its first call)', () => {
  it('loads nothing until a method is called, then loads once and answers as the loaded use case', async () => {
    let loads = 0;
    const greeter = importedOnFirstCall<Greeter>(
      async () => {
        loads++;
        let calls = 0;
        return { greet: async (name) => `Hello, ${name}` + '!'.repeat(++calls), count: async () => calls };
      },
      { greet: true, count: true },
    );
    expect(loads).toBe(0);
    expect(await Promise.all([greeter.greet('Zoe'), greeter.greet('Arlo')])).toEqual(['Hello, Zoe!', 'Hello, Arlo!!']);
    expect(await greeter.count()).toBe(2);
    expect(loads).toBe(1);
  });

  it('passes on a failed load to the caller, and tries again on the next call', async () => {
    let attempts = 0;
    const greeter = importedOnFirstCall<Pick<Greeter, 'greet'>>(
      async () => {
        if (++attempts === 1) throw new Error('chunk missing');
        return { greet: async (name) => `Hi ${name}` };
      },
      { greet: true },
    );
    await expect(greeter.greet('Mia')).rejects.toThrow('chunk missing');
    expect(await greeter.greet('Mia')).toBe('Hi Mia');
    expect(attempts).toBe(2);
  });
});
