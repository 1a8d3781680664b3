/**
 * Compile-fail checks of the counter UI's client: it calls only what the contract has, with the
 * contract's params and body, and reads the contract's answer. Typechecked with the UI, never run.
 */
import { api, file } from '../../src/renderer/src/api/client';
import { contract } from '../../src/shared/contract/index.js';

export async function calls() {
  const order = await api(contract.getOrder, { params: { idOrSlug: 'konser', orderId: 'x' } });
  // @ts-expect-error the answer's fields are the contract's
  void order.customerPhone;
  // @ts-expect-error a body the endpoint does not take
  await api(contract.cancelOrder, { params: { idOrSlug: 'konser', orderId: 'x' }, body: { why: 'x' } });
  // @ts-expect-error a list's page is not in `data`: call() answers it
  void (await api(contract.listOrders, { params: { idOrSlug: 'konser' } })).meta;
  // @ts-expect-error the invoice is a file, the order detail is not
  await file(contract.getOrder, { params: { idOrSlug: 'konser', orderId: 'x' } });
  // @ts-expect-error not an endpoint
  await api({ method: 'GET', path: '/orders' }, {});
}
