/**
 * The customer display (extensions, docs/customer-display.md): a screen facing the customer
 * registers itself and shows a code; an operator pairs it with their counter by that code; the
 * counter then sends what the customer should see, and the display reads it with its own key.
 */
import { z } from 'zod';
import { envelope, Ulid } from '../schemas/common.js';
import { DisplayParams, DisplayRegistration, DisplayScreen, DisplayView, PairDisplayBody, PairedDisplay } from '../schemas/customer-display.js';
import { AUTH_ERRORS, BODY_ERRORS, endpoint } from './endpoint.js';

const display = { tags: ['customer-display'], extension: true } as const;
const counterSide = { ...display, access: 'user' } as const;
const Empty = z.strictObject({});

export const registerDisplay = endpoint({
  ...display,
  access: 'public',
  method: 'POST',
  path: '/customer-displays',
  summary: 'A customer display registers itself: its key, and the code an operator pairs it by',
  description:
    'No credentials: the display keeps the key (sent back in the X-Display-Key header) and shows the six-digit code, valid 10 minutes and renewed while the display asks for its screen. Of more than 50 displays waiting to be paired, the oldest is forgotten (it registers afresh).',
  body: Empty,
  status: 201,
  response: envelope(DisplayRegistration),
  errors: ['RATE_LIMITED', ...BODY_ERRORS],
});

export const getDisplayScreen = endpoint({
  ...display,
  access: 'public',
  method: 'GET',
  path: '/customer-displays/screen',
  summary: 'What a customer display shows now: its pairing code, or its counter\'s view',
  description:
    'Authenticated by the display\'s own key in the X-Display-Key header (401 UNAUTHENTICATED for a key not known: register afresh). Once paired: the counter\'s name and view, and while a QRIS or transfer payment is awaited, the QRIS code with the amount written in or the transfer instructions. Asked about every second.',
  status: 200,
  response: envelope(DisplayScreen),
  errors: ['UNAUTHENTICATED', 'RATE_LIMITED'],
});

export const pairDisplay = endpoint({
  ...counterSide,
  method: 'POST',
  path: '/customer-displays/pair',
  summary: "Pair the display showing this code with the caller's counter",
  description: 'For anyone who sells here. The display then shows what the caller\'s counter sends (PUT /customer-displays/view). 404 NOT_FOUND for a code no display shows now.',
  body: PairDisplayBody,
  status: 200,
  response: envelope(PairedDisplay),
  errors: ['FORBIDDEN', 'NOT_FOUND', ...BODY_ERRORS, ...AUTH_ERRORS],
});

export const showOnDisplay = endpoint({
  ...counterSide,
  method: 'PUT',
  path: '/customer-displays/view',
  summary: "What the caller's counter shows its customer now, on every display paired with it",
  description: 'For anyone who sells here. Names, categories and amounts only: the view has no field for an identity number, a phone or an e-mail, and refuses any it is not given a place for.',
  body: DisplayView,
  status: 200,
  response: envelope(DisplayView),
  errors: ['FORBIDDEN', ...BODY_ERRORS, ...AUTH_ERRORS],
});

export const listDisplays = endpoint({
  ...counterSide,
  method: 'GET',
  path: '/customer-displays',
  summary: "The displays paired with the caller's counter (for the counter's owner: every paired display)",
  status: 200,
  response: envelope(z.array(PairedDisplay)),
  errors: ['FORBIDDEN', ...AUTH_ERRORS],
});

export const unpairDisplay = endpoint({
  ...counterSide,
  method: 'DELETE',
  path: '/customer-displays/:displayId',
  summary: "Unpair one of the caller's displays (the counter's owner: any)",
  description: 'The service forgets the display\'s key: the display registers afresh and shows a new code.',
  params: DisplayParams,
  status: 200,
  response: envelope(z.object({ id: Ulid })),
  errors: ['FORBIDDEN', 'NOT_FOUND', ...BODY_ERRORS, ...AUTH_ERRORS],
});
