/** Whether the gate admits (Masuk) or lets out (Keluar, only where the event allows re-entry). */
import { store } from '../store';

export type Mode = 'entry' | 'exit';

export const mode = store<Mode>('entry');
