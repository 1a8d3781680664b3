/**
 * The gate page's Content-Security-Policy forbids eval, which zod probes for (new Function) as each
 * schema is built unless told not to: imported first, before any schema exists. Messages a schema
 * does not word itself are in Indonesian, like every word on a steward's screen.
 */
import { z } from 'zod';

z.config({ jitless: true, ...z.locales.id() });
