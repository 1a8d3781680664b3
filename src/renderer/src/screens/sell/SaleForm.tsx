/**
 * A walk-in sale's first step: category and the customer's registration, in the order of the
 * identity card (NIK, name, date of birth, gender), then phone and e-mail. Every rule is checked as
 * the operator types, by the server's own schema; what only the server knows (the NIK already
 * registered, the last seat taken meanwhile) comes back and is shown at its field.
 *
 * Several attendees paid once: "Tambah peserta" (Alt+A) puts the form's attendee in the basket and
 * starts the form again; Alt+S gives the next one the first one's phone and e-mail; Enter then pays
 * for them all (with the one in the form, if one is typed).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { checkIdentityNumber, registrationFromIdentityNumber } from '#shared/identity-number.js';
import { contract } from '#shared/contract/index.js';
import type { Event } from '#shared/schemas/event.js';
import type { CreateOrderBody, OrderCreated } from '#shared/schemas/order.js';
import type { Transaction } from '#shared/schemas/transaction.js';
import { feeFor } from '#shared/fees.js';
import { messages } from '#shared/messages.js';
import { toMinor } from '#shared/money.js';
import type { SyncStatus } from '#shared/schemas/sync.js';
import type { TicketCategory } from '#shared/schemas/ticket.js';
import { ApiError, api, once } from '../../api/client';
import { keys } from '../../api/hooks';
import { Field, Notice } from '../../components/Field';
import { serverErrorsTo } from '../../form-errors';
import { longDate } from '../../format';
import { Kbd, useShortcuts } from '../../keyboard';
import { BasketLines, type DraftLine } from './BasketLines';
import { CategoryPicker, whyNotOnSale } from './CategoryPicker';
import { EMPTY_REGISTRATION, RegistrationForm, bareIdentityNumber, toE164, toIsoDate, type RegistrationInput, type RegistrationOutput } from './registration-form';

export function SaleForm({
  event,
  tickets,
  status,
  categoryId,
  onCategory,
  onCreated,
  lines,
  onLines,
  onBasketCreated,
}: {
  event: Event;
  tickets: TicketCategory[];
  status: SyncStatus | undefined;
  categoryId: string | undefined;
  onCategory: (categoryId: string) => void;
  onCreated: (order: OrderCreated, customer: string) => void;
  /** The basket's attendees added so far (none for a single sale). */
  lines: DraftLine[];
  onLines: (lines: DraftLine[]) => void;
  onBasketCreated: (basket: Transaction) => void;
}) {
  const queries = useQueryClient();
  const offline = status?.state === 'offline';
  const offlineLeft = offline ? new Map(status.allotments.map((a) => [a.ticketCategoryId, a.left])) : undefined;
  // The first category on sale is chosen with the event, for real: a focused card that is not
  // checked looked chosen and was refused on submit.
  const firstOnSale = categoryId ?? tickets.find((ticket) => !whyNotOnSale(ticket, event, Date.now(), offlineLeft?.get(ticket.id)))?.id;
  const form = useForm<RegistrationInput, unknown, RegistrationOutput>({
    resolver: zodResolver(RegistrationForm),
    mode: 'onTouched',
    defaultValues: { ...EMPTY_REGISTRATION, ticketCategoryId: firstOnSale ?? '' },
  });
  const { errors } = form.formState;
  const [identityNumber, birthDate, gender, chosen, phone] = form.watch(['identityNumber', 'birthDate', 'gender', 'ticketCategoryId', 'phone']);
  useEffect(() => {
    if (chosen) onCategory(chosen);
  }, [chosen, onCategory]);

  // A whole NIK fills the date of birth and gender it encodes, where they are still empty: the
  // operator confirms them against the card, or corrects them (the cross-check below then warns).
  useEffect(() => {
    const encoded = registrationFromIdentityNumber(bareIdentityNumber(identityNumber ?? ''), new Date());
    if (!encoded) return;
    if (!form.getValues('birthDate')) form.setValue('birthDate', encoded.birthDate, { shouldValidate: true });
    if (!form.getValues('gender')) form.setValue('gender', encoded.gender, { shouldValidate: true });
  }, [identityNumber, form]);

  // The NIK cross-check warns; a second Enter with the same warning goes ahead anyway.
  const mismatches = checkIdentityNumber(bareIdentityNumber(identityNumber ?? ''), toIsoDate(birthDate ?? ''), gender ?? undefined);
  const signature = mismatches.map((m) => m.message).join('|');
  const [warned, setWarned] = useState('');

  // A basket line the service refused: marked in the list, the others kept.
  const [refusedLine, setRefusedLine] = useState<{ index: number; message: string }>();
  const basket = useMutation({
    mutationFn: (all: DraftLine[]) =>
      api(contract.createTransaction, { params: { idOrSlug: event.id }, body: { eventId: event.id, lines: all.map(({ ticketCategoryId, registration }) => ({ ticketCategoryId, registration })) } }, once()),
    onSuccess: onBasketCreated,
    onError: (error, all) => {
      if (!(error instanceof ApiError)) return;
      const index = Number(/^lines\.(\d+)\./.exec(error.details[0]?.field ?? '')?.[1] ?? -1);
      // The line still in the form is shown at its fields; one already in the list is marked there.
      if (index === all.length - 1 && all.length > lines.length) serverErrorsTo(form, error, (path) => path.replace(/^lines\.\d+\.(registration\.)?/, ''));
      else if (index >= 0) setRefusedLine({ index, message: error.details[0]!.message });
      void queries.invalidateQueries({ queryKey: keys.tickets(event.id) });
    },
  });

  /** The form's attendee as a basket line, or a field error when its NIK is already in the basket. */
  function draftOf({ ticketCategoryId, ...registration }: RegistrationOutput): DraftLine | undefined {
    if (lines.some((line) => line.registration.identityNumber === registration.identityNumber)) {
      form.setError('identityNumber', { type: 'basket', message: messages.identityNumberTwiceInBasket }, { shouldFocus: true });
      return undefined;
    }
    const category = tickets.find((ticket) => ticket.id === ticketCategoryId)!;
    return { ticketCategoryId, registration, categoryName: category.name, amount: amountOf(ticketCategoryId)! };
  }

  /** What the customer pays for a ticket of the category: its price, and the fee when the customer bears it. */
  function amountOf(ticketCategoryId: string): number | undefined {
    const category = tickets.find((ticket) => ticket.id === ticketCategoryId);
    if (!category) return undefined;
    const price = toMinor(category.price);
    return price + feeFor({ feeRateBp: event.feeRateBp ?? 0, feeFlat: toMinor(event.feeFlat ?? '0'), feeBearer: event.feeBearer }, price).chargedToCustomer;
  }
  // The attendee in the form is paid with the basket ("Bayar N peserta" counts it): so is the total.
  const inForm = lines.length > 0 && identityNumber ? amountOf(chosen) : undefined;

  /** Whether the operator goes ahead despite the NIK cross-check (asked once per warning). */
  function goesAhead(): boolean {
    if (!signature || warned === signature) return true;
    setWarned(signature);
    return false;
  }

  const create = useMutation({
    mutationFn: (body: CreateOrderBody) =>
      // A key per submission: a double press or a retried request makes one order, not two.
      api(contract.createOrder, { params: { idOrSlug: event.id }, body }, once()),
    onSuccess: (order, body) => onCreated(order, body.registration.name),
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      serverErrorsTo(form, error, (path) => path.replace(/^registration\./, ''));
      // Sold out or closed meanwhile: the cards must show it now.
      void queries.invalidateQueries({ queryKey: keys.tickets(event.id) });
    },
  });

  const sendForm = form.handleSubmit((values) => {
    if (!goesAhead()) return;
    if (lines.length === 0) {
      const { ticketCategoryId, ...registration } = values;
      return create.mutate({ eventId: event.id, ticketCategoryId, registration });
    }
    const line = draftOf(values);
    if (line) basket.mutate([...lines, line]);
  });
  // With attendees in the basket and nothing typed for another, Enter pays for those.
  const submit = (e?: React.BaseSyntheticEvent) => {
    const { identityNumber: nik, name } = form.getValues();
    if (lines.length > 0 && !nik && !name) {
      e?.preventDefault();
      return basket.mutate(lines);
    }
    return sendForm(e);
  };

  // While the sale or the basket is on its way the basket stays as sent: an attendee added or a
  // line removed meanwhile showed on screen, but the basket paid was the one sent.
  const sending = create.isPending || basket.isPending;
  const clear = () => {
    // Not while the sale or basket is on its way: resetting it forgot the request, not stopped it.
    if (sending) return;
    // The field being typed in is left first, while it still holds what was typed: left after the
    // reset, it was checked empty ("Alamat email tidak valid" on a form no one had typed in yet).
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    form.reset({ ...EMPTY_REGISTRATION, ticketCategoryId: chosen });
    create.reset();
    basket.reset();
    setWarned('');
    form.setFocus('identityNumber');
  };
  /** Adds the form's attendee to the basket and starts the form again for the next one, once the submit is over. */
  const addAttendee = async () => {
    let added = false;
    await form.handleSubmit((values) => {
      if (sending || !goesAhead()) return;
      const line = draftOf(values);
      if (!line) return;
      onLines([...lines, line]);
      setRefusedLine(undefined);
      added = true;
    })();
    if (!added) return;
    clear();
    // After the list has grown: the next attendee starts at the NIK.
    setTimeout(() => form.setFocus('identityNumber'));
  };
  /** The next attendee's phone and e-mail as the first one's: a family shares them. */
  const sameContact = () => {
    const first = lines[0]?.registration;
    if (!first) return;
    form.setValue('phone', first.phone, { shouldValidate: true });
    form.setValue('email', first.email, { shouldValidate: true });
  };
  const removeLine = (index: number) => {
    onLines(lines.filter((_, i) => i !== index));
    setRefusedLine(undefined);
  };
  useShortcuts({ Escape: clear, 'Alt+A': () => void addAttendee(), 'Alt+S': sameContact });
  // A new customer starts at the NIK; a first sale with no category on sale, at the categories. Decided once, when the form opens.
  const firstField = useRef<'identityNumber' | 'ticketCategoryId'>(firstOnSale ? 'identityNumber' : 'ticketCategoryId');
  useEffect(() => form.setFocus(firstField.current), [form]);

  const normalisedPhone = phone ? toE164(phone) : '';
  const isoBirthDate = birthDate ? toIsoDate(birthDate) : '';
  const refused = create.error ?? basket.error;
  const fieldRefusal = refused instanceof ApiError && refused.details.length > 0;

  return (
    <form className="sale" onSubmit={submit} noValidate aria-label="Data pembeli">
      <CategoryPicker
        event={event}
        tickets={tickets}
        selected={chosen}
        register={form.register('ticketCategoryId')}
        error={errors.ticketCategoryId?.message}
        offlineLeft={offlineLeft}
      />
      <div className="registration">
        <div className="form-grid">
          <Field label="NIK (16 digit)" error={errors.identityNumber?.message}>
            {(props) => <input {...props} inputMode="numeric" autoComplete="off" maxLength={19} {...form.register('identityNumber')} />}
          </Field>
          <Field label="Nama lengkap" error={errors.name?.message}>
            {(props) => <input {...props} autoComplete="off" {...form.register('name')} />}
          </Field>
          <Field
            label="Tanggal lahir"
            error={errors.birthDate?.message}
            hint={/^\d{4}-\d{2}-\d{2}$/.test(isoBirthDate) ? longDate(isoBirthDate) : 'DD-MM-YYYY, seperti di KTP'}
          >
            {(props) => <input {...props} placeholder="DD-MM-YYYY" autoComplete="off" {...form.register('birthDate')} />}
          </Field>
          <fieldset className={errors.gender ? 'field gender invalid' : 'field gender'}>
            <legend>Jenis kelamin</legend>
            <div className="radios">
              <label>
                <input type="radio" value="male" {...form.register('gender')} /> Laki-laki
              </label>
              <label>
                <input type="radio" value="female" {...form.register('gender')} /> Perempuan
              </label>
            </div>
            <div className="field-error" role={errors.gender ? 'alert' : undefined}>
              {errors.gender?.message}
            </div>
          </fieldset>
          <Field label="Nomor HP" error={errors.phone?.message} hint={normalisedPhone.startsWith('+') ? `Tersimpan sebagai ${normalisedPhone}` : 'Tanpa kode negara berarti +62'}>
            {(props) => <input {...props} type="tel" autoComplete="off" placeholder="0812 3456 7890" {...form.register('phone')} />}
          </Field>
          <Field label="Email" error={errors.email?.message}>
            {(props) => <input {...props} type="email" autoComplete="off" {...form.register('email')} />}
          </Field>
        </div>
        {mismatches.length > 0 && (
          <Notice kind="warning">
            <strong>Periksa NIK:</strong>
            <ul>
              {mismatches.map((m) => (
                <li key={m.field}>{m.message}</li>
              ))}
            </ul>
            {warned === signature ? 'Tekan Enter lagi untuk tetap melanjutkan bila data sudah sesuai KTP.' : 'Data tetap bisa disimpan setelah diperiksa.'}
          </Notice>
        )}
        {refused && (!fieldRefusal || refusedLine) && <Notice kind="error">{refused.message}</Notice>}
        <div className="actions">
          <button type="button" className="secondary" onClick={clear}>
            Kosongkan <Kbd keys="Esc" />
          </button>
          {lines.length > 0 && (
            <button type="button" className="secondary" onClick={sameContact}>
              HP &amp; email peserta 1 <Kbd keys="Alt+S" />
            </button>
          )}
          <button type="button" className="secondary" disabled={sending} onClick={() => void addAttendee()}>
            Tambah peserta <Kbd keys="Alt+A" />
          </button>
          <button type="submit" className="primary" disabled={sending}>
            {warned && warned === signature ? 'Tetap lanjut ke pembayaran' : lines.length > 0 ? `Bayar ${lines.length + (identityNumber ? 1 : 0)} peserta` : 'Lanjut ke pembayaran'}{' '}
            <Kbd keys="Enter" />
          </button>
        </div>
        <BasketLines lines={lines} inForm={inForm} refused={refusedLine} onRemove={removeLine} locked={sending} />
      </div>
    </form>
  );
}
