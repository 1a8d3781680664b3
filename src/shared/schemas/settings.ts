import { z } from 'zod';

const HoldWindowMinutes = z.number().int().min(1).max(24 * 60);
export const OfflineAllotmentPercent = z.number().int().min(0).max(100);
export const InvoiceLayout = z.enum(['a4', 'receipt']);
export type InvoiceLayout = z.infer<typeof InvoiceLayout>;

/** The counter's own settings (the settings store, shared by the service, the CLI and the UI). */
export const Settings = z.object({
  /** How long an unpaid order holds its seat before it expires. */
  holdWindowMinutes: HoldWindowMinutes.default(15),
  /** The invoice layout printed when none is asked for. */
  invoiceLayout: InvoiceLayout.default('a4'),
  /** Share of the seats the remote had left at the last pull that this counter may sell offline. */
  offlineAllotmentPercent: OfflineAllotmentPercent.default(25),
});
export type Settings = z.infer<typeof Settings>;

/** A change to some settings; the fields carry no defaults, so a missing one stays as it is. */
export const SettingsPatch = z.strictObject({
  holdWindowMinutes: HoldWindowMinutes,
  invoiceLayout: InvoiceLayout,
  offlineAllotmentPercent: OfflineAllotmentPercent,
}).partial();
export type SettingsPatch = z.infer<typeof SettingsPatch>;
