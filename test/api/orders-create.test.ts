/** POST /events/{idOrSlug}/admin/orders: the creation form, the customer user, the 400/404/409 rules. */
import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../support/envelope.js';
import { importEvent, makeUser, orderBody, ordersPath, registration, ticketInput, ticketsPath } from '../support/fixtures.js';
import { useHarness } from '../support/harness.js';
import { ORDER_CREATED, expectShape } from '../support/shapes.js';
import { statementsDuring } from '../support/statements.js';
import { world } from '../support/world.js';

describe('POST /events/{idOrSlug}/admin/orders', () => {
  const harness = useHarness();

  describe('creation form', () => {
    it('returns every field typed: payment_pending, unpaid, no participants, a new customer user', async () => {
      const w = world(harness());
      const body = orderBody(w.event);
      const reply = await w.postOrder(body);
      const order = expectOk(reply, 201);
      expectShape(order, ORDER_CREATED);
      expect(order).toMatchObject({
        eventId: w.event.id,
        eventName: w.event.name,
        eventLocation: w.event.location,
        eventMapsLink: w.event.mapsLink,
        organizerName: w.organizer.user.name,
        status: 'payment_pending',
        paymentStatus: 'unpaid',
        totalAmount: '150000.00',
        participants: [],
        isExistingUser: false,
      });
      expect(order.buyerUserId).toBe(order.createdUserId);
      expect(order.generatedPassword).toMatch(/^\S{12,}$/);
      expect(Date.parse(order.eventStartAt)).toBe(Date.parse(w.event.startAt));
      expect(order.createdAt).toMatch(/\+07:00$/);
      const customer = harness().services.users.findById(order.createdUserId);
      expect(customer).toMatchObject({ role: 'customer', email: body.registration.email, name: body.registration.name });
    });

    it('matches an existing user by e-mail, case-insensitively: no new user, no password', async () => {
      const w = world(harness());
      const first = await w.createOrder({ registration: { email: 'Siti.Rahma@Example.COM' } });
      const again = await w.createOrder({ registration: { email: 'siti.rahma@example.com' } });
      expect(again).toMatchObject({ isExistingUser: true, generatedPassword: null, createdUserId: first.createdUserId });
      expect(again.buyerUserId).toBe(first.createdUserId);
      const operator = makeUser(harness().services, 'staff');
      const own = await w.createOrder({ registration: { email: operator.email.toUpperCase() } });
      expect(own).toMatchObject({ isExistingUser: true, generatedPassword: null, createdUserId: operator.id });
    });

    it('adds the fee to the total only when the customer bears it', async () => {
      const h = harness();
      const w = world(h, { feeBearer: 'customer', feeRateBp: 250, feeFlat: '1000.50' });
      expect((await w.createOrder()).totalAmount).toBe('154750.50');
      const absorbed = importEvent(h.services, w.organizer.user, { feeBearer: 'organizer', feeRateBp: 250 });
      expect((await w.createOrder({}, absorbed)).totalAmount).toBe('150000.00');
    });

    it('accepts the event slug in the path', async () => {
      const w = world(harness());
      const order = expectOk(await w.postOrder(orderBody(w.event), { idOrSlug: w.event.slug }), 201);
      expect(order.eventId).toBe(w.event.id);
    });

    it('accepts formData objects, nested ones included', async () => {
      const w = world(harness());
      const formData = { tshirt: 'L', emergency: { name: 'Ibu', phone: '+628111111111' }, tags: ['a', 1, null] };
      expectOk(await w.postOrder(orderBody(w.event, { registration: { formData } })), 201);
    });
  });

  describe('registration rules: 400 VALIDATION_FAILED naming the field', () => {
    const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const invalid: [string, () => unknown][] = [
      ['name', () => ''],
      ['name', () => '   '],
      ['name', () => 'x'.repeat(101)],
      ['name', () => 42],
      ['email', () => 'not-an-email'],
      ['email', () => 'someone@'],
      ['email', () => ''],
      ['phone', () => '081234567890'],
      ['phone', () => '+0812345678'],
      ['phone', () => '+62 812 3456 7890'],
      ['phone', () => '+1234567'],
      ['phone', () => '+1234567890123456'],
      ['gender', () => 'Male'],
      ['gender', () => 'other'],
      ['gender', () => ''],
      ['birthDate', () => '1990-02-30'],
      ['birthDate', () => '1990-13-01'],
      ['birthDate', () => '17-05-1990'],
      ['birthDate', () => '1990-5-17'],
      ['birthDate', () => '1990-05-17T00:00:00Z'],
      ['birthDate', tomorrow],
      ['birthDate', () => '2999-01-01'],
      ['birthDate', () => '1899-12-31'],
      ['identityNumber', () => '317100000000000'],
      ['identityNumber', () => '31710000000000001'],
      ['identityNumber', () => '317100000000000A'],
      ['identityNumber', () => '3171 0000 0000 00'],
      ['identityNumber', () => 3171000000000001],
      ['formData', () => []],
      ['formData', () => 'text'],
      ['formData', () => null],
    ];
    it.each(invalid)('registration.%s = %o', async (field, value) => {
      const w = world(harness());
      const body = orderBody(w.event, { registration: { [field]: value() } });
      const error = expectError(await w.postOrder(body), 400, 'VALIDATION_FAILED');
      expect(error.details?.map((d) => d.field)).toContain(`registration.${field}`);
      expect(error.details?.every((d) => d.message.length > 0)).toBe(true);
    });

    it.each(['name', 'email', 'phone', 'gender', 'birthDate', 'identityNumber'])('registration.%s is required', async (field) => {
      const w = world(harness());
      const body = orderBody(w.event);
      delete (body.registration as unknown as Record<string, unknown>)[field];
      const error = expectError(await w.postOrder(body), 400, 'VALIDATION_FAILED');
      expect(error.details?.map((d) => d.field)).toContain(`registration.${field}`);
    });

    it.each([
      ['name', () => 'A'],
      ['name', () => 'x'.repeat(100)],
      ['phone', () => '+12345678'],
      ['phone', () => '+123456789012345'],
      ['gender', () => 'male'],
      ['gender', () => 'female'],
      ['birthDate', () => '2000-02-29'],
      ['birthDate', yesterday],
      ['email', () => 'Mixed.Case+tag@Sub.Example.co.id'],
    ])('accepts registration.%s = %o', async (field, value) => {
      const w = world(harness());
      expectOk(await w.postOrder(orderBody(w.event, { registration: { [field]: value() } })), 201);
    });

    it.each([
      ['eventId', { eventId: undefined }],
      ['eventId', { eventId: 'not-a-ulid' }],
      ['ticketCategoryId', { ticketCategoryId: undefined }],
      ['ticketCategoryId', { ticketCategoryId: 42 }],
      ['registration', { registration: undefined }],
      ['registration', { registration: 'Budi' }],
    ])('body %s missing or mistyped', async (field, change) => {
      const w = world(harness());
      const error = expectError(await w.postOrder({ ...orderBody(w.event), ...change }), 400, 'VALIDATION_FAILED');
      expect(error.details?.map((d) => d.field)).toContain(field);
    });
  });

  describe('event and category', () => {
    it('answers 400 when body eventId is not the event in the path', async () => {
      const h = harness();
      const w = world(h);
      const other = importEvent(h.services, w.organizer.user);
      const body = { ...orderBody(w.event), eventId: other.id };
      const error = expectError(await w.postOrder(body), 400, 'VALIDATION_FAILED');
      expect(error.details).toEqual([{ field: 'eventId', message: expect.any(String) }]);
      const unknown = { ...orderBody(w.event), eventId: '01JZZZZZZZZZZZZZZZZZZZZZZZ' };
      expectError(await w.postOrder(unknown), 400, 'VALIDATION_FAILED');
    });

    it('answers 400 for a ticket category that is unknown or belongs to another event', async () => {
      const h = harness();
      const w = world(h);
      const other = importEvent(h.services, w.organizer.user);
      for (const ticketCategoryId of ['01JZZZZZZZZZZZZZZZZZZZZZZZ', other.tickets[0]!.id]) {
        const error = expectError(await w.postOrder(orderBody(w.event, { ticketCategoryId })), 400, 'VALIDATION_FAILED');
        expect(error.details?.map((d) => d.field)).toEqual(['ticketCategoryId']);
      }
    });

    it("reads the event in the group commit's transaction, not in one of its own", async () => {
      const h = harness();
      const w = world(h);
      const reads = await statementsDuring(h.services.database.sqlite, /"events"\."slug" = \?/, () => w.createOrder());
      expect(reads).toEqual([{ inTransaction: true }]);
    });

    it('answers 404 EVENT_NOT_FOUND for an unknown event id or slug', async () => {
      const w = world(harness());
      for (const idOrSlug of ['01JZZZZZZZZZZZZZZZZZZZZZZZ', 'no-such-slug']) {
        expectError(await w.postOrder(orderBody(w.event), { idOrSlug }), 404, 'EVENT_NOT_FOUND');
      }
    });
  });

  describe('409 conflicts', () => {
    it('refuses an identity number that already has an order for the event', async () => {
      const h = harness();
      const w = world(h);
      await w.createOrder();
      const { identityNumber } = registration({ identityNumber: '3171999900000001' });
      await w.createOrder({ registration: { identityNumber } });
      const error = expectError(await w.postOrder(orderBody(w.event, { registration: { identityNumber } })), 409, 'IDENTITY_NUMBER_REGISTERED');
      expect(error.details?.map((d) => d.field)).toEqual(['registration.identityNumber']);
      // The same person in another event is fine.
      const other = importEvent(h.services, w.organizer.user);
      expect((await w.createOrder({ registration: { identityNumber } }, other)).eventId).toBe(other.id);
    });

    it('allows the identity number again once its order is cancelled', async () => {
      const h = harness();
      const w = world(h);
      const identityNumber = '3171999900000002';
      const order = await w.createOrder({ registration: { identityNumber } });
      h.services.database.sqlite.prepare("update orders set status = 'cancelled' where id = ?").run(order.id);
      await w.createOrder({ registration: { identityNumber } });
    });

    it('refuses with SOLD_OUT once holds and sales use up the quota, per category', async () => {
      const h = harness();
      const now = h.clock();
      const w = world(h, { tickets: [ticketInput(now, { quota: 2 }), ticketInput(now, { quota: 3, sold: 3 })] });
      const [small, full] = w.event.tickets;
      await w.createOrder({ ticketCategoryId: small!.id });
      await w.createOrder({ ticketCategoryId: small!.id });
      expectError(await w.postOrder(orderBody(w.event, { ticketCategoryId: small!.id })), 409, 'SOLD_OUT');
      expectError(await w.postOrder(orderBody(w.event, { ticketCategoryId: full!.id })), 409, 'SOLD_OUT');
    });

    it('does not hold a seat for a refused order', async () => {
      const h = harness();
      const w = world(h, { tickets: [ticketInput(h.clock(), { quota: 2 })] });
      const identityNumber = '3171999900000003';
      await w.createOrder({ registration: { identityNumber } });
      expectError(await w.postOrder(orderBody(w.event, { registration: { identityNumber } })), 409, 'IDENTITY_NUMBER_REGISTERED');
      expectError(await w.postOrder(orderBody(w.event, { registration: { phone: 'bad' } })), 400, 'VALIDATION_FAILED');
      await w.createOrder();
      const tickets = expectOk(await h.request({ url: ticketsPath(w.event.id), key: w.organizer.key }));
      expect(tickets[0]).toMatchObject({ isSoldOut: true, sold: 0 });
    });

    it('never sells more than the quota to concurrent requests', async () => {
      const h = harness();
      const w = world(h, { tickets: [ticketInput(h.clock(), { quota: 5 })] });
      const replies = await Promise.all(Array.from({ length: 12 }, () => w.postOrder(orderBody(w.event))));
      const statuses = replies.map((r) => r.status).sort();
      expect(statuses).toEqual([...Array(5).fill(201), ...Array(7).fill(409)]);
      const listed = await h.request({ url: ordersPath(w.event.id), key: w.organizer.key });
      expect(listed.body.meta.total).toBe(5);
    });
  });
});
