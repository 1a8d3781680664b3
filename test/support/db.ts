/**
 * Direct database set-ups for states the interface cannot reach yet (checkout, cancel and
 * participants have no endpoint here): used to give filters and shapes something to show.
 */
import { participants } from '../../src/main/db/schema.js';
import { newId } from '../../src/main/domain/ids.js';
import type { Services } from '../../src/main/services.js';

export function setOrderState(services: Services, orderId: string, status: string, paymentStatus: string): void {
  services.database.sqlite.prepare('update orders set status = ?, payment_status = ? where id = ?').run(status, paymentStatus, orderId);
}

/** Issues a participant for an order as checkout would, from the registration kept on the order. */
export function issueParticipant(services: Services, orderId: string): string {
  const order = services.database.sqlite
    .prepare(
      `select event_id, ticket_category_id, buyer_user_id, identity_number, customer_name, customer_email,
              customer_phone, customer_gender, customer_birth_date, form_data from orders where id = ?`,
    )
    .get(orderId) as Record<string, string>;
  const id = newId();
  services.database.db
    .insert(participants)
    .values({
      id,
      orderId,
      eventId: order.event_id!,
      ticketCategoryId: order.ticket_category_id!,
      userId: order.buyer_user_id!,
      ticketNumber: `TK-${id.slice(-8)}`,
      status: 'registered',
      identityNumber: order.identity_number!,
      name: order.customer_name!,
      email: order.customer_email!,
      phone: order.customer_phone!,
      gender: order.customer_gender as 'male' | 'female',
      birthDate: order.customer_birth_date!,
      formData: JSON.parse(order.form_data!),
      createdAt: services.clock(),
    })
    .run();
  return id;
}

export function countRows(services: Services, table: 'orders' | 'users' | 'order_items' | 'idempotency_keys'): number {
  return (services.database.sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
}
