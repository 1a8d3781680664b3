import type { z } from 'zod';

/** A list filter on one of a schema's values, "Semua" for none; each value shown by its label. */
export function EnumFilter<T extends string>({
  label,
  ariaLabel,
  schema,
  labels,
  value,
  onChange,
  className = 'inline',
}: {
  label: string;
  ariaLabel: string;
  schema: z.ZodEnum<{ [K in T]: K }>;
  labels: Record<T, string>;
  value: T | undefined;
  onChange: (value: T | undefined) => void;
  className?: string;
}) {
  return (
    <label className={className}>
      {label}
      <select aria-label={ariaLabel} value={value ?? ''} onChange={(e) => onChange(schema.optional().parse(e.target.value || undefined))}>
        <option value="">Semua</option>
        {schema.options.map((option) => (
          <option key={option} value={option}>
            {labels[option]}
          </option>
        ))}
      </select>
    </label>
  );
}
