/** Global set-up of vitest: the built CLI the tests spawn is that of the sources. */
import { ensureBuilt } from './built-cli.js';

export default function buildBeforeTests(): void {
  ensureBuilt();
}
