/** A measure's result against its target, as every bench table prints it. */
export const verdict = (ok: boolean): 'PASS' | 'MISS' => (ok ? 'PASS' : 'MISS');
