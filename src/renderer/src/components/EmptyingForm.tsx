/**
 * A form of secrets (a password, a PIN) sent once and emptied: submitted through its mutation,
 * emptied when the service took it, the service's field errors at their fields, any other
 * refusal or the success said under it. The account's password and a supervisor's PIN use it.
 */
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { ApiError } from '../api/client';
import { serverErrorsTo } from '../form-errors';
import { Notice } from './Field';

export function EmptyingForm<T extends FieldValues>(props: {
  form: UseFormReturn<T>;
  mutation: UseMutationResult<unknown, Error, T>;
  empty: T;
  success: string;
  submit: string;
  children: ReactNode;
}) {
  const { form, mutation, empty } = props;
  return (
    <form
      className="form-grid three"
      noValidate
      onSubmit={form.handleSubmit((values) =>
        mutation.mutate(values, {
          onSuccess: () => form.reset(empty),
          onError: (error) => error instanceof ApiError && serverErrorsTo(form, error),
        }),
      )}
    >
      {props.children}
      <div className="actions span-3">
        {mutation.isSuccess && <Notice kind="success">{props.success}.</Notice>}
        {mutation.error && !(mutation.error instanceof ApiError && mutation.error.details.length > 0) && <Notice kind="error">{mutation.error.message}</Notice>}
        <button type="submit" className="primary" disabled={mutation.isPending}>
          {props.submit}
        </button>
      </div>
    </form>
  );
}
