/**
 * Logging in costs the same whatever the e-mail, and holds up nothing beside it: checking a
 * password, an operator's or one against an e-mail nobody has (then a hash of no one's), is scrypt
 * in libuv's thread pool. So its timing does not tell which e-mails are operators', and forty wrong
 * logins at once do not stall the event loop (what that costs in time is measured by `npm run
 * bench`, not asserted here). Seen through async_hooks, without timing anything: every check starts
 * a scrypt job, and every scrypt job it starts completes as a callback, off the event loop (a
 * synchronous scrypt runs its job to its end on the spot: no callback ever fires for it).
 */
import { createHook } from 'node:async_hooks';
import { describe, expect, it } from 'vitest';
import { PASSWORD, makeCaller } from '../support/fixtures.js';
import { useHarness } from '../support/harness.js';
import { world } from '../support/world.js';

/** The scrypt jobs `run` starts, and how many of them finished by a callback (in the thread pool). */
async function scryptJobsOf<T>(run: () => Promise<T>): Promise<{ started: number; offTheLoop: number; result: T }> {
  const started = new Set<number>();
  const offTheLoop = new Set<number>();
  const hook = createHook({
    init: (id, type) => void (type === 'SCRYPTREQUEST' && started.add(id)),
    before: (id) => void (started.has(id) && offTheLoop.add(id)),
  }).enable();
  try {
    const result = await run();
    return { started: started.size, offTheLoop: offTheLoop.size, result };
  } finally {
    hook.disable();
  }
}

describe('checking a password', () => {
  const harness = useHarness();

  it('is scrypt off the event loop for every e-mail alike: an operator’s, a customer’s, one nobody has', async () => {
    const h = harness();
    const cashier = makeCaller(h.services, 'staff');
    const customer = h.services.users.findById((await world(h).createOrder()).createdUserId)!;
    const checks: [string, string, string][] = [
      ['an unknown e-mail', 'tidak-ada@contoh.id', 'bukan-sandinya'],
      ['the right password', cashier.user.email, PASSWORD],
      ['a wrong password', cashier.user.email, 'bukan-sandinya'],
      ["a customer's e-mail", customer.email, 'bukan-sandinya'],
    ];
    for (const [what, email, password] of checks) {
      const { started, offTheLoop, result } = await scryptJobsOf(() => h.services.users.authenticate(email, password));
      expect({ what, someScrypt: started > 0, allOffTheLoop: offTheLoop === started }).toEqual({ what, someScrypt: true, allOffTheLoop: true });
      expect(result?.id).toBe(what === 'the right password' ? cashier.user.id : undefined);
    }
  });
});
