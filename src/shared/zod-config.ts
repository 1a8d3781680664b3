/**
 * For the browser pages (the counter UI, the gate app): their Content-Security-Policy forbids eval,
 * which zod probes for (new Function) while each schema is built, unless told not to. Each page
 * imports this first, before any schema exists. Messages a schema does not word itself are in
 * Indonesian, as on the service.
 */
import { z } from 'zod';

z.config({ jitless: true, ...z.locales.id() });
