/** Before the end-to-end tests: the build they run is that of the sources, and the run's demo data dir. */
import { ensureBuilt } from '../../support/built-cli.js';
import { makeDemoTemplate } from './demo-data.js';

export default async function globalSetup(): Promise<() => void> {
  ensureBuilt();
  return makeDemoTemplate();
}
