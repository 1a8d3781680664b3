/**
 * The page's Content-Security-Policy forbids eval. zod probes for it (new Function) while each
 * schema is built, unless told not to: this module is imported first, before any schema exists.
 * Messages a schema does not word itself are in Indonesian, as on the service.
 */
import { z } from 'zod';

z.config({ jitless: true, ...z.locales.id() });
