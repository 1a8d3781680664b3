/**
 * Invoice PDFs over HTTP, for paid orders (the heavier invoice: it draws a QR code per ticket):
 * per layout, sequential requests on one keep-alive connection timed in this process, then a few
 * concurrent connections with autocannon, cycling over many orders.
 */
import { measureSequential, type LatencyFigures } from './latency.js';
import { runLoad, type LoadFigures } from './load.js';

export const LAYOUTS = ['a4', 'receipt'] as const;
export type Layout = (typeof LAYOUTS)[number];

export interface InvoiceFigures {
  layout: Layout;
  sequential: LatencyFigures;
  concurrent: LoadFigures;
}

export interface InvoiceOptions {
  requests: number;
  warmup: number;
  budgetMs: number;
  connections: number;
  durationSeconds: number;
}

const invoicePath = (eventId: string, orderId: string, layout: Layout) => `/events/${eventId}/admin/orders/${orderId}/invoice?layout=${layout}`;

export async function measureInvoices(
  serverUrl: string,
  headers: Record<string, string>,
  eventId: string,
  orderIds: string[],
  options: InvoiceOptions,
  log: (line: string) => void,
): Promise<InvoiceFigures[]> {
  if (orderIds.length === 0) throw new Error('no paid orders to print invoices for');
  const figures: InvoiceFigures[] = [];
  for (const layout of LAYOUTS) {
    log(`invoice ${layout}: ${options.requests} sequential requests after ${options.warmup} untimed`);
    const url = new URL(invoicePath(eventId, orderIds[0]!, layout), serverUrl);
    const sequential = await measureSequential(url, headers, {
      count: options.requests,
      warmup: options.warmup,
      budgetMs: options.budgetMs,
      contentType: 'application/pdf',
    });

    log(`invoice ${layout}: ${options.durationSeconds} s with ${options.connections} connections`);
    let next = 0;
    const concurrent = await runLoad(
      { url: serverUrl, method: 'GET', headers, path: () => invoicePath(eventId, orderIds[next++ % orderIds.length]!, layout) },
      options.connections,
      options.durationSeconds,
    );
    figures.push({ layout, sequential, concurrent });
  }
  return figures;
}
